import type { ApiLoginData, ApiLoginInput } from '../../lib/api-types';
import type { Role } from '../../lib/roles';

/** The `data` object of `POST /api/login`. */
export type LoginData = ApiLoginData;

export type LoginInput = ApiLoginInput;

export interface AuthState {
  id: number | null;
  name: string | null;
  email: string | null;
  role: Role | null;
  accessToken: string | null;
  typeToken: string | null;
  /** Token lifetime in seconds. */
  expiresIn: number | null;
  /** Token expiry in epoch milliseconds. */
  expiresAt: number | null;
  loading: boolean;
  error: string | null;
}
