// The parts of the shell that the first paint never shows (closed panels
// and menus, toasts), each a chunk of its own: hydration does not wait for
// them, and the browser entry loads them once the page is up
// (preloadLayoutParts), so opening one rarely waits on the network. They are
// rendered only while shown, inside a Suspense boundary of their own.
import { lazyScreen } from '../../lib/lazy-screen';

const parts = {
  customizer: lazyScreen(() => import('./customizer-panel')),
  notifications: lazyScreen(() => import('./notification-list')),
  megaMenu: lazyScreen(() => import('./mega-menu-columns')),
  toasts: lazyScreen(() => import('./toasts').then((m) => ({ default: m.AppToastContainer }))),
};

export const CustomizerPanel = parts.customizer.Component;
export const NotificationList = parts.notifications.Component;
export const MegaMenuColumns = parts.megaMenu.Component;
export const ToastContainer = parts.toasts.Component;

/** Loads every part, quietly (a failure is retried when the part is shown). */
export function preloadLayoutParts(): Promise<void> {
  return Promise.all(Object.values(parts).map((part) => part.preload().catch(() => undefined))).then(() => undefined);
}
