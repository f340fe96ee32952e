// Menu item type and the pure logic of active items and open groups (docs/behaviour.md#menus).
import type { IconComponent } from '../../components/icons';

export interface MenuBadge {
  variant: string;
  text: string;
}

export interface MenuItem {
  key: string;
  label: string;
  icon?: IconComponent;
  url?: string;
  badge?: MenuBadge;
  children?: MenuItem[];
  /** A section title row in the side menu (not a link). */
  isTitle?: boolean;
}

function stripSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** Active = the current path ends with the item's url (docs/behaviour.md#menus). */
export function isItemActive(item: MenuItem, pathname: string): boolean {
  if (!item.url || item.url === '#' || item.url === '') return false;
  return stripSlash(pathname).endsWith(stripSlash(item.url));
}

/**
 * Keys from the top-level item down to the active leaf, or [] when no item is
 * active. When several urls match (e.g. /users and /users/roles on
 * /users/roles), the longest url wins.
 */
export function findActiveTrail(items: MenuItem[], pathname: string): string[] {
  let best: { trail: string[]; length: number } | null = null;
  const walk = (list: MenuItem[], parents: string[]) => {
    for (const item of list) {
      const trail = [...parents, item.key];
      if (item.children) walk(item.children, trail);
      else if (isItemActive(item, pathname)) {
        const length = stripSlash(item.url ?? '').length;
        if (!best || length > best.length) best = { trail, length };
      }
    }
  };
  walk(items, []);
  return best ? (best as { trail: string[] }).trail : [];
}

/**
 * Open groups after a click on group `key` at nesting `level` (0 = top level).
 * Only one top-level group is open at a time: opening one closes the other
 * top-level groups (and their nested ones); nested groups toggle independently.
 */
export function toggleGroup(open: string[], key: string, level: number, items: MenuItem[]): string[] {
  if (open.includes(key)) {
    // Closing a group also closes what is nested in it.
    const nested = new Set(descendantKeys(items, key));
    return open.filter((k) => k !== key && !nested.has(k));
  }
  if (level > 0) return [...open, key];
  const topLevel = new Set(items.map((i) => i.key));
  const closing = new Set<string>();
  for (const k of open) {
    if (topLevel.has(k)) {
      closing.add(k);
      for (const d of descendantKeys(items, k)) closing.add(d);
    }
  }
  return [...open.filter((k) => !closing.has(k)), key];
}

/**
 * Open groups after navigating to a page: the groups on its active trail
 * open (the one-top-level-group rule still holds), the rest stay as they are.
 */
export function openTrail(open: string[], trail: string[], items: MenuItem[]): string[] {
  return trail.slice(0, -1).reduce((acc, key, level) => (acc.includes(key) ? acc : toggleGroup(acc, key, level, items)), open);
}

function findItem(items: MenuItem[], key: string): MenuItem | undefined {
  for (const item of items) {
    if (item.key === key) return item;
    const found = item.children && findItem(item.children, key);
    if (found) return found;
  }
  return undefined;
}

function descendantKeys(items: MenuItem[], key: string): string[] {
  const out: string[] = [];
  const collect = (list: MenuItem[] | undefined) => {
    for (const item of list ?? []) {
      out.push(item.key);
      collect(item.children);
    }
  };
  collect(findItem(items, key)?.children);
  return out;
}
