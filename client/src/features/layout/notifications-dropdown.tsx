// Notifications dropdown: the 7 static samples, badge 7, list 300 px at most (docs/behaviour.md#top-bar).
// The list is rendered only while open, from a chunk loaded after the page is up.
import { Bell } from '../../components/icons';
import { Suspense } from 'react';
import { NOTIFICATIONS_BADGE } from './notifications-data';
import Dropdown from './dropdown';
import { NotificationList } from './lazy-parts';

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
      <Suspense fallback={null}>
        <NotificationList />
      </Suspense>
    </Dropdown>
  );
}
