// The SSR bundle in a bare JS context, as in the embedded engine: no URL,
// TextEncoder, TextDecoder, setTimeout, MessageChannel, Intl or console,
// until ssr/src/polyfills.js (what the engine loads first) provides them.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sampleRenders } from '../critical-states.mjs';
import routes from './app/routes.json';
import { defaultLayoutSettings } from './features/layout/layout-settings';

const clientDir = path.resolve(__dirname, '..');
let renderPage: (input: string) => string;
let context: vm.Context;

const auth = {
  id: 1,
  name: 'Ana Admin',
  email: 'admin@example.com',
  role: 'admin',
  accessToken: 'tok',
  typeToken: 'Bearer',
  expiresIn: 3600,
  expiresAt: 4102444800000,
  loading: false,
  error: null,
};

const client = (id: number, name: string) => ({
  id,
  name,
  email: `${name.toLowerCase().split(' ')[0]}@example.com`,
  phone: '(11) 98765-4321',
  document: '123.456.789-09',
  birthDate: null,
  notes: null,
  archived: false,
  version: 1,
  createdAt: '2026-11-01T10:00:00-03:00',
  updatedAt: '2026-11-01T10:00:00-03:00',
});

const appointment = {
  id: 7,
  clientId: 1,
  clientName: 'Maria Souza',
  staffId: 1,
  staffName: 'Ana Admin',
  service: 'Corte de cabelo',
  serviceId: null,
  serviceColor: null,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  seriesId: null,
  seriesPosition: null,
  seriesTotal: null,
  startsAt: '2026-11-21T23:30:00-03:00',
  endsAt: '2026-11-21T23:59:00-03:00',
  status: 'concluido',
  priceCents: 123450,
  notes: null,
  cancellationReason: null,
  version: 1,
  createdAt: '2026-11-01T10:00:00-03:00',
  updatedAt: '2026-11-01T10:00:00-03:00',
};

const layout = defaultLayoutSettings();

/**
 * The page's render, its state completed as the server sends it: the reads'
 * arguments (`reads`) beside their answers, by endpoint here (no sample
 * reads one endpoint twice), for a signed-in screen.
 */
interface PageState {
  auth?: unknown;
  queries?: { endpoint: string; arg: unknown; value: unknown }[];
  reads?: unknown;
  [part: string]: unknown;
}

function render(url: string, state: PageState): string {
  const args = Object.fromEntries((state.queries ?? []).map(({ endpoint, arg }) => [endpoint, arg]));
  const reads = state.reads ?? (state.auth ? { at: url, args } : undefined);
  return renderPage(JSON.stringify({ url, state: { ...state, ...(reads ? { reads } : {}) } }));
}

beforeAll(() => {
  // Built into a folder of its own, not dist/ (which the binary embeds).
  const dir = mkdtempSync(path.join(tmpdir(), 'expediente-ssr-'));
  execFileSync(process.execPath, ['build.mjs', 'ssr', path.join(dir, 'server.js')], { cwd: clientDir, stdio: 'pipe' });
  const code = readFileSync(path.join(dir, 'server.js'), 'utf8');
  rmSync(dir, { recursive: true });
  context = vm.createContext({});
  vm.runInContext('delete globalThis.Intl; delete globalThis.console;', context);
  for (const name of ['URL', 'URLSearchParams', 'TextEncoder', 'TextDecoder', 'setTimeout', 'MessageChannel', 'Intl', 'console']) {
    expect(vm.runInContext(`typeof ${name}`, context), name).toBe('undefined');
  }
  vm.runInContext(readFileSync(path.resolve(clientDir, '../ssr/src/polyfills.js'), 'utf8'), context, { filename: 'polyfills.js' });
  vm.runInContext(code, context, { filename: 'server.js' });
  renderPage = vm.runInContext('globalThis.renderPage', context);
}, 60_000);

describe('SSR bundle (server.js)', () => {
  it('defines renderPage', () => {
    expect(typeof renderPage).toBe('function');
  });

  it('renders the login screen on a public page', () => {
    const html = render('/login', { layout });
    expect(html).toContain('Entrar');
    expect(html).toContain('login-email');
    expect(html).not.toContain('full-page-spinner');
  });

  it('renders the clients screen itself, with the preloaded list', () => {
    const html = render('/clients?page=2', {
      layout,
      auth,
      clients: { list: [client(1, 'Maria Souza'), client(2, 'João Lima')], meta: { page: 2, per_page: 10, total: 12, last_page: 2 }, loading: false, error: null },
    });
    expect(html).toContain('Clientes');
    expect(html).toContain('Maria Souza');
    expect(html).toContain('João Lima');
    expect(html).toContain('123.456.789-09');
    expect(html).toContain('12 clientes · página 2 de 2');
    expect(html).not.toContain('full-page-spinner');
    expect(html).not.toContain('Carregando');
  });

  it('renders the dashboard with formatted money and times', () => {
    const html = render('/dashboard', {
      layout,
      auth,
      queries: [
        {
          endpoint: 'getDashboard',
          arg: {},
          value: {
          clientsTotal: 12345,
          clientsTotalEstimated: true,
          appointmentsToday: 3,
          appointmentsWeek: 9,
          revenueMonthCents: 123450,
          noShowsMonth: 2,
          newClientsMonth: 5,
          newClientsMonthEstimated: false,
          todayByStaff: [{ staffId: 1, staffName: 'Paula Lima', appointments: [appointment] }],
          upcoming: [appointment],
          clientReplies: [{ reply: 'cancelou', at: '2026-11-20T09:15:00-03:00', appointment: { ...appointment, status: 'cancelado' } }],
          awaiting: [],
          },
        },
      ],
    });
    const texts = [
      'Total de clientes',
      // Past 10.000 the server estimates the count, and the card says so.
      'cerca de 12.345',
      'R$ 1.234,50',
      // What clients answered through their links, in the first HTML.
      'Respostas dos clientes',
      'Cancelou',
      '20/11/2026 09:15',
      '21/11/2026',
      '23:30–23:59',
      'Concluído',
      'Agenda de hoje',
      'Paula Lima',
      'Faltas no mês',
      'Novo agendamento',
    ];
    for (const text of texts) expect(html).toContain(text);
  });

  it('renders the appointments list', () => {
    const html = render('/appointments?view=list', {
      layout,
      auth,
      appointments: { list: [appointment], meta: { page: 1, per_page: 10, total: 1, last_page: 1 }, loading: false, error: null },
    });
    expect(html).toContain('Agendamentos');
    expect(html).toContain('Corte de cabelo');
    expect(html).toContain('R$ 1.234,50');
  });

  it('renders the other screens and the not-found page', () => {
    expect(render('/auth/profile', { layout, auth })).toContain('Administrador');
    expect(render('/users', { layout, auth })).toContain('Usuários');
    expect(render('/reports', { layout, auth })).toContain('Relatórios');
    expect(render('/logout', { layout })).toContain('Você saiu do sistema.');
    expect(render('/nada/aqui', { layout })).toContain('Página não encontrada');
  });

  it('renders the "Acesso negado" screen, inside the shell, for a screen of another role', () => {
    const html = render('/users', { layout, auth: { ...auth, name: 'Bruno Staff', role: 'staff' } });
    expect(html).toContain('Acesso negado');
    expect(html).toContain('Bruno Staff');
    expect(html).not.toContain('Novo usuário');
    expect(render('/users', { layout, auth })).not.toContain('Acesso negado');
  });

  it('renders nothing for a protected page without a token (the server redirects)', () => {
    const html = render('/clients', { layout });
    expect(html).not.toContain('Clientes');
  });

  it('keeps renders independent (a fresh store each call)', () => {
    render('/auth/profile', { layout, auth });
    const html = render('/auth/profile', { layout, auth: { ...auth, name: 'Bruno Staff', role: 'staff' } });
    expect(html).toContain('Bruno Staff');
    expect(html).toContain('Recepção');
    expect(html).not.toContain('Ana Admin');
  });
});

// The build cuts each route's critical CSS to what these samples draw: a
// sample that only shows a spinner would leave the real first paint unstyled.
describe('critical CSS samples (critical-states.mjs)', () => {
  for (const route of routes) {
    it(`draw ${route.path} with its data`, () => {
      const samples = sampleRenders(route.path);
      expect(samples.length).toBeGreaterThan(0);
      for (const { url, state } of samples) {
        const html = render(url, state as PageState);
        expect(html, url).not.toContain('Carregando');
        expect(html, url).not.toMatch(/não encontrad[oa]\./);
      }
    });
  }
});
