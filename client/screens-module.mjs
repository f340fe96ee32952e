// The screen modules of src/app/routes.json as one generated module, the
// same for the build (esbuild plugin, build.mjs) and the tests (vite plugin,
// vitest.config.ts):
//   virtual:screens/browser → `loaders`: path → () => import of the screen
//                             from virtual:screens/all, one chunk of every
//                             screen loaded on demand: a page's hydration then
//                             needs three files (the entry, the chunk the entry
//                             shares with the screens, the screens), and every
//                             other screen is in memory for the next navigation;
//   virtual:screens/server  → `components`: path → screen component, static
//                             imports, since the server renders synchronously;
//   virtual:screens/all     → `screens`: path → screen module, static imports.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const clientDir = path.dirname(fileURLToPath(import.meta.url));
export const SRC_DIR = path.join(clientDir, 'src');
export const ROUTES_FILE = path.join(SRC_DIR, 'app', 'routes.json');
const VIRTUAL = /^virtual:screens\/(browser|server|all)$/;

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
    const entries = routes.map((r) => `  ${JSON.stringify(r.path)}: () => all().then((m) => m.screens[${JSON.stringify(r.path)}]),`);
    return `${header}const all = () => import('virtual:screens/all');\nexport const loaders = {\n${entries.join('\n')}\n};\n`;
  }
  if (target === 'all') {
    const imports = routes.map((r, i) => `import * as Screen${i} from ${JSON.stringify(screenFile(r.screen))};`);
    const entries = routes.map((r, i) => `  ${JSON.stringify(r.path)}: Screen${i},`);
    return `${header}${imports.join('\n')}\nexport const screens = {\n${entries.join('\n')}\n};\n`;
  }
  if (target === 'server') {
    const imports = routes.map((r, i) => `import Screen${i} from ${JSON.stringify(screenFile(r.screen))};`);
    const entries = routes.map((r, i) => `  ${JSON.stringify(r.path)}: Screen${i},`);
    return `${header}${imports.join('\n')}\nexport const components = {\n${entries.join('\n')}\n};\n`;
  }
  throw new Error(`screens-module: unknown target ${target}`);
}

/** esbuild: resolves virtual:screens/browser and virtual:screens/server. */
export function screensEsbuildPlugin() {
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
