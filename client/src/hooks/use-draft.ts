import { useCallback, useEffect, useRef } from 'react';
import { useAppSelector } from './store';

/**
 * Drafts: what is typed in an open form, kept in sessionStorage so that a
 * session that expires mid-form loses nothing. Kept per user (a draft never
 * reaches another account on a shared computer: another user's sign-in drops
 * it, `keepDraftsOf`) and per form (`client:new`, `client:12`, `booking`…);
 * signing out drops them all (`clearDrafts`). Fields whose name mentions a
 * password are never kept.
 */
const PREFIX = 'expediente:draft:';

function keyOf(userId: number, form: string): string {
  return `${PREFIX}${userId}:${form}`;
}

function withoutPasswords<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([name]) => !/password/i.test(name))) as Partial<T>;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage refused (privacy settings): no drafts, nothing breaks
  }
}

/** The keys of the drafts kept in this tab, of every user. */
function draftKeys(store: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  return keys;
}

/**
 * Signing out leaves no draft behind: what was typed (names, CPFs, clinical
 * notes) would otherwise stay in the tab for whoever uses the computer next.
 * Only an expired session keeps its drafts, for the same user to find.
 */
export function clearDrafts(): void {
  const store = storage();
  if (store) for (const key of draftKeys(store)) store.removeItem(key);
}

/**
 * `userId` signed in: the drafts another user left when their session
 * expired in this tab go (they were never shown to anyone else).
 */
export function keepDraftsOf(userId: number): void {
  const store = storage();
  if (!store) return;
  const own = `${PREFIX}${userId}:`;
  for (const key of draftKeys(store)) if (!key.startsWith(own)) store.removeItem(key);
}

/** True when the signed-in user `userId` left a draft of `form`. */
export function hasDraft(userId: number | null | undefined, form: string): boolean {
  return userId != null && storage()?.getItem(keyOf(userId, form)) != null;
}

/**
 * Where a draft of an existing record started: the record's values when the
 * typing began and its version. Kept with the draft, so that a draft restored
 * after someone else saved is merged with their save, not saved over it
 * (use-form.ts).
 */
export interface DraftOrigin<T> {
  base: T;
  version: number;
}

/** What sessionStorage holds for one form: the values typed and, for a record, where they started. */
interface Stored<T> {
  values: Partial<T>;
  origin?: { base: Partial<T>; version: number };
}

/**
 * Keeps `values` as the draft of `form` while they differ from where they
 * started (`origin.base`, else `initial`), with `origin`; calls `restore`
 * once after mount with the draft left by the same user (merged over
 * `initial`) and its origin. After mount, not during render: the server's
 * HTML has no sessionStorage, and hydration must match it. `restore` must be
 * stable (a state setter). Returns `discard`, for after a save or a cancel.
 * No `form`: nothing is kept.
 */
export function useDraft<T extends object>(
  form: string | undefined,
  values: T,
  initial: T,
  restore: (draft: T, origin?: DraftOrigin<T>) => void,
  origin?: DraftOrigin<T> | null,
): () => void {
  const userId = useAppSelector((s) => s.auth.id);
  const key = form && userId != null ? keyOf(userId, form) : null;
  const restored = useRef<string | null>(null);
  const initialRef = useRef(initial);

  useEffect(() => {
    if (!key || restored.current === key) return;
    restored.current = key;
    const raw = storage()?.getItem(key);
    if (!raw) return;
    try {
      const stored = JSON.parse(raw) as Stored<T>;
      const from = stored.origin && { base: { ...initialRef.current, ...stored.origin.base }, version: stored.origin.version };
      restore({ ...initialRef.current, ...stored.values }, from);
    } catch {
      storage()?.removeItem(key); // not ours, or cut short: drop it
    }
  }, [key, restore]);

  const typed = JSON.stringify(withoutPasswords(values));
  const untouched = JSON.stringify(withoutPasswords(origin?.base ?? initialRef.current));
  const kept = JSON.stringify({
    values: withoutPasswords(values),
    origin: origin ? { base: withoutPasswords(origin.base), version: origin.version } : undefined,
  } satisfies Stored<T>);
  useEffect(() => {
    if (!key || restored.current !== key) return;
    if (typed === untouched) storage()?.removeItem(key);
    else storage()?.setItem(key, kept);
  }, [key, typed, untouched, kept]);

  return useCallback(() => {
    if (key) storage()?.removeItem(key);
  }, [key]);
}

/**
 * Calls `open` once after mount when the signed-in user left a draft of
 * `form`: the form that a session's expiry closed opens again, with what
 * was typed. `open` must be stable (useCallback).
 */
export function useReopenDraft(form: string, open: () => void): void {
  const userId = useAppSelector((s) => s.auth.id);
  useEffect(() => {
    if (hasDraft(userId, form)) open();
  }, [form, userId, open]);
}
