import { createListSlice, type ListState } from '../../lib/list-slice';
import { getAppointments } from './appointments-api';
import type { Appointment } from '../../lib/appointment';

// Spelled as the error catalogue has it (docs/behaviour.md#error-catalogue).
export const APPOINTMENTS_ERROR = 'Erro ao buscar appointmentes';

const { slice, fetchList, initialState } = createListSlice<Appointment>(
  'appointments',
  getAppointments,
  APPOINTMENTS_ERROR,
);

export type AppointmentsState = ListState<Appointment>;
export const initialAppointmentsState = initialState;
export const fetchAppointments = fetchList;
export const { add: addAppointment, remove: removeAppointment, clear: clearAppointments } = slice.actions;
export const appointmentsReducer = slice.reducer;
export const selectAppointments = (state: { appointments: AppointmentsState }) => state.appointments;
