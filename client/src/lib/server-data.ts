/**
 * Which state slices the server rendered this page with. A screen that finds
 * its data here on the very first render must not fetch it again (the HTML
 * already shows it); any later mount fetches fresh data as usual.
 */
let provided = new Set<string>();
let firstRenderDone = false;

export function setServerProvidedKeys(keys: Iterable<string>): void {
  provided = new Set(keys);
  firstRenderDone = false;
}

/** Called by the app after its first commit (parent effects run after children's). */
export function markFirstRenderDone(): void {
  firstRenderDone = true;
}

export function isServerProvided(key: string): boolean {
  return !firstRenderDone && provided.has(key);
}
