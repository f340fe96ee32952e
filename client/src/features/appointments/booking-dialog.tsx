import { AppointmentsReads } from '../../../generated/route-reads';
import { useState, type FormEvent } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { AppLink } from '../../components/app-link';
import { toast } from '../../lib/toast';
import { ErrorAlert } from '../../components/error-alert';
import { Dialog, DialogButtons } from '../../components/dialog';
import { InputField, SelectField, TextAreaField } from '../../components/field';
import { useAppDispatch, useAppSelector } from '../../hooks/store';
import { byWhom, isMe, useLiveChanges, type LiveChange } from '../../lib/live';
import { isProfessional } from '../../lib/roles';
import { useForm } from '../../hooks/use-form';
import type { FieldErrors } from '../../lib/api';
import type { ApiAvailability, ApiSlot } from '../../lib/api-types';
import { useMounted } from '../../lib/use-mounted';
import { addDays, dayOf, formatDate, formatDuration, formatMinutes, formatTime, formatTimeRange, minuteOfDay, moneyInput, parseMoney } from '../../lib/format';
import { useGetActiveServicesQuery, useGetAvailabilityQuery, type AvailabilityArgs } from '../schedule';
import { agendaApi, useCreateAppointmentMutation, useGetBookingClientQuery, type StaffMember } from './agenda-api';
import { partInDay, STEP_MINUTES } from './agenda-layout';
import { ClashAlert, DURATIONS, OutsideAlert, ruleReason, StaffOptions, WhenFields, withoutStart, type ClashHref, type WhenField } from './appointment-fields';
import { ClientPicker, type PickedClient } from '../clients';
import type { Appointment } from '../../lib/appointment';
import { FreeSlots, SLOT_SEARCH_LIMIT } from './free-slots';
import { initialRepeat, RepeatFields, SeriesConflicts, toRepeat, weekdayOf, type ConflictChoices, type RepeatForm } from './repeat-fields';

const FORM_ID = 'booking-form';

/** True when the wall-clock `day` `time` of the business is before now (its offset read from `now`). */
function isPast(day: string, time: string, now: string): boolean {
  const offset = /([+-]\d{2}:\d{2}|Z)$/.exec(now)?.[1] ?? 'Z';
  const start = Date.parse(`${day}T${time}:00${offset}`);
  return Number.isFinite(start) && start < Date.now();
}

/** The length asked when neither a service nor a length is chosen yet (the route's read `bookingFree` asks the same). */
const DEFAULT_DURATION = 60;
const DAY_MINUTES = 24 * 60;

/**
 * The business's wall-clock now: `now` (RFC 3339 with its offset), moved on
 * to the browser's clock once mounted (an agenda read an hour ago has an old
 * "now"); the same value on the server and while hydrating.
 */
function useWallClockNow(now: string): string {
  const mounted = useMounted();
  const offset = /([+-])(\d{2}):(\d{2})$/.exec(now);
  if (!mounted || !offset) return now;
  const minutes = (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3]));
  const browser = new Date(Date.now() + minutes * 60_000).toISOString().slice(0, 16);
  const server = now.slice(0, 16);
  return browser > server ? `${browser}:00${now.slice(-6)}` : now;
}

/** True when `a` (not cancelled) takes part of the chosen staff member's `day` from `time` for `duration` minutes. */
export function overlapsChoice(a: Appointment, staffId: string, day: string, time: string, duration: number): boolean {
  const [hours, minutes] = time.split(':').map(Number);
  const part = partInDay(a, day);
  if (a.status === 'cancelado' || String(a.staffId) !== staffId || !part || !Number.isFinite(hours) || !Number.isFinite(minutes) || !(duration > 0)) return false;
  const start = hours * 60 + minutes;
  return part.start < start + duration && start < part.end;
}

interface BookingDialogProps {
  staff: StaffMember[];
  /**
   * Where the booking starts: the slot clicked (day, time, staff member), or
   * a day and the first free time there (the server's search); the client
   * and the service when the address names them; `outside`, why the slot
   * clicked breaks the rules when the user already said to book there anyway.
   */
  initial: { day: string; time: string | null; staffId: number | null; clientId: number | null; serviceId: number | null; outside: string | null };
  /** Where the business day starts (the agenda's first hour): the start on another day without a free one. */
  startHour: number;
  /** The business's now (RFC 3339 with its offset), for the start without a free one and the "in the past" question. */
  now: string;
  hrefFor: ClashHref;
  onClose: () => void;
}

/** How many free starts the booking offers, and over how many days from the chosen one. */
const SLOT_LIMIT = 6;
const SLOT_DAYS = 14;

/**
 * A new appointment in a dialog: client (search or create), staff member,
 * service (from the catalogue, which fills duration and price, or free
 * text), start, duration, price, and the service's next free starts (the
 * server's search) to pick from. A clash (409) is shown in the form with a
 * link to the other appointment; a start in the past, or one outside the
 * rules (a 422 with `rule`: working hours, time off, buffers), asks to
 * confirm first, then books anyway. "Repetir" books a series: all of it or,
 * when some dates cannot be booked, none, with those dates listed to skip
 * or move before trying again.
 */
export function BookingDialog({ staff: everyone, initial, startHour, now: loadedNow, hrefFor, onClose }: BookingDialogProps) {
  const me = useAppSelector((s) => s.auth);
  // A Profissional books on their own agenda only (the server refuses the rest).
  const staff = isProfessional(me.role) ? everyone.filter((s) => s.id === me.id) : everyone;
  const now = useWallClockNow(loadedNow);
  const defaultStaff = (isProfessional(me.role) ? me.id : (initial.staffId ?? (staff.some((s) => s.id === me.id) ? me.id : staff[0]?.id))) ?? '';
  // Without a service, the first start that day where the staff member is
  // free for the length (the server's search: hours, time off, other
  // appointments and their buffers). The address's own search comes with the
  // page (routes.json `bookingFree`), so the start is there before any script.
  const seeded = AppointmentsReads.useBookingFree<AvailabilityArgs>();
  const seededAnswer = useGetAvailabilityQuery(seeded).currentData;
  // The search's first start of the staff member that day; with none left,
  // now (today) or the agenda's first hour, which the server then refuses
  // with its reason, asked about before booking anyway. Null: not answered yet.
  const firstFree = (answer: ApiAvailability | undefined, staffId: string, day: string) => {
    if (!answer) return null;
    const slot = answer.data.find((x) => String(x.staffId) === staffId && dayOf(x.startsAt) === day);
    if (slot) return formatTime(slot.startsAt);
    const start = day === dayOf(now) ? Math.ceil(minuteOfDay(now) / STEP_MINUTES) * STEP_MINUTES : startHour * 60;
    return formatMinutes(Math.min(start, DAY_MINUTES - STEP_MINUTES));
  };
  // The picked client is part of the form (id and name as text), so that
  // what was typed survives an expired session (hooks/use-draft.ts): the
  // same address opens this dialog again, for the same slot.
  const { form, setForm, field, errors, showErrors, message, conflict, conflicts, rule, saving, submit, discardDraft } = useForm(
    () => ({
      clientId: initial.clientId ? String(initial.clientId) : '',
      clientName: '',
      staffId: String(defaultStaff),
      serviceId: initial.serviceId ? String(initial.serviceId) : '',
      service: '',
      day: initial.day,
      time: initial.time ?? firstFree(seededAnswer, String(defaultStaff), initial.day) ?? '',
      duration: String(DEFAULT_DURATION),
      price: '',
      notes: '',
    }),
    'Não foi possível criar o agendamento.',
    `booking:${initial.day}:${initial.time ?? ''}:${initial.staffId ?? ''}:${initial.clientId ?? ''}:${initial.serviceId ?? ''}`,
  );
  // The address names the client by id: its name comes with its record.
  const named = useGetBookingClientQuery(initial.clientId ?? skipToken);
  const clientName = form.clientName || (form.clientId === String(initial.clientId) ? (named.data?.name ?? '') : '');
  const client: PickedClient | null = form.clientId ? { id: Number(form.clientId), name: clientName } : null;

  // The catalogue: a service chosen fills duration and price (both still editable), once.
  const services = useGetActiveServicesQuery(AppointmentsReads.useBookingServices()).data?.data;
  const service = services?.find((x) => String(x.id) === form.serviceId) ?? null;
  const [filledFor, setFilledFor] = useState('');
  if (service && filledFor !== form.serviceId) {
    setFilledFor(form.serviceId);
    setForm((f) => ({ ...f, duration: String(service.durationMinutes), price: moneyInput(service.priceCents) }));
  }
  const durations = DURATIONS.includes(Number(form.duration)) ? DURATIONS : [...DURATIONS, Number(form.duration)].sort((x, y) => x - y);

  // The service's next free starts (the server's search, the rules applied): of the staff member chosen, or anyone's.
  const [anyStaff, setAnyStaff] = useState(false);
  const slotArgs = form.serviceId && form.day
    ? { service_id: Number(form.serviceId), ...(anyStaff || !form.staffId ? {} : { staff_id: Number(form.staffId) }), from: form.day, to: addDays(form.day, SLOT_DAYS - 1), limit: SLOT_SEARCH_LIMIT }
    : skipToken;
  const slots = useGetAvailabilityQuery(slotArgs);

  // The start follows the staff member, the day and the length until the
  // user picks one: the server's first free start that day, of the service
  // chosen or, without one, of the length (the address's own search while
  // nothing changed, the one the page came with).
  const [timeChosen, setTimeChosen] = useState(initial.time !== null);
  const length = Number(form.duration) || DEFAULT_DURATION;
  const asFirst =
    seeded !== skipToken && form.staffId === String(defaultStaff) && form.day === initial.day && (seeded.from ?? dayOf(loadedNow)) === form.day && length === DEFAULT_DURATION;
  const lengthArgs: AvailabilityArgs | typeof skipToken =
    timeChosen || form.serviceId || !form.staffId || !form.day
      ? skipToken
      : asFirst
        ? seeded
        : { duration_minutes: length, staff_id: Number(form.staffId), from: form.day, limit: 1 };
  const lengthAnswer = useGetAvailabilityQuery(lengthArgs).currentData;
  const suggested = timeChosen ? null : firstFree(form.serviceId ? slots.currentData : lengthAnswer, form.staffId, form.day);
  if (suggested !== null && suggested !== form.time) setForm((f) => ({ ...f, time: suggested }));
  const close = () => {
    discardDraft();
    onClose();
  };
  const [pastConfirmed, setPastConfirmed] = useState(false);
  const [askPast, setAskPast] = useState(false);
  // The slot clicked on the agenda was outside the rules and the user said to book there anyway.
  const [slotConfirmed, setSlotConfirmed] = useState(initial.outside !== null);
  const [createAppointment] = useCreateAppointmentMutation();
  // A series: its rule, and what to do with each date the server refused.
  const [repeat, setRepeat] = useState<RepeatForm>(() => initialRepeat(initial.day));
  const [choices, setChoices] = useState<ConflictChoices>({});
  const [seriesOutside, setSeriesOutside] = useState(false);
  const changeRepeat = (next: RepeatForm) => setRepeat(next.on && !repeat.on && form.day ? { ...next, weekdays: [weekdayOf(form.day)] } : next);
  const ruleConflicts = conflicts.some((c) => c.reason !== 'overlap');

  // Someone else booked or moved an appointment onto the chosen staff
  // member's day (the live stream): read it, and when it overlaps the chosen
  // time, say so before the save's 409 would.
  const dispatch = useAppDispatch();
  const [arrived, setArrived] = useState<{ appointment: Appointment; change: LiveChange }[]>([]);
  useLiveChanges((change) => {
    if (change.kind === 'deleted' || isMe(change.author, me.id) || String(change.staffId) !== form.staffId || change.day !== form.day) return;
    const read = dispatch(agendaApi.endpoints.getAppointment.initiate(change.appointmentId, { subscribe: false, forceRefetch: true }));
    read.unwrap().then(
      (appointment) => setArrived((known) => [...known.filter((k) => k.appointment.id !== appointment.id), { appointment, change }]),
      // Not one this user may read (another's agenda): the save's answer tells.
      () => {},
    );
  });
  const taken = arrived.find(({ appointment: x }) => overlapsChoice(x, form.staffId, form.day, form.time, Number(form.duration)));

  // A new start or staff member: asks again (in the past, outside the rules).
  const moved = () => {
    setTimeChosen(true);
    setAskPast(false);
    setPastConfirmed(false);
    setSlotConfirmed(false);
    if (rule) showErrors({});
  };
  // The start's fields: a start typed is kept.
  const set = (name: WhenField) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [name]: e.target.value }));
    if (name !== 'duration') moved();
  };
  const pickSlot = (slot: ApiSlot) => {
    setForm((f) => ({ ...f, day: dayOf(slot.startsAt), time: formatTime(slot.startsAt), staffId: String(slot.staffId) }));
    moved();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local: FieldErrors = {};
    if (!client) local.clientId = ['Escolha o cliente (ou cadastre um novo).'];
    if (!form.staffId) local.staffId = ['Escolha o profissional.'];
    const priceCents = form.price.trim() ? parseMoney(form.price) : 0;
    if (priceCents === null) local.priceCents = ['Valor inválido: use, por exemplo, 45,00.'];
    if (!form.day || !form.time) local.startsAt = ['Informe a data e o horário.'];
    showErrors(local);
    if (Object.keys(local).length || !client) return;
    if (isPast(form.day, form.time, now) && !pastConfirmed) {
      setAskPast(true);
      setPastConfirmed(true);
      return;
    }
    // Asked (a refused time, or a slot confirmed on the agenda) and confirmed by this click.
    const allowOutsideHours = rule !== null || slotConfirmed || (repeat.on && seriesOutside);
    const chosen = Object.entries(choices);
    const series = repeat.on
      ? {
          repeat: toRepeat(repeat),
          skipDates: chosen.filter(([, c]) => c.skip).map(([day]) => day),
          moves: chosen.filter(([, c]) => !c.skip && c.moveTo).map(([date, c]) => ({ date, startsAt: c.moveTo })),
        }
      : {};
    await submit(async () => {
      const saved = await createAppointment({
        clientId: client.id,
        staffId: Number(form.staffId),
        ...(service ? { serviceId: service.id, service: service.name } : { service: form.service.trim() }),
        // Wall-clock time: the server reads it in the business time zone.
        startsAt: `${form.day}T${form.time}`,
        durationMinutes: Number(form.duration),
        priceCents: priceCents ?? 0,
        ...(form.notes.trim() ? { notes: form.notes.trim() } : {}),
        ...(allowOutsideHours ? { allowOutsideHours } : {}),
        ...series,
      }).unwrap();
      toast.success(saved.length > 1 ? `Série de ${saved.length} agendamentos de ${saved[0].clientName} criada.` : `Agendamento de ${saved[0]?.clientName} criado.`);
      onClose();
    });
  };

  const asking = askPast || rule !== null;
  return (
    <Dialog
      title="Novo agendamento"
      size="lg"
      onClose={close}
      busy={saving}
      footer={
        <DialogButtons onCancel={close} busy={saving} form={FORM_ID} label={asking ? 'Agendar mesmo assim' : repeat.on ? 'Agendar série' : 'Agendar'} busyLabel="Salvando..." />
      }
    >
      <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label="Novo agendamento">
        <ErrorAlert message={conflict || rule || conflicts.length ? null : message} />
        <ClashAlert message={message} conflict={conflict} hrefFor={hrefFor} />
        {taken && !conflict ? (
          <div className="alert alert-warning" role="alert">
            <p className="mb-1">
              O horário escolhido acabou de ser ocupado: agendamento {byWhom(taken.change.author, everyone)} agora, {formatTimeRange(taken.appointment.startsAt, taken.appointment.endsAt)}.
              Escolha outro horário.
            </p>
            <AppLink to={hrefFor(taken.appointment)} className="alert-link">
              Ver o agendamento
            </AppLink>
          </div>
        ) : null}
        <SeriesConflicts message={message} conflicts={conflicts} choices={choices} onChoose={(day, choice) => setChoices((c) => ({ ...c, [day]: choice }))} />
        {ruleConflicts ? (
          <div className="form-check mb-3">
            <input id="booking-series-outside" className="form-check-input" type="checkbox" checked={seriesOutside} onChange={(e) => setSeriesOutside(e.target.checked)} />
            <label className="form-check-label" htmlFor="booking-series-outside">
              Agendar mesmo assim nos dias fora do horário, em folga ou no intervalo
            </label>
          </div>
        ) : null}
        {rule ? <OutsideAlert reason={ruleReason(errors)} asked /> : slotConfirmed && initial.outside ? <OutsideAlert reason={initial.outside} asked={false} /> : null}
        {askPast ? (
          <div className="alert alert-warning" role="alert">
            O início, {formatDate(form.day)} às {form.time}, já passou. Confira a data; para registrar assim mesmo, clique em “Agendar mesmo assim”.
          </div>
        ) : null}
        <ClientPicker
          id="booking-client"
          value={client}
          onChange={(picked) => setForm((f) => ({ ...f, clientId: picked ? String(picked.id) : '', clientName: picked?.name ?? '' }))}
          errors={errors}
        />
        <div className="row g-3">
          <SelectField
            id="booking-staff"
            label="Profissional"
            wrapperClassName="col-md-6"
            {...field('staffId')}
            onChange={(e) => {
              setForm((f) => ({ ...f, staffId: e.target.value }));
              setSlotConfirmed(false);
              if (rule) showErrors({});
            }}
          >
            <StaffOptions staff={staff} />
          </SelectField>
          <SelectField id="booking-service-id" label="Serviço" wrapperClassName="col-md-6" {...field('serviceId')}>
            <option value="">Outro (texto livre)</option>
            {services?.map((x) => (
              <option key={x.id} value={x.id}>
                {`${x.name} · ${formatDuration(x.durationMinutes)}`}
              </option>
            ))}
          </SelectField>
          {service ? null : <InputField id="booking-service" label="Descrição do serviço" wrapperClassName="col-12" {...field('service')} />}
          {form.serviceId ? (
            <div className="col-12">
              <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
                <h3 className="h6 mb-0" id="booking-free-title">
                  Próximos horários livres
                </h3>
                <div className="form-check mb-0">
                  <input id="booking-any-staff" className="form-check-input" type="checkbox" checked={anyStaff} onChange={(e) => setAnyStaff(e.target.checked)} />
                  <label className="form-check-label small" htmlFor="booking-any-staff">
                    Qualquer profissional
                  </label>
                </div>
              </div>
              <FreeSlots slots={slots.data?.data} loading={slots.isFetching} failed={slots.isError} onPick={pickSlot} label="Próximos horários livres" withStaff={anyStaff} count={SLOT_LIMIT} />
            </div>
          ) : null}
          <WhenFields id="booking" form={form} set={set} errors={rule ? withoutStart(errors) : errors} durations={durations} />
          <InputField
            id="booking-price"
            label="Valor (R$)"
            wrapperClassName="col-6 col-md-3"
            inputMode="decimal"
            placeholder="0,00"
            {...field('price', 'priceCents')}
          />
          <RepeatFields value={repeat} onChange={changeRepeat} day={form.day} errors={errors} />
          <TextAreaField id="booking-notes" label="Observações" wrapperClassName="col-12" rows={2} {...field('notes')} />
        </div>
      </form>
    </Dialog>
  );
}
