import type { ApiNewUser, ApiUser, ApiUserUpdate } from '../../lib/api-types';

export type User = ApiUser;
export type NewUser = ApiNewUser;
export type UserUpdate = ApiUserUpdate;
