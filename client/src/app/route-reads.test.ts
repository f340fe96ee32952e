import { describe, expect, it } from 'vitest';
import * as endpoints from './endpoints';
import cases from './route-reads.cases.json';
import { routeReadArg } from '../lib/route-reads';
import { ROUTES } from './route-table';

describe('route reads', () => {
  // The same cases are read by server/reads.rs's test: both sides compute the same arguments.
  it.each(cases.map((c) => [c.url, c.key, c] as const))('%s: %s', (url, key, c) => {
    const [pathname, search = ''] = url.split('?');
    expect(routeReadArg(pathname, search, key, 'answers' in c ? c.answers : {}) ?? null).toEqual(c.arg);
  });

  it('names only endpoints the store can seed', () => {
    const known = new Set(Object.values(endpoints).flatMap((api) => Object.keys(api.endpoints)));
    for (const route of ROUTES) {
      for (const read of route.reads ?? []) {
        if (read.endpoint) expect(known, `${route.path}: ${read.endpoint}`).toContain(read.endpoint);
        else expect(['clients', 'appointments']).toContain(read.slice);
      }
    }
  });
});
