import { apiRequest } from '../../lib/api';
import type { LoginData, LoginInput } from './types';

export function postLogin(input: LoginInput): Promise<{ data: LoginData }> {
  return apiRequest('/login', { method: 'POST', body: input });
}

export function postLogout(): Promise<unknown> {
  return apiRequest('/logout', { method: 'POST' });
}
