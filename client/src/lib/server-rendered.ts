/**
 * Which of the spec's list slices (clients, appointments) a store was
 * created with from the server's state. The list screen that shows one
 * skips its first fetch (the HTML already shows that list); later mounts
 * fetch as usual. Everything else the server sends is seeded into the api
 * cache instead (app/store.ts), where queries find it by themselves.
 *
 * Per store and one-shot rather than "during the first commit": hydrateRoot
 * may hydrate the screen's Suspense boundary in a later commit than the root.
 */
const rendered = new WeakMap<object, Set<string>>();

export function markServerRendered(store: object, keys: Iterable<string>): void {
  rendered.set(store, new Set(keys));
}

/** True once for a slice the store got from the server; false afterwards and for other slices. */
export function takeServerRendered(store: object, key: string): boolean {
  return rendered.get(store)?.delete(key) ?? false;
}
