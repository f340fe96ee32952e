import type { ApiClient } from '../../lib/api-types';

export type Client = ApiClient;
