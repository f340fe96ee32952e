import { Link } from 'react-router';
import { useAppSelector } from '../../hooks/store';
import { AppointmentsTable } from '../../components/appointments-table';
import { Card } from '../../components/card';
import { ErrorAlert } from '../../components/error-alert';
import { PageHeader } from '../../components/page-header';
import { StatCard } from '../../components/stat-card';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/api';
import { formatMoney, formatNumber } from '../../lib/format';
import { useGetDashboardQuery } from './dashboard-api';

export const DASHBOARD_ERROR = 'Erro ao buscar o painel';

export default function DashboardPage() {
  const { data: dashboard, isFetching: dashboardLoading, error, refetch } = useGetDashboardQuery();
  const name = useAppSelector((s) => s.auth.name);

  return (
    <div className="container-fluid">
      <PageHeader title="Dashboard" subtitle={name ? `Olá, ${name}! Este é o resumo do seu expediente.` : undefined} />
      <ErrorAlert message={error ? errorMessage(error, DASHBOARD_ERROR) : null} onRetry={() => void refetch()} />
      {dashboard ? (
        <>
          <div className="row g-3 mb-3">
            <StatCard title="Total de clientes" value={formatNumber(dashboard.clientsTotal)} hint="Clientes ativos cadastrados" />
            <StatCard title="Agendamentos hoje" value={formatNumber(dashboard.appointmentsToday)} hint="Marcados para hoje" />
            <StatCard title="Agendamentos na semana" value={formatNumber(dashboard.appointmentsWeek)} hint="De segunda a domingo" />
            <StatCard title="Receita do mês" value={formatMoney(dashboard.revenueMonthCents)} hint="Atendimentos concluídos" />
          </div>
          <Card
            title="Próximos agendamentos"
            actions={
              <Link to="/appointments" className="btn btn-sm btn-light">
                Ver todos
              </Link>
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
