// The screen modules of src/app/routes.json as one generated module, the
// same for the build (esbuild plugin, build.mjs) and the tests (vite plugin,
// vitest.config.ts):
//   virtual:screens/browser → `loaders`: path → () => import of the screen's
//                             own module, one chunk a screen (code they share
//                             goes to shared chunks): a page's hydration
//                             waits only for its own screen, the others load
//                             after it (entry-browser.tsx);
//   virtual:screens/server  → `components`: path → screen component, static
//                             imports, since the server renders synchronously.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const clientDir = path.dirname(fileURLToPath(import.meta.url));
export const SRC_DIR = path.join(clientDir, 'src');
export const ROUTES_FILE = path.join(SRC_DIR, 'app', 'routes.json');
/** Imported first by every protected screen in the browser: it plugs the api (RTK Query) into the store (src/app/store.ts). */
export const ENDPOINTS_FILE = path.join(SRC_DIR, 'app', 'endpoints.ts');
const VIRTUAL = /^virtual:screens\/(browser|server)$/;

/** The route table: `[{ path, screen, title, protected, roles? }]`, "*" being the not-found screen. */
export function readRoutes() {
  return JSON.parse(readFileSync(ROUTES_FILE, 'utf8'));
}

/**
 * Whether a route's screen needs the api (RTK Query) to hydrate: a
 * protected one does unless every read of its route goes through the
 * spec's slices (`/clients`), whose forms load after it (clients-forms.ts).
 */
export function needsApi(route) {
  return !!route.protected && !(route.reads?.length && route.reads.every((read) => read.slice));
}

/** The absolute file of a screen module named relative to src/ without extension. */
export function screenFile(screen) {
  for (const ext of ['.tsx', '.ts']) {
    const file = path.join(SRC_DIR, screen + ext);
    if (existsSync(file)) return file;
  }
  throw new Error(`routes.json: no module src/${screen}.tsx or .ts`);
}

/** The source of virtual:screens/<target>, target "browser" or "server". */
export function screensModule(target, routes = readRoutes()) {
  const header = '// Generated from src/app/routes.json by screens-module.mjs.\n';
  if (target === 'browser') {
    const entries = routes.map((r) => `  ${JSON.stringify(r.path)}: () => import(${JSON.stringify(screenFile(r.screen))}),`);
    return `${header}export const loaders = {\n${entries.join('\n')}\n};\n`;
  }
  if (target === 'server') {
    const imports = routes.map((r, i) => `import Screen${i} from ${JSON.stringify(screenFile(r.screen))};`);
    const entries = routes.map((r, i) => `  ${JSON.stringify(r.path)}: Screen${i},`);
    return `${header}${imports.join('\n')}\nexport const components = {\n${entries.join('\n')}\n};\n`;
  }
  throw new Error(`screens-module: unknown target ${target}`);
}

/**
 * esbuild: resolves virtual:screens/browser and virtual:screens/server.
 *
 * With `browser`, every screen that needs the api (needsApi) first imports
 * src/app/endpoints.ts, which plugs the api into the store: a page that needs
 * no api (the sign-in, the clients list) hydrates without RTK Query, and the
 * others find it in the api group's chunk (the server's bundle imports it
 * from its entry; the tests from their setup file).
 *
 * With `groups` (the browser build's second pass, build.mjs), every module
 * that is loaded with import() (a screen, a lazy part) first imports, as
 * bare imports, every file of `groups.shell` (what the entry loads), unless
 * it is one of `groups.withoutCommon` those of `groups.common` (what the
 * protected screens and the navigation share), and unless it is one of
 * those or of `groups.withoutApi`, those of `groups.api` (what the screens
 * that need the api share on top). esbuild puts a file in the chunk of the
 * set of entry points that reach it, so with one entry a screen, code that
 * the entry and a few screens share would otherwise come out as dozens of
 * small chunks, each a request (six at a time over HTTP/1.1); this way the
 * sign-in hydrates with three files, the clients list with four and the
 * other protected pages with five.
 */
export function screensEsbuildPlugin({ browser = false, groups = null } = {}) {
  const bare = (files) => files.map((f) => `import ${JSON.stringify(f)};`).join('\n');
  const apiScreens = new Set(browser ? readRoutes().filter(needsApi).map((r) => screenFile(r.screen)) : []);
  return {
    name: 'screens-module',
    setup(build) {
      build.onResolve({ filter: VIRTUAL }, (args) => ({ path: args.path, namespace: 'screens' }));
      build.onLoad({ filter: /.*/, namespace: 'screens' }, (args) => ({
        contents: screensModule(VIRTUAL.exec(args.path)[1]),
        loader: 'js',
        resolveDir: SRC_DIR,
        watchFiles: [ROUTES_FILE],
      }));
      const lazy = new Set(groups?.lazy ?? []);
      const withoutCommon = new Set(groups?.withoutCommon ?? []);
      const withoutApi = new Set(groups?.withoutApi ?? []);
      build.onResolve({ filter: /^virtual:chunk-group\/(shell|common|api)$/ }, (args) => ({ path: args.path, namespace: 'chunk-group' }));
      build.onLoad({ filter: /.*/, namespace: 'chunk-group' }, (args) => ({
        contents: bare(groups[args.path.slice('virtual:chunk-group/'.length)]),
        loader: 'js',
        resolveDir: SRC_DIR,
      }));
      build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        const endpoints = apiScreens.has(args.path) ? `import ${JSON.stringify(ENDPOINTS_FILE)};\n` : '';
        if (!lazy.has(args.path) && !endpoints) return undefined;
        const source = await readFile(args.path, 'utf8');
        const group = (name, leftOut) => (lazy.has(args.path) && !leftOut ? `import 'virtual:chunk-group/${name}';\n` : '');
        const noCommon = withoutCommon.has(args.path);
        const groupImports = group('shell', false) + group('common', noCommon) + group('api', noCommon || withoutApi.has(args.path));
        return {
          contents: `${groupImports}${endpoints}${source}`,
          loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts',
        };
      });
    },
  };
}

/** Vite (vitest): the same modules. */
export function screensVitePlugin() {
  return {
    name: 'screens-module',
    resolveId(id) {
      return VIRTUAL.test(id) ? `\0${id}` : undefined;
    },
    load(id) {
      const match = id.startsWith('\0') ? VIRTUAL.exec(id.slice(1)) : null;
      if (!match) return undefined;
      this.addWatchFile(ROUTES_FILE);
      return screensModule(match[1]);
    },
  };
}
