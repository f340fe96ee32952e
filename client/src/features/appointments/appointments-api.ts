import { apiRequest } from '../../lib/api';
import { PAGE_SIZE, type ListQuery } from '../../lib/list-slice';
import type { ListResponse } from '../../lib/types';
import type { Appointment, AppointmentStatus } from '../../lib/appointment';

export function getAppointments(query: ListQuery): Promise<ListResponse<Appointment>> {
  return apiRequest('/appointments', { query: { page: 1, per_page: PAGE_SIZE, ...query } });
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
