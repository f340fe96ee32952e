import { describe, expect, it } from 'vitest';
import { changeOrientation, changePosition, changeSideNavColor, changeSideNavSize, changeSkin, changeTheme, changeTopBarColor, changeWidth, currentSideNavSize, defaultLayoutState, hideMobileMenu, layoutReducer, layoutStateFrom, readInitialLayout, replaceLayoutSettings, resetLayout, syncSideNavToWidth, toggleCustomizer, toggleMobileMenu, toggleMonochrome, toggleSideNav, toggleSideNavUser, type LayoutState } from './layout-slice';
import { defaultLayoutSettings } from './layout-settings';

const start = () => defaultLayoutState();
const run = (state: LayoutState, ...actions: Parameters<typeof layoutReducer>[1][]) => actions.reduce(layoutReducer, state);

describe('layout slice', () => {
  it('starts with the defaults on the server (no window)', () => {
    expect(readInitialLayout()).toEqual({ ...defaultLayoutSettings(), showCustomizer: false, effectiveSideNavSize: null });
    expect(layoutReducer(undefined, { type: '@@init' })).toEqual(defaultLayoutState());
  });

  it('changes each setting', () => {
    const s = run(
      start(),
      changeSkin('material'),
      changeTheme('dark'),
      changeTopBarColor('light'),
      changeSideNavColor('image'),
      changePosition('scrollable'),
      changeWidth('boxed'),
    );
    expect(s.skin).toBe('material');
    expect(s.theme).toBe('dark');
    expect(s.topBar.color).toBe('light');
    expect(s.sidenav.color).toBe('image');
    expect(s.position).toBe('scrollable');
    expect(s.width).toBe('boxed');
  });

  it('toggles monochrome, the user block, the drawer and the customizer', () => {
    let s = run(start(), toggleMonochrome(), toggleSideNavUser(), toggleMobileMenu(), toggleCustomizer());
    expect([s.monochrome, s.sidenav.user, s.sidenav.isMobileMenuOpen, s.showCustomizer]).toEqual([true, true, true, true]);
    s = run(s, toggleMonochrome(), toggleSideNavUser(), toggleMobileMenu(), toggleCustomizer());
    expect([s.monochrome, s.sidenav.user, s.sidenav.isMobileMenuOpen, s.showCustomizer]).toEqual([false, false, false, false]);
    expect(run(start(), toggleMobileMenu(), hideMobileMenu()).sidenav.isMobileMenuOpen).toBe(false);
  });

  it('changes orientation and drops the width override', () => {
    const s = run(start(), syncSideNavToWidth(1000), changeOrientation('horizontal'));
    expect(s.orientation).toBe('horizontal');
    expect(s.effectiveSideNavSize).toBeNull();
  });

  it('keeps the chosen size apart from the size the width imposes', () => {
    let s = run(start(), changeSideNavSize('compact'), syncSideNavToWidth(1000));
    expect(s.sidenav.size).toBe('compact');
    expect(currentSideNavSize(s)).toBe('condensed');
    s = run(s, syncSideNavToWidth(500));
    expect(currentSideNavSize(s)).toBe('offcanvas');
    s = run(s, syncSideNavToWidth(1400));
    expect(currentSideNavSize(s)).toBe('compact');
    expect(s.effectiveSideNavSize).toBeNull();
    s = run(s, changeOrientation('horizontal'), syncSideNavToWidth(900));
    expect(currentSideNavSize(s)).toBe('offcanvas');
    s = run(s, syncSideNavToWidth(1200));
    expect(currentSideNavSize(s)).toBe('default');
  });

  it('closes the drawer when the width no longer calls for it', () => {
    const s = run(start(), syncSideNavToWidth(500), toggleSideNav(), syncSideNavToWidth(1400));
    expect(s.sidenav.isMobileMenuOpen).toBe(false);
  });

  it('toggle: opens and closes the drawer in offcanvas', () => {
    let s = run(start(), syncSideNavToWidth(500), toggleSideNav());
    expect(s.sidenav.isMobileMenuOpen).toBe(true);
    expect(currentSideNavSize(s)).toBe('offcanvas');
    s = run(s, toggleSideNav());
    expect(s.sidenav.isMobileMenuOpen).toBe(false);
  });

  it('toggle: a wide window remembers the flip as the chosen size', () => {
    let s = run(start(), syncSideNavToWidth(1400), toggleSideNav());
    expect(s.sidenav.size).toBe('condensed');
    s = run(s, toggleSideNav());
    expect(s.sidenav.size).toBe('default');
    s = run(start(), changeSideNavSize('on-hover'), toggleSideNav());
    expect(s.sidenav.size).toBe('on-hover-active');
  });

  it('toggle: a width-imposed size flips for the moment only', () => {
    let s = run(start(), changeSideNavSize('compact'), syncSideNavToWidth(1000), toggleSideNav());
    expect(currentSideNavSize(s)).toBe('compact');
    expect(s.sidenav.size).toBe('compact');
    s = run(start(), syncSideNavToWidth(1000), toggleSideNav());
    expect(currentSideNavSize(s)).toBe('default');
    s = run(s, toggleSideNav());
    expect(currentSideNavSize(s)).toBe('condensed');
    expect(s.sidenav.size).toBe('default');
  });

  it('an explicit size choice shows at once', () => {
    const s = run(start(), syncSideNavToWidth(1000), changeSideNavSize('compact'));
    expect(currentSideNavSize(s)).toBe('compact');
  });

  it('works on a preloaded layout that lacks the transient fields', () => {
    const preloaded = { ...defaultLayoutSettings() } as LayoutState;
    const s = run(preloaded, toggleSideNav(), toggleCustomizer());
    expect(s.sidenav.size).toBe('condensed');
    expect(s.showCustomizer).toBe(true);
  });

  it('builds state from preloaded settings, validating them', () => {
    const s = layoutStateFrom({ orientation: 'horizontal', skin: 'bogus', sidenav: { color: 'dark' } });
    expect(s.orientation).toBe('horizontal');
    expect(s.skin).toBe('modern');
    expect(s.sidenav.color).toBe('dark');
    expect(s.showCustomizer).toBe(false);
    expect(s.effectiveSideNavSize).toBeNull();
  });

  it('replaces the settings (stored ones after mount), keeping the panel', () => {
    const stored = { ...defaultLayoutSettings(), skin: 'flat' as const, sidenav: { ...defaultLayoutSettings().sidenav, isMobileMenuOpen: true } };
    const s = run(start(), toggleCustomizer(), syncSideNavToWidth(1000), replaceLayoutSettings(stored));
    expect(s.skin).toBe('flat');
    expect(s.sidenav.isMobileMenuOpen).toBe(false);
    expect(s.showCustomizer).toBe(true);
    expect(s.effectiveSideNavSize).toBeNull();
  });

  it('resets every setting to the defaults', () => {
    const s = run(
      start(),
      changeSkin('flat'),
      changeTheme('system'),
      changeOrientation('horizontal'),
      changeSideNavSize('compact'),
      toggleMonochrome(),
      toggleSideNavUser(),
      changeWidth('boxed'),
      toggleCustomizer(),
      resetLayout(),
    );
    const { showCustomizer, ...rest } = s;
    expect(rest).toEqual({ ...defaultLayoutSettings(), effectiveSideNavSize: null });
    expect(showCustomizer).toBe(true);
  });
});
