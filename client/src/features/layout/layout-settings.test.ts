import { describe, expect, it } from 'vitest';
import {
  defaultLayoutSettings,
  LAYOUT_COOKIE,
  layoutCookieString,
  parseLayoutSettings,
  readLayoutCookie,
  sanitizeLayoutSettings,
  sameSettings,
} from './layout-settings';
// The specification's table of defaults, also read by the browser tests.
import SPEC_DEFAULTS from './spec-layout-defaults.json';

describe('layout settings', () => {
  it('has the spec defaults', () => {
    expect(defaultLayoutSettings()).toEqual(SPEC_DEFAULTS);
  });

  it('keeps valid values', () => {
    const s = {
      skin: 'saas',
      theme: 'system',
      monochrome: true,
      orientation: 'horizontal',
      sidenav: { size: 'on-hover-active', color: 'image', user: true, isMobileMenuOpen: true },
      topBar: { color: 'gray' },
      position: 'scrollable',
      width: 'boxed',
    };
    expect(sanitizeLayoutSettings(s)).toEqual(s);
  });

  it('falls back field by field on invalid or missing values', () => {
    const s = sanitizeLayoutSettings({
      skin: 'neon',
      theme: 'dark',
      monochrome: 'yes',
      orientation: 42,
      sidenav: { size: 'huge', color: 'dark', user: 1 },
      topBar: 'dark',
      position: 'scrollable',
    });
    // The valid values stay; every other field is its default.
    const defaults = defaultLayoutSettings();
    expect(s).toEqual({ ...defaults, theme: 'dark', sidenav: { ...defaults.sidenav, color: 'dark' }, position: 'scrollable' });
    expect(sanitizeLayoutSettings(null)).toEqual(defaultLayoutSettings());
    expect(sanitizeLayoutSettings([1, 2])).toEqual(defaultLayoutSettings());
  });

  it('parses JSON text, null when unusable', () => {
    expect(parseLayoutSettings(null)).toBeNull();
    expect(parseLayoutSettings('')).toBeNull();
    expect(parseLayoutSettings('{not json')).toBeNull();
    expect(parseLayoutSettings('{"skin":"flat"}')?.skin).toBe('flat');
  });

  it('writes the cookie of the contract and reads it back', () => {
    const s = { ...defaultLayoutSettings(), orientation: 'horizontal' as const, theme: 'dark' as const };
    const cookie = layoutCookieString(s);
    const [pair, ...attrs] = cookie.split('; ');
    expect(attrs).toEqual(['Path=/', 'Max-Age=31536000', 'SameSite=Lax']);
    expect(pair.startsWith(`${LAYOUT_COOKIE}=`)).toBe(true);
    const value = pair.slice(LAYOUT_COOKIE.length + 1);
    expect(value).toBe(encodeURIComponent(JSON.stringify(s)));
    expect(readLayoutCookie(`a=1; ${pair}; b=2`)).toEqual(s);
  });

  it('never stores the mobile drawer as open', () => {
    const s = defaultLayoutSettings();
    s.sidenav.isMobileMenuOpen = true;
    expect(decodeURIComponent(layoutCookieString(s))).toContain('"isMobileMenuOpen":false');
  });

  it('reads no cookie when absent or broken', () => {
    expect(readLayoutCookie('')).toBeNull();
    expect(readLayoutCookie('other=1')).toBeNull();
    expect(readLayoutCookie(`${LAYOUT_COOKIE}=%E0%A4%A`)).toBeNull();
  });

  it('compares settings ignoring the transient drawer flag', () => {
    const a = defaultLayoutSettings();
    const b = defaultLayoutSettings();
    b.sidenav.isMobileMenuOpen = true;
    expect(sameSettings(a, b)).toBe(true);
    b.skin = 'flat';
    expect(sameSettings(a, b)).toBe(false);
  });
});
