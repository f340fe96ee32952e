// Builds the client (ssr/CONTRACT.md): the browser bundle with its manifest,
// and the SSR bundle for the embedded engine. Run from client/ as
// `node build.mjs` (the root build.rs does); exits non-zero on any error.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import * as esbuild from 'esbuild';
import { criticalCss, documentOf, layoutParts, loadRenderer, purgeCss, splitRules } from './critical-css.mjs';
import { sampleRenders } from './critical-states.mjs';
import { generateApiTypes } from './gen-api-types.mjs';
import { generateRouteReads } from './gen-route-reads.mjs';
import { generateRouteTable } from './gen-route-table.mjs';
import { needsApi, readRoutes, screenFile, screensEsbuildPlugin } from './screens-module.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(root, 'dist');
const publicDir = path.join(dist, 'public');
// What the binary embeds and renders with.
const ssrBundle = path.join(dist, 'ssr', 'server.js');

const shared = {
  absWorkingDir: root,
  bundle: true,
  minify: true,
  target: 'es2020',
  define: { 'process.env.NODE_ENV': '"production"' },
  jsx: 'automatic',
  logLevel: 'warning',
  legalComments: 'none',
};

const browserOptions = {
  ...shared,
  entryPoints: ['src/entry-browser.tsx'],
  outdir: publicDir,
  format: 'esm',
  splitting: true,
  platform: 'browser',
  entryNames: '[name]-[hash]',
  chunkNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  // Fonts and images referenced from CSS are served under /assets/ too.
  publicPath: '/assets/',
  loader: { '.woff': 'file', '.woff2': 'file', '.ttf': 'file', '.eot': 'file', '.png': 'file', '.jpg': 'file', '.svg': 'file', '.webp': 'file' },
  metafile: true,
  // V8's explicit compile hint (Chrome 136+; others read a comment): every
  // function of the file is compiled as it streams in, off the main thread,
  // instead of on its first call. Most of what these files hold runs on load
  // (React's set-up and hydration); the main thread's module evaluation on
  // a phone's CPU took a third less (bench/README.md).
  banner: { js: '//# allFunctionsCalledOnLoad' },
};

/**
 * Two passes: the first, one chunk a screen as esbuild splits them, tells
 * which source files the entry loads (the shell) and which several screens
 * share (common); the second builds with those groups (screens-module.mjs).
 */
async function buildBrowser() {
  const first = await esbuild.build({ ...browserOptions, plugins: [screensEsbuildPlugin({ browser: true })], write: false });
  const result = await esbuild.build({
    ...browserOptions,
    plugins: [screensEsbuildPlugin({ browser: true, groups: chunkGroups(first.metafile) })],
    // The groups' bare imports only place files in chunks; side-effect-free ones are meant to be dropped.
    logOverride: { 'ignored-bare-import': 'silent' },
  });
  if (process.env.METAFILE) await writeFile(process.env.METAFILE, JSON.stringify(result.metafile));
  return manifestFrom(result.metafile);
}

/** The navigation's chunk (features/layout/lazy-nav.ts). */
const NAV_MODULE = 'src/features/layout/nav.ts';

/** A route's screen module as the metafile names it (relative to client/, with slashes). */
const screenSource = (route) => path.relative(root, screenFile(route.screen)).split(path.sep).join('/');

/**
 * From a build's metafile, the source files of the chunk groups
 * (screens-module.mjs):
 * - shell: the entry's static closure, with what the public screens
 *   (sign-in, sign-out, not found) share with others (a form's fields, an
 *   alert: under 1 KB); the sign-in page, where most visits start, hydrates
 *   with three files;
 * - common: what the protected screens share with the clients list and the
 *   navigation;
 * - api: what the screens that need the api share on top of it (RTK Query,
 *   the plugging of the api: screens-module.mjs), which the screens that
 *   hydrate without it (the clients list) and the navigation, hydrated
 *   right after the page (features/layout/lazy-nav.ts), do not load;
 * - lazy: the modules loaded with import() (screens, lazy parts);
 * - withoutCommon (public screens and the entry) and withoutApi (the
 *   screens without the api and the navigation): which of them leave the
 *   common or the api group out.
 * What only the shell's late parts share (the toasts' library) stays out of
 * every group.
 */
function chunkGroups(metafile) {
  const outputs = metafile.outputs;
  const closure = (file, seen = new Set()) => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const imp of outputs[file].imports) if (imp.kind === 'import-statement' && !imp.external) closure(imp.path, seen);
    return seen;
  };
  const entryFile = Object.keys(outputs).find((f) => outputs[f].entryPoint === 'src/entry-browser.tsx');
  const inEntry = closure(entryFile);
  const screensWhere = (test) => readRoutes().filter(test).map(screenSource);
  const publicScreens = screensWhere((route) => !route.protected);
  const withoutApi = [...screensWhere((route) => route.protected && !needsApi(route)), NAV_MODULE];
  const js = Object.keys(outputs).filter((f) => f.endsWith('.js'));
  const shared = (file) => !inEntry.has(file) && !outputs[file].entryPoint;
  // The chunks shared outside the shell that these modules' chunks import.
  const sharedBy = (modules) => {
    const set = new Set(modules);
    return new Set(js.filter((f) => set.has(outputs[f].entryPoint)).flatMap((f) => [...closure(f)].filter(shared)));
  };
  const ofPublic = sharedBy(publicScreens);
  const ofScreens = sharedBy(screensWhere((route) => route.protected));
  // What the navigation shares only with the closed parts stays apart: a chunk loaded after the page.
  const ofWithoutApi = new Set([...sharedBy(withoutApi)].filter((f) => ofScreens.has(f)));
  const ofApiScreens = sharedBy(screensWhere(needsApi));
  // Real files only: not the entry itself, the generated modules or the CSS.
  const real = (input) => !input.includes(':') && !input.endsWith('.css') && input !== 'src/entry-browser.tsx';
  const sources = (files) => [...new Set(files.flatMap((f) => Object.keys(outputs[f].inputs)))].filter(real).map((input) => path.resolve(root, input));
  const absolute = (inputs) => inputs.map((input) => path.resolve(root, input));
  return {
    shell: sources([...inEntry, ...ofPublic]),
    common: sources(js.filter((f) => ofWithoutApi.has(f) && !ofPublic.has(f))),
    api: sources(js.filter((f) => ofApiScreens.has(f) && !ofWithoutApi.has(f) && !ofPublic.has(f))),
    // The entry too: what the public screens share is then in the shell's chunk.
    lazy: absolute([...js.map((f) => outputs[f].entryPoint).filter((input) => input && real(input)), 'src/entry-browser.tsx']),
    withoutCommon: absolute([...publicScreens, 'src/entry-browser.tsx']),
    withoutApi: absolute(withoutApi),
  };
}

/** The manifest of ssr/CONTRACT.md, derived from esbuild's metafile. */
export function manifestFrom(metafile) {
  const outputs = metafile.outputs;
  const rel = (file) => path.relative(publicDir, path.resolve(root, file)).split(path.sep).join('/');
  // The output file and its static imports, transitively, in load order.
  const closure = (file, seen = new Set()) => {
    if (seen.has(file)) return [];
    seen.add(file);
    const list = [file];
    for (const imp of outputs[file]?.imports ?? []) {
      if (imp.kind === 'import-statement' && !imp.external) list.push(...closure(imp.path, seen));
    }
    return list;
  };
  const byEntryPoint = new Map();
  for (const [file, out] of Object.entries(outputs)) {
    if (out.entryPoint && file.endsWith('.js')) byEntryPoint.set(out.entryPoint, file);
  }

  const entryFile = byEntryPoint.get('src/entry-browser.tsx');
  if (!entryFile) throw new Error('manifest: the browser entry is missing from the metafile');
  const entryClosure = closure(entryFile);
  const entryImports = entryClosure.slice(1);
  const inEntry = new Set(entryClosure);

  // Every path of src/app/routes.json ("*": the not-found screen) → its
  // screen's chunk and what it imports beyond the entry.
  const routes = Object.fromEntries(
    readRoutes().map((route) => {
      const source = screenSource(route);
      const chunk = byEntryPoint.get(source);
      if (!chunk) throw new Error(`manifest: no chunk for the screen of ${route.path} (${source})`);
      return [route.path, closure(chunk).filter((f) => !inEntry.has(f)).map(rel)];
    }),
  );
  // A protected page shows the navigation, which hydrates after the page
  // from its own chunk (features/layout/lazy-nav.ts): its files, asked for
  // at a low priority with the page, so that it hydrates with it.
  const navFile = byEntryPoint.get(NAV_MODULE);
  if (!navFile) throw new Error(`manifest: no chunk for ${NAV_MODULE}`);
  const prefetch = Object.fromEntries(
    readRoutes()
      .filter((route) => route.protected)
      .map((route) => {
        const preloaded = new Set(routes[route.path]);
        return [route.path, closure(navFile).filter((f) => !inEntry.has(f)).map(rel).filter((f) => !preloaded.has(f))];
      }),
  );
  const css = Object.keys(outputs).filter((f) => f.endsWith('.css')).map(rel);
  const entryCss = outputs[entryFile].cssBundle ? rel(outputs[entryFile].cssBundle) : null;
  // The entry's stylesheet first; the contract expects exactly one.
  css.sort((a, b) => (a === entryCss ? -1 : b === entryCss ? 1 : a.localeCompare(b)));
  return { entry: rel(entryFile), css, imports: entryImports.map(rel), routes, prefetch };
}

// The SSR entry only calls renderToString: resolve react-dom/server to the
// legacy (string) renderer alone, leaving out the streaming one (about half
// the bundle, and it needs TextEncoder at load).
const stringRendererOnly = {
  name: 'react-dom-server-string-only',
  setup(build) {
    build.onResolve({ filter: /^react-dom\/server$/ }, () => ({
      path: path.join(root, 'node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js'),
    }));
  },
};

// A module that loads parts of a page lazily in the browser (the
// navigation, a list's forms: React hydrates them once they are in) has a
// `.server.ts` twin with static imports, since the server renders
// synchronously: the server's bundle takes the twin.
const serverTwins = {
  name: 'server-twins',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const twin = args.path.replace(/\.tsx?$/, '.server.ts');
      if (!existsSync(twin)) return undefined;
      return { contents: await readFile(twin, 'utf8'), loader: 'ts', resolveDir: path.dirname(twin), watchFiles: [twin] };
    });
  },
};

async function buildSsr(outfile = ssrBundle) {
  await esbuild.build({
    ...shared,
    plugins: [stringRendererOnly, serverTwins, screensEsbuildPlugin()],
    entryPoints: ['src/entry-server.tsx'],
    outfile,
    format: 'iife',
    platform: 'browser',
    splitting: false,
    // Short lines: QuickJS's parser finds each identifier's column by
    // scanning back to the start of its line, so one 200 KB minified line
    // took seconds to load (quadratic); 100-character lines take milliseconds.
    lineLimit: 100,
    // The server renders markup only; styles reach the browser through the manifest.
    loader: { '.css': 'empty', '.woff': 'empty', '.woff2': 'empty', '.ttf': 'empty', '.eot': 'empty', '.png': 'empty', '.jpg': 'empty', '.svg': 'empty', '.webp': 'empty' },
  });
}

/**
 * The stylesheet again, its libraries' CSS cut to the classes the shipped
 * JavaScript uses (renamed by its new content hash), and each route's
 * critical CSS in the manifest (critical-css.mjs).
 */
async function cutCss(manifest) {
  const files = await readdir(publicDir);
  const shippedJs = (await Promise.all(files.filter((f) => f.endsWith('.js')).map((f) => readFile(path.join(publicDir, f), 'utf8')))).join('\n');
  const stylesDir = path.join(root, 'src/styles');
  const ownCss = (await Promise.all((await readdir(stylesDir)).map((f) => readFile(path.join(stylesDir, f), 'utf8')))).join('\n');
  const used = `${shippedJs}\n${ownCss}`;
  const purgeLibraries = {
    name: 'purge-library-css',
    setup(build) {
      build.onLoad({ filter: /[\\/]node_modules[\\/].*\.css$/ }, async (args) => ({
        contents: purgeCss(await readFile(args.path, 'utf8'), used),
        loader: 'css',
      }));
    },
  };
  const result = await esbuild.build({
    ...shared,
    entryPoints: ['src/styles/app.css'],
    outdir: publicDir,
    write: false,
    publicPath: '/assets/',
    assetNames: '[name]-[hash]',
    loader: { '.woff': 'file', '.woff2': 'file', '.ttf': 'file', '.eot': 'file', '.png': 'file', '.jpg': 'file', '.svg': 'file', '.webp': 'file' },
    plugins: [purgeLibraries],
  });
  const sheet = result.outputFiles.find((f) => f.path.endsWith('.css')).text;
  if (manifest.css.length !== 1) throw new Error(`manifest: one stylesheet expected, got ${manifest.css.length}`);
  const hash = createHash('sha256').update(sheet).digest('hex').slice(0, 8).toUpperCase();
  const renamed = manifest.css[0].replace(/-[A-Z0-9]+\.css$/, `-${hash}.css`);
  await rm(path.join(publicDir, manifest.css[0]));
  await writeFile(path.join(publicDir, renamed), sheet);
  manifest.css = [renamed];

  const render = loadRenderer(await readFile(ssrBundle, 'utf8'), path.join(root, '../ssr/src/polyfills.js'));
  // Each rule once for all routes (the routes share most of theirs: the
  // shell's): a part names its rules by their place in `criticalRules`.
  manifest.critical = {};
  manifest.criticalRules = [];
  const places = new Map();
  const place = (rule) => {
    if (!places.has(rule)) places.set(rule, manifest.criticalRules.push(rule) - 1);
    return places.get(rule);
  };
  for (const route of readRoutes()) {
    const documents = sampleRenders(route.path).map(({ url, state }) => documentOf(render(url, state)));
    manifest.critical[route.path] = layoutParts(criticalCss(sheet, documents, used)).map(({ css, when }) => ({ rules: splitRules(css).map(place), when }));
  }
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Beside each text asset, its brotli (`.br`) and gzip (`.gz`) forms at the
 * highest levels: compressed once here, the server only picks one. The
 * binary embeds these forms and not the text (server/assets.rs), so the gzip
 * form is written always, even where it is not smaller. */
async function precompress(dir) {
  const files = (await readdir(dir)).filter((f) => /\.(js|css|svg|json|map)$/.test(f));
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(path.join(dir, file));
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < data.length) await writeFile(path.join(dir, `${file}.br`), br);
      await writeFile(path.join(dir, `${file}.gz`), gz);
    }),
  );
}

async function main() {
  // generated/api-schema.ts from openapi.json: the types the code is checked against.
  await generateApiTypes();
  // generated/route-reads.ts from routes.json: each screen's read hooks;
  // generated/route-table.json: the table the browser and the server match
  // addresses with (server/pages.rs reads it when cargo compiles it, after this).
  await generateRouteReads();
  await generateRouteTable();
  // `node build.mjs ssr [FILE]`: only the SSR bundle. The unit test of the
  // bundle gives a FILE of its own: the binary embeds dist/, and a newer file
  // there would make cargo rebuild the server.
  if (process.argv[2] === 'ssr') {
    const outfile = process.argv[3] ? path.resolve(process.argv[3]) : ssrBundle;
    await buildSsr(outfile);
    console.log(`client built: ${path.relative(root, outfile)}`);
    return;
  }
  await rm(dist, { recursive: true, force: true });
  await mkdir(publicDir, { recursive: true });
  const [manifest] = await Promise.all([buildBrowser(), buildSsr()]);
  await cutCss(manifest);
  await writeFile(path.join(dist, 'manifest.json'), JSON.stringify(manifest) + '\n');
  await precompress(publicDir);
  await precompress(path.dirname(ssrBundle));
  await precompress(dist);
  console.log(`client built: ${manifest.entry}, ${Object.keys(manifest.routes).length} routes, dist/ssr/server.js`);
}

main().catch((error) => {
  // esbuild has already printed its errors (logLevel); anything else is printed here.
  if (!error?.errors?.length) console.error(error);
  process.exit(1);
});
