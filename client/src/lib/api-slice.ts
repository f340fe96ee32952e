import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { apiRequest, ApiError, toErrorData, type ApiErrorData, type RequestOptions } from './api';

/** What an endpoint asks of the API: a path under `/api` and the request options. */
export interface ApiArgs extends Omit<RequestOptions, 'signal'> {
  path: string;
}

/**
 * `apiRequest` as RTK Query's base query: the same Bearer header, time-out,
 * pt-BR messages and "401 Token has expired" rule as every other request.
 * Failures are kept as plain data (the store holds only serializable values).
 */
const apiBaseQuery: BaseQueryFn<ApiArgs, unknown, ApiErrorData> = async ({ path, ...options }, { signal }) => {
  try {
    return { data: await apiRequest<unknown>(path, { ...options, signal }) };
  } catch (error) {
    if (error instanceof ApiError) return { error: toErrorData(error) };
    throw error;
  }
};

/**
 * The one way screens load data other than the spec's three slices (auth,
 * clients, appointments): features add their endpoints with
 * `api.injectEndpoints`, queries provide tags and mutations invalidate them.
 * The store seeds the cache from the server's preloaded state (app/store.ts),
 * so the first render and hydration find the data without a request.
 */
const TAGS = ['Dashboard', 'User', 'Me', 'Report', 'Agenda', 'Client'] as const;
type Tag = (typeof TAGS)[number];

export const api = createApi({
  reducerPath: 'api',
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

/**
 * Clients or appointments changed (their slices save them outside this api):
 * the dashboard, the reports and a client's record show them, so their
 * cached answers go.
 */
export const recordsChanged = () => api.util.invalidateTags(['Dashboard', 'Report', 'Agenda', 'Client']);

/** The record of a single-record answer, `{ data }` (for `transformResponse`). */
export const dataOf = <T>(body: { data: T }): T => body.data;

/** An endpoint that reads `GET /api{path}` (its answer's `data`), cached under `tag`. */
export const getData = <T>(path: string, tag: Tag) => ({
  query: () => ({ path }),
  transformResponse: dataOf<T>,
  providesTags: [tag],
});
