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
  /** The document title's first part, as server/pages.rs writes it. */
  title: string;
}

export const ROUTES: readonly RouteEntry[] = [
  { path: '/login', screen: 'login', protected: false, title: 'Entrar' },
  { path: '/logout', screen: 'logout', protected: false, title: 'Sair' },
  { path: '/dashboard', screen: 'dashboard', protected: true, title: 'Dashboard' },
  { path: '/clients', screen: 'clients', protected: true, title: 'Clientes' },
  { path: '/appointments', screen: 'appointments', protected: true, title: 'Agendamentos' },
  { path: '/reports', screen: 'reports', protected: true, title: 'Relatórios' },
  { path: '/users', screen: 'users', protected: true, title: 'Usuários' },
  { path: '/auth/profile', screen: 'profile', protected: true, title: 'Meu perfil' },
];

export const NOT_FOUND_TITLE = 'Página não encontrada';

/** `Clientes | Expediente`, the same title the server sends for the path. */
export function documentTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const title = ROUTES.find((r) => r.path === path)?.title ?? NOT_FOUND_TITLE;
  return `${title} | Expediente`;
}

/** The screen a path shows (`/` redirects; anything unknown is not found). */
export function screenForPath(pathname: string): ScreenName | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return null;
  return ROUTES.find((r) => r.path === path)?.screen ?? 'notFound';
}
