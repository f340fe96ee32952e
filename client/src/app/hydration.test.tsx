// @vitest-environment jsdom
// Server HTML of each route, hydrated the way entry-browser.tsx does it
// (lazy screens preloaded first): no mismatch, no suspense, DOM kept.
import { act, startTransition } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { BrowserRouter, StaticRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './app';
import { routeForPath } from './route-table';
import { browserScreens, preloadScreen } from './screens-browser';
import { serverScreens } from './screens-server';
import { makeStore, type PreloadedState } from './store';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const auth = { id: 1, name: 'Ana Admin', email: 'admin@example.com', role: 'admin' as const, accessToken: 'jwt', typeToken: 'Bearer', expiresIn: 3600, expiresAt: Date.now() + 3_600_000 };
const appointment = {
  id: 7, clientId: 1, clientName: 'Maria Souza', staffId: 1, staffName: 'Ana Admin', service: 'Corte',
  serviceId: null, serviceColor: null, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, seriesId: null, seriesPosition: null, seriesTotal: null,
  startsAt: '2026-11-21T14:30:00-03:00', endsAt: '2026-11-21T15:00:00-03:00', status: 'agendado' as const, nextStatuses: ['confirmado' as const, 'cancelado' as const],
  priceCents: 5000, notes: null, cancellationReason: null, channel: 'balcao' as const, version: 1, createdAt: '', updatedAt: '',
};
const meta = { page: 1, per_page: 10, total: 1, last_page: 1 };
const user = { id: 2, name: 'Bruno Staff', email: 'bruno@example.com', role: 'staff' as const, active: true, createdAt: '2026-11-01T10:00:00-03:00', updatedAt: '' };
const client = { id: 1, name: 'Maria Souza', email: 'maria@example.com', phone: '11987654321', document: null, birthDate: null, notes: null, archived: false, version: 2, createdAt: '2026-11-01T10:00:00-03:00', updatedAt: '2026-11-01T10:00:00-03:00' };
const totals = { visits: 1, noShows: 0, revenueCents: 5000 };
const history = { id: 1, entity: 'client', entityId: 1, action: 'update', userId: 1, userName: 'Ana Admin', actor: null, changes: { name: { old: 'Maria', new: 'Maria Souza' } }, abridged: [], createdAt: '2026-11-02T10:00:00-03:00' };
const byStatus = { agendado: 0, confirmado: 0, concluido: 1, cancelado: 0, faltou: 0 };
const report = {
  period: 'month',
  from: '2026-11-01', to: '2026-11-30', timeZone: 'America/Sao_Paulo', total: 1, byStatus,
  byDay: [{ date: '2026-11-21', total: 1, concluido: 1, cancelado: 0, faltou: 0, revenueCents: 5000 }],
  byStaff: [{ staffId: 1, staffName: 'Ana Admin', total: 1, concluido: 1, faltou: 0, cancelado: 0, revenueCents: 5000 }],
  byService: [{ service: 'Corte', total: 1, concluido: 1, cancelado: 0, faltou: 0, revenueCents: 5000 }],
  byChannel: [
    { channel: 'balcao' as const, total: 1, concluido: 1, cancelado: 0, faltou: 0, revenueCents: 5000 },
    { channel: 'internet' as const, total: 0, concluido: 0, cancelado: 0, faltou: 0, revenueCents: 0 },
  ],
  noShowRate: 0, cancellationRate: 0, revenueCents: 5000, newClients: 1, newClientsEstimated: false,
  reminders: {
    withReminder: { total: 0, concluido: 0, faltou: 0, noShowRate: 0 },
    withoutReminder: { total: 1, concluido: 1, faltou: 0, noShowRate: 0 },
  },
  recovered: { count: 0, revenueCents: 0 },
};

/** A day or week of the agenda holding the appointment, "now" inside the grid. */
const agenda = (view: 'day' | 'week', days: string[]) => ({
  view,
  date: '2026-11-21',
  today: '2026-11-21',
  now: '2026-11-21T11:15:00-03:00',
  days,
  startHour: 8,
  endHour: 20,
  staff: [{ id: 1, name: 'Ana Admin' }],
  appointments: [appointment],
  workingHours: days.map((day) => ({ staffId: 1, startsAt: `${day}T08:00:00-03:00`, endsAt: `${day}T18:00:00-03:00` })),
  timeOff: [],
});

/** An api cache entry of the state, as server/reads.rs writes it. */
const query = (endpoint: string, arg: Record<string, string | number>, value: unknown) => ({ endpoint, arg, value });
const asOf = '2026-11-21T11:15:00-03:00';
const week = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'];

/**
 * The state of a screen's page as server/reads.rs writes it: each read's
 * argument by its name, and the api cache entries of those that answered
 * (`value` absent: a read that failed, which the screen then loads itself).
 */
const page = (url: string, reads: [key: string, endpoint: string, arg: Record<string, string | number>, value?: unknown][], more: PreloadedState = {}): [string, PreloadedState] => {
  const answered = reads.filter((r) => r.length > 3);
  return [
    url,
    {
      auth,
      ...(answered.length ? { queries: answered.map(([, endpoint, arg, value]) => query(endpoint, arg, value)) } : {}),
      reads: { at: url, args: Object.fromEntries(reads.map(([key, , arg]) => [key, arg])) },
      ...more,
    },
  ];
};
const staff = [{ id: 1, name: 'Ana Admin' }];
const dashboard = {
  clientsTotal: 3, appointmentsToday: 1, appointmentsWeek: 2, revenueMonthCents: 5000, noShowsMonth: 1, newClientsMonth: 2, clientsTotalEstimated: false, newClientsMonthEstimated: false,
  todayByStaff: [{ staffId: 1, staffName: 'Ana Admin', appointments: [appointment] }], upcoming: [appointment], clientReplies: [], awaiting: [{ ...appointment, status: 'pendente' }],
};
const clientReads = (answered: boolean): [string, string, Record<string, string | number>, unknown?][] => {
  const reads: [string, string, Record<string, string | number>, unknown][] = [
    ['getClient', 'getClient', { id: 1 }, { ...client, asOf, totals }],
    ['getClientHistory', 'getClientHistory', { id: 1, page: 1 }, { data: [history], meta: { page: 1, per_page: 10, total: 11, last_page: 2 } }],
    ['upcoming', 'getClientAppointments', { client_id: 1, from: asOf, sort: 'startsAt', page: 1 }, { data: [appointment], meta }],
    ['past', 'getClientAppointments', { client_id: 1, to: asOf, sort: '-startsAt', page: 1 }, { data: [], meta: { ...meta, total: 0 } }],
    ['series', 'getClientSeries', { client_id: 1 }, []],
  ];
  return answered ? reads : [reads[0].slice(0, 3) as [string, string, Record<string, string | number>], reads[1].slice(0, 3) as [string, string, Record<string, string | number>]];
};

const cases: [string, PreloadedState][] = [
  ['/login', {}],
  ['/logout', {}],
  ['/nao-existe', {}],
  page('/dashboard', [['getDashboard', 'getDashboard', {}, dashboard]]),
  page('/clients/1', clientReads(true)),
  page('/clients/1', clientReads(false)),
  ['/clients?page=1', { auth, clients: { list: [{ id: 1, name: 'Maria Souza', email: null, phone: null, document: null, birthDate: null, notes: null, archived: false, version: 1, anonymisedAt: null, onlineSignup: false, createdAt: '', updatedAt: '' }], meta, loading: false, error: null } }],
  page('/appointments?view=list', [['today', 'getAgenda', {}, agenda('day', ['2026-11-21'])], ['getStaff', 'getStaff', {}, staff]], { appointments: { list: [appointment], meta, loading: false, error: null } }),
  page('/appointments?date=2026-11-21', [['getAgenda', 'getAgenda', { date: '2026-11-21' }, agenda('day', ['2026-11-21'])], ['getStaff', 'getStaff', {}, staff]]),
  page('/appointments?view=week&date=2026-11-21', [['getAgenda', 'getAgenda', { view: 'week', date: '2026-11-21' }, agenda('week', week)], ['getStaff', 'getStaff', {}, staff]]),
  page('/reports', [['getReportSummary', 'getReportSummary', {}]]),
  page('/reports', [['getReportSummary', 'getReportSummary', {}, report]]),
  page('/reports?from=2026-11-01&to=2026-11-30', [['getReportSummary', 'getReportSummary', { from: '2026-11-01', to: '2026-11-30' }, { ...report, period: null }]]),
  page('/users', [['getUsers', 'getUsers', { page: 1 }]]),
  page('/users', [['getUsers', 'getUsers', { page: 1 }, { data: [user], meta }]]),
  page('/auth/profile', [['getMe', 'getMe', {}], ['getCalendarFeed', 'getCalendarFeed', {}]]),
];

/** True when the state seeds `endpoint`. */
const seeds = (state: PreloadedState, endpoint: string) => !!state.queries?.some((q) => q.endpoint === endpoint);

/** The hydrated root, unmounted after each case: its effects' timers (the side menu's scroll) then end with it. */
let root: Root | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('hydration of server HTML', () => {
  it.each(cases)('%s hydrates without mismatch (%#)', async (url, state) => {
    // Screens without preloaded data fetch after mount; keep that off the network.
    const fetchSpy = vi.fn(() => new Promise(() => {}));
    vi.stubGlobal('fetch', fetchSpy);
    const html = renderToString(
      <Provider store={makeStore(state)}>
        <StaticRouter location={url}>
          <App screens={serverScreens} />
        </StaticRouter>
      </Provider>,
    );
    expect(html).not.toContain('full-page-spinner');
    const container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = html;
    document.body.appendChild(container);
    const first = container.firstElementChild;
    window.history.replaceState(null, '', url);

    const store = makeStore(state);
    const route = routeForPath(window.location.pathname);
    if (route) await preloadScreen(route.path);
    // In the browser the screen's chunk arrives from the network: timers run
    // before hydration, and the seeded cache must still be there.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const errors: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => {
      // jsdom lacks some layout APIs (e.g. getComputedStyle with pseudo-elements); not a React error.
      if (!String(args[0]).includes('Not implemented')) errors.push(args);
    });
    await act(async () => {
      startTransition(() => {
        root = hydrateRoot(
          container,
          <Provider store={store} serverState={store.getState()}>
            <BrowserRouter>
              <App screens={browserScreens} />
            </BrowserRouter>
          </Provider>,
          { onRecoverableError: (error) => errors.push(error) },
        );
      });
    });
    consoleError.mockRestore();
    expect(errors).toEqual([]);
    expect(container.firstElementChild).toBe(first);
    expect(container.querySelector('[data-testid=full-page-spinner]')).toBeNull();
    // The server's data is on screen already: no refetch on the first render.
    if (state.clients || state.appointments || state.queries) expect(fetchSpy).not.toHaveBeenCalled();
    // The server rendered the screen with that data, not a loading line.
    if (seeds(state, 'getUsers')) expect(html).toContain('Bruno Staff');
    if (seeds(state, 'getReportSummary')) expect(html).toContain('Por profissional');
    if (seeds(state, 'getReportSummary')) expect(html).toContain('<svg role="img" aria-label="Agendamentos por dia');
    if (seeds(state, 'getReportSummary')) expect(html).toContain('<svg role="img" aria-label="Receita por serviço');
    if (seeds(state, 'getClient')) expect(html).toContain('Maria<!-- --> → <!-- -->Maria Souza');
    // The history's first page, with its pages (the second one fetched only when asked for).
    if (seeds(state, 'getClientHistory')) expect(html).toMatch(/11 alterações · página 1 de 2/);
    // Both lists of appointments: the upcoming one's row is drawn.
    if (seeds(state, 'getClientAppointments')) expect(html).toContain('Corte');
    if (seeds(state, 'getDashboard')) expect(html).toContain('Agenda de hoje');
  });
});
