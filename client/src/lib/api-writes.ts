// What the api's writes change (lib/api-slice.ts), apart from the api itself:
// the shell's list listener (app/list-refresh.ts) needs it before any screen
// has loaded RTK Query, which stays out of the JavaScript a page hydrates
// with until a screen that reads with it loads (app/store.ts).

/** The api's place in the store. */
export const API_REDUCER_PATH = 'api';

export const TAGS = ['Dashboard', 'User', 'Me', 'Report', 'Agenda', 'Client', 'Service', 'Schedule', 'Reminder', 'Calendar'] as const;
export type Tag = (typeof TAGS)[number];

/** The spec's two list slices, which live outside this api (lib/list-slice.ts). */
export type ListName = 'clients' | 'appointments';

/**
 * What a write of each entity changes: the cached answers that show it
 * (tags) and the spec's list slices that a listener loads again
 * (app/list-refresh.ts). Every mutation takes its part from here (`writes`).
 */
export const CHANGES = {
  // The agenda, the dashboard and the reports show clients' names and counts.
  client: { tags: ['Client', 'Agenda', 'Dashboard', 'Report'], lists: ['clients'] },
  // A client's record lists their appointments; the reminders screen lists a day's.
  appointment: { tags: ['Agenda', 'Dashboard', 'Report', 'Client', 'Schedule', 'Reminder'], lists: ['appointments'] },
  // A reminder sent (and its template): the reminders screen and the reports' no-show rates.
  reminder: { tags: ['Reminder', 'Report'], lists: [] },
  // The user list and every staff picker show names; "Me" is one of the users.
  user: { tags: ['User', 'Me'], lists: [] },
  // A calendar subscription address, replaced.
  calendar: { tags: ['Calendar'], lists: [] },
  // The agenda shows services' colours; free slots follow lengths and buffers.
  service: { tags: ['Service', 'Agenda', 'Schedule'], lists: [] },
  // Working hours and time off: the agenda shades them; free slots follow them
  // (and the waitlist: its offers are held time on the agenda, cached under 'Agenda').
  schedule: { tags: ['Schedule', 'Agenda'], lists: [] },
} as const satisfies Record<string, { tags: readonly Tag[]; lists: readonly ListName[] }>;

export type Entity = keyof typeof CHANGES;

/** A mutation's `extraOptions`: the entities it writes. */
export interface WriteOptions {
  writes?: readonly Entity[];
}
/** Its fulfilled (or rejected) action's `meta.baseQueryMeta`. */
export interface WriteMeta {
  writes: readonly Entity[];
}
