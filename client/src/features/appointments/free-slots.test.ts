import { describe, expect, it } from 'vitest';
import { spreadSlots } from './free-slots';

const slot = (staffId: number, time: string) => ({ staffId, staffName: `P${staffId}`, startsAt: `2026-12-01T${time}:00-03:00`, endsAt: '' });

describe('spreadSlots', () => {
  it('keeps starts at least half an hour apart for each member, up to the count', () => {
    const every5 = ['09:00', '09:05', '09:10', '09:30', '09:35', '10:05', '10:10'].map((t) => slot(1, t));
    expect(spreadSlots(every5, 10).map((s) => s.startsAt.slice(11, 16))).toEqual(['09:00', '09:30', '10:05']);
    expect(spreadSlots(every5, 2)).toHaveLength(2);
  });

  it('spaces each member on their own', () => {
    const two = [slot(1, '09:00'), slot(2, '09:00'), slot(1, '09:05'), slot(2, '09:30')];
    expect(spreadSlots(two, 10).map((s) => `${s.staffId} ${s.startsAt.slice(11, 16)}`)).toEqual(['1 09:00', '2 09:00', '2 09:30']);
  });
});
