// The live agenda's stream (`GET /api/events`, docs/behaviour.md#live-agenda):
//
// 1. Across instances: two server processes, A and B, on one PostgreSQL
//    database. A stream is open on each; bookings are made one at a time
//    on A, and for each the time from its 201 (the answer read whole) to
//    its `change` event on B's stream (LISTEN/NOTIFY), beside the same on
//    A's own stream (the in-process broadcast), the peer measured on the
//    same bookings. p50 and p95 of each; B ÷ A of the medians.
// 2. Idle streams: instance A's resident memory and CPU time over an idle
//    spell with no stream open, then with `idle` streams open (from as many
//    loopback addresses as the per-address cap asks), then with none again:
//    the rounds interleaved so the machine's drift shows.
// 3. Fan-out: `fanout` streams open on A; each booking's time from its 201
//    to its event on the first, the median and the last stream.
//
// 4. In a browser: Chromium with the agenda open on B; each booking's time
//    from its 201 on A to its block in the page (a MutationObserver's
//    wall-clock time: the stream, the settle, the agenda's read, the render).
//
//   node bench/live-events.mjs [BIN=target/testing/expediente] [bookings=40] [idle=500] [fanout=200] [idleSeconds=20] [browserBookings=20]
//
// Needs PostgreSQL on 127.0.0.1:5432 (user postgres, trust; or EXPEDIENTE_TEST_PG) and psql:
// the harness makes the database and drops it (client/e2e/harness.mjs).
import http from 'node:http';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { ADMIN, api, launchBrowser, openPage, signIn, startInstance, startServer, waitForShell } from '../client/e2e/harness.mjs';

const BIN = path.resolve(process.argv[2] ?? 'target/testing/expediente');
const BOOKINGS = Number(process.argv[3] ?? 40);
const IDLE = Number(process.argv[4] ?? 500);
const FANOUT = Number(process.argv[5] ?? 200);
const IDLE_SECONDS = Number(process.argv[6] ?? 20);
const BROWSER_BOOKINGS = Number(process.argv[7] ?? 20);
/** The day the browser's agenda shows (part 4), away from the others' bookings. */
const BROWSER_DAY = '2031-03-12';
/** Streams one address may hold: the default per-address cap (128 connections) ÷ 4. */
const PER_ADDRESS = 32;

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const ms = (n) => `${n.toFixed(1)} ms`;

/** The n-th loopback address of 127.3.0.0/16 and up. */
const address = (n) => `127.3.${(n >> 8) & 255}.${(n & 255) || 1}`;

/**
 * An open stream on `server` from `localAddress`: calls `onChange(data, at)`
 * for each change event (at: performance.now() when its bytes arrived).
 */
function openStream(server, token, localAddress, onChange) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port: server.port, path: '/api/events', localAddress, headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream: ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        response.on('data', (chunk) => {
          const at = performance.now();
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.includes('event: ready')) resolve({ close: () => request.destroy() });
            const data = block.split('\n').find((l) => l.startsWith('data:'));
            if (block.includes('event: change') && data) onChange(JSON.parse(data.slice(5)), at);
          }
        });
      },
    );
    request.on('error', (error) => reject(error));
  });
}

/** Streams waiting for appointment ids: `wait(id)` resolves with the time each stream saw it. */
function watcher() {
  const seen = new Map();
  const waiting = new Map();
  return {
    onChange(change, at) {
      const id = change.appointmentId;
      if (!seen.has(id)) seen.set(id, []);
      seen.get(id).push(at);
      waiting.get(id)?.();
    },
    async wait(id, count, timeoutMs = 10_000) {
      const deadline = performance.now() + timeoutMs;
      while ((seen.get(id)?.length ?? 0) < count) {
        if (performance.now() > deadline) throw new Error(`event ${id}: ${seen.get(id)?.length ?? 0} of ${count} streams`);
        await new Promise((resolve) => {
          waiting.set(id, resolve);
          setTimeout(resolve, 50);
        });
      }
      waiting.delete(id);
      return seen.get(id);
    },
  };
}

/** Wall-clock start of the n-th booking: 30 minutes apart from 2031-03-03 00:00. */
const slot = (n) => {
  const d = new Date(Date.UTC(2031, 2, 3) + n * 30 * 60_000);
  return d.toISOString().slice(0, 16);
};

/** A booking on `server`: its id and the time its 201 was read whole. */
async function book(server, token, ids, n) {
  const body = { clientId: ids.client, staffId: ids.staff, service: 'Corte', startsAt: slot(n), durationMinutes: 30, allowOutsideHours: true };
  const answer = await api(server.url, token, 'POST', '/appointments', body);
  return { id: answer.data.id, at: performance.now() };
}

/** Resident memory (KiB) and CPU time (ms, user + system) of process `pid`. */
function usage(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+)/.exec(status)[1]);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rss, cpuMs: (ticks * 1000) / 100 };
}

async function idleSpell(pid) {
  const before = usage(pid);
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  const after = usage(pid);
  return { rssMiB: after.rss / 1024, cpuMs: after.cpuMs - before.cpuMs };
}

let a;
let b;
try {
  a = await startServer({ bin: BIN, postgres: true });
  b = await startInstance(a);
  const token = (await api(a.url, null, 'POST', '/login', ADMIN)).data.accessToken;
  const me = (await api(a.url, token, 'GET', '/me')).data;
  const client = (await api(a.url, token, 'POST', '/clients', { name: 'Bia Bench', phone: '(11) 97777-0000' })).data;
  const ids = { client: client.id, staff: me.id };
  let n = 0;
  const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`load average at the start: ${load()}`);

  // 1. A's booking, seen on B's stream and on A's own.
  const onB = watcher();
  const onA = watcher();
  const streamB = await openStream(b, token, address(1), onB.onChange);
  const streamA = await openStream(a, token, address(2), onA.onChange);
  const across = [];
  const same = [];
  for (let i = 0; i < BOOKINGS + 3; i++) {
    const { id, at } = await book(a, token, ids, n++);
    const [seenB] = await onB.wait(id, 1);
    const [seenA] = await onA.wait(id, 1);
    // The first three warm the connections up.
    if (i >= 3) {
      across.push(seenB - at);
      same.push(seenA - at);
    }
  }
  streamA.close();
  streamB.close();
  console.log(`\n1. ${BOOKINGS} bookings on A, from the 201 to the event (negative: the event came before the answer was read)`);
  console.log(`   on B (PostgreSQL NOTIFY): p50 ${ms(quantile(across, 0.5))}, p95 ${ms(quantile(across, 0.95))}, worst ${ms(Math.max(...across))}`);
  console.log(`   on A (in-process)       : p50 ${ms(quantile(same, 0.5))}, p95 ${ms(quantile(same, 0.95))}, worst ${ms(Math.max(...same))}`);
  console.log(`   B − A of the medians: ${ms(quantile(across, 0.5) - quantile(same, 0.5))}`);

  // 2. Idle streams on A: none, IDLE, none.
  const spells = [];
  spells.push({ streams: 0, ...(await idleSpell(a.pid)) });
  const idle = [];
  for (let i = 0; i < IDLE; i++) idle.push(await openStream(a, token, address(100 + Math.floor(i / PER_ADDRESS)), () => {}));
  await new Promise((r) => setTimeout(r, 2000));
  spells.push({ streams: IDLE, ...(await idleSpell(a.pid)) });
  for (const s of idle) s.close();
  await new Promise((r) => setTimeout(r, 2000));
  spells.push({ streams: 0, ...(await idleSpell(a.pid)) });
  console.log(`\n2. Instance A idle for ${IDLE_SECONDS} s (keep-alive every 15 s)`);
  for (const s of spells) console.log(`   ${String(s.streams).padStart(4)} streams: RSS ${s.rssMiB.toFixed(1)} MiB, CPU ${s.cpuMs.toFixed(0)} ms`);
  console.log(`   ${IDLE} streams − none before: ${(spells[1].rssMiB - spells[0].rssMiB).toFixed(1)} MiB, CPU ${(spells[1].cpuMs - spells[0].cpuMs).toFixed(0)} ms per ${IDLE_SECONDS} s`);

  // 3. One change to FANOUT streams.
  const fan = watcher();
  const fans = [];
  for (let i = 0; i < FANOUT; i++) fans.push(await openStream(a, token, address(200 + Math.floor(i / PER_ADDRESS)), fan.onChange));
  const first = [];
  const median = [];
  const last = [];
  for (let i = 0; i < Math.min(BOOKINGS, 20) + 2; i++) {
    const { id, at } = await book(a, token, ids, n++);
    const times = (await fan.wait(id, FANOUT)).map((t) => t - at).sort((x, y) => x - y);
    if (i >= 2) {
      first.push(times[0]);
      median.push(times[Math.floor(times.length / 2)]);
      last.push(times[times.length - 1]);
    }
  }
  for (const s of fans) s.close();
  console.log(`\n3. One booking on A to ${FANOUT} streams on A (${first.length} bookings), from the 201:`);
  console.log(`   first stream p50 ${ms(quantile(first, 0.5))}; median stream p50 ${ms(quantile(median, 0.5))}; last stream p50 ${ms(quantile(last, 0.5))}, p95 ${ms(quantile(last, 0.95))}`);

  // 4. The block on a browser's open agenda on B, for bookings made on A.
  const browser = await launchBrowser();
  try {
    const staff = (await api(a.url, token, 'POST', '/users', { name: 'Rita Bench', email: 'rita@example.com', role: 'staff', password: 'rita-bench-12345' })).data;
    const { page } = await openPage(browser, b.url, { viewport: { width: 1366, height: 900 } });
    await signIn(page);
    await page.goto(`/appointments?date=${BROWSER_DAY}`);
    await waitForShell(page);
    // When each booking's block is first in the page, by the wall clock this process shares.
    await page.evaluate(() => {
      window.__seen = {};
      new MutationObserver(() => {
        for (const block of document.querySelectorAll('a.agenda-block')) {
          const n = /Bench (\d+)/.exec(block.textContent)?.[1];
          if (n !== undefined && !(n in window.__seen)) window.__seen[n] = Date.now();
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const shown = [];
    for (let i = 0; i < BROWSER_BOOKINGS + 2; i++) {
      const start = new Date(Date.parse(`${BROWSER_DAY}T10:00:00Z`) + i * 20 * 60_000).toISOString().slice(0, 16);
      const body = { clientId: ids.client, staffId: staff.id, service: `Bench ${i}`, startsAt: start, durationMinutes: 20, allowOutsideHours: true };
      await api(a.url, token, 'POST', '/appointments', body);
      const at = Date.now();
      await page.waitForFunction((n) => n in window.__seen, String(i), { timeout: 10_000 });
      // The first two warm the page's reads up.
      if (i >= 2) shown.push((await page.evaluate((n) => window.__seen[n], String(i))) - at);
    }
    console.log(`\n4. ${BROWSER_BOOKINGS} bookings on A, from the 201 to the block in the agenda open in Chromium on B:`);
    console.log(`   p50 ${ms(quantile(shown, 0.5))}, p95 ${ms(quantile(shown, 0.95))}, worst ${ms(Math.max(...shown))}`);
  } finally {
    await browser.close();
  }
  console.log(`\nload average at the end: ${load()}`);
} finally {
  // B first: A drops the database.
  await b?.stop();
  await a?.stop();
}
