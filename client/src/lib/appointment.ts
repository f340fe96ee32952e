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
  pendente: 'Aguardando confirmação',
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status as AppointmentStatus] ?? status;
}

/**
 * The action that leads to a status (pt-BR button text). Which ones an
 * appointment offers comes from the server (`nextStatuses`, by its rules).
 */
export const STATUS_ACTIONS: Record<AppointmentStatus, string> = {
  agendado: 'Reagendar',
  confirmado: 'Confirmar',
  concluido: 'Concluir',
  cancelado: 'Cancelar',
  faltou: 'Faltou',
  pendente: 'Aguardar',
};
