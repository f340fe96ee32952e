// lazy-nav.ts for the server's bundle (build.mjs): the server renders
// synchronously, so the navigation is a static import here, and its markup
// is kept by what it shows (nav-markup.ts).
import { keptOnServer } from './nav-markup';
import SideNavPart, { SIDE_NAV_ROOT } from './side-nav';
import TopBarPart, { TOP_BAR_ROOT } from './top-bar';

export { HorizontalNav } from './nav';
export const SideNav = keptOnServer('side', SideNavPart, SIDE_NAV_ROOT);
export const TopBar = keptOnServer('top', TopBarPart, TOP_BAR_ROOT);
