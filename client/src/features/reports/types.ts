import type { AppointmentStatus } from '../../lib/appointment';

export interface DayFigures {
  date: string;
  total: number;
  concluido: number;
  cancelado: number;
  faltou: number;
}

export interface StaffFigures {
  staffId: number;
  staffName: string;
  total: number;
  concluido: number;
  faltou: number;
  cancelado: number;
  revenueCents: number;
}

/** `GET /api/reports/summary?from&to` → `data`. Rates are fractions 0–1. */
export interface ReportSummary {
  from: string;
  to: string;
  timeZone: string;
  total: number;
  byStatus: Record<AppointmentStatus, number>;
  byDay: DayFigures[];
  byStaff: StaffFigures[];
  noShowRate: number;
  cancellationRate: number;
  revenueCents: number;
  newClients: number;
}

export interface Period {
  from: string;
  to: string;
}
