import './styles/app.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { toast } from './lib/toast';
import { persistStore } from 'redux-persist';
import { App } from './app/app';
import { Providers } from './app/providers';
import { routeForPath } from './app/route-table';
import { browserScreens, preloadAllScreens, preloadScreen } from './app/screens-browser';
import { makeStore, type PreloadedState } from './app/store';
import { SESSION_EXPIRED_MESSAGE } from './features/auth/use-session-timer';
import { preloadNavigation } from './features/layout/lazy-nav';
import { configureApi } from './lib/api';
import { preloadLazyParts } from './lib/lazy-screen';
import { forgetPersistedSession } from './lib/persistence';
import { clearSession } from './lib/session-actions';

/** The state the server rendered with: a JSON data element, not a script, so the page's policy needs no allowance for it (ssr/CONTRACT.md). */
function preloadedState(): PreloadedState | null {
  const text = document.getElementById('preloaded-state')?.textContent;
  return text ? (JSON.parse(text) as PreloadedState) : null;
}

async function start() {
  const preloaded = preloadedState();
  const store = makeStore(preloaded, { persist: true });
  configureApi({
    getToken: () => store.getState().auth.accessToken,
    // Clearing the token is enough: the protected route then redirects to /login.
    onTokenExpired: () => {
      if (!store.getState().auth.accessToken) return;
      store.dispatch(clearSession());
      toast.warn(SESSION_EXPIRED_MESSAGE, { toastId: 'session-expired' });
    },
  });
  // Signing out must not leave a token in storage even for the moment before
  // redux-persist's next (asynchronous) write: a reload could restore it.
  let token = store.getState().auth.accessToken;
  store.subscribe(() => {
    const next = store.getState().auth.accessToken;
    if (token && !next) forgetPersistedSession();
    token = next;
  });

  const container = document.getElementById('root') as HTMLElement;
  const route = routeForPath(window.location.pathname);
  // A protected page shows the navigation, which hydrates from its own chunk
  // after the page: asked for now, it is on its way while the page hydrates.
  const navigation = route?.protected ? preloadNavigation().catch(() => undefined) : Promise.resolve();
  // Load the current screen's chunk first (it is modulepreloaded): the first
  // render then never suspends, so hydration keeps the server's HTML.
  if (route) await preloadScreen(route.path).catch(() => undefined);
  // What the server rendered with, read once the screen has loaded: a
  // protected screen plugs the api in, with the server's answers (app/store.ts).
  const serverState = store.getState();

  const app = (
    <BrowserRouter>
      <App screens={browserScreens} />
    </BrowserRouter>
  );
  if (container.hasChildNodes()) {
    // In a transition, hydration yields to the browser every few
    // milliseconds instead of holding the main thread for the whole page
    // (a default-priority hydration is one task): a tap during it is
    // handled sooner, and a slow phone sees no long task.
    startTransition(() => {
      hydrateRoot(
        container,
        <Providers store={store} serverState={serverState}>
          {app}
        </Providers>,
      );
    });
    persistStore(store);
  } else {
    const persistor = persistStore(store);
    createRoot(container).render(
      <Providers store={store} persistor={persistor}>
        {app}
      </Providers>,
    );
  }

  // Once the page and its navigation are up, fetch the closed parts (menus,
  // customizer, toasts, forms) and the other screens quietly, for instant use
  // and navigation. Not sooner: a slow link's few connections would serve
  // them before the navigation's chunk.
  const afterHydration = () => {
    void navigation.then(() => {
      void preloadLazyParts();
      preloadAllScreens();
    });
  };
  const idle = (window as { requestIdleCallback?: (fn: () => void) => void }).requestIdleCallback;
  if (idle) idle(afterHydration);
  else setTimeout(afterHydration, 2000);
}

void start();
