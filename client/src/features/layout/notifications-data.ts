// Static sample notifications of the top bar (spec 2-3): 7 items, badge 7.
import { CalendarDays, CircleCheck, MessageCircle, UserPlus } from 'lucide-react';
import type { IconComponent } from './menu-logic';

export interface NotificationItem {
  id: number;
  user: string | { name: string };
  /** Initials avatar when set; otherwise `icon` is shown. */
  avatar?: string;
  icon?: IconComponent;
  action: string;
  context: string;
  timestamp: string;
  active: boolean;
  badge?: { icon: IconComponent; variant: string };
}

export const NOTIFICATIONS: NotificationItem[] = [
  { id: 1, user: 'Mariana Costa', avatar: 'MC', action: 'confirmou o agendamento de', context: 'amanhã às 09:00', timestamp: '5 min atrás', active: true, badge: { icon: CircleCheck, variant: 'success' } },
  { id: 2, user: { name: 'Rafael Lima' }, avatar: 'RL', action: 'cadastrou o cliente', context: 'João Pereira', timestamp: '18 min atrás', active: true, badge: { icon: UserPlus, variant: 'primary' } },
  { id: 3, user: 'Agenda', icon: CalendarDays, action: 'lembra: 3 agendamentos em', context: 'hoje a tarde', timestamp: '1 h atrás', active: false },
  { id: 4, user: { name: 'Beatriz Souza' }, avatar: 'BS', action: 'comentou em', context: 'Relatório mensal', timestamp: '2 h atrás', active: false, badge: { icon: MessageCircle, variant: 'info' } },
  { id: 5, user: 'Carlos Mendes', avatar: 'CM', action: 'cancelou o agendamento de', context: 'sexta-feira', timestamp: '3 h atrás', active: false, badge: { icon: CalendarDays, variant: 'danger' } },
  { id: 6, user: { name: 'Sistema' }, icon: CircleCheck, action: 'concluiu o backup dos', context: 'dados de clientes', timestamp: 'ontem', active: false },
  { id: 7, user: 'Fernanda Alves', avatar: 'FA', action: 'atualizou o perfil de', context: 'Ana Ribeiro', timestamp: '2 dias atrás', active: false, badge: { icon: UserPlus, variant: 'warning' } },
];

export const NOTIFICATIONS_BADGE = '7';

export function notificationUserName(item: NotificationItem): string {
  return typeof item.user === 'string' ? item.user : item.user.name;
}
