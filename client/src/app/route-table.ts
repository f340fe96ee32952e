/**
 * The route table, src/app/routes.json: read here by the router, by the
 * build (screens-module.mjs: one chunk per screen, the manifest) and by the
 * server (which paths exist, their titles and protection, and the API reads
 * of each screen's data). "*" is the not-found screen.
 */
import routes from './routes.json';

export interface RouteEntry {
  path: string;
  /** The screen module, relative to client/src, without extension. */
  screen: string;
  /** The document title's first part, as the server writes it. */
  title: string;
  protected: boolean;
  /** Roles allowed to see the screen's data; absent: every signed-in user. */
  roles?: string[];
  /** The API reads of the screen's data (lib/route-reads.ts). */
  reads?: Read[];
}

/** One API read of a screen (server/reads.rs says what each field means). */
export interface Read {
  /** The RTK Query endpoint whose cache the answer seeds… */
  endpoint?: string;
  /** …or the spec's list slice it fills. */
  slice?: string;
  /** Where a screen reads one endpoint twice, the read's own name. */
  key?: string;
  /** The path under `/api`; `{name}` is the route's `:name`. */
  api: string;
  /** Query parameters taken from the address. */
  params?: string[];
  /** Fixed arguments: `{name}` a path parameter, `{endpoint.field}` an earlier answer's field (`undefined`: as TypeScript reads the JSON). */
  with?: Record<string, string | number | undefined>;
  /** Read only when the address has these values, and not when it has the `unless` ones (`undefined`: as TypeScript reads the JSON). */
  if?: Record<string, string | undefined>;
  unless?: Record<string, string | undefined>;
  /** Read only for these roles (an admin's card on a shared screen). */
  roles?: string[];
}

export const ROUTES: readonly RouteEntry[] = routes;

export const NOT_FOUND_PATH = '*';
const notFound = ROUTES.find((r) => r.path === NOT_FOUND_PATH);
if (!notFound) throw new Error('routes.json: the "*" (not found) route is missing');
export const NOT_FOUND_ROUTE: RouteEntry = notFound;
export const NOT_FOUND_TITLE = NOT_FOUND_ROUTE.title;

function normalize(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * True when `path` is one of `route`'s paths. A `:name` segment matches a
 * positive record id, as the server's `route_for` (server/pages.rs) has it.
 */
function matches(route: string, path: string): boolean {
  const want = route.split('/');
  const got = path.split('/');
  return (
    want.length === got.length &&
    want.every((segment, i) => (segment.startsWith(':') ? /^[1-9]\d{0,9}$/.test(got[i]) && Number(got[i]) <= 2147483647 : segment === got[i]))
  );
}

/** The route a path shows: null for `/` (it redirects), the "*" route for anything unknown. */
export function routeForPath(pathname: string): RouteEntry | null {
  const path = normalize(pathname);
  if (path === '/') return null;
  return ROUTES.find((r) => r.path !== NOT_FOUND_PATH && matches(r.path, path)) ?? NOT_FOUND_ROUTE;
}

/** A route's short name: its last path segment (`clients:id` for `/clients/:id`), `notFound` for "*". */
export function routeName(route: RouteEntry): string {
  if (route.path === NOT_FOUND_PATH) return 'notFound';
  const segments = route.path.split('/');
  const last = segments[segments.length - 1];
  return last.startsWith(':') ? `${segments[segments.length - 2]}${last}` : last;
}

/** `Clientes | Expediente`, the same title the server sends for the path. */
export function documentTitle(pathname: string): string {
  return `${(routeForPath(pathname) ?? NOT_FOUND_ROUTE).title} | Expediente`;
}

/** The screen a path shows, by name (`/` redirects: null; anything unknown is `notFound`). */
export function screenForPath(pathname: string): string | null {
  const route = routeForPath(pathname);
  return route ? routeName(route) : null;
}

/**
 * Where to go after signing in: `next` when it is a path of this site (no
 * scheme, no `//host`) to a signed-in screen, else the dashboard. The server
 * applies the same rule (`after_sign_in` in server/pages.rs) to its redirects.
 */
export function afterSignIn(next: string | null | undefined): string {
  const ok =
    !!next &&
    next.startsWith('/') &&
    !next.startsWith('//') &&
    !next.includes('\\') &&
    // eslint-disable-next-line no-control-regex
    !/[\u0000-\u001f\u007f]/.test(next);
  const route = ok ? routeForPath(next.split(/[?#]/)[0]) : null;
  return ok && route?.protected && route.path !== NOT_FOUND_PATH ? next : '/dashboard';
}

/** `/login`, with `?next=` back to `here` (a path with its query) when it is a signed-in screen. */
export function loginReturningTo(here: string): string {
  return afterSignIn(here) === here ? `/login?${new URLSearchParams({ next: here })}` : '/login';
}
