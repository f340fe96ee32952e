import { api, dataOf, writes } from '../../../lib/api-slice';
import type {
  ApiService,
  ApiServiceInput,
  ApiAvailability,
  ApiTimeOff,
  ApiTimeOffInput,
  ApiWorkingHours,
  ApiInterval,
  ApiOnlineBooking,
  ApiOnlineBookingInput,
} from '../../../lib/api-types';
import type { ReadArg } from '../../../lib/route-reads';
import type { ListResponse } from '../../../lib/types';

/**
 * The scheduling rules' endpoints, shared by the screens that edit them
 * (services, a user's hours and time off, the profile, the online booking's
 * settings) and the ones that follow them (booking, the agenda's free-slot
 * search).
 */

/** `GET /api/services`'s filters. */
export type ServiceListArgs = { page?: number; per_page?: number; q?: string; active?: boolean };
/** `GET /api/time-off`'s filters: one member's (`staff_id`), the business's (`holidays`), days. */
export type TimeOffArgs = { page?: number; per_page?: number; staff_id?: number; holidays?: boolean; from?: string; to?: string };
/**
 * `GET /api/availability`: a service, or a length alone (`duration_minutes`:
 * the booking without a service), optionally one member, a range of days (31
 * at most). As the server's reads give it (routes.json `bookingFree`), an
 * address's parameter is text.
 */
export type AvailabilityArgs = ({ service_id: number } | { duration_minutes: number | string }) & {
  staff_id?: number | string;
  from?: string;
  to?: string;
  limit?: number;
};

export const scheduleApi = api.injectEndpoints({
  endpoints: (build) => ({
    getServices: build.query<ListResponse<ApiService>, ServiceListArgs>({
      query: (args) => ({ path: '/services', query: { ...args } }),
      providesTags: ['Service'],
    }),
    /**
     * Every active service (the booking's and the free-slot search's choices),
     * as a list answer: the server seeds it when the address opens either
     * dialog (routes.json, `bookingServices` / `fitInServices`).
     */
    getActiveServices: build.query<ListResponse<ApiService>, ReadArg | void>({
      query: () => ({ path: '/services', query: { active: true, per_page: 100 } }),
      providesTags: ['Service'],
    }),
    createService: build.mutation<ApiService, ApiServiceInput>({
      query: (body) => ({ path: '/services', method: 'POST', body }),
      transformResponse: dataOf<ApiService>,
      ...writes('service'),
    }),
    updateService: build.mutation<ApiService, { id: number; changes: ApiServiceInput }>({
      query: ({ id, changes }) => ({ path: `/services/${id}`, method: 'PUT', body: changes }),
      transformResponse: dataOf<ApiService>,
      ...writes('service'),
    }),
    /** Deleted (`null`), or kept and deactivated because appointments use it (the service). */
    deleteService: build.mutation<ApiService | null, number>({
      query: (id) => ({ path: `/services/${id}`, method: 'DELETE' }),
      transformResponse: (body: { data: ApiService } | null | undefined) => body?.data ?? null,
      ...writes('service'),
    }),
    /** The business's default hours (the services screen's read: `{}`). */
    getBusinessHours: build.query<ApiWorkingHours, ReadArg | void>({
      query: () => ({ path: '/working-hours' }),
      transformResponse: dataOf<ApiWorkingHours>,
      providesTags: ['Schedule'],
    }),
    putBusinessHours: build.mutation<ApiWorkingHours, ApiInterval[]>({
      query: (weekly) => ({ path: '/working-hours', method: 'PUT', body: { weekly } }),
      transformResponse: dataOf<ApiWorkingHours>,
      ...writes('schedule'),
    }),
    /** A member's hours; `{ id }` as the pages' reads seed it (routes.json). */
    getUserHours: build.query<ApiWorkingHours, { id: number }>({
      query: ({ id }) => ({ path: `/users/${id}/working-hours` }),
      transformResponse: dataOf<ApiWorkingHours>,
      providesTags: ['Schedule'],
    }),
    /** A member's own hours (`weekly`), or back to the business's default (`weekly: null`). */
    putUserHours: build.mutation<ApiWorkingHours, { id: number; weekly: ApiInterval[] | null }>({
      query: ({ id, weekly }) =>
        weekly ? { path: `/users/${id}/working-hours`, method: 'PUT', body: { weekly } } : { path: `/users/${id}/working-hours`, method: 'DELETE' },
      transformResponse: dataOf<ApiWorkingHours>,
      ...writes('schedule'),
    }),
    getTimeOff: build.query<ListResponse<ApiTimeOff>, TimeOffArgs>({
      query: (args) => ({ path: '/time-off', query: { ...args } }),
      providesTags: ['Schedule'],
    }),
    createTimeOff: build.mutation<ApiTimeOff, ApiTimeOffInput>({
      query: (body) => ({ path: '/time-off', method: 'POST', body }),
      transformResponse: dataOf<ApiTimeOff>,
      ...writes('schedule'),
    }),
    deleteTimeOff: build.mutation<void, number>({
      query: (id) => ({ path: `/time-off/${id}`, method: 'DELETE' }),
      ...writes('schedule'),
    }),
    /** The answer whole (`{ data, meta }`), as the server's reads seed it. */
    getAvailability: build.query<ApiAvailability, AvailabilityArgs>({
      query: (args) => ({ path: '/availability', query: { ...args } }),
      providesTags: ['Schedule'],
    }),
    /** What the clients' own booking page offers (`/agendar`), and its address. */
    getOnlineBooking: build.query<ApiOnlineBooking, ReadArg | void>({
      query: () => ({ path: '/online-booking' }),
      transformResponse: dataOf<ApiOnlineBooking>,
      providesTags: ['Schedule'],
    }),
    putOnlineBooking: build.mutation<ApiOnlineBooking, ApiOnlineBookingInput>({
      query: (body) => ({ path: '/online-booking', method: 'PUT', body }),
      transformResponse: dataOf<ApiOnlineBooking>,
      ...writes('schedule'),
    }),
  }),
});

export const {
  useGetServicesQuery,
  useGetActiveServicesQuery,
  useCreateServiceMutation,
  useUpdateServiceMutation,
  useDeleteServiceMutation,
  useGetBusinessHoursQuery,
  usePutBusinessHoursMutation,
  useGetUserHoursQuery,
  usePutUserHoursMutation,
  useGetTimeOffQuery,
  useCreateTimeOffMutation,
  useDeleteTimeOffMutation,
  useGetAvailabilityQuery,
  useGetOnlineBookingQuery,
  usePutOnlineBookingMutation,
} = scheduleApi;
