import { useState, type FormEvent } from 'react';
import { AppLink } from '../../components/app-link';
import { toast } from '../../lib/toast';
import { StatusBadge } from '../../components/appointments-table';
import { ErrorAlert } from '../../components/error-alert';
import { Dialog } from '../../components/dialog';
import { SelectField } from '../../components/field';
import { Spinner } from '../../components/spinner';
import { useForm } from '../../hooks/use-form';
import { useAppSelector } from '../../hooks/store';
import { byWhom, editingNote, isMe, useEditors, useLiveChanges, type LiveChange } from '../../lib/live';
import { useAnnouncePresence } from '../../lib/presence-api';
import { errorMessage } from '../../lib/api';
import type { Appointment } from '../../lib/appointment';
import { dayOf, formatDate, formatDuration, formatMoney, formatTime, formatTimeRange, minuteOfDay } from '../../lib/format';
import { useGetActiveServicesQuery } from '../schedule';
import { useGetAppointmentQuery, useUpdateAppointmentMutation, type StaffMember } from './agenda-api';
import { ClashAlert, DURATIONS, OutsideAlert, ruleReason, StaffOptions, WhenFields, withoutStart, type ClashHref } from './appointment-fields';
import { SeriesConflicts } from './repeat-fields';
import { useScopeQuestion } from './series-scope';
import { StatusActions } from './status-actions';

const FORM_ID = 'reschedule-form';

/** The appointment's length in minutes (across midnight too). */
function durationOf(a: Appointment): number {
  return Math.round((Date.parse(a.endsAt) - Date.parse(a.startsAt)) / 60000) || minuteOfDay(a.endsAt) - minuteOfDay(a.startsAt);
}

/**
 * One appointment opened from the agenda or the list (`?open=ID`): its data,
 * the status changes it allows, and "Remarcar" (date, start, duration, staff
 * member, service): the keyboard's way to move or resize it, under the same
 * rules (a clash is shown here, with a link to the other appointment).
 */
export function AppointmentDialog({
  id,
  known,
  staff,
  hrefFor,
  onClose,
}: {
  id: number;
  /** The appointment when the shown agenda has it (no request then). */
  known: Appointment | undefined;
  staff: StaffMember[];
  hrefFor: ClashHref;
  onClose: () => void;
}) {
  const fetched = useGetAppointmentQuery(id, { skip: known !== undefined });
  const latest = known ?? fetched.data;
  // Someone else changed (or deleted) it, told by the live stream: the
  // dialog says so at once and keeps showing what it showed, so that nothing
  // moves under the user, until "Recarregar" (a save meanwhile is on the
  // old version: a 409, never a silent overwrite).
  const me = useAppSelector((s) => s.auth.id);
  const [held, setHeld] = useState<{ appointment: Appointment | undefined; change: LiveChange } | null>(null);
  useLiveChanges((change) => {
    if (change.appointmentId !== id || isMe(change.author, me)) return;
    if (!held && latest && change.version !== null && change.version <= latest.version) return;
    setHeld((h) => ({ appointment: h ? h.appointment : latest, change }));
  });
  const appointment = held?.appointment ?? latest;
  // Who else has it open ("Ana está editando"), and this user to them.
  useAnnouncePresence('appointment', id);
  const editors = useEditors('appointment', id);
  const reload = () => {
    setHeld(null);
    if (known === undefined) void fetched.refetch();
  };
  return (
    <Dialog title={appointment ? `Agendamento de ${appointment.clientName}` : 'Agendamento'} size="lg" onClose={onClose}
      footer={
        <>
          {appointment && appointment.status !== 'cancelado' ? (
            <button type="submit" form={FORM_ID} className="btn btn-primary btn-touch">
              Salvar horário
            </button>
          ) : null}
          <button type="button" className="btn btn-light btn-touch" onClick={onClose}>
            Fechar
          </button>
        </>
      }
    >
      {editors ? (
        <div className="alert alert-info py-2" role="status">
          {editingNote(editors, 'este agendamento')}
        </div>
      ) : null}
      {held ? <ChangedAlert change={held.change} staff={staff} onReload={reload} /> : null}
      {appointment ? (
        <Details key={appointment.id} appointment={appointment} staff={staff} hrefFor={hrefFor} />
      ) : fetched.error ? (
        <div className="alert alert-danger" role="alert">
          {errorMessage(fetched.error, 'Não foi possível abrir o agendamento.')}
        </div>
      ) : (
        <Spinner />
      )}
    </Dialog>
  );
}

/** Another person's change of the open appointment: who, and the way to see it. */
function ChangedAlert({ change, staff, onReload }: { change: LiveChange; staff: StaffMember[]; onReload: () => void }) {
  return (
    <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2" role="alert">
      <span className="me-auto">
        {change.kind === 'deleted'
          ? `Este agendamento foi excluído ${byWhom(change.author, staff)} agora.`
          : `Este agendamento foi alterado ${byWhom(change.author, staff)} agora: o que está na tela é a versão anterior.`}
      </span>
      <button type="button" className="btn btn-warning btn-sm btn-touch" onClick={onReload}>
        Recarregar
      </button>
    </div>
  );
}

function Details({ appointment: a, staff, hrefFor }: { appointment: Appointment; staff: StaffMember[]; hrefFor: ClashHref }) {
  const [updateAppointment] = useUpdateAppointmentMutation();
  const duration = durationOf(a);
  // The record as the form holds it: a newer version (someone else's save,
  // or a status change here) moves what was typed onto it (hooks/use-form.ts).
  const values = { day: dayOf(a.startsAt), time: formatTime(a.startsAt), duration: String(duration), staffId: String(a.staffId), serviceId: a.serviceId ? String(a.serviceId) : '' };
  const { form, setForm, field, errors, showErrors, message, conflict, conflicts, rule, saving, submit, changes, version, reviewOf } = useForm(
    values,
    'Não foi possível remarcar o agendamento.',
    undefined,
    { values, version: a.version },
  );
  // Another service of the catalogue: the server takes its name, buffers and
  // price, and the form its duration (still editable).
  const services = useGetActiveServicesQuery().data?.data;
  const chooseService = (e: { target: { value: string } }) => {
    const chosen = services?.find((x) => String(x.id) === e.target.value);
    setForm((f) => ({ ...f, serviceId: e.target.value, ...(chosen && { duration: String(chosen.durationMinutes) }) }));
    if (rule) showErrors({});
  };
  // The appointment's own service stays a choice: free text, or no longer offered.
  const ownService = !a.serviceId || !services?.some((x) => x.id === a.serviceId);
  const serviceName = (id: string) => services?.find((x) => String(x.id) === id)?.name ?? a.service;
  const durations = [...new Set([...DURATIONS, duration, Number(form.duration)])].sort((x, y) => x - y);
  const staffChoices = staff.some((s) => s.id === a.staffId) ? staff : [{ id: a.staffId, name: a.staffName }, ...staff];
  // A new time asks again whether to save it outside the rules.
  const set = (name: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [name]: e.target.value }));
    if (rule) showErrors({});
  };
  const staffName = (id: string) => staffChoices.find((s) => String(s.id) === id)?.name ?? id;
  const { ask, question } = useScopeQuestion(true);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Refused for the rules (a 422 with `rule`), asked, and confirmed by this click.
    const allowOutsideHours = rule !== null;
    const changed = changes();
    if (!Object.keys(changed).length) return;
    const scope = await ask(a, 'Remarcar');
    if (scope === null) return;
    await submit(async () => {
      // Only what this user changed, on the version it was typed on.
      const saved = await updateAppointment({
        id: a.id,
        scope,
        version: version ?? a.version,
        ...(changed.staffId !== undefined && { staffId: Number(form.staffId) }),
        ...((changed.day !== undefined || changed.time !== undefined) && { startsAt: `${form.day}T${form.time}` }),
        ...(changed.duration !== undefined && { durationMinutes: Number(form.duration) }),
        ...(changed.serviceId !== undefined && form.serviceId && { serviceId: Number(form.serviceId) }),
        ...(allowOutsideHours && { allowOutsideHours }),
      }).unwrap();
      // Another service in the same place says what it is now; a move says where to.
      const sameSlot = changed.day === undefined && changed.time === undefined && changed.staffId === undefined;
      toast.success(
        changed.serviceId !== undefined && sameSlot
          ? `Agendamento de ${saved.clientName} atualizado: ${saved.service}, ${formatTimeRange(saved.startsAt, saved.endsAt)}.`
          : `Agendamento de ${saved.clientName} remarcado para ${formatDate(saved.startsAt)} às ${formatTime(saved.startsAt)}.`,
      );
    });
  };

  return (
    <>
      <dl className="row mb-3 appointment-facts">
        <dt className="col-sm-3">Status</dt>
        <dd className="col-sm-9">
          <StatusBadge status={a.status} />
        </dd>
        <dt className="col-sm-3">Data e horário</dt>
        <dd className="col-sm-9">
          {formatDate(a.startsAt)}, {formatTimeRange(a.startsAt, a.endsAt)} ({formatDuration(duration)})
        </dd>
        <dt className="col-sm-3">Profissional</dt>
        <dd className="col-sm-9">{a.staffName}</dd>
        <dt className="col-sm-3">Serviço</dt>
        <dd className="col-sm-9">{a.service}</dd>
        {a.seriesId ? (
          <>
            <dt className="col-sm-3">Série</dt>
            <dd className="col-sm-9">
              {a.seriesPosition} de {a.seriesTotal}{' '}
              <AppLink to={`/clients/${a.clientId}#serie-${a.seriesId}`} className="ms-1">
                Ver a série
              </AppLink>
            </dd>
          </>
        ) : null}
        <dt className="col-sm-3">Valor</dt>
        <dd className="col-sm-9">{formatMoney(a.priceCents)}</dd>
        {a.notes ? (
          <>
            <dt className="col-sm-3">Observações</dt>
            <dd className="col-sm-9">{a.notes}</dd>
          </>
        ) : null}
        {a.cancellationReason ? (
          <>
            <dt className="col-sm-3">Motivo do cancelamento</dt>
            <dd className="col-sm-9">{a.cancellationReason}</dd>
          </>
        ) : null}
      </dl>
      <StatusActions appointment={a} className="mb-3" inline />
      {a.status !== 'cancelado' ? (
        <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label="Remarcar">
          <h3 className="h6">Remarcar</h3>
          <ErrorAlert message={conflict || rule || conflicts.length ? null : message} />
          <ClashAlert message={message} conflict={conflict} hrefFor={hrefFor} />
          <SeriesConflicts message={message} conflicts={conflicts} />
          {question}
          {rule ? (
            <OutsideAlert
              reason={ruleReason(errors)}
              asked
              confirmLabel="Remarcar mesmo assim"
              confirm={
                <button type="submit" className="btn btn-warning btn-sm btn-touch mt-2" disabled={saving}>
                  Remarcar mesmo assim
                </button>
              }
            />
          ) : null}
          <fieldset className="row g-3" disabled={saving}>
            <WhenFields id="reschedule" form={form} set={set} errors={rule ? withoutStart(errors) : errors} durations={durations}
              hints={{ day: reviewOf('day', (d) => formatDate(`${d}T00:00`)), time: reviewOf('time'), duration: reviewOf('duration', (m) => formatDuration(Number(m))) }} />
            <SelectField id="reschedule-staff" label="Profissional" wrapperClassName="col-6 col-md-3" {...field('staffId')} onChange={set('staffId')} hint={reviewOf('staffId', staffName)}>
              <StaffOptions staff={staffChoices} />
            </SelectField>
            <SelectField id="reschedule-service" label="Serviço" wrapperClassName="col-12 col-md-6" {...field('serviceId')} onChange={chooseService} hint={reviewOf('serviceId', serviceName)}>
              {ownService ? <option value={a.serviceId ?? ''}>{a.service}</option> : null}
              {services?.map((x) => (
                <option key={x.id} value={x.id}>
                  {`${x.name} · ${formatDuration(x.durationMinutes)}`}
                </option>
              ))}
            </SelectField>
          </fieldset>
        </form>
      ) : null}
    </>
  );
}
