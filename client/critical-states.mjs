// Sample states for the build's critical CSS (critical-css.mjs): each route
// rendered with data in every shape its first paint can show (rows of each
// status, several pages), in both orientations. The shapes are those of
// ssr/CONTRACT.md; a route without a sample here is covered by its screen's
// classes only.

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
  startsAt: '2026-11-21T09:30:00-03:00',
  endsAt: '2026-11-21T10:30:00-03:00',
  status: STATUSES[id % STATUSES.length],
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

/** The states of one route path ("*": not found): `[{ url, state }]`. */
export function sampleRenders(routePath) {
  const url = routePath === '*' ? '/nao-existe' : routePath;
  const data = {
    '/clients': { clients: { list: range(10).map(client), meta, loading: false, error: null } },
    '/appointments': { appointments: { list: range(10).map(appointment), meta, loading: false, error: null } },
    '/dashboard': {
      page: { dashboard: { clientsTotal: 1234, appointmentsToday: 3, appointmentsWeek: 9, revenueMonthCents: 123450, upcoming: range(5).map(appointment) } },
    },
    '/users': { page: { users: { data: range(4).map(user), meta: { page: 1, per_page: 10, total: 4, last_page: 1 } } } },
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
  return renders;
}
