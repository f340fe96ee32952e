import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Card } from '../../components/card';
import { DataTable, type Column } from '../../components/data-table';
import { ErrorAlert } from '../../components/error-alert';
import { InputField } from '../../components/field';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { StatCard } from '../../components/stat-card';
import { STATUS_LABELS, type AppointmentStatus } from '../../lib/appointment';
import { useAppStore } from '../../hooks/store';
import { errorMessage } from '../../lib/api';
import { formatDate, formatMoney, formatNumber, formatPercent, monthPeriod } from '../../lib/format';
import { reportsApi, useGetReportSummaryQuery } from './reports-api';
import type { DayFigures, Period, ReportSummary, StaffFigures } from './types';

export const REPORTS_ERROR = 'Erro ao buscar relatórios';

const STATUSES = Object.keys(STATUS_LABELS) as AppointmentStatus[];

const STAFF_COLUMNS: Column<StaffFigures>[] = [
  { key: 'name', header: 'Profissional', render: (s) => <span className="fw-semibold">{s.staffName}</span> },
  { key: 'total', header: 'Agendamentos', render: (s) => formatNumber(s.total), className: 'text-end' },
  { key: 'done', header: 'Concluídos', render: (s) => formatNumber(s.concluido), className: 'text-end' },
  { key: 'missed', header: 'Faltas', render: (s) => formatNumber(s.faltou), className: 'text-end' },
  { key: 'cancelled', header: 'Cancelados', render: (s) => formatNumber(s.cancelado), className: 'text-end' },
  { key: 'revenue', header: 'Receita', render: (s) => formatMoney(s.revenueCents), className: 'text-end text-nowrap' },
];

/** One bar a day; height relative to the busiest day. */
function DayBars({ days }: { days: DayFigures[] }) {
  const max = Math.max(1, ...days.map((d) => d.total));
  return (
    <div className="d-flex align-items-end gap-1" style={{ height: 120 }} role="img" aria-label="Agendamentos por dia">
      {days.map((d) => (
        <div
          key={d.date}
          className="flex-fill rounded-top bg-primary"
          style={{ height: `${Math.max(2, (d.total / max) * 100)}%`, opacity: d.total ? 1 : 0.2, minWidth: 2 }}
          title={`${formatDate(d.date)}: ${formatNumber(d.total)}`}
        />
      ))}
    </div>
  );
}

function Summary({ data }: { data: ReportSummary }) {
  return (
    <>
      <div className="row g-3 mb-3">
        <StatCard className="col-sm-6 col-xl" valueSize="fs-22" title="Agendamentos" value={formatNumber(data.total)} />
        <StatCard className="col-sm-6 col-xl" valueSize="fs-22" title="Receita" value={formatMoney(data.revenueCents)} />
        <StatCard className="col-sm-6 col-xl" valueSize="fs-22" title="Novos clientes" value={formatNumber(data.newClients)} />
        <StatCard className="col-sm-6 col-xl" valueSize="fs-22" title="Taxa de faltas" value={formatPercent(data.noShowRate)} />
        <StatCard className="col-sm-6 col-xl" valueSize="fs-22" title="Taxa de cancelamento" value={formatPercent(data.cancellationRate)} />
      </div>
      <div className="row g-3 mb-3">
        <div className="col-lg-4">
          <Card title="Por status" className="h-100" body={false}>
            <ul className="list-group list-group-flush">
              {STATUSES.map((status) => (
                <li key={status} className="list-group-item d-flex justify-content-between">
                  <span>{STATUS_LABELS[status]}</span>
                  <span className="fw-semibold">{formatNumber(data.byStatus[status] ?? 0)}</span>
                </li>
              ))}
            </ul>
          </Card>
        </div>
        <div className="col-lg-8">
          <Card title="Por dia" className="h-100">
            <DayBars days={data.byDay} />
            <div className="d-flex justify-content-between text-muted small mt-2">
              <span>{formatDate(data.from)}</span>
              <span>{formatDate(data.to)}</span>
            </div>
          </Card>
        </div>
      </div>
      <Card title="Por profissional" body="card-body p-0">
        <DataTable
          columns={STAFF_COLUMNS}
          rows={data.byStaff}
          rowKey={(s) => s.staffId}
          caption="Por profissional"
          empty="Nenhum agendamento no período."
        />
      </Card>
    </>
  );
}

export default function ReportsPage() {
  // The server renders this month's summary in the business time zone
  // (`page.reports`, in the cache under its period); without it, the default
  // period comes from the browser's clock after mount, so the HTML still matches.
  const store = useAppStore();
  const [initialPeriod] = useState<Period | null>(
    () => reportsApi.util.selectCachedArgsForQuery(store.getState(), 'getReportSummary')[0] ?? null,
  );
  const [period, setPeriod] = useState<Period | null>(initialPeriod);
  const [draft, setDraft] = useState<Period>(initialPeriod ?? { from: '', to: '' });
  useEffect(() => {
    if (period) return;
    const month = monthPeriod(new Date());
    setPeriod(month);
    setDraft(month);
  }, [period]);

  const { data, isFetching: loading, error: failure, refetch } = useGetReportSummaryQuery(period ?? skipToken);
  const error = failure ? errorMessage(failure, REPORTS_ERROR) : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (draft.from && draft.to) setPeriod({ ...draft });
  };

  return (
    <div className="container-fluid">
      <PageHeader title="Relatórios" subtitle="Agendamentos, receita e faltas no período." />
      <form className="card mb-3" onSubmit={onSubmit}>
        <div className="card-body d-flex flex-wrap gap-2 align-items-end">
          <InputField id="report-from" label="De" wrapperClassName="" type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} required />
          <InputField id="report-to" label="Até" wrapperClassName="" type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} required />
          <button type="submit" className="btn btn-primary" disabled={loading}>
            Aplicar
          </button>
        </div>
      </form>
      <ErrorAlert message={error} onRetry={() => void refetch()} />
      {data ? (
        <div style={loading ? { opacity: 0.6 } : undefined}>
          <Summary data={data} />
        </div>
      ) : !error ? (
        <div className="d-flex justify-content-center py-5">
          <Spinner />
        </div>
      ) : null}
    </div>
  );
}
