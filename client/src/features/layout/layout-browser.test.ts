// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { applyLayoutAttributes, layoutAttributes, persistLayout, readStoredLayout } from './layout-dom';
import { defaultLayoutSettings, LAYOUT_COOKIE, LAYOUT_STORAGE_KEY, readLayoutCookie } from './layout-settings';
import { defaultLayoutState, readInitialLayout } from './layout-slice';

function clearCookie() {
  document.cookie = `${LAYOUT_COOKIE}=; Path=/; Max-Age=0`;
}

afterEach(() => {
  localStorage.clear();
  clearCookie();
});

describe('layout in the browser', () => {
  it('readInitialLayout: defaults when nothing is stored', () => {
    expect(readInitialLayout()).toEqual(defaultLayoutState());
  });

  it('readInitialLayout: localStorage first, validated field by field', () => {
    localStorage.setItem(LAYOUT_STORAGE_KEY, JSON.stringify({ skin: 'saas', orientation: 'sideways' }));
    document.cookie = `${LAYOUT_COOKIE}=${encodeURIComponent(JSON.stringify({ skin: 'flat' }))}; Path=/`;
    const s = readInitialLayout();
    expect(s.skin).toBe('saas');
    expect(s.orientation).toBe('vertical');
  });

  it('readInitialLayout: the cookie when localStorage has nothing usable', () => {
    localStorage.setItem(LAYOUT_STORAGE_KEY, '{broken');
    document.cookie = `${LAYOUT_COOKIE}=${encodeURIComponent(JSON.stringify({ skin: 'flat', theme: 'dark' }))}; Path=/`;
    const s = readInitialLayout();
    expect(s.skin).toBe('flat');
    expect(s.theme).toBe('dark');
  });

  it('persists to the storage key and mirrors into the cookie', () => {
    const settings = { ...defaultLayoutSettings(), orientation: 'horizontal' as const };
    persistLayout(settings);
    expect(JSON.parse(localStorage.getItem(LAYOUT_STORAGE_KEY)!)).toEqual(settings);
    expect(readStoredLayout()).toEqual(settings);
    expect(readLayoutCookie(document.cookie)).toEqual(settings);
  });

  it('applies the contract attributes on <html>, with the effective size and theme', () => {
    const state = { ...defaultLayoutState(), theme: 'system' as const, effectiveSideNavSize: 'condensed' as const, monochrome: true };
    applyLayoutAttributes(document.documentElement, state, true);
    const html = document.documentElement;
    expect(html.getAttribute('data-theme')).toBe('system');
    expect(html.getAttribute('data-bs-theme')).toBe('dark');
    expect(html.getAttribute('data-sidenav-size')).toBe('condensed');
    expect(html.getAttribute('data-monochrome')).toBe('true');
    expect(layoutAttributes(state, false).map(([name]) => name)).toEqual([
      'data-skin',
      'data-theme',
      'data-bs-theme',
      'data-monochrome',
      'data-layout',
      'data-sidenav-size',
      'data-sidenav-color',
      'data-sidenav-user',
      'data-topbar-color',
      'data-layout-position',
      'data-layout-width',
    ]);
    applyLayoutAttributes(html, { ...state, theme: 'light' }, true);
    expect(html.getAttribute('data-bs-theme')).toBe('light');
  });
});
