import type { ApiDayFigures, ApiReportSummary, ApiServiceFigures, ApiStaffFigures } from '../../lib/api-types';

export type DayFigures = ApiDayFigures;
export type StaffFigures = ApiStaffFigures;
/** A service's figures: appointments grouped by the service's name as kept on each (case, accents and edge spaces aside). */
export type ServiceFigures = ApiServiceFigures;
/** `GET /api/reports/summary` → `data`. Rates are fractions 0–1. */
export type ReportSummary = ApiReportSummary;

/** A named period, resolved by the server in the business time zone. */
export type PeriodName = 'today' | 'week' | 'month' | 'last_month';

/** What the reports screen asks for: a named period or two dates (`to` inclusive). */
export type ReportQuery = { period: PeriodName } | { from: string; to: string };
