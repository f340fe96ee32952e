import type { ApiClientInput } from '../../lib/api-types';
import { apiRequest } from '../../lib/api';
import { api, dataOf, writes } from '../../lib/api-slice';
import { PAGE_SIZE, type ListQuery } from '../../lib/list-slice';
import type { Appointment } from '../../lib/appointment';
import type { ListResponse } from '../../lib/types';
import type { Client, ClientDetail, HistoryEntry } from './types';

export function getClients(query: ListQuery, signal?: AbortSignal): Promise<ListResponse<Client>> {
  return apiRequest('/clients', { query: { page: 1, per_page: PAGE_SIZE, ...query }, signal });
}

/** The editable fields; an empty text clears a field. */
export type ClientInput = ApiClientInput;

/** Which page of one of a record's lists: its number, and the cursor the page before it ended with (keyset paging). */
export interface PageArgs {
  page: number;
  cursor?: string;
}

/** The first page, as the server seeds it. */
export const FIRST_PAGE: PageArgs = { page: 1 };

/** The page `Pagination` asked for, without an absent cursor (the cache key stays that of the seeded page). */
export const pageArgs = (page: number, cursor?: string): PageArgs => (cursor ? { page, cursor } : { page });

/** A page of a client's history. */
export interface ClientHistoryArgs extends PageArgs {
  id: number;
}

/** A page of a client's upcoming (from `asOf`, soonest first) or past (up to `asOf`, latest first) appointments. */
export interface ClientAppointmentsArgs extends PageArgs {
  id: number;
  when: 'upcoming' | 'past';
  /** The record's `asOf`: both lists split at the same instant. */
  asOf: string;
}

/**
 * A client's record and its lists: RTK Query, seeded by the server as
 * `page.client`, `page.clientHistory` and `page.clientAppointments` (their
 * first pages, under `FIRST_PAGE`'s arguments). The appointments are pages
 * of the appointments list filtered by `client_id`. Creating a client is
 * shared with the booking (lib/client-create.ts).
 */
export const clientApi = api.injectEndpoints({
  endpoints: (build) => ({
    getClient: build.query<ClientDetail, number>({
      query: (id) => ({ path: `/clients/${id}` }),
      transformResponse: dataOf<ClientDetail>,
      providesTags: (_result, _error, id) => [{ type: 'Client', id }],
    }),
    getClientHistory: build.query<ListResponse<HistoryEntry>, ClientHistoryArgs>({
      query: ({ id, page, cursor }) => ({ path: `/clients/${id}/history`, query: { page, per_page: PAGE_SIZE, cursor } }),
      providesTags: (_result, _error, { id }) => [{ type: 'Client', id }],
    }),
    /** One history entry with its texts whole (the list cuts long ones short). */
    getClientHistoryEntry: build.query<HistoryEntry, { id: number; entryId: number }>({
      query: ({ id, entryId }) => ({ path: `/clients/${id}/history/${entryId}` }),
      transformResponse: dataOf<HistoryEntry>,
      providesTags: (_result, _error, { id }) => [{ type: 'Client', id }],
    }),
    getClientAppointments: build.query<ListResponse<Appointment>, ClientAppointmentsArgs>({
      query: ({ id, when, asOf, page, cursor }) => ({
        path: '/appointments',
        query: {
          client_id: id,
          ...(when === 'upcoming' ? { from: asOf, sort: 'startsAt' } : { to: asOf, sort: '-startsAt' }),
          page,
          per_page: PAGE_SIZE,
          cursor,
        },
      }),
      providesTags: (_result, _error, { id }) => [{ type: 'Client', id }],
    }),
    /** `PUT /api/clients/{id}`; `version` is the one read: a stale edit gets 409 instead of overwriting. */
    updateClient: build.mutation<Client, { id: number; input: ClientInput; version: number }>({
      query: ({ id, input, version }) => ({ path: `/clients/${id}`, method: 'PUT', body: { ...input, version } }),
      transformResponse: dataOf<Client>,
      ...writes('client'),
    }),
    /** `POST /api/clients/{id}/archive` or `/unarchive`. */
    setClientArchived: build.mutation<Client, { id: number; archived: boolean }>({
      query: ({ id, archived }) => ({ path: `/clients/${id}/${archived ? 'archive' : 'unarchive'}`, method: 'POST' }),
      transformResponse: dataOf<Client>,
      ...writes('client'),
    }),
  }),
});

export const {
  useGetClientQuery,
  useGetClientHistoryQuery,
  useGetClientHistoryEntryQuery,
  useGetClientAppointmentsQuery,
  useUpdateClientMutation,
  useSetClientArchivedMutation,
} = clientApi;
