// Static sample notifications of the top bar (docs/behaviour.md#top-bar): 7 items, badge 7.
import { CalendarDays, CircleCheck, MessageCircle, UserPlus, type IconComponent } from '../../components/icons';

export interface NotificationUser {
  name: string;
  /** Initials shown in a round avatar (the samples have no pictures). */
  avatar?: string;
  /** Shown instead of an avatar (system senders). */
  icon?: IconComponent;
}

export interface NotificationItem {
  id: number;
  /** A bare name, or a name with its avatar or icon. */
  user: string | NotificationUser;
  action: string;
  context: string;
  timestamp: string;
  active: boolean;
  badge?: { icon: IconComponent; variant: string };
}

export const NOTIFICATIONS: NotificationItem[] = [
  { id: 1, user: { name: 'Mariana Costa', avatar: 'MC' }, action: 'confirmou o agendamento de', context: 'amanhã às 09:00', timestamp: '5 min atrás', active: true, badge: { icon: CircleCheck, variant: 'success' } },
  { id: 2, user: { name: 'Rafael Lima', avatar: 'RL' }, action: 'cadastrou o cliente', context: 'João Pereira', timestamp: '18 min atrás', active: true, badge: { icon: UserPlus, variant: 'primary' } },
  { id: 3, user: { name: 'Agenda', icon: CalendarDays }, action: 'lembra: 3 agendamentos em', context: 'hoje à tarde', timestamp: '1 h atrás', active: false },
  { id: 4, user: 'Beatriz Souza', action: 'comentou em', context: 'Relatório mensal', timestamp: '2 h atrás', active: false, badge: { icon: MessageCircle, variant: 'info' } },
  { id: 5, user: { name: 'Carlos Mendes', avatar: 'CM' }, action: 'cancelou o agendamento de', context: 'sexta-feira', timestamp: '3 h atrás', active: false, badge: { icon: CalendarDays, variant: 'danger' } },
  { id: 6, user: { name: 'Sistema', icon: CircleCheck }, action: 'concluiu o backup dos', context: 'dados de clientes', timestamp: 'ontem', active: false },
  { id: 7, user: 'Fernanda Alves', action: 'atualizou o perfil de', context: 'Ana Ribeiro', timestamp: '2 dias atrás', active: false, badge: { icon: UserPlus, variant: 'warning' } },
];

export const NOTIFICATIONS_BADGE = '7';

export function notificationUser(item: NotificationItem): NotificationUser {
  return typeof item.user === 'string' ? { name: item.user } : item.user;
}
