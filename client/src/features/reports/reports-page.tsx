import { ErrorAlert } from '../../components/error-alert';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { STATUS_LABELS, type AppointmentStatus } from '../../lib/appointment';
import { formatNumber } from '../../lib/format';
import { useApiData } from '../../lib/use-api-data';
import { countAppointments, countClients } from './reports-api';

export const REPORTS_ERROR = 'Erro ao buscar relatórios';

const STATUSES = Object.keys(STATUS_LABELS) as AppointmentStatus[];

async function loadReport() {
  const [clients, ...byStatus] = await Promise.all([countClients(), ...STATUSES.map(countAppointments)]);
  return { clients, byStatus: STATUSES.map((status, i) => ({ status, total: byStatus[i] })) };
}

export default function ReportsPage() {
  const { data, loading, error, reload } = useApiData(loadReport, REPORTS_ERROR);
  const total = data ? data.byStatus.reduce((sum, s) => sum + s.total, 0) : 0;

  return (
    <div className="container-fluid">
      <PageHeader title="Relatórios" subtitle="Números gerais de clientes e agendamentos." />
      <ErrorAlert message={error} onRetry={reload} />
      {loading && !data ? (
        <div className="d-flex justify-content-center py-5">
          <Spinner />
        </div>
      ) : null}
      {data ? (
        <div className="row g-3">
          <div className="col-md-4">
            <div className="card h-100">
              <div className="card-body">
                <h2 className="text-muted text-uppercase fs-13 fw-semibold mb-2">Clientes cadastrados</h2>
                <p className="fs-3 fw-bold mb-0">{formatNumber(data.clients)}</p>
              </div>
            </div>
          </div>
          <div className="col-md-8">
            <div className="card h-100">
              <div className="card-header">
                <h3 className="card-title h6 mb-0">Agendamentos por status</h3>
              </div>
              <ul className="list-group list-group-flush">
                {data.byStatus.map(({ status, total: count }) => (
                  <li key={status} className="list-group-item d-flex justify-content-between">
                    <span>{STATUS_LABELS[status]}</span>
                    <span className="fw-semibold">
                      {formatNumber(count)}
                      {total ? <span className="text-muted small ms-2">({Math.round((count * 100) / total)}%)</span> : null}
                    </span>
                  </li>
                ))}
                <li className="list-group-item d-flex justify-content-between fw-bold">
                  <span>Total</span>
                  <span>{formatNumber(total)}</span>
                </li>
              </ul>
            </div>
          </div>
        </div>
      ) : null}
    </div>
  );
}
