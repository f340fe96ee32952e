import type { ReadArg } from '../../lib/route-reads';
import { api, getData } from '../../lib/api-slice';
import type { Dashboard } from './types';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/dashboard` → `data`; the server preloads it (the route's read, no arguments). */
    getDashboard: build.query<Dashboard, ReadArg>(getData<Dashboard>('/dashboard', 'Dashboard')),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;
