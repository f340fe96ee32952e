import { formatCpf, formatDate, formatPhone } from '../../lib/format';
import type { HistoryEntry } from './types';

/** What each audit action reads as in a client's timeline. */
const ACTIONS: Record<string, string> = {
  create: 'Cadastro',
  update: 'Alteração',
  archive: 'Arquivamento',
  unarchive: 'Desarquivamento',
  delete: 'Exclusão',
  export: 'Exportação dos dados (LGPD)',
  anonymise: 'Anonimização (LGPD)',
  merge: 'Junção de cadastros',
};

/** The client's fields as the form labels them. */
const FIELDS: Record<string, string> = {
  name: 'Nome',
  email: 'E-mail',
  phone: 'Telefone',
  document: 'CPF',
  birthDate: 'Data de nascimento',
  notes: 'Observações',
  archived: 'Arquivado',
  onlineSignup: 'Cadastro pela internet',
  mergedFrom: 'Cadastro juntado',
  movedAppointments: 'Agendamentos transferidos',
};

/** Who wrote an entry that no staff member wrote (the audit's `actor`). */
const ACTORS: Record<string, string> = {
  cliente: 'Cliente (pelo link)',
  internet: 'Cliente (agendamento pela internet)',
};

export function actorLabel(actor: string | null | undefined): string {
  return (actor && ACTORS[actor]) ?? 'Sistema';
}

export function actionLabel(action: string): string {
  return ACTIONS[action] ?? action;
}

export function fieldLabel(field: string): string {
  return FIELDS[field] ?? field;
}

/** A value of the audit log as the screen shows it; `—` for none. */
export function historyValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  // A personal value removed by an anonymisation (LGPD).
  if (value === '***') return 'removido';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  // A whole record (a merge's `mergedFrom`): who it was, its data in the LGPD export and the API.
  if (typeof value === 'object') {
    const record = value as { id?: unknown; name?: unknown };
    const name = record.name === '***' ? 'removido' : String(record.name ?? '—');
    return record.id === undefined ? name : `${name} (código ${String(record.id)})`;
  }
  const text = String(value);
  if (field === 'phone') return formatPhone(text);
  if (field === 'document') return formatCpf(text);
  if (field === 'birthDate') return formatDate(text);
  return text;
}

/** One line per changed field: label, old and new value, in the form's order. */
export function historyChanges(entry: HistoryEntry): { field: string; label: string; from: string; to: string }[] {
  const order = Object.keys(FIELDS);
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  return Object.entries(entry.changes ?? {})
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([field, change]) => ({
      field,
      label: fieldLabel(field),
      from: historyValue(field, change?.old),
      to: historyValue(field, change?.new),
    }));
}
