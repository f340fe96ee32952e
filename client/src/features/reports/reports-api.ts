import { api, dataOf } from '../../lib/api-slice';
import type { PeriodName, ReportQuery, ReportSummary } from './types';

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `GET /api/reports/summary?period` or `?from&to` → `data`; the server
     * preloads the address' summary as `page.reports`, cached under the query
     * `reportQuery` (reports-page.tsx) reads from the same address.
     */
    getReportSummary: build.query<ReportSummary, ReportQuery>({
      query: (query) => ({ path: '/reports/summary', query }),
      transformResponse: dataOf<ReportSummary>,
      providesTags: ['Report'],
    }),
  }),
});

export const { useGetReportSummaryQuery } = reportsApi;

/** The query a summary answers (the key the server's summary is cached under). */
export function summaryQuery(summary: ReportSummary): ReportQuery {
  return summary.period ? { period: summary.period as PeriodName } : { from: summary.from, to: summary.to };
}
