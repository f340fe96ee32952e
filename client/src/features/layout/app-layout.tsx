// The protected area's shell. Server and first client render give the same
// markup (from the preloaded layout); width-dependent changes run in effects.
import type { ReactNode } from 'react';
import { useAppSelector } from '../../hooks/store';
import { useLayoutSync } from './use-layout-sync';
import Backdrop from './backdrop';
import Customizer from './customizer';
import HorizontalLayout from './horizontal-layout';
import VerticalLayout from './vertical-layout';

export default function AppLayout({ children }: { children: ReactNode }) {
  useLayoutSync();
  const orientation = useAppSelector((s) => s.layout.orientation);
  const drawerOpen = useAppSelector((s) => s.layout.sidenav.isMobileMenuOpen);
  const Shell = orientation === 'horizontal' ? HorizontalLayout : VerticalLayout;
  return (
    <div className={`wrapper${drawerOpen ? ' sidebar-enable' : ''}`}>
      <Shell>{children}</Shell>
      <Backdrop />
      <Customizer />
    </div>
  );
}
