import { expect } from 'vitest';

/**
 * For tests: checks `fn` on a table of cases, each its arguments followed by
 * the expected result (compared with `toBe`, or `toEqual` for objects).
 */
export function expectCases<A extends unknown[], R>(fn: (...args: A) => R, cases: [...A, R][]) {
  for (const row of cases) {
    const args = row.slice(0, -1) as A;
    const expected = row[row.length - 1] as R;
    const actual = fn(...args);
    if (typeof expected === 'object' && expected !== null) expect(actual, JSON.stringify(args)).toEqual(expected);
    else expect(actual, JSON.stringify(args)).toBe(expected);
  }
}
