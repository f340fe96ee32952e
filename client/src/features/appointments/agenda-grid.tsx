import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { AppLink } from '../../components/app-link';
import { statusLabel, type Appointment } from '../../lib/appointment';
import { ChannelMark, SeriesMark } from '../../components/appointments-table';
import { dayOf, formatMinutes, formatTime, formatWeekday, formatDate, minuteOfDay } from '../../lib/format';
import { useMounted } from '../../lib/use-mounted';
import { useAppSelector } from '../../hooks/store';
import { changeNote, isMe, useRecentChanges } from '../../lib/live';
import { shortName } from '../../lib/roles';
import { serviceColorVar } from '../../lib/service-colors';
import type { Agenda } from './agenda-api';
import { agendaColumns, appointmentsByStaff, busyInColumn, busyLabel, offReason, openingHour, outsideSpans, placeInColumn, snap, STEP_MINUTES, timeOffInColumn, workingInColumn, type Placed } from './agenda-layout';

/** A new time (and column) for an appointment, from a drag or the arrow keys. */
export interface Reschedule {
  day: string;
  start: number;
  duration: number;
  staffId: number;
}

interface AgendaGridProps {
  agenda: Agenda;
  /** The period's heading ("sábado, 28/11/2026"), on one row with the link to the hours above. */
  title: string;
  /**
   * The address that shows the whole day (the grid opens on `openingHour`
   * otherwise), and whether it is the one open.
   */
  wholeDayHref: string;
  wholeDay: boolean;
  staffFilter: number | null;
  /**
   * The staff member shown when one shows at a time (the week without a
   * filter, a phone's day), and how to show another (the address keeps it).
   */
  shownStaff: number | null;
  onShowStaff: (id: number) => void;
  /** The address that opens an appointment (a link before the script runs too). */
  openHref: (a: Appointment) => string;
  onOpen: (a: Appointment) => void;
  /** A slot clicked: with `outside`, why it breaks the rules (time off, outside the hours), to ask first. */
  onBook: (slot: { day: string; minute: number; staffId: number | null; outside: string | null }) => void;
  onReschedule: (a: Appointment, change: Reschedule) => void;
  /** Everyone who may change an appointment, by id: a block changed a moment ago names who did. */
  names: readonly { id: number; name: string }[];
}

/** A move or resize in progress: minutes and columns away from where it was. */
interface Pending {
  id: number;
  move: number;
  resize: number;
  columns: number;
}

const SLOT_MINUTES = 30;
const MIN_DURATION = STEP_MINUTES;

/** The business's wall clock now: the server's `now` moved on by the time since it answered. */
function useBusinessNow(now: string): number {
  const [minute, setMinute] = useState(() => minuteOfDay(now));
  useEffect(() => {
    const base = minuteOfDay(now);
    const started = Date.now();
    const tick = () => setMinute(base + (Date.now() - started) / 60000);
    tick();
    const timer = setInterval(tick, 60_000);
    return () => clearInterval(timer);
  }, [now]);
  return minute;
}

/**
 * The day or week grid: the hours down the side, a column per staff member
 * (day) or per day (week), the appointments placed by their times (their
 * service's colour as the accent), a line at the current time; the time
 * outside the column's working hours shaded, time off and holidays as
 * labelled blocks (in the first HTML too: the agenda's data brings them). Rendered on the server as plain markup; once
 * mounted, empty slots book, blocks open, drag (or arrow keys, then Enter)
 * to move or resize. On a phone one column shows at a time, chosen above.
 * The week shows one staff member's days (eight side by side in lanes were
 * unreadable): the filtered one, else `shownStaff`, chosen above.
 */
export function AgendaGrid({ agenda, title, wholeDayHref, wholeDay, staffFilter, shownStaff, onShowStaff, openHref, onOpen, onBook, onReschedule, names }: AgendaGridProps) {
  const mounted = useMounted();
  // Blocks someone else changed a moment ago (the live stream): each says who, for a few seconds.
  const recent = useRecentChanges();
  const me = useAppSelector((s) => s.auth.id);
  const week = agenda.view === 'week';
  const columns = agendaColumns(agenda, week ? (staffFilter ?? shownStaff) : staffFilter);
  // Ten staff members or more side by side (1366 px holds nine full names): each heading shows the first name and an initial, the full name in its title.
  const shortNames = !week && columns.length > 9;
  // A phone shows one column: in a week, the day asked for (else today, else Monday); in a day, `shownStaff`.
  const dayIndex = columns.findIndex((c) => c.day === agenda.date);
  const todayIndex = columns.findIndex((c) => c.day === agenda.today);
  const [current, setCurrent] = useState(Math.max(dayIndex >= 0 ? dayIndex : todayIndex, 0));
  const shown = week ? Math.min(current, Math.max(0, columns.length - 1)) : Math.max(0, columns.findIndex((c) => c.staffId === shownStaff));
  const staffName = agenda.staff.find((s) => s.id === (staffFilter ?? shownStaff))?.name;
  const nowMinute = useBusinessNow(agenda.now);
  const [pending, setPending] = useState<Pending | null>(null);
  // The click that ends a drag does not open the appointment.
  const dragEnded = useRef(false);
  const drag = useRef<{ id: number; mode: 'move' | 'resize'; x: number; y: number; hourPx: number; colPx: number; dragged: boolean } | null>(null);
  // The hour the day opens on, kept while the grid is shown: a refetch (a later `now`) does not move the grid under the user.
  const [opening] = useState(() => openingHour(agenda));
  const startHour = wholeDay ? agenda.startHour : Math.max(agenda.startHour, Math.min(opening, agenda.endHour - 1));
  const hours = Array.from({ length: agenda.endHour - startHour }, (_, i) => startHour + i);
  const first = startHour * 60;
  const last = agenda.endHour * 60;

  /** Where a block stands with a move or resize in progress applied. */
  const apply = (p: Placed, column: number, change: Pending | null) => {
    const duration = minutesOf(p.appointment);
    if (!change || change.id !== p.appointment.id) return { column, start: p.start, end: p.end, duration };
    const resized = Math.max(MIN_DURATION, duration + change.resize);
    const start = Math.min(Math.max(p.start + change.move, 0), 24 * 60 - MIN_DURATION);
    const target = Math.min(Math.max(column + change.columns, 0), columns.length - 1);
    return { column: target, start, end: Math.min(start + resized, 24 * 60), duration: resized };
  };

  const commit = (p: Placed, column: number, change: Pending) => {
    setPending(null);
    if (!change.move && !change.resize && !change.columns) return;
    const next = apply(p, column, change);
    const target = columns[next.column];
    const staffId = target.staffId ?? p.appointment.staffId;
    onReschedule(p.appointment, { day: target.day, start: next.start, duration: next.duration, staffId });
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>, p: Placed, mode: 'move' | 'resize') => {
    if (event.button !== 0) return;
    const block = (event.currentTarget.closest('.agenda-block') as HTMLElement | null) ?? event.currentTarget;
    const col = block.parentElement as HTMLElement;
    const hourPx = col.offsetHeight / Math.max(1, hours.length);
    drag.current = { id: p.appointment.id, mode, x: event.clientX, y: event.clientY, hourPx, colPx: col.offsetWidth, dragged: false };
    if (mode === 'resize') event.stopPropagation();
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = event.clientX - d.x;
    const dy = event.clientY - d.y;
    if (!d.dragged && Math.abs(dx) + Math.abs(dy) < 6) return;
    if (!d.dragged) {
      d.dragged = true;
      (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
    }
    const minutes = snap((dy / d.hourPx) * 60);
    // One column at a time on a phone: a drag there moves in time only.
    const single = window.matchMedia('(max-width: 575.98px)').matches;
    const cols = single ? 0 : Math.round(dx / d.colPx);
    setPending(d.mode === 'move' ? { id: d.id, move: minutes, resize: 0, columns: cols } : { id: d.id, move: 0, resize: minutes, columns: 0 });
  };

  const onPointerUp = (p: Placed, column: number) => {
    const d = drag.current;
    drag.current = null;
    if (!d?.dragged) return;
    dragEnded.current = true;
    if (pending) commit(p, column, pending);
  };

  const onKey = (event: KeyboardEvent<HTMLElement>, p: Placed, column: number) => {
    const id = p.appointment.id;
    const base = pending?.id === id ? pending : { id, move: 0, resize: 0, columns: 0 };
    const step = event.shiftKey ? 'resize' : 'move';
    let next: Pending | null = null;
    if (event.key === 'ArrowUp') next = { ...base, [step]: base[step] - STEP_MINUTES };
    else if (event.key === 'ArrowDown') next = { ...base, [step]: base[step] + STEP_MINUTES };
    else if (event.key === 'ArrowLeft') next = { ...base, columns: base.columns - 1 };
    else if (event.key === 'ArrowRight') next = { ...base, columns: base.columns + 1 };
    else if (event.key === 'Escape' && pending?.id === id) {
      event.preventDefault();
      event.stopPropagation();
      setPending(null);
      return;
    } else if (event.key === 'Enter' && pending?.id === id && (pending.move || pending.resize || pending.columns)) {
      event.preventDefault();
      commit(p, column, pending);
      return;
    }
    if (next) {
      event.preventDefault();
      setPending(next);
    }
  };


  return (
    <div className={`agenda${!week && columns.length > 6 ? ' agenda-crowded' : ''}${shortNames ? ' agenda-short-names' : ''}`} style={{ ['--agenda-hours' as string]: hours.length, ['--agenda-cols' as string]: Math.max(1, columns.length) }}>
      <div className="agenda-heading">
        <h2 className="h6 mb-0">{title}</h2>
        {/* A link (the server's HTML opens the day there too): it works before the script. */}
        {startHour > agenda.startHour ? (
          <AppLink className="btn btn-sm btn-light btn-touch" to={wholeDayHref}>
            Ver desde {formatMinutes(agenda.startHour * 60)}
          </AppLink>
        ) : null}
      </div>
      {week && staffFilter === null && agenda.staff.length > 1 ? (
        <div className="agenda-switcher is-always">
          <label htmlFor="agenda-staff" className="form-label mb-1">
            Profissional exibido
          </label>
          <select id="agenda-staff" className="form-select" value={shownStaff ?? ''} onChange={(e) => onShowStaff(Number(e.target.value))}>
            {agenda.staff.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {columns.length > 1 ? (
        <div className="agenda-switcher">
          <label htmlFor="agenda-column" className="form-label mb-1">
            {week ? 'Dia exibido' : 'Profissional exibido'}
          </label>
          <select
            id="agenda-column"
            className="form-select"
            value={shown}
            onChange={(e) => {
              const i = Number(e.target.value);
              if (week) setCurrent(i);
              else onShowStaff(columns[i].staffId ?? 0);
            }}
          >
            {columns.map((c, i) => (
              <option key={c.key} value={i}>
                {week ? `${formatWeekday(c.day)}, ${formatDate(c.day)}` : c.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {columns.length === 0 ? (
        <p className="text-muted p-3 mb-0">Nenhum profissional ativo para mostrar.</p>
      ) : (
        <section className="agenda-grid" aria-label={week ? `Agenda da semana de ${formatDate(agenda.days[0])}${staffName ? ` de ${staffName}` : ''}` : `Agenda de ${formatDate(agenda.date)}`}>
          <div className="agenda-row agenda-head" aria-hidden="true">
            <div className="agenda-corner" />
            {columns.map((c, i) => (
              <div
                key={c.key}
                className={`agenda-col-head${i === shown ? ' is-shown' : ''}${c.day === agenda.today && agenda.view === 'week' ? ' is-today' : ''}`}
                title={shortNames ? c.label : undefined}
              >
                {shortNames ? (
                  <>
                    <span className="agenda-name-full">{c.label}</span>
                    <span className="agenda-name-short">{shortName(c.label)}</span>
                  </>
                ) : (
                  c.label
                )}
              </div>
            ))}
          </div>
          <div className="agenda-row agenda-body">
            <div className="agenda-times" aria-hidden="true">
              {hours.map((h) => (
                <div key={h} className="agenda-hour">
                  {formatMinutes(h * 60)}
                </div>
              ))}
            </div>
            {columns.map((column, ci) => {
              const placed = placeInColumn(agenda.appointments, column);
              const shaded = outsideSpans(workingInColumn(agenda, column), first, last);
              const offs = timeOffInColumn(agenda, column, first, last);
              const showNow = column.day === agenda.today && nowMinute >= first && nowMinute <= last;
              return (
                <div key={column.key} role="group" aria-label={agenda.view === 'day' ? column.label : `${formatWeekday(column.day)}, ${formatDate(column.day)}`} className={`agenda-col${ci === shown ? ' is-shown' : ''}`}>
                  {shaded.map((o) => (
                    <div key={`off-${o.start}`} className="agenda-off" style={{ top: hourOffset(o.start - first), height: hourOffset(o.end - o.start) }} aria-hidden="true" />
                  ))}
                  {busyInColumn(agenda, column, first, last).map((b) => (
                    <div key={`busy-${b.start}-${b.end}`} className={`agenda-busy${b.heldUntil ? ' is-held' : ''}`} style={{ top: hourOffset(b.start - first), height: hourOffset(b.end - b.start) }}>
                      <span className="agenda-busy-label">
                        {`${formatMinutes(b.start)}–${formatMinutes(b.end)} `}
                        {busyLabel(b, formatTime)}
                      </span>
                    </div>
                  ))}
                  {offs.map((o) => (
                    <div key={`timeoff-${o.id}`} className={`agenda-timeoff${o.holiday ? ' is-holiday' : ''}`} style={{ top: hourOffset(o.start - first), height: hourOffset(o.end - o.start) }}>
                      <span className="agenda-timeoff-label">{o.label}</span>
                    </div>
                  ))}
                  {mounted
                    ? Array.from({ length: (last - first) / SLOT_MINUTES }, (_, si) => {
                        const minute = first + si * SLOT_MINUTES;
                        const outside = offReason(agenda, column, minute, SLOT_MINUTES);
                        return (
                          <button
                            key={minute}
                            type="button"
                            tabIndex={-1}
                            className={`agenda-slot${outside ? ' is-outside' : ''}`}
                            style={{ top: hourOffset(minute - first), height: hourOffset(SLOT_MINUTES) }}
                            aria-label={`Agendar ${formatDate(column.day)} às ${formatMinutes(minute)}${agenda.view === 'day' ? ` com ${column.label}` : ''}${outside ? ` (${outside})` : ''}`}
                            onClick={() => onBook({ day: column.day, minute, staffId: column.staffId, outside })}
                          />
                        );
                      })
                    : null}
                  {placed.map((p) => {
                    const a = p.appointment;
                    const at = apply(p, ci, pending);
                    const moved = pending?.id === a.id;
                    const top = Math.max(at.start, first) - first;
                    const height = Math.max(Math.min(at.end, last) - Math.max(at.start, first), MIN_DURATION);
                    const columnShift = at.column - ci;
                    const live = recent.get(a.id);
                    const note = live && live.version === a.version && !isMe(live.author, me) ? changeNote(live, names) : null;
                    // Before the script has run a block is its link (to the appointment's dialog); its handlers come once mounted.
                    const handlers = mounted
                      ? {
                          onClick: (event: MouseEvent<HTMLElement>) => {
                            event.preventDefault();
                            if (dragEnded.current) {
                              dragEnded.current = false;
                              return;
                            }
                            onOpen(a);
                          },
                          onKeyDown: (event: KeyboardEvent<HTMLElement>) => onKey(event, p, ci),
                          onBlur: () => setPending((x) => (x?.id === a.id ? null : x)),
                          onPointerDown: (event: PointerEvent<HTMLElement>) => onPointerDown(event, p, 'move'),
                          onPointerMove,
                          onPointerUp: () => onPointerUp(p, ci),
                          onPointerCancel: () => {
                            drag.current = null;
                            setPending(null);
                          },
                        }
                      : null;
                    return (
                      <a
                        key={a.id}
                        href={openHref(a)}
                        className={`agenda-block status-${a.status}${a.serviceColor ? ` service-color` : ''}${moved ? ' is-moving' : ''}${note ? ' is-live' : ''}`}
                        style={{
                          top: hourOffset(top),
                          height: hourOffset(height),
                          left: `calc(${(p.lane / p.lanes) * 100}% + ${columnShift * 100}%)`,
                          width: `calc(${100 / p.lanes}% - 4px)`,
                          // The service's colour as the accent (the status keeps the tint behind the text).
                          ...(a.serviceColor && { ['--agenda-service' as string]: serviceColorVar(a.serviceColor) }),
                        }}
                        aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight Shift+ArrowUp Shift+ArrowDown"
                        draggable={false}
                        {...handlers}
                      >
                        <span className="agenda-block-time">
                          {`${formatMinutes(at.start)}–${formatMinutes(at.end)}`}
                          {a.seriesId ? <SeriesMark appointment={a} /> : null}
                          {a.channel === 'internet' ? <ChannelMark appointment={a} /> : null}
                        </span>{' '}
                        <span className="agenda-block-client">{a.clientName}</span>{' '}
                        {/* Each text one string: the server writes a marker between two texts side by side. */}
                        <span className="agenda-block-service">{agenda.view === 'week' && column.staffId === null ? `${a.service} · ${a.staffName}` : a.service}</span>
                        {/* Named by its content (what is shown, then the status), so the
                            name always holds the visible text (WCAG 2.5.3). */}
                        <span className="visually-hidden">{`, ${statusLabel(a.status)}`}</span>
                        {note ? <span className="agenda-block-live">{note}</span> : null}
                        {mounted ? (
                          <span
                            className="agenda-resize"
                            aria-hidden="true"
                            onPointerDown={(event) => onPointerDown(event, p, 'resize')}
                            onPointerMove={onPointerMove}
                            onPointerUp={() => onPointerUp(p, ci)}
                          />
                        ) : null}
                      </a>
                    );
                  })}
                  {showNow ? <div className="agenda-now" style={{ top: hourOffset(nowMinute - first) }} aria-hidden="true" /> : null}
                </div>
              );
            })}
          </div>
        </section>
      )}
      {mounted ? (
        <>
          {/* One help per kind of screen (styles/agenda.css): a touch screen neither drags nor has arrow keys. */}
          <p className="agenda-help agenda-help-pointer text-muted small mb-0 px-3 py-2">
            Clique num horário vago para agendar. Arraste um agendamento para mudar o horário ou o {agenda.view === 'day' ? 'profissional' : 'dia'}, ou a borda de baixo para mudar a
            duração; pelo teclado, setas sobem, descem e mudam de coluna, Shift com setas muda a duração, Enter confirma e Esc desfaz.
          </p>
          <p className="agenda-help agenda-help-touch text-muted small mb-0 px-3 py-2">
            Toque num horário vago para agendar, ou num agendamento para confirmar, cancelar ou remarcar.
          </p>
        </>
      ) : null}
      {mounted && !week ? <PrintedDay agenda={agenda} /> : null}
    </div>
  );
}

/** A length of `minutes` in the grid's hour unit (CSS: the hour's height differs on phones). */
function hourOffset(minutes: number): string {
  return `calc(var(--agenda-hour) * ${Math.round((minutes / 60) * 1000) / 1000})`;
}

/** The appointment's whole duration in minutes (across midnight too). */
function minutesOf(a: Appointment): number {
  const days = dayOf(a.endsAt) > dayOf(a.startsAt) ? 24 * 60 : 0;
  return minuteOfDay(a.endsAt) + days - minuteOfDay(a.startsAt);
}


/**
 * The day as printed (styles/print.css): a list per staff member with full
 * names, which fits A4 where eight columns of a grid would not. Drawn once
 * the page runs, so the first HTML does not carry the day twice.
 */
function PrintedDay({ agenda }: { agenda: Agenda }) {
  return (
    <div className="agenda-print">
      {appointmentsByStaff(agenda).map((s) => (
        <section key={s.id} className="agenda-print-staff">
          <h3 className="h6 mb-1">{s.name}</h3>
          {s.appointments.length ? (
            <table className="table table-sm mb-0">
              <tbody>
                {s.appointments.map((a) => (
                  <tr key={a.id}>
                    <td className="text-nowrap">{`${formatMinutes(minuteOfDay(a.startsAt))}–${formatMinutes(minuteOfDay(a.endsAt))}`}</td>
                    <td>{a.clientName}</td>
                    <td>{a.service}</td>
                    <td>{statusLabel(a.status)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="small mb-0">Sem agendamentos.</p>
          )}
        </section>
      ))}
    </div>
  );
}
