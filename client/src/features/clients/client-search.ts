import { api } from '../../lib/api-slice';
import type { ApiClient } from '../../lib/api-types';
import type { ListResponse } from '../../lib/types';

/**
 * Clients whose name, e-mail, phone or CPF match `q` (`GET /api/clients?q=`,
 * its first 8): the search-as-you-type of the client picker
 * (client-picker.tsx), which the booking, the agenda's filter and
 * the merging of two clients share.
 */
export const clientSearchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchClients: build.query<ApiClient[], string>({
      query: (q) => ({ path: '/clients', query: { page: 1, per_page: 8, q } }),
      transformResponse: (body: ListResponse<ApiClient>) => body.data,
    }),
  }),
});

export const { useSearchClientsQuery } = clientSearchApi;
