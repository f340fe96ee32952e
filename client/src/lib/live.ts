// The live agenda's changes inside the page: app/live-stream.ts reads them
// from `GET /api/events` and tells them here; screens and dialogs (the
// agenda's blocks, an open appointment, a booking) follow them from here,
// so that no feature imports the app layer.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Tag } from './api-writes';

/** Who made a change, as the stream names them. */
export type LiveAuthor = { kind: 'user'; id: number } | { kind: 'client'; id: number } | { kind: 'online' } | { kind: 'system' };

/** Whose column and which day. */
export interface LiveSpot {
  staffId: number;
  day: string;
}

/** One `change` event of the stream (server/live.rs `Change`). */
export interface LiveChange extends LiveSpot {
  kind: 'created' | 'changed' | 'deleted';
  appointmentId: number;
  /** Its client, when the user may see the appointment (never a Profissional's of another's). */
  clientId?: number;
  /** Its version now; null once deleted. */
  version: number | null;
  movedFrom: LiveSpot | null;
  author: LiveAuthor;
}

/** A `change` event's data, or null when it is not one. */
export function parseChange(data: string): LiveChange | null {
  try {
    const change = JSON.parse(data) as Partial<LiveChange>;
    if (typeof change.appointmentId !== 'number' || typeof change.staffId !== 'number' || typeof change.day !== 'string' || !change.author) return null;
    const { clientId, ...rest } = change;
    return { movedFrom: null, version: null, kind: 'changed', ...rest, ...(typeof clientId === 'number' ? { clientId } : {}) } as LiveChange;
  } catch {
    return null;
  }
}

/** An RTK Query tag, by type or by type and id. */
export type TagDescription = Tag | { type: Tag; id: string | number };

/** The agenda's tag of one staff member's day: what `getAgenda` provides for each column-day it shows. */
export const spotTag = (staffId: number, day: string) => ({ type: 'Agenda', id: `${staffId}:${day}` }) as const;
/** The tag of one appointment read by its id. */
export const appointmentTag = (id: number) => ({ type: 'Agenda', id: `appointment:${id}` }) as const;
/** The waitlist's tag (its offers are held time, freed or taken by changes). */
export const WAITLIST_TAG = { type: 'Agenda', id: 'waitlist' } as const;

/**
 * What one change makes stale: the agendas showing its staff member's day
 * (and the one it moved from), the appointment read by its id, and the
 * screens that count or list appointments without a place to match (the
 * dashboard, the reports, a client's record, the free times, the
 * reminders). An agenda of another day or staff member is not read again.
 */
export function liveTags(change: LiveChange): TagDescription[] {
  const spots = [change, ...(change.movedFrom ? [change.movedFrom] : [])];
  return [
    ...spots.map((s) => spotTag(s.staffId, s.day)),
    appointmentTag(change.appointmentId),
    WAITLIST_TAG,
    'Dashboard',
    'Report',
    // Its client's record; a change the user sees only as busy time names
    // no client, and then any open record is read again.
    change.clientId === undefined ? 'Client' : { type: 'Client', id: change.clientId },
    'Schedule',
    'Reminder',
  ];
}

type Listener = (change: LiveChange) => void;
const listeners = new Set<Listener>();

/** How long a changed block says who changed it. */
export const RECENT_MS = 8000;

/** The appointments changed by someone a moment ago, by id: the last change of each. */
let recent: ReadonlyMap<number, LiveChange> = new Map();
const recentListeners = new Set<() => void>();

function setRecent(next: ReadonlyMap<number, LiveChange>) {
  recent = next;
  for (const listener of recentListeners) listener();
}

/** Tells the page of a change (app/live-stream.ts, for each `change` event). */
export function announceChange(change: LiveChange): void {
  if (change.kind !== 'deleted') {
    setRecent(new Map(recent).set(change.appointmentId, change));
    setTimeout(() => {
      if (recent.get(change.appointmentId) !== change) return;
      const next = new Map(recent);
      next.delete(change.appointmentId);
      setRecent(next);
    }, RECENT_MS);
  }
  for (const listener of listeners) listener(change);
}

/** Calls `listener` with every change told while the component is mounted (the latest `listener`). */
export function useLiveChanges(listener: Listener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    const call: Listener = (change) => latest.current(change);
    listeners.add(call);
    return () => {
      listeners.delete(call);
    };
  }, []);
}

const subscribeRecent = (listener: () => void) => {
  recentListeners.add(listener);
  return () => {
    recentListeners.delete(listener);
  };
};
const EMPTY: ReadonlyMap<number, LiveChange> = new Map();

/** The appointments changed in the last few seconds (`RECENT_MS`), each with its last change. */
export function useRecentChanges(): ReadonlyMap<number, LiveChange> {
  return useSyncExternalStore(
    subscribeRecent,
    () => recent,
    () => EMPTY,
  );
}

/** True when `author` is the signed-in user `me` (their own change needs no telling). */
export function isMe(author: LiveAuthor, me: number | null | undefined): boolean {
  return author.kind === 'user' && author.id === me;
}

/**
 * Who made a change, as a sentence's end says it ("por Ana", "pelo
 * cliente"): a user by the name `names` gives, else "outra pessoa".
 */
export function byWhom(author: LiveAuthor, names: readonly { id: number; name: string }[]): string {
  switch (author.kind) {
    case 'user': {
      const name = names.find((n) => n.id === author.id)?.name;
      return name ? `por ${firstName(name)}` : 'por outra pessoa';
    }
    case 'client':
      return 'pelo cliente';
    case 'online':
      return 'pela internet';
    case 'system':
      return 'pelo sistema';
  }
}

/** "Ana" of "Ana Souza". */
function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** "Ana está editando este agendamento." (or "Ana e Rui estão editando …"). */
export function editingNote(editors: string, what: string): string {
  return `${editors} ${editors.includes(' e ') ? 'estão' : 'está'} editando ${what}.`;
}

/** A block's note: "alterado por Ana agora" (or "agendado …" for a new one). */
export function changeNote(change: LiveChange, names: readonly { id: number; name: string }[]): string {
  return `${change.kind === 'created' ? 'agendado' : 'alterado'} ${byWhom(change.author, names)} agora`;
}

/** What a presence is on. */
export type PresenceSubject = 'appointment' | 'client';

/** A `presence` event: `name` (a first name) has the record open, or (`active` false) closed it. */
export interface LivePresence {
  subject: PresenceSubject;
  id: number;
  userId: number;
  name: string;
  active: boolean;
}

/** How long a presence holds without renewal (the editor renews it every `PRESENCE_RENEW_MS`). */
export const PRESENCE_MS = 30_000;
export const PRESENCE_RENEW_MS = 15_000;

/** Who has which record open: `subject:id` → user id → name and when last heard. */
let presences: ReadonlyMap<string, ReadonlyMap<number, { name: string; at: number }>> = new Map();
const presenceListeners = new Set<() => void>();

/** Tells the page of a `presence` event (app/live-stream.ts). */
export function announcePresence(presence: LivePresence): void {
  const key = `${presence.subject}:${presence.id}`;
  const users = new Map(presences.get(key));
  if (presence.active) users.set(presence.userId, { name: presence.name, at: Date.now() });
  else users.delete(presence.userId);
  const next = new Map(presences);
  if (users.size) next.set(key, users);
  else next.delete(key);
  presences = next;
  for (const listener of presenceListeners) listener();
}

/** A `presence` event's data, or null when it is not one. */
export function parsePresence(data: string): LivePresence | null {
  try {
    const p = JSON.parse(data) as Partial<LivePresence>;
    if ((p.subject !== 'appointment' && p.subject !== 'client') || typeof p.id !== 'number' || typeof p.userId !== 'number' || typeof p.name !== 'string') return null;
    return { subject: p.subject, id: p.id, userId: p.userId, name: p.name, active: p.active !== false };
  } catch {
    return null;
  }
}

const subscribePresence = (listener: () => void) => {
  presenceListeners.add(listener);
  // Forgotten 30 s after the last renewal: looked at again every few seconds.
  const timer = setInterval(listener, 5000);
  return () => {
    presenceListeners.delete(listener);
    clearInterval(timer);
  };
};

/**
 * The first names of the others who have `subject` `id` open now (heard
 * within `PRESENCE_MS`), joined for a sentence: "Ana", "Ana e Rui".
 */
export function useEditors(subject: PresenceSubject, id: number | null): string | null {
  const key = `${subject}:${id}`;
  const names = () => {
    const users = id === null ? undefined : presences.get(key);
    const fresh = users ? [...users.values()].filter((u) => Date.now() - u.at < PRESENCE_MS).map((u) => u.name) : [];
    return fresh.length ? fresh.join(' e ') : null;
  };
  return useSyncExternalStore(subscribePresence, names, () => null);
}
