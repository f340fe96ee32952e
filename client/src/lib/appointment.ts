import type { ApiAppointment, ApiAppointmentStatus } from './api-types';

export type AppointmentStatus = ApiAppointmentStatus;

/** An appointment as the API sends it (lib/api-types.ts). */
export type Appointment = ApiAppointment;

/** Status labels (pt-BR). Shared because the dashboard lists appointments too. */
export const STATUS_LABELS: Record<AppointmentStatus, string> = {
  agendado: 'Agendado',
  confirmado: 'Confirmado',
  concluido: 'Concluído',
  cancelado: 'Cancelado',
  faltou: 'Faltou',
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status as AppointmentStatus] ?? status;
}

/** The status changes the server allows, with the action's label (pt-BR). */
export const NEXT_STATUSES: Record<AppointmentStatus, { status: AppointmentStatus; action: string }[]> = {
  agendado: [
    { status: 'confirmado', action: 'Confirmar' },
    { status: 'cancelado', action: 'Cancelar' },
  ],
  confirmado: [
    { status: 'concluido', action: 'Concluir' },
    { status: 'faltou', action: 'Faltou' },
    { status: 'cancelado', action: 'Cancelar' },
  ],
  concluido: [],
  cancelado: [],
  faltou: [],
};
