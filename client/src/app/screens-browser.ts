import { lazyScreen, type LazyScreen } from '../lib/lazy-screen';
import type { ScreenName } from './route-table';
import type { Screens } from './screens';

// Each dynamic import becomes its own chunk; build.mjs maps routes to them.
const lazyScreens: Record<ScreenName, LazyScreen> = {
  login: lazyScreen(() => import('../features/auth/login-page')),
  logout: lazyScreen(() => import('../features/auth/logout-page')),
  notFound: lazyScreen(() => import('../features/errors/not-found-page')),
  dashboard: lazyScreen(() => import('../features/dashboard/dashboard-page')),
  clients: lazyScreen(() => import('../features/clients/clients-page')),
  appointments: lazyScreen(() => import('../features/appointments/appointments-page')),
  reports: lazyScreen(() => import('../features/reports/reports-page')),
  users: lazyScreen(() => import('../features/users/users-page')),
  profile: lazyScreen(() => import('../features/profile/profile-page')),
};

export const browserScreens = Object.fromEntries(
  Object.entries(lazyScreens).map(([name, s]) => [name, s.Component]),
) as Screens;

export function preloadScreen(name: ScreenName): Promise<void> {
  return lazyScreens[name].preload();
}

/** Loads every screen's chunk, so later navigation never waits on the network. */
export function preloadAllScreens(): void {
  for (const screen of Object.values(lazyScreens)) screen.preload().catch(() => undefined);
}
