import AppointmentsPage from '../features/appointments/appointments-page';
import LoginPage from '../features/auth/login-page';
import LogoutPage from '../features/auth/logout-page';
import ClientsPage from '../features/clients/clients-page';
import DashboardPage from '../features/dashboard/dashboard-page';
import NotFoundPage from '../features/errors/not-found-page';
import ProfilePage from '../features/profile/profile-page';
import ReportsPage from '../features/reports/reports-page';
import UsersPage from '../features/users/users-page';
import type { Screens } from './screens';

// Static imports: the server renders synchronously and must never suspend.
export const serverScreens: Screens = {
  login: LoginPage,
  logout: LogoutPage,
  notFound: NotFoundPage,
  dashboard: DashboardPage,
  clients: ClientsPage,
  appointments: AppointmentsPage,
  reports: ReportsPage,
  users: UsersPage,
  profile: ProfilePage,
};
