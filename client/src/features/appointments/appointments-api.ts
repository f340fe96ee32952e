import type { ApiNewAppointment } from '../../lib/api-types';
import { apiRequest } from '../../lib/api';
import { PAGE_SIZE, type ListQuery } from '../../lib/list-slice';
import type { ListResponse } from '../../lib/types';
import type { Appointment } from '../../lib/appointment';

export function getAppointments(query: ListQuery, signal?: AbortSignal): Promise<ListResponse<Appointment>> {
  return apiRequest('/appointments', { query: { page: 1, per_page: PAGE_SIZE, ...query }, signal });
}

export type NewAppointment = ApiNewAppointment;
