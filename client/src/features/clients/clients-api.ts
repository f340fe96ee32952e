import { apiRequest } from '../../lib/api';
import { PAGE_SIZE, type ListQuery } from '../../lib/list-slice';
import type { ListResponse } from '../../lib/types';
import type { Client } from './types';

export function getClients(query: ListQuery): Promise<ListResponse<Client>> {
  return apiRequest('/clients', { query: { page: 1, per_page: PAGE_SIZE, ...query } });
}
