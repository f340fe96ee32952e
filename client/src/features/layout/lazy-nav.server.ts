// lazy-nav.ts for the server's bundle (build.mjs): the server renders
// synchronously, so the navigation is a static import here.
export { HorizontalNav, SideNav, TopBar } from './nav';
