import type { ApiNewAppointment } from '../../lib/api-types';
import { apiRequest } from '../../lib/api';
import { PAGE_SIZE, type ListQuery } from '../../lib/list-slice';
import type { ListResponse } from '../../lib/types';
import type { Appointment, AppointmentStatus } from '../../lib/appointment';

export function getAppointments(query: ListQuery, signal?: AbortSignal): Promise<ListResponse<Appointment>> {
  return apiRequest('/appointments', { query: { page: 1, per_page: PAGE_SIZE, ...query }, signal });
}

/** PATCH /appointments/{id}/status; cancelling needs a reason. */
export function changeAppointmentStatus(
  appointment: Pick<Appointment, 'id' | 'version'>,
  status: AppointmentStatus,
  cancellationReason?: string,
): Promise<{ data: Appointment }> {
  return apiRequest(`/appointments/${appointment.id}/status`, {
    method: 'PATCH',
    body: { status, version: appointment.version, ...(cancellationReason !== undefined ? { cancellationReason } : {}) },
  });
}

export type NewAppointment = ApiNewAppointment;

export function createAppointment(input: NewAppointment): Promise<{ data: Appointment }> {
  return apiRequest('/appointments', { method: 'POST', body: input });
}

/** People to pick from: clients matching `q`, and (admins only) the active staff. */
export function searchClients(q: string): Promise<ListResponse<{ id: number; name: string }>> {
  return apiRequest('/clients', { query: { page: 1, per_page: 10, q } });
}

export function listStaff(): Promise<ListResponse<{ id: number; name: string; active: boolean }>> {
  return apiRequest('/users', { query: { page: 1, per_page: 100 } });
}
