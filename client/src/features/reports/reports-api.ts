import { apiRequest } from '../../lib/api';
import type { Meta } from '../../lib/types';

interface Counted {
  meta: Meta;
}

/** Appointments with a status, counted through the list's total (one row asked). */
export async function countAppointments(status: string): Promise<number> {
  const answer = await apiRequest<Counted>('/appointments', { query: { page: 1, per_page: 1, status } });
  return answer.meta.total;
}

export async function countClients(): Promise<number> {
  const answer = await apiRequest<Counted>('/clients', { query: { page: 1, per_page: 1 } });
  return answer.meta.total;
}
