/** Pagination block of every list answer (`{ data, meta }`). */
export interface Meta {
  page: number;
  per_page: number;
  total: number;
  last_page: number;
}

export interface ListResponse<T> {
  data: T[];
  meta: Meta;
}
