// src/app/routes.json → generated/route-table.json: the route table as the
// browser and the server match addresses against it, written once here.
// Each route gets the pattern of the paths it shows (a `:name` segment is a
// record id: digits, no leading zero or sign, at most the largest 32-bit
// integer, so one record has one address), and the table the rule of where
// signing in may return to (a path of a signed-in screen, with a query or a
// fragment free of backslashes and control characters: never another site,
// docs/behaviour.md#sign-in). The browser's route table
// (src/app/route-table.ts) and the server's (server/pages.rs) both read this
// file; its patterns use only what JavaScript's RegExp and Rust's regex
// crate read alike. Run by build.mjs (before cargo compiles the server: the
// root build.rs), by `npm run typecheck` and by vitest.config.ts; the output
// is not committed.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeGenerated } from './gen-route-reads.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
export const ROUTES_FILE = path.join(root, 'src', 'app', 'routes.json');
export const ROUTE_TABLE_FILE = path.join(root, 'generated', 'route-table.json');

const NOT_FOUND = '*';
/** The largest record id (the database's 32-bit integer keys). */
export const MAX_ID = 2147483647;
/** Where signing in goes when the address asks for nowhere it may go. */
const SIGNED_IN_HOME = '/dashboard';

/**
 * The positive integers up to `max`, spelled without a leading zero, as one
 * alternation of fixed-width parts: shorter numbers, then for each digit of
 * `max` the numbers that share its first digits and have a smaller one there.
 */
export function upTo(max) {
  const digits = String(max);
  const parts = [];
  if (digits.length > 1) parts.push(`[1-9][0-9]{0,${digits.length - 2}}`);
  for (let i = 0; i < digits.length; i++) {
    const d = Number(digits[i]);
    const low = i === 0 ? 1 : 0;
    const last = i === digits.length - 1;
    const high = last ? d : d - 1;
    if (high < low) continue;
    const rest = digits.length - i - 1;
    const digit = low === high ? String(low) : `[${low}-${high}]`;
    parts.push(`${digits.slice(0, i)}${digit}${rest > 1 ? `[0-9]{${rest}}` : rest ? '[0-9]' : ''}`);
  }
  return `(?:${parts.join('|')})`;
}

const ID = upTo(MAX_ID);
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The path part of a route's pattern: its segments, a `:name` one an id; trailing slashes allowed. */
function pathPattern(routePath) {
  return `${routePath
    .split('/')
    .map((segment) => (segment.startsWith(':') ? ID : escape(segment)))
    .join('/')}/*`;
}

/** What may follow a signed-in screen's path after signing in: a query or a fragment without `\` or control characters. */
const QUERY = '(?:[?#][^\\\\\\x00-\\x1f\\x7f-\\x9f]*)?';

/** The generated table for a route table. */
export function routeTable(routes) {
  const screens = routes.filter((r) => r.path !== NOT_FOUND);
  const signedIn = screens.filter((r) => r.protected).map((r) => pathPattern(r.path));
  return {
    routes: routes.map((r) => ({
      path: r.path,
      title: r.title,
      protected: r.protected,
      ...(r.roles ? { roles: r.roles } : {}),
      // Whether a navigation to it asks the server for its reads (GET /api/reads): the reads of a list slice are fetched by the list.
      reads: !!r.reads?.some((read) => read.endpoint),
      ...(r.path === NOT_FOUND ? {} : { pattern: `^${pathPattern(r.path)}$` }),
    })),
    afterSignIn: { pattern: `^(?:${signedIn.join('|')})${QUERY}$`, otherwise: SIGNED_IN_HOME },
  };
}

/** Writes generated/route-table.json when its content changes; returns the file. */
export async function generateRouteTable() {
  const routes = JSON.parse(await readFile(ROUTES_FILE, 'utf8'));
  return writeGenerated(ROUTE_TABLE_FILE, `${JSON.stringify(routeTable(routes), null, 1)}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  generateRouteTable().then(
    (file) => console.log(`route table: ${path.relative(root, file)}`),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
