import { apiRequest } from '../../lib/api';

export interface Me {
  id: number;
  name: string;
  email: string;
  role: string;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface ProfileInput {
  name?: string;
  email?: string;
  /** Required by the server to change the e-mail or the password. */
  currentPassword?: string;
  newPassword?: string;
}

export function getMe(): Promise<{ data: Me }> {
  return apiRequest('/me');
}

export function putMe(input: ProfileInput): Promise<{ data: Me }> {
  return apiRequest('/me', { method: 'PUT', body: input });
}
