// "Admin Menu" mega-dropdown: three columns of placeholder links (docs/behaviour.md#top-bar), 380 px at most.
import { ChevronDown } from '../../components/icons';
import { Suspense } from 'react';
import Dropdown from './dropdown';
import { MegaMenuColumns } from './lazy-parts';

export default function MegaMenu() {
  return (
    <Dropdown
      name="mega-menu"
      className="topbar-item d-none d-lg-flex"
      toggleClassName="topbar-link topbar-link-text"
      toggleLabel="Admin Menu"
      menuClassName="dropdown-mega"
      toggle={
        <>
          Admin Menu <ChevronDown size={16} aria-hidden="true" />
        </>
      }
    >
      <Suspense fallback={null}>
        <MegaMenuColumns />
      </Suspense>
    </Dropdown>
  );
}
