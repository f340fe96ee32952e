// The API's records as the client uses them: aliases of the schemas that
// gen-api-types.mjs generates from client/openapi.json (generated/api-schema.ts).
// All schema names live in this one file; when the server's document renames
// a schema, only this file changes, and a drift in fields fails the type check.
import type { components } from '../../generated/api-schema';

type Schemas = components['schemas'];

/**
 * Every field present: the server writes an absent `Option` as `null`, while
 * the document marks it not required (`field?: T | null`).
 */
type Present<T> = { [K in keyof T]-?: T[K] };

export type ApiMeta = Schemas['Meta'];
/** The closed sets of values, as the server's enums define them. */
export type ApiAppointmentStatus = Schemas['AppointmentStatus'];
export type ApiRole = Schemas['Role'];
export type ApiClient = Present<Schemas['Client']>;
export type ApiAppointment = Present<Schemas['Appointment']>;
export type ApiClientTotals = Present<Schemas['ClientTotals']>;
/** `GET /api/clients/{id}`: the client with their totals and `asOf` (what splits their upcoming appointments from the past ones). */
export type ApiClientDetail = ApiClient & {
  asOf: string;
  totals: ApiClientTotals;
};
/** One audit entry of `GET /api/{resource}/{id}/history`; `changes` is `{ field: { old, new } }`, with the texts of the fields in `abridged` cut short. */
export type ApiHistoryEntry = Omit<Present<Schemas['HistoryEntry']>, 'changes'> & {
  changes: Record<string, { old: unknown; new: unknown }>;
};
/** The body of `POST /api/clients/{id}/merge`: the duplicate merged into `{id}`, and `{id}`'s version as read. */
export type ApiMergeBody = Schemas['MergeBody'];
export type ApiUser = Present<Schemas['User']>;
/** `GET /api/me/calendar` (and an admin's `…/users/{id}/calendar`): the secret address of a calendar feed. */
export type ApiCalendarFeed = Schemas['CalendarFeed'];
/** `GET /api/me`: the user's own record. */
export type ApiMe = ApiUser;
export type ApiLoginData = Present<Schemas['SessionView']>;
export type ApiProfileInput = Schemas['ProfileBody'];
/** A scheduling clash's 409 names the other appointment (`conflict` of the error body). */
export type ApiScheduleConflict = Schemas['ScheduleConflict'];
/** `GET /api/agenda`: a day or a week of appointments with the grid's staff and hours. */
export type ApiAgenda = Omit<Present<Schemas['Agenda']>, 'appointments' | 'staff' | 'workingHours' | 'timeOff' | 'busy'> & {
  appointments: ApiAppointment[];
  /** A Profissional's view of everyone else's appointments: the time taken and whose column, nothing more (docs/permissions.md). */
  busy?: ApiBusyBlock[];
  staff: ApiStaffMember[];
  /** The shown staff's working hours in the shown days: the grid shades the rest. */
  workingHours: ApiWorkingSpan[];
  /** Time off of the shown staff and business holidays (`staffId` null) touching the shown days. */
  timeOff: ApiTimeOff[];
};
export type ApiWorkingSpan = Present<Schemas['WorkingSpan']>;
export type ApiBusyBlock = Present<Schemas['BusyBlock']>;
/** One read of a client's record in the access log (`GET /api/clients/{id}/accesses`). */
export type ApiAccess = Present<Schemas['AccessView']>;
export type ApiStaffMember = Present<Schemas['StaffMember']>;
export type ApiStaffDay = Omit<Present<Schemas['StaffDay']>, 'appointments'> & { appointments: ApiAppointment[] };
export type ApiDashboard = Omit<Present<Schemas['Dashboard']>, 'upcoming' | 'todayByStaff'> & {
  upcoming: ApiAppointment[];
  todayByStaff: ApiStaffDay[];
};
export type ApiDayFigures = Present<Schemas['DayFigures']>;
export type ApiStaffFigures = Present<Schemas['StaffFigures']>;
export type ApiServiceFigures = Present<Schemas['ServiceFigures']>;
export type ApiChannelFigures = Present<Schemas['ChannelFigures']>;
export type ApiReportSummary = Omit<Present<Schemas['Summary']>, 'byDay' | 'byStaff' | 'byService' | 'byChannel' | 'byStatus'> & {
  byDay: ApiDayFigures[];
  byStaff: ApiStaffFigures[];
  byService: ApiServiceFigures[];
  /** Every channel, the front desk's (`balcao`) then the booking page's (`internet`). */
  byChannel: ApiChannelFigures[];
  byStatus: Present<Schemas['ByStatus']>;
};

/** The services catalogue (`/api/services`); `staffIds` empty: everyone offers it. */
export type ApiService = Present<Schemas['Service']>;
export type ApiServiceColor = Schemas['ServiceColor'];
/** `POST/PUT /api/services`: what is sent changes (PUT needs `version`). */
export type ApiServiceInput = Partial<
  Fields<
    Schemas['ServiceBody'],
    'name' | 'durationMinutes' | 'priceCents' | 'color' | 'bufferBeforeMinutes' | 'bufferAfterMinutes' | 'staffIds' | 'active' | 'version'
  >
>;
/** One weekly interval: weekday 1 = Monday … 7 = Sunday, `start`/`end` HH:MM. */
export type ApiInterval = Present<Schemas['IntervalView']>;
/** `GET/PUT /api/working-hours` and `/api/users/{id}/working-hours`. */
export type ApiWorkingHours = Omit<Present<Schemas['WorkingHours']>, 'weekly'> & { weekly: ApiInterval[] };
/** A time off of one staff member, or of the whole business (`staffId` null: a holiday). */
export type ApiTimeOff = Present<Schemas['TimeOff']>;
/** `POST /api/time-off`: dates (YYYY-MM-DD, whole days) or instants. */
export type ApiTimeOffInput = Fields<Schemas['TimeOffBody'], 'startsAt' | 'endsAt' | 'reason'> & { staffId: NonNullable<Schemas['TimeOffBody']['staffId']> | null };
/** A free start of `GET /api/availability`. */
export type ApiSlot = Present<Schemas['Slot']>;
/** `GET /api/availability`'s answer: the earliest free starts (`data`), and whether there were more. */
export type ApiAvailability = Omit<Present<Schemas['Availability']>, 'data'> & { data: ApiSlot[] };
/** Which scheduling rule a 422 names (`rule` of the error body): the user may book anyway (`allowOutsideHours`). */
export type ApiScheduleRule = Schemas['ScheduleRule'];
/** One date of a series that cannot be booked (`conflicts` of a series' 409): why, and the appointment in the way. */
export type ApiSeriesConflict = Present<Schemas['SeriesConflict']>;
/** `repeat` of a new appointment: every N weeks on weekdays (1 = Monday), or every N months on the first's weekday of the month; `count` or `until`. */
export type ApiRepeat = Fields<Schemas['RepeatBody'], 'every' | 'unit'> & Partial<Fields<Schemas['RepeatBody'], 'weekdays' | 'count' | 'until'>>;
/** A series of a client (`GET /api/appointments/series`), with what is left of it. */
export type ApiSeries = Present<Schemas['Series']>;
/** `POST /api/appointments` with `repeat`: every appointment made, and the series. */
export type ApiSeriesCreated = Omit<Present<Schemas['SeriesCreated']>, 'data'> & { data: ApiAppointment[] };

/** Request bodies: the named fields of a schema, present and not null (what a form sends). */
type Fields<T, K extends keyof T> = { [P in K]-?: NonNullable<T[P]> };

export type ApiLoginInput = Schemas['LoginBody'];
/** The client form's fields (text; an empty text clears a field). */
export type ApiClientInput = Fields<Schemas['ClientBody'], 'name' | 'email' | 'phone' | 'document' | 'birthDate' | 'notes'>;
export type ApiNewAppointment = Fields<
  Schemas['AppointmentBody'],
  'clientId' | 'staffId' | 'service' | 'startsAt' | 'durationMinutes' | 'priceCents'
> &
  Partial<Fields<Schemas['AppointmentBody'], 'notes' | 'serviceId' | 'allowOutsideHours' | 'skipDates'>> & {
    repeat?: ApiRepeat;
    moves?: { date: string; startsAt: string }[];
  };
/** `POST /api/users`: name, e-mail, role and the initial password. */
export type ApiNewUser = Fields<Schemas['CreateUserBody'], 'name' | 'email' | 'password'> & { role: ApiRole };
/** `PUT /api/users/{id}`: what is sent changes. */
export type ApiUserUpdate = Partial<Fields<Schemas['UpdateUserBody'], 'name' | 'email' | 'password' | 'ownHours'>> & { role?: ApiRole };

/** One appointment of the reminders screen (`GET /api/reminders`), with its WhatsApp link and reminder states. */
export type ApiReminderRow = Present<Schemas['ReminderRow']>;
export type ApiReminderNotice = NonNullable<ApiReminderRow['notice']>;
/** `GET /api/reminders` → `data`: a day's appointments, and whether e-mail is on. */
export type ApiReminderDay = Omit<Present<Schemas['ReminderDay']>, 'rows'> & { rows: ApiReminderRow[] };
/** The reminders' settings: the WhatsApp template, the e-mail's hours ahead, the business's name. */
export type ApiReminderSettings = Present<Schemas['ReminderSettingsView']>;
/** `PUT /api/reminders/settings`: what is sent changes. */
export type ApiReminderSettingsInput = Partial<Fields<Schemas['ReminderSettingsBody'], 'template' | 'hoursBefore' | 'businessName'>>;
/** `GET/PUT /api/online-booking` → `data`: what the clients' own booking page offers, and its address. */
export type ApiOnlineBooking = Present<Schemas['OnlineBookingView']>;
export type ApiWaitlistEntry = Present<Schemas['WaitlistEntry']>;
export type ApiWaitlistInput = Schemas['WaitlistEntryBody'];
export type ApiWaitlistSettings = Present<Schemas['WaitlistSettings']>;
/** `PUT /api/online-booking`: what is sent changes (`serviceIds: null`: every active service). */
export type ApiOnlineBookingInput = Schemas['OnlineBookingInput'];
/** `POST /api/reminders/preview` → `data`: the template filled with a real appointment. */
export type ApiReminderPreview = Present<Schemas['ReminderPreview']>;
