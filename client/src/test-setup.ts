// The api plugged into every store the tests make, as the server's bundle
// and the browser's protected screens do (app/endpoints.ts).
import './app/endpoints';
// The lazy parts loaded up front, as the server's bundle has them (the
// `.server.ts` twins, build.mjs): a test renders synchronously.
import './features/clients/clients-forms';
import './features/errors/forbidden';
import './features/layout/lazy-nav';
import './features/layout/lazy-parts';
import { preloadLazyParts } from './lib/lazy-screen';

await preloadLazyParts();
