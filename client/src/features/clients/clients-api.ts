import type { ApiClientInput } from '../../lib/api-types';
import { apiRequest } from '../../lib/api';
import { PAGE_SIZE, type ListQuery } from '../../lib/list-slice';
import type { ListResponse } from '../../lib/types';
import type { Client } from './types';

export function getClients(query: ListQuery, signal?: AbortSignal): Promise<ListResponse<Client>> {
  return apiRequest('/clients', { query: { page: 1, per_page: PAGE_SIZE, ...query }, signal });
}

/** The editable fields; an empty text clears a field. */
export type ClientInput = ApiClientInput;

export function createClient(input: ClientInput): Promise<{ data: Client }> {
  return apiRequest('/clients', { method: 'POST', body: input });
}

/** `version` is the one read: a stale edit gets 409 instead of overwriting. */
export function updateClient(id: number, input: ClientInput, version: number): Promise<{ data: Client }> {
  return apiRequest(`/clients/${id}`, { method: 'PUT', body: { ...input, version } });
}
