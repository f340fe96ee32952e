import { Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import AppLayout from '../features/layout/app-layout';
import { ForbiddenPage } from '../features/errors/forbidden';
import { FullPageSpinner } from '../components/spinner';
import { useAppSelector } from '../hooks/store';
import { keepDraftsOf } from '../hooks/use-draft';
import { useLiveEvents } from './live-events';
import { loginReturningTo, routeForPath } from './route-table';

/**
 * Protected screens: a token is required, and they live inside the shell. A
 * screen whose `roles` (routes.json) leave the user's role out shows the
 * "Acesso negado" screen instead, as the server does with status 403.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const token = useAppSelector((s) => s.auth.accessToken);
  const role = useAppSelector((s) => s.auth.role);
  const userId = useAppSelector((s) => s.auth.id);
  const { pathname, search } = useLocation();
  useLiveEvents(token);
  // Whoever signed in: another user's drafts (left by an expired session) go.
  useEffect(() => {
    if (token && userId != null) keepDraftsOf(userId);
  }, [token, userId]);
  // The same element on every render: while its chunk loads, an update
  // would make React drop the server's HTML there (forbidden.ts).
  const forbidden = useMemo(
    () => (
      <Suspense fallback={null}>
        <ForbiddenPage />
      </Suspense>
    ),
    [],
  );
  // Signing in again comes back here (an expired session keeps its place).
  if (!token) return <Navigate to={loginReturningTo(pathname + search)} replace />;
  const roles = routeForPath(pathname)?.roles;
  const allowed = !roles || (role !== null && role !== undefined && roles.includes(role));
  return (
    <AppLayout>
      <Suspense fallback={<FullPageSpinner />}>{allowed ? children : forbidden}</Suspense>
    </AppLayout>
  );
}
