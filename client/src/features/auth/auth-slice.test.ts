import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { clearSession, profileUpdated } from '../../lib/session-actions';
import { LOGIN_ERROR, login } from './auth-slice';

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('auth slice', () => {
  it('sets loading and clears the error while signing in', () => {
    const store = makeStore({ auth: { error: 'antes' } });
    store.dispatch(login.pending('req', { email: 'a', password: 'b' }));
    expect(store.getState().auth.loading).toBe(true);
    expect(store.getState().auth.error).toBeNull();
  });

  it('merges the response data on success', async () => {
    const data = {
      id: 1,
      name: 'Ana',
      email: 'ana@example.com',
      role: 'admin',
      accessToken: 'jwt',
      typeToken: 'Bearer',
      expiresIn: 3600,
      expiresAt: 1767225600000,
    };
    const fetchMock = vi.fn(async () => jsonResponse(200, { data }));
    vi.stubGlobal('fetch', fetchMock);
    const store = makeStore();
    await store.dispatch(login({ email: 'ana@example.com', password: 'x' }));
    expect(store.getState().auth).toEqual({ ...data, loading: false, error: null });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/login');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ana@example.com', password: 'x' });
  });

  it('computes expiresAt from expiresIn when the server leaves it out', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse(200, { data: { id: 1, accessToken: 't', expiresIn: 60 } }));
    const before = Date.now();
    const store = makeStore();
    await store.dispatch(login({ email: 'a', password: 'b' }));
    const expiresAt = store.getState().auth.expiresAt as number;
    expect(expiresAt).toBeGreaterThanOrEqual(before + 60_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 60_000);
  });

  it("stores the server's message on failure", async () => {
    vi.stubGlobal('fetch', async () => jsonResponse(401, { message: 'E-mail ou senha inválidos.' }));
    const store = makeStore();
    await store.dispatch(login({ email: 'a', password: 'b' }));
    expect(store.getState().auth.loading).toBe(false);
    expect(store.getState().auth.error).toBe('E-mail ou senha inválidos.');
    expect(store.getState().auth.accessToken).toBeNull();
  });

  it('falls back to the default message', async () => {
    vi.stubGlobal('fetch', async () => new Response('oops', { status: 500 }));
    const store = makeStore();
    await store.dispatch(login({ email: 'a', password: 'b' }));
    expect(store.getState().auth.error).toBe(LOGIN_ERROR);
    expect(LOGIN_ERROR).toBe('Erro ao buscar login');
  });

  it('clearSession resets auth, clients and appointments', () => {
    const store = makeStore({
      auth: { id: 1, name: 'Ana', accessToken: 't' },
      clients: { list: [{ id: 1 } as never], meta: { page: 1, per_page: 10, total: 1, last_page: 1 } },
      appointments: { list: [{ id: 2 } as never] },
    });
    store.dispatch(clearSession());
    const state = store.getState();
    expect(state.auth.accessToken).toBeNull();
    expect(state.auth.name).toBeNull();
    expect(state.clients.list).toEqual([]);
    expect(state.clients.meta).toBeNull();
    expect(state.appointments.list).toEqual([]);
  });

  it('applies a profile change to the signed-in user', () => {
    const store = makeStore({ auth: { id: 1, name: 'Ana', email: 'a@x.com', accessToken: 't' } });
    store.dispatch(profileUpdated({ name: 'Ana Maria', email: 'ana@x.com' }));
    expect(store.getState().auth).toMatchObject({ name: 'Ana Maria', email: 'ana@x.com', accessToken: 't' });
  });
});
