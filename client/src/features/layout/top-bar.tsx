// The top bar: side-nav toggle, Admin Menu, notifications, theme, customizer,
// fullscreen and the user's menu.
import { Menu, Settings2 } from 'lucide-react';
import { useAppDispatch } from '../../hooks/store';
import { toggleCustomizer, toggleSideNav } from './layout-slice';
import FullscreenToggle from './fullscreen-toggle';
import Logo from './logo';
import MegaMenu from './mega-menu';
import NotificationsDropdown from './notifications-dropdown';
import ThemeModeDropdown from './theme-mode-dropdown';
import UserDropdown from './user-dropdown';

export default function TopBar() {
  const dispatch = useAppDispatch();
  return (
    <header className="app-topbar">
      <div className="topbar-inner">
        <div className="topbar-start">
          <Logo className="topbar-logo" />
          <button type="button" className="topbar-link sidenav-toggle" aria-label="Alternar menu lateral" onClick={() => dispatch(toggleSideNav())}>
            <Menu size={22} aria-hidden="true" />
          </button>
          <MegaMenu />
        </div>
        <div className="topbar-end">
          <NotificationsDropdown />
          <ThemeModeDropdown />
          <div className="topbar-item">
            <button type="button" className="topbar-link" aria-label="Personalizar layout" data-customizer-toggle="" onClick={() => dispatch(toggleCustomizer())}>
              <Settings2 size={20} aria-hidden="true" />
            </button>
          </div>
          <FullscreenToggle />
          <UserDropdown />
        </div>
      </div>
    </header>
  );
}
