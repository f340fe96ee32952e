/**
 * A screen's data as its entry in routes.json declares it. The server runs
 * the reads (server/reads.rs): for the first paint into the page's state,
 * for an in-app navigation as the answer of `GET /api/reads?path=…`. Both
 * give the api cache entries and each read's argument by its name; the
 * browser only stores them (this module is part of the store, which every
 * page hydrates with: it imports no RTK Query). A screen asks for its reads
 * through the hooks generated from routes.json (generated/route-reads.ts,
 * on `useRead` of lib/read-hooks.ts), which give the argument the server
 * used, so the query finds the seeded entry and sends no request.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { apiRequest } from './api';
import { clearSession } from './session-actions';

/** A read's argument, as the server computed it. */
export type ReadArg = Record<string, string | number>;

/** One api cache entry: an endpoint's answer under the argument its screen asks with. */
export interface CachedRead {
  endpoint: string;
  arg: unknown;
  value: unknown;
}

/** The reads of the address shown: where (`at`, its path and query) and each read's argument by name. */
export interface ReadsState {
  at: string | null;
  args: Record<string, unknown>;
}

/** `GET /api/reads`: the screen's data at an address, in the shapes of the page's state. */
export interface ScreenReads {
  route: string;
  args: Record<string, unknown>;
  queries: CachedRead[];
}

export const initialReadsState: ReadsState = { at: null, args: {} };

const readsSlice = createSlice({
  name: 'reads',
  initialState: initialReadsState,
  reducers: {
    /** The reads of `at` arrived (their answers are in the api cache already). */
    readsLoaded: (_, action: PayloadAction<ReadsState>) => action.payload,
  },
  extraReducers: (builder) => builder.addCase(clearSession, () => initialReadsState),
});

export const { readsLoaded } = readsSlice.actions;
export const readsReducer = readsSlice.reducer;

/** The address a screen's reads are asked for: the path and its query. */
export const addressOf = (location: { pathname: string; search: string }) => location.pathname + location.search;

/** The screen's data at `address`, in one request. */
export const fetchScreenReads = (address: string, signal?: AbortSignal) =>
  apiRequest<{ data: ScreenReads }>('/reads', { query: { path: address }, signal }).then((body) => body.data);
