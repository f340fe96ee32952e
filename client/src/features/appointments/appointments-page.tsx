import { useEffect, type ChangeEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { AppointmentsTable } from '../../components/appointments-table';
import { ErrorAlert } from '../../components/error-alert';
import { PageHeader } from '../../components/page-header';
import { Pagination } from '../../components/pagination';
import { STATUS_LABELS } from '../../lib/appointment';
import { buildQuery, pageParam, parseQuery } from '../../lib/query-string';
import { takeServerProvided } from '../../lib/server-data';
import { fetchAppointments, selectAppointments } from './appointments-slice';

export default function AppointmentsPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const query = parseQuery(location.search);
  const page = pageParam(query.page);
  const status = query.status && query.status in STATUS_LABELS ? query.status : '';
  const { list, meta, loading, error } = useAppSelector(selectAppointments);

  const load = () => dispatch(fetchAppointments({ page, status: status || undefined }));

  useEffect(() => {
    if (!takeServerProvided('appointments')) void load();
  }, [page, status]);

  const onStatus = (event: ChangeEvent<HTMLSelectElement>) => {
    navigate(`/appointments${buildQuery({ status: event.target.value })}`);
  };

  return (
    <div className="container-fluid">
      <PageHeader title="Agendamentos" subtitle="Horários marcados com seus clientes." />
      <div className="card">
        <div className="card-header d-flex gap-2 align-items-center flex-wrap">
          <label htmlFor="appointments-status" className="form-label mb-0">
            Status
          </label>
          <select
            id="appointments-status"
            className="form-select"
            style={{ maxWidth: 220 }}
            value={status}
            onChange={onStatus}
          >
            <option value="">Todos</option>
            {Object.entries(STATUS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="card-body p-0">
          <ErrorAlert message={error} onRetry={() => void load()} className="m-3" />
          <AppointmentsTable rows={list} loading={loading} empty="Nenhum agendamento encontrado." />
        </div>
        <div className="card-footer">
          <Pagination
            meta={meta}
            noun={['agendamento', 'agendamentos']}
            disabled={loading}
            onPageChange={(p) => navigate(`/appointments${buildQuery({ page: p, status })}`)}
          />
        </div>
      </div>
    </div>
  );
}
