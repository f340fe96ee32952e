import { AppLink } from '../../components/app-link';
import { CalendarPlus } from '../../components/icons';
import { DashboardReads } from '../../../generated/route-reads';
import { useAppSelector } from '../../hooks/store';
import { AppointmentsTable, StatusBadge } from '../../components/appointments-table';
import { Card } from '../../components/card';
import { ErrorAlert } from '../../components/error-alert';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { StatCard } from '../../components/stat-card';
import { errorMessage } from '../../lib/api';
import { formatCount, formatDateTime, formatMoney, formatNumber, formatTimeRange } from '../../lib/format';
import { useGetDashboardQuery } from './dashboard-api';
import type { Awaiting, ClientReply, StaffDay } from './types';
import { useChangeStatusMutation } from '../appointments';
import { toast } from '../../lib/toast';

export const DASHBOARD_ERROR = 'Erro ao buscar o painel';
/** Six figures: two a row on phones, three on tablets, one row on wide screens. */
const STAT = 'col-6 col-md-4 col-xxl-2';

/** One staff member's appointments of today, in time order. */
function StaffAgenda({ day }: { day: StaffDay }) {
  return (
    <div className="col-md-6 col-xl-4">
      <section className="border rounded h-100" aria-labelledby={`today-staff-${day.staffId}`}>
        <h3 id={`today-staff-${day.staffId}`} className="h6 fw-semibold px-3 pt-3 mb-2">
          {day.staffName} <span className="text-muted fw-normal small">· {formatNumber(day.appointments.length)}</span>
        </h3>
        <ul className="list-group list-group-flush">
          {day.appointments.map((a) => (
            <li key={a.id} className="list-group-item d-flex justify-content-between align-items-start gap-2">
              <div style={{ minWidth: 0 }}>
                <div className="fw-semibold text-nowrap">{formatTimeRange(a.startsAt, a.endsAt)}</div>
                <div className="text-break">
                  <AppLink to={`/clients/${a.clientId}`}>{a.clientName}</AppLink>
                  <span className="text-muted"> · {a.service}</span>
                </div>
              </div>
              <StatusBadge status={a.status} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/**
 * What clients answered through their links in the last days, newest
 * first: the front desk hears of a cancel without opening the reminders.
 */
function ClientReplies({ replies }: { replies: ClientReply[] }) {
  return (
    <Card title="Respostas dos clientes" className="mb-3" body={replies.length ? false : undefined}>
      {replies.length ? (
        <ul className="list-group list-group-flush">
          {replies.map((r, i) => (
            <li key={`${r.appointment.id}-${i}`} className="list-group-item d-flex justify-content-between align-items-start gap-2">
              <div style={{ minWidth: 0 }}>
                <div className="text-break">
                  <AppLink to={`/clients/${r.appointment.clientId}`}>{r.appointment.clientName}</AppLink>{' '}
                  <span className={`badge ${r.reply === 'cancelou' ? 'bg-danger-subtle text-danger-emphasis' : 'bg-success-subtle text-success-emphasis'}`}>
                    {r.reply === 'cancelou' ? 'Cancelou' : 'Confirmou'}
                  </span>
                </div>
                <div className="text-muted small">
                  {formatDateTime(r.appointment.startsAt)} · {r.appointment.staffName} · {r.appointment.service}
                </div>
              </div>
              <span className="text-muted small text-nowrap">{formatDateTime(r.at)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted mb-0">Nenhuma resposta de clientes nos últimos 7 dias.</p>
      )}
    </Card>
  );
}

/** Why the front desk refused an online booking (the server needs a reason). */
const REFUSED = 'Recusado pela recepção';

/** One online booking waiting for the front desk, with Aceitar and Recusar. */
function AwaitingItem({ appointment: a }: { appointment: Awaiting }) {
  const [changeStatus, { isLoading: busy }] = useChangeStatusMutation();
  const answer = async (accept: boolean) => {
    try {
      await changeStatus({
        id: a.id,
        version: a.version,
        status: accept ? 'confirmado' : 'cancelado',
        ...(accept ? {} : { cancellationReason: REFUSED }),
      }).unwrap();
      toast.success(accept ? `Agendamento de ${a.clientName} aceito: o cliente é avisado.` : `Agendamento de ${a.clientName} recusado: o horário foi liberado.`);
    } catch (error) {
      toast.error(errorMessage(error, 'Não foi possível responder ao agendamento.'));
    }
  };
  return (
    <li className="list-group-item d-flex flex-wrap justify-content-between align-items-center gap-2">
      <div style={{ minWidth: 0 }}>
        <div className="text-break">
          <AppLink to={`/clients/${a.clientId}`}>{a.clientName}</AppLink>
        </div>
        <div className="text-muted small">
          {formatDateTime(a.startsAt)} · {a.staffName} · {a.service}
        </div>
      </div>
      <div className="d-flex gap-2">
        <button type="button" className="btn btn-sm btn-success btn-touch" disabled={busy} onClick={() => void answer(true)} aria-label={`Aceitar o agendamento de ${a.clientName}`}>
          Aceitar
        </button>
        <button type="button" className="btn btn-sm btn-outline-danger btn-touch" disabled={busy} onClick={() => void answer(false)} aria-label={`Recusar o agendamento de ${a.clientName}`}>
          Recusar
        </button>
      </div>
    </li>
  );
}

/** Online bookings waiting for the front desk (shown only when there are some). */
function AwaitingOnline({ awaiting }: { awaiting: Awaiting[] }) {
  if (!awaiting.length) return null;
  return (
    <Card title="Agendamentos pela internet aguardando" className="mb-3" body={false}>
      <ul className="list-group list-group-flush">
        {awaiting.map((a) => (
          <AwaitingItem key={a.id} appointment={a} />
        ))}
      </ul>
    </Card>
  );
}

export default function DashboardPage() {
  const { data: dashboard, isFetching: dashboardLoading, error, refetch } = useGetDashboardQuery(DashboardReads.useGetDashboard());
  const name = useAppSelector((s) => s.auth.name);

  return (
    <div className="container-fluid">
      <PageHeader title="Dashboard" subtitle={name ? `Olá, ${name}! Este é o resumo do seu expediente.` : undefined}>
        <AppLink to="/appointments?book=1" className="btn btn-primary btn-touch">
          <CalendarPlus size={16} className="me-1" aria-hidden="true" />
          Novo agendamento
        </AppLink>
      </PageHeader>
      <ErrorAlert message={error ? errorMessage(error, DASHBOARD_ERROR) : null} onRetry={() => void refetch()} />
      {dashboard ? (
        <>
          <AwaitingOnline awaiting={dashboard.awaiting} />
          <div className="row g-3 mb-3">
            <StatCard className={STAT} title="Hoje" value={formatNumber(dashboard.appointmentsToday)} hint="Agendamentos de hoje" />
            <StatCard className={STAT} title="Na semana" value={formatNumber(dashboard.appointmentsWeek)} hint="De segunda a domingo" />
            <StatCard className={STAT} title="Faltas no mês" value={formatNumber(dashboard.noShowsMonth)} hint="Clientes que faltaram" />
            <StatCard className={STAT} title="Novos clientes" value={formatCount(dashboard.newClientsMonth, dashboard.newClientsMonthEstimated)} hint="Cadastrados neste mês" />
            <StatCard className={STAT} title="Total de clientes" value={formatCount(dashboard.clientsTotal, dashboard.clientsTotalEstimated)} hint="Clientes ativos" />
            <StatCard className={STAT} title="Receita do mês" value={formatMoney(dashboard.revenueMonthCents)} hint="Atendimentos concluídos" />
          </div>
          <Card
            title="Agenda de hoje"
            className="mb-3"
            actions={
              <AppLink to="/appointments" className="btn btn-sm btn-light btn-touch">
                Abrir agenda
              </AppLink>
            }
          >
            {dashboard.todayByStaff.length ? (
              <div className="row g-3">
                {dashboard.todayByStaff.map((day) => (
                  <StaffAgenda key={day.staffId} day={day} />
                ))}
              </div>
            ) : (
              <p className="text-muted mb-0">Nenhum agendamento para hoje.</p>
            )}
          </Card>
          <ClientReplies replies={dashboard.clientReplies} />
          <Card
            title="Próximos agendamentos"
            actions={
              <AppLink to="/appointments?view=list" className="btn btn-sm btn-light btn-touch">
                Ver todos
              </AppLink>
            }
            body="card-body p-0"
          >
            <AppointmentsTable rows={dashboard.upcoming} loading={dashboardLoading} empty="Nenhum agendamento próximo." />
          </Card>
        </>
      ) : dashboardLoading ? (
        <div className="d-flex justify-content-center py-5">
          <Spinner />
        </div>
      ) : null}
    </div>
  );
}
