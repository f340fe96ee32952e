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
 * With `browser`, every protected screen first imports src/app/endpoints.ts,
 * which plugs the api into the store: a page that needs no api (the sign-in)
 * hydrates without RTK Query, and a protected one finds it in the common
 * chunk (the server's bundle imports it from its entry; the tests from their
 * setup file).
 *
 * With `groups` (the browser build's second pass, build.mjs), every module
 * that is loaded with import() (a screen, a lazy part of the shell) first
 * imports, as bare imports, every file of `groups.shell` (what the entry
 * loads) and, unless it is one of `groups.withoutCommon`, of `groups.common`
 * (what several of them share). esbuild puts a
 * file in the chunk of the set of entry points that reach it, so with one
 * entry a screen, code that the entry and a few screens share would
 * otherwise come out as dozens of small chunks, each a request; this way
 * every page hydrates with four files: the entry, the shell, the common code
 * and its own screen.
 */
export function screensEsbuildPlugin({ browser = false, groups = null } = {}) {
  const bare = (files) => files.map((f) => `import ${JSON.stringify(f)};`).join('\n');
  const protectedScreens = new Set(browser ? readRoutes().filter((r) => r.protected).map((r) => screenFile(r.screen)) : []);
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
      build.onResolve({ filter: /^virtual:chunk-group\/(shell|common)$/ }, (args) => ({ path: args.path, namespace: 'chunk-group' }));
      build.onLoad({ filter: /.*/, namespace: 'chunk-group' }, (args) => ({
        contents: bare(args.path.endsWith('shell') ? groups.shell : groups.common),
        loader: 'js',
        resolveDir: SRC_DIR,
      }));
      build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        const endpoints = protectedScreens.has(args.path) ? `import ${JSON.stringify(ENDPOINTS_FILE)};\n` : '';
        if (!lazy.has(args.path) && !endpoints) return undefined;
        const source = await readFile(args.path, 'utf8');
        const shell = lazy.has(args.path) ? "import 'virtual:chunk-group/shell';\n" : '';
        const common = !lazy.has(args.path) || withoutCommon.has(args.path) ? '' : "import 'virtual:chunk-group/common';\n";
        return {
          contents: `${shell}${common}${endpoints}${source}`,
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
