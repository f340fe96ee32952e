// @vitest-environment jsdom
// Server HTML of each route, hydrated the way entry-browser.tsx does it
// (lazy screens preloaded first): no mismatch, no suspense, DOM kept.
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { BrowserRouter, StaticRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setServerProvidedKeys } from '../lib/server-data';
import { App } from './app';
import { screenForPath } from './route-table';
import { browserScreens, preloadScreen } from './screens-browser';
import { serverScreens } from './screens-server';
import { makeStore, type PreloadedState } from './store';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const auth = { id: 1, name: 'Ana Admin', email: 'admin@example.com', role: 'admin' as const, accessToken: 'jwt', typeToken: 'Bearer', expiresIn: 3600, expiresAt: Date.now() + 3_600_000 };
const appointment = {
  id: 7, clientId: 1, clientName: 'Maria Souza', staffId: 1, staffName: 'Ana Admin', service: 'Corte',
  startsAt: '2026-11-21T14:30:00-03:00', endsAt: '2026-11-21T15:00:00-03:00', status: 'agendado' as const,
  priceCents: 5000, notes: null, cancellationReason: null, version: 1, createdAt: '', updatedAt: '',
};
const meta = { page: 1, per_page: 10, total: 1, last_page: 1 };

const cases: [string, PreloadedState][] = [
  ['/login', {}],
  ['/logout', {}],
  ['/nao-existe', {}],
  ['/dashboard', { auth, page: { dashboard: { clientsTotal: 3, appointmentsToday: 1, appointmentsWeek: 2, revenueMonthCents: 5000, upcoming: [appointment] } } }],
  ['/clients?page=1', { auth, clients: { list: [{ id: 1, name: 'Maria Souza', email: null, phone: null, document: null, birthDate: null, notes: null, archived: false, version: 1, createdAt: '', updatedAt: '' }], meta, loading: false, error: null } }],
  ['/appointments', { auth, appointments: { list: [appointment], meta, loading: false, error: null } }],
  ['/reports', { auth }],
  ['/users', { auth }],
  ['/auth/profile', { auth }],
];

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('hydration of server HTML', () => {
  it.each(cases)('%s hydrates without mismatch', async (url, state) => {
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
    setServerProvidedKeys(Object.keys(state));
    const screen = screenForPath(window.location.pathname);
    if (screen) await preloadScreen(screen);
    const errors: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => {
      // jsdom lacks some layout APIs (e.g. getComputedStyle with pseudo-elements); not a React error.
      if (!String(args[0]).includes('Not implemented')) errors.push(args);
    });
    await act(async () => {
      hydrateRoot(
        container,
        <Provider store={store} serverState={store.getState()}>
          <BrowserRouter>
            <App screens={browserScreens} />
          </BrowserRouter>
        </Provider>,
        { onRecoverableError: (error) => errors.push(error) },
      );
    });
    consoleError.mockRestore();
    expect(errors).toEqual([]);
    expect(container.firstElementChild).toBe(first);
    expect(container.querySelector('[data-testid=full-page-spinner]')).toBeNull();
    // The server's data is on screen already: no refetch on the first render.
    if (state.clients || state.appointments || state.page) expect(fetchSpy).not.toHaveBeenCalled();
  });
});
