import { api, dataOf } from '../../lib/api-slice';
import type { ReportQuery, ReportSummary } from './types';

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `GET /api/reports/summary?period` or `?from&to` → `data`; the server
     * preloads the address' summary (the route's read).
     */
    getReportSummary: build.query<ReportSummary, ReportQuery>({
      query: (query) => ({ path: '/reports/summary', query }),
      transformResponse: dataOf<ReportSummary>,
      providesTags: ['Report'],
    }),
  }),
});

export const { useGetReportSummaryQuery } = reportsApi;
