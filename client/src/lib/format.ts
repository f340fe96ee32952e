/**
 * The only place that formats dates, times, money and numbers. No Intl or
 * toLocale*: the server engine's Intl is a stub, and the browser must print
 * exactly what the server printed or hydration breaks. Timestamps arrive as
 * RFC 3339 with the business time zone's offset, so the wall-clock parts are
 * read from the string itself, never through Date's local time zone.
 */

const PARTS = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/;

interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string | undefined;
  minute: string | undefined;
}

function wallClock(value: string | null | undefined): WallClock | null {
  if (!value) return null;
  const m = PARTS.exec(value.trim());
  if (!m) return null;
  return { year: m[1], month: m[2], day: m[3], hour: m[4], minute: m[5] };
}

/** `2026-11-21T14:30:00-03:00` → `21/11/2026`; empty for a missing or invalid value. */
export function formatDate(value: string | null | undefined): string {
  const w = wallClock(value);
  return w ? `${w.day}/${w.month}/${w.year}` : '';
}

/** `2026-11-21T14:30:00-03:00` → `14:30`. */
export function formatTime(value: string | null | undefined): string {
  const w = wallClock(value);
  return w && w.hour !== undefined ? `${w.hour}:${w.minute}` : '';
}

/** `21/11/2026 14:30`. */
export function formatDateTime(value: string | null | undefined): string {
  const date = formatDate(value);
  const time = formatTime(value);
  return time ? `${date} ${time}` : date;
}

/** `14:30–15:00` (en dash). */
export function formatTimeRange(start: string | null | undefined, end: string | null | undefined): string {
  const a = formatTime(start);
  const b = formatTime(end);
  return a && b ? `${a}–${b}` : a || b;
}

/** Thousands with dots: 1234567 → `1.234.567`; decimals are truncated toward zero. */
export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '0';
  const negative = value < 0;
  const digits = String(Math.trunc(Math.abs(value)));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return negative ? `-${grouped}` : grouped;
}

/** A count the server may have estimated (past 10.000: `total_estimated`
 * and the like): `cerca de 123.456`, or the exact number. */
export function formatCount(value: number | null | undefined, estimated = false): string {
  return `${estimated ? 'cerca de ' : ''}${formatNumber(value)}`;
}

/** Cents to reais: 123450 → `R$ 1.234,50`; -500 → `-R$ 5,00`. */
export function formatMoney(cents: number | null | undefined): string {
  const value = cents === null || cents === undefined || !Number.isFinite(cents) ? 0 : Math.round(cents);
  const negative = value < 0;
  const abs = Math.abs(value);
  const reais = formatNumber(Math.floor(abs / 100));
  const centavos = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}R$ ${reais},${centavos}`;
}

/** A fraction as a percentage with one decimal: 0.1234 → `12,3%`. */
export function formatPercent(fraction: number | null | undefined): string {
  const value = fraction === null || fraction === undefined || !Number.isFinite(fraction) ? 0 : fraction;
  const tenths = Math.round(Math.abs(value) * 1000);
  const text = `${formatNumber(Math.floor(tenths / 10))},${tenths % 10}%`;
  return value < 0 && tenths > 0 ? `-${text}` : text;
}

const onlyDigits = (value: string) => value.replace(/\D/g, '');

/** Brazilian phone from its digits: 11 → `(11) 98765-4321`, 10 → `(11) 3456-7890`; anything else as given. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const d = onlyDigits(value);
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return value;
}

/** CPF from its 11 digits: `123.456.789-09`; anything else as given. */
export function formatCpf(value: string | null | undefined): string {
  if (!value) return '';
  const d = onlyDigits(value);
  return d.length === 11 ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}` : value;
}

/** Reais typed by a person to cents: `1.234,50`, `R$ 45`, `45.5` → 123450, 4500, 4550; null if unreadable. */
export function parseMoney(text: string): number | null {
  let t = text.replace(/R\$/i, '').replace(/\s/g, '');
  if (!t) return null;
  if (t.includes(',')) t = t.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(t)) t = t.replace(/\./g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

/** Cents as a person types them back: 123450 → `1.234,50`. */
export function moneyInput(cents: number): string {
  return formatMoney(cents).replace(/^-?R\$ /, '');
}

/** The calendar day of a timestamp or date as written (`2026-11-21T14:30:00-03:00` → `2026-11-21`); empty if invalid. */
export function dayOf(value: string | null | undefined): string {
  const w = wallClock(value);
  return w ? `${w.year}-${w.month}-${w.day}` : '';
}

/** Minutes since midnight of a timestamp's wall-clock time (`…T14:30…` → 870); 0 without a time. */
export function minuteOfDay(value: string | null | undefined): number {
  const w = wallClock(value);
  return w && w.hour !== undefined ? Number(w.hour) * 60 + Number(w.minute) : 0;
}

/** `YYYY-MM-DD` plus `days` calendar days (UTC arithmetic: no time zone, no DST). */
export function addDays(day: string, days: number): string {
  const w = wallClock(day);
  if (!w) return day;
  const d = new Date(Date.UTC(Number(w.year), Number(w.month) - 1, Number(w.day) + days));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

const WEEKDAYS = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'];

/** The weekday of `YYYY-MM-DD`, in full (`segunda-feira`) or short (`seg`). */
export function formatWeekday(day: string, short = false): string {
  const w = wallClock(day);
  if (!w) return '';
  const name = WEEKDAYS[new Date(Date.UTC(Number(w.year), Number(w.month) - 1, Number(w.day))).getUTCDay()];
  return short ? name.slice(0, 3) : name;
}

/** `2026-11-21` → `21/11`. */
export function formatDayMonth(value: string | null | undefined): string {
  const w = wallClock(value);
  return w ? `${w.day}/${w.month}` : '';
}

/** Minutes since midnight as `HH:mm` (570 → `09:30`). */
export function formatMinutes(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** A duration in minutes: 45 → `45 min`, 90 → `1 h 30 min`, 120 → `2 h`. */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} h${rest ? ` ${rest} min` : ''}`;
}
