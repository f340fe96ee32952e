import { useEffect } from 'react';
import type { AsyncThunkAction } from '@reduxjs/toolkit';
import { useAppDispatch, useAppStore } from '../hooks/store';
import type { ListName } from './api-writes';
import { listShown, type ListQuery } from './list-slice';
import { takeServerRendered } from './server-rendered';

type FetchList = (query?: ListQuery) => AsyncThunkAction<unknown, ListQuery | undefined, { rejectValue: string }>;

/**
 * Loads a list screen's slice (`clients` or `appointments`) for `query`, the
 * address's page and filters: again whenever the query changes, but not on
 * the page the server rendered (its HTML already shows that very list). A
 * newer query aborts the older one, whose answer would come late. The query
 * on screen is announced (`listShown`), so that a write elsewhere, or the
 * list's "try again" (`refreshList`), loads it again (app/list-refresh.ts).
 */
export function useListLoader(slice: ListName, fetchList: FetchList, query: ListQuery) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  // The query by value: a new object with the same page and filters is the same query.
  const key = JSON.stringify(query);

  useEffect(() => {
    const shown = JSON.parse(key) as ListQuery;
    dispatch(listShown({ list: slice, query: shown }));
    const request = takeServerRendered(store, slice) ? null : dispatch(fetchList(shown));
    return () => {
      request?.abort();
      dispatch(listShown({ list: slice, query: null }));
    };
  }, [dispatch, store, slice, fetchList, key]);
}
