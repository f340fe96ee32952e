import type { ApiSlot } from '../../lib/api-types';
import { dayOf, formatDayMonth, formatTime, formatWeekday } from '../../lib/format';

/** A free start as a person reads it: "qua 10/03 09:00 · Ana". */
export function slotLabel(slot: ApiSlot, withStaff = true): string {
  const day = dayOf(slot.startsAt);
  return `${formatWeekday(day, true)} ${formatDayMonth(day)} ${formatTime(slot.startsAt)}${withStaff ? ` · ${slot.staffName}` : ''}`;
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
}: {
  slots: ApiSlot[] | undefined;
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
      {slots.map((slot) => (
        <li key={`${slot.staffId}-${slot.startsAt}`}>
          <button type="button" className="btn btn-sm btn-outline-primary btn-touch" onClick={() => onPick(slot)}>
            {slotLabel(slot, withStaff)}
          </button>
        </li>
      ))}
    </ul>
  );
}
