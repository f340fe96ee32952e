/**
 * Which state slices the server rendered this page with. The first screen
 * that asks for one of them takes it and skips its fetch (the HTML already
 * shows that data); later mounts fetch fresh data as usual.
 *
 * One-shot per key rather than "during the first commit": hydrateRoot may
 * hydrate a Suspense boundary (the screen) in a later commit than the root,
 * so a first-commit flag would already be gone when the screen mounts.
 */
let provided = new Set<string>();

export function setServerProvidedKeys(keys: Iterable<string>): void {
  provided = new Set(keys);
}

/** True once for a key the server provided; false afterwards and for other keys. */
export function takeServerProvided(key: string): boolean {
  return provided.delete(key);
}

/**
 * The server's data for this mount of a screen: on the server always (it
 * renders with it), in the browser once, for the screen hydrating the page
 * the server rendered; null otherwise, so later visits load fresh data.
 */
export function serverData<T>(key: string, value: T | null | undefined): T | null {
  if (value === null || value === undefined) return null;
  if (typeof window === 'undefined') return value;
  return takeServerProvided(key) ? value : null;
}
