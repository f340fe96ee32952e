import { apiRequest } from '../../lib/api';
import type { Dashboard } from './types';

export function getDashboard(): Promise<{ data: Dashboard }> {
  return apiRequest('/dashboard');
}
