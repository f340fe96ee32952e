import { describe, expect, it } from 'vitest';
import { setServerProvidedKeys, takeServerProvided } from './server-data';

describe('server-data', () => {
  it('hands out each provided key once', () => {
    setServerProvidedKeys(['clients', 'auth']);
    expect(takeServerProvided('clients')).toBe(true);
    expect(takeServerProvided('clients')).toBe(false);
    expect(takeServerProvided('page')).toBe(false);
    setServerProvidedKeys([]);
    expect(takeServerProvided('auth')).toBe(false);
  });
});
