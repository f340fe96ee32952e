import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { AppLink } from '../../components/app-link';
import { Card } from '../../components/card';
import { ClientPicker, type PickedClient } from '../clients';
import { ErrorAlert } from '../../components/error-alert';
import { InputField, SelectField, TextAreaField } from '../../components/field';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { useAppSelector } from '../../hooks/store';
import { useForm } from '../../hooks/use-form';
import { errorMessage } from '../../lib/api';
import type { ApiService, ApiWaitlistEntry, ApiWaitlistSettings } from '../../lib/api-types';
import { formatDate, formatDateTime, formatTime, formatWeekday, dayOf } from '../../lib/format';
import { useGetActiveServicesQuery } from '../schedule';
import {
  useCreateWaitlistEntryMutation,
  useDeleteWaitlistEntryMutation,
  useGetWaitlistQuery,
  useGetWaitlistSettingsQuery,
  usePutWaitlistSettingsMutation,
  useWithdrawWaitlistOfferMutation,
} from './waitlist-api';
import { useGetBookingClientQuery, useGetStaffQuery, type StaffMember } from './agenda-api';
import { toast } from '../../lib/toast';
import { useMounted } from '../../lib/use-mounted';
import { AppointmentsWaitlistReads } from '../../../generated/route-reads';

/** The parts of the day an entry may ask for, as the API names them. */
const PERIODS = [
  { value: 'qualquer', label: 'Qualquer horário' },
  { value: 'manha', label: 'Manhã (antes das 12h)' },
  { value: 'tarde', label: 'Tarde (12h às 18h)' },
  { value: 'noite', label: 'Noite (depois das 18h)' },
] as const;

const periodLabel = (period: string) => PERIODS.find((p) => p.value === period)?.label ?? period;

/** The list is the front desk's to follow: offers come and lapse on their own. */
const POLL_MS = 15_000;

/** "há 3 dias", "há 2 h", "há 5 min": how long an entry has waited. */
function waited(since: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000));
  if (minutes < 60) return `há ${minutes} min`;
  if (minutes < 48 * 60) return `há ${Math.floor(minutes / 60)} h`;
  return `há ${Math.floor(minutes / (24 * 60))} dias`;
}

function AddForm({ services, staff }: { services: ApiService[]; staff: StaffMember[] }) {
  const [client, setClient] = useState<PickedClient | null>(null);
  const [search] = useSearchParams();
  // A client's page opens the form with them (`?cliente=ID`), named once read.
  const asked = Number(search.get('cliente')) || null;
  const named = useGetBookingClientQuery(asked ?? skipToken).data;
  const [prefilled, setPrefilled] = useState<number | null>(null);
  if (named && prefilled !== named.id) {
    setPrefilled(named.id);
    setClient({ id: named.id, name: named.name });
  }
  // The agenda's shown day (`?dia=`): the day a client wanted and found full.
  const day = search.get('dia')?.match(/^\d{4}-\d{2}-\d{2}$/)?.[0] ?? '';
  const form = useForm({ serviceId: '', staffId: '', from: day, to: day, period: 'qualquer', note: '' }, 'Não foi possível pôr o cliente na lista.');
  const [create] = useCreateWaitlistEntryMutation();
  const service = services.find((s) => String(s.id) === form.form.serviceId);
  const offering = staff.filter((member) => !service || service.staffIds.length === 0 || service.staffIds.includes(member.id));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async () => {
      const { serviceId, staffId, from, to, period, note } = form.form;
      await create({
        clientId: client?.id ?? null,
        serviceId: serviceId ? Number(serviceId) : null,
        staffId: staffId ? Number(staffId) : null,
        from: from || null,
        to,
        period,
        note: note || null,
      }).unwrap();
      toast.success(`${client?.name ?? 'Cliente'} está na lista de espera.`);
      setClient(null);
      form.setForm((f) => ({ ...f, note: '' }));
    });
  };

  return (
    <Card title="Pôr na lista de espera">
      <form onSubmit={onSubmit} noValidate>
        <ErrorAlert message={form.message} />
        <ClientPicker id="waitlist-client" value={client} onChange={setClient} errors={form.errors} />
        <div className="row g-3">
          <SelectField id="waitlist-service" label="Serviço" wrapperClassName="col-sm-6" {...form.field('serviceId')}>
            <option value="">Escolha…</option>
            {services.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </SelectField>
          <SelectField id="waitlist-staff" label="Profissional" wrapperClassName="col-sm-6" {...form.field('staffId')}>
            <option value="">Qualquer profissional</option>
            {offering.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </SelectField>
          <InputField id="waitlist-from" label="A partir de" type="date" wrapperClassName="col-6 col-md-4" hint="Vazio: hoje." {...form.field('from')} />
          <InputField id="waitlist-to" label="Até" type="date" wrapperClassName="col-6 col-md-4" {...form.field('to')} />
          <SelectField id="waitlist-period" label="Período" wrapperClassName="col-md-4" {...form.field('period')}>
            {PERIODS.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </SelectField>
        </div>
        <TextAreaField id="waitlist-note" label="Observação" rows={2} wrapperClassName="mt-3" {...form.field('note')} />
        <button type="submit" className="btn btn-primary btn-touch mt-3" disabled={form.saving}>
          Adicionar à lista
        </button>
      </form>
    </Card>
  );
}

/** The time offered to an entry: when, with whom, until when, and the ways to tell the client. */
function Offer({ entry }: { entry: ApiWaitlistEntry }) {
  const [withdraw, { isLoading }] = useWithdrawWaitlistOfferMutation();
  const offer = entry.offer;
  if (!offer) return null;
  const day = dayOf(offer.startsAt);
  return (
    <div className="alert alert-warning mb-0 mt-2" role="status">
      <div className="fw-semibold">
        Horário oferecido: {formatWeekday(day, true)}, {formatDate(offer.startsAt)} às {formatTime(offer.startsAt)} com {offer.staffName}
      </div>
      <div className="small">Guardado para {entry.clientName} até {formatTime(offer.expiresAt)}; depois passa ao próximo da fila.</div>
      <div className="d-flex flex-wrap gap-2 mt-2">
        {offer.whatsappUrl ? (
          <a className="btn btn-success btn-touch" href={offer.whatsappUrl} target="_blank" rel="noreferrer">
            Enviar pelo WhatsApp
          </a>
        ) : null}
        <button
          type="button"
          className="btn btn-light btn-touch"
          disabled={isLoading}
          onClick={() =>
            void withdraw(entry.id)
              .unwrap()
              .then(
                () => toast.success('Oferta retirada: o horário passa ao próximo da fila.'),
                (error: unknown) => toast.error(errorMessage(error, 'Não foi possível retirar a oferta.')),
              )
          }
        >
          Retirar oferta
        </button>
      </div>
    </div>
  );
}

function Entry({ entry, position, now }: { entry: ApiWaitlistEntry; position: number; now: number | null }) {
  const [remove, { isLoading }] = useDeleteWaitlistEntryMutation();
  return (
    <li className="list-group-item py-3" data-entry={entry.id}>
      <div className="d-flex justify-content-between align-items-start gap-2 flex-wrap">
        <div>
          <div className="fw-semibold">
            <span className="text-muted me-1">{position}º</span>
            <AppLink to={`/clients/${entry.clientId}`}>{entry.clientName}</AppLink>
          </div>
          <div>
            {entry.serviceName} · {entry.staffName ?? 'Qualquer profissional'}
          </div>
          <div className="text-muted small">
            De {formatDate(entry.from)} a {formatDate(entry.to)} · {periodLabel(entry.period)}
          </div>
          <div className="text-muted small">
            Na lista desde {formatDateTime(entry.createdAt)}
            {now === null ? null : ` (${waited(entry.createdAt, now)})`}
          </div>
          {entry.note ? <div className="small mt-1">{entry.note}</div> : null}
        </div>
        <div className="d-flex flex-wrap gap-2">
          {/* Booked by the front desk: the agenda's booking, with the entry's client, service and first day. */}
          <AppLink
            className="btn btn-light btn-touch"
            to={`/appointments?date=${entry.from}&book=1&book_date=${entry.from}&book_client=${entry.clientId}&book_service=${entry.serviceId}${entry.staffId ? `&book_staff=${entry.staffId}` : ''}`}
            aria-label={`Agendar ${entry.clientName}`}
          >
            Agendar
          </AppLink>
          <button
            type="button"
            className="btn btn-outline-danger btn-touch"
            disabled={isLoading}
            aria-label={`Tirar ${entry.clientName} da lista`}
            onClick={() =>
              void remove(entry.id)
                .unwrap()
                .then(
                  () => toast.success(`${entry.clientName} saiu da lista de espera.`),
                  (error: unknown) => toast.error(errorMessage(error, 'Não foi possível tirar da lista.')),
                )
            }
          >
            Tirar da lista
          </button>
        </div>
      </div>
      <Offer entry={entry} />
    </li>
  );
}

function SettingsForm({ settings }: { settings: ApiWaitlistSettings }) {
  const form = useForm(
    () => ({ offerMinutes: String(settings.offerMinutes), todayOfferMinutes: String(settings.todayOfferMinutes) }),
    'Não foi possível salvar.',
  );
  const [save] = usePutWaitlistSettingsMutation();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async () => {
      await save({ offerMinutes: Number(form.form.offerMinutes), todayOfferMinutes: Number(form.form.todayOfferMinutes) }).unwrap();
      toast.success('Prazos da lista de espera salvos.');
    });
  };
  return (
    <Card title="Prazo para o cliente responder" className="mt-3">
      <form onSubmit={onSubmit} noValidate>
        <ErrorAlert message={form.message} />
        <div className="row g-3">
          <InputField id="waitlist-offer-minutes" label="Outro dia (minutos)" type="number" min={5} max={1440} wrapperClassName="col-6" {...form.field('offerMinutes')} />
          <InputField id="waitlist-today-minutes" label="Hoje (minutos)" type="number" min={5} max={120} wrapperClassName="col-6" {...form.field('todayOfferMinutes')} />
        </div>
        <button type="submit" className="btn btn-primary btn-touch mt-3" disabled={form.saving}>
          Salvar
        </button>
      </form>
    </Card>
  );
}

/**
 * `/appointments/waitlist`: who waits for a time, first in line first. A
 * freed time is offered by the server to the first it suits and shown here
 * with the WhatsApp text to send; the list follows on its own.
 */
export default function WaitlistPage() {
  const isAdmin = useAppSelector((s) => s.auth.role) === 'admin';
  const list = useGetWaitlistQuery(AppointmentsWaitlistReads.useGetWaitlist(), { pollingInterval: POLL_MS });
  // The answer deadlines are the admins' (read after the first paint: below the list).
  const settings = useGetWaitlistSettingsQuery(undefined, { skip: !isAdmin }).data;
  const services = useGetActiveServicesQuery(AppointmentsWaitlistReads.useServices()).data?.data ?? [];
  const staff = useGetStaffQuery(AppointmentsWaitlistReads.useGetStaff()).data ?? [];
  // How long each has waited needs the browser's clock: after hydration only.
  const mounted = useMounted();
  const now = mounted ? Date.now() : null;
  const entries = list.data;

  return (
    <div className="container-fluid">
      <PageHeader title="Lista de espera" subtitle="Quando um horário vaga, o primeiro da fila a quem ele serve recebe a oferta.">
        <AppLink to="/appointments" className="btn btn-light btn-touch">
          Agenda
        </AppLink>
      </PageHeader>
      <div className="row g-3">
        <div className="col-lg-7">
          <Card title={entries ? `Esperando (${entries.length})` : 'Esperando'} body={false}>
            {list.error ? <ErrorAlert message={errorMessage(list.error, 'Não foi possível carregar a lista de espera.')} /> : null}
            {!entries ? (
              list.error ? null : <Spinner />
            ) : entries.length === 0 ? (
              <p className="text-muted m-3">Ninguém na lista de espera.</p>
            ) : (
              <ol className="list-group list-group-flush">
                {entries.map((entry, index) => (
                  <Entry key={entry.id} entry={entry} position={index + 1} now={now} />
                ))}
              </ol>
            )}
          </Card>
        </div>
        <div className="col-lg-5">
          <AddForm services={services} staff={staff} />
          {isAdmin && settings ? <SettingsForm key={JSON.stringify(settings)} settings={settings} /> : null}
        </div>
      </div>
    </div>
  );
}
