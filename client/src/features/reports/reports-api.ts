import { apiRequest } from '../../lib/api';
import type { Period, ReportSummary } from './types';

export async function getReportSummary(period: Period): Promise<ReportSummary> {
  return (await apiRequest<{ data: ReportSummary }>('/reports/summary', { query: { from: period.from, to: period.to } })).data;
}
