// SimpleBar's script, loaded by the side menu after hydration
// (sidenav-scroll.tsx). Imported through this module, a screen-like chunk of
// the app (screens-module.mjs groups such chunks with the shell), rather than
// straight from the package, so the shell keeps its runtime helpers and the
// page hydrates with no more files.
export { default } from 'simplebar-core';
