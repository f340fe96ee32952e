import { createAction } from '@reduxjs/toolkit';
import type { AppDispatch } from './store';
import { API_REDUCER_PATH, CHANGES } from '../lib/api-writes';
import { refreshList } from '../lib/list-slice';
import { announceChange, announcePresence, liveTags, parseChange, parsePresence, type TagDescription } from '../lib/live';
import { toast } from '../lib/toast';

/**
 * RTK Query's own `invalidateTags` action (the same type as
 * `api.util.invalidateTags`), made here so that the shell need not load the
 * api: before a screen has loaded it, nothing is cached to invalidate.
 */
const invalidateTags = createAction<readonly TagDescription[]>(`${API_REDUCER_PATH}/invalidateTags`);

/** Changes that arrive together (a series booked, a burst) are read again once. */
const SETTLE_MS = 150;

/** Without the stream, how often the screens read their appointments again. */
export const POLL_MS = 30_000;

/** Failed connections in a row (none opened between them) after which the stream is given up for polling. */
export const STREAM_TRIES = 3;

/** What the desk is told when a client confirms or cancels through their link. */
export const CLIENT_REPLY_TOAST = 'Um cliente respondeu pelo link: veja no Dashboard, em "Respostas dos clientes".';

/** What the desk is told when a client books on the public page. */
export const ONLINE_BOOKING_TOAST = 'Novo agendamento pela internet: veja na agenda (marcado com o globo).';

/**
 * The live agenda: while signed in, `GET /api/events` (server-sent events,
 * sent with the session cookie) tells of every appointment created, changed
 * or deleted, by anyone. Each change is told to the page (`lib/live.ts`:
 * the agenda's "alterado por" note, an open dialog's warning) and makes
 * stale only what it touches (`liveTags`: the agendas of its staff
 * member's day, that appointment, the counts), so those screens read theirs
 * again as the user's own write would. `reload` (changes were lost, or the
 * stream could not resume) makes every appointment screen read again. The
 * browser reconnects by itself, sending the last event's id so that nothing
 * is missed. A client's answer through their link, and a client's own
 * booking on the public page, are also told in a toast. `presence` tells
 * who has an appointment's dialog or a client's form open (lib/live.ts).
 *
 * When the stream cannot run (refused: a 401 once the session ended, a
 * proxy that answers something else; or failing `STREAM_TRIES` times in a
 * row), the screens read their appointments again every `POLL_MS` instead;
 * the agenda's read answers 304 when nothing changed (lib/api.ts keeps its
 * ETag). Signing in again opens a new stream.
 */
export function openLiveStream(dispatch: AppDispatch): () => void {
  let pending: TagDescription[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let poll: ReturnType<typeof setInterval> | null = null;
  const refresh = () => {
    timer = null;
    dispatch(invalidateTags(pending));
    pending = [];
    for (const list of CHANGES.appointment.lists) dispatch(refreshList(list));
  };
  const stale = (tags: readonly TagDescription[]) => {
    pending.push(...tags);
    timer ??= setTimeout(refresh, SETTLE_MS);
  };
  const everything = () => stale(CHANGES.appointment.tags);
  const fallBack = () => {
    poll ??= setInterval(everything, POLL_MS);
  };
  if (typeof EventSource === 'undefined') {
    fallBack();
    return () => {
      if (poll) clearInterval(poll);
    };
  }
  const source = new EventSource('/api/events');
  let failures = 0;
  source.addEventListener('open', () => {
    failures = 0;
  });
  source.addEventListener('error', () => {
    failures += 1;
    // CLOSED: refused (not a stream); else the browser tries again, up to a point.
    if (source.readyState === EventSource.CLOSED || failures >= STREAM_TRIES) {
      source.close();
      fallBack();
    }
  });
  source.addEventListener('change', (event) => {
    const change = parseChange(event.data);
    if (!change) return everything();
    if (change.author.kind === 'client') toast.info(CLIENT_REPLY_TOAST, { toastId: `client-reply-${event.lastEventId}` });
    if (change.author.kind === 'online') toast.info(ONLINE_BOOKING_TOAST, { toastId: `online-booking-${event.lastEventId}` });
    announceChange(change);
    stale(liveTags(change));
  });
  source.addEventListener('reload', everything);
  // Someone opened or closed a record to edit ("Ana está editando").
  source.addEventListener('presence', (event) => {
    const presence = parsePresence(event.data);
    if (presence) announcePresence(presence);
  });
  return () => {
    source.close();
    if (timer) clearTimeout(timer);
    if (poll) clearInterval(poll);
  };
}
