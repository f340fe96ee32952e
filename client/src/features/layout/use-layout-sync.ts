// Keeps the browser in step with the layout state: `<html>` attributes,
// persistence, the OS colour scheme, the width rules and the drawer's body lock.
// Everything runs in effects, so the first client render equals the server's.
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector, useAppStore } from '../../hooks/store';
import { applyLayoutAttributes, persistLayout, prefersDarkQuery, readStoredLayout } from './layout-dom';
import { backdropPadding, RESIZE_DEBOUNCE_MS } from './layout-rules';
import { persistableSettings, sameSettings } from './layout-settings';
import { replaceLayoutSettings, syncSideNavToWidth } from './layout-slice';

/** Set on `<html>` once JS applies the effective side-nav size; until then CSS media queries stand in. */
export const LAYOUT_READY_ATTRIBUTE = 'data-layout-ready';

export function useLayoutSync(): void {
  const layout = useAppSelector((s) => s.layout);
  const dispatch = useAppDispatch();
  const store = useAppStore();
  // Read at once in the browser (not rendered, so hydration is unaffected):
  // starting from false would repaint a dark "system" page light for a frame.
  const [prefersDark, setPrefersDark] = useState(() => prefersDarkQuery()?.matches ?? false);

  // First mount: localStorage is the source of truth; the server rendered from
  // the cookie that mirrors it, and if the two differ (cookie lost) it wins now.
  // Only once (dispatch and store never change): later changes come from this tab.
  useEffect(() => {
    const stored = readStoredLayout();
    if (stored && !sameSettings(stored, store.getState().layout)) dispatch(replaceLayoutSettings(stored));
  }, [dispatch, store]);

  // Theme "system" follows the OS, also when it changes while the page is open.
  useEffect(() => {
    const query = prefersDarkQuery();
    if (!query) return;
    setPrefersDark(query.matches);
    const onChange = (e: MediaQueryListEvent) => setPrefersDark(e.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  useEffect(() => {
    applyLayoutAttributes(document.documentElement, layout, prefersDark);
  }, [layout, prefersDark]);

  const settingsKey = JSON.stringify(persistableSettings(layout));
  useEffect(() => {
    persistLayout(JSON.parse(settingsKey));
  }, [settingsKey]);

  // Width rules (docs/behaviour.md#layout-rules): at mount and when the orientation changes, then on
  // resize, debounced 200 ms. An explicit size choice shows until the next resize.
  const { orientation } = layout;
  useEffect(() => {
    dispatch(syncSideNavToWidth(window.innerWidth));
    // Write the effective size before handing over from the media queries, so
    // no frame shows the chosen size where the width imposes another.
    applyLayoutAttributes(document.documentElement, store.getState().layout, prefersDarkQuery()?.matches ?? false);
    document.documentElement.setAttribute(LAYOUT_READY_ATTRIBUTE, 'true');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => dispatch(syncSideNavToWidth(window.innerWidth)), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [dispatch, store, orientation]);

  // The open drawer locks body scrolling; wide windows keep the scrollbar gutter.
  const drawerOpen = layout.sidenav.isMobileMenuOpen;
  useEffect(() => {
    if (!drawerOpen) return;
    const body = document.body;
    body.style.overflow = 'hidden';
    const padding = backdropPadding(window.innerWidth);
    if (padding) body.style.paddingRight = `${padding}px`;
    return () => {
      body.style.overflow = '';
      body.style.paddingRight = '';
    };
  }, [drawerOpen]);
}
