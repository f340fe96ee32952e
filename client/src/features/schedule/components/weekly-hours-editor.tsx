import { Fragment, useState, type ReactNode } from 'react';
import { Plus, X } from '../../../components/icons';
import type { FieldErrors } from '../../../lib/api';
import { useForm } from '../../../hooks/use-form';
import type { ApiInterval } from '../../../lib/api-types';
import { notReady, useMounted } from '../../../lib/use-mounted';
import { ErrorAlert } from '../../../components/error-alert';

/** Weekdays as the API numbers them (1 = segunda … 7 = domingo). */
export const WEEKDAYS: readonly { weekday: number; name: string; on: string }[] = [
  { weekday: 1, name: 'Segunda', on: 'na segunda' },
  { weekday: 2, name: 'Terça', on: 'na terça' },
  { weekday: 3, name: 'Quarta', on: 'na quarta' },
  { weekday: 4, name: 'Quinta', on: 'na quinta' },
  { weekday: 5, name: 'Sexta', on: 'na sexta' },
  { weekday: 6, name: 'Sábado', on: 'no sábado' },
  { weekday: 7, name: 'Domingo', on: 'no domingo' },
];

/** Most intervals one day may have (the server's `MAX_PER_DAY`). */
export const MAX_PER_DAY = 6;

/** One interval as typed: `HH:MM` texts. */
export interface Span {
  start: string;
  end: string;
}

/** A week as the editor holds it: the spans of each weekday, index 0 = segunda. */
export type Week = Span[][];

/** The API's intervals as a week, each day's by start. */
export function weekOf(weekly: readonly ApiInterval[]): Week {
  const week: Week = WEEKDAYS.map(() => []);
  for (const { weekday, start, end } of weekly) week[weekday - 1]?.push({ start, end });
  for (const day of week) day.sort((a, b) => a.start.localeCompare(b.start));
  return week;
}

/** The week as the API takes it, day by day; `at[i]` is where the i-th interval sits (for the server's `weekly[i]` errors). */
export function intervalsOf(week: Week): { weekly: ApiInterval[]; at: { day: number; row: number }[] } {
  const weekly: ApiInterval[] = [];
  const at: { day: number; row: number }[] = [];
  week.forEach((spans, day) =>
    spans.forEach((span, row) => {
      weekly.push({ weekday: day + 1, start: span.start.trim(), end: span.end.trim() });
      at.push({ day, row });
    }),
  );
  return { weekly, at };
}

const minutes = (clock: string) => {
  const m = /^(\d{2}):(\d{2})$/.exec(clock.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};
const clock = (total: number) => `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

/**
 * The interval "Adicionar intervalo" proposes: 08:00–12:00 on an empty day,
 * else the hour after the day's last end (up to 24:00); null when the day is
 * full or ends too late for another.
 */
export function nextSpan(spans: readonly Span[]): Span | null {
  if (spans.length >= MAX_PER_DAY) return null;
  if (spans.length === 0) return { start: '08:00', end: '12:00' };
  const ends = spans.map((s) => minutes(s.end)).filter((m): m is number => m !== null);
  const last = ends.length ? Math.max(...ends) : 12 * 60;
  const start = last + 60;
  if (start >= 24 * 60) return null;
  return { start: clock(start), end: clock(Math.min(start + 4 * 60, 24 * 60)) };
}

/** The server's messages for the week's i-th interval, by where it sits in the editor. */
export function errorsAt(errors: FieldErrors, at: { day: number; row: number }[]): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  at.forEach(({ day, row }, i) => {
    const messages = [...(errors[`weekly[${i}].weekday`] ?? []), ...(errors[`weekly[${i}].start`] ?? []), ...(errors[`weekly[${i}].end`] ?? [])];
    if (messages.length) found[`${day}-${row}`] = messages;
  });
  return found;
}

/** `08:00–12:00, 14:00–18:00`, or "Sem expediente". */
export function daySummary(spans: readonly Span[]): string {
  return spans.length ? spans.map((s) => `${s.start}–${s.end}`).join(', ') : 'Sem expediente';
}

interface WeeklyHoursEditorProps {
  /** Prefix of the inputs' ids (two editors may share a page). */
  id: string;
  /** The week as the server has it. */
  weekly: readonly ApiInterval[];
  /** Without it the week is shown, not edited. */
  onSave?: (weekly: ApiInterval[]) => Promise<unknown>;
  /** More buttons beside "Salvar horário" ("Voltar ao horário padrão"). */
  actions?: ReactNode;
  busy?: boolean;
}

/**
 * A week of working hours: per weekday its intervals (HH:MM–HH:MM, at most
 * six), each added or removed, saved together. The server checks them
 * (`PUT …/working-hours`); its messages appear under the interval they name.
 */
export function WeeklyHoursEditor({ id, weekly, onSave, actions, busy = false }: WeeklyHoursEditorProps) {
  const ready = useMounted();
  const [source, setSource] = useState(weekly);
  const [week, setWeek] = useState<Week>(() => weekOf(weekly));
  // The save and the server's answer to it; the week itself is no text form,
  // so useForm holds no values here. `sent` places the server's `weekly[i]`
  // messages on the intervals that were sent.
  const { errors: found, message, saving, submit, showErrors } = useForm({}, 'Não foi possível salvar o horário.');
  const [sent, setSent] = useState<{ day: number; row: number }[]>([]);
  const errors = errorsAt(found, sent);
  // A newer week from the server (saved here, or reloaded): shown as it is.
  if (weekly !== source && JSON.stringify(weekly) !== JSON.stringify(source)) {
    setSource(weekly);
    setWeek(weekOf(weekly));
    showErrors({});
  }

  if (!onSave) {
    return (
      <dl className="row mb-0 weekly-hours">
        {WEEKDAYS.map(({ weekday, name }, day) => (
          <Fragment key={weekday}>
            <dt className="col-5 col-sm-4 fw-normal text-muted">{name}</dt>
            <dd className="col-7 col-sm-8 mb-1">{daySummary(week[day])}</dd>
          </Fragment>
        ))}
      </dl>
    );
  }

  const change = (day: number, row: number, part: keyof Span, value: string) =>
    setWeek((w) => w.map((spans, d) => (d === day ? spans.map((s, r) => (r === row ? { ...s, [part]: value } : s)) : spans)));
  const add = (day: number) =>
    setWeek((w) =>
      w.map((spans, d) => {
        const next = d === day ? nextSpan(spans) : null;
        return next ? [...spans, next] : spans;
      }),
    );
  const remove = (day: number, row: number) => setWeek((w) => w.map((spans, d) => (d === day ? spans.filter((_, r) => r !== row) : spans)));

  const save = async () => {
    const { weekly: intervals, at } = intervalsOf(week);
    setSent(at);
    await submit(async () => {
      await onSave(intervals);
    });
  };
  const disabled = saving || busy;

  return (
    <div className="weekly-hours">
      {/* What the server says of the week as a whole, else its message. */}
      <ErrorAlert message={found.weekly?.join(' ') || message} />
      {WEEKDAYS.map(({ weekday, name, on }, day) => {
        const spans = week[day];
        return (
          <fieldset key={weekday} className="weekly-hours-day border-bottom py-2">
            <legend className="fs-6 fw-semibold mb-1 float-none w-auto">{name}</legend>
            {spans.length === 0 ? <p className="text-muted small mb-1">Sem expediente</p> : null}
            {spans.map((span, row) => {
              const key = `${day}-${row}`;
              const invalid = errors[key] ? ' is-invalid' : '';
              const errorId = `${id}-${key}-error`;
              const label = `${name}, intervalo ${row + 1}`;
              return (
                <div key={row} className="mb-1">
                  <div className="d-flex align-items-center gap-2">
                    {(['start', 'end'] as const).map((edge) => (
                      <Fragment key={edge}>
                        {edge === 'end' ? <span aria-hidden="true">–</span> : null}
                        <label htmlFor={`${id}-${key}-${edge}`} className="visually-hidden">{`${label}: ${edge === 'start' ? 'início' : 'fim'}`}</label>
                        <input
                          id={`${id}-${key}-${edge}`}
                          className={`form-control form-control-sm weekly-hours-time${invalid}`}
                          value={span[edge]}
                          onChange={(e) => change(day, row, edge, e.target.value)}
                          inputMode="numeric"
                          placeholder="HH:MM"
                          maxLength={5}
                          aria-invalid={invalid ? true : undefined}
                          aria-describedby={invalid ? errorId : undefined}
                          disabled={disabled}
                        />
                      </Fragment>
                    ))}
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-secondary btn-icon"
                      aria-label={`Remover ${label.toLowerCase()}`}
                      title="Remover intervalo"
                      onClick={() => remove(day, row)}
                      disabled={disabled}
                      {...notReady(ready)}
                    >
                      <X size={14} aria-hidden="true" />
                    </button>
                  </div>
                  {errors[key] ? (
                    <div id={errorId} className="invalid-feedback d-block">
                      {errors[key].join(' ')}
                    </div>
                  ) : null}
                </div>
              );
            })}
            <button
              type="button"
              className="btn btn-sm btn-link px-0"
              onClick={() => add(day)}
              disabled={disabled || nextSpan(spans) === null}
              aria-label={`Adicionar intervalo ${on}`}
              {...notReady(ready)}
            >
              <Plus size={14} className="me-1" aria-hidden="true" />
              Adicionar intervalo
            </button>
          </fieldset>
        );
      })}
      <div className="d-flex flex-wrap justify-content-end gap-2 pt-3">
        {actions}
        <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={disabled} {...notReady(ready)}>
          {saving ? 'Salvando...' : 'Salvar horário'}
        </button>
      </div>
    </div>
  );
}
