// The "Acesso negado" screen as a chunk of its own: rarely shown, and the
// icons it draws would otherwise bring every icon into the shell (esbuild
// places a file by which entries reach it). Suspended at hydration, React
// keeps the server's HTML until it has loaded. The server's bundle takes
// forbidden.server.ts instead (build.mjs).
import { lazyPart } from '../../lib/lazy-screen';

export const ForbiddenPage = lazyPart(() => import('./forbidden-page')).Component;
