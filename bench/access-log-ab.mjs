// What writing the access log costs a client's record page
// (docs/permissions.md#access-log): the signed-in page `/clients/{id}`
// (server-rendered: the record and its history are read, and where the log
// is written each read writes one row) and the API's record
// `GET /api/clients/{id}`, on builds of the server (the binary before the
// log, then one or more with it), seeded alike (SQLite), the sides
// interleaved request by request (their order turned each time), one
// connection, warm.
//
//   node bench/access-log-ab.mjs BEFORE_BIN AFTER_BIN [MORE_BINS...] [requests=200]
//
// Signed in as Recepção (role `staff`), whose page is the same on every
// build: the admin's also reads and draws the "Acessos" card where the log
// exists, a read of its own rather than the log's cost. The admin's figures
// follow on a second line for each path, measured in the same rounds.
//
// Per side, role and path: median and p90 in ms; each build's median ÷ the
// first build's (target < 1.10 for the page as Recepção). Then, where `wrk`
// is installed, the API's record under load: 16 connections as Recepção,
// rounds of 3 s with the sides interleaved, the medians of requests a
// second and of the server's CPU per request (what a write per read costs
// a busy server). The load average at the start and the end.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { seedAndSignIn, startServer } from '../client/e2e/harness.mjs';
import { wrk } from './wrk.mjs';

const args = process.argv.slice(2);
const REQUESTS = /^\d+$/.test(args.at(-1) ?? '') ? Number(args.pop()) : 200;
const bins = args.map((bin) => path.resolve(bin));
if (bins.length < 2) throw new Error('usage: node bench/access-log-ab.mjs BEFORE_BIN AFTER_BIN [MORE_BINS...] [requests]');
const RECEPCAO = { name: 'Rita Recepção', email: 'rita@example.com', password: 'senha-da-recepcao-1', role: 'staff' };
const ROLES = [
  ['staff', 'Recepção'],
  ['admin', 'admin'],
];

async function call(s, token, method, path, body) {
  const response = await fetch(`${s.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${JSON.stringify(json)}`);
  return json;
}

async function server(bin) {
  const s = await startServer({ bin });
  const admin = await seedAndSignIn(s);
  await call(s, admin, 'POST', '/users', RECEPCAO);
  const staff = (await call(s, null, 'POST', '/login', { email: RECEPCAO.email, password: RECEPCAO.password })).data.accessToken;
  const list = await call(s, staff, 'GET', '/clients?per_page=20');
  return { ...s, tokens: { admin, staff }, ids: list.data.map((c) => c.id) };
}

/** One request on `s` as `role`: milliseconds to the whole body. */
async function timed(s, role, kind, i) {
  const id = s.ids[i % s.ids.length];
  const token = s.tokens[role];
  const started = performance.now();
  const response =
    kind === 'page'
      ? await fetch(`${s.url}/clients/${id}`, { headers: { cookie: `expediente_session=${token}`, 'accept-encoding': 'br' } })
      : await fetch(`${s.url}/api/clients/${id}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${kind} ${id} as ${role}: ${response.status}`);
  // The page rendered for who asked: the card only on the admin's, and only where the log exists.
  if (kind === 'page' && role === 'staff' && body.includes('>Acessos<')) throw new Error('the Recepção page drew the admin card');
  return performance.now() - started;
}

const load = () => os.loadavg().map((x) => x.toFixed(2)).join(', ');
const loadStart = load();
const started = new Date();
const sides = [];
for (const bin of bins) sides.push(await server(bin));
const results = sides.map(() => ({}));
const key = (role, kind) => `${role} ${kind}`;
// Warm every side: the engines, the memo, the database's pages.
for (const s of sides) for (let i = 0; i < 20; i++) for (const [role] of ROLES) await timed(s, role, 'page', i);
for (let i = 0; i < REQUESTS; i++) {
  for (const kind of ['page', 'api']) {
    for (const [role] of ROLES) {
      for (let k = 0; k < sides.length; k++) {
        const side = (i + k) % sides.length;
        (results[side][key(role, kind)] ??= []).push(await timed(sides[side], role, kind, i));
      }
    }
  }
}
const hasWrk = (() => {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    return error.status === 1; // wrk --version prints and exits 1
  }
})();
const LOAD_ROUNDS = 5;
const loaded = sides.map(() => []);
if (hasWrk) {
  for (let round = 0; round < LOAD_ROUNDS; round++) {
    for (let k = 0; k < sides.length; k++) {
      const side = (round + k) % sides.length;
      const s = sides[side];
      loaded[side].push(wrk(`${s.url}/api/clients/${s.ids[0]}`, 16, { authorization: `Bearer ${s.tokens.staff}` }, s.pid, 3));
    }
  }
}
for (const s of sides) await s.stop();

const quantile = (xs, q) => xs.slice().sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(xs.length * q))];
console.log(`A client's record, ${REQUESTS} requests a side, role and path, interleaved, one connection`);
console.log(`${started.toISOString()} to ${new Date().toISOString()}; load average ${loadStart} at the start, ${load()} at the end\n`);
bins.forEach((bin, k) => console.log(`side ${k}: ${bin}`));
const heads = sides.map((_, k) => `side ${k} p50 / p90 (ms)`);
const ratios = sides.slice(1).map((_, k) => `${k + 1} ÷ 0 (p50)`);
console.log(`\n| path | as | ${[...heads, ...ratios].join(' | ')} |`);
console.log(`|---|---|${[...heads, ...ratios].map(() => '---').join('|')}|`);
for (const [kind, label] of [['page', '`/clients/{id}` page'], ['api', '`GET /api/clients/{id}`']]) {
  for (const [role, roleLabel] of ROLES) {
    const xs = results.map((r) => r[key(role, kind)]);
    const p50 = xs.map((x) => quantile(x, 0.5));
    const cells = xs.map((x, k) => `${p50[k].toFixed(2)} / ${quantile(x, 0.9).toFixed(2)}`);
    const r = p50.slice(1).map((m) => (m / p50[0]).toFixed(3));
    console.log(`| ${label} | ${roleLabel} | ${[...cells, ...r].join(' | ')} |`);
  }
}

if (hasWrk) {
  const median = (xs) => quantile(xs, 0.5);
  console.log(`\n\`GET /api/clients/{id}\` as Recepção, 16 connections, ${LOAD_ROUNDS} rounds of 3 s a side, interleaved (medians)\n`);
  console.log('| side | requests/s | p50 (ms) | server CPU / request (ms) | requests/s ÷ side 0 | CPU / request ÷ side 0 |');
  console.log('|---|---|---|---|---|---|');
  const [rps0, cpu0] = [median(loaded[0].map((x) => x.rps)), median(loaded[0].map((x) => x.cpu))];
  loaded.forEach((xs, k) => {
    const [rps, p50, cpu] = [median(xs.map((x) => x.rps)), median(xs.map((x) => x.p50)), median(xs.map((x) => x.cpu))];
    console.log(`| ${k} | ${rps.toFixed(0)} | ${p50.toFixed(2)} | ${cpu.toFixed(3)} | ${(rps / rps0).toFixed(3)} | ${(cpu / cpu0).toFixed(3)} |`);
  });
} else {
  console.log('\n(wrk not installed: no load figures)');
}
