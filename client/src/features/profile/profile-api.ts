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

export function getMe(): Promise<{ data: Me }> {
  return apiRequest('/me');
}
