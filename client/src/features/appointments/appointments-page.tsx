import { useState, type ChangeEvent } from 'react';
import { toast } from 'react-toastify';
import { useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../hooks/store';
import { AppointmentsTable } from '../../components/appointments-table';
import { ConfirmDialog } from '../../components/dialog';
import { ListCard } from '../../components/list-card';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api';
import { recordsChanged } from '../../lib/api-slice';
import { NEXT_STATUSES, STATUS_LABELS, statusLabel, type Appointment, type AppointmentStatus } from '../../lib/appointment';
import { buildQuery, pageParam } from '../../lib/query-string';
import { useListLoader } from '../../lib/use-list';
import { AppointmentForm } from './appointment-form';
import { changeAppointmentStatus } from './appointments-api';
import { fetchAppointments, selectAppointments } from './appointments-slice';

export default function AppointmentsPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const page = pageParam(query.get('page'));
  // Set by the pager's "next": the server continues after the previous page's last row.
  const cursor = query.get('cursor') ?? undefined;
  const requested = query.get('status');
  const status = requested && requested in STATUS_LABELS ? requested : '';
  const { list, meta, loading, error } = useAppSelector(selectAppointments);

  const load = useListLoader('appointments', fetchAppointments, { page, cursor, status: status || undefined });

  const [busyId, setBusyId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);

  // Cancelling asks the reason in a dialog first.
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const [reason, setReason] = useState('');

  const changeStatus = async (appointment: Appointment, next: AppointmentStatus, reason?: string) => {
    setBusyId(appointment.id);
    try {
      await changeAppointmentStatus(appointment, next, reason);
      toast.success(`Agendamento de ${appointment.clientName}: ${statusLabel(next)}.`);
      dispatch(recordsChanged());
      void load();
    } catch (error) {
      toast.error(errorMessage(error, 'Não foi possível alterar o status.'));
    } finally {
      setBusyId(null);
    }
  };

  const askStatus = (appointment: Appointment, next: AppointmentStatus) => {
    if (next !== 'cancelado') return void changeStatus(appointment, next);
    setReason('');
    setCancelling(appointment);
  };

  const confirmCancel = async () => {
    if (!cancelling) return;
    await changeStatus(cancelling, 'cancelado', reason.trim());
    setCancelling(null);
  };

  const actions = (a: Appointment) => (
    <div className="d-inline-flex gap-1">
      {(NEXT_STATUSES[a.status] ?? []).map(({ status: next, action }) => (
        <button
          key={next}
          type="button"
          className={`btn btn-sm ${next === 'cancelado' || next === 'faltou' ? 'btn-outline-danger' : 'btn-outline-primary'}`}
          disabled={busyId !== null}
          onClick={() => askStatus(a, next)}
        >
          {action}
        </button>
      ))}
    </div>
  );

  const onStatus = (event: ChangeEvent<HTMLSelectElement>) => {
    navigate(`/appointments${buildQuery({ status: event.target.value })}`);
  };

  return (
    <div className="container-fluid">
      <PageHeader title="Agendamentos" subtitle="Horários marcados com seus clientes.">
        <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
          Novo agendamento
        </button>
      </PageHeader>
      {cancelling ? (
        <ConfirmDialog
          title="Cancelar agendamento"
          confirmLabel="Cancelar agendamento"
          cancelLabel="Voltar"
          tone="danger"
          busy={busyId !== null}
          onConfirm={() => void confirmCancel()}
          onCancel={() => setCancelling(null)}
        >
          <label htmlFor="cancellation-reason" className="form-label">
            Motivo do cancelamento de {cancelling.clientName}
          </label>
          <textarea
            id="cancellation-reason"
            className="form-control"
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </ConfirmDialog>
      ) : null}
      {creating ? (
        <AppointmentForm
          onCancel={() => setCreating(false)}
          onSaved={(a) => {
            toast.success(`Agendamento de ${a.clientName} criado.`);
            setCreating(false);
            dispatch(recordsChanged());
            void load();
          }}
        />
      ) : null}
      <ListCard
        headerClassName="card-header d-flex gap-2 align-items-center flex-wrap"
        header={
          <>
            <label htmlFor="appointments-status" className="form-label mb-0">
              Status
            </label>
            <select id="appointments-status" className="form-select" style={{ maxWidth: 220 }} value={status} onChange={onStatus}>
              <option value="">Todos</option>
              {Object.entries(STATUS_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </>
        }
        error={error}
        onRetry={() => void load()}
        pagination={{
          meta,
          noun: ['agendamento', 'agendamentos'],
          disabled: loading,
          onPageChange: (p, next) => navigate(`/appointments${buildQuery({ page: p, status, cursor: next })}`),
        }}
      >
        <AppointmentsTable rows={list} loading={loading} empty="Nenhum agendamento encontrado." actions={actions} />
      </ListCard>
    </div>
  );
}
