import { createAction, createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { errorMessage } from './api';
import type { ListName } from './api-writes';
import { clearSession } from './session-actions';
import type { ListResponse, Meta } from './types';

/** The state of a fetched list (docs/behaviour.md#data-areas). */
export interface ListState<T> {
  list: T[];
  meta: Meta | null;
  loading: boolean;
  error: string | null;
}

export const PAGE_SIZE = 10;

export interface ListQuery {
  page?: number;
  q?: string;
  [key: string]: string | number | undefined;
}

/**
 * A screen shows `query` of `list` (null: it no longer does). Only the list
 * refresher listens (app/list-refresh.ts): it loads that page again after a
 * write, or when asked with `refreshList`.
 */
export const listShown = createAction<{ list: ListName; query: ListQuery | null }>('lists/shown');

/** Load the page of `list` on screen again (the list's "try again"). */
export const refreshList = createAction<ListName>('lists/refresh');

/**
 * Clients and appointments share their semantics: a fetch sets loading and
 * clears the error, success replaces the list, failure stores the server's
 * message or the slice's default; items can be added, removed by id, cleared.
 */
export function createListSlice<T extends { id: number }>(
  name: string,
  fetchPage: (query: ListQuery, signal?: AbortSignal) => Promise<ListResponse<T>>,
  defaultError: string,
) {
  const initialState: ListState<T> = { list: [], meta: null, loading: false, error: null };

  const fetchList = createAsyncThunk<ListResponse<T>, ListQuery | undefined, { rejectValue: string }>(
    `${name}/fetch`,
    async (query, { rejectWithValue, signal }) => {
      try {
        return await fetchPage({ page: 1, ...query }, signal);
      } catch (error) {
        return rejectWithValue(errorMessage(error, defaultError));
      }
    },
  );

  const slice = createSlice({
    name,
    initialState,
    reducers: {
      add(state, action: PayloadAction<T>) {
        (state.list as T[]).push(action.payload);
      },
      remove(state, action: PayloadAction<number>) {
        state.list = (state.list as T[]).filter((item) => item.id !== action.payload) as typeof state.list;
      },
      clear: () => initialState,
    },
    extraReducers: (builder) => {
      builder
        .addCase(fetchList.pending, (state) => {
          state.loading = true;
          state.error = null;
        })
        .addCase(fetchList.fulfilled, (state, action) => {
          state.list = action.payload.data as typeof state.list;
          state.meta = action.payload.meta ?? null;
          state.loading = false;
        })
        .addCase(fetchList.rejected, (state, action) => {
          // A fetch superseded by a newer one (the page changed) is not a failure.
          if (action.meta.aborted) return;
          state.loading = false;
          state.error = action.payload ?? defaultError;
        })
        .addCase(clearSession, () => initialState);
    },
  });

  return { slice, fetchList, initialState };
}
