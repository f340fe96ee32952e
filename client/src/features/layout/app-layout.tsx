// The protected area's shell. Server and first client render give the same
// markup (from the preloaded layout); width-dependent changes run in effects.
import { Fragment, Suspense, useEffect, useMemo, useRef, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { useAppSelector } from '../../hooks/store';
import { useLayoutSync } from './use-layout-sync';
import Backdrop from './backdrop';
import Customizer from './customizer';
import Footer from './footer';
import { HorizontalNav, SideNav, TopBar } from './lazy-nav';

/** Focuses the content's h1 (or, until it is there, the main landmark). */
function focusScreen(main: HTMLElement | null): boolean {
  const heading = main?.querySelector<HTMLElement>('h1');
  const target = heading ?? main;
  if (!target) return false;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return Boolean(heading);
}

/**
 * On in-app navigation (not the first load), focus goes to the new screen's
 * h1, so a screen reader reads where the user is and Tab starts from the
 * content instead of the menu. A screen still loading gets focus on main
 * first, then on its h1 once it appears, unless something of the screen
 * (a dialog open at its address) took focus as it appeared.
 */
function useFocusOnNavigation(mainRef: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return undefined;
    }
    const main = mainRef.current;
    if (focusScreen(main) || !main) return undefined;
    const observer = new MutationObserver(() => {
      if (main.querySelector('h1')) {
        observer.disconnect();
        // A screen that arrives with a dialog open at its address (its reads
        // came in one answer) has put focus in the dialog: it stays there.
        const held = document.activeElement;
        if (held && held !== main && main.contains(held)) return;
        focusScreen(main);
      }
    });
    observer.observe(main, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname, mainRef]);
}

export default function AppLayout({ children }: { children: ReactNode }) {
  useLayoutSync();
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnNavigation(mainRef);
  // The link works without script (#main-content); with it, focus moves
  // without adding the fragment to the address.
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    focusScreen(mainRef.current);
  };
  const orientation = useAppSelector((s) => s.layout.orientation);
  const drawerOpen = useAppSelector((s) => s.layout.sidenav.isMobileMenuOpen);
  // The navigation hydrates after the page, once its chunk is in
  // (lazy-nav.ts). The same elements on every render: an update reaching
  // a part still waiting would make React drop the server's HTML there.
  const nav = useMemo(
    () => ({
      side: (
        <Suspense fallback={null}>
          <SideNav />
        </Suspense>
      ),
      top: (
        <Suspense fallback={null}>
          <TopBar />
        </Suspense>
      ),
      horizontal: (
        <Suspense fallback={null}>
          <HorizontalNav />
        </Suspense>
      ),
    }),
    [],
  );
  return (
    <div className={`wrapper${drawerOpen ? ' sidebar-enable' : ''}`}>
      <a href="#main-content" className="skip-link" onClick={skip}>
        Pular para o conteúdo
      </a>
      {/* Vertical: side menu, top bar, content. Horizontal adds the top
          navigation; below 992 px CSS hides it and the side nav serves as the
          drawer. The key remounts the shell when the orientation changes. */}
      <Fragment key={orientation}>
        {nav.side}
        {nav.top}
        {orientation === 'horizontal' ? nav.horizontal : null}
        <div className="content-page">
          <main className="page-content" id="main-content" tabIndex={-1} ref={mainRef}>
            {children}
          </main>
          <Footer />
        </div>
      </Fragment>
      <Backdrop />
      <Customizer />
    </div>
  );
}
