import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../lib/appointment';
import type { Agenda } from './agenda-api';
import { appointmentsByStaff, preferredStaff } from './agenda-layout';

const at = (id: number, staffId: number, time: string) => ({ id, staffId, startsAt: `2027-03-10T${time}:00-03:00`, endsAt: `2027-03-10T${time}:30-03:00` }) as Appointment;
const agenda = (appointments: Appointment[]) =>
  ({ staff: [{ id: 1, name: 'Ana' }, { id: 2, name: 'Bruno' }, { id: 3, name: 'Carla' }], appointments }) as unknown as Agenda;

describe('preferredStaff', () => {
  it('opens on the signed-in staff member when they have appointments shown', () => {
    expect(preferredStaff(agenda([at(1, 2, '09:00'), at(2, 3, '10:00')]), 3)).toBe(3);
  });
  it('else on the first staff member with appointments', () => {
    expect(preferredStaff(agenda([at(1, 3, '09:00'), at(2, 2, '10:00')]), 1)).toBe(2);
    expect(preferredStaff(agenda([at(1, 3, '09:00')]), null)).toBe(3);
  });
  it('else on the signed-in one, else the first', () => {
    expect(preferredStaff(agenda([]), 3)).toBe(3);
    expect(preferredStaff(agenda([]), 99)).toBe(1);
    expect(preferredStaff({ ...agenda([]), staff: [] }, 1)).toBe(null);
  });
});

describe('appointmentsByStaff', () => {
  it('lists every staff member, each with their appointments by start', () => {
    const lists = appointmentsByStaff(agenda([at(1, 2, '11:00'), at(2, 2, '09:00'), at(3, 1, '10:00')]));
    expect(lists.map((s) => [s.name, s.appointments.map((a) => a.id)])).toEqual([
      ['Ana', [3]],
      ['Bruno', [2, 1]],
      ['Carla', []],
    ]);
  });
});
