// The schedule's public face: what other features may use of it (the lint
// allows no other import from outside, eslint.config.js). Its screen, the
// services catalogue, is reached through the route table (app/routes.json).
export { CalendarFeedCard } from './components/calendar-feed-card';
export { TimeOffList } from './components/time-off-list';
export { WeeklyHoursEditor } from './components/weekly-hours-editor';
export type { CalendarFeedArgs } from './lib/calendar-api';
export {
  useGetActiveServicesQuery,
  useGetAvailabilityQuery,
  useGetOnlineBookingQuery,
  useGetUserHoursQuery,
  usePutOnlineBookingMutation,
  usePutUserHoursMutation,
  type AvailabilityArgs,
  type TimeOffArgs,
} from './lib/schedule-api';
