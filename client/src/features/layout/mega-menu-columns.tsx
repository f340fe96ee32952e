// The "Admin Menu" dropdown's three columns of placeholder links
// (docs/behaviour.md#top-bar): a chunk of its own, loaded after the page is up (lazy-parts.ts).
import { MEGA_MENU } from './menu-data';

export default function MegaMenuColumns() {
  return (
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
  );
}
