import type { ApiSlot } from '../../lib/api-types';
import { dayOf, formatDayMonth, formatTime, formatWeekday } from '../../lib/format';

/** A free start as a person reads it: "qua 10/03 09:00 · Ana". */
export function slotLabel(slot: ApiSlot, withStaff = true): string {
  const day = dayOf(slot.startsAt);
  return `${formatWeekday(day, true)} ${formatDayMonth(day)} ${formatTime(slot.startsAt)}${withStaff ? ` · ${slot.staffName}` : ''}`;
}

/** How many starts a search asks the server for, to choose the spread-out few from. */
export const SLOT_SEARCH_LIMIT = 500;

/**
 * At most `count` starts, each at least `gapMinutes` after the last one kept
 * for the same member: the server gives every start on its grid (every 5
 * minutes for a length that does not divide the hour), a person chooses
 * among a few spread over the day.
 */
export function spreadSlots(slots: ApiSlot[], count: number, gapMinutes = 30): ApiSlot[] {
  const last = new Map<number, number>();
  const kept: ApiSlot[] = [];
  for (const slot of slots) {
    if (kept.length === count) break;
    const at = Date.parse(slot.startsAt);
    const previous = last.get(slot.staffId);
    if (previous !== undefined && at - previous < gapMinutes * 60_000) continue;
    last.set(slot.staffId, at);
    kept.push(slot);
  }
  return kept;
}

/**
 * The free starts the server found (GET /api/availability) as buttons, or
 * what the search is doing: loading, found none, failed. `onPick` fills a
 * form (the booking) or opens one (the agenda's "Encaixe").
 */
export function FreeSlots({
  slots,
  loading,
  failed,
  onPick,
  label,
  withStaff = true,
  count,
}: {
  slots: ApiSlot[] | undefined;
  /** How many to show, spread out (`spreadSlots`). */
  count: number;
  loading: boolean;
  failed: boolean;
  onPick: (slot: ApiSlot) => void;
  /** The list's accessible name. */
  label: string;
  /** Whether each start names its staff member (not when the search was for one). */
  withStaff?: boolean;
}) {
  if (failed) return <p className="small text-danger mb-0">Não foi possível buscar os horários livres.</p>;
  if (loading && !slots) return <p className="small text-muted mb-0">Buscando horários livres...</p>;
  if (!slots?.length) return <p className="small text-muted mb-0">Nenhum horário livre no período.</p>;
  return (
    <ul className="free-slots list-unstyled d-flex flex-wrap gap-2 mb-0" aria-label={label}>
      {spreadSlots(slots, count).map((slot) => (
        <li key={`${slot.staffId}-${slot.startsAt}`}>
          <button type="button" className="btn btn-sm btn-outline-primary btn-touch" onClick={() => onPick(slot)}>
            {slotLabel(slot, withStaff)}
          </button>
        </li>
      ))}
    </ul>
  );
}
