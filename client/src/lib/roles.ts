import type { ApiRole } from './api-types';

export type Role = ApiRole;

export const ROLE_LABELS: Record<Role, string> = { admin: 'Administrador', staff: 'Equipe' };

/** The pt-BR label of `admin` or `staff`; `fallback` for anything else (the shell shows nothing). */
export function roleLabel(role: string | null | undefined, fallback = '—'): string {
  return role === 'admin' || role === 'staff' ? ROLE_LABELS[role] : fallback;
}

/** The words of a person's name. */
const nameParts = (name: string | null | undefined) => (name ?? '').trim().split(/\s+/).filter(Boolean);

/** A name in a narrow column: the first name and the last one's initial ("Maria Aparecida Albuquerque" → "Maria A."). */
export function shortName(name: string): string {
  const parts = nameParts(name);
  return parts.length > 1 ? `${parts[0]} ${parts[parts.length - 1][0]}.` : name.trim();
}

/** Up to two initials for an avatar ("Ana Maria Souza" → "AS"). */
export function initials(name: string | null | undefined): string {
  const parts = nameParts(name);
  if (!parts.length) return '?';
  const first = parts[0][0];
  const last = parts.length > 1 ? parts[parts.length - 1][0] : '';
  return (first + last).toUpperCase();
}
