import type { ApiCalendarFeed } from '../../../lib/api-types';
import { api, dataOf, writes } from '../../../lib/api-slice';

export type CalendarFeed = ApiCalendarFeed;

/** Whose feed: a user's (`id`, admins) or the signed-in user's own (no `id`). */
export interface CalendarFeedArgs {
  id?: number;
}

const feedPath = ({ id }: CalendarFeedArgs) => (id ? `/users/${id}/calendar` : '/me/calendar');

/**
 * A staff member's calendar subscription address (`/ical/{token}.ics`):
 * the profile reads its own, an admin's user page anyone's (routes.json
 * seeds both). "Gerar novo" replaces it; the old address stops at once.
 */
export const calendarApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCalendarFeed: build.query<CalendarFeed, CalendarFeedArgs>({
      query: (args) => ({ path: feedPath(args) }),
      transformResponse: dataOf<CalendarFeed>,
      providesTags: ['Calendar'],
    }),
    regenerateCalendarFeed: build.mutation<CalendarFeed, CalendarFeedArgs>({
      query: (args) => ({ path: feedPath(args), method: 'POST' }),
      transformResponse: dataOf<CalendarFeed>,
      ...writes('calendar'),
    }),
  }),
});

export const { useGetCalendarFeedQuery, useRegenerateCalendarFeedMutation } = calendarApi;
