import type { ApiMeta } from './api-types';

/** Pagination block of every list answer (`{ data, meta }`). */
export type Meta = ApiMeta;

export interface ListResponse<T> {
  data: T[];
  meta: Meta;
}
