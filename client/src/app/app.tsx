import { Suspense, useCallback, useEffect, useMemo, type ReactElement } from 'react';
import { matchPath, Navigate, useLocation, useNavigate } from 'react-router';
import { LinkNavigation } from '../components/app-link';
import { IconSprite } from '../components/icon-sprite';
import { ToastContainer } from '../features/layout/lazy-parts';
import { FullPageSpinner } from '../components/spinner';
import { useSessionTimer } from '../features/auth/use-session-timer';
import { useMounted } from '../lib/use-mounted';
import { ProtectedRoute } from './protected-route';
import { documentTitle, loginReturningTo, NOT_FOUND_PATH, routeForPath, RouteParams } from './route-table';
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
 * The route the address shows is found in the route table as the server
 * finds it (routeForPath) and rendered as it is, its parameters given by
 * RouteParams: react-router's <Routes> flattens, ranks and compiles the
 * routes it is given and matches them again on each render, about a
 * twentieth of the server's render in QuickJS (bench/README.md, "Render
 * less").
 */
export function App({ screens }: { screens: Screens }) {
  const { pathname } = useLocation();
  const route = routeForPath(pathname);
  const params = useMemo(() => (route?.path.includes(':') ? (matchPath(route.path, pathname)?.params ?? {}) : NO_PARAMS), [route, pathname]);

  let shown: ReactElement;
  if (!route) shown = <Navigate to="/login" replace />;
  else {
    const Screen = screens[route.path];
    const NotFound = screens[NOT_FOUND_PATH];
    const element = (
      <ScreenReads route={route} notFound={<NotFound />}>
        <Screen />
      </ScreenReads>
    );
    shown = route.protected ? <ProtectedRoute>{element}</ProtectedRoute> : element;
  }
  return (
    <LinkNavigation>
      <SessionTimer />
      <DocumentTitle />
      <Suspense fallback={<FullPageSpinner />}>
        <RouteParams.Provider value={params}>{shown}</RouteParams.Provider>
      </Suspense>
      {/* Last, so the server-rendered nodes keep their places; its chunk loads after hydration. */}
      <Toasts />
      {/* After every icon: the server's sprite holds the icons its page drew. */}
      <IconSprite />
    </LinkNavigation>
  );
}

const NO_PARAMS = {};

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
