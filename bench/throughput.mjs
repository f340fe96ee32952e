// Throughput, memory and start-up, each beside a peer in the same run:
//
// - pages a second (wrk, 1, 16 and 64 connections, signed-in /clients),
//   asked with `Accept-Encoding: br` and then with `gzip` as browsers do (a
//   fresh pair of servers for each): a memo hit (the same page again), a
//   memo miss (EXPEDIENTE_RENDER_MEMO_MB=0: every request renders), a Node
//   peer that renders the same SSR bundle (client/dist/ssr/server.js) with
//   react-dom in node:cluster, one worker a core, from the same captured
//   state, compressing each response (bench/node-peer.mjs), and the JSON
//   API's list; and each side's CPU per page (its process's, all threads;
//   the peer's cluster), which the machine's load moves far less than
//   pages a second;
// - resources: binary size, start to ready, resident memory idle and after
//   the loads up to 64 connections, for each encoding, memo on and off.
//
//   node bench/throughput.mjs [seconds-per-measure=5]   (after cargo build --release; needs wrk)
import { spawn } from 'node:child_process';
import http from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN, api, freePort, RELEASE_BIN, seedDatabase, startServer } from '../client/e2e/harness.mjs';
import { wrk as wrkFor } from './wrk.mjs';

const SECONDS = Number(process.argv[2] ?? 5);
const wrk = (url, connections, headers, pid) => wrkFor(url, connections, headers, pid, SECONDS);
const CONNECTIONS = [1, 16, 64];
const ENCODINGS = ['br', 'gzip'];
const here = path.dirname(fileURLToPath(import.meta.url));

async function server(env = {}) {
  const s = await startServer({ env, bin: RELEASE_BIN });
  seedDatabase(s);
  const login = await api(s.url, null, 'POST', '/login', ADMIN);
  return { ...s, token: login.data.accessToken };
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
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

/** One raw answer (no decoding): its Content-Encoding and bytes. */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'] ?? 'identity', bytes: Buffer.concat(chunks).length }));
      })
      .on('error', reject);
  });
}

/** Checks that `url` answers in `encoding`; its page's bytes. */
async function pageBytes(url, headers, encoding) {
  const answer = await rawGet(url, headers);
  if (answer.encoding !== encoding) throw new Error(`${url}: asked ${encoding}, got ${answer.encoding}`);
  return answer.bytes;
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const loadAtStart = loadAverage();
const cookie = (s) => ({ cookie: `expediente_session=${s.token}` });
const results = [];
let peer = null;
try {
  for (const encoding of ENCODINGS) {
    const accept = { 'accept-encoding': encoding };
    const hit = await server();
    // Every request of the miss side renders: a queue longer than the 64
    // connections, so none is answered unrendered for a full queue.
    const miss = await server({ EXPEDIENTE_RENDER_MEMO_MB: '0', EXPEDIENTE_RENDER_QUEUE: '256' });
    try {
      if (!peer) {
        // The page's input as the server rendered it: the URL and the state.
        const html = await fetch(`${hit.url}/clients`, { headers: cookie(hit) }).then((r) => r.text());
        const stateJson = /<script type="application\/json" id="preloaded-state">(.*?)<\/script>/s.exec(html)[1].replace(/\\u003c/g, '<');
        peer = await nodePeer({ url: '/clients', state: JSON.parse(stateJson), head: html.slice(0, html.indexOf('<div id="root">')) });
      }
      const idle = rssMiB(hit.pid);
      // The first answer makes the memo's entry (in the background): ask
      // until the stored one comes back, smaller than the streamed one.
      const missBytes = await pageBytes(`${hit.url}/clients`, { ...cookie(hit), ...accept }, encoding);
      let hitBytes = missBytes;
      for (let i = 0; i < 100 && hitBytes === missBytes; i++) {
        await new Promise((r) => setTimeout(r, 50));
        hitBytes = await pageBytes(`${hit.url}/clients`, { ...cookie(hit), ...accept }, encoding);
      }
      const bytes = {
        hit: hitBytes,
        miss: await pageBytes(`${miss.url}/clients`, { ...cookie(miss), ...accept }, encoding),
        node: await pageBytes(`${peer.url}/clients`, accept, encoding),
      };
      const rows = [];
      for (const c of CONNECTIONS) {
        // Interleaved: each connection count measures every side in turn.
        rows.push({
          c,
          hit: wrk(`${hit.url}/clients`, c, { ...cookie(hit), ...accept }, hit.pid),
          miss: wrk(`${miss.url}/clients`, c, { ...cookie(miss), ...accept }, miss.pid),
          node: wrk(`${peer.url}/clients`, c, accept, peer.pid),
          json: wrk(`${hit.url}/api/clients?page=1&per_page=10`, c, { authorization: `Bearer ${hit.token}`, ...accept }, hit.pid),
        });
      }
      const after = { hit: rssMiB(hit.pid), miss: rssMiB(miss.pid) };
      // And once the server has given back what the burst freed (it trims
      // every 5 s, server/memory.rs).
      await new Promise((r) => setTimeout(r, 6000));
      results.push({ encoding, rows, bytes, idle, after, settled: { hit: rssMiB(hit.pid), miss: rssMiB(miss.pid) } });
    } finally {
      await hit.stop();
      await miss.stop();
    }
  }
} finally {
  peer?.stop();
}
// Median of five, interleaved with the same binary not starting its
// engines (EXPEDIENTE_SSR=off) as the peer.
const starts = { on: [], off: [] };
for (let i = 0; i < 5; i++) {
  starts.on.push(await startToReady());
  starts.off.push(await startToReady({ EXPEDIENTE_SSR: 'off' }));
}
const median = (runs) => runs.map((r) => r.ms).sort((a, b) => a - b)[2];
const start = { ms: median(starts.on), off: median(starts.off), idle: starts.on[0].idle };
const size = statSync(RELEASE_BIN).size;
console.log(
  `${new Date().toISOString().slice(0, 10)}, load average ${loadAtStart} at the start, ${loadAverage()} at the end, ` +
    `${SECONDS} s a measure, 300 clients / 3000 appointments seeded`,
);
console.log('\n| encoding | connections | memo hit (pages/s) | memo miss | Node peer | JSON list | hit / Node | miss / Node | hit / JSON |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const { encoding, rows } of results) {
  for (const r of rows) {
    console.log(
      `| ${encoding} | ${r.c} | ${r.hit.rps.toFixed(0)} | ${r.miss.rps.toFixed(0)} | ${r.node.rps.toFixed(0)} | ${r.json.rps.toFixed(0)} | ` +
        `${(r.hit.rps / r.node.rps).toFixed(2)} | ${(r.miss.rps / r.node.rps).toFixed(2)} | ${(r.hit.rps / r.json.rps).toFixed(2)} |`,
    );
  }
}
console.log('\nCPU per page (ms, the server process, all threads; the peer: its cluster), and Node\'s over ours: the pages a second each would serve on the same cores.');
console.log('\n| encoding | connections | memo hit | memo miss | Node peer | Node / hit | Node / miss |');
console.log('|---|---|---|---|---|---|---|');
for (const { encoding, rows } of results) {
  for (const r of rows) {
    console.log(
      `| ${encoding} | ${r.c} | ${r.hit.cpu.toFixed(2)} | ${r.miss.cpu.toFixed(2)} | ${r.node.cpu.toFixed(2)} | ` +
        `${(r.node.cpu / r.hit.cpu).toFixed(2)} | ${(r.node.cpu / r.miss.cpu).toFixed(2)} |`,
    );
  }
}
console.log('\n| encoding | page bytes: memo hit (stored) | memo miss (streamed) | Node peer |');
console.log('|---|---|---|---|');
for (const { encoding, bytes } of results) console.log(`| ${encoding} | ${bytes.hit} | ${bytes.miss} | ${bytes.node} |`);
for (const { encoding, rows } of results) {
  const one = rows.find((r) => r.c === 1);
  console.log(
    `\n${encoding}, one connection, median latency: page (memo hit) ${one.hit.p50.toFixed(2)} ms, miss ${one.miss.p50.toFixed(2)} ms, ` +
      `JSON list ${one.json.p50.toFixed(2)} ms: hit / JSON ${(one.hit.p50 / one.json.p50).toFixed(2)}`,
  );
}
console.log('\n| resource | value | target |');
console.log('|---|---|---|');
console.log(`| release binary | ${(size / 1e6).toFixed(1)} MB (${(size / 2 ** 20).toFixed(1)} MiB) | ≤ 25 MB |`);
console.log(
  `| start to ready (spawn → first /login 200, median of 5) | ${start.ms.toFixed(0)} ms; without engines (SSR off) ${start.off.toFixed(0)} ms | ≤ 500 ms |`,
);
console.log(`| RSS idle (fresh start) | ${start.idle.toFixed(0)} MiB | |`);
for (const r of results) {
  console.log(`| ${r.encoding}: RSS idle (seeded, signed in, before the load) | ${r.idle.toFixed(0)} MiB | |`);
  for (const [side, memo] of [['hit', 'on'], ['miss', 'off']]) {
    console.log(
      `| ${r.encoding}: RSS after the loads up to 64 connections, memo ${memo}: at once; 6 s later | ` +
        `${r.after[side].toFixed(0)} MiB; ${r.settled[side].toFixed(0)} MiB | ≤ 64 MiB |`,
    );
  }
}
