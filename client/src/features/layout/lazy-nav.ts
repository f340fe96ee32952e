// The navigation (side menu, top bar, horizontal menu), one chunk loaded
// apart: the server renders it, hydration asks for its chunk, React keeps
// its HTML (the links work) until the chunk is in, then hydrates it. Each
// part is rendered inside a Suspense boundary of its own. The server's
// bundle takes lazy-nav.server.ts instead (build.mjs): static imports.
import { lazyPart } from '../../lib/lazy-screen';

const nav = () => import('./nav');
/** Asks for the navigation's chunk; the browser entry does so as it starts, before the other parts and screens, which would queue ahead of it on a slow link. */
export const preloadNavigation = () => nav().then(() => undefined);
export const SideNav = lazyPart(async () => ({ default: (await nav()).SideNav })).Component;
export const TopBar = lazyPart(async () => ({ default: (await nav()).TopBar })).Component;
export const HorizontalNav = lazyPart(async () => ({ default: (await nav()).HorizontalNav })).Component;
