import type { ApiDayFigures, ApiReportSummary, ApiStaffFigures } from '../../lib/api-types';

export type DayFigures = ApiDayFigures;
export type StaffFigures = ApiStaffFigures;
/** `GET /api/reports/summary?from&to` → `data`. Rates are fractions 0–1. */
export type ReportSummary = ApiReportSummary;

export interface Period {
  from: string;
  to: string;
}
