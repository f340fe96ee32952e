// The shell's parts that the first paint never shows (closed panels and
// menus, toasts), each loaded apart and rendered only while shown
// (lazyPart: loaded once the page is up), inside a Suspense boundary of
// its own. The navigation is lazy-nav.ts. The server's bundle takes
// lazy-parts.server.ts instead (build.mjs): static imports.
import { lazyPart } from '../../lib/lazy-screen';

export const CustomizerPanel = lazyPart(() => import('./customizer-panel')).Component;
export const NotificationList = lazyPart(() => import('./notification-list')).Component;
export const MegaMenuColumns = lazyPart(() => import('./mega-menu-columns')).Component;
export const ToastContainer = lazyPart(async () => ({ default: (await import('./toasts')).AppToastContainer })).Component;
