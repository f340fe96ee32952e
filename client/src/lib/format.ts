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

/** Cents to reais: 123450 → `R$ 1.234,50`; -500 → `-R$ 5,00`. */
export function formatMoney(cents: number | null | undefined): string {
  const value = cents === null || cents === undefined || !Number.isFinite(cents) ? 0 : Math.round(cents);
  const negative = value < 0;
  const abs = Math.abs(value);
  const reais = formatNumber(Math.floor(abs / 100));
  const centavos = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}R$ ${reais},${centavos}`;
}
