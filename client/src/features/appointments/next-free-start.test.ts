import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../lib/appointment';
import { nextFreeStart } from './booking-dialog';

const DAY = '2026-11-26';
/** An appointment of staff member `staffId` from `start` to `end` (HH:MM) on DAY. */
const at = (staffId: number, start: string, end: string, status: Appointment['status'] = 'agendado') =>
  ({ staffId, status, startsAt: `${DAY}T${start}:00-03:00`, endsAt: `${DAY}T${end}:00-03:00` }) as Appointment;

describe('nextFreeStart', () => {
  it('rounds now up to the next quarter hour on a free day', () => {
    expect(nextFreeStart([], 1, DAY, 10 * 60 + 7, 60)).toBe(10 * 60 + 15);
    expect(nextFreeStart([], 1, DAY, 10 * 60, 60)).toBe(10 * 60);
  });

  it('goes past what the staff member has, for the whole duration', () => {
    const busy = [at(1, '10:15', '11:00'), at(1, '11:30', '12:00')];
    // 11:00 leaves only 30 minutes before 11:30: the next hour free is at 12:00.
    expect(nextFreeStart(busy, 1, DAY, 10 * 60 + 7, 60)).toBe(12 * 60);
    expect(nextFreeStart(busy, 1, DAY, 10 * 60 + 7, 30)).toBe(11 * 60);
  });

  it("ignores other staff members' appointments and cancelled ones", () => {
    const busy = [at(2, '10:00', '12:00'), at(1, '10:00', '12:00', 'cancelado')];
    expect(nextFreeStart(busy, 1, DAY, 10 * 60, 60)).toBe(10 * 60);
  });

  it('rounds an end off the grid up to it', () => {
    expect(nextFreeStart([at(1, '09:50', '10:10')], 1, DAY, 10 * 60, 60)).toBe(10 * 60 + 15);
  });

  it('falls back to the rounded time when the day has no room left', () => {
    expect(nextFreeStart([at(1, '22:00', '23:59')], 1, DAY, 22 * 60 + 5, 60)).toBe(22 * 60 + 15);
  });
});
