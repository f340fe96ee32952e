import { Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';
import AppLayout from '../features/layout/app-layout';
import { FullPageSpinner } from '../components/spinner';
import { useAppSelector } from '../hooks/store';

/** Protected screens: a token is required, and they live inside the shell. */
export function ProtectedRoute() {
  const token = useAppSelector((s) => s.auth.accessToken);
  if (!token) return <Navigate to="/login" replace />;
  return (
    <AppLayout>
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
    </AppLayout>
  );
}
