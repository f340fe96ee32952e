import type { ApiAccess, ApiClient, ApiClientDetail, ApiHistoryEntry } from '../../lib/api-types';

export type Client = ApiClient;
/** A client's record: data, coming and past appointments, totals. */
export type ClientDetail = ApiClientDetail;
export type HistoryEntry = ApiHistoryEntry;
export type Access = ApiAccess;
