import { toQueryString } from './api';

// Reading a query string is URLSearchParams' job (the SSR engine's polyfills
// provide it too, ssr/src/polyfills.js); these are the two helpers around it.

/** A positive page number from a query value, 1 otherwise. */
export function pageParam(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** `?page=2&q=ana%20maria` for an in-app link, skipping empty values; `''` when nothing is left. */
export function buildQuery(params: Record<string, string | number | null | undefined>): string {
  const qs = toQueryString(params);
  return qs ? `?${qs}` : '';
}
