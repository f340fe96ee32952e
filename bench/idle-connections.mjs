// A real request while 10,000 idle connections from as many addresses are
// held open (SECURITY.md, the row on slow or idle connections): each opened
// and never sent a byte, and opened again whenever the server closes it. Two builds of the server (before and after a change),
// one at a time (both sides' sockets at once would pass this process's
// open-files limit), in rounds whose order alternates: each round opens the
// idle connections, waits until the server has taken what it takes, then
// times real requests (`GET /healthz` on a new connection from another
// address) one after another, and closes them all.
//
//   node bench/idle-connections.mjs BEFORE_BIN AFTER_BIN [idle=10000] [requests=5] [rounds=2]
//
// Per side: how many requests were answered (a connection can be dropped
// unanswered), median and worst time to a whole answer in ms; after ÷
// before of the medians. Target: under 100 ms with 10,000 idle connections open.
// Needs an open-files limit above `idle` + 100 for this process (ulimit -n).
import net from 'node:net';
import path from 'node:path';
import { startServer } from '../client/e2e/harness.mjs';

const [before, after] = process.argv.slice(2, 4).map((bin) => bin && path.resolve(bin));
if (!before || !after) throw new Error('usage: node bench/idle-connections.mjs BEFORE_BIN AFTER_BIN [idle] [requests] [rounds]');
const IDLE = Number(process.argv[4] ?? 10_000);
const REQUESTS = Number(process.argv[5] ?? 5);
const ROUNDS = Number(process.argv[6] ?? 2);
/** Longest a real request is waited for (the servers' header timeout is 10 s). */
const GIVE_UP_MS = 30_000;

/** The n-th loopback address of 127.1.0.0/16 and up: one per idle connection. */
const address = (n) => `127.${1 + (n >> 16)}.${(n >> 8) & 255}.${(n & 255) || 1}`;

/**
 * Opens `count` connections to `port`, each from its own address, and opens
 * again (after 100 ms) any the server closes, as a client holding them would,
 * until `close()`; resolves once each has connected or failed once.
 */
async function holdIdle(port, count) {
  const sockets = new Set();
  let holding = true;
  const open = (i, settled) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: address(i) });
    sockets.add(socket);
    socket.setTimeout(5_000, settled);
    socket.on('connect', settled);
    socket.on('error', () => {});
    socket.on('close', () => {
      sockets.delete(socket);
      settled();
      if (holding) setTimeout(() => holding && open(i, () => {}), 100);
    });
  };
  await Promise.all(Array.from({ length: count }, (_, i) => new Promise((resolve) => open(i, resolve))));
  return {
    close() {
      holding = false;
      for (const socket of sockets) socket.destroy();
    },
  };
}

/**
 * Milliseconds to a whole answer of `GET /healthz` on a new connection from
 * 127.0.0.200; null when the connection ends without one (or after
 * GIVE_UP_MS).
 */
function timed(port) {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: '127.0.0.200' });
    let answer = '';
    const timer = setTimeout(() => socket.destroy(), GIVE_UP_MS);
    socket.on('connect', () => socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(answer.startsWith('HTTP/1.1 200') ? performance.now() - started : null);
    });
  });
}

const times = { before: [], after: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const side of round % 2 ? ['after', 'before'] : ['before', 'after']) {
    const server = await startServer({ bin: side === 'before' ? before : after });
    const port = Number(new URL(server.url).port);
    try {
      const idle = await holdIdle(port, IDLE);
      // What the server accepts of them, it has accepted by now.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      for (let i = 0; i < REQUESTS; i++) times[side].push(await timed(port));
      idle.close();
    } finally {
      await server.stop();
    }
  }
}

const answered = (xs) => xs.filter((x) => x !== null);
const median = (xs) => answered(xs).sort((a, b) => a - b)[Math.floor(answered(xs).length / 2)];
console.log(`A request with ${IDLE} idle connections from as many addresses open, ${REQUESTS} a side a round, ${ROUNDS} rounds\n`);
console.log('| | answered | median (ms) | worst answered (ms) |');
console.log('|---|---|---|---|');
for (const side of ['before', 'after']) {
  const xs = times[side];
  console.log(`| ${side} | ${answered(xs).length} of ${xs.length} | ${median(xs)?.toFixed(1) ?? '–'} | ${answered(xs).length ? Math.max(...answered(xs)).toFixed(1) : '–'} |`);
}
console.log(`\nafter ÷ before (median): ${(median(times.after) / median(times.before)).toFixed(4)}`);
