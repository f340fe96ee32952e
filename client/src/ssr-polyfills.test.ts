import { describe, expect, it } from 'vitest';
import { UrlShim } from './ssr-polyfills';

// The shim must agree with the real URL on what react-router asks of it.
const cases: [string, string?][] = [
  ['http://localhost'],
  ['http://localhost:3000/a/b?x=1#h'],
  ['/clients?page=2', 'http://localhost'],
  ['clients', 'http://localhost/a/b'],
  ['../x', 'http://localhost/a/b/c'],
  ['?q=1', 'http://localhost/a?z=2'],
  ['#top', 'http://localhost/a?z=2'],
  ['//example.com/p', 'https://localhost/'],
  ['https://Example.com/./a/../b'],
  ['mailto:someone@example.com'],
];

describe('UrlShim', () => {
  it.each(cases)('parses %s like URL', (input, base) => {
    const real = new URL(input, base);
    const shim = new UrlShim(input, base);
    expect(shim.href).toBe(real.href);
    expect(shim.pathname).toBe(real.pathname);
    expect(shim.search).toBe(real.search);
    expect(shim.hash).toBe(real.hash);
    expect(shim.origin).toBe(real.origin);
  });

  it('rejects a relative URL without a base', () => {
    expect(() => new UrlShim('/a')).toThrow(TypeError);
  });
});
