// Sample states for the build's critical CSS (critical-css.mjs): each route
// rendered with data in every shape its first paint can show (rows of each
// status, several pages, the agenda's day, week and list views, empty
// lists), in both orientations. The shapes are those the server preloads
// (server/pages.rs, ssr/CONTRACT.md); critical-states.test.ts checks that
// every route's samples draw its data, not a spinner, so the critical CSS
// covers the real first paint.

const layout = (orientation) => ({
  skin: 'modern',
  theme: 'light',
  monochrome: false,
  orientation,
  sidenav: { size: 'default', color: 'gradient', user: true, isMobileMenuOpen: false },
  topBar: { color: 'gradient' },
  position: 'fixed',
  width: 'fluid',
});

const auth = {
  id: 1,
  name: 'Ana Admin',
  email: 'admin@example.com',
  role: 'admin',
  accessToken: 'token',
  typeToken: 'Bearer',
  expiresIn: 3600,
  expiresAt: 4102444800000,
  loading: false,
  error: null,
};
const at = '2026-11-01T10:00:00-03:00';
const client = (id) => ({
  id,
  name: `Cliente ${id}`,
  email: `cliente${id}@example.com`,
  phone: '(11) 98765-4321',
  document: '123.456.789-09',
  birthDate: '1990-01-01',
  notes: 'Observação',
  archived: false,
  version: 1,
  createdAt: at,
  updatedAt: at,
});
const STATUSES = ['agendado', 'confirmado', 'concluido', 'cancelado', 'faltou'];
const appointment = (id) => ({
  id,
  clientId: 1,
  clientName: 'Cliente 1',
  staffId: 1,
  staffName: 'Ana Admin',
  service: 'Corte de cabelo',
  serviceId: id % 2 ? 1 : null,
  serviceColor: id % 2 ? 'purple' : null,
  startsAt: `2026-11-21T${String(8 + (id % 10)).padStart(2, '0')}:30:00-03:00`,
  endsAt: `2026-11-21T${String(9 + (id % 10)).padStart(2, '0')}:30:00-03:00`,
  status: STATUSES[id % STATUSES.length],
  // The list's status actions (outline primary and danger buttons): the
  // list view opens on today's, which still have them.
  nextStatuses: { agendado: ['confirmado', 'concluido', 'cancelado', 'faltou'], confirmado: ['concluido', 'cancelado', 'faltou'] }[STATUSES[id % STATUSES.length]] ?? [],
  priceCents: 12345,
  notes: null,
  cancellationReason: null,
  version: 1,
  createdAt: at,
  updatedAt: at,
});
const meta = { page: 2, per_page: 10, total: 95, last_page: 10 };
const range = (n) => Array.from({ length: n }, (_, i) => i + 1);
const user = (id) => ({ id, name: `Pessoa ${id}`, email: `p${id}@example.com`, role: id === 1 ? 'admin' : 'staff', active: id !== 3, createdAt: at, updatedAt: at });

const staff = [
  { id: 1, name: 'Ana Admin' },
  { id: 2, name: 'Bruno Lima' },
];
const agenda = (view, days) => ({
  view,
  date: days[0],
  today: '2026-11-21',
  now: '2026-11-21T11:00:00-03:00',
  days,
  startHour: 8,
  endHour: 20,
  staff,
  appointments: range(10).map(appointment),
  // The rules the grid shades (services/agenda.rs): each member's hours, a time off and a holiday.
  workingHours: days.flatMap((d) => staff.map((s) => ({ staffId: s.id, startsAt: `${d}T08:00:00-03:00`, endsAt: `${d}T18:00:00-03:00` }))),
  timeOff: [
    { id: 1, staffId: 2, startsAt: `${days[0]}T14:00:00-03:00`, endsAt: `${days[0]}T16:00:00-03:00`, reason: 'Congresso', createdAt: at },
    { id: 2, staffId: null, startsAt: `${days[days.length - 1]}T00:00:00-03:00`, endsAt: `${days[days.length - 1]}T23:59:00-03:00`, reason: 'Feriado municipal', createdAt: at },
  ],
});
const week = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'];
const day = (date, i) => ({ date, total: i, concluido: i % 3, cancelado: i % 2, faltou: i % 4 === 0 ? 1 : 0, revenueCents: i * 1000 });

/**
 * An api cache entry of a page's state (server/reads.rs): the argument the
 * screen asks with (routes.json's reads), and the answer; `key`, the read's
 * name, goes into the state's `reads.args` (`withReads`).
 */
const q = (endpoint, arg, value, key = endpoint) => ({ endpoint, arg, value, key });

/** The state with its `reads`, as the server sends them: each read's argument by its name, for the address. */
function withReads({ url, state }) {
  if (!state.queries?.length) return { url, state };
  const args = Object.fromEntries(state.queries.map(({ key, arg }) => [key, arg]));
  return { url, state: { ...state, queries: state.queries.map(({ endpoint, arg, value }) => ({ endpoint, arg, value })), reads: { at: url, args } } };
}
const clientRecord = { ...client(1), asOf: at, totals: { visits: 5, noShows: 1, revenueCents: 61725 } };
/** The record page's reads: the record, its history, its upcoming and past appointments, and (an admin's) who read it. */
const clientReads = (record, history, upcoming, past, accesses = none) => [
  q('getClient', { id: 1 }, record),
  q('getClientHistory', { id: 1, page: 1 }, history),
  q('getClientAppointments', { client_id: 1, from: at, sort: 'startsAt', page: 1 }, upcoming, 'upcoming'),
  q('getClientAppointments', { client_id: 1, to: at, sort: '-startsAt', page: 1 }, past, 'past'),
  q('getClientAccesses', { id: 1, page: 1 }, accesses),
];
const READ_KINDS = ['record', 'history', 'export'];
const access = (id) => ({ id, userId: 1, userName: 'Ana Admin', what: READ_KINDS[id % READ_KINDS.length], address: '203.0.113.7', at });
const dashboard = {
  clientsTotal: 1234,
  appointmentsToday: 3,
  appointmentsWeek: 9,
  revenueMonthCents: 123450,
  noShowsMonth: 2,
  newClientsMonth: 12,
  todayByStaff: staff.map((s) => ({ staffId: s.id, staffName: s.name, appointments: range(3).map(appointment) })),
  upcoming: range(5).map(appointment),
  clientReplies: [
    { reply: 'cancelou', at, appointment: { ...appointment(4), status: 'cancelado' } },
    { reply: 'confirmou', at, appointment: { ...appointment(2), status: 'confirmado' } },
  ],
  awaiting: [{ ...appointment(3), status: 'pendente', channel: 'internet' }],
};
const none = { data: [], meta: { page: 1, per_page: 10, total: 0, last_page: 1 } };
const COLORS = ['blue', 'indigo', 'purple', 'pink', 'red', 'orange', 'yellow', 'green', 'teal', 'cyan'];
const service = (id) => ({
  id,
  name: `Serviço ${id}`,
  durationMinutes: 30 * id,
  priceCents: 5000 * id,
  color: COLORS[id % COLORS.length],
  bufferBeforeMinutes: id % 2 ? 0 : 10,
  bufferAfterMinutes: 15,
  staffIds: id % 2 ? [] : [1, 2],
  active: id !== 3,
  version: 1,
  createdAt: at,
  updatedAt: at,
});
/** A week of hours: mornings and afternoons on weekdays, Saturday morning. */
const hours = (usesDefault) => ({
  usesDefault,
  weekly: [1, 2, 3, 4, 5].flatMap((weekday) => [
    { weekday, start: '08:00', end: '12:00' },
    { weekday, start: '13:00', end: '18:00' },
  ]).concat([{ weekday: 6, start: '08:00', end: '12:00' }]),
});
const timeOff = (id, staffId) => ({
  id,
  staffId,
  staffName: staffId ? 'Bruno Lima' : null,
  startsAt: `2026-12-${String(20 + id).padStart(2, '0')}T00:00:00-03:00`,
  endsAt: `2026-12-${String(22 + id).padStart(2, '0')}T00:00:00-03:00`,
  reason: staffId ? 'Congresso' : 'Recesso de fim de ano',
  createdAt: at,
});
const timeOffPage = (staffId) => ({ data: range(2).map((i) => timeOff(i, staffId)), meta: { page: 1, per_page: 10, total: 2, last_page: 1 } });

/** A row of the reminders screen: a phone that takes WhatsApp, a landline, none; one reminder sent. */
const reminderRow = (i) => ({
  appointmentId: i,
  startsAt: `2026-11-23T${String(8 + i).padStart(2, '0')}:00:00-03:00`,
  endsAt: `2026-11-23T${String(8 + i).padStart(2, '0')}:30:00-03:00`,
  clientId: i,
  clientName: `Cliente ${i}`,
  phone: [null, '11987654321', '1133334444', '11912345678'][i % 4],
  phoneProblem: [null, null, 'Telefone fixo: o WhatsApp precisa de um celular.', null][i % 4] ?? (i % 4 === 0 ? 'Sem telefone cadastrado.' : null),
  email: i % 2 ? `cliente${i}@example.com` : null,
  staffName: 'Ana Admin',
  service: 'Corte',
  status: i === 3 ? 'confirmado' : 'agendado',
  whatsappUrl: i % 4 === 1 || i % 4 === 3 ? 'https://wa.me/5511987654321?text=Ol%C3%A1' : null,
  link: 'http://localhost/c/AAAAAQEAAAAAawgJsAxDJ21tOin0q3xjlhxlsdQ',
  whatsappSentAt: i === 3 ? '2026-11-22T10:00:00-03:00' : null,
  whatsappSentBy: i === 3 ? 'Ana Admin' : null,
  emailState: 'off',
  emailSentAt: null,
  emailError: null,
  clientResponse: i === 3 ? 'confirmou' : null,
});
const reminderSettings = {
  template: 'Olá, {cliente}! Lembramos do seu horário de {servico} com {profissional} em {data} às {hora}. Para confirmar ou cancelar, use este link: {link}',
  hoursBefore: 24,
  businessName: 'Expediente',
  emailEnabled: false,
  placeholders: ['{cliente}', '{data}', '{hora}', '{profissional}', '{servico}', '{link}'],
};

/** The states of one route path ("*": not found): `[{ url, state }]`. */
export function sampleRenders(routePath) {
  const url = { '*': '/nao-existe', '/clients/:id': '/clients/1', '/users/:id': '/users/2' }[routePath] ?? routePath;
  const data = {
    '/clients': { clients: { list: range(10).map(client), meta, loading: false, error: null } },
    '/clients/:id': {
      queries: clientReads(
        clientRecord,
        // A history and past appointments of more than one page: their
        // pagination is drawn too, and an entry with a text cut short.
        {
          data: [
            { id: 3, entity: 'client', entityId: 1, action: 'update', changes: { notes: { old: 'Prefere manhãs.', new: `${'Observação longa. '.repeat(11).trim()}…` } }, abridged: ['notes'], createdAt: at, userId: 1, userName: 'Ana Admin' },
            { id: 2, entity: 'client', entityId: 1, action: 'update', changes: { phone: { old: '11987654321', new: '11912345678' } }, abridged: [], createdAt: at, userId: 1, userName: 'Ana Admin' },
            { id: 1, entity: 'client', entityId: 1, action: 'create', changes: { name: { old: null, new: 'Cliente 1' } }, abridged: [], createdAt: at, userId: 1, userName: 'Ana Admin' },
          ],
          meta: { page: 1, per_page: 10, total: 23, last_page: 3, next_cursor: '7b7d' },
        },
        { data: range(2).map(appointment), meta: { page: 1, per_page: 10, total: 2, last_page: 1 } },
        { data: range(5).map(appointment), meta: { page: 1, per_page: 10, total: 15, last_page: 2, next_cursor: '7b7d' } },
        { data: range(10).map(access), meta: { page: 1, per_page: 10, total: 31, last_page: 4, next_cursor: '7b7d' } },
      ),
    },
    '/appointments': { queries: [q('getAgenda', {}, agenda('day', ['2026-11-21'])), q('getStaff', {}, staff)] },
    '/dashboard': { queries: [q('getDashboard', {}, dashboard)] },
    '/reports': {
      queries: [
        q('getReportSummary', {}, {
          period: 'month',
          from: '2026-11-01',
          to: '2026-11-30',
          timeZone: 'America/Sao_Paulo',
          total: 435,
          byStatus: { agendado: 60, confirmado: 50, concluido: 250, cancelado: 40, faltou: 35 },
          byDay: range(30).map((i) => day(`2026-11-${String(i).padStart(2, '0')}`, i)),
          byStaff: staff.map((s) => ({ staffId: s.id, staffName: s.name, total: 200, concluido: 120, faltou: 15, cancelado: 20, revenueCents: 870000 })),
          // More services than the chart draws: its note and the folded table.
          byService: range(12).map((i) => ({ service: `Serviço ${i}`, total: 40 - i, concluido: 20, cancelado: 3, faltou: 2, revenueCents: 300000 - i * 10000 })),
          byChannel: [
            { channel: 'balcao', total: 300, concluido: 200, cancelado: 30, faltou: 20, revenueCents: 2400000 },
            { channel: 'internet', total: 42, concluido: 30, cancelado: 4, faltou: 2, revenueCents: 360000 },
          ],
          noShowRate: 0.12,
          cancellationRate: 0.09,
          revenueCents: 3197000,
          newClients: 12,
          reminders: {
            withReminder: { total: 300, concluido: 180, faltou: 12, noShowRate: 0.0625 },
            withoutReminder: { total: 135, concluido: 70, faltou: 23, noShowRate: 0.2473 },
          },
          recovered: { count: 3, revenueCents: 24000 },
        }),
      ],
    },
    '/appointments/services': {
      queries: [
        q('getServices', { page: 1 }, { data: range(4).map(service), meta: { page: 1, per_page: 10, total: 4, last_page: 1 } }),
        q('getStaff', {}, staff),
        q('getBusinessHours', {}, hours(true)),
        q('getTimeOff', { holidays: 'true' }, timeOffPage(null), 'holidays'),
      ],
    },
    '/appointments/reminders': {
      queries: [
        q('getReminders', {}, { date: '2026-11-23', emailEnabled: false, hoursBefore: 24, rows: range(4).map(reminderRow) }),
        q('getReminderSettings', {}, reminderSettings),
      ],
    },
    '/appointments/online': {
      queries: [
        q('getOnlineBooking', {}, { enabled: true, serviceIds: [1, 2], minNoticeHours: 2, maxDaysAhead: 30, cancelHoursBefore: 12, privacyText: 'Usamos seus dados só para este agendamento.', pageUrl: 'https://agenda.exemplo.com.br/agendar' }),
        q('getActiveServices', { active: 'true', per_page: 100 }, { data: range(4).map(service), meta: { page: 1, per_page: 100, total: 4, last_page: 1 } }, 'offered'),
      ],
    },
    '/appointments/waitlist': {
      queries: [
        q('getWaitlist', {}, range(3).map((i) => ({
          id: i, clientId: i, clientName: `Cliente ${i}`, serviceId: 1, serviceName: 'Corte de cabelo', staffId: i === 1 ? 1 : null, staffName: i === 1 ? 'Ana Admin' : null,
          from: '2026-11-23', to: '2026-11-30', period: i === 2 ? 'manha' : 'qualquer', note: i === 1 ? 'Prefere cedo' : null, appointmentId: null, createdAt: at,
          offer: i === 1 ? { startsAt: '2026-11-24T10:00:00-03:00', staffId: 1, staffName: 'Ana Admin', expiresAt: '2026-11-23T18:30:00-03:00', link: 'https://agenda.exemplo.com.br/o/abc', whatsappUrl: 'https://wa.me/5511987654321?text=Ol%C3%A1' } : null,
        }))),
        q('getActiveServices', { active: 'true', per_page: 100 }, { data: range(4).map(service), meta: { page: 1, per_page: 100, total: 4, last_page: 1 } }, 'services'),
        q('getStaff', {}, staff),
      ],
    },
    '/users/:id': {
      queries: [q('getUser', { id: 2 }, user(2)), q('getUserHours', { id: 2 }, hours(false)), q('getTimeOff', { staff_id: 2 }, timeOffPage(2))],
    },
    '/auth/profile': {
      queries: [q('getMe', {}, user(1)), q('getUserHours', { id: 1 }, hours(true)), q('getTimeOff', { staff_id: 1 }, timeOffPage(1))],
    },
    '/users': { queries: [q('getUsers', { page: 1 }, { data: range(4).map(user), meta: { page: 1, per_page: 10, total: 4, last_page: 1 } })] },
  }[routePath] ?? {};
  const signedIn = !['/login', '/logout', '*'].includes(routePath);
  const renders = ['vertical', 'horizontal'].map((orientation) => ({
    url,
    state: { layout: layout(orientation), ...(signedIn ? { auth } : {}), ...data },
  }));
  // A list with nothing in it draws its empty state instead of rows.
  const empty = { list: [], meta: { page: 1, per_page: 10, total: 0, last_page: 1 }, loading: false, error: null };
  for (const slice of ['clients', 'appointments']) {
    if (data[slice]) renders.push({ url, state: { ...renders[0].state, [slice]: empty } });
  }
  // A client without appointments or history, and a day with nothing
  // booked: their tables and lists draw their empty states instead of rows.
  const emptyPage = {
    '/clients/:id': clientReads({ ...clientRecord, totals: { visits: 0, noShows: 0, revenueCents: 0 } }, none, none, none),
    '/dashboard': [q('getDashboard', {}, { ...dashboard, appointmentsToday: 0, todayByStaff: [], upcoming: [], clientReplies: [], awaiting: [] })],
  }[routePath];
  if (emptyPage) renders.push({ url, state: { ...renders[0].state, queries: emptyPage } });
  // A sign-in posted before the script ran comes back as the page with the
  // server's message (server/pages.rs, login_form), and a failed sign-out
  // says so: their alert is on that first paint.
  // (A partial auth: makeStore fills in the rest, as for the server's state.)
  if (routePath === '/login' || routePath === '/logout') {
    const error = 'E-mail ou senha inválidos.';
    renders.push({ url, state: { ...renders[0].state, auth: routePath === '/login' ? { error } : { ...auth, error } } });
  }
  if (routePath === '/appointments') {
    const base = renders[0].state;
    renders.push({ url: '/appointments?view=week', state: { ...base, queries: [q('getAgenda', { view: 'week' }, agenda('week', week)), q('getStaff', {}, staff)] } });
    const list = { list: range(10).map(appointment), meta, loading: false, error: null };
    const listReads = [q('getAgenda', {}, agenda('day', ['2026-11-21']), 'today'), q('getStaff', {}, staff)];
    for (const appointments of [list, empty]) renders.push({ url: '/appointments?view=list', state: { ...base, queries: listReads, appointments } });
  }
  return renders.map(withReads);
}
