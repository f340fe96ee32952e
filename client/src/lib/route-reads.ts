/**
 * A screen's data as its entry in routes.json declares it: the API reads
 * the server renders the page with (server/reads.rs, ssr/CONTRACT.md#reads)
 * and puts in the state as api cache entries. A screen asks for each read
 * with `useReadArg`, which computes the argument by the same rule as the
 * server, so the query finds the seeded entry and sends no request.
 */
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useLocation } from 'react-router';
import { routeForPath, type Read } from '../app/route-table';

/** A read's argument: its fixed values, the route's path parameters, the address's parameters. */
export type ReadArg = Record<string, string | number>;

/** The name a screen asks for a read by: its `key`, else its endpoint's (or slice's) name. */
const readKey = (read: Read) => read.key ?? read.endpoint ?? read.slice ?? '';

/** True when the address calls for the read (its `if` values all there, none of its `unless` ones). */
function applies(read: Read, search: URLSearchParams): boolean {
  const has = (values: Record<string, string | undefined> | undefined) => Object.entries(values ?? {}).map(([k, v]) => search.get(k) === v);
  return has(read.if).every(Boolean) && !has(read.unless).some(Boolean);
}

/** The route's `:name` segments of `pathname`, as numbers (they match only positive ids). */
function pathParams(route: string, pathname: string): Record<string, number> {
  const got = pathname.replace(/\/+$/, '').split('/');
  const params: Record<string, number> = {};
  route.split('/').forEach((segment, i) => {
    if (segment.startsWith(':')) params[segment.slice(1)] = Number(got[i]);
  });
  return params;
}

/** `{name}` (a path parameter), `{endpoint.field}` (an earlier read's answer), or the value itself. */
function resolve(value: string | number | undefined, params: Record<string, number>, answers: Record<string, unknown>) {
  const reference = typeof value === 'string' ? /^\{(.+)\}$/.exec(value)?.[1] : undefined;
  if (reference === undefined) return value;
  const [endpoint, field] = reference.split('.');
  if (field === undefined) return params[endpoint];
  const answer = answers[endpoint] as Record<string, unknown> | undefined;
  const found = answer?.[field];
  return typeof found === 'string' || typeof found === 'number' ? found : undefined;
}

/**
 * The argument of `read` at this address, as server/reads.rs computes it;
 * undefined when a reference names no answer (yet).
 */
function readArg(read: Read, params: Record<string, number>, search: URLSearchParams, answers: Record<string, unknown> = {}): ReadArg | undefined {
  const arg: ReadArg = {};
  for (const [name, value] of Object.entries(read.with ?? {})) {
    const resolved = resolve(value, params, answers);
    if (resolved === undefined) return undefined;
    arg[name] = resolved;
  }
  // A `{name}` of the path is the route's parameter, else a fixed argument of that name.
  for (const [, name] of read.api.matchAll(/\{([^}]+)\}/g)) {
    if (params[name] !== undefined) arg[name] = params[name];
    else if (arg[name] === undefined) return undefined;
  }
  for (const name of read.params ?? []) {
    const value = search.getAll(name).find((v) => v !== '');
    if (value !== undefined) arg[name] = value;
  }
  return arg;
}

/** The argument of read `key` of the route at `pathname` and `search`; undefined when the address does not call for it. */
export function routeReadArg(pathname: string, search: string, key: string, answers: Record<string, unknown> = {}): ReadArg | undefined {
  const route = routeForPath(pathname);
  const query = new URLSearchParams(search);
  const read = route?.reads?.find((r) => readKey(r) === key && applies(r, query));
  return read && route ? readArg(read, pathParams(route.path, pathname), query, answers) : undefined;
}

/**
 * The argument of this screen's read `key` at the current address, for its
 * query hook; `skipToken` when the address does not call for it, or it
 * needs an answer (`answers`, by endpoint) not there yet.
 */
export function useReadArg<A = ReadArg>(key: string, answers: Record<string, unknown> = {}): A | typeof skipToken {
  const { pathname, search } = useLocation();
  const arg = routeReadArg(pathname, search, key, answers);
  return arg ? (arg as A) : skipToken;
}

/** A read's argument with more arguments (a later page, say); `skipToken` stays. */
export function withArgs<A extends object, B extends object>(arg: A | typeof skipToken, more: B): (A & B) | typeof skipToken {
  return arg === skipToken ? skipToken : { ...arg, ...more };
}
