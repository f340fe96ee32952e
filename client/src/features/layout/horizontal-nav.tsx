// Top navigation of the horizontal layout: the template-style menu with its
// demo routes. Submenus open on hover (CSS) and on click (state), one
// top-level menu at a time; the whole tree is rendered as plain lists.
import { ChevronDown, ChevronRight } from '../../components/icons';
import { useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { HORIZONTAL_MENU } from './menu-data';
import { findActiveTrail, toggleGroup, type MenuItem } from './menu-logic';
import MenuLink from './menu-link';
import { useDismiss } from './use-dismiss';

export default function HorizontalNav() {
  const { pathname } = useLocation();
  const trail = findActiveTrail(HORIZONTAL_MENU, pathname);
  const [open, setOpen] = useState<string[]>([]);
  const onToggle = (key: string, level: number) => setOpen((prev) => toggleGroup(prev, key, level, HORIZONTAL_MENU));
  const close = () => setOpen([]);
  const navRef = useRef<HTMLElement>(null);

  // Menus opened by click close on an outside click or Escape.
  useDismiss(open.length > 0, close, navRef);

  return (
    <nav className="topnav" aria-label="Navegação principal" ref={navRef}>
      <div className="topnav-inner">
        <ul className="topnav-menu" onMouseLeave={close}>
          {HORIZONTAL_MENU.map((item) => (
            <Entry key={item.key} item={item} level={0} open={open} trail={trail} onToggle={onToggle} onNavigate={close} />
          ))}
        </ul>
      </div>
    </nav>
  );
}

interface EntryProps {
  item: MenuItem;
  level: number;
  open: string[];
  trail: string[];
  onToggle: (key: string, level: number) => void;
  onNavigate: () => void;
}

function Entry({ item, level, open, trail, onToggle, onNavigate }: EntryProps) {
  const Icon = item.icon;
  const inTrail = trail.includes(item.key);
  if (!item.children) {
    return (
      <li className="topnav-item">
        <MenuLink url={item.url ?? '#'} className={level === 0 ? 'topnav-link' : 'topnav-sublink'} active={inTrail} onClick={onNavigate}>
          {item.label}
          {item.badge && <span className={`badge bg-${item.badge.variant} ms-2`}>{item.badge.text}</span>}
        </MenuLink>
      </li>
    );
  }
  const isOpen = open.includes(item.key);
  const Arrow = level === 0 ? ChevronDown : ChevronRight;
  return (
    <li className={`topnav-item has-children${isOpen ? ' open' : ''}`}>
      <button
        type="button"
        className={`${level === 0 ? 'topnav-link' : 'topnav-sublink'}${inTrail ? ' active' : ''}`}
        aria-expanded={isOpen}
        onClick={() => onToggle(item.key, level)}
      >
        {Icon && <Icon size={17} aria-hidden="true" />}
        <span>{item.label}</span>
        <Arrow size={14} className="topnav-arrow" aria-hidden="true" />
      </button>
      <ul className={`topnav-dropdown level-${level + 1}`}>
        {item.children.map((child) => (
          <Entry key={child.key} item={child} level={level + 1} open={open} trail={trail} onToggle={onToggle} onNavigate={onNavigate} />
        ))}
      </ul>
    </li>
  );
}
