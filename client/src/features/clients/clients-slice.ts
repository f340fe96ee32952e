import { apiRequest } from '../../lib/api';
import { createListSlice, PAGE_SIZE, type ListQuery, type ListState } from '../../lib/list-slice';
import type { ListResponse } from '../../lib/types';
import type { Client } from './types';

// Here rather than with the client's api endpoints (clients-api.ts): the
// store loads this slice with the shell, and RTK Query only with a screen.
function getClients(query: ListQuery, signal?: AbortSignal): Promise<ListResponse<Client>> {
  return apiRequest('/clients', { query: { page: 1, per_page: PAGE_SIZE, ...query }, signal });
}

export const CLIENTS_ERROR = 'Erro ao buscar clientes';

const { slice, fetchList, initialState } = createListSlice<Client>('clients', getClients, CLIENTS_ERROR);

export type ClientsState = ListState<Client>;
export const initialClientsState = initialState;
export const fetchClients = fetchList;
export const { add: addClient, remove: removeClient, clear: clearClients } = slice.actions;
export const clientsReducer = slice.reducer;
export const selectClients = (state: { clients: ClientsState }) => state.clients;
