/**
 * Every feature's api endpoints, injected at once: the store seeds any of
 * them from a page's state (store.ts), and a test checks that each endpoint
 * a route's reads name is here (route-reads.test.ts).
 */
export { calendarApi } from '../lib/calendar-api';
export { agendaApi } from '../features/appointments/agenda-api';
export { remindersApi } from '../features/appointments/reminders-api';
export { clientApi } from '../features/clients/clients-api';
export { dashboardApi } from '../features/dashboard/dashboard-api';
export { profileApi } from '../features/profile/profile-api';
export { reportsApi } from '../features/reports/reports-api';
export { scheduleApi } from '../lib/schedule-api';
export { usersApi } from '../features/users/users-api';
