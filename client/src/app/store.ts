import { combineReducers, configureStore, type Dispatch, type Middleware } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, persistReducer, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { agendaApi, type Agenda, type AgendaArgs } from '../features/appointments/agenda-api';
import { appointmentsReducer, initialAppointmentsState } from '../features/appointments/appointments-slice';
import { authReducer, initialAuthState } from '../features/auth/auth-slice';
import type { AuthState } from '../features/auth/types';
import { clientApi, FIRST_PAGE } from '../features/clients/clients-api';
import { clientsReducer, initialClientsState } from '../features/clients/clients-slice';
import type { ClientDetail, HistoryEntry } from '../features/clients/types';
import { dashboardApi } from '../features/dashboard/dashboard-api';
import type { Dashboard } from '../features/dashboard/types';
import { listRefreshMiddleware } from './list-refresh';
import { layoutReducer, layoutStateFrom, readInitialLayout } from '../features/layout/layout-slice';
import { reportsApi, summaryQuery } from '../features/reports/reports-api';
import type { ReportSummary } from '../features/reports/types';
import type { User } from '../features/users/types';
import { usersApi } from '../features/users/users-api';
import { api } from '../lib/api-slice';
import type { Appointment } from '../lib/appointment';
import type { ListState } from '../lib/list-slice';
import {
  localStorageAdapter,
  PERSIST_KEY,
  PERSIST_TIMEOUT_MS,
  serverWinsReconciler,
} from '../lib/persistence';
import { markServerRendered } from '../lib/server-rendered';
import { clearSession } from '../lib/session-actions';
import type { ListResponse } from '../lib/types';

const rootReducer = combineReducers({
  auth: authReducer,
  clients: clientsReducer,
  appointments: appointmentsReducer,
  layout: layoutReducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** Slices kept in `persist:root`; layout has its own key, the api cache is per visit. */
export const PERSISTED_SLICES = ['auth', 'clients', 'appointments'] as const;

/** `window.__PRELOADED_STATE__` as the server writes it (ssr/CONTRACT.md); every part optional. */
export interface PreloadedState {
  auth?: Partial<AuthState> | null;
  clients?: Partial<ListState<RootState['clients']['list'][number]>> | null;
  appointments?: Partial<ListState<RootState['appointments']['list'][number]>> | null;
  /** The screen's data besides the two lists; makeStore puts it in the api cache. */
  page?: {
    dashboard?: Dashboard | null;
    users?: ListResponse<User> | null;
    reports?: ReportSummary | null;
    /** The agenda's day or week, under the address's arguments. */
    agenda?: { args: AgendaArgs; data: Agenda } | null;
    /** `/clients/{id}`: the record, and the first page of its history and of its appointments on either side of `client.asOf`. */
    client?: ClientDetail | null;
    clientHistory?: ListResponse<HistoryEntry> | null;
    clientAppointments?: { upcoming?: ListResponse<Appointment> | null; past?: ListResponse<Appointment> | null } | null;
  } | null;
  layout?: unknown;
}

type SliceState = Omit<RootState, typeof api.reducerPath>;

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
  };
}

export interface MakeStoreOptions {
  /** Browser only: persist auth, clients and appointments under `persist:root`. */
  persist?: boolean;
}

/** Signing out (or an expired token) drops every cached answer too. */
const resetApiOnClearSession: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  if (clearSession.match(action)) store.dispatch(api.util.resetApiState());
  return result;
};

/**
 * The server's `page` data as api cache entries, under the exact arguments
 * the screens ask with, so their queries find it and neither the server
 * render nor hydration sends a request.
 */
function seedApiCache(store: { dispatch: Dispatch }, page: PreloadedState['page']) {
  if (page?.dashboard) store.dispatch(dashboardApi.util.upsertQueryEntries([{ endpointName: 'getDashboard', arg: undefined, value: page.dashboard }]));
  if (page?.users) store.dispatch(usersApi.util.upsertQueryEntries([{ endpointName: 'getUsers', arg: 1, value: page.users }]));
  if (page?.agenda) store.dispatch(agendaApi.util.upsertQueryEntries([{ endpointName: 'getAgenda', arg: page.agenda.args, value: page.agenda.data }]));
  if (page?.client) {
    const { id, asOf } = page.client;
    store.dispatch(clientApi.util.upsertQueryEntries([{ endpointName: 'getClient', arg: id, value: page.client }]));
    if (page.clientHistory) {
      store.dispatch(clientApi.util.upsertQueryEntries([{ endpointName: 'getClientHistory', arg: { id, ...FIRST_PAGE }, value: page.clientHistory }]));
    }
    for (const when of ['upcoming', 'past'] as const) {
      const value = page.clientAppointments?.[when];
      if (value) {
        store.dispatch(clientApi.util.upsertQueryEntries([{ endpointName: 'getClientAppointments', arg: { id, when, asOf, ...FIRST_PAGE }, value }]));
      }
    }
  }
  if (page?.reports) {
    store.dispatch(reportsApi.util.upsertQueryEntries([{ endpointName: 'getReportSummary', arg: summaryQuery(page.reports), value: page.reports }]));
  }
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
  const store = configureStore({
    reducer: reducer as typeof rootReducer,
    preloadedState: preloadedState as RootState,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(api.middleware, resetApiOnClearSession, listRefreshMiddleware()),
  });
  seedApiCache(store, preloaded?.page);
  markServerRendered(store, serverKeys);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
