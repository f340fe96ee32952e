// The navigation, one chunk: the server renders it, the browser hydrates it
// right after the page (lazy-nav.ts).
export { default as SideNav } from './side-nav';
export { default as TopBar } from './top-bar';
export { default as HorizontalNav } from './horizontal-nav';
