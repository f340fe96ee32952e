// src/app/routes.json → generated/route-reads.ts: one object of read hooks
// per screen with reads (`ClientsIdReads.useGetClient()`), so a screen names
// its reads by members the type checker knows, never by a string that could
// silently match nothing. Each hook gives the read's argument as the server
// computed it (lib/route-reads.ts). Run by build.mjs, by `npm run typecheck`
// and by vitest.config.ts; the output is not committed.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));
export const ROUTES_FILE = path.join(root, 'src', 'app', 'routes.json');
export const ROUTE_READS_FILE = path.join(root, 'generated', 'route-reads.ts');

const pascal = (text) => text.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_, __, c) => c.toUpperCase());

/** `/clients/:id` → `ClientsIdReads`. */
export const readsName = (routePath) => `${pascal(routePath.replace(/[:/]+/g, ' ').trim())}Reads`;

/** The module's text for a route table. */
export function routeReadsModule(routes) {
  const lines = [
    '// Generated from src/app/routes.json by gen-route-reads.mjs. Do not edit.',
    "import { useRead } from '../src/lib/read-hooks';",
    "import type { ReadArg } from '../src/lib/route-reads';",
    '',
  ];
  for (const route of routes) {
    const keys = [...new Set((route.reads ?? []).filter((r) => r.endpoint).map((r) => r.key ?? r.endpoint))];
    if (!keys.length) continue;
    lines.push(`/** The reads of ${route.path}: each hook gives its argument at the address shown, or skipToken. */`);
    lines.push(`export const ${readsName(route.path)} = {`);
    for (const key of keys) lines.push(`  use${pascal(key)}: <A = ReadArg>() => useRead<A>(${JSON.stringify(key)}),`);
    lines.push('};', '');
  }
  return lines.join('\n');
}

/** Writes `text` to a generated `file` only when it changes (an unchanged file keeps its time: no rebuild); returns the file. */
export async function writeGenerated(file, text) {
  const current = await readFile(file, 'utf8').catch(() => null);
  if (current !== text) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
  }
  return file;
}

/** Writes generated/route-reads.ts when its content changes; returns the file. */
export async function generateRouteReads() {
  const routes = JSON.parse(await readFile(ROUTES_FILE, 'utf8'));
  return writeGenerated(ROUTE_READS_FILE, routeReadsModule(routes));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  generateRouteReads().then(
    (file) => console.log(`route reads: ${path.relative(root, file)}`),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
