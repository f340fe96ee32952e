import { buildQuery } from '../../lib/query-string';

export type AgendaViewName = 'day' | 'week' | 'list';

/** The view the address asks for: the day (default), the week or the list. */
export function viewOf(search: URLSearchParams): AgendaViewName {
  const view = search.get('view');
  return view === 'week' || view === 'list' ? view : 'day';
}

/**
 * `/appointments?…` with `changes` applied to the current parameters (a
 * null or empty value removes one). Filters and view live in the address,
 * so reload, back and a shared link show the same agenda.
 */
export function agendaHref(search: URLSearchParams, changes: Record<string, string | number | null | undefined>): string {
  const params: Record<string, string> = {};
  search.forEach((value, key) => {
    if (!(key in params)) params[key] = value;
  });
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') delete params[key];
    else params[key] = String(value);
  }
  return `/appointments${buildQuery(params)}`;
}
