// "Admin Menu" mega-dropdown: three columns of placeholder links (docs/behaviour.md#top-bar), 380 px at most.
import { ChevronDown } from 'lucide-react';
import { MEGA_MENU } from './menu-data';
import Dropdown from './dropdown';

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
      <div className="mega-columns">
        {MEGA_MENU.map((column) => (
          <div className="mega-column" key={column.title}>
            <h6 className="mega-title">{column.title}</h6>
            <ul className="list-unstyled mb-0">
              {column.links.map((label) => (
                <li key={label}>
                  <a href="#" className="dropdown-item">
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </Dropdown>
  );
}
