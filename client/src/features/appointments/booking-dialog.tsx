import { useCallback, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { ErrorAlert } from '../../components/error-alert';
import { Dialog, DialogButtons } from '../../components/dialog';
import { InputField, SelectField, TextAreaField } from '../../components/field';
import { useAppDispatch, useAppSelector } from '../../hooks/store';
import { useDraft } from '../../hooks/use-draft';
import { errorMessage, fieldErrors, type FieldErrors } from '../../lib/api';
import { recordsChanged } from '../../lib/api-slice';
import type { Appointment } from '../../lib/appointment';
import { formatDate, formatDuration, parseMoney } from '../../lib/format';
import { useCreateAppointmentMutation, useLazyGetAgendaQuery, type StaffMember } from './agenda-api';
import { ClientPicker, type PickedClient } from './client-picker';

const FORM_ID = 'booking-form';
export const DURATIONS = [15, 30, 45, 60, 90, 120, 180];

type WhenField = 'day' | 'time' | 'duration';

/** The staff members as the options of a select, by id. */
export function StaffOptions({ staff }: { staff: StaffMember[] }) {
  return staff.map((s) => (
    <option key={s.id} value={s.id}>
      {s.name}
    </option>
  ));
}

/**
 * An appointment's start and length (date, time, duration), as the booking
 * and the rescheduling forms ask them: `set(field)` is the form's change
 * handler; the server's errors land under the date and the duration.
 */
export function WhenFields({
  id,
  form,
  set,
  errors,
  durations = DURATIONS,
}: {
  id: string;
  form: Record<WhenField, string>;
  set: (field: WhenField) => (e: { target: { value: string } }) => void;
  errors: FieldErrors;
  durations?: number[];
}) {
  return (
    <>
      <InputField id={`${id}-date`} label="Data" errorKey="startsAt" errors={errors} wrapperClassName="col-6 col-md-3" type="date" value={form.day} onChange={set('day')} />
      <InputField id={`${id}-time`} label="Início" wrapperClassName="col-6 col-md-3" type="time" step={300} value={form.time} onChange={set('time')} />
      <SelectField id={`${id}-duration`} label="Duração" errorKey="durationMinutes" errors={errors} wrapperClassName="col-6 col-md-3" value={form.duration} onChange={set('duration')}>
        {durations.map((m) => (
          <option key={m} value={m}>
            {formatDuration(m)}
          </option>
        ))}
      </SelectField>
    </>
  );
}

/** A clash the server refused with 409, and the appointment it clashes with (when found). */
export interface Clash {
  message: string;
  href: string | null;
}

/** True when the wall-clock `day` `time` of the business is before now (its offset read from `now`). */
export function isPast(day: string, time: string, now: string): boolean {
  const offset = /([+-]\d{2}:\d{2}|Z)$/.exec(now)?.[1] ?? 'Z';
  const start = Date.parse(`${day}T${time}:00${offset}`);
  return Number.isFinite(start) && start < Date.now();
}

/**
 * After a 409 the server's message names the other appointment's client and
 * times; the link to it comes from that day's agenda of the staff member.
 */
export function useClashFinder(hrefFor: (a: Appointment) => string) {
  const [fetchAgenda] = useLazyGetAgendaQuery();
  return async (message: string, staffId: number, day: string, start: string, end: string, except?: number): Promise<Clash> => {
    try {
      const agenda = await fetchAgenda({ date: day, staff_id: String(staffId) }).unwrap();
      const clash = agenda.appointments.find((a) => a.id !== except && a.status !== 'cancelado' && Date.parse(a.startsAt) < Date.parse(end) && Date.parse(a.endsAt) > Date.parse(start));
      return { message, href: clash ? hrefFor(clash) : null };
    } catch {
      return { message, href: null };
    }
  };
}

export function ClashAlert({ clash }: { clash: Clash | null }) {
  if (!clash) return null;
  return (
    <div className="alert alert-danger" role="alert">
      <p className="mb-1">{clash.message}</p>
      {clash.href ? (
        <Link to={clash.href} className="alert-link">
          Ver o agendamento em conflito
        </Link>
      ) : null}
    </div>
  );
}

interface BookingDialogProps {
  staff: StaffMember[];
  /** Where the booking starts: the slot clicked, or today. */
  initial: { day: string; time: string; staffId: number | null };
  /** The business's now (RFC 3339 with its offset), for the "in the past" question. */
  now: string;
  hrefFor: (a: Appointment) => string;
  onClose: () => void;
  onSaved: (a: Appointment) => void;
}

/**
 * A new appointment in a dialog: client (search or create), staff member,
 * service, start, duration, price. A clash (409) is shown in the form with a
 * link to the other appointment; a start in the past asks to confirm first.
 */
export function BookingDialog({ staff, initial, now, hrefFor, onClose, onSaved }: BookingDialogProps) {
  const dispatch = useAppDispatch();
  const me = useAppSelector((s) => s.auth);
  const defaultStaff = initial.staffId ?? (staff.some((s) => s.id === me.id) ? me.id : staff[0]?.id) ?? '';
  const [client, setClient] = useState<PickedClient | null>(null);
  const [initialForm] = useState(() => ({ staffId: String(defaultStaff), service: '', day: initial.day, time: initial.time, duration: '60', price: '', notes: '' }));
  const [form, setForm] = useState(initialForm);
  // What was typed survives an expired session (hooks/use-draft.ts): the
  // same address opens this dialog again, for the same slot.
  const restoreDraft = useCallback((draft: { form: typeof initialForm; client: PickedClient | null }) => {
    setForm(draft.form);
    setClient(draft.client);
  }, []);
  const discardDraft = useDraft(`booking:${initial.day}:${initial.time}:${initial.staffId ?? ''}`, { form, client }, { form: initialForm, client: null }, restoreDraft);
  const close = () => {
    discardDraft();
    onClose();
  };
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [clash, setClash] = useState<Clash | null>(null);
  const [pastConfirmed, setPastConfirmed] = useState(false);
  const [askPast, setAskPast] = useState(false);
  const [createAppointment, { isLoading: saving }] = useCreateAppointmentMutation();
  const findClash = useClashFinder(hrefFor);

  const set = (field: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm({ ...form, [field]: e.target.value });
    if (field === 'day' || field === 'time') {
      setAskPast(false);
      setPastConfirmed(false);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local: FieldErrors = {};
    if (!client) local.clientId = ['Escolha o cliente (ou cadastre um novo).'];
    if (!form.staffId) local.staffId = ['Escolha o profissional.'];
    const priceCents = form.price.trim() ? parseMoney(form.price) : 0;
    if (priceCents === null) local.priceCents = ['Valor inválido: use, por exemplo, 45,00.'];
    if (!form.day || !form.time) local.startsAt = ['Informe a data e o horário.'];
    setErrors(local);
    setMessage(null);
    setClash(null);
    if (Object.keys(local).length || !client) return;
    if (isPast(form.day, form.time, now) && !pastConfirmed) {
      setAskPast(true);
      setPastConfirmed(true);
      return;
    }
    const startsAt = `${form.day}T${form.time}`;
    try {
      const saved = await createAppointment({
        clientId: client.id,
        staffId: Number(form.staffId),
        service: form.service.trim(),
        // Wall-clock time: the server reads it in the business time zone.
        startsAt,
        durationMinutes: Number(form.duration),
        priceCents: priceCents ?? 0,
        ...(form.notes.trim() ? { notes: form.notes.trim() } : {}),
      }).unwrap();
      toast.success(`Agendamento de ${saved.clientName} criado.`);
      dispatch(recordsChanged());
      discardDraft();
      onSaved(saved);
    } catch (error) {
      const status = (error as { status?: number }).status;
      const text = errorMessage(error, 'Não foi possível criar o agendamento.');
      if (status === 409) {
        const offset = /([+-]\d{2}:\d{2}|Z)$/.exec(now)?.[1] ?? 'Z';
        const start = `${startsAt}:00${offset}`;
        const end = new Date(Date.parse(start) + Number(form.duration) * 60000).toISOString();
        setClash(await findClash(text, Number(form.staffId), form.day, start, end));
      } else {
        setErrors(fieldErrors(error));
        setMessage(text);
      }
    }
  };

  return (
    <Dialog
      title="Novo agendamento"
      size="lg"
      onClose={close}
      busy={saving}
      footer={
        <DialogButtons onCancel={close} busy={saving} form={FORM_ID} label={askPast ? 'Agendar mesmo assim' : 'Agendar'} busyLabel="Salvando..." />
      }
    >
      <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label="Novo agendamento">
        <ErrorAlert message={message} />
        <ClashAlert clash={clash} />
        {askPast ? (
          <div className="alert alert-warning" role="alert">
            O início, {formatDate(form.day)} às {form.time}, já passou. Confira a data; para registrar assim mesmo, clique em “Agendar mesmo assim”.
          </div>
        ) : null}
        <ClientPicker id="booking-client" value={client} onChange={setClient} errors={errors} />
        <div className="row g-3">
          <SelectField id="booking-staff" label="Profissional" errorKey="staffId" errors={errors} wrapperClassName="col-md-6" value={form.staffId} onChange={set('staffId')}>
            <StaffOptions staff={staff} />
          </SelectField>
          <InputField id="booking-service" label="Serviço" errorKey="service" errors={errors} wrapperClassName="col-md-6" value={form.service} onChange={set('service')} />
          <WhenFields id="booking" form={form} set={set} errors={errors} />
          <InputField
            id="booking-price"
            label="Valor (R$)"
            errorKey="priceCents"
            errors={errors}
            wrapperClassName="col-6 col-md-3"
            inputMode="decimal"
            placeholder="0,00"
            value={form.price}
            onChange={set('price')}
          />
          <TextAreaField id="booking-notes" label="Observações" errorKey="notes" errors={errors} wrapperClassName="col-12" rows={2} value={form.notes} onChange={set('notes')} />
        </div>
      </form>
    </Dialog>
  );
}
