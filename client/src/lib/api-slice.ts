import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { apiRequest, ApiError, toErrorData, type ApiErrorData, type RequestOptions } from './api';
import { API_REDUCER_PATH, CHANGES, TAGS, type Entity, type Tag, type WriteMeta, type WriteOptions } from './api-writes';

/** What an endpoint asks of the API: a path under `/api` and the request options. */
export interface ApiArgs extends Omit<RequestOptions, 'signal'> {
  path: string;
}

/**
 * `apiRequest` as RTK Query's base query: the same Bearer header, time-out,
 * pt-BR messages and "401 Token has expired" rule as every other request.
 * Failures are kept as plain data (the store holds only serializable values).
 */
const apiBaseQuery: BaseQueryFn<ApiArgs, unknown, ApiErrorData, WriteOptions, WriteMeta> = async ({ path, ...options }, { signal }, extra) => {
  // A write's entity travels on its fulfilled action (`meta.baseQueryMeta`)
  // for the listeners that follow writes (app/list-refresh.ts).
  const meta = extra?.writes ? { writes: extra.writes } : undefined;
  try {
    return { data: await apiRequest<unknown>(path, { ...options, signal }), meta };
  } catch (error) {
    if (error instanceof ApiError) return { error: toErrorData(error), meta };
    throw error;
  }
};

/**
 * The one way screens load data other than the spec's three slices (auth,
 * clients, appointments), and the one way they write: features add their
 * endpoints with `api.injectEndpoints`, queries provide tags, and every
 * mutation invalidates what its entity's write changes (`writes`, `CHANGES`).
 * The store seeds the cache from the server's preloaded state (app/store.ts),
 * so the first render and hydration find the data without a request.
 */

/**
 * The part of a mutation's definition that says what its write changes:
 * `...writes('client')`, or `...writes('client', 'appointment')` for a write
 * that changes both (anonymising cancels the client's appointments).
 */
export const writes = (...entities: [Entity, ...Entity[]]) => ({
  invalidatesTags: [...new Set(entities.flatMap((entity): Tag[] => [...CHANGES[entity].tags]))],
  extraOptions: { writes: entities },
});

export const api = createApi({
  reducerPath: API_REDUCER_PATH,
  baseQuery: apiBaseQuery,
  tagTypes: TAGS,
  // A screen mounted on data older than this loads it again (showing the
  // cached data meanwhile). The server's seeded entries are younger than
  // that when the page hydrates, so hydration never fetches; they stay in
  // the cache for RTK Query's usual 60 s without a subscriber, long enough for
  // the screen's chunk to arrive.
  refetchOnMountOrArgChange: 30,
  endpoints: () => ({}),
});

/** The record of a single-record answer, `{ data }` (for `transformResponse`). */
export const dataOf = <T>(body: { data: T }): T => body.data;

/** An endpoint that reads `GET /api{path}` (its answer's `data`), cached under `tag`. */
export const getData = <T>(path: string, tag: Tag) => ({
  query: () => ({ path }),
  transformResponse: dataOf<T>,
  providesTags: [tag],
});
