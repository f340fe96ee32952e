import type { ApiDashboard } from '../../lib/api-types';

export type Dashboard = ApiDashboard;
export type StaffDay = Dashboard['todayByStaff'][number];
export type ClientReply = Dashboard['clientReplies'][number];
export type Awaiting = Dashboard['awaiting'][number];
