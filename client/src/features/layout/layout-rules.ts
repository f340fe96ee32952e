// Pure rules of the shell (docs/behaviour.md#layout-rules, #constants), kept apart from React
// so they can be tested one by one.
import type { Orientation, SideNavSize, ThemeSetting } from './layout-settings';

export const BREAKPOINTS = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 } as const;
/** Vertical: at or below this width the side nav becomes offcanvas. */
export const OFFCANVAS_MAX_WIDTH = 767.98;
/** Vertical: at or below this width the side nav is condensed. */
export const CONDENSED_MAX_WIDTH = 1140;
/** Horizontal layout below this width falls back to the side navigation. */
export const HORIZONTAL_MIN_WIDTH = 992;
export const RESIZE_DEBOUNCE_MS = 200;
/** Above this width the open mobile drawer pads the body (scrollbar gutter). */
export const BACKDROP_PADDING_MIN_WIDTH = 767;
export const BACKDROP_BODY_PADDING_PX = 15;
export const MENU_SCROLL_DELAY_MS = 100;
export const MENU_SCROLL_DURATION_MS = 500;
export const MENU_SCROLL_OFFSET_RATIO = 0.4;

/** The side-nav size that a window width imposes on the chosen one. */
export function sizeForWidth(orientation: Orientation, width: number, chosen: SideNavSize): SideNavSize {
  if (orientation === 'horizontal') return width < HORIZONTAL_MIN_WIDTH ? 'offcanvas' : 'default';
  if (width <= OFFCANVAS_MAX_WIDTH) return 'offcanvas';
  if (width <= CONDENSED_MAX_WIDTH) return chosen === 'offcanvas' ? 'offcanvas' : 'condensed';
  return chosen;
}

/**
 * The size after a click on the side-nav toggle (offcanvas is handled apart:
 * there the toggle opens the drawer). `chosen` lets condensed go back to
 * compact when compact is what the user picked.
 */
export function nextSizeOnToggle(current: SideNavSize, chosen: SideNavSize): SideNavSize {
  switch (current) {
    case 'offcanvas':
      return 'offcanvas';
    case 'on-hover':
      return 'on-hover-active';
    case 'on-hover-active':
      return 'on-hover';
    case 'compact':
      return 'condensed';
    case 'condensed':
      return chosen === 'compact' ? 'compact' : 'default';
    default:
      return 'condensed';
  }
}

/** The theme to paint: `system` follows the OS preference. */
export function effectiveTheme(setting: ThemeSetting, prefersDark: boolean): 'light' | 'dark' {
  if (setting === 'system') return prefersDark ? 'dark' : 'light';
  return setting;
}

/** Whether the body should get the scrollbar-gutter padding while the drawer is open. */
export function backdropPadding(width: number): number {
  return width > BACKDROP_PADDING_MIN_WIDTH ? BACKDROP_BODY_PADDING_PX : 0;
}

/** Ease for the side-menu scroll: slow start and end. */
export function easeInOutQuad(t: number): number {
  return t < 0.5 ? 2 * t * t : -1 + (4 - 2 * t) * t;
}

/** scrollTop that puts an item at 40% of the window's height (never negative). */
export function menuScrollTarget(itemOffsetTop: number, windowHeight: number): number {
  return Math.max(0, itemOffsetTop - windowHeight * MENU_SCROLL_OFFSET_RATIO);
}
