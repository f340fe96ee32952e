// Throughput, memory and start-up, each beside a peer in the same run:
//
// - pages a second (wrk, 1, 16 and 64 connections, signed-in /clients):
//   a memo hit (the same page again), a memo miss (EXPEDIENTE_RENDER_MEMO_MB=0:
//   every request renders), a Node peer that renders the same SSR bundle
//   (client/dist/ssr/server.js) with react-dom in node:cluster, one worker a
//   core, from the same captured state, and the JSON API's list;
// - resources: binary size, start to ready, resident memory idle and after
//   the 64-connection load.
//
//   node bench/throughput.mjs [seconds-per-measure=5]   (after cargo build --release; needs wrk)
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN, api, BIN, freePort, seedDatabase, startServer } from '../client/e2e/harness.mjs';

const SECONDS = Number(process.argv[2] ?? 5);
const CONNECTIONS = [1, 16, 64];
const here = path.dirname(fileURLToPath(import.meta.url));

async function server(env = {}) {
  const s = await startServer({ env });
  seedDatabase(s);
  const login = await api(s.url, null, 'POST', '/login', ADMIN);
  return { ...s, token: login.data.accessToken };
}

/** wrk's requests a second and median latency. */
function wrk(url, connections, headers) {
  const args = ['-t', String(Math.min(connections, 2)), '-c', String(connections), '-d', `${SECONDS}s`, '--latency'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
  const out = execFileSync('wrk', [...args, url], { encoding: 'utf8' });
  if (/Non-2xx/.test(out)) throw new Error(`${url}: non-2xx answers\n${out}`);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)[1]);
  const p50 = /50%\s+([\d.]+)(us|ms|s)/.exec(out);
  const factor = { us: 0.001, ms: 1, s: 1000 }[p50[2]];
  return { rps, p50: Number(p50[1]) * factor };
}

function rssMiB(pid) {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
}

/** Spawn to the first 200 of /login on a fresh database (polled every 5 ms), and RSS then; stopped after. */
async function startToReady(env = {}) {
  const server = await startServer({ env, pollMs: 5 });
  const idle = rssMiB(server.pid);
  await server.stop();
  return { ms: server.readyMs, idle };
}

/** The Node peer: node:cluster rendering the same bundle from the captured input. */
async function nodePeer(input) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(here, 'node-peer.mjs'), String(port)], { stdio: ['pipe', 'inherit', 'inherit'] });
  child.stdin.end(JSON.stringify(input));
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/clients`)).status === 200) break;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const loadAtStart = loadAverage();
const hit = await server();
// Every request of the miss side renders: a queue longer than the 64
// connections, so none is answered unrendered for a full queue.
const miss = await server({ EXPEDIENTE_RENDER_MEMO_MB: '0', EXPEDIENTE_RENDER_QUEUE: '256' });
const cookie = (s) => ({ cookie: `expediente_session=${s.token}` });
// The page's input as the server rendered it: the URL and the state.
const html = await fetch(`${hit.url}/clients`, { headers: cookie(hit) }).then((r) => r.text());
const stateJson = /window\.__PRELOADED_STATE__=(.*?)<\/script>/s.exec(html)[1].replace(/\\u003c/g, '<');
const peer = await nodePeer({ url: '/clients', state: JSON.parse(stateJson), head: html.slice(0, html.indexOf('<div id="root">')) });
const rows = [];
try {
  const idleHit = rssMiB(hit.pid);
  for (const c of CONNECTIONS) {
    // Interleaved: each connection count measures every side in turn.
    const r = {
      c,
      hit: wrk(`${hit.url}/clients`, c, cookie(hit)),
      miss: wrk(`${miss.url}/clients`, c, cookie(miss)),
      node: wrk(`${peer.url}/clients`, c, {}),
      json: wrk(`${hit.url}/api/clients?page=1&per_page=10`, c, { authorization: `Bearer ${hit.token}` }),
    };
    rows.push(r);
  }
  const afterHit = rssMiB(hit.pid);
  const afterMiss = rssMiB(miss.pid);
  // Median of five, interleaved with the same binary not starting its
  // engines (EXPEDIENTE_SSR=off) as the peer.
  const starts = { on: [], off: [] };
  for (let i = 0; i < 5; i++) {
    starts.on.push(await startToReady());
    starts.off.push(await startToReady({ EXPEDIENTE_SSR: 'off' }));
  }
  const median = (runs) => runs.map((r) => r.ms).sort((a, b) => a - b)[2];
  const start = { ms: median(starts.on), off: median(starts.off), idle: starts.on[0].idle };
  const size = statSync(BIN).size;
  console.log(
    `${new Date().toISOString().slice(0, 10)}, load average ${loadAtStart} at the start, ${loadAverage()} at the end, ` +
      `${SECONDS} s a measure, 300 clients / 3000 appointments seeded`,
  );
  console.log('\n| connections | memo hit (pages/s) | memo miss | Node peer | JSON list | hit / Node | miss / Node | hit / JSON |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.c} | ${r.hit.rps.toFixed(0)} | ${r.miss.rps.toFixed(0)} | ${r.node.rps.toFixed(0)} | ${r.json.rps.toFixed(0)} | ` +
        `${(r.hit.rps / r.node.rps).toFixed(2)} | ${(r.miss.rps / r.node.rps).toFixed(2)} | ${(r.hit.rps / r.json.rps).toFixed(2)} |`,
    );
  }
  const one = rows.find((r) => r.c === 1);
  console.log(
    `\nOne connection, median latency: page (memo hit) ${one.hit.p50.toFixed(2)} ms, miss ${one.miss.p50.toFixed(2)} ms, ` +
      `JSON list ${one.json.p50.toFixed(2)} ms: hit / JSON ${(one.hit.p50 / one.json.p50).toFixed(2)}`,
  );
  console.log('\n| resource | value | target |');
  console.log('|---|---|---|');
  console.log(`| release binary | ${(size / 1e6).toFixed(1)} MB (${(size / 2 ** 20).toFixed(1)} MiB) | ≤ 25 MB |`);
  console.log(
    `| start to ready (spawn → first /login 200, median of 5) | ${start.ms.toFixed(0)} ms; without engines (SSR off) ${start.off.toFixed(0)} ms | ≤ 500 ms |`,
  );
  console.log(`| RSS idle (fresh start) | ${start.idle.toFixed(0)} MiB | |`);
  console.log(`| RSS idle (seeded, signed in, before the load) | ${idleHit.toFixed(0)} MiB | |`);
  console.log(`| RSS after the loads up to 64 connections, memo on | ${afterHit.toFixed(0)} MiB | ≤ 64 MiB |`);
  console.log(`| RSS after the loads up to 64 connections, memo off | ${afterMiss.toFixed(0)} MiB | ≤ 64 MiB |`);
} finally {
  peer.stop();
  await hit.stop();
  await miss.stop();
}
