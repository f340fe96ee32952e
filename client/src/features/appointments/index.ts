// The appointments' public face: what other features may use of it (the
// lint allows no other import from outside, eslint.config.js).
export { useChangeStatusMutation, useGetClientSeriesQuery, useGetStaffQuery, type StaffMember } from './agenda-api';
