import { api, getData } from '../../lib/api-slice';
import type { Dashboard } from './types';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/dashboard` → `data`; the server preloads it as `page.dashboard`. */
    getDashboard: build.query<Dashboard, void>(getData<Dashboard>('/dashboard', 'Dashboard')),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;
