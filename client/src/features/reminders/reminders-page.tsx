import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { AppLink } from '../../components/app-link';
import { toast } from '../../lib/toast';
import { useAppSelector } from '../../hooks/store';
import { useForm } from '../../hooks/use-form';
import { Card } from '../../components/card';
import { StatusBadge } from '../../components/appointments-table';
import { DataTable, type Column } from '../../components/data-table';
import { ErrorAlert } from '../../components/error-alert';
import { InputField, TextAreaField } from '../../components/field';
import { ListCard } from '../../components/list-card';
import { PageHeader } from '../../components/page-header';
import { TableOrCards } from '../../components/table-or-cards';
import { errorMessage } from '../../lib/api';
import type { ApiReminderNotice, ApiReminderRow, ApiReminderSettings } from '../../lib/api-types';
import { addDays, formatDate, formatDateTime, formatPhone, formatTimeRange, formatWeekday } from '../../lib/format';
import { AppointmentsRemindersReads } from '../../../generated/route-reads';
import {
  useGetReminderSettingsQuery,
  useGetRemindersQuery,
  useMarkWhatsappSentMutation,
  usePreviewReminderMutation,
  usePutReminderSettingsMutation,
  type ReminderArgs,
} from './reminders-api';

export const REMINDERS_ERROR = 'Erro ao buscar os lembretes';
const MAX_TEMPLATE = 1000;

type Row = ApiReminderRow & { id: number };

/** The e-mail reminder's state, as the screen says it. */
function emailText(row: ApiReminderRow): { text: string; tone: string } {
  switch (row.emailState) {
    case 'off':
      return { text: 'E-mail desligado', tone: 'text-muted' };
    case 'pending':
      return { text: 'E-mail agendado', tone: 'text-muted' };
    case 'sending':
      return { text: 'Enviando e-mail…', tone: 'text-muted' };
    case 'sent':
      return { text: `E-mail enviado ${formatDateTime(row.emailSentAt)}`, tone: 'text-success' };
    case 'failed':
      return { text: `E-mail falhou: ${row.emailError ?? 'erro desconhecido'}`, tone: 'text-danger' };
    default:
      return { text: row.email ? 'Sem lembrete por e-mail' : 'Cliente sem e-mail', tone: 'text-muted' };
  }
}

/** What a notice tells the client, as the screen names it. */
const NOTICE_LABELS: Record<ApiReminderNotice['kind'], string> = {
  reminder: 'Lembrete',
  notice_cancelled: 'Aviso de cancelamento',
  notice_moved: 'Aviso de remarcação',
  notice_accepted: 'Aviso de agendamento confirmado',
  notice_refused: 'Aviso de agendamento recusado',
  waitlist_offer: 'Oferta da lista de espera',
};

/** The notice's e-mail, as the screen says it. */
function noticeEmailText(notice: ApiReminderNotice): string {
  switch (notice.emailState) {
    case 'off':
      return 'e-mail desligado';
    case 'none':
      return 'cliente sem e-mail: avise pelo WhatsApp';
    case 'sent':
      return `e-mail enviado ${formatDateTime(notice.emailSentAt)}`;
    case 'failed':
      return 'e-mail falhou';
    default:
      return 'e-mail saindo';
  }
}

/** A change by the business the client should hear of, and its e-mail. */
function Notice({ notice }: { notice: ApiReminderNotice }) {
  return (
    <div className="fw-semibold text-warning-emphasis" data-testid="reminder-notice">
      {NOTICE_LABELS[notice.kind]}: {noticeEmailText(notice)}
    </div>
  );
}

/** WhatsApp, e-mail and what the client did through the link. */
function ReminderState({ row }: { row: ApiReminderRow }) {
  const email = emailText(row);
  return (
    <div className="small">
      <div className={row.whatsappSentAt ? 'text-success' : 'text-muted'}>
        {row.whatsappSentAt ? `WhatsApp enviado ${formatDateTime(row.whatsappSentAt)}${row.whatsappSentBy ? ` por ${row.whatsappSentBy}` : ''}` : 'WhatsApp não enviado'}
      </div>
      <div className={email.tone}>{email.text}</div>
      {row.clientResponse ? (
        <div className="fw-semibold">{row.clientResponse === 'cancelou' ? 'Cliente cancelou pelo link' : 'Cliente confirmou pelo link'}</div>
      ) : null}
      {row.notice ? <Notice notice={row.notice} /> : null}
    </div>
  );
}

/** The client's phone, and why WhatsApp cannot reach it (flagged). */
function Phone({ row }: { row: ApiReminderRow }) {
  return (
    <>
      {row.phone ? <span className="text-nowrap">{formatPhone(row.phone)}</span> : null}
      {row.phoneProblem ? (
        <span className="badge bg-warning-subtle text-warning-emphasis ms-1 text-wrap text-start" title="Sem WhatsApp">
          {row.phoneProblem}
        </span>
      ) : null}
    </>
  );
}

/** Opens WhatsApp with the message and records who sent it and when. */
function WhatsAppButton({ row }: { row: ApiReminderRow }) {
  const [mark, { isLoading }] = useMarkWhatsappSentMutation();
  if (!row.whatsappUrl) return null;
  const onClick = () => {
    mark(row.appointmentId)
      .unwrap()
      .then(
        () => toast.success('Lembrete marcado como enviado.'),
        (error: unknown) => toast.error(errorMessage(error, 'Não foi possível marcar o lembrete como enviado.')),
      );
  };
  return (
    <a
      className={`btn btn-sm btn-touch ${row.whatsappSentAt ? 'btn-outline-success' : 'btn-success'}`}
      href={row.whatsappUrl}
      target="_blank"
      rel="noopener noreferrer"
      onClick={onClick}
      aria-disabled={isLoading || undefined}
    >
      {row.whatsappSentAt ? 'Reenviar WhatsApp' : 'WhatsApp'}
    </a>
  );
}

/** Opens WhatsApp with the notice of the business's change (cancelled, moved…). */
function NoticeButton({ row }: { row: ApiReminderRow }) {
  const url = row.notice?.whatsappUrl;
  if (!url) return null;
  return (
    <a className="btn btn-sm btn-touch btn-warning" href={url} target="_blank" rel="noopener noreferrer" title={row.notice?.text}>
      Avisar no WhatsApp
    </a>
  );
}

/** The row's WhatsApp actions: the reminder, the notice. */
function Actions({ row }: { row: ApiReminderRow }) {
  return (
    <div className="d-flex flex-wrap gap-2 justify-content-end">
      <WhatsAppButton row={row} />
      <NoticeButton row={row} />
    </div>
  );
}

const COLUMNS: Column<Row>[] = [
  { key: 'time', header: 'Horário', render: (r) => formatTimeRange(r.startsAt, r.endsAt), className: 'text-nowrap' },
  {
    key: 'client',
    header: 'Cliente',
    render: (r) => (
      <>
        <AppLink to={`/clients/${r.clientId}`} className="fw-semibold">
          {r.clientName}
        </AppLink>
        <div className="small">
          <Phone row={r} />
        </div>
      </>
    ),
  },
  { key: 'staff', header: 'Profissional', render: (r) => r.staffName },
  { key: 'service', header: 'Serviço', render: (r) => r.service },
  { key: 'status', header: 'Situação', render: (r) => <StatusBadge status={r.status} /> },
  { key: 'reminder', header: 'Lembrete', render: (r) => <ReminderState row={r} /> },
  { key: 'actions', header: 'Ações', render: (r) => <Actions row={r} />, className: 'text-end' },
];

/** The day: previous and next, and a date as a plain GET form (it works before the script has run). */
function DayPicker({ date }: { date: string }) {
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const day = String(new FormData(event.currentTarget).get('date') ?? '');
    if (day) navigate(`/appointments/reminders?date=${day}`);
  };
  return (
    <form className="d-flex flex-wrap gap-2 align-items-end" method="get" action="/appointments/reminders" onSubmit={onSubmit} aria-label="Dia">
      <AppLink className="btn btn-light btn-touch" to={`/appointments/reminders?date=${addDays(date, -1)}`} aria-label="Dia anterior">
        ‹
      </AppLink>
      <InputField id="reminders-date" label="Dia" wrapperClassName="" name="date" type="date" className="btn-touch" defaultValue={date} key={date} required />
      <button type="submit" className="btn btn-primary btn-touch">
        Ver
      </button>
      <AppLink className="btn btn-light btn-touch" to={`/appointments/reminders?date=${addDays(date, 1)}`} aria-label="Próximo dia">
        ›
      </AppLink>
    </form>
  );
}

/** The WhatsApp message's template: previewed with a real appointment before it can be saved (admins). */
function TemplateEditor({ settings, appointmentId, isAdmin }: { settings: ApiReminderSettings; appointmentId?: number; isAdmin: boolean }) {
  const initial = { template: settings.template, hoursBefore: String(settings.hoursBefore), businessName: settings.businessName };
  const form = useForm(initial, 'Não foi possível salvar a mensagem.');
  const [preview, { isLoading: previewing }] = usePreviewReminderMutation();
  const [save] = usePutReminderSettingsMutation();
  const [shown, setShown] = useState<{ template: string; text: string } | null>(null);
  const previewed = shown?.template === form.form.template;

  const onPreview = () =>
    form.submit(async () => {
      const result = await preview({ template: form.form.template, ...(appointmentId ? { appointmentId } : {}) }).unwrap();
      setShown({ template: form.form.template, text: result.text });
    });
  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (!previewed) return;
    void form.submit(async () => {
      await save({ template: form.form.template, hoursBefore: Number(form.form.hoursBefore), businessName: form.form.businessName }).unwrap();
      toast.success('Mensagem salva.');
    });
  };
  const count = form.form.template.length;

  return (
    <Card title="Mensagem do lembrete">
      <form onSubmit={onSave} noValidate>
        <ErrorAlert message={form.message} />
        <TextAreaField
          id="reminder-template"
          label="Mensagem do WhatsApp"
          rows={4}
          readOnly={!isAdmin}
          {...form.field('template')}
          hint={`Marcadores: ${settings.placeholders.join(', ')}. ${count} de ${MAX_TEMPLATE} caracteres.`}
        />
        <div className="row g-3">
          <InputField
            id="reminder-hours"
            label="E-mail sai quantas horas antes"
            wrapperClassName="col-sm-6"
            type="number"
            min={1}
            max={168}
            readOnly={!isAdmin}
            {...form.field('hoursBefore')}
          />
          <InputField id="reminder-business" label="Nome do negócio" wrapperClassName="col-sm-6" readOnly={!isAdmin} {...form.field('businessName')} />
        </div>
        {shown ? (
          <div className="mt-3">
            <div className="form-label">Prévia{previewed ? '' : ' (desatualizada: pré-visualize de novo)'}</div>
            <p className="border rounded p-2 mb-0 text-break" style={{ whiteSpace: 'pre-wrap' }} data-testid="reminder-preview">
              {shown.text}
            </p>
          </div>
        ) : null}
        <div className="d-flex flex-wrap gap-2 mt-3">
          <button type="button" className="btn btn-light btn-touch" onClick={() => void onPreview()} disabled={previewing}>
            Pré-visualizar
          </button>
          {isAdmin ? (
            <button type="submit" className="btn btn-primary btn-touch" disabled={!previewed || form.saving} title={previewed ? undefined : 'Pré-visualize antes de salvar'}>
              Salvar
            </button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}

/**
 * `/appointments/reminders`: a day's appointments (`?date`, else the next
 * working day) with their reminders: WhatsApp by hand with the template,
 * e-mail by the server, the client's answer through the link.
 */
export default function RemindersPage() {
  const isAdmin = useAppSelector((s) => s.auth.role) === 'admin';
  const day = useGetRemindersQuery(AppointmentsRemindersReads.useGetReminders<ReminderArgs>());
  const settings = useGetReminderSettingsQuery(AppointmentsRemindersReads.useGetReminderSettings<Record<string, never>>());
  const error = day.error ? errorMessage(day.error, REMINDERS_ERROR) : null;
  const rows: Row[] = (day.data?.rows ?? []).map((r) => ({ ...r, id: r.appointmentId }));
  const loading = day.isFetching;
  const date = day.data?.date ?? '';
  const empty = error ? 'Não foi possível carregar os lembretes.' : 'Nenhum agendamento neste dia.';
  const withoutPhone = rows.filter((r) => r.phoneProblem).length;

  return (
    <div className="container-fluid">
      <PageHeader title="Lembretes" subtitle="Lembre os clientes do horário: menos faltas, horários livres para outros.">
        <AppLink to="/appointments" className="btn btn-light btn-touch">
          Agenda
        </AppLink>
      </PageHeader>
      {day.data && !day.data.emailEnabled ? (
        <div className="alert alert-secondary" role="status">
          E-mail desligado: o servidor não tem um servidor de e-mail configurado (--smtp-url). Os lembretes seguem pelo WhatsApp.
        </div>
      ) : day.data ? (
        <div className="alert alert-info" role="status">
          E-mails de lembrete saem sozinhos {day.data.hoursBefore} h antes de cada horário, para clientes com e-mail.
        </div>
      ) : null}
      <ListCard
        error={error}
        onRetry={() => void day.refetch()}
        header={
          <div className="d-flex flex-wrap gap-3 align-items-end justify-content-between">
            {date ? <DayPicker date={date} /> : null}
            {date ? (
              <p className="mb-0 text-muted">
                {formatWeekday(date)}, {formatDate(date)} · {rows.length} agendamento(s)
                {withoutPhone ? ` · ${withoutPhone} sem WhatsApp` : ''}
              </p>
            ) : null}
          </div>
        }
      >
        <TableOrCards
          rows={rows}
          label="Lembretes do dia"
          loading={loading}
          empty={empty}
          table={<DataTable columns={COLUMNS} rows={rows} rowKey={(r) => r.appointmentId} caption="Lembretes do dia" empty={empty} loading={loading} />}
          card={(r) => ({
            title: `${formatTimeRange(r.startsAt, r.endsAt)} · ${r.clientName}`,
            subtitle: (
              <>
                {r.service} com {r.staffName} <Phone row={r} />
              </>
            ),
            badge: <StatusBadge status={r.status} />,
            detail: <ReminderState row={r} />,
            actions: <Actions row={r} />,
          })}
        />
      </ListCard>
      {settings.data ? (
        <div className="mt-3">
          <TemplateEditor
            key={`${settings.data.template}|${settings.data.hoursBefore}|${settings.data.businessName}`}
            settings={settings.data}
            appointmentId={rows.find((r) => r.whatsappUrl)?.appointmentId}
            isAdmin={isAdmin}
          />
        </div>
      ) : null}
    </div>
  );
}
