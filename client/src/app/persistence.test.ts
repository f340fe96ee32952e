import { afterEach, describe, expect, it, vi } from 'vitest';
import { persistStore, type Persistor } from 'redux-persist';
import { PERSIST_STORAGE_KEY } from '../lib/persistence';
import { clearSession } from '../lib/session-actions';
import { makeStore } from './store';

function fakeStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

function rehydrated(persistor: Persistor) {
  return new Promise<void>((resolve) => {
    const check = () => persistor.getState().bootstrapped && resolve();
    persistor.subscribe(check);
    check();
  });
}

const stored = (slices: Record<string, unknown>) =>
  JSON.stringify({
    ...Object.fromEntries(Object.entries(slices).map(([k, v]) => [k, JSON.stringify(v)])),
    _persist: JSON.stringify({ version: -1, rehydrated: true }),
  });

const storedAuth = { id: 5, name: 'Guardado', accessToken: 'old', expiresAt: 1, loading: false, error: null };

afterEach(() => vi.unstubAllGlobals());

describe('persist:root', () => {
  it("restores auth, clients and appointments in redux-persist's layout", async () => {
    const storage = fakeStorage({ [PERSIST_STORAGE_KEY]: stored({ auth: storedAuth, clients: { list: [{ id: 1 }], meta: null, loading: false, error: null } }) });
    vi.stubGlobal('window', { localStorage: storage });
    const store = makeStore(null, { persist: true });
    await rehydrated(persistStore(store));
    expect(store.getState().auth.name).toBe('Guardado');
    expect(store.getState().clients.list).toEqual([{ id: 1 }]);
  });

  it("lets the server's preloaded slices win over storage", async () => {
    const storage = fakeStorage({
      [PERSIST_STORAGE_KEY]: stored({ auth: storedAuth, clients: { list: [{ id: 1 }], meta: null, loading: false, error: null } }),
    });
    vi.stubGlobal('window', { localStorage: storage });
    const store = makeStore({ auth: { id: 1, name: 'Do servidor', accessToken: 'new' } }, { persist: true });
    await rehydrated(persistStore(store));
    expect(store.getState().auth.name).toBe('Do servidor');
    expect(store.getState().auth.accessToken).toBe('new');
    // What the server did not send still comes from storage.
    expect(store.getState().clients.list).toEqual([{ id: 1 }]);
  });

  it('does not bring back a session cleared before storage was read', async () => {
    const storage = fakeStorage({ [PERSIST_STORAGE_KEY]: stored({ auth: storedAuth }) });
    vi.stubGlobal('window', { localStorage: storage });
    const store = makeStore({ auth: { id: 1, accessToken: 'srv' } }, { persist: true });
    const persistor = persistStore(store);
    store.dispatch(clearSession());
    await rehydrated(persistor);
    expect(store.getState().auth.accessToken).toBeNull();
  });

  it('writes each slice as JSON text plus _persist, without layout or page', async () => {
    const storage = fakeStorage();
    vi.stubGlobal('window', { localStorage: storage });
    const store = makeStore({ auth: { id: 1, name: 'Ana', accessToken: 't' } }, { persist: true });
    const persistor = persistStore(store);
    await rehydrated(persistor);
    await persistor.flush();
    const raw = JSON.parse(storage.data.get(PERSIST_STORAGE_KEY) as string) as Record<string, string>;
    expect(Object.keys(raw).sort()).toEqual(['_persist', 'appointments', 'auth', 'clients']);
    expect(JSON.parse(raw.auth).accessToken).toBe('t');
    expect(JSON.parse(raw._persist)).toEqual({ version: -1, rehydrated: true });
  });

  it("keeps the state's own slice when storage holds the same content", async () => {
    const storage = fakeStorage({
      [PERSIST_STORAGE_KEY]: stored({
        clients: { list: [], meta: null, loading: false, error: null },
        appointments: { list: [{ id: 9 }], meta: null, loading: false, error: null },
      }),
    });
    vi.stubGlobal('window', { localStorage: storage });
    const store = makeStore(null, { persist: true });
    const before = store.getState();
    await rehydrated(persistStore(store));
    // Equal content: the same object, so nothing that reads it renders again.
    expect(store.getState().clients).toBe(before.clients);
    // Other content: restored.
    expect(store.getState().appointments).not.toBe(before.appointments);
    expect(store.getState().appointments.list).toEqual([{ id: 9 }]);
  });

  it('never restores a request as still loading', async () => {
    const storage = fakeStorage({ [PERSIST_STORAGE_KEY]: stored({ clients: { list: [{ id: 1 }], meta: null, loading: true, error: null } }) });
    vi.stubGlobal('window', { localStorage: storage });
    const store = makeStore(null, { persist: true });
    await rehydrated(persistStore(store));
    expect(store.getState().clients.list).toEqual([{ id: 1 }]);
    expect(store.getState().clients.loading).toBe(false);
  });
});
