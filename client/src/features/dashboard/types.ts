import type { Appointment } from '../../lib/appointment';

export interface Dashboard {
  clientsTotal: number;
  appointmentsToday: number;
  appointmentsWeek: number;
  revenueMonthCents: number;
  upcoming: Appointment[];
}
