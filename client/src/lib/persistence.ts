import type { Storage } from 'redux-persist';
import autoMergeLevel1 from 'redux-persist/es/stateReconciler/autoMergeLevel1';
import type { PersistConfig } from 'redux-persist';

/** redux-persist writes `persist:root` in localStorage (docs/behaviour.md#persistence). */
export const PERSIST_KEY = 'root';
export const PERSIST_STORAGE_KEY = `persist:${PERSIST_KEY}`;
export const PERSIST_TIMEOUT_MS = 5000;

/**
 * localStorage behind redux-persist's async storage interface. Written here
 * instead of importing `redux-persist/lib/storage` so a missing or disabled
 * storage (private mode, the server) degrades to "nothing stored".
 */
export const localStorageAdapter: Storage = {
  getItem: async (key: string) => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  setItem: async (key: string, value: string) => {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Full or disabled storage: the session still works for this tab.
    }
  },
  removeItem: async (key: string) => {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // See setItem.
    }
  },
};

/**
 * Merges what storage holds into the state, except slices that are fresher
 * than storage: those the server preloaded (read for this very request, and
 * what the page was rendered with) and those this tab already changed
 * before storage was read back (e.g. the logout screen cleared the session).
 */
export function serverWinsReconciler<S extends object>(serverKeys: readonly string[], initial: S) {
  return (inbound: S, original: S, reduced: S, config: PersistConfig<S>): S => {
    const filtered = { ...inbound } as Record<string, unknown>;
    const start = initial as Record<string, unknown>;
    const now = original as Record<string, unknown>;
    for (const key of Object.keys(filtered)) {
      if (serverKeys.includes(key) || now[key] !== start[key]) {
        delete filtered[key];
        continue;
      }
      // No request survives a page load: a stored `loading: true` is stale.
      const value = filtered[key];
      if (value && typeof value === 'object' && 'loading' in value) filtered[key] = { ...value, loading: false };
      // The same content as the state's (an empty list, most often): the
      // state keeps its own object. A new one would make every component
      // that reads the slice render again, at once, right after hydration.
      if (JSON.stringify(filtered[key]) === JSON.stringify(now[key])) delete filtered[key];
    }
    return autoMergeLevel1(filtered as S, original, reduced, config);
  };
}

/** Drops `persist:root` at once (redux-persist rewrites it on its next flush, without the token). */
export function forgetPersistedSession(): void {
  try {
    window.localStorage.removeItem(PERSIST_STORAGE_KEY);
  } catch {
    // Storage disabled: nothing was stored either.
  }
}
