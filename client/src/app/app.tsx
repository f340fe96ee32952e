import { Suspense, useCallback, useEffect, type ReactElement } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { LinkNavigation } from '../components/app-link';
import { IconSprite } from '../components/icons';
import { ToastContainer } from '../features/layout/lazy-parts';
import { FullPageSpinner } from '../components/spinner';
import { useSessionTimer } from '../features/auth/use-session-timer';
import { useMounted } from '../lib/use-mounted';
import { ProtectedRoute } from './protected-route';
import { documentTitle, loginReturningTo, NOT_FOUND_PATH, routeForPath } from './route-table';
import { ScreenReads } from './screen-reads';
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

/**
 * The routes of the app, the same tree on the server and in the browser.
 * Only the route the address shows is given to <Routes>, found in the route
 * table as the server finds it (routeForPath): react-router flattens, ranks
 * and compiles every route it is given on each render, about a sixth of the
 * server's render in QuickJS (bench/README.md, "Render less").
 */
export function App({ screens }: { screens: Screens }) {
  const route = routeForPath(useLocation().pathname);

  let shown: ReactElement;
  if (!route) shown = <Route path="/" element={<Navigate to="/login" replace />} />;
  else {
    const Screen = screens[route.path];
    const NotFound = screens[NOT_FOUND_PATH];
    const element = (
      <ScreenReads route={route} notFound={<NotFound />}>
        <Screen />
      </ScreenReads>
    );
    const screen = <Route path={route.path} element={element} />;
    shown = route.protected ? <Route element={<ProtectedRoute />}>{screen}</Route> : screen;
  }
  return (
    <LinkNavigation>
      <SessionTimer />
      <DocumentTitle />
      <Suspense fallback={<FullPageSpinner />}>
        <Routes>{shown}</Routes>
      </Suspense>
      {/* Last, so the server-rendered nodes keep their places; its chunk loads after hydration. */}
      <Toasts />
      {/* After every icon: the server's sprite holds the icons its page drew. */}
      <IconSprite />
    </LinkNavigation>
  );
}

/**
 * Toasts only ever appear in the browser: kept out of the server HTML, they
 * come in once mounted. A component of their own, so that mounting them
 * re-renders only this and not the whole page.
 */
function Toasts() {
  const mounted = useMounted();
  return mounted ? (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  ) : null;
}
