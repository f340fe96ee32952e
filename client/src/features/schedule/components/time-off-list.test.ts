import { describe, expect, it } from 'vitest';
import { timeOffRange } from './time-off-list';

describe('timeOffRange', () => {
  it('says whole days as dates: the end is the midnight after the last day', () => {
    expect(timeOffRange({ startsAt: '2026-12-25T00:00:00-03:00', endsAt: '2026-12-26T00:00:00-03:00' })).toBe('25/12/2026');
    expect(timeOffRange({ startsAt: '2026-12-24T00:00:00-03:00', endsAt: '2026-12-27T00:00:00-03:00' })).toBe('24/12/2026 a 26/12/2026');
  });

  it('says a part of a day with its times', () => {
    expect(timeOffRange({ startsAt: '2026-12-24T14:00:00-03:00', endsAt: '2026-12-24T18:00:00-03:00' })).toBe('24/12/2026 14:00 a 24/12/2026 18:00');
  });
});
