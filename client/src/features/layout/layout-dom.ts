// Browser side effects of the layout settings: `<html>` attributes (table in
// ssr/CONTRACT.md) and persistence (localStorage + cookie for the server).
import {
  LAYOUT_STORAGE_KEY,
  layoutCookieString,
  parseLayoutSettings,
  persistableSettings,
  type LayoutSettings,
} from './layout-settings';
import type { LayoutState } from './layout-slice';
import { effectiveTheme } from './layout-rules';

/** The attributes, in the contract's order, with the size actually shown. */
export function layoutAttributes(state: LayoutState, prefersDark: boolean): [string, string][] {
  return [
    ['data-skin', state.skin],
    ['data-theme', state.theme],
    ['data-bs-theme', effectiveTheme(state.theme, prefersDark)],
    ['data-monochrome', String(state.monochrome)],
    ['data-layout', state.orientation],
    ['data-sidenav-size', state.effectiveSideNavSize ?? state.sidenav.size],
    ['data-sidenav-color', state.sidenav.color],
    ['data-sidenav-user', String(state.sidenav.user)],
    ['data-topbar-color', state.topBar.color],
    ['data-layout-position', state.position],
    ['data-layout-width', state.width],
  ];
}

export function applyLayoutAttributes(root: HTMLElement, state: LayoutState, prefersDark: boolean): void {
  for (const [name, value] of layoutAttributes(state, prefersDark)) {
    if (root.getAttribute(name) !== value) root.setAttribute(name, value);
  }
}

export function readStoredLayout(): LayoutSettings | null {
  try {
    return parseLayoutSettings(window.localStorage.getItem(LAYOUT_STORAGE_KEY));
  } catch {
    return null;
  }
}

/** Save to localStorage and mirror into the cookie the server renders from. */
export function persistLayout(settings: LayoutSettings): void {
  try {
    window.localStorage.setItem(LAYOUT_STORAGE_KEY, JSON.stringify(persistableSettings(settings)));
  } catch {
    // Storage full or disabled: the cookie still carries the settings.
  }
  document.cookie = layoutCookieString(settings);
}

export function prefersDarkQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)')
    : null;
}
