import { describe, expect, it } from 'vitest';
import type { Agenda } from './agenda-api';
import { offReason, outsideSpans, timeOffInColumn, unionOf, workingInColumn, type AgendaColumn } from './agenda-layout';

const day = '2027-03-10';
const span = (staffId: number, from: string, to: string, on = day) => ({ staffId, startsAt: `${on}T${from}:00-03:00`, endsAt: `${on}T${to}:00-03:00` });
const rules = {
  staff: [
    { id: 1, name: 'Ana' },
    { id: 2, name: 'Bruno' },
  ],
  workingHours: [span(1, '08:00', '12:00'), span(1, '13:00', '18:00'), span(2, '10:00', '20:00'), span(1, '08:00', '18:00', '2027-03-11')],
  timeOff: [
    { id: 7, staffId: 2, startsAt: `${day}T14:00:00-03:00`, endsAt: `${day}T16:00:00-03:00`, reason: 'Congresso', createdAt: '' },
    { id: 8, staffId: null, startsAt: '2027-03-11T00:00:00-03:00', endsAt: '2027-03-12T00:00:00-03:00', reason: 'Natal', createdAt: '' },
  ],
} as unknown as Agenda;
const col = (staffId: number | null, on = day): AgendaColumn => ({ key: `${staffId}-${on}`, label: '', day: on, staffId });
const h = (hours: number) => hours * 60;

describe('unionOf', () => {
  it('joins spans that overlap or touch, in order', () => {
    expect(unionOf([{ start: 600, end: 700 }, { start: 480, end: 600 }, { start: 800, end: 900 }, { start: 650, end: 720 }])).toEqual([
      { start: 480, end: 720 },
      { start: 800, end: 900 },
    ]);
  });
});

describe('the shaded time of a column', () => {
  it("day view: outside the column's member's hours, lunch included", () => {
    expect(outsideSpans(workingInColumn(rules, col(1)), h(7), h(21))).toEqual([
      { start: h(7), end: h(8) },
      { start: h(12), end: h(13) },
      { start: h(18), end: h(21) },
    ]);
  });
  it("week view without a member: outside everyone's hours (their union)", () => {
    expect(outsideSpans(workingInColumn(rules, col(null)), h(7), h(21))).toEqual([
      { start: h(7), end: h(8) },
      { start: h(20), end: h(21) },
    ]);
  });
  it('a day nobody works is shaded whole', () => {
    expect(outsideSpans(workingInColumn(rules, col(2, '2027-03-12')), h(8), h(18))).toEqual([{ start: h(8), end: h(18) }]);
  });
});

describe('time off in a column', () => {
  it("labels the member's time off and the business's holidays, cut to the grid's hours", () => {
    expect(timeOffInColumn(rules, col(2), h(8), h(18))).toEqual([{ id: 7, start: h(14), end: h(16), holiday: false, label: 'Folga: Congresso' }]);
    expect(timeOffInColumn(rules, col(1), h(8), h(18))).toEqual([]);
    expect(timeOffInColumn(rules, col(1, '2027-03-11'), h(8), h(18))).toEqual([{ id: 8, start: h(8), end: h(18), holiday: true, label: 'Feriado: Natal' }]);
  });
});

describe('offReason', () => {
  it('names why a slot breaks the rules, or null inside the hours', () => {
    expect(offReason(rules, col(1), h(9), 30)).toBeNull();
    expect(offReason(rules, col(1), h(12), 30)).toBe('Fora do horário de trabalho de Ana');
    expect(offReason(rules, col(1), h(11) + 45, 30)).toBe('Fora do horário de trabalho de Ana');
    expect(offReason(rules, col(2), h(15), 30)).toBe('Folga: Congresso');
    expect(offReason(rules, col(1, '2027-03-11'), h(9), 30)).toBe('Feriado: Natal');
  });
});
