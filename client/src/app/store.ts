import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, persistReducer, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { appointmentsReducer, initialAppointmentsState } from '../features/appointments/appointments-slice';
import { authReducer, initialAuthState } from '../features/auth/auth-slice';
import type { AuthState } from '../features/auth/types';
import { clientsReducer, initialClientsState } from '../features/clients/clients-slice';
import { initialPageState, pageReducer, type PageState } from '../features/dashboard/dashboard-slice';
import { layoutReducer, layoutStateFrom, readInitialLayout } from '../features/layout/layout-slice';
import type { ListState } from '../lib/list-slice';
import {
  localStorageAdapter,
  PERSIST_KEY,
  PERSIST_TIMEOUT_MS,
  serverWinsReconciler,
} from '../lib/persistence';

const rootReducer = combineReducers({
  auth: authReducer,
  clients: clientsReducer,
  appointments: appointmentsReducer,
  page: pageReducer,
  layout: layoutReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** Slices kept in `persist:root`; layout has its own key, page data is per request. */
export const PERSISTED_SLICES = ['auth', 'clients', 'appointments'] as const;

/** `window.__PRELOADED_STATE__` as the server writes it (ssr/CONTRACT.md); every part optional. */
export interface PreloadedState {
  auth?: Partial<AuthState> | null;
  clients?: Partial<ListState<RootState['clients']['list'][number]>> | null;
  appointments?: Partial<ListState<RootState['appointments']['list'][number]>> | null;
  page?: Partial<Pick<PageState, 'dashboard'>> | null;
  layout?: unknown;
}

/** The preloaded state completed with each slice's defaults (the server may omit fields). */
export function normalizePreloadedState(preloaded: PreloadedState | null | undefined): RootState {
  const p = preloaded ?? {};
  return {
    auth: { ...initialAuthState, ...(p.auth ?? {}), loading: false },
    clients: { ...initialClientsState, ...(p.clients ?? {}), loading: false },
    appointments: { ...initialAppointmentsState, ...(p.appointments ?? {}), loading: false },
    page: { ...initialPageState, ...(p.page ?? {}) },
    // The server renders with the layout cookie it received; starting from
    // the same settings keeps hydration exact. Otherwise the shell's reader.
    layout: p.layout ? layoutStateFrom(p.layout) : readInitialLayout(),
  };
}

export interface MakeStoreOptions {
  /** Browser only: persist auth, clients and appointments under `persist:root`. */
  persist?: boolean;
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
          stateReconciler: serverWinsReconciler<RootState>(serverKeys, preloadedState),
        },
        rootReducer,
      )
    : rootReducer;
  return configureStore({
    reducer: reducer as typeof rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
