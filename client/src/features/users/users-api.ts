import { api } from '../../lib/api-slice';
import { PAGE_SIZE } from '../../lib/list-slice';
import type { ListResponse } from '../../lib/types';
import type { User } from './types';

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of `GET /api/users`; the server preloads the first as `page.users`. */
    getUsers: build.query<ListResponse<User>, number>({
      query: (page) => ({ path: '/users', query: { page, per_page: PAGE_SIZE } }),
      providesTags: ['User'],
    }),
    setUserActive: build.mutation<User, { id: number; active: boolean }>({
      query: ({ id, active }) => ({ path: `/users/${id}/${active ? 'activate' : 'deactivate'}`, method: 'POST' }),
      transformResponse: (body: { data: User }) => body.data,
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useGetUsersQuery, useSetUserActiveMutation } = usersApi;
