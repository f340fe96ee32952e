// The protected area's shell. Server and first client render give the same
// markup (from the preloaded layout); width-dependent changes run in effects.
import { Fragment, type ReactNode } from 'react';
import { useAppSelector } from '../../hooks/store';
import { useLayoutSync } from './use-layout-sync';
import Backdrop from './backdrop';
import Customizer from './customizer';
import Footer from './footer';
import HorizontalNav from './horizontal-nav';
import SideNav from './side-nav';
import TopBar from './top-bar';

export default function AppLayout({ children }: { children: ReactNode }) {
  useLayoutSync();
  const orientation = useAppSelector((s) => s.layout.orientation);
  const drawerOpen = useAppSelector((s) => s.layout.sidenav.isMobileMenuOpen);
  return (
    <div className={`wrapper${drawerOpen ? ' sidebar-enable' : ''}`}>
      {/* Vertical: side menu, top bar, content. Horizontal adds the top
          navigation; below 992 px CSS hides it and the side nav serves as the
          drawer. The key remounts the shell when the orientation changes. */}
      <Fragment key={orientation}>
        <SideNav />
        <TopBar />
        {orientation === 'horizontal' ? <HorizontalNav /> : null}
        <div className="content-page">
          <main className="page-content">{children}</main>
          <Footer />
        </div>
      </Fragment>
      <Backdrop />
      <Customizer />
    </div>
  );
}
