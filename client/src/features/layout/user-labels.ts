// How the signed-in user is shown in the shell (top bar, side-nav user block).

export const ROLE_LABELS = { admin: 'Administrador', staff: 'Equipe' } as const;

export function roleLabel(role: string | null | undefined): string {
  return role === 'admin' || role === 'staff' ? ROLE_LABELS[role] : '';
}

/** Up to two initials for the avatar ("Ana Maria Souza" → "AS"). */
export function initials(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return '?';
  const first = parts[0][0];
  const last = parts.length > 1 ? parts[parts.length - 1][0] : '';
  return (first + last).toUpperCase();
}
