import type { ApiClientInput } from '../../lib/api-types';
import { apiRequest } from '../../lib/api';
import { api, dataOf } from '../../lib/api-slice';
import { PAGE_SIZE, type ListQuery } from '../../lib/list-slice';
import type { ListResponse } from '../../lib/types';
import type { Client, ClientDetail, HistoryEntry } from './types';

export function getClients(query: ListQuery, signal?: AbortSignal): Promise<ListResponse<Client>> {
  return apiRequest('/clients', { query: { page: 1, per_page: PAGE_SIZE, ...query }, signal });
}

/** The editable fields; an empty text clears a field. */
export type ClientInput = ApiClientInput;

export function createClient(input: ClientInput): Promise<{ data: Client }> {
  return apiRequest('/clients', { method: 'POST', body: input });
}

/** `version` is the one read: a stale edit gets 409 instead of overwriting. */
export function updateClient(id: number, input: ClientInput, version: number): Promise<{ data: Client }> {
  return apiRequest(`/clients/${id}`, { method: 'PUT', body: { ...input, version } });
}

/** A client's record and history: RTK Query, seeded by the server as `page.client` and `page.clientHistory`. */
export const clientApi = api.injectEndpoints({
  endpoints: (build) => ({
    getClient: build.query<ClientDetail, number>({
      query: (id) => ({ path: `/clients/${id}` }),
      transformResponse: dataOf<ClientDetail>,
      providesTags: (_result, _error, id) => [{ type: 'Client', id }],
    }),
    getClientHistory: build.query<HistoryEntry[], number>({
      query: (id) => ({ path: `/clients/${id}/history` }),
      transformResponse: dataOf<HistoryEntry[]>,
      providesTags: (_result, _error, id) => [{ type: 'Client', id }],
    }),
    /** `POST /api/clients/{id}/archive` or `/unarchive`. */
    setClientArchived: build.mutation<Client, { id: number; archived: boolean }>({
      query: ({ id, archived }) => ({ path: `/clients/${id}/${archived ? 'archive' : 'unarchive'}`, method: 'POST' }),
      transformResponse: dataOf<Client>,
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Client', id }, 'Dashboard', 'Report'],
    }),
  }),
});

export const { useGetClientQuery, useGetClientHistoryQuery, useSetClientArchivedMutation } = clientApi;
