import { describe, expect, it } from 'vitest';
import { initialRepeat, monthlyLabel, toRepeat, weekdayOf } from './repeat-fields';

describe('the repeat part of the booking', () => {
  it('numbers weekdays as the API does (1 = Monday … 7 = Sunday)', () => {
    expect(weekdayOf('2027-01-04')).toBe(1);
    expect(weekdayOf('2027-01-10')).toBe(7);
    expect(initialRepeat('2027-01-07').weekdays).toEqual([4]);
  });

  it('names the monthly rule by the first day, a fifth weekday as the last', () => {
    expect(monthlyLabel('2027-01-12')).toBe('toda 2ª terça');
    expect(monthlyLabel('2027-01-29')).toBe('toda última sexta');
  });

  it('sends weekdays only for a weekly rule, and count or until', () => {
    const weekly = { ...initialRepeat('2027-01-04'), on: true, every: '2', count: '6' };
    expect(toRepeat(weekly)).toEqual({ every: 2, unit: 'week', weekdays: [1], count: 6 });
    expect(toRepeat({ ...weekly, unit: 'month', end: 'until', until: '2027-06-30' })).toEqual({ every: 2, unit: 'month', until: '2027-06-30' });
  });
});
