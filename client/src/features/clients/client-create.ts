import { api, dataOf, writes } from '../../lib/api-slice';
import type { ApiClient, ApiClientInput } from '../../lib/api-types';

/** A new client: a name, and any other field of the form (an empty text leaves it blank). */
export type NewClient = Pick<ApiClientInput, 'name'> & Partial<ApiClientInput>;

/**
 * `POST /api/clients`, the one way to create a client: the clients screen's
 * form and the client picker (client-picker.tsx) both use it.
 */
export const clientCreateApi = api.injectEndpoints({
  endpoints: (build) => ({
    createClient: build.mutation<ApiClient, NewClient>({
      query: (body) => ({ path: '/clients', method: 'POST', body }),
      transformResponse: dataOf<ApiClient>,
      ...writes('client'),
    }),
  }),
});

export const { useCreateClientMutation } = clientCreateApi;
