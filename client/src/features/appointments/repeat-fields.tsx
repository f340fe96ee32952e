import { useEffect, useRef } from 'react';
import { FieldError } from '../../components/field-error';
import { InputField, SelectField } from '../../components/field';
import type { FieldErrors } from '../../lib/api';
import type { ApiRepeat, ApiSeriesConflict } from '../../lib/api-types';
import { dayOf, formatDate, formatTime, formatWeekday } from '../../lib/format';

/** Weekdays as the API numbers them (1 = Monday … 7 = Sunday), with their short and full names. */
const WEEKDAYS: [number, string][] = [
  [1, 'Seg'],
  [2, 'Ter'],
  [3, 'Qua'],
  [4, 'Qui'],
  [5, 'Sex'],
  [6, 'Sáb'],
  [7, 'Dom'],
];

/** The most occurrences of a series, and the longest interval (the server's limits). */
export const MAX_OCCURRENCES = 104;
const EVERY = Array.from({ length: 12 }, (_, i) => i + 1);

/** The "Repetir" part of the booking form. */
export interface RepeatForm {
  on: boolean;
  every: string;
  unit: 'week' | 'month';
  weekdays: number[];
  end: 'count' | 'until';
  count: string;
  until: string;
}

/** The API's weekday (1 = Monday … 7 = Sunday) of `YYYY-MM-DD`. */
export function weekdayOf(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  const sunday0 = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return sunday0 === 0 ? 7 : sunday0;
}

export function initialRepeat(day: string): RepeatForm {
  return { on: false, every: '1', unit: 'week', weekdays: day ? [weekdayOf(day)] : [], end: 'count', count: '4', until: '' };
}

/** "toda 2ª terça" / "toda última sexta": the monthly rule of a first day (a fifth weekday is the last). */
export function monthlyLabel(day: string): string {
  const nth = Math.floor((Number(day.slice(8, 10)) - 1) / 7) + 1;
  const name = formatWeekday(day).replace('-feira', '');
  return nth === 5 ? `toda última ${name}` : `toda ${nth}ª ${name}`;
}

/** What the API is sent: the rule as chosen (the server checks it). */
export function toRepeat(r: RepeatForm): ApiRepeat {
  return {
    every: Number(r.every),
    unit: r.unit,
    ...(r.unit === 'week' ? { weekdays: r.weekdays } : {}),
    ...(r.end === 'count' ? { count: Number(r.count) } : { until: r.until }),
  };
}

/**
 * "Repetir": every N weeks on chosen weekdays, or every N months on the
 * first day's weekday of the month; until a date or N times. The server's
 * messages (`repeat.*`) land under each control.
 */
export function RepeatFields({ value, onChange, day, errors }: { value: RepeatForm; onChange: (next: RepeatForm) => void; day: string; errors: FieldErrors }) {
  const set = (change: Partial<RepeatForm>) => onChange({ ...value, ...change });
  const toggleDay = (weekday: number) =>
    set({ weekdays: value.weekdays.includes(weekday) ? value.weekdays.filter((d) => d !== weekday) : [...value.weekdays, weekday].sort() });
  return (
    <div className="col-12">
      <div className="form-check">
        <input id="booking-repeat" className="form-check-input" type="checkbox" checked={value.on} onChange={(e) => set({ on: e.target.checked })} />
        <label className="form-check-label" htmlFor="booking-repeat">
          Repetir
        </label>
      </div>
      {value.on ? (
        <fieldset className="border rounded p-2 mt-2 row g-2 mx-0">
          <legend className="visually-hidden">Repetição</legend>
          <SelectField id="repeat-every" label="A cada" wrapperClassName="col-6 col-md-3" errorKey="repeat.every" errors={errors} value={value.every} onChange={(e) => set({ every: e.target.value })}>
            {EVERY.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </SelectField>
          <SelectField id="repeat-unit" label="Unidade" wrapperClassName="col-6 col-md-3" errorKey="repeat.unit" errors={errors} value={value.unit} onChange={(e) => set({ unit: e.target.value as RepeatForm['unit'] })}>
            <option value="week">{value.every === '1' ? 'semana' : 'semanas'}</option>
            <option value="month">{value.every === '1' ? 'mês' : 'meses'}</option>
          </SelectField>
          {value.unit === 'week' ? (
            <div className="col-12" role="group" aria-labelledby="repeat-weekdays-label">
              <div id="repeat-weekdays-label" className="form-label mb-1">
                Dias da semana
              </div>
              <div className="d-flex flex-wrap gap-1">
                {WEEKDAYS.map(([n, short]) => (
                  <span key={n}>
                    <input id={`repeat-day-${n}`} type="checkbox" className="btn-check" checked={value.weekdays.includes(n)} onChange={() => toggleDay(n)} />
                    <label className="btn btn-sm btn-outline-primary btn-touch" htmlFor={`repeat-day-${n}`}>
                      {short}
                    </label>
                  </span>
                ))}
              </div>
              <FieldError errors={errors} name="repeat.weekdays" />
            </div>
          ) : (
            <p className="col-12 small text-body-secondary mb-0">{day ? `No mesmo dia da semana do mês: ${monthlyLabel(day)}.` : null}</p>
          )}
          <div className="col-12" role="radiogroup" aria-label="Até quando">
            <div className="d-flex flex-wrap align-items-end gap-3">
              <div className="form-check mb-2">
                <input id="repeat-end-count" className="form-check-input" type="radio" name="repeat-end" checked={value.end === 'count'} onChange={() => set({ end: 'count' })} />
                <label className="form-check-label" htmlFor="repeat-end-count">
                  Número de vezes
                </label>
              </div>
              <div className="form-check mb-2">
                <input id="repeat-end-until" className="form-check-input" type="radio" name="repeat-end" checked={value.end === 'until'} onChange={() => set({ end: 'until' })} />
                <label className="form-check-label" htmlFor="repeat-end-until">
                  Até uma data
                </label>
              </div>
            </div>
          </div>
          {value.end === 'count' ? (
            <InputField id="repeat-count" label="Vezes" wrapperClassName="col-6 col-md-3" type="number" min={1} max={MAX_OCCURRENCES} errorKey="repeat.count" errors={errors} value={value.count} onChange={(e) => set({ count: e.target.value })} />
          ) : (
            <InputField id="repeat-until" label="Último dia" wrapperClassName="col-6 col-md-4" type="date" errorKey="repeat.until" errors={errors} value={value.until} onChange={(e) => set({ until: e.target.value })} />
          )}
        </fieldset>
      ) : null}
    </div>
  );
}

/** What the user chose for each refused date of a series: skip it, or a new start (`YYYY-MM-DDTHH:MM`). */
export type ConflictChoices = Record<string, { skip: boolean; moveTo: string }>;

/** The reasons of a series' refused dates, in words. */
const REASONS: Record<ApiSeriesConflict['reason'], string> = {
  overlap: 'Horário ocupado',
  outsideHours: 'Fora do horário de trabalho',
  timeOff: 'Folga ou feriado',
  buffer: 'Intervalo entre atendimentos',
};

/**
 * A series refused (409): every date that cannot be booked and why; for a
 * new series (`choices`), per date "Pular este dia" or a new start ("Mover
 * para"), sent with the next try.
 */
export function SeriesConflicts({
  message,
  conflicts,
  choices,
  onChoose,
}: {
  message: string | null;
  conflicts: ApiSeriesConflict[];
  choices?: ConflictChoices;
  onChoose?: (day: string, choice: { skip: boolean; moveTo: string }) => void;
}) {
  // The list sits at the top of a long form: brought into view when it comes.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (conflicts.length) box.current?.scrollIntoView?.({ block: 'start' });
  }, [conflicts]);
  if (!conflicts.length) return null;
  return (
    <div ref={box} className="alert alert-danger" role="alert">
      <p className="mb-2">
        {message} {onChoose ? 'Pule ou mova cada dia abaixo e tente de novo.' : 'Escolha outro horário.'}
      </p>
      <ul className="list-unstyled mb-0 series-conflicts">
        {conflicts.map((c) => {
          const day = dayOf(c.startsAt);
          const choice = choices?.[day] ?? { skip: false, moveTo: '' };
          return (
            <li key={c.startsAt} className="border-top border-danger-subtle pt-2 mt-2">
              <div className="fw-semibold">
                {formatWeekday(day)}, {formatDate(c.startsAt)} às {formatTime(c.startsAt)}: {REASONS[c.reason]}
              </div>
              <div className="small mb-1">{c.message}</div>
              {onChoose ? (
              <div className="d-flex flex-wrap align-items-center gap-3">
                <div className="form-check mb-0">
                  <input id={`skip-${day}`} className="form-check-input" type="checkbox" checked={choice.skip} onChange={(e) => onChoose(day, { skip: e.target.checked, moveTo: '' })} />
                  <label className="form-check-label" htmlFor={`skip-${day}`}>
                    Pular este dia
                  </label>
                </div>
                {choice.skip ? null : (
                  <div className="d-flex flex-wrap align-items-center gap-2 mw-100">
                    <label htmlFor={`move-${day}`} className="small text-nowrap">
                      Mover para
                    </label>
                    <input id={`move-${day}`} type="datetime-local" step={300} className="form-control form-control-sm w-auto mw-100" value={choice.moveTo} onChange={(e) => onChoose(day, { skip: false, moveTo: e.target.value })} />
                  </div>
                )}
              </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
