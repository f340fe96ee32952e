import { describe, expect, it } from 'vitest';
import { daySummary, errorsAt, intervalsOf, MAX_PER_DAY, nextSpan, weekOf } from './weekly-hours-editor';

describe('weekly hours editor', () => {
  it('groups the API intervals by weekday, each day by start, and back in the same order', () => {
    const week = weekOf([
      { weekday: 1, start: '14:00', end: '18:00' },
      { weekday: 1, start: '08:00', end: '12:00' },
      { weekday: 7, start: '20:00', end: '24:00' },
    ]);
    expect(week).toHaveLength(7);
    expect(week[0]).toEqual([
      { start: '08:00', end: '12:00' },
      { start: '14:00', end: '18:00' },
    ]);
    expect(week[6]).toEqual([{ start: '20:00', end: '24:00' }]);
    const { weekly, at } = intervalsOf(week);
    expect(weekly.map((i) => `${i.weekday} ${i.start}-${i.end}`)).toEqual(['1 08:00-12:00', '1 14:00-18:00', '7 20:00-24:00']);
    expect(at).toEqual([
      { day: 0, row: 0 },
      { day: 0, row: 1 },
      { day: 6, row: 0 },
    ]);
  });

  it("puts the server's weekly[i] messages under the interval they name", () => {
    const { at } = intervalsOf(weekOf([
      { weekday: 2, start: '08:00', end: '12:00' },
      { weekday: 3, start: '10:00', end: '09:00' },
    ]));
    const errors = errorsAt({ 'weekly[1].end': ['O fim deve ser depois do início.'], weekly: ['Intervalos sobrepostos na terça-feira.'] }, at);
    expect(errors).toEqual({ '2-0': ['O fim deve ser depois do início.'] });
  });

  it('proposes the next interval after the last one, never past midnight or a full day', () => {
    expect(nextSpan([])).toEqual({ start: '08:00', end: '12:00' });
    expect(nextSpan([{ start: '08:00', end: '12:00' }])).toEqual({ start: '13:00', end: '17:00' });
    expect(nextSpan([{ start: '18:00', end: '21:30' }])).toEqual({ start: '22:30', end: '24:00' });
    expect(nextSpan([{ start: '18:00', end: '23:00' }])).toBeNull();
    const full = Array.from({ length: MAX_PER_DAY }, (_, i) => ({ start: `0${i}:00`, end: `0${i}:30` }));
    expect(nextSpan(full)).toBeNull();
  });

  it('sums a day up for reading', () => {
    expect(daySummary([])).toBe('Sem expediente');
    expect(daySummary([{ start: '08:00', end: '12:00' }, { start: '14:00', end: '18:00' }])).toBe('08:00–12:00, 14:00–18:00');
  });
});
