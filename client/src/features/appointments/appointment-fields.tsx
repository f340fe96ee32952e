import type { ReactNode } from 'react';
import { AppLink } from '../../components/app-link';
import { InputField, SelectField } from '../../components/field';
import type { FieldErrors } from '../../lib/api';
import type { ApiScheduleConflict } from '../../lib/api-types';
import type { Appointment } from '../../lib/appointment';
import { formatDuration } from '../../lib/format';
import type { StaffMember } from './agenda-api';

// What the appointment's forms share, apart from the booking that used to
// export it: the booking (booking-dialog.tsx), the rescheduling of one
// (appointment-dialog.tsx), the agenda's moves and staff filter
// (appointments-page.tsx) and the free-slot search (fit-in-dialog.tsx).

export const DURATIONS = [15, 30, 45, 60, 90, 120, 180];

export type WhenField = 'day' | 'time' | 'duration';

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
  hints = {},
}: {
  id: string;
  form: Record<WhenField, string>;
  set: (field: WhenField) => (e: { target: { value: string } }) => void;
  errors: FieldErrors;
  durations?: number[];
  /** What to show under each field (the reschedule's review of someone else's save). */
  hints?: Partial<Record<WhenField, ReactNode>>;
}) {
  return (
    <>
      <InputField id={`${id}-date`} label="Data" errorKey="startsAt" errors={errors} wrapperClassName="col-6 col-md-3" type="date" value={form.day} onChange={set('day')} hint={hints.day} />
      <InputField id={`${id}-time`} label="Início" wrapperClassName="col-6 col-md-3" type="time" step={300} value={form.time} onChange={set('time')} hint={hints.time} />
      <SelectField id={`${id}-duration`} label="Duração" errorKey="durationMinutes" errors={errors} wrapperClassName="col-6 col-md-3" value={form.duration} onChange={set('duration')} hint={hints.duration}>
        {durations.map((m) => (
          <option key={m} value={m}>
            {formatDuration(m)}
          </option>
        ))}
      </SelectField>
    </>
  );
}

/** Where a clash's link goes: the other appointment, opened on its day's agenda. */
export type ClashHref = (a: Pick<Appointment, 'id' | 'startsAt'>) => string;

/**
 * A clash the server refused with 409: its message, and a link to the
 * appointment it clashes with (the answer's `conflict`).
 */
export function ClashAlert({ message, conflict, hrefFor }: { message: string | null; conflict: ApiScheduleConflict | null; hrefFor: ClashHref }) {
  if (!conflict) return null;
  return (
    <div className="alert alert-danger" role="alert">
      <p className="mb-1">{message}</p>
      <AppLink to={hrefFor({ id: conflict.appointmentId, startsAt: conflict.startsAt })} className="alert-link">
        Ver o agendamento em conflito
      </AppLink>
    </div>
  );
}

/** A refused time's reason (the 422's `errors.startsAt`), asked about before booking anyway. */
export function ruleReason(errors: FieldErrors): string {
  return errors.startsAt?.[0] ?? 'O horário está fora das regras da agenda.';
}

/** The field errors without the start's, when the reason is shown in the question instead. */
export function withoutStart(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => key !== 'startsAt'));
}

/**
 * A time outside the rules, refused (the 422's `rule`) or clicked on the
 * agenda: the reason, and the question that `confirm` (the form's button
 * named `confirmLabel`, or one drawn here) answers.
 */
export function OutsideAlert({ reason, asked, confirmLabel = 'Agendar mesmo assim', confirm }: { reason: string; asked: boolean; confirmLabel?: string; confirm?: ReactNode }) {
  const text = reason.replace(/\.$/, '');
  return (
    <div className="alert alert-warning" role="alert">
      {asked ? (
        <>
          <p className="mb-1">
            {text}. <strong>Agendar mesmo assim?</strong>
          </p>
          <p className="mb-0 small">Para confirmar, clique em “{confirmLabel}”; ou escolha outro horário.</p>
          {confirm}
        </>
      ) : (
        <>{text}: será agendado mesmo assim, como confirmado na agenda.</>
      )}
    </div>
  );
}
