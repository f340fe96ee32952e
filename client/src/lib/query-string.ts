/**
 * Parses `?page=2&q=ana` without URLSearchParams, which the server's
 * engine lacks, so screens read the same values on both sides.
 */
export function parseQuery(search: string): Record<string, string> {
  const out: Record<string, string> = {};
  const text = search.startsWith('?') ? search.slice(1) : search;
  if (!text) return out;
  for (const part of text.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const rawKey = eq === -1 ? part : part.slice(0, eq);
    const rawValue = eq === -1 ? '' : part.slice(eq + 1);
    try {
      out[decodeURIComponent(rawKey.replace(/\+/g, ' '))] = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    } catch {
      // A malformed escape: skip that pair rather than fail the page.
    }
  }
  return out;
}

/** A positive page number from a query value, 1 otherwise. */
export function pageParam(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export function buildQuery(params: Record<string, string | number | null | undefined>): string {
  const parts = Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}
