// The notifications dropdown's content (the 7 static samples, docs/behaviour.md#top-bar):
// a chunk of its own, loaded after the page is up (lazy-parts.ts).
import { NOTIFICATIONS, notificationUser } from './notifications-data';
import { initials } from '../../lib/roles';

export default function NotificationList() {
  return (
    <>
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
    </>
  );
}
