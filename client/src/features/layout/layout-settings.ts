// Layout settings (docs/behaviour.md#layout-settings, ssr/CONTRACT.md): their values, defaults,
// field-by-field validation and the storage formats shared with the server.

export const SKINS = ['modern', 'default', 'material', 'saas', 'flat', 'minimal'] as const;
export const THEMES = ['light', 'dark', 'system'] as const;
export const ORIENTATIONS = ['vertical', 'horizontal'] as const;
export const SIDENAV_SIZES = ['default', 'compact', 'condensed', 'on-hover', 'on-hover-active', 'offcanvas'] as const;
export const SIDENAV_COLORS = ['light', 'dark', 'gray', 'gradient', 'image'] as const;
export const TOPBAR_COLORS = ['light', 'dark', 'gray', 'gradient'] as const;
export const POSITIONS = ['fixed', 'scrollable'] as const;
export const WIDTHS = ['fluid', 'boxed'] as const;

export type Skin = (typeof SKINS)[number];
export type ThemeSetting = (typeof THEMES)[number];
export type Orientation = (typeof ORIENTATIONS)[number];
export type SideNavSize = (typeof SIDENAV_SIZES)[number];
export type SideNavColor = (typeof SIDENAV_COLORS)[number];
export type TopBarColor = (typeof TOPBAR_COLORS)[number];
export type LayoutPosition = (typeof POSITIONS)[number];
export type LayoutWidth = (typeof WIDTHS)[number];

/** The persisted settings: exactly the JSON of the cookie and of localStorage. */
export interface LayoutSettings {
  skin: Skin;
  theme: ThemeSetting;
  monochrome: boolean;
  orientation: Orientation;
  sidenav: {
    size: SideNavSize;
    color: SideNavColor;
    user: boolean;
    isMobileMenuOpen: boolean;
  };
  topBar: { color: TopBarColor };
  position: LayoutPosition;
  width: LayoutWidth;
}

/** localStorage key (docs/behaviour.md#layout-settings: named after the admin theme configuration). */
export const LAYOUT_STORAGE_KEY = '__ADMIN_THEME_CONFIG__';
/** Cookie the server reads to render `<html data-…>` on the first byte. */
export const LAYOUT_COOKIE = 'expediente_layout';
export const LAYOUT_COOKIE_MAX_AGE = 31536000;

export function defaultLayoutSettings(): LayoutSettings {
  return {
    skin: 'modern',
    theme: 'light',
    monochrome: false,
    orientation: 'vertical',
    sidenav: { size: 'default', color: 'gradient', user: false, isMobileMenuOpen: false },
    topBar: { color: 'gradient' },
    position: 'fixed',
    width: 'fluid',
  };
}

function oneOf<T extends string>(values: readonly T[], value: unknown, fallback: T): T {
  return typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Any JSON-ish value to valid settings; each invalid or missing field takes its default. */
export function sanitizeLayoutSettings(input: unknown): LayoutSettings {
  const d = defaultLayoutSettings();
  const raw = record(input);
  const sidenav = record(raw.sidenav);
  const topBar = record(raw.topBar);
  return {
    skin: oneOf(SKINS, raw.skin, d.skin),
    theme: oneOf(THEMES, raw.theme, d.theme),
    monochrome: bool(raw.monochrome, d.monochrome),
    orientation: oneOf(ORIENTATIONS, raw.orientation, d.orientation),
    sidenav: {
      size: oneOf(SIDENAV_SIZES, sidenav.size, d.sidenav.size),
      color: oneOf(SIDENAV_COLORS, sidenav.color, d.sidenav.color),
      user: bool(sidenav.user, d.sidenav.user),
      isMobileMenuOpen: bool(sidenav.isMobileMenuOpen, d.sidenav.isMobileMenuOpen),
    },
    topBar: { color: oneOf(TOPBAR_COLORS, topBar.color, d.topBar.color) },
    position: oneOf(POSITIONS, raw.position, d.position),
    width: oneOf(WIDTHS, raw.width, d.width),
  };
}

/** JSON text (or null) to settings; null when there is nothing usable to read. */
export function parseLayoutSettings(text: string | null | undefined): LayoutSettings | null {
  if (!text) return null;
  try {
    return sanitizeLayoutSettings(JSON.parse(text));
  } catch {
    return null;
  }
}

/**
 * What gets stored. The mobile drawer is transient: a reload must not open it
 * (and the server would otherwise render it open), so it is always saved closed.
 */
export function persistableSettings(s: LayoutSettings): LayoutSettings {
  return {
    skin: s.skin,
    theme: s.theme,
    monochrome: s.monochrome,
    orientation: s.orientation,
    sidenav: { size: s.sidenav.size, color: s.sidenav.color, user: s.sidenav.user, isMobileMenuOpen: false },
    topBar: { color: s.topBar.color },
    position: s.position,
    width: s.width,
  };
}

/** The `Set-Cookie`-style string written to `document.cookie`. */
export function layoutCookieString(s: LayoutSettings): string {
  const value = encodeURIComponent(JSON.stringify(persistableSettings(s)));
  return `${LAYOUT_COOKIE}=${value}; Path=/; Max-Age=${LAYOUT_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** The layout cookie's value out of a `document.cookie` string. */
export function readLayoutCookie(cookieHeader: string): LayoutSettings | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== LAYOUT_COOKIE) continue;
    try {
      return parseLayoutSettings(decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      return null;
    }
  }
  return null;
}

export function sameSettings(a: LayoutSettings, b: LayoutSettings): boolean {
  return JSON.stringify(persistableSettings(a)) === JSON.stringify(persistableSettings(b));
}
