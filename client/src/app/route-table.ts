/**
 * The route table shared by the server entry, the browser entry and the build
 * (build.mjs reads the screen modules to map each route to its chunk):
 * path → screen. Keep in step with server/pages.rs (PROTECTED) and build.mjs.
 */
export type ScreenName =
  | 'login'
  | 'logout'
  | 'notFound'
  | 'dashboard'
  | 'clients'
  | 'appointments'
  | 'reports'
  | 'users'
  | 'profile';

export interface RouteEntry {
  path: string;
  screen: ScreenName;
  protected: boolean;
}

export const ROUTES: readonly RouteEntry[] = [
  { path: '/login', screen: 'login', protected: false },
  { path: '/logout', screen: 'logout', protected: false },
  { path: '/dashboard', screen: 'dashboard', protected: true },
  { path: '/clients', screen: 'clients', protected: true },
  { path: '/appointments', screen: 'appointments', protected: true },
  { path: '/reports', screen: 'reports', protected: true },
  { path: '/users', screen: 'users', protected: true },
  { path: '/auth/profile', screen: 'profile', protected: true },
];

/** The screen a path shows (`/` redirects; anything unknown is not found). */
export function screenForPath(pathname: string): ScreenName | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return null;
  return ROUTES.find((r) => r.path === path)?.screen ?? 'notFound';
}
