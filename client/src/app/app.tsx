import { Suspense, useCallback, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { ToastContainer } from '../features/layout/lazy-parts';
import { FullPageSpinner } from '../components/spinner';
import { useSessionTimer } from '../features/auth/use-session-timer';
import { useMounted } from '../lib/use-mounted';
import { ProtectedRoute } from './protected-route';
import { documentTitle, loginReturningTo, NOT_FOUND_PATH, ROUTES } from './route-table';
import type { Screens } from './screens';

function SessionTimer() {
  const navigate = useNavigate();
  const toLogin = useCallback(
    () => navigate(loginReturningTo(window.location.pathname + window.location.search), { replace: true }),
    [navigate],
  );
  useSessionTimer(toLogin);
  return null;
}

/** Keeps the tab title in step on in-app navigation (the server sets it on full loads). */
function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);
  return null;
}

/** The routes of the app, the same tree on the server and in the browser. */
export function App({ screens }: { screens: Screens }) {
  // Toasts only ever appear in the browser: keep them out of the server HTML.
  const mounted = useMounted();

  const routes = ROUTES.filter((r) => r.path !== NOT_FOUND_PATH);
  const publicRoutes = routes.filter((r) => !r.protected);
  const protectedRoutes = routes.filter((r) => r.protected);
  const NotFound = screens[NOT_FOUND_PATH];
  return (
    <>
      <SessionTimer />
      <DocumentTitle />
      <Suspense fallback={<FullPageSpinner />}>
        <Routes>
          <Route path="/" element={<Navigate to="/login" replace />} />
          {publicRoutes.map(({ path }) => {
            const Screen = screens[path];
            return <Route key={path} path={path} element={<Screen />} />;
          })}
          <Route element={<ProtectedRoute />}>
            {protectedRoutes.map(({ path }) => {
              const Screen = screens[path];
              return <Route key={path} path={path} element={<Screen />} />;
            })}
          </Route>
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
      {/* Last, so the server-rendered nodes keep their places; its chunk loads after hydration. */}
      {mounted ? (
        <Suspense fallback={null}>
          <ToastContainer />
        </Suspense>
      ) : null}
    </>
  );
}
