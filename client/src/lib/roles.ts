import type { ApiRole } from './api-types';

export type Role = ApiRole;

/** The three roles (docs/permissions.md): `staff` is the front desk, Recepção. */
export const ROLE_LABELS: Record<Role, string> = { admin: 'Administrador', staff: 'Recepção', professional: 'Profissional' };

/** The pt-BR label of a role; `fallback` for anything else (the shell shows nothing). */
export function roleLabel(role: string | null | undefined, fallback = '—'): string {
  return role && Object.hasOwn(ROLE_LABELS, role) ? ROLE_LABELS[role as Role] : fallback;
}

/** A Profissional reaches their own agenda and clients only: the screens hide what the server would refuse. */
export const isProfessional = (role: string | null | undefined) => role === 'professional';

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
