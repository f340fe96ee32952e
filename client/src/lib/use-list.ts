import { useEffect } from 'react';
import type { AsyncThunkAction } from '@reduxjs/toolkit';
import { useAppDispatch, useAppStore } from '../hooks/store';
import type { ListQuery } from './list-slice';
import { takeServerRendered } from './server-rendered';

type FetchList = (query?: ListQuery) => AsyncThunkAction<unknown, ListQuery | undefined, { rejectValue: string }>;

/**
 * Loads a list screen's slice (`clients` or `appointments`) for `query`, the
 * address's page and filters: again whenever the query changes, but not on
 * the page the server rendered (its HTML already shows that very list). A
 * newer query aborts the older one, whose answer would come late. Returns
 * `load()`, which fetches the same query again (after a change).
 */
export function useListLoader(slice: string, fetchList: FetchList, query: ListQuery) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  // The query by value: a new object with the same page and filters is the same query.
  const key = JSON.stringify(query);

  useEffect(() => {
    if (takeServerRendered(store, slice)) return;
    const request = dispatch(fetchList(JSON.parse(key) as ListQuery));
    return () => request.abort();
  }, [dispatch, store, slice, fetchList, key]);

  return () => dispatch(fetchList(query));
}
