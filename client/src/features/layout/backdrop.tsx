// Backdrop behind the open drawer; a click closes the drawer (docs/behaviour.md#layout-rules). The
// body lock lives in useLayoutSync so it follows the state, however it changes.
import { useAppDispatch, useAppSelector } from '../../hooks/store';
import { hideMobileMenu } from './layout-slice';

export default function Backdrop() {
  const open = useAppSelector((s) => s.layout.sidenav.isMobileMenuOpen);
  const dispatch = useAppDispatch();
  if (!open) return null;
  return <div className="offcanvas-backdrop fade show" data-testid="sidenav-backdrop" onClick={() => dispatch(hideMobileMenu())} />;
}
