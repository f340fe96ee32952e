import { api, dataOf, writes } from '../../lib/api-slice';
import { WAITLIST_TAG } from '../../lib/live';
import type { ApiWaitlistEntry, ApiWaitlistInput, ApiWaitlistSettings } from '../../lib/api-types';
import type { ReadArg } from '../../lib/route-reads';

/** The waiting list's endpoints (waitlist-page.tsx): who waits, their offers, the list's settings. */
export const waitlistApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Who waits for a time, first in line first, with each one's open offer (held time: 'Agenda'). */
    getWaitlist: build.query<ApiWaitlistEntry[], ReadArg | void>({
      query: () => ({ path: '/waitlist' }),
      transformResponse: dataOf<ApiWaitlistEntry[]>,
      providesTags: ['Agenda', WAITLIST_TAG],
    }),
    createWaitlistEntry: build.mutation<ApiWaitlistEntry, ApiWaitlistInput>({
      query: (body) => ({ path: '/waitlist', method: 'POST', body }),
      transformResponse: dataOf<ApiWaitlistEntry>,
      ...writes('schedule'),
    }),
    deleteWaitlistEntry: build.mutation<void, number>({
      query: (id) => ({ path: `/waitlist/${id}`, method: 'DELETE' }),
      ...writes('schedule'),
    }),
    /** Takes back an entry's open offer: its time goes to the next in line. */
    withdrawWaitlistOffer: build.mutation<ApiWaitlistEntry, number>({
      query: (id) => ({ path: `/waitlist/${id}/offer`, method: 'DELETE' }),
      transformResponse: dataOf<ApiWaitlistEntry>,
      ...writes('schedule'),
    }),
    getWaitlistSettings: build.query<ApiWaitlistSettings, ReadArg | void>({
      query: () => ({ path: '/waitlist/settings' }),
      transformResponse: dataOf<ApiWaitlistSettings>,
      providesTags: ['Schedule'],
    }),
    putWaitlistSettings: build.mutation<ApiWaitlistSettings, Partial<ApiWaitlistSettings>>({
      query: (body) => ({ path: '/waitlist/settings', method: 'PUT', body }),
      transformResponse: dataOf<ApiWaitlistSettings>,
      ...writes('schedule'),
    }),
  }),
});

export const {
  useGetWaitlistQuery,
  useCreateWaitlistEntryMutation,
  useDeleteWaitlistEntryMutation,
  useWithdrawWaitlistOfferMutation,
  useGetWaitlistSettingsQuery,
  usePutWaitlistSettingsMutation,
} = waitlistApi;
