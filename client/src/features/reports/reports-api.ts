import { api, dataOf } from '../../lib/api-slice';
import type { Period, ReportSummary } from './types';

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/reports/summary?from&to` → `data`; the server preloads this month's as `page.reports`. */
    getReportSummary: build.query<ReportSummary, Period>({
      query: ({ from, to }) => ({ path: '/reports/summary', query: { from, to } }),
      transformResponse: dataOf<ReportSummary>,
      providesTags: ['Report'],
    }),
  }),
});

export const { useGetReportSummaryQuery } = reportsApi;
