import type { Appointment } from '../../lib/appointment';
import { dayOf, formatDayMonth, formatWeekday, minuteOfDay } from '../../lib/format';
import type { Agenda } from './agenda-api';

const DAY_MINUTES = 24 * 60;

/** One column of the grid: a staff member's day (day view) or a day (week view). */
export interface AgendaColumn {
  key: string;
  label: string;
  day: string;
  /** The column's staff member; in the week view the filtered one, if any. */
  staffId: number | null;
}

export function agendaColumns(agenda: Agenda, staffFilter: number | null): AgendaColumn[] {
  if (agenda.view === 'day') {
    return agenda.staff.map((s) => ({ key: `staff-${s.id}`, label: s.name, day: agenda.date, staffId: s.id }));
  }
  return agenda.days.map((day) => ({ key: day, label: `${formatWeekday(day, true)} ${formatDayMonth(day)}`, day, staffId: staffFilter }));
}

/**
 * The staff member a screen that shows one at a time opens on (the phone's
 * day, the week): the signed-in one when they have appointments shown, else
 * the first with appointments, else the signed-in one, else the first.
 */
export function preferredStaff(agenda: Agenda, userId: number | null): number | null {
  const busy = (id: number) => agenda.appointments.some((a) => a.staffId === id);
  const own = agenda.staff.find((s) => s.id === userId)?.id;
  if (own !== undefined && busy(own)) return own;
  return agenda.staff.find((s) => busy(s.id))?.id ?? own ?? agenda.staff[0]?.id ?? null;
}

/** The staff members with their shown appointments by start, for a per-staff list (the printed day). */
export function appointmentsByStaff(agenda: Agenda): { id: number; name: string; appointments: Appointment[] }[] {
  const sorted = [...agenda.appointments].sort((x, y) => (x.startsAt < y.startsAt ? -1 : x.startsAt > y.startsAt ? 1 : x.id - y.id));
  return agenda.staff.map((s) => ({ ...s, appointments: sorted.filter((a) => a.staffId === s.id) }));
}

/** An appointment's part inside one column, in minutes of that day, and its lane among overlapping ones. */
export interface Placed {
  appointment: Appointment;
  start: number;
  end: number;
  lane: number;
  lanes: number;
}

/** A stretch of one column's day, in minutes since midnight. */
export interface Span {
  start: number;
  end: number;
}

/** The part of `a` (an appointment, a working span, a time off) inside `day` (one that crosses midnight is cut), or null. */
export function partInDay(a: { startsAt: string; endsAt: string }, day: string): Span | null {
  const startDay = dayOf(a.startsAt);
  const endDay = dayOf(a.endsAt);
  if (startDay > day || endDay < day) return null;
  const start = startDay === day ? minuteOfDay(a.startsAt) : 0;
  const end = endDay === day ? minuteOfDay(a.endsAt) : DAY_MINUTES;
  return end > start ? { start, end } : null;
}

/**
 * The column's appointments with side-by-side lanes: overlapping ones share
 * the width (staff members in the week view, or a cancelled one under its
 * replacement).
 */
export function placeInColumn(appointments: Appointment[], column: AgendaColumn): Placed[] {
  const parts = appointments
    .filter((a) => column.staffId === null || a.staffId === column.staffId)
    .map((a) => ({ appointment: a, part: partInDay(a, column.day) }))
    .filter((x): x is { appointment: Appointment; part: { start: number; end: number } } => x.part !== null)
    .sort((x, y) => x.part.start - y.part.start || y.part.end - x.part.end || x.appointment.id - y.appointment.id);
  const placed: Placed[] = [];
  let cluster: Placed[] = [];
  let clusterEnd = -1;
  const close = () => {
    const lanes = Math.max(1, ...cluster.map((p) => p.lane + 1));
    for (const p of cluster) p.lanes = lanes;
    cluster = [];
  };
  for (const { appointment, part } of parts) {
    if (part.start >= clusterEnd) {
      close();
      clusterEnd = -1;
    }
    const laneEnds: number[] = [];
    for (const p of cluster) laneEnds[p.lane] = Math.max(laneEnds[p.lane] ?? 0, p.end);
    let lane = laneEnds.findIndex((end) => end <= part.start);
    if (lane < 0) lane = laneEnds.length;
    const item = { appointment, start: part.start, end: part.end, lane, lanes: 1 };
    cluster.push(item);
    placed.push(item);
    clusterEnd = Math.max(clusterEnd, part.end);
  }
  close();
  return placed;
}

/** Minutes snapped to the grid's step. */
export const STEP_MINUTES = 15;
export const snap = (minutes: number) => Math.round(minutes / STEP_MINUTES) * STEP_MINUTES;

/** Spans sorted and joined where they touch or overlap. */
export function unionOf(spans: Span[]): Span[] {
  const sorted = [...spans].sort((x, y) => x.start - y.start || x.end - y.end);
  const joined: Span[] = [];
  for (const s of sorted) {
    const last = joined[joined.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else joined.push({ ...s });
  }
  return joined;
}

/**
 * The column's working time: its staff member's hours that day (day view,
 * or a week of one member), else the union of every shown member's (the
 * business is open while anyone works).
 */
export function workingInColumn(agenda: Pick<Agenda, 'workingHours'>, column: AgendaColumn): Span[] {
  return unionOf(
    agenda.workingHours
      .filter((w) => column.staffId === null || w.staffId === column.staffId)
      .map((w) => partInDay(w, column.day))
      .filter((p): p is Span => p !== null),
  );
}

/** What lies outside `working` between `first` and `last` (the grid's hours): the shaded stretches. */
export function outsideSpans(working: Span[], first: number, last: number): Span[] {
  const out: Span[] = [];
  let at = first;
  for (const w of unionOf(working)) {
    if (w.start > at) out.push({ start: at, end: Math.min(w.start, last) });
    at = Math.max(at, w.end);
    if (at >= last) break;
  }
  if (at < last) out.push({ start: at, end: last });
  return out.filter((s) => s.end > s.start);
}

/** A time off or holiday in one column: its stretch and its label ("Folga: Congresso", "Feriado: Natal"). */
export interface OffBlock extends Span {
  id: number;
  label: string;
  holiday: boolean;
}

/** The column's time off (its staff member's, or every shown one's) and the business's holidays, cut to `first`–`last`. */
export function timeOffInColumn(agenda: Pick<Agenda, 'timeOff'>, column: AgendaColumn, first: number, last: number): OffBlock[] {
  return agenda.timeOff
    .filter((t) => t.staffId == null || column.staffId === null || t.staffId === column.staffId)
    .map((t) => ({ t, part: partInDay(t, column.day) }))
    .filter((x): x is { t: Agenda['timeOff'][number]; part: Span } => x.part !== null)
    .map(({ t, part }) => {
      const holiday = t.staffId == null;
      return { id: t.id, start: Math.max(part.start, first), end: Math.min(part.end, last), holiday, label: `${holiday ? 'Feriado' : 'Folga'}: ${t.reason}` };
    })
    .filter((b) => b.end > b.start);
}

/**
 * Someone else's appointments a Profissional sees as busy time only
 * (docs/permissions.md): where they fall in the column, unnamed.
 */
/**
 * Taken time without an appointment shown: someone else's (a Profissional's
 * view), a client's hold on the booking page (`heldUntil`), or a time offered
 * to the waitlist (`waitlist`, whom for: `heldFor`).
 */
export type BusySpan = Span & { heldUntil: string | null; waitlist: boolean; heldFor: string | null };

/** What a busy block says. */
export function busyLabel(b: BusySpan, time: (at: string) => string): string {
  if (!b.heldUntil) return 'Ocupado';
  if (!b.waitlist) return `Reservado pela internet até ${time(b.heldUntil)}`;
  return `Oferecido${b.heldFor ? ` a ${b.heldFor}` : ''} (lista de espera) até ${time(b.heldUntil)}`;
}

export function busyInColumn(agenda: Pick<Agenda, 'busy'>, column: AgendaColumn, first: number, last: number): BusySpan[] {
  return (agenda.busy ?? [])
    .filter((b) => column.staffId === null || b.staffId === column.staffId)
    .flatMap((b) => {
      const part = partInDay(b, column.day);
      const held = { heldUntil: b.heldUntil ?? null, waitlist: b.waitlist ?? false, heldFor: b.heldFor ?? null };
      return part ? [{ start: Math.max(part.start, first), end: Math.min(part.end, last), ...held }] : [];
    })
    .filter((b) => b.end > b.start);
}

/**
 * Why booking at `minute` of the column breaks the rules (its time off or
 * a holiday, or outside its working hours), or null when it does not: the
 * agenda asks before opening the booking there.
 */
export function offReason(agenda: Pick<Agenda, 'workingHours' | 'timeOff' | 'staff'>, column: AgendaColumn, minute: number, length: number): string | null {
  const off = timeOffInColumn(agenda, column, 0, DAY_MINUTES).find((b) => b.start < minute + length && minute < b.end);
  if (off) return off.label;
  const inside = workingInColumn(agenda, column).some((w) => w.start <= minute && minute + length <= w.end);
  if (inside) return null;
  const name = agenda.staff.find((s) => s.id === column.staffId)?.name;
  return name ? `Fora do horário de trabalho de ${name}` : 'Fora do horário de trabalho';
}

/** The fewest hours the day opens on when it starts later than the grid (the last ones of a late start). */
const OPENING_SPAN_HOURS = 4;

/**
 * The hour a day's grid opens on (`agenda.startHour` or later), so what
 * matters is on the first screen without a scroll: today, an hour before
 * the business's now while now is inside the grid's hours; else (another
 * day, or today before opening or after closing) an hour before the day's
 * first appointment shown. Read from the agenda's answer alone (its `now`
 * is the server's, in the business's zone), so the server's HTML and the
 * browser's first render agree. The week opens on the whole day.
 */
export function openingHour(agenda: Pick<Agenda, 'view' | 'date' | 'today' | 'now' | 'startHour' | 'endHour' | 'appointments'>): number {
  if (agenda.view !== 'day') return agenda.startHour;
  const now = minuteOfDay(agenda.now);
  const nowInGrid = agenda.date === agenda.today && now >= agenda.startHour * 60 && now < agenda.endHour * 60;
  const firstStart = agenda.appointments
    .map((a) => partInDay(a, agenda.date)?.start)
    .filter((m): m is number => m !== undefined)
    .reduce((x, y) => Math.min(x, y), Infinity);
  const focus = nowInGrid ? now : firstStart;
  if (!Number.isFinite(focus)) return agenda.startHour;
  const hour = Math.min(Math.floor(focus / 60) - 1, agenda.endHour - OPENING_SPAN_HOURS);
  return Math.max(agenda.startHour, hour);
}
