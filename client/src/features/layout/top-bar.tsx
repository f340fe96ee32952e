// The top bar: side-nav toggle, Admin Menu, notifications, theme, customizer,
// fullscreen and the user's menu.
import { Menu, Settings2 } from '../../components/icons';
import { useAppDispatch, useAppSelector } from '../../hooks/store';
import { currentSideNavSize, toggleCustomizer, toggleSideNav } from './layout-slice';
import FullscreenToggle from './fullscreen-toggle';
import Logo from './logo';
import MegaMenu from './mega-menu';
import NotificationsDropdown from './notifications-dropdown';
import ThemeModeDropdown from './theme-mode-dropdown';
import UserDropdown from './user-dropdown';

/** The top bar's own element (nav-markup.ts writes it around the server's kept markup). */
export const TOP_BAR_ROOT = { tag: 'header', props: { className: 'app-topbar' } } as const;

export default function TopBar() {
  const dispatch = useAppDispatch();
  // Open: the drawer shown, or the full-width menu (not its icon-only sizes).
  const menuOpen = useAppSelector(({ layout }) => {
    const size = currentSideNavSize(layout);
    return size === 'offcanvas' ? layout.sidenav.isMobileMenuOpen : size === 'default' || size === 'compact' || size === 'on-hover-active';
  });
  return (
    <header {...TOP_BAR_ROOT.props}>
      <div className="topbar-inner">
        <div className="topbar-start">
          <Logo className="topbar-logo" />
          <button type="button" className="topbar-link sidenav-toggle" aria-label="Alternar menu lateral" aria-expanded={menuOpen} onClick={() => dispatch(toggleSideNav())}>
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
