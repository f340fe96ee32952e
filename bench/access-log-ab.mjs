// What writing the access log costs a client's record page
// (docs/permissions.md#access-log): the signed-in page `/clients/{id}`
// (server-rendered: the record and its history are read, and on AFTER each
// read writes one row) and the API's record `GET /api/clients/{id}`, on two
// builds of the server (the binary before the log and after it), seeded
// alike (SQLite), the sides interleaved request by request, one connection,
// warm.
//
//   node bench/access-log-ab.mjs BEFORE_BIN AFTER_BIN [requests=200]
//
// Per side and path: median and p90 in ms; after ÷ before of the medians
// (target < 1.10 for the page).
import path from 'node:path';
import { seedAndSignIn, startServer } from '../client/e2e/harness.mjs';

const [before, after] = process.argv.slice(2, 4).map((bin) => bin && path.resolve(bin));
if (!before || !after) throw new Error('usage: node bench/access-log-ab.mjs BEFORE_BIN AFTER_BIN [requests]');
const REQUESTS = Number(process.argv[4] ?? 200);

async function server(bin) {
  const s = await startServer({ bin });
  const token = await seedAndSignIn(s);
  const list = await (await fetch(`${s.url}/api/clients?per_page=20`, { headers: { authorization: `Bearer ${token}` } })).json();
  return { ...s, token, ids: list.data.map((c) => c.id) };
}

/** One request on `s`: milliseconds to the whole body. */
async function timed(s, kind, i) {
  const id = s.ids[i % s.ids.length];
  const started = performance.now();
  const response =
    kind === 'page'
      ? await fetch(`${s.url}/clients/${id}`, { headers: { cookie: `expediente_session=${s.token}`, 'accept-encoding': 'br' } })
      : await fetch(`${s.url}/api/clients/${id}`, { headers: { authorization: `Bearer ${s.token}` } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${kind} ${id}: ${response.status}`);
  return performance.now() - started;
}

const sides = { before: await server(before), after: await server(after) };
const results = { page: { before: [], after: [] }, api: { before: [], after: [] } };
// Warm both: the engines, the memo, the database's pages.
for (const s of Object.values(sides)) for (let i = 0; i < 20; i++) await timed(s, 'page', i);
for (let i = 0; i < REQUESTS; i++) {
  for (const kind of ['page', 'api']) {
    for (const side of i % 2 ? ['after', 'before'] : ['before', 'after']) results[kind][side].push(await timed(sides[side], kind, i));
  }
}
for (const s of Object.values(sides)) await s.stop();

const quantile = (xs, q) => xs.slice().sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(xs.length * q))];
console.log(`A client's record, ${REQUESTS} requests a side and path, interleaved, one connection\n`);
console.log('| | before p50 (ms) | after p50 (ms) | before p90 | after p90 | after ÷ before (p50) |');
console.log('|---|---|---|---|---|---|');
for (const [kind, label] of [['page', '`/clients/{id}` page'], ['api', '`GET /api/clients/{id}`']]) {
  const r = results[kind];
  const [b, a] = [quantile(r.before, 0.5), quantile(r.after, 0.5)];
  console.log(`| ${label} | ${b.toFixed(2)} | ${a.toFixed(2)} | ${quantile(r.before, 0.9).toFixed(2)} | ${quantile(r.after, 0.9).toFixed(2)} | ${(a / b).toFixed(3)} |`);
}
