export type AppointmentStatus = 'agendado' | 'confirmado' | 'concluido' | 'cancelado' | 'faltou';

export interface Appointment {
  id: number;
  clientId: number;
  clientName: string;
  staffId: number;
  staffName: string;
  service: string;
  startsAt: string;
  endsAt: string;
  status: AppointmentStatus;
  priceCents: number;
  notes: string | null;
  cancellationReason: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

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
