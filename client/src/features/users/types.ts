import type { ApiUser } from '../../lib/api-types';

export type User = ApiUser;
