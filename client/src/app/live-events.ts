import { createAction } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useAppDispatch } from '../hooks/store';
import { API_REDUCER_PATH, CHANGES, type Tag } from '../lib/api-writes';
import { refreshList } from '../lib/list-slice';

/**
 * RTK Query's own `invalidateTags` action (the same type as
 * `api.util.invalidateTags`), made here so that the shell need not load the
 * api: before a screen has loaded it, nothing is cached to invalidate.
 */
const invalidateTags = createAction<readonly Tag[]>(`${API_REDUCER_PATH}/invalidateTags`);

/** Changes that arrive together (a series booked, a burst) are read again once. */
const SETTLE_MS = 150;

/**
 * The live agenda: while signed in, `GET /api/events` (server-sent events,
 * sent with the session cookie) tells of every appointment created, changed
 * or deleted, by anyone; each change makes the screens showing appointments
 * (agenda, dashboard, reports, a client's record, the appointments list)
 * read theirs again, as the user's own write would. `reload` (changes were
 * lost, or the stream could not resume) does the same. The browser
 * reconnects by itself, sending the last event's id so that nothing is
 * missed; a 401 (the session ended) closes it for good, and signing in
 * again opens a new one. No polling behind it.
 */
export function useLiveEvents(token: string | null | undefined): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!token || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      timer = null;
      dispatch(invalidateTags(CHANGES.appointment.tags));
      for (const list of CHANGES.appointment.lists) dispatch(refreshList(list));
    };
    const changed = () => {
      timer ??= setTimeout(refresh, SETTLE_MS);
    };
    source.addEventListener('change', changed);
    source.addEventListener('reload', changed);
    return () => {
      source.close();
      if (timer) clearTimeout(timer);
    };
  }, [token, dispatch]);
}
