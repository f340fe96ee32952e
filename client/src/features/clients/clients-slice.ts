import { createListSlice, type ListState } from '../../lib/list-slice';
import { getClients } from './clients-api';
import type { Client } from './types';

export const CLIENTS_ERROR = 'Erro ao buscar clientes';

const { slice, fetchList, initialState } = createListSlice<Client>('clients', getClients, CLIENTS_ERROR);

export type ClientsState = ListState<Client>;
export const initialClientsState = initialState;
export const fetchClients = fetchList;
export const { add: addClient, remove: removeClient, clear: clearClients } = slice.actions;
export const clientsReducer = slice.reducer;
export const selectClients = (state: { clients: ClientsState }) => state.clients;
