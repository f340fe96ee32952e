import type { ApiRole } from './api-types';

export type Role = ApiRole;

export const ROLE_LABELS: Record<Role, string> = { admin: 'Administrador', staff: 'Equipe' };

/** The pt-BR label of `admin` or `staff`; `fallback` for anything else (the shell shows nothing). */
export function roleLabel(role: string | null | undefined, fallback = '—'): string {
  return role === 'admin' || role === 'staff' ? ROLE_LABELS[role] : fallback;
}

/** Up to two initials for an avatar ("Ana Maria Souza" → "AS"). */
export function initials(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return '?';
  const first = parts[0][0];
  const last = parts.length > 1 ? parts[parts.length - 1][0] : '';
  return (first + last).toUpperCase();
}
