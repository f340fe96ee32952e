// Memo hits of signed-in /clients (brotli, as browsers ask) on two builds
// of the server, the sides interleaved round by round: pages a second and
// the server's CPU per page, at 1 and 16 connections. What a change to the
// hit path did, measured against the binary before it in the same run.
//
//   node bench/memo-hits-ab.mjs BEFORE_BIN AFTER_BIN [rounds=4] [seconds=3]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ADMIN, api, seedDatabase, startServer } from '../client/e2e/harness.mjs';
import { wrk } from './wrk.mjs';

const [before, after] = process.argv.slice(2, 4).map((bin) => bin && path.resolve(bin));
if (!before || !after) throw new Error('usage: node bench/memo-hits-ab.mjs BEFORE_BIN AFTER_BIN [rounds] [seconds]');
const ROUNDS = Number(process.argv[4] ?? 4);
const SECONDS = Number(process.argv[5] ?? 3);
const CONNECTIONS = [1, 16];
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** A seeded, signed-in server of `bin`. */
async function server(bin) {
  const s = await startServer({ bin });
  seedDatabase(s);
  const { data } = await api(s.url, null, 'POST', '/login', ADMIN);
  return { ...s, headers: { cookie: `expediente_session=${data.accessToken}`, 'accept-encoding': 'br' } };
}

const loadAtStart = loadAverage();
const sides = { before: await server(before), after: await server(after) };
const measure = (s, c) => wrk(`${s.url}/clients`, c, s.headers, s.pid, SECONDS);
// The first request of each renders; the warm-up makes every measured one a hit.
for (const s of Object.values(sides)) measure(s, 4);
const results = { before: {}, after: {} };
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 ? ['after', 'before'] : ['before', 'after'];
  for (const c of CONNECTIONS) for (const side of order) (results[side][c] ??= []).push(measure(sides[side], c));
}
const median = (xs) => xs.slice().sort((x, y) => x - y)[Math.floor(xs.length / 2)];
console.log(`load average ${loadAtStart} at the start, ${loadAverage()} at the end; ${ROUNDS} rounds of ${SECONDS} s a side\n`);
console.log('| connections | before (pages/s) | after | after ÷ before | CPU per hit, before → after (ms) |');
console.log('|---|---|---|---|---|');
for (const c of CONNECTIONS) {
  const [rb, ra] = ['before', 'after'].map((side) => median(results[side][c].map((r) => r.rps)));
  const [cb, ca] = ['before', 'after'].map((side) => median(results[side][c].map((r) => r.cpu)));
  console.log(`| ${c} | ${rb.toFixed(0)} | ${ra.toFixed(0)} | ${(ra / rb).toFixed(2)} | ${cb.toFixed(2)} → ${ca.toFixed(2)} |`);
}
await Promise.all(Object.values(sides).map((s) => s.stop()));
