import { api, dataOf, writes } from '../../lib/api-slice';
import { PAGE_SIZE } from '../../lib/list-slice';
import type { ListResponse } from '../../lib/types';
import type { NewUser, User, UserUpdate } from './types';

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of `GET /api/users`; the server preloads the first (the route's read). */
    getUsers: build.query<ListResponse<User>, { page: number }>({
      query: ({ page }) => ({ path: '/users', query: { page, per_page: PAGE_SIZE } }),
      providesTags: ['User'],
    }),
    /** One user (`/users/:id`'s read). */
    getUser: build.query<User, { id: number }>({
      query: ({ id }) => ({ path: `/users/${id}` }),
      transformResponse: dataOf<User>,
      providesTags: ['User'],
    }),
    /** `POST /api/users`; a 422 carries the field errors (`errors`). */
    createUser: build.mutation<User, NewUser>({
      query: (body) => ({ path: '/users', method: 'POST', body }),
      transformResponse: dataOf<User>,
      ...writes('user'),
    }),
    /** `PUT /api/users/{id}`: what is sent changes (here: the role). */
    updateUser: build.mutation<User, { id: number; changes: UserUpdate }>({
      query: ({ id, changes }) => ({ path: `/users/${id}`, method: 'PUT', body: changes }),
      transformResponse: dataOf<User>,
      ...writes('user'),
    }),
    setUserActive: build.mutation<User, { id: number; active: boolean }>({
      query: ({ id, active }) => ({ path: `/users/${id}/${active ? 'activate' : 'deactivate'}`, method: 'POST' }),
      transformResponse: dataOf<User>,
      ...writes('user'),
    }),
  }),
});

export const { useGetUsersQuery, useGetUserQuery, useCreateUserMutation, useUpdateUserMutation, useSetUserActiveMutation } = usersApi;
