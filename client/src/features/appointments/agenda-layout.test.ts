import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../lib/appointment';
import type { Agenda } from './agenda-api';
import { appointmentsByStaff, openingHour, preferredStaff } from './agenda-layout';

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

describe('openingHour', () => {
  const booked = (date: string, time: string) => ({ id: 1, staffId: 1, startsAt: `${date}T${time}:00-03:00`, endsAt: `${date}T${time.slice(0, 2)}:59:00-03:00` }) as Appointment;
  const day = (now: string, appointments: Appointment[], date = '2027-03-10') =>
    ({ view: 'day', date, today: '2027-03-10', now: `2027-03-10T${now}:00-03:00`, startHour: 7, endHour: 20, appointments }) as unknown as Agenda;
  it('opens today an hour before now, while now is inside the grid', () => {
    expect(openingHour(day('14:35', [booked('2027-03-10', '08:00')]))).toBe(13);
    expect(openingHour(day('07:10', []))).toBe(7);
  });
  it('keeps a few hours on the screen near closing', () => {
    expect(openingHour(day('19:40', []))).toBe(16);
  });
  it('opens another day, or today outside the hours, an hour before the first appointment', () => {
    expect(openingHour(day('14:35', [booked('2027-03-12', '16:30'), booked('2027-03-12', '11:00')], '2027-03-12'))).toBe(10);
    expect(openingHour(day('05:00', [booked('2027-03-10', '15:00')]))).toBe(14);
    expect(openingHour(day('23:00', [booked('2027-03-10', '09:00')]))).toBe(8);
  });
  it('opens a day without appointments (or the week) on the first hour', () => {
    expect(openingHour(day('23:00', []))).toBe(7);
    expect(openingHour(day('10:00', [], '2027-03-12'))).toBe(7);
    expect(openingHour({ ...day('15:00', []), view: 'week' })).toBe(7);
  });
});
