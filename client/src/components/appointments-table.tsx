import type { ReactNode } from 'react';
import { Globe, Repeat } from './icons';
import { statusLabel, type Appointment, type AppointmentStatus } from '../lib/appointment';
import { formatDate, formatMoney, formatTimeRange } from '../lib/format';
import { DataTable, type Column } from './data-table';

const STATUS_VARIANT: Record<AppointmentStatus, string> = {
  agendado: 'primary',
  confirmado: 'info',
  concluido: 'success',
  cancelado: 'danger',
  faltou: 'warning',
  pendente: 'secondary',
};

export function StatusBadge({ status }: { status: string }) {
  const variant = STATUS_VARIANT[status as AppointmentStatus] ?? 'secondary';
  return <span className={`badge bg-${variant}-subtle text-${variant}-emphasis badge-status`}>{statusLabel(status)}</span>;
}

/** An occurrence of a recurring series: an icon, and "série: 3 de 12" for those who cannot see it. */
export function SeriesMark({ appointment: a }: { appointment: Pick<Appointment, 'seriesId' | 'seriesPosition' | 'seriesTotal'> }) {
  if (!a.seriesId) return null;
  const text = `Série: ${a.seriesPosition} de ${a.seriesTotal}`;
  return (
    <span className="series-mark" title={text}>
      <Repeat size={12} aria-hidden="true" />
      <span className="visually-hidden">, {text.toLowerCase()}</span>
    </span>
  );
}

/** Booked by the client on the public page (`/agendar`): an icon, and "pela internet" for those who cannot see it. */
export function ChannelMark({ appointment: a }: { appointment: Pick<Appointment, 'channel'> }) {
  if (a.channel !== 'internet') return null;
  return (
    <span className="series-mark" title="Agendado pela internet">
      <Globe size={12} aria-hidden="true" />
      <span className="visually-hidden">, agendado pela internet</span>
    </span>
  );
}

const COLUMNS: Column<Appointment>[] = [
  { key: 'date', header: 'Data', render: (a) => formatDate(a.startsAt) },
  { key: 'time', header: 'Horário', render: (a) => formatTimeRange(a.startsAt, a.endsAt), className: 'text-nowrap' },
  { key: 'client', header: 'Cliente', render: (a) => a.clientName },
  { key: 'staff', header: 'Profissional', render: (a) => a.staffName },
  {
    key: 'service',
    header: 'Serviço',
    render: (a) => (
      <>
        {a.service} <SeriesMark appointment={a} />
        <ChannelMark appointment={a} />
      </>
    ),
  },
  { key: 'status', header: 'Status', render: (a) => <StatusBadge status={a.status} /> },
  { key: 'price', header: 'Valor', render: (a) => formatMoney(a.priceCents), className: 'text-end text-nowrap' },
];

interface AppointmentsTableProps {
  rows: Appointment[];
  loading?: boolean;
  empty: string;
  /** Optional last column (e.g. status actions). */
  actions?: (appointment: Appointment) => ReactNode;
  /** One client's appointments (its own page): no column repeating its name. */
  oneClient?: boolean;
}

/** Appointments as the dashboard and the appointments screen list them. */
export function AppointmentsTable({ rows, loading, empty, actions, oneClient = false }: AppointmentsTableProps) {
  const shown = oneClient ? COLUMNS.filter((c) => c.key !== 'client') : COLUMNS;
  const columns = actions ? [...shown, { key: 'actions', header: 'Ações', render: actions, className: 'text-end text-nowrap' }] : shown;
  return <DataTable columns={columns} rows={rows} rowKey={(a) => a.id} empty={empty} loading={loading} caption="Agendamentos" />;
}
