/**
 * Every feature's api endpoints, injected at once, then the api plugged
 * into the store (plugInApi), which seeds any of them from a page's state.
 * The server loads this with its bundle; the browser with every screen that
 * needs it (screens-module.mjs), so a page that needs no api (the sign-in,
 * the clients list) hydrates without RTK Query. A test checks that each endpoint a route's
 * reads name is here (route-reads.test.ts).
 */
import { api } from '../lib/api-slice';
import { plugInApi } from './store';

export { calendarApi } from '../features/schedule/lib/calendar-api';
export { agendaApi } from '../features/appointments/agenda-api';
export { waitlistApi } from '../features/appointments/waitlist-api';
export { remindersApi } from '../features/reminders/reminders-api';
export { clientApi } from '../features/clients/clients-api';
export { dashboardApi } from '../features/dashboard/dashboard-api';
export { profileApi } from '../features/profile/profile-api';
export { reportsApi } from '../features/reports/reports-api';
export { scheduleApi } from '../features/schedule/lib/schedule-api';
export { usersApi } from '../features/users/users-api';

// Imports run first: every endpoint above is defined by now.
plugInApi(api);
