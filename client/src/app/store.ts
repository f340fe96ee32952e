import { combineSlices, configureStore, createDynamicMiddleware, type Middleware } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, persistReducer, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { appointmentsReducer, initialAppointmentsState } from '../features/appointments/appointments-slice';
import { authReducer, initialAuthState } from '../features/auth/auth-slice';
import type { AuthState } from '../features/auth/types';
import { clientsReducer, initialClientsState } from '../features/clients/clients-slice';
import { listRefreshMiddleware } from './list-refresh';
import { layoutReducer, layoutStateFrom, readInitialLayout } from '../features/layout/layout-slice';
import type { api } from '../lib/api-slice';
import type { ListState } from '../lib/list-slice';
import {
  localStorageAdapter,
  PERSIST_KEY,
  PERSIST_TIMEOUT_MS,
  serverWinsReconciler,
} from '../lib/persistence';
import { initialReadsState, readsLoaded, readsReducer, type CachedRead, type ReadsState, type ScreenReads } from '../lib/route-reads';
import { markServerRendered } from '../lib/server-rendered';
import { clearSession } from '../lib/session-actions';

type Api = typeof api;

/**
 * The api (lib/api-slice.ts, RTK Query) is not part of the JavaScript a page
 * hydrates with until it needs it: app/endpoints.ts, loaded with every
 * screen that needs it and by the server, plugs it in (plugInApi), and its
 * reducer and middleware join the store then.
 */
const rootReducer = combineSlices({
  auth: authReducer,
  clients: clientsReducer,
  appointments: appointmentsReducer,
  layout: layoutReducer,
  reads: readsReducer,
}).withLazyLoadedSlices<{ api: ReturnType<Api['reducer']> }>();

export type RootState = ReturnType<typeof rootReducer>;

/** Slices kept in `persist:root`; layout has its own key, the api cache is per visit. */
export const PERSISTED_SLICES = ['auth', 'clients', 'appointments'] as const;

/** The page's `<script type="application/json" id="preloaded-state">` as the server writes it (ssr/CONTRACT.md); every part optional. */
export interface PreloadedState {
  auth?: Partial<AuthState> | null;
  clients?: Partial<ListState<RootState['clients']['list'][number]>> | null;
  appointments?: Partial<ListState<RootState['appointments']['list'][number]>> | null;
  /** The screen's reads (routes.json) as api cache entries: the argument its query asks with, and the answer. */
  queries?: CachedRead[] | null;
  /** The address those reads are of, and each read's argument by its name. */
  reads?: ReadsState | null;
  layout?: unknown;
}

type SliceState = Omit<RootState, 'api'>;

/** The preloaded state completed with each slice's defaults (the server may omit fields). */
export function normalizePreloadedState(preloaded: PreloadedState | null | undefined): SliceState {
  const p = preloaded ?? {};
  return {
    auth: { ...initialAuthState, ...(p.auth ?? {}), loading: false },
    clients: { ...initialClientsState, ...(p.clients ?? {}), loading: false },
    appointments: { ...initialAppointmentsState, ...(p.appointments ?? {}), loading: false },
    // The server renders with the layout cookie it received; starting from
    // the same settings keeps hydration exact. Otherwise the shell's reader.
    layout: p.layout ? layoutStateFrom(p.layout) : readInitialLayout(),
    reads: p.reads ?? initialReadsState,
  };
}

export interface MakeStoreOptions {
  /** Browser only: persist auth, clients and appointments under `persist:root`. */
  persist?: boolean;
}

/** Signing out (or an expired token) drops every cached answer too. */
const resetApiOnClearSession =
  (api: Api): Middleware =>
  (store) =>
  (next) =>
  (action) => {
    const result = next(action);
    if (clearSession.match(action)) store.dispatch(api.util.resetApiState());
    return result;
  };

/** The api once its code has loaded, and the stores made before that, waiting for it. */
let loadedApi: Api | null = null;
const waitingForApi: ((api: Api) => void)[] = [];

/** Called once by app/endpoints.ts, after every feature has defined its endpoints. */
export function plugInApi(api: Api): void {
  if (loadedApi) return;
  loadedApi = api;
  rootReducer.inject(api);
  for (const attach of waitingForApi.splice(0)) attach(api);
}

export function makeStore(preloaded?: PreloadedState | null, options: MakeStoreOptions = {}) {
  const preloadedState = normalizePreloadedState(preloaded);
  const serverKeys = PERSISTED_SLICES.filter((key) => preloaded?.[key]);
  const reducer = options.persist
    ? persistReducer<RootState>(
        {
          key: PERSIST_KEY,
          storage: localStorageAdapter,
          whitelist: [...PERSISTED_SLICES],
          timeout: PERSIST_TIMEOUT_MS,
          stateReconciler: serverWinsReconciler<RootState>(serverKeys, preloadedState as RootState),
        },
        rootReducer,
      )
    : rootReducer;
  // Per store: one instance keeps every store it served (a store per server render).
  const apiMiddleware = createDynamicMiddleware();
  const store = configureStore({
    reducer: reducer as typeof rootReducer,
    preloadedState: preloadedState as RootState,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(apiMiddleware.middleware, listRefreshMiddleware()),
  });
  markServerRendered(store, serverKeys);
  // The server's answers to the screen's reads as api cache entries, under
  // the arguments the screen asks with (lib/route-reads.ts), so its queries
  // find them and neither the server render nor hydration sends a request.
  // Dispatched even when empty: the api's state exists from then on.
  const attachApi = (api: Api) => {
    apiMiddleware.addMiddleware(api.middleware, resetApiOnClearSession(api));
    store.dispatch(api.util.upsertQueryEntries(cacheEntries(preloaded?.queries)));
  };
  if (loadedApi) attachApi(loadedApi);
  else waitingForApi.push(attachApi);
  return store;
}

/** The server's answers as RTK Query's cache entries. */
function cacheEntries(queries: CachedRead[] | null | undefined) {
  const entries = (queries ?? []).map(({ endpoint, arg, value }) => ({ endpointName: endpoint, arg, value }));
  // The endpoints are injected by their features: the base api's types do not name them.
  return entries as never;
}

/**
 * An in-app navigation's reads (`GET /api/reads`), seeded as the first
 * paint's are: the answers first, then the arguments, so a screen that
 * gets its arguments finds its data.
 */
export function seedScreenReads(store: AppStore, at: string, reads: ScreenReads): void {
  const seed = (api: Api) => {
    store.dispatch(api.util.upsertQueryEntries(cacheEntries(reads.queries)));
    store.dispatch(readsLoaded({ at, args: reads.args }));
  };
  if (loadedApi) seed(loadedApi);
  else waitingForApi.push(seed);
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
