import type { Role } from '../../lib/roles';

/** The `data` object of `POST /api/login`. */
export interface LoginData {
  id: number;
  name: string;
  email: string;
  role: Role;
  accessToken: string;
  typeToken: string;
  expiresIn: number;
  expiresAt: number;
}

export interface LoginInput {
  email: string;
  password: string;
}

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
