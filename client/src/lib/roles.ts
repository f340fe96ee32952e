export type Role = 'admin' | 'staff';

/** Role labels (pt-BR) for `admin` and `staff`. */
export function roleLabel(role: string | null | undefined): string {
  if (role === 'admin') return 'Administrador';
  if (role === 'staff') return 'Equipe';
  return '—';
}
