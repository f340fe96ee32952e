import type { ApiMe, ApiProfileInput } from '../../lib/api-types';
import { api, dataOf, getData } from '../../lib/api-slice';

export type Me = ApiMe;

/** Name, e-mail, password; `currentPassword` is required to change the e-mail or the password. */
export type ProfileInput = ApiProfileInput;

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMe: build.query<Me, void>(getData<Me>('/me', 'Me')),
    updateMe: build.mutation<Me, ProfileInput>({
      query: (input) => ({ path: '/me', method: 'PUT', body: input }),
      transformResponse: dataOf<Me>,
      // The user list shows names and e-mails too.
      invalidatesTags: ['Me', 'User'],
    }),
  }),
});

export const { useGetMeQuery, useUpdateMeMutation } = profileApi;
