import type { ApiClientInput, ApiMergeBody } from '../../lib/api-types';
import { api, dataOf, writes } from '../../lib/api-slice';
import { PAGE_SIZE } from '../../lib/list-slice';
import type { Appointment } from '../../lib/appointment';
import type { ListResponse } from '../../lib/types';
import type { Access, Client, ClientDetail, HistoryEntry } from './types';

/** The editable fields; an empty text clears a field. */
export type ClientInput = ApiClientInput;

/** Which page of one of a record's lists: its number, and the cursor the page before it ended with (keyset paging). */
export interface PageArgs {
  page: number;
  cursor?: string;
}

/** The page `Pagination` asked for, without an absent cursor (the cache key stays that of the seeded page). */
export const pageArgs = (page: number, cursor?: string): PageArgs => (cursor ? { page, cursor } : { page });

/** A page of a client's history. */
export interface ClientHistoryArgs extends PageArgs {
  id: number;
}

/**
 * A page of a client's upcoming (`from` its `asOf`, soonest first) or past
 * (`to` it, latest first) appointments: the appointments list's own query
 * (routes.json declares both first pages).
 */
export interface ClientAppointmentsArgs extends PageArgs {
  client_id: number;
  from?: string;
  to?: string;
  sort: string;
}

/**
 * A client's record and its lists: RTK Query, seeded by the server with the
 * route's reads (the record and the first page of each list). The
 * appointments are pages of the appointments list filtered by `client_id`.
 * Creating a client is shared with the booking (client-create.ts).
 */
export const clientApi = api.injectEndpoints({
  endpoints: (build) => ({
    getClient: build.query<ClientDetail, { id: number }>({
      query: ({ id }) => ({ path: `/clients/${id}` }),
      transformResponse: dataOf<ClientDetail>,
      providesTags: (_result, _error, { id }) => [{ type: 'Client', id }],
    }),
    /** A page of who read the client's record (admins; the route reads the first for them only). */
    getClientAccesses: build.query<ListResponse<Access>, ClientHistoryArgs>({
      query: ({ id, page, cursor }) => ({ path: `/clients/${id}/accesses`, query: { page, per_page: PAGE_SIZE, cursor } }),
      providesTags: (_result, _error, { id }) => [{ type: 'Client', id }],
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
      query: (args) => ({ path: '/appointments', query: { ...args, per_page: PAGE_SIZE } }),
      providesTags: (_result, _error, { client_id }) => [{ type: 'Client', id: client_id }],
    }),
    /** `PUT /api/clients/{id}` with the fields changed (absent ones keep theirs); `version` is the one they were typed on: a stale edit gets 409 instead of overwriting. */
    updateClient: build.mutation<Client, { id: number; input: Partial<ClientInput>; version: number }>({
      query: ({ id, input, version }) => ({ path: `/clients/${id}`, method: 'PUT', body: { ...input, version } }),
      transformResponse: dataOf<Client>,
      ...writes('client'),
    }),
    /** `POST /api/clients/{id}/anonymise` (admins, LGPD): `confirmName` is the client's name, typed. */
    anonymiseClient: build.mutation<Client, { id: number; confirmName: string }>({
      query: ({ id, confirmName }) => ({ path: `/clients/${id}/anonymise`, method: 'POST', body: { confirmName } }),
      transformResponse: dataOf<Client>,
      // Its future appointments are cancelled too.
      ...writes('client', 'appointment'),
    }),
    /**
     * `POST /api/clients/{id}/merge`: the duplicate `from` is merged into
     * `id` (its appointments, series, reminders, history and accesses move;
     * `id`'s empty fields take its values) and deleted. `version` is `id`'s, as read.
     */
    mergeClients: build.mutation<Client, { id: number } & ApiMergeBody>({
      query: ({ id, from, version }) => ({ path: `/clients/${id}/merge`, method: 'POST', body: { from, version } }),
      transformResponse: dataOf<Client>,
      // The duplicate's appointments now show the kept client.
      ...writes('client', 'appointment'),
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
  useGetClientAccessesQuery,
  useGetClientAppointmentsQuery,
  useUpdateClientMutation,
  useSetClientArchivedMutation,
  useAnonymiseClientMutation,
  useMergeClientsMutation,
} = clientApi;
