// The shell's parts that hydration does not wait for, each loaded apart:
// - the navigation (side menu, top bar, horizontal menu), which the server
//   renders: hydration asks for its chunk, React keeps its HTML (the links
//   work) until the chunk is in, then hydrates it;
// - what the first paint never shows (closed panels and menus, toasts),
//   rendered only while shown (lazyPart: loaded once the page is up).
// Each is rendered inside a Suspense boundary of its own. The server's
// bundle takes lazy-parts.server.ts instead (build.mjs): static imports.
import { lazyPart } from '../../lib/lazy-screen';

const nav = () => import('./nav');
/** Asks for the navigation's chunk; the browser entry does so as it starts, before the other parts and screens, which would queue ahead of it on a slow link. */
export const preloadNavigation = () => nav().then(() => undefined);
export const SideNav = lazyPart(async () => ({ default: (await nav()).SideNav })).Component;
export const TopBar = lazyPart(async () => ({ default: (await nav()).TopBar })).Component;
export const HorizontalNav = lazyPart(async () => ({ default: (await nav()).HorizontalNav })).Component;

export const CustomizerPanel = lazyPart(() => import('./customizer-panel')).Component;
export const NotificationList = lazyPart(() => import('./notification-list')).Component;
export const MegaMenuColumns = lazyPart(() => import('./mega-menu-columns')).Component;
export const ToastContainer = lazyPart(async () => ({ default: (await import('./toasts')).AppToastContainer })).Component;
