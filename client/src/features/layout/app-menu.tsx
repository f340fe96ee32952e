// The side menu: items, groups (one top-level group open at a time, nested
// groups independent, the group of the current page opens once), badges.
import { ChevronRight } from '../../components/icons';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { findActiveTrail, isItemActive, openTrail, toggleGroup, type MenuItem } from './menu-logic';
import MenuLink from './menu-link';

interface AppMenuProps {
  items: MenuItem[];
  title?: string;
  /** Called when a link is chosen (closes the mobile drawer). */
  onNavigate?: () => void;
}

export default function AppMenu({ items, title, onNavigate }: AppMenuProps) {
  const { pathname } = useLocation();
  const activeTrail = findActiveTrail(items, pathname);
  // Server and first client render agree: both open the active trail's groups.
  const [open, setOpen] = useState<string[]>(() => openTrail([], activeTrail, items));
  const openedFor = useRef(pathname);

  // The group holding the current page opens once per navigation to it;
  // afterwards the user may close it.
  useEffect(() => {
    if (openedFor.current === pathname) return;
    openedFor.current = pathname;
    setOpen((prev) => openTrail(prev, findActiveTrail(items, pathname), items));
  }, [pathname, items]);

  const onToggle = (key: string, level: number) => setOpen((prev) => toggleGroup(prev, key, level, items));

  return (
    <ul className="side-nav">
      {title && <li className="side-nav-title">{title}</li>}
      {items.map((item) => (
        <MenuEntry key={item.key} item={item} level={0} open={open} pathname={pathname} trail={activeTrail} onToggle={onToggle} onNavigate={onNavigate} />
      ))}
    </ul>
  );
}

interface EntryProps {
  item: MenuItem;
  level: number;
  open: string[];
  pathname: string;
  trail: string[];
  onToggle: (key: string, level: number) => void;
  onNavigate?: () => void;
}

function MenuEntry({ item, level, open, pathname, trail, onToggle, onNavigate }: EntryProps) {
  if (item.isTitle) return <li className="side-nav-title">{item.label}</li>;
  const Icon = item.icon;
  const body = (
    <>
      {Icon && (
        <span className="menu-icon" aria-hidden="true">
          <Icon size={18} />
        </span>
      )}
      <span className="menu-text">{item.label}</span>
      {item.badge && <span className={`badge bg-${item.badge.variant} menu-badge`}>{item.badge.text}</span>}
    </>
  );

  if (item.children) {
    const isOpen = open.includes(item.key);
    const inTrail = trail.includes(item.key);
    return (
      <li className={`side-nav-item${isOpen ? ' menuitem-active' : ''}`}>
        <button
          type="button"
          className={`side-nav-link${inTrail ? ' active' : ''}`}
          aria-expanded={isOpen}
          onClick={() => onToggle(item.key, level)}
        >
          {body}
          <ChevronRight size={16} className="menu-arrow" aria-hidden="true" />
        </button>
        {isOpen && (
          <ul className="sub-menu">
            {item.children.map((child) => (
              <MenuEntry key={child.key} item={child} level={level + 1} open={open} pathname={pathname} trail={trail} onToggle={onToggle} onNavigate={onNavigate} />
            ))}
          </ul>
        )}
      </li>
    );
  }

  const active = isItemActive(item, pathname) && trail[trail.length - 1] === item.key;
  return (
    <li className={`side-nav-item${active ? ' menuitem-active' : ''}`}>
      <MenuLink url={item.url ?? '#'} className="side-nav-link" active={active} onClick={onNavigate}>
        {body}
      </MenuLink>
    </li>
  );
}
