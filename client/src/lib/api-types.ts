// The API's records as the client uses them: aliases of the schemas that
// gen-api-types.mjs generates from client/openapi.json (lib/api-schema.ts).
// All schema names live in this one file; when the server's document renames
// a schema, only this file changes, and a drift in fields fails the type check.
import type { components } from './api-schema';
import type { AppointmentStatus } from './appointment';
import type { Role } from './roles';

type Schemas = components['schemas'];

/**
 * Every field present: the server writes an absent `Option` as `null`, while
 * the document marks it not required (`field?: T | null`).
 */
type Present<T> = { [K in keyof T]-?: T[K] };

// The document types status and role as plain strings today; the client
// narrows them to their values until the server's schemas carry the enums.
type WithStatus<T> = Omit<T, 'status'> & { status: AppointmentStatus };
type WithRole<T> = Omit<T, 'role'> & { role: Role };

export type ApiMeta = Schemas['Meta'];
export type ApiClient = Present<Schemas['Client']>;
export type ApiAppointment = WithStatus<Present<Schemas['Appointment']>>;
export type ApiUser = WithRole<Present<Schemas['User']>>;
/** `GET /api/me`: the user's own record (role as sent). */
export type ApiMe = Present<Schemas['User']>;
export type ApiLoginData = WithRole<Present<Schemas['LoginData']>>;
export type ApiProfileInput = Schemas['ProfileBody'];
export type ApiDashboard = Omit<Present<Schemas['Dashboard']>, 'upcoming'> & { upcoming: ApiAppointment[] };
export type ApiDayFigures = Present<Schemas['DayFigures']>;
export type ApiStaffFigures = Present<Schemas['StaffFigures']>;
export type ApiReportSummary = Omit<Present<Schemas['Summary']>, 'byDay' | 'byStaff' | 'byStatus'> & {
  byDay: ApiDayFigures[];
  byStaff: ApiStaffFigures[];
  byStatus: Present<Schemas['ByStatus']>;
};

/** Request bodies: the named fields of a schema, present and not null (what a form sends). */
type Fields<T, K extends keyof T> = { [P in K]-?: NonNullable<T[P]> };

export type ApiLoginInput = Schemas['LoginBody'];
/** The client form's fields (text; an empty text clears a field). */
export type ApiClientInput = Fields<Schemas['ClientBody'], 'name' | 'email' | 'phone' | 'document' | 'birthDate' | 'notes'>;
export type ApiNewAppointment = Fields<
  Schemas['AppointmentBody'],
  'clientId' | 'staffId' | 'service' | 'startsAt' | 'durationMinutes' | 'priceCents'
> &
  Partial<Fields<Schemas['AppointmentBody'], 'notes'>>;
