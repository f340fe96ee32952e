// Notifications dropdown: the 7 static samples, badge 7, list 300 px at most (docs/behaviour.md#top-bar).
import { Bell } from 'lucide-react';
import { NOTIFICATIONS, NOTIFICATIONS_BADGE, notificationUser } from './notifications-data';
import { initials } from '../../lib/roles';
import Dropdown from './dropdown';

export default function NotificationsDropdown() {
  return (
    <Dropdown
      name="notifications"
      className="topbar-item"
      toggleLabel={`Notificações: ${NOTIFICATIONS_BADGE} novas`}
      menuClassName="dropdown-menu-end dropdown-notifications"
      toggle={
        <>
          <Bell size={20} aria-hidden="true" />
          <span className="badge bg-danger rounded-pill topbar-badge" data-testid="notifications-badge">
            {NOTIFICATIONS_BADGE}
          </span>
        </>
      }
    >
      <div className="dropdown-header-row">
        <h6 className="m-0">Notificações</h6>
      </div>
      <div className="notification-list">
        {NOTIFICATIONS.map((n) => {
          const user = notificationUser(n);
          const UserIcon = user.icon;
          const Badge = n.badge?.icon;
          return (
            <a href="#" key={n.id} className={`dropdown-item notification-item${n.active ? ' active-notification' : ''}`} data-notification-id={n.id}>
              <span className="notification-avatar" aria-hidden="true">
                {UserIcon ? (
                  <span className="avatar avatar-sm avatar-icon">
                    <UserIcon size={16} />
                  </span>
                ) : (
                  <span className="avatar avatar-sm">{user.avatar ?? initials(user.name)}</span>
                )}
                {Badge && (
                  <span className={`notification-badge bg-${n.badge?.variant}`}>
                    <Badge size={10} />
                  </span>
                )}
              </span>
              <span className="notification-text">
                <span>
                  <strong>{user.name}</strong> {n.action} <strong>{n.context}</strong>
                </span>
                <small className="text-body-secondary">{n.timestamp}</small>
              </span>
            </a>
          );
        })}
      </div>
      <a href="#" className="dropdown-item text-center notification-footer">
        Read All Messages
      </a>
    </Dropdown>
  );
}
