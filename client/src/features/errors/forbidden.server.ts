// forbidden.ts for the server's bundle (build.mjs): a static import.
export { default as ForbiddenPage } from './forbidden-page';
