// ssr/src/polyfills.js, the file the embedded engine loads before the SSR
// bundle, run in a bare context and compared with Node's real URL and
// URLSearchParams on what react-router and the screens ask of them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';

export const POLYFILLS_PATH = path.resolve(__dirname, '../../ssr/src/polyfills.js');

type UrlLike = { href: string; pathname: string; search: string; hash: string; origin: string; searchParams: URLSearchParams };
let ShimUrl: new (input: string, base?: string) => UrlLike;
let ShimParams: new (init?: string | Record<string, string>) => URLSearchParams;
let context: vm.Context;

beforeAll(() => {
  context = vm.createContext({});
  for (const name of ['URL', 'URLSearchParams', 'TextEncoder', 'TextDecoder', 'setTimeout', 'MessageChannel', 'queueMicrotask']) {
    expect(vm.runInContext(`typeof ${name}`, context), name).toBe('undefined');
  }
  vm.runInContext(readFileSync(POLYFILLS_PATH, 'utf8'), context, { filename: 'polyfills.js' });
  ShimUrl = vm.runInContext('URL', context);
  ShimParams = vm.runInContext('URLSearchParams', context);
});

const urls: [string, string?][] = [
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
  ['/clients?page=2&q=ana+b#x', 'http://localhost:3000/a/b'],
];

describe('ssr/src/polyfills.js', () => {
  it('defines what the engine lacks', () => {
    expect(vm.runInContext("new TextDecoder().decode(new TextEncoder().encode('ação ✓'))", context)).toBe('ação ✓');
    for (const name of ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'MessageChannel', 'queueMicrotask']) {
      expect(vm.runInContext(`typeof ${name}`, context), name).toBe('function');
    }
  });

  it.each(urls)('URL parses %s like the real one', (input, base) => {
    const real = new URL(input, base);
    const shim = new ShimUrl(input, base);
    expect(shim.href).toBe(real.href);
    expect(shim.pathname).toBe(real.pathname);
    expect(shim.search).toBe(real.search);
    expect(shim.hash).toBe(real.hash);
    expect(shim.origin).toBe(real.origin);
    expect(String(shim)).toBe(real.href);
    expect([...shim.searchParams]).toEqual([...real.searchParams]);
  });

  it('URL rejects a relative URL without a base', () => {
    expect(() => new ShimUrl('/a')).toThrow();
  });

  it('URLSearchParams survives a malformed escape (a hand-edited address must still render)', () => {
    const shim = new ShimParams('?bad=%E0%A4%A&ok=1');
    expect(shim.get('ok')).toBe('1');
    expect(shim.has('bad')).toBe(true);
  });

  it.each(['?page=2&q=Ana+Maria&x=%C3%A7', '', '?flag', 'a=1&a=2&b=', '?q=a%26b%3Dc'])(
    'URLSearchParams reads %j like the real one',
    (search) => {
      const real = new URLSearchParams(search);
      const shim = new ShimParams(search);
      expect([...shim]).toEqual([...real]);
      expect(shim.get('page')).toBe(real.get('page'));
      expect(shim.get('missing')).toBeNull();
      expect(shim.getAll('a')).toEqual(real.getAll('a'));
      expect(shim.has('flag')).toBe(real.has('flag'));
      expect(shim.toString()).toBe(real.toString());
    },
  );

  it('URLSearchParams builds like the real one', () => {
    const real = new URLSearchParams({ q: "ana maria's (1)", page: '2' });
    const shim = new ShimParams({ q: "ana maria's (1)", page: '2' });
    real.set('page', '3');
    shim.set('page', '3');
    real.append('x', '~');
    shim.append('x', '~');
    expect(shim.toString()).toBe(real.toString());
  });
});
