/**
 * The route table, src/app/routes.json, as the browser reads it: the table
 * that gen-route-table.mjs generates from it (generated/route-table.json),
 * with each route's pattern and the after-sign-in rule, which the server
 * reads too (server/pages.rs): the matching is written once, there. The
 * build (screens-module.mjs: one chunk per screen, the manifest) and the
 * server's reads (server/reads.rs) read routes.json itself. "*" is the
 * not-found screen.
 */
import { createContext, useContext } from 'react';
import table from '../../generated/route-table.json';

export interface RouteEntry {
  path: string;
  /** The document title's first part, as the server writes it. */
  title: string;
  protected: boolean;
  /** Roles allowed to see the screen's data; absent: every signed-in user. */
  roles?: string[];
  /** Whether the screen's data comes from the server's reads (`GET /api/reads` on a navigation; a list slice's are the list's). */
  reads: boolean;
}

export const ROUTES: readonly RouteEntry[] = table.routes;

export const NOT_FOUND_PATH = '*';
const notFound = ROUTES.find((r) => r.path === NOT_FOUND_PATH);
if (!notFound) throw new Error('routes.json: the "*" (not found) route is missing');
export const NOT_FOUND_ROUTE: RouteEntry = notFound;
export const NOT_FOUND_TITLE = NOT_FOUND_ROUTE.title;

const patterns = table.routes.flatMap((r, i) => ('pattern' in r && r.pattern ? [{ route: ROUTES[i], pattern: new RegExp(r.pattern) }] : []));
const returnable = new RegExp(table.afterSignIn.pattern);

/** The route a path shows: null for `/` (it redirects), the "*" route for anything unknown. */
export function routeForPath(pathname: string): RouteEntry | null {
  if (pathname === '/') return null;
  return patterns.find((p) => p.pattern.test(pathname))?.route ?? NOT_FOUND_ROUTE;
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
 * Where to go after signing in: `next` when it is a path of this site to a
 * signed-in screen, else the dashboard (the generated rule, the server's too).
 */
export function afterSignIn(next: string | null | undefined): string {
  return next && returnable.test(next) ? next : table.afterSignIn.otherwise;
}

/** `/login`, with `?next=` back to `here` (a path with its query) when it is a signed-in screen. */
export function loginReturningTo(here: string): string {
  return afterSignIn(here) === here ? `/login?${new URLSearchParams({ next: here })}` : '/login';
}

/** The address's `:name` segments of its route (`{ id: '12' }` on `/clients/12`), given by the App. */
export const RouteParams = createContext<Readonly<Record<string, string | undefined>>>({});

/**
 * The route's parameters, as react-router's `useParams` gives them within
 * its <Routes>: the App renders the address's route itself, without <Routes>.
 */
export function useRouteParams(): Readonly<Record<string, string | undefined>> {
  return useContext(RouteParams);
}
