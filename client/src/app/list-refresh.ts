import { createListenerMiddleware, isFulfilled, type AsyncThunkAction } from '@reduxjs/toolkit';
import { fetchAppointments } from '../features/appointments/appointments-slice';
import { fetchClients } from '../features/clients/clients-slice';
import { API_REDUCER_PATH, CHANGES, type ListName, type WriteMeta } from '../lib/api-writes';
import { listShown, refreshList, type ListQuery } from '../lib/list-slice';

type FetchList = (query?: ListQuery) => AsyncThunkAction<unknown, ListQuery | undefined, { rejectValue: string }>;

const FETCH: Record<ListName, FetchList> = { clients: fetchClients, appointments: fetchAppointments };

/** The entities a fulfilled mutation of the api wrote (`writes` in lib/api-slice.ts), if any. */
function writtenEntities(action: unknown) {
  if (!isFulfilled(action) || !action.type.startsWith(`${API_REDUCER_PATH}/executeMutation/`)) return null;
  return (action.meta as { baseQueryMeta?: Partial<WriteMeta> }).baseQueryMeta?.writes ?? null;
}

/**
 * The spec's lists (clients, appointments) are not api queries, so tags
 * cannot reload them: this listener does. It keeps the page each list
 * screen shows (`listShown`) and loads it again after a write of an entity
 * that changes that list (`CHANGES`), or when the screen asks
 * (`refreshList`). A newer load of the same list aborts an older one. One per
 * store: what it keeps belongs to that store's screens.
 */
export function listRefreshMiddleware() {
  const listener = createListenerMiddleware();
  const shown: Partial<Record<ListName, ListQuery>> = {};
  const loading: Partial<Record<ListName, { abort: () => void }>> = {};

  const stop = (list: ListName) => {
    loading[list]?.abort();
    delete loading[list];
  };

  listener.startListening({
    actionCreator: listShown,
    effect: ({ payload: { list, query } }) => {
      // A new page on screen: the screen loads it; an older reload would land late.
      stop(list);
      if (query) shown[list] = query;
      else delete shown[list];
    },
  });

  listener.startListening({
    predicate: (action) => refreshList.match(action) || writtenEntities(action) !== null,
    effect: (action, { dispatch }) => {
      const entities = writtenEntities(action) ?? [];
      const lists: readonly ListName[] = refreshList.match(action) ? [action.payload] : [...new Set(entities.flatMap((entity) => CHANGES[entity].lists))];
      for (const list of lists) {
        const query = shown[list];
        if (!query) continue;
        stop(list);
        loading[list] = dispatch(FETCH[list](query));
      }
    },
  });

  return listener.middleware;
}
