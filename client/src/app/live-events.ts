import { createAction } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useAppDispatch } from '../hooks/store';
import { API_REDUCER_PATH, CHANGES, type Tag } from '../lib/api-writes';
import { refreshList } from '../lib/list-slice';
import { toast } from '../lib/toast';

/**
 * RTK Query's own `invalidateTags` action (the same type as
 * `api.util.invalidateTags`), made here so that the shell need not load the
 * api: before a screen has loaded it, nothing is cached to invalidate.
 */
const invalidateTags = createAction<readonly Tag[]>(`${API_REDUCER_PATH}/invalidateTags`);

/** Changes that arrive together (a series booked, a burst) are read again once. */
const SETTLE_MS = 150;

/** What the desk is told when a client confirms or cancels through their link. */
export const CLIENT_REPLY_TOAST = 'Um cliente respondeu pelo link: veja no Dashboard, em "Respostas dos clientes".';

/** What the desk is told when a client books on the public page. */
export const ONLINE_BOOKING_TOAST = 'Novo agendamento pela internet: veja na agenda (marcado com o globo).';

/** Who wrote a change event: `client` (through their link), `online` (the public page), or another. */
function authorOf(event: MessageEvent<string>): string | undefined {
  try {
    return (JSON.parse(event.data) as { author?: { kind?: string } }).author?.kind;
  } catch {
    return undefined;
  }
}

/**
 * The live agenda: while signed in, `GET /api/events` (server-sent events,
 * sent with the session cookie) tells of every appointment created, changed
 * or deleted, by anyone; each change makes the screens showing appointments
 * (agenda, dashboard, reports, a client's record, the appointments list)
 * read theirs again, as the user's own write would. `reload` (changes were
 * lost, or the stream could not resume) does the same. The browser
 * reconnects by itself, sending the last event's id so that nothing is
 * missed; a 401 (the session ended) closes it for good, and signing in
 * again opens a new one. No polling behind it. A client's answer through
 * their link, and a client's own booking on the public page, are also
 * told in a toast.
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
    source.addEventListener('change', (event) => {
      const author = authorOf(event);
      if (author === 'client') toast.info(CLIENT_REPLY_TOAST, { toastId: `client-reply-${event.lastEventId}` });
      if (author === 'online') toast.info(ONLINE_BOOKING_TOAST, { toastId: `online-booking-${event.lastEventId}` });
      changed();
    });
    source.addEventListener('reload', changed);
    return () => {
      source.close();
      if (timer) clearTimeout(timer);
    };
  }, [token, dispatch]);
}
