import type { ApiLoginData, ApiMe, ApiProfileInput } from '../../lib/api-types';
import { api, getData, writes } from '../../lib/api-slice';
import type { ReadArg } from '../../lib/route-reads';

export type Me = ApiMe;

/** Name, e-mail, password; `currentPassword` is required to change the e-mail or the password. */
export type ProfileInput = ApiProfileInput;

/** The user, and after a password change the session that replaces this one. */
export interface ProfileAnswer {
  data: Me;
  session?: ApiLoginData;
}

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The profile page's read seeds it under `{}` (routes.json). */
    getMe: build.query<Me, ReadArg | void>(getData<Me>('/me', 'Me')),
    updateMe: build.mutation<ProfileAnswer, ProfileInput>({
      query: (input) => ({ path: '/me', method: 'PUT', body: input }),
      // One of the users: the user list and the pickers show names too.
      ...writes('user'),
    }),
  }),
});

export const { useGetMeQuery, useUpdateMeMutation } = profileApi;
