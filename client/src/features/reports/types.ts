import type { ApiDayFigures, ApiReportSummary, ApiStaffFigures } from '../../lib/api-types';

export type DayFigures = ApiDayFigures;
export type StaffFigures = ApiStaffFigures;
/** `GET /api/reports/summary` → `data`. Rates are fractions 0–1. */
export type ReportSummary = ApiReportSummary;

/** A named period, resolved by the server in the business time zone. */
export type PeriodName = 'today' | 'week' | 'month' | 'last_month';

/** What the reports screen asks for: a named period or two dates (`to` inclusive). */
export type ReportQuery = { period: PeriodName } | { from: string; to: string };
