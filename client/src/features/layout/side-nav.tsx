// The vertical side navigation (also the drawer of narrow screens).
import { X } from '../../components/icons';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../hooks/store';
import { hideMobileMenu } from './layout-slice';
import { useDismiss } from './use-dismiss';
import { MAIN_MENU, MAIN_MENU_TITLE } from './menu-data';
import { scrollToActiveItem } from './scroll-to-active';
import AppMenu from './app-menu';
import Logo from './logo';
import SidenavScroll from './sidenav-scroll';
import UserIdentity from './user-identity';

/** The side menu's own element (nav-markup.ts writes it around the server's kept markup). */
export const SIDE_NAV_ROOT = { tag: 'aside', props: { className: 'sidenav-menu', 'aria-label': 'Navegação lateral' } } as const;

export default function SideNav() {
  const dispatch = useAppDispatch();
  const showUser = useAppSelector((s) => s.layout.sidenav.user);
  const scrollRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    const el = scrollRef.current;
    return el ? scrollToActiveItem(el) : undefined;
  }, [pathname]);

  // Choosing a link in the drawer closes it and its backdrop.
  const onNavigate = () => dispatch(hideMobileMenu());

  // The drawer, opened, takes focus (its close button) and closes on Escape;
  // closed, focus goes back to the top bar's toggle if it was inside.
  const drawerOpen = useAppSelector((s) => s.layout.sidenav.isMobileMenuOpen);
  // The users screen is the admins' (docs/permissions.md): nobody else is shown a link to it.
  const admin = useAppSelector((s) => s.auth.role) === 'admin';
  const items = admin ? MAIN_MENU : MAIN_MENU.filter((item) => item.url !== '/users');
  const closeRef = useRef<HTMLButtonElement>(null);
  useDismiss(drawerOpen, onNavigate);
  useEffect(() => {
    const close = closeRef.current;
    if (drawerOpen) {
      close?.focus();
      return undefined;
    }
    const aside = close?.closest('aside');
    if (aside?.contains(document.activeElement)) document.querySelector<HTMLElement>('.sidenav-toggle')?.focus();
    return undefined;
  }, [drawerOpen]);

  return (
    <aside {...SIDE_NAV_ROOT.props}>
      <div className="sidenav-brand">
        <Logo />
        <button type="button" className="sidenav-close" aria-label="Fechar menu" onClick={onNavigate} ref={closeRef}>
          <X size={18} />
        </button>
      </div>
      <SidenavScroll scrollRef={scrollRef}>
        {showUser && (
          <div className="sidenav-user">
            <UserIdentity block="sidenav-user" avatarClassName="avatar-lg" />
          </div>
        )}
        <AppMenu items={items} title={MAIN_MENU_TITLE} onNavigate={onNavigate} />
      </SidenavScroll>
    </aside>
  );
}
