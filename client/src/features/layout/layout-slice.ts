// Layout preferences (docs/behaviour.md#layout-settings, #layout-rules). The persisted part is exactly the
// settings object of ssr/CONTRACT.md; the rest is transient UI state.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  defaultLayoutSettings,
  LAYOUT_STORAGE_KEY,
  parseLayoutSettings,
  readLayoutCookie,
  sanitizeLayoutSettings,
  type LayoutPosition,
  type LayoutSettings,
  type LayoutWidth,
  type Orientation,
  type SideNavColor,
  type SideNavSize,
  type Skin,
  type ThemeSetting,
  type TopBarColor,
} from './layout-settings';
import { CONDENSED_MAX_WIDTH, nextSizeOnToggle, sizeForWidth } from './layout-rules';

export interface LayoutState extends LayoutSettings {
  showCustomizer: boolean;
  /**
   * The size the window width imposes (or a toggle made) on top of the chosen
   * `sidenav.size`; null = show the chosen one. Never persisted, so a narrow
   * window does not overwrite the user's choice.
   */
  effectiveSideNavSize: SideNavSize | null;
}

export function defaultLayoutState(): LayoutState {
  return { ...defaultLayoutSettings(), showCustomizer: false, effectiveSideNavSize: null };
}

/** State from settings (e.g. the server's preloaded `layout`), transient parts reset. */
export function layoutStateFrom(settings: unknown): LayoutState {
  return { ...sanitizeLayoutSettings(settings), showCustomizer: false, effectiveSideNavSize: null };
}

/**
 * The layout to start with when no preloaded layout exists: on the server
 * (no window) the defaults; in the browser localStorage, else the cookie,
 * else the defaults, each field validated.
 */
export function readInitialLayout(): LayoutState {
  if (typeof window === 'undefined' || typeof document === 'undefined') return defaultLayoutState();
  let stored: LayoutSettings | null = null;
  try {
    stored = parseLayoutSettings(window.localStorage.getItem(LAYOUT_STORAGE_KEY));
  } catch {
    // Storage can be disabled (privacy mode); the cookie still works.
  }
  const settings = stored ?? readLayoutCookie(document.cookie) ?? defaultLayoutSettings();
  return layoutStateFrom({ ...settings, sidenav: { ...settings.sidenav, isMobileMenuOpen: false } });
}

/** The size currently shown (chosen unless the width or a toggle overrides it). */
export function currentSideNavSize(state: LayoutState): SideNavSize {
  return state.effectiveSideNavSize ?? state.sidenav.size;
}

const layoutSlice = createSlice({
  name: 'layout',
  initialState: readInitialLayout,
  reducers: {
    changeSkin(state, action: PayloadAction<Skin>) {
      state.skin = action.payload;
    },
    changeTheme(state, action: PayloadAction<ThemeSetting>) {
      state.theme = action.payload;
    },
    changeOrientation(state, action: PayloadAction<Orientation>) {
      state.orientation = action.payload;
      // The width rules differ per orientation; the resize hook recomputes.
      state.effectiveSideNavSize = null;
      state.sidenav.isMobileMenuOpen = false;
    },
    changeTopBarColor(state, action: PayloadAction<TopBarColor>) {
      state.topBar.color = action.payload;
    },
    changeSideNavSize(state, action: PayloadAction<SideNavSize>) {
      // An explicit choice shows at once, until the next resize applies the width rules.
      state.sidenav.size = action.payload;
      state.effectiveSideNavSize = null;
    },
    changeSideNavColor(state, action: PayloadAction<SideNavColor>) {
      state.sidenav.color = action.payload;
    },
    changePosition(state, action: PayloadAction<LayoutPosition>) {
      state.position = action.payload;
    },
    changeWidth(state, action: PayloadAction<LayoutWidth>) {
      state.width = action.payload;
    },
    toggleMonochrome(state) {
      state.monochrome = !state.monochrome;
    },
    toggleSideNavUser(state) {
      state.sidenav.user = !state.sidenav.user;
    },
    toggleMobileMenu(state) {
      state.sidenav.isMobileMenuOpen = !state.sidenav.isMobileMenuOpen;
    },
    hideMobileMenu(state) {
      state.sidenav.isMobileMenuOpen = false;
    },
    toggleCustomizer(state) {
      state.showCustomizer = !state.showCustomizer;
    },
    /** Apply the width rules (docs/behaviour.md#layout-rules) to the chosen size. */
    syncSideNavToWidth(state, action: PayloadAction<number>) {
      const width = action.payload;
      const size = sizeForWidth(state.orientation, width, state.sidenav.size);
      // Wide vertical windows show the chosen size; everywhere else the width decides.
      state.effectiveSideNavSize = state.orientation === 'vertical' && width > CONDENSED_MAX_WIDTH ? null : size;
      if (size !== 'offcanvas') state.sidenav.isMobileMenuOpen = false;
    },
    /**
     * The top-bar toggle: offcanvas opens/closes the drawer; otherwise the size
     * flips (docs/behaviour.md#layout-rules). When the width imposes nothing the flip is remembered as
     * the chosen size; when it does (e.g. condensed at 1000 px) it is temporary.
     */
    toggleSideNav(state) {
      const current = state.effectiveSideNavSize ?? state.sidenav.size;
      if (current === 'offcanvas') {
        state.sidenav.isMobileMenuOpen = !state.sidenav.isMobileMenuOpen;
        return;
      }
      const next = nextSizeOnToggle(current, state.sidenav.size);
      // `== null`: a preloaded layout from the server lacks the transient fields.
      if (state.effectiveSideNavSize == null) state.sidenav.size = next;
      else state.effectiveSideNavSize = next;
    },
    /** Replace the settings (e.g. localStorage differing from the cookie after mount). */
    replaceLayoutSettings(state, action: PayloadAction<LayoutSettings>) {
      const next = sanitizeLayoutSettings(action.payload);
      return { ...next, sidenav: { ...next.sidenav, isMobileMenuOpen: false }, showCustomizer: state.showCustomizer, effectiveSideNavSize: null };
    },
    resetLayout(state) {
      return { ...defaultLayoutState(), showCustomizer: state.showCustomizer };
    },
  },
});

export const {
  changeSkin,
  changeTheme,
  changeOrientation,
  changeTopBarColor,
  changeSideNavSize,
  changeSideNavColor,
  changePosition,
  changeWidth,
  toggleMonochrome,
  toggleSideNavUser,
  toggleMobileMenu,
  hideMobileMenu,
  toggleCustomizer,
  syncSideNavToWidth,
  toggleSideNav,
  replaceLayoutSettings,
  resetLayout,
} = layoutSlice.actions;

export const layoutReducer = layoutSlice.reducer;
