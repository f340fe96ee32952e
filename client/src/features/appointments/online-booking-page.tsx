import type { FormEvent } from 'react';
import { AppLink } from '../../components/app-link';
import { Card } from '../../components/card';
import { ErrorAlert } from '../../components/error-alert';
import { FieldError } from '../../components/field-error';
import { InputField, TextAreaField } from '../../components/field';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { useAppSelector } from '../../hooks/store';
import { useForm } from '../../hooks/use-form';
import { errorMessage } from '../../lib/api';
import type { ApiOnlineBooking, ApiService } from '../../lib/api-types';
import { formatMoney } from '../../lib/format';
import { useGetActiveServicesQuery, useGetOnlineBookingQuery, usePutOnlineBookingMutation } from '../schedule';
import { toast } from '../../lib/toast';
import { AppointmentsOnlineReads } from '../../../generated/route-reads';

/** The form's values as text (`useForm`): `services` is `all` or the chosen ids, comma-separated. */
function valuesOf(settings: ApiOnlineBooking) {
  return {
    enabled: settings.enabled ? 'on' : 'off',
    services: settings.serviceIds === null ? 'all' : settings.serviceIds.join(','),
    minNoticeHours: String(settings.minNoticeHours),
    maxDaysAhead: String(settings.maxDaysAhead),
    cancelHoursBefore: String(settings.cancelHoursBefore),
    confirm: settings.confirmAtOnce ? 'now' : 'desk',
    privacyText: settings.privacyText,
  };
}

interface NumberField {
  name: 'minNoticeHours' | 'maxDaysAhead' | 'cancelHoursBefore';
  id: string;
  label: string;
  min: number;
  max: number;
  hint?: string;
}

/** The settings that are a number of hours or days: their field and its range. */
const NUMBER_FIELDS: readonly NumberField[] = [
  { name: 'minNoticeHours', id: 'online-notice', label: 'Antecedência mínima (horas)', min: 0, max: 720 },
  { name: 'maxDaysAhead', id: 'online-farthest', label: 'Até quantos dias à frente', min: 1, max: 365 },
  {
    name: 'cancelHoursBefore',
    id: 'online-cancel',
    label: 'Cliente cancela pelo link até (horas antes)',
    min: 0,
    max: 168,
    hint: '0: até o início do horário. Vale para os links de todos os agendamentos.',
  },
];

function SettingsForm({ settings, services, isAdmin }: { settings: ApiOnlineBooking; services: ApiService[]; isAdmin: boolean }) {
  const form = useForm(() => valuesOf(settings), 'Não foi possível salvar o agendamento online.');
  const [save] = usePutOnlineBookingMutation();
  const { enabled, services: chosen } = form.form;
  const all = chosen === 'all';
  const ids = all ? [] : chosen.split(',').filter(Boolean).map(Number);
  const set = (changes: Partial<typeof form.form>) => form.setForm((f) => ({ ...f, ...changes }));
  const toggle = (id: number) => set({ services: (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]).join(',') });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(async () => {
      await save({
        enabled: enabled === 'on',
        serviceIds: all ? null : ids,
        confirmAtOnce: form.form.confirm === 'now',
        ...Object.fromEntries(NUMBER_FIELDS.map(({ name }) => [name, Number(form.form[name])])),
        privacyText: form.form.privacyText,
      }).unwrap();
      toast.success('Agendamento online salvo.');
    });
  };

  return (
    <Card title="Como os clientes agendam">
      <form onSubmit={onSubmit} noValidate>
        <ErrorAlert message={form.message} />
        <div className="form-check form-switch mb-3">
          <input
            className="form-check-input"
            type="checkbox"
            role="switch"
            id="online-enabled"
            checked={enabled === 'on'}
            disabled={!isAdmin}
            onChange={(e) => set({ enabled: e.target.checked ? 'on' : 'off' })}
          />
          <label className="form-check-label" htmlFor="online-enabled">
            Clientes podem agendar pela internet
          </label>
        </div>
        <fieldset className="mb-3" aria-describedby="online-services-hint" disabled={!isAdmin}>
          <legend className="form-label fs-6 mb-1">Serviços oferecidos</legend>
          <div id="online-services-hint" className="form-text mt-0 mb-1">
            Só serviços ativos aparecem na página.
          </div>
          <div className="form-check">
            <input className="form-check-input" type="radio" name="online-services" id="online-services-all" checked={all} onChange={() => set({ services: 'all' })} />
            <label className="form-check-label" htmlFor="online-services-all">
              Todos os serviços ativos
            </label>
          </div>
          <div className="form-check mb-1">
            <input className="form-check-input" type="radio" name="online-services" id="online-services-some" checked={!all} onChange={() => set({ services: '' })} />
            <label className="form-check-label" htmlFor="online-services-some">
              Só os escolhidos
            </label>
          </div>
          {all ? null : (
            <div className="row g-1 ms-3">
              {services.map((service) => (
                <div key={service.id} className="col-12 col-md-6">
                  <div className="form-check">
                    <input className="form-check-input" type="checkbox" id={`online-service-${service.id}`} checked={ids.includes(service.id)} onChange={() => toggle(service.id)} />
                    <label className="form-check-label" htmlFor={`online-service-${service.id}`}>
                      {service.name} <span className="text-muted">· {service.durationMinutes} min · {formatMoney(service.priceCents)}</span>
                    </label>
                  </div>
                </div>
              ))}
            </div>
          )}
          <FieldError errors={form.errors} name="serviceIds" />
        </fieldset>
        <fieldset className="mb-3" disabled={!isAdmin}>
          <legend className="form-label fs-6 mb-1">Agendamento feito pela internet</legend>
          <div className="form-check">
            <input className="form-check-input" type="radio" name="online-confirm" id="online-confirm-now" checked={form.form.confirm === 'now'} onChange={() => set({ confirm: 'now' })} />
            <label className="form-check-label" htmlFor="online-confirm-now">
              Confirmado na hora
            </label>
          </div>
          <div className="form-check">
            <input className="form-check-input" type="radio" name="online-confirm" id="online-confirm-desk" checked={form.form.confirm === 'desk'} onChange={() => set({ confirm: 'desk' })} />
            <label className="form-check-label" htmlFor="online-confirm-desk">
              Aguarda a recepção aceitar ou recusar (o horário fica reservado; o cliente é avisado)
            </label>
          </div>
          <FieldError errors={form.errors} name="confirmAtOnce" />
        </fieldset>
        <div className="row g-3">
          {NUMBER_FIELDS.map(({ name, id, label, min, max, hint }) => (
            <InputField key={name} id={id} label={label} wrapperClassName="col-sm-6" type="number" min={min} max={max} readOnly={!isAdmin} hint={hint} {...form.field(name)} />
          ))}
        </div>
        <TextAreaField id="online-privacy" label="Texto de privacidade (ao lado do consentimento)" rows={3} readOnly={!isAdmin} wrapperClassName="mt-3" {...form.field('privacyText')} />
        {isAdmin ? (
          <button type="submit" className="btn btn-primary btn-touch mt-3" disabled={form.saving}>
            Salvar
          </button>
        ) : (
          <p className="text-muted mt-3 mb-0">Só administradores mudam estas opções.</p>
        )}
      </form>
    </Card>
  );
}

/**
 * `/appointments/online`: the clients' own booking page (`/agendar`), its
 * address to share, and what it offers (admins change it).
 */
export default function OnlineBookingPage() {
  const isAdmin = useAppSelector((s) => s.auth.role) === 'admin';
  const settings = useGetOnlineBookingQuery(AppointmentsOnlineReads.useGetOnlineBooking());
  const services = useGetActiveServicesQuery(AppointmentsOnlineReads.useOffered()).data?.data ?? [];
  const data = settings.data;

  return (
    <div className="container-fluid">
      <PageHeader title="Agendamento online" subtitle="Uma página em que os clientes escolhem o serviço, o profissional e o horário.">
        <AppLink to="/appointments" className="btn btn-light btn-touch">
          Agenda
        </AppLink>
      </PageHeader>
      {settings.error ? <ErrorAlert message={errorMessage(settings.error, 'Não foi possível carregar o agendamento online.')} /> : null}
      {!data ? (
        settings.error ? null : <Spinner />
      ) : (
        <>
          <div className={`alert ${data.enabled ? 'alert-success' : 'alert-secondary'}`} role="status">
            {data.enabled ? (
              <>
                Ligado. Envie aos clientes:{' '}
                <a href={data.pageUrl} target="_blank" rel="noreferrer" className="text-break">
                  {data.pageUrl}
                </a>
              </>
            ) : (
              'Desligado: a página diz aos clientes que fale com a recepção.'
            )}
          </div>
          <SettingsForm key={JSON.stringify(data)} settings={data} services={services} isAdmin={isAdmin} />
        </>
      )}
    </div>
  );
}
