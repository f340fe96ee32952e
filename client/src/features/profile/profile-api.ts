import { api } from '../../lib/api-slice';

export interface Me {
  id: number;
  name: string;
  email: string;
  role: string;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface ProfileInput {
  name?: string;
  email?: string;
  /** Required by the server to change the e-mail or the password. */
  currentPassword?: string;
  newPassword?: string;
}

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMe: build.query<Me, void>({
      query: () => ({ path: '/me' }),
      transformResponse: (body: { data: Me }) => body.data,
      providesTags: ['Me'],
    }),
    updateMe: build.mutation<Me, ProfileInput>({
      query: (input) => ({ path: '/me', method: 'PUT', body: input }),
      transformResponse: (body: { data: Me }) => body.data,
      // The user list shows names and e-mails too.
      invalidatesTags: ['Me', 'User'],
    }),
  }),
});

export const { useGetMeQuery, useUpdateMeMutation } = profileApi;
