import { useEffect, useState, type FormEvent } from 'react';
import { useAppSelector } from '../../hooks/store';
import { CardForm } from '../../components/card-form';
import { FieldError, invalidClass } from '../../components/field-error';
import { InputField, SelectField, TextAreaField } from '../../components/field';
import { useForm } from '../../hooks/use-form';
import type { FieldErrors } from '../../lib/api';
import type { Appointment } from '../../lib/appointment';
import { isoDate, parseMoney } from '../../lib/format';
import { createAppointment, listStaff, searchClients } from './appointments-api';

const SAVE_ERROR = 'Não foi possível criar o agendamento.';
const DURATIONS = [15, 30, 45, 60, 90, 120, 180];

interface Option {
  id: number;
  name: string;
}

/** A new appointment: client found by name, staff (admins choose; staff book themselves), time, service, price. */
export function AppointmentForm({ onSaved, onCancel }: { onSaved: (a: Appointment) => void; onCancel: () => void }) {
  const me = useAppSelector((s) => s.auth);
  const isAdmin = me.role === 'admin';
  const [clientQuery, setClientQuery] = useState('');
  const [clients, setClients] = useState<Option[]>([]);
  const [staff, setStaff] = useState<Option[]>(me.id && me.name ? [{ id: me.id, name: me.name }] : []);
  const { form, setForm, field, errors, setErrors, message, setMessage, saving, submit } = useForm(
    {
      clientId: '',
      staffId: me.id ? String(me.id) : '',
      service: '',
      date: isoDate(new Date()),
      time: '09:00',
      duration: '60',
      price: '',
      notes: '',
    },
    SAVE_ERROR,
  );

  // Client search, debounced; the first match is preselected.
  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(() => {
      searchClients(clientQuery.trim()).then(
        ({ data }) => {
          if (cancelled) return;
          setClients(data);
          setForm((f) => (data.some((c) => String(c.id) === f.clientId) ? f : { ...f, clientId: data[0] ? String(data[0].id) : '' }));
        },
        () => undefined,
      );
    }, 250);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [clientQuery, setForm]); // setForm is useState's, stable

  useEffect(() => {
    if (!isAdmin) return;
    listStaff().then(
      ({ data }) => setStaff(data.filter((u) => u.active)),
      () => undefined, // keep "me" as the only choice
    );
  }, [isAdmin]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local: FieldErrors = {};
    if (!form.clientId) local.clientId = ['Escolha o cliente.'];
    const priceCents = form.price.trim() ? parseMoney(form.price) : 0;
    if (priceCents === null) local.priceCents = ['Valor inválido: use, por exemplo, 45,00.'];
    if (!form.date || !form.time) local.startsAt = ['Informe a data e o horário.'];
    setErrors(local);
    setMessage(null);
    if (Object.keys(local).length) return;
    await submit(async () => {
      const { data } = await createAppointment({
        clientId: Number(form.clientId),
        staffId: Number(form.staffId),
        service: form.service.trim(),
        // Wall-clock time: the server reads it in the business time zone,
        // whatever zone this browser is in.
        startsAt: `${form.date}T${form.time}`,
        durationMinutes: Number(form.duration),
        priceCents: priceCents ?? 0,
        ...(form.notes.trim() ? { notes: form.notes.trim() } : {}),
      });
      onSaved(data);
    });
  };

  return (
    <CardForm title="Novo agendamento" label="Novo agendamento" {...{ message, saving, onSubmit, onCancel }} submitLabel="Agendar">
      <div className="row g-3">
        <div className="col-md-6">
          <label htmlFor="appointment-client-search" className="form-label">
            Cliente
          </label>
          <div className="d-flex gap-2">
            <input
              id="appointment-client-search"
              type="search"
              className="form-control"
              placeholder="Buscar cliente"
              value={clientQuery}
              onChange={(e) => setClientQuery(e.target.value)}
              aria-label="Buscar cliente"
            />
            <select
              id="appointment-client"
              className={`form-select${invalidClass(errors, 'clientId')}`}
              value={form.clientId}
              onChange={field('clientId').onChange}
              aria-label="Cliente"
            >
              {clients.length === 0 ? <option value="">Nenhum cliente encontrado</option> : null}
              {clients.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <FieldError errors={errors} name="clientId" />
        </div>
        <SelectField id="appointment-staff" label="Profissional" wrapperClassName="col-md-6" {...field('staffId')} disabled={!isAdmin}>
          {staff.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </SelectField>
        <InputField id="appointment-service" label="Serviço" wrapperClassName="col-md-6" {...field('service')} />
        <InputField id="appointment-price" label="Valor (R$)" wrapperClassName="col-md-6" inputMode="decimal" placeholder="0,00" {...field('price', 'priceCents')} />
        <InputField id="appointment-date" label="Data" wrapperClassName="col-md-4" type="date" {...field('date', 'startsAt')} />
        <InputField id="appointment-time" label="Horário" wrapperClassName="col-md-4" type="time" {...field('time', null)} />
        <SelectField id="appointment-duration" label="Duração" wrapperClassName="col-md-4" {...field('duration', 'durationMinutes')}>
          {DURATIONS.map((m) => (
            <option key={m} value={m}>
              {m < 60 ? `${m} min` : `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`}
            </option>
          ))}
        </SelectField>
        <TextAreaField id="appointment-notes" label="Observações" wrapperClassName="col-12" rows={2} {...field('notes', null)} />
      </div>
    </CardForm>
  );
}
