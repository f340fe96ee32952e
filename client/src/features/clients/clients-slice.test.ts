import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { configureApi } from '../../lib/api';
import type { Client } from './types';
import { addClient, clearClients, CLIENTS_ERROR, fetchClients, removeClient } from './clients-slice';

const client = (id: number) => ({ id, name: `Cliente ${id}` }) as Client;
const meta = { page: 1, per_page: 10, total: 2, last_page: 1 };

afterEach(() => {
  vi.unstubAllGlobals();
  configureApi({ getToken: () => null, onTokenExpired: () => {} });
});

describe('clients slice', () => {
  it('fetches page 1 with 10 a page and the Bearer token, replacing the list', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: [client(3), client(4)], meta })));
    vi.stubGlobal('fetch', fetchMock);
    const store = makeStore({ clients: { list: [client(1)] } });
    configureApi({ getToken: () => 'jwt', onTokenExpired: () => {} });
    const pending = store.dispatch(fetchClients());
    expect(store.getState().clients.loading).toBe(true);
    await pending;
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/clients?page=1&per_page=10');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer jwt');
    expect(store.getState().clients.list.map((c) => c.id)).toEqual([3, 4]);
    expect(store.getState().clients.meta).toEqual(meta);
    expect(store.getState().clients.loading).toBe(false);
  });

  it('passes the page and search on', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: [], meta })));
    vi.stubGlobal('fetch', fetchMock);
    await makeStore().dispatch(fetchClients({ page: 3, q: 'ana maria' }));
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/clients?page=3&per_page=10&q=ana%20maria');
  });

  it('stores the default message on a failure without one', async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 500 }));
    const store = makeStore();
    await store.dispatch(fetchClients());
    expect(store.getState().clients.error).toBe(CLIENTS_ERROR);
    expect(CLIENTS_ERROR).toBe('Erro ao buscar clientes');
  });

  it('adds, removes by id and clears', () => {
    const store = makeStore();
    store.dispatch(addClient(client(1)));
    store.dispatch(addClient(client(2)));
    store.dispatch(removeClient(1));
    expect(store.getState().clients.list.map((c) => c.id)).toEqual([2]);
    store.dispatch(clearClients());
    expect(store.getState().clients.list).toEqual([]);
  });
});

describe('clients slice, superseded fetches', () => {
  it('ignores an aborted fetch and keeps the newer one loading', async () => {
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const store = makeStore();
    const first = store.dispatch(fetchClients({ page: 1 }));
    first.abort();
    store.dispatch(fetchClients({ page: 2 }));
    await first;
    expect(store.getState().clients.loading).toBe(true);
    expect(store.getState().clients.error).toBeNull();
    vi.unstubAllGlobals();
  });
});
