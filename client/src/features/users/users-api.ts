import { apiRequest } from '../../lib/api';
import { PAGE_SIZE } from '../../lib/list-slice';
import type { ListResponse } from '../../lib/types';
import type { User } from './types';

export function getUsers(page: number): Promise<ListResponse<User>> {
  return apiRequest('/users', { query: { page, per_page: PAGE_SIZE } });
}

export function setUserActive(id: number, active: boolean): Promise<{ data: User }> {
  return apiRequest(`/users/${id}/${active ? 'activate' : 'deactivate'}`, { method: 'POST' });
}
