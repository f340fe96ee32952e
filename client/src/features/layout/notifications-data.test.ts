import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS, NOTIFICATIONS_BADGE, notificationUser } from './notifications-data';

describe('sample notifications', () => {
  it('has 7 items with unique ids and a badge of 7', () => {
    expect(NOTIFICATIONS).toHaveLength(7);
    expect(new Set(NOTIFICATIONS.map((n) => n.id)).size).toBe(7);
    expect(NOTIFICATIONS_BADGE).toBe('7');
  });

  it('accepts a bare name or a user object', () => {
    const bare = NOTIFICATIONS.find((n) => typeof n.user === 'string')!;
    const object = NOTIFICATIONS.find((n) => typeof n.user !== 'string')!;
    expect(notificationUser(bare)).toEqual({ name: bare.user });
    expect(notificationUser(object)).toBe(object.user);
    for (const n of NOTIFICATIONS) {
      expect(notificationUser(n).name.length).toBeGreaterThan(0);
      expect(typeof n.active).toBe('boolean');
      expect(n.action && n.context && n.timestamp).toBeTruthy();
    }
  });
});
