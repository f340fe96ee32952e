import { api, dataOf, writes } from '../../lib/api-slice';
import type { ApiAgenda, ApiClient, ApiSeries, ApiSeriesCreated, ApiStaffMember } from '../../lib/api-types';
import type { Appointment, AppointmentStatus } from '../../lib/appointment';
import { appointmentTag, spotTag } from '../../lib/live';
import type { ReadArg } from '../../lib/route-reads';
import type { NewAppointment } from './appointments-api';

export type Agenda = ApiAgenda;
export type StaffMember = ApiStaffMember;

/** The agenda's parameters (the route's read takes them from the address). */
export type AgendaArgs = Partial<Record<'view' | 'date' | 'staff_id' | 'status' | 'client_id', string>>;

/** Which occurrences of a series a change reaches (`?scope=`): only this one, it and the later ones, or all not yet started. */
export type SeriesScope = 'this' | 'following' | 'all';

/** A change of times, staff member or any other field (PUT): what is sent changes. */
export interface AppointmentChanges {
  id: number;
  version: number;
  scope?: SeriesScope;
  staffId?: number;
  startsAt?: string;
  endsAt?: string;
  durationMinutes?: number;
  /** The user was asked and books outside the rules anyway (a 422 with `rule` before). */
  allowOutsideHours?: boolean;
}

export const agendaApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `PATCH /api/appointments/{id}/status`: the agenda's status buttons, the dashboard's Aceitar/Recusar (through index.ts). */
    changeStatus: build.mutation<Appointment, { id: number; version: number; status: AppointmentStatus; cancellationReason?: string; scope?: SeriesScope }>({
      query: ({ id, scope, ...body }) => ({ path: `/appointments/${id}/status`, method: 'PATCH', body, query: { scope } }),
      transformResponse: dataOf<Appointment>,
      ...writes('appointment'),
    }),
    /** `GET /api/agenda`; the server preloads the address's (the route's reads). */
    getAgenda: build.query<Agenda, AgendaArgs>({
      query: (args) => ({ path: '/agenda', query: { ...args } }),
      transformResponse: dataOf<Agenda>,
      // Each staff member's day it shows: a live change elsewhere leaves it be (lib/live.ts).
      providesTags: (agenda) => ['Agenda', ...(agenda ? agenda.staff.flatMap((s) => agenda.days.map((day) => spotTag(s.id, day))) : [])],
    }),
    /** `GET /api/staff`: who takes appointments, the choices of every staff picker. */
    getStaff: build.query<StaffMember[], ReadArg>({
      query: () => ({ path: '/staff' }),
      transformResponse: dataOf<StaffMember[]>,
      providesTags: ['User'],
    }),
    /** One appointment (one not on the shown day, opened by its link). */
    getAppointment: build.query<Appointment, number>({
      query: (id) => ({ path: `/appointments/${id}` }),
      transformResponse: dataOf<Appointment>,
      providesTags: (_result, _error, id) => ['Agenda', appointmentTag(id)],
    }),
    /** One appointment, or with `repeat` every appointment of the series (all or none). */
    createAppointment: build.mutation<Appointment[], NewAppointment>({
      query: (body) => ({ path: '/appointments', method: 'POST', body }),
      transformResponse: (answer: { data: Appointment } | ApiSeriesCreated) => (Array.isArray(answer.data) ? answer.data : [answer.data]),
      ...writes('appointment'),
    }),
    updateAppointment: build.mutation<Appointment, AppointmentChanges>({
      query: ({ id, scope, ...body }) => ({ path: `/appointments/${id}`, method: 'PUT', body, query: { scope } }),
      transformResponse: dataOf<Appointment>,
      ...writes('appointment'),
    }),
    /** The client the address books for (`book_client`): their name for the booking's picker. */
    getBookingClient: build.query<ApiClient, number>({
      query: (id) => ({ path: `/clients/${id}` }),
      transformResponse: dataOf<ApiClient>,
      providesTags: (_result, _error, id) => [{ type: 'Client', id }],
    }),
    /** A client's recurring series, with what is left of each (the client page, seeded by its route's read `series`; the agenda links there). */
    getClientSeries: build.query<ApiSeries[], { client_id: number }>({
      query: (args) => ({ path: '/appointments/series', query: { ...args } }),
      transformResponse: dataOf<ApiSeries[]>,
      providesTags: (_result, _error, { client_id }) => [{ type: 'Client', id: client_id }, 'Agenda'],
    }),
  }),
});

export const {
  useChangeStatusMutation,
  useGetClientSeriesQuery,
  useGetAgendaQuery,
  useGetStaffQuery,
  useGetAppointmentQuery,
  useCreateAppointmentMutation,
  useUpdateAppointmentMutation,
  useGetBookingClientQuery,
} = agendaApi;
