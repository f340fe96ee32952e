/**
 * The hooks a screen reads its route's arguments with (lib/route-reads.ts
 * says where they come from). Apart from the store's module: they need RTK
 * Query's `skipToken`, which only screens that read with it load.
 */
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useSelector } from 'react-redux';
import type { ReadArg, ReadsState } from './route-reads';

/**
 * The argument of the shown screen's read `key`, or `skipToken` when the
 * address does not call for it (or needs an answer that failed). Screens
 * use the generated hooks (`ClientsIdReads.useGetClient()`), not this.
 */
export function useRead<A = ReadArg>(key: string): A | typeof skipToken {
  const arg = useSelector((state: { reads: ReadsState }) => state.reads.args[key]);
  return arg === undefined ? skipToken : (arg as A);
}

/** A read's argument with more arguments (a later page, say); `skipToken` stays. */
export function withArgs<A extends object, B extends object>(arg: A | typeof skipToken, more: B): (A & B) | typeof skipToken {
  return arg === skipToken ? skipToken : { ...arg, ...more };
}
