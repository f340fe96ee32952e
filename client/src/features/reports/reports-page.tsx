import { useState, type FormEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AppLink } from '../../components/app-link';
import { ReportsReads } from '../../../generated/route-reads';
import { DataTable, type Column } from '../../components/data-table';
import { Card } from '../../components/card';
import { ErrorAlert } from '../../components/error-alert';
import { ExportButton } from '../../components/export-button';
import { InputField } from '../../components/field';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { StatCard } from '../../components/stat-card';
import { STATUS_LABELS, type AppointmentStatus } from '../../lib/appointment';
import { errorMessage } from '../../lib/api';
import { formatCount, formatDate, formatMoney, formatNumber, formatPercent } from '../../lib/format';
import { BarChart, ColumnChart } from './charts';
import { useGetReportSummaryQuery } from './reports-api';
import type { DayFigures, PeriodName, ReportQuery, ReportSummary, ServiceFigures, StaffFigures } from './types';

export const REPORTS_ERROR = 'Erro ao buscar relatórios';

const STATUSES = Object.keys(STATUS_LABELS) as AppointmentStatus[];
/** The theme colour of each status, as its badge has it (components/appointments-table.tsx). */
const STATUS_TONE: Record<AppointmentStatus, string> = {
  agendado: 'chart-bar-primary',
  confirmado: 'chart-bar-info',
  concluido: 'chart-bar-success',
  cancelado: 'chart-bar-danger',
  faltou: 'chart-bar-warning',
  pendente: 'chart-bar-secondary',
};

export const PRESETS: { period: PeriodName; label: string }[] = [
  { period: 'today', label: 'Hoje' },
  { period: 'week', label: 'Esta semana' },
  { period: 'month', label: 'Este mês' },
  { period: 'last_month', label: 'Mês passado' },
];

/** The address' report: `?from&to` (both), else `?period=` (a preset), else this month. */
export function reportQuery(search: string): ReportQuery {
  const params = new URLSearchParams(search);
  const from = params.get('from');
  const to = params.get('to');
  if (from && to) return { from, to };
  const period = PRESETS.find((p) => p.period === params.get('period'))?.period;
  return { period: period ?? 'month' };
}

/** `21/11` (day and month) of a `YYYY-MM-DD`. */
const dayMonth = (date: string) => formatDate(date).slice(0, 5);
/** Whole reais on the axis (`R$ 1.500`), cents where they matter. */
const money = (cents: number) => formatMoney(cents).replace(/,00$/, '');

const DAY_COLUMNS: Column<DayFigures>[] = [
  { key: 'date', header: 'Data', render: (d) => formatDate(d.date) },
  { key: 'total', header: 'Agendamentos', render: (d) => formatNumber(d.total), className: 'text-end' },
  { key: 'done', header: 'Concluídos', render: (d) => formatNumber(d.concluido), className: 'text-end' },
  { key: 'missed', header: 'Faltas', render: (d) => formatNumber(d.faltou), className: 'text-end' },
  { key: 'cancelled', header: 'Cancelados', render: (d) => formatNumber(d.cancelado), className: 'text-end' },
];

const REVENUE_COLUMNS: Column<DayFigures>[] = [
  { key: 'date', header: 'Data', render: (d) => formatDate(d.date) },
  { key: 'revenue', header: 'Receita', render: (d) => formatMoney(d.revenueCents), className: 'text-end text-nowrap' },
];

/** A group's figures (a staff member's, a service's): the same columns after its name. */
type GroupFigures = Pick<StaffFigures, 'total' | 'concluido' | 'faltou' | 'cancelado' | 'revenueCents'>;

function groupColumns<T extends GroupFigures>(header: string, name: (row: T) => string): Column<T>[] {
  return [
    { key: 'name', header, render: (r) => <span className="fw-semibold">{name(r)}</span> },
    { key: 'total', header: 'Agendamentos', render: (r) => formatNumber(r.total), className: 'text-end' },
    { key: 'done', header: 'Concluídos', render: (r) => formatNumber(r.concluido), className: 'text-end' },
    { key: 'missed', header: 'Faltas', render: (r) => formatNumber(r.faltou), className: 'text-end' },
    { key: 'cancelled', header: 'Cancelados', render: (r) => formatNumber(r.cancelado), className: 'text-end' },
    { key: 'revenue', header: 'Receita', render: (r) => formatMoney(r.revenueCents), className: 'text-end text-nowrap' },
  ];
}

const STAFF_COLUMNS = groupColumns<StaffFigures>('Profissional', (s) => s.staffName);
const SERVICE_COLUMNS = groupColumns<ServiceFigures>('Serviço', (s) => s.service);
/** The services drawn at most (the highest revenues): the table holds them all. */
export const SERVICE_BARS = 10;

interface StatusRow {
  status: AppointmentStatus;
  count: number;
  share: number;
}

const STATUS_COLUMNS: Column<StatusRow>[] = [
  { key: 'status', header: 'Situação', render: (r) => STATUS_LABELS[r.status] },
  { key: 'count', header: 'Agendamentos', render: (r) => formatNumber(r.count), className: 'text-end' },
  { key: 'share', header: 'Parcela', render: (r) => formatPercent(r.share), className: 'text-end' },
];

/** A chart with its figures as a table beneath (collapsed when long). */
function ChartCard({ title, chart, table, long = false }: { title: string; chart: ReactNode; table: ReactNode; long?: boolean }) {
  return (
    <Card title={title} className="h-100 mb-0" body={false}>
      <div className="card-body">{chart}</div>
      {long ? (
        <details className="card-footer p-0">
          <summary className="px-3 py-2 btn-touch">Ver tabela</summary>
          {table}
        </details>
      ) : (
        <div className="card-footer p-0">{table}</div>
      )}
    </Card>
  );
}

/**
 * The two figures drawn a column a day: their title and table, the figure
 * in full (the total) and in a bar's tooltip, and the axis' format.
 */
const DAY_CHARTS = {
  total: { title: 'Agendamentos por dia', columns: DAY_COLUMNS, full: formatNumber, text: (n: number) => `${formatNumber(n)} agendamento(s)`, format: formatNumber, integer: true },
  revenueCents: { title: 'Receita por dia', columns: REVENUE_COLUMNS, full: formatMoney, text: formatMoney, format: money, unit: 100, tone: 'chart-bar-success' },
};

/** One figure a day of the period: a column a day, the days as a table beneath. */
function DayChartCard({ data, period, figure }: { data: ReportSummary; period: string; figure: keyof typeof DAY_CHARTS }) {
  const { title, columns, full, text, tone, ...axis } = { tone: undefined, ...DAY_CHARTS[figure] };
  const total = full(data[figure]);
  const bars = data.byDay.map((d) => ({ key: d.date, label: dayMonth(d.date), title: `${formatDate(d.date)}: ${text(d[figure])}`, value: d[figure], tone }));
  return (
    <div className="col-xl-6">
      <ChartCard
        title={title}
        long
        chart={<ColumnChart label={`${title}, ${period}: ${total} no total`} bars={bars} {...axis} />}
        table={<DataTable columns={columns} rows={data.byDay} rowKey={(d) => d.date} caption={title} empty="Nenhum dia no período." />}
      />
    </div>
  );
}

/** Revenue by service: the highest revenues as bars, every service in the table. */
export function ServiceCard({ data, period }: { data: ReportSummary; period: string }) {
  const services = data.byService;
  const drawn = services.slice(0, SERVICE_BARS);
  const rest = services.length - drawn.length;
  const empty = 'Nenhum agendamento no período.';
  return (
    <ChartCard
      title="Por serviço"
      long={rest > 0}
      chart={
        services.length ? (
          <>
            <BarChart
              label={`Receita por serviço, ${period}: ${formatMoney(data.revenueCents)} no total`}
              bars={drawn.map((s) => ({ key: s.service, label: s.service, title: `${s.service}: ${formatMoney(s.revenueCents)}`, value: s.revenueCents, tone: 'chart-bar-success' }))}
              format={money}
              unit={100}
            />
            {rest > 0 ? (
              <p className="text-muted small mb-0 mt-2">
                Os {SERVICE_BARS} serviços de maior receita; {rest === 1 ? 'o outro está' : `os outros ${formatNumber(rest)} estão`} na tabela.
              </p>
            ) : null}
          </>
        ) : (
          <p className="text-muted mb-0">{empty}</p>
        )
      }
      table={<DataTable columns={SERVICE_COLUMNS} rows={services} rowKey={(s) => s.service} caption="Por serviço" empty={empty} />}
    />
  );
}

function Summary({ data }: { data: ReportSummary }) {
  const period = `de ${formatDate(data.from)} a ${formatDate(data.to)}`;
  const online = data.byChannel.find((c) => c.channel === 'internet') ?? { total: 0, revenueCents: 0 };
  const statusRows: StatusRow[] = STATUSES.map((status) => ({
    status,
    count: data.byStatus[status] ?? 0,
    share: data.total ? (data.byStatus[status] ?? 0) / data.total : 0,
  }));
  return (
    <>
      <div className="row g-3 mb-3">
        <StatCard className="col-12 col-sm-6 col-md-4 col-xl" valueSize="fs-22" title="Agendamentos" value={formatNumber(data.total)} />
        <StatCard className="col-12 col-sm-6 col-md-4 col-xl" valueSize="fs-22" title="Receita" value={formatMoney(data.revenueCents)} />
        <StatCard className="col-12 col-sm-6 col-md-4 col-xl" valueSize="fs-22" title="Novos clientes" value={formatCount(data.newClients, data.newClientsEstimated)} />
        <StatCard className="col-12 col-sm-6 col-md-4 col-xl" valueSize="fs-22" title="Taxa de faltas" value={formatPercent(data.noShowRate)} />
        <StatCard className="col-12 col-sm-6 col-md-4 col-xl" valueSize="fs-22" title="Taxa de cancelamento" value={formatPercent(data.cancellationRate)} />
      </div>
      <div className="row g-3 mb-3">
        {/* Does a reminder (WhatsApp or e-mail) lower the no-shows? */}
        <StatCard
          className="col-12 col-sm-6 col-xl-3"
          valueSize="fs-22"
          title="Faltas com lembrete"
          value={formatPercent(data.reminders.withReminder.noShowRate)}
          hint={`${formatNumber(data.reminders.withReminder.total)} agendamento(s) com lembrete enviado`}
        />
        <StatCard
          className="col-12 col-sm-6 col-xl-3"
          valueSize="fs-22"
          title="Faltas sem lembrete"
          value={formatPercent(data.reminders.withoutReminder.noShowRate)}
          hint={`${formatNumber(data.reminders.withoutReminder.total)} agendamento(s) sem lembrete`}
        />
        {/* Where the period's appointments were booked: the booking page's share. */}
        <StatCard
          className="col-12 col-sm-6 col-xl-3"
          valueSize="fs-22"
          title="Agendados pela internet"
          value={formatNumber(online.total)}
          hint={`${formatPercent(data.total ? online.total / data.total : 0)} dos agendamentos · receita ${formatMoney(online.revenueCents)}`}
        />
        {/* Freed times the waitlist filled: booked from an offer in the period. */}
        <StatCard
          className="col-12 col-sm-6 col-xl-3"
          valueSize="fs-22"
          title="Horários recuperados"
          value={formatNumber(data.recovered.count)}
          hint={`pela lista de espera · receita ${formatMoney(data.recovered.revenueCents)}`}
        />
      </div>
      <div className="row g-3 mb-3 render-when-seen">
        <DayChartCard data={data} period={period} figure="total" />
        <DayChartCard data={data} period={period} figure="revenueCents" />
      </div>
      <div className="row g-3 mb-3 render-when-seen">
        {/* Side by side only from 1400 px: the staff table's six columns need the room. */}
        <div className="col-xxl-5">
          <ChartCard
            title="Por situação"
            chart={
              <BarChart
                label={`Agendamentos por situação, ${period}`}
                bars={statusRows.map((r) => ({
                  key: r.status,
                  label: STATUS_LABELS[r.status],
                  title: `${STATUS_LABELS[r.status]}: ${formatNumber(r.count)}`,
                  value: r.count,
                  tone: STATUS_TONE[r.status],
                }))}
                format={formatNumber}
                integer
              />
            }
            table={<DataTable columns={STATUS_COLUMNS} rows={statusRows} rowKey={(r) => r.status} caption="Agendamentos por situação" empty="" />}
          />
        </div>
        <div className="col-xxl-7">
          <ChartCard
            title="Por profissional"
            chart={
              data.byStaff.length ? (
                <BarChart
                  label={`Agendamentos por profissional, ${period}`}
                  bars={data.byStaff.map((s) => ({
                    key: String(s.staffId),
                    label: s.staffName,
                    title: `${s.staffName}: ${formatNumber(s.total)}`,
                    value: s.total,
                  }))}
                  format={formatNumber}
                  integer
                />
              ) : (
                <p className="text-muted mb-0">Nenhum agendamento no período.</p>
              )
            }
            table={
              <DataTable columns={STAFF_COLUMNS} rows={data.byStaff} rowKey={(s) => s.staffId} caption="Por profissional" empty="Nenhum agendamento no período." />
            }
          />
        </div>
      </div>
      <div className="row g-3 mb-3 render-when-seen">
        <div className="col-12">
          <ServiceCard data={data} period={period} />
        </div>
      </div>
    </>
  );
}

/** Two dates, as a plain GET form too (it works before the page's script has run). */
function CustomPeriod({ from, to }: { from: string; to: string }) {
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const [a, b] = [String(form.get('from') ?? ''), String(form.get('to') ?? '')];
    if (a && b) navigate(`/reports?from=${a}&to=${b}`);
  };
  return (
    <form className="d-flex flex-wrap gap-2 align-items-end mt-3" method="get" action="/reports" onSubmit={onSubmit} aria-label="Período personalizado">
      <InputField id="report-from" label="De" wrapperClassName="" name="from" type="date" className="btn-touch" defaultValue={from} required key={`from-${from}`} />
      <InputField id="report-to" label="Até" wrapperClassName="" name="to" type="date" className="btn-touch" defaultValue={to} required key={`to-${to}`} />
      <button type="submit" className="btn btn-primary btn-touch">
        Aplicar
      </button>
    </form>
  );
}

/**
 * `/reports`: the period lives in the address (`?period=week` or
 * `?from&to`), so reload, back and a shared link show the same report. The
 * server renders the address' summary with its charts.
 */
export default function ReportsPage() {
  const location = useLocation();
  const query = reportQuery(location.search);
  const { data, isFetching: loading, error: failure, refetch } = useGetReportSummaryQuery(ReportsReads.useGetReportSummary<ReportQuery>());
  const error = failure ? errorMessage(failure, REPORTS_ERROR) : null;
  const custom = 'from' in query;
  const [editing, setEditing] = useState(false);
  const showCustom = custom || editing;

  return (
    <div className="container-fluid">
      <PageHeader title="Relatórios" subtitle="Agendamentos, receita e faltas no período.">
        <ExportButton path="/reports/export.csv" query={query} filename={data ? `relatorio-${data.from}-a-${data.to}.csv` : 'relatorio.csv'} />
      </PageHeader>
      <div className="card mb-3">
        <div className="card-body">
          <div className="d-flex flex-wrap gap-2" role="group" aria-label="Período">
            {PRESETS.map((p) => {
              const active = !custom && !editing && 'period' in query && query.period === p.period;
              return (
                <AppLink
                  key={p.period}
                  to={`/reports?period=${p.period}`}
                  className={`btn btn-touch ${active ? 'btn-primary' : 'btn-outline-primary'}`}
                  aria-current={active ? 'page' : undefined}
                  onClick={() => setEditing(false)}
                >
                  {p.label}
                </AppLink>
              );
            })}
            <button
              type="button"
              className={`btn btn-touch ${showCustom ? 'btn-primary' : 'btn-outline-primary'}`}
              aria-pressed={showCustom}
              onClick={() => setEditing(true)}
            >
              Personalizado
            </button>
          </div>
          {showCustom ? <CustomPeriod from={custom ? query.from : (data?.from ?? '')} to={custom ? query.to : (data?.to ?? '')} /> : null}
          {data ? (
            <p className="text-muted small mb-0 mt-2">
              Período: {formatDate(data.from)} a {formatDate(data.to)}
            </p>
          ) : null}
        </div>
      </div>
      <ErrorAlert message={error} onRetry={() => void refetch()} />
      {data ? (
        <div style={loading ? { opacity: 0.6 } : undefined} aria-busy={loading}>
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
