import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientApi } from '../features/clients/clients-api';
import { clientCreateApi } from '../features/clients/client-create';
import { agendaApi } from '../features/appointments/agenda-api';
import { listShown, refreshList } from '../lib/list-slice';
import { makeStore } from './store';

const meta = { page: 1, per_page: 10, total: 1, last_page: 1 };

/** The API as a list of the requests it got (`GET /api/clients?…`); lists answer one row, writes their record. */
function serve() {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    calls.push(`${method} ${url}`);
    const record = { id: 7, name: 'Ana', clientName: 'Ana', version: 2 };
    return new Response(JSON.stringify(method === 'GET' ? { data: [record], meta } : { data: record }), { status: method === 'POST' ? 201 : 200 });
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the lists follow the writes (app/list-refresh.ts)', () => {
  it('loads the shown page of the clients list again after a client write, and only that list', async () => {
    const calls = serve();
    const store = makeStore();
    store.dispatch(listShown({ list: 'clients', query: { page: 2, q: 'ana' } }));
    await store.dispatch(clientCreateApi.endpoints.createClient.initiate({ name: 'Ana' })).unwrap();
    await vi.waitFor(() => expect(store.getState().clients.list).toHaveLength(1));
    expect(calls).toEqual(['POST /api/clients', 'GET /api/clients?page=2&per_page=10&q=ana']);

    await store.dispatch(clientApi.endpoints.updateClient.initiate({ id: 7, input: { name: 'Ana Lima', email: '', phone: '', document: '', birthDate: '', notes: '' }, version: 1 })).unwrap();
    await vi.waitFor(() => expect(calls).toHaveLength(4));
    expect(calls.slice(2)).toEqual(['PUT /api/clients/7', 'GET /api/clients?page=2&per_page=10&q=ana']);
  });

  it('loads the appointments list after an appointment write, not after a client write', async () => {
    const calls = serve();
    const store = makeStore();
    store.dispatch(listShown({ list: 'appointments', query: { page: 1, status: 'agendado' } }));
    await store.dispatch(clientCreateApi.endpoints.createClient.initiate({ name: 'Ana' })).unwrap();
    await store.dispatch(agendaApi.endpoints.changeStatus.initiate({ id: 7, version: 1, status: 'confirmado' })).unwrap();
    await vi.waitFor(() => expect(store.getState().appointments.list).toHaveLength(1));
    expect(calls).toEqual(['POST /api/clients', 'PATCH /api/appointments/7/status', 'GET /api/appointments?page=1&per_page=10&status=agendado']);
  });

  it('loads nothing for a list no screen shows; "try again" loads the shown one', async () => {
    const calls = serve();
    const store = makeStore();
    store.dispatch(listShown({ list: 'clients', query: { page: 1 } }));
    store.dispatch(listShown({ list: 'clients', query: null }));
    await store.dispatch(clientCreateApi.endpoints.createClient.initiate({ name: 'Ana' })).unwrap();
    store.dispatch(refreshList('clients'));
    store.dispatch(listShown({ list: 'appointments', query: { page: 3 } }));
    store.dispatch(refreshList('appointments'));
    await vi.waitFor(() => expect(store.getState().appointments.list).toHaveLength(1));
    expect(calls).toEqual(['POST /api/clients', 'GET /api/appointments?page=3&per_page=10']);
  });
});
