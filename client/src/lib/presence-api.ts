import { useEffect } from 'react';
import { api } from './api-slice';
import { PRESENCE_RENEW_MS, type PresenceSubject } from './live';

/** `POST /api/presence`: tells the others this user has a record open (ephemeral: it changes no data, so it invalidates nothing). */
const presenceApi = api.injectEndpoints({
  endpoints: (build) => ({
    announcePresence: build.mutation<void, { subject: PresenceSubject; id: number; active: boolean }>({
      query: (body) => ({ path: '/presence', method: 'POST', body }),
    }),
  }),
});

/**
 * While the component is mounted, the others see "NOME está editando" on
 * `subject` `id` (the live stream's `presence`): announced now, renewed
 * every 15 s, withdrawn on unmount. A failure is not the user's concern
 * (the stream may be down): nothing is shown.
 */
export function useAnnouncePresence(subject: PresenceSubject, id: number | null): void {
  const [announce] = presenceApi.useAnnouncePresenceMutation();
  useEffect(() => {
    if (id === null) return;
    const send = (active: boolean) => void announce({ subject, id, active }).unwrap().catch(() => {});
    send(true);
    const timer = setInterval(() => send(true), PRESENCE_RENEW_MS);
    return () => {
      clearInterval(timer);
      send(false);
    };
  }, [announce, subject, id]);
}
