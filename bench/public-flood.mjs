// A flood of the clients' booking page against the staff's own screen
// (server/public/booking.rs: the public pages wait for one of
// `PublicPlaces` places, 5 s at most, so a flood of them does not slow the
// staff). 256 visitors, each from its own loopback address (127.1.x.y, as
// bench/idle-connections.mjs holds its connections: the server sees 256
// peers, no proxy, so its per-address connection limit applies as on the
// internet) on one keep-alive connection each, ask step 2 of the booking
// page (`GET /agendar/{service}?dia=…&profissional=qualquer`, next week's
// weekdays in turn) as fast as it answers, one request after another. They
// run in a worker thread, so their answers do not queue behind (or ahead
// of) the timed requests on this thread's event loop.
//
// Meanwhile one signed-in Recepção member (role `staff`) asks, one request
// after another, the page `GET /clients` with the session cookie (the
// server-rendered list, `Accept-Encoding: br` as browsers send it, not
// decoded here) and the API's `GET /api/clients` with the Bearer token, in
// turn. Quiet rounds and flood rounds alternate (which of the pair goes
// first alternates too): each side's p50 and p90 of both, and flood ÷ quiet
// of the p50 (target ≤ 2). Beside them: what the flood got (answers a
// second, 503s, its p50), and the server's CPU (cores busy, /proc).
//
//   node bench/public-flood.mjs [rounds=4] [requests=40] [clients=10000] [appointments=50000] [visitors=256]
//
// `rounds` pairs of one quiet and one flood round, each timing `requests`
// staff requests (half the page, half the API). Fewer `visitors` than the
// server's places (8) tell what the places' own work costs the staff, with
// no queue behind them. This process's CPU during the flood rounds (the
// flood's, mostly) is reported too: on a machine of two cores it competes
// with the server. The server is the release
// binary (EXPEDIENTE_BIN: another, e.g. target/testing/expediente), on
// SQLite, seeded with ten staff members (the seed's four and six more) who
// share the appointments and offer the public service.
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';

/** The n-th visitor's address: 127.1.0.1 to 127.1.1.128 for 256 (hosts 1 to 128 of each /24). */
const address = (n) => `127.1.${n >> 7}.${(n & 127) + 1}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** GET `path` on `agent`: its status, its body as bytes, and the milliseconds to the last byte. */
function get(port, pathname, agent, headers = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get({ host: '127.0.0.1', port, path: pathname, agent, headers: { 'accept-encoding': 'br', ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - started }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

if (!isMainThread) {
  // The flood: started and stopped by the main thread, which gets its counts.
  const { port, paths, visitors } = workerData;
  const agents = Array.from({ length: visitors }, (_, i) => new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: address(i) }));
  let flooding = false;
  let running = [];
  let stats = null;
  const visitor = async (i) => {
    for (let k = i; flooding; k++) {
      try {
        const { status, ms } = await get(port, paths[k % paths.length], agents[i]);
        stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
        if (status === 200) stats.ok.push(ms);
      } catch {
        stats.errors++;
        await sleep(100);
      }
    }
  };
  parentPort.on('message', async (message) => {
    if (message === 'start') {
      flooding = true;
      stats = { statuses: {}, ok: [], errors: 0, started: performance.now() };
      running = agents.map((_, i) => visitor(i));
      parentPort.postMessage('started');
    } else if (message === 'stop') {
      // The answers that were asked before stop count; nothing is asked after.
      stats.asking = performance.now() - stats.started;
      flooding = false;
      await Promise.all(running);
      parentPort.postMessage(stats);
    } else if (message === 'exit') {
      for (const agent of agents) agent.destroy();
      parentPort.close();
    }
  });
} else {
  const { ADMIN, api, RELEASE_BIN, seedDatabase, startServer } = await import('../client/e2e/harness.mjs');
  const { cpuMs } = await import('./wrk.mjs');
  const here = path.dirname(fileURLToPath(import.meta.url));
  const BIN = process.env.EXPEDIENTE_BIN ? path.resolve(here, '..', process.env.EXPEDIENTE_BIN) : RELEASE_BIN;
  const [ROUNDS, REQUESTS, CLIENTS, APPOINTMENTS, VISITORS] = [4, 40, 10_000, 50_000, 256].map((fallback, i) => Number(process.argv[2 + i] ?? fallback));
  /** Time the flood gets to fill the server's queue before the staff's requests are timed. */
  const RAMP_MS = 1500;
  const PASSWORD = 'Quartzo-bench-flood-2026';
  const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
  const loadAtStart = load();

  const server = await startServer({ bin: BIN });
  const port = Number(new URL(server.url).port);
  let worker = null;
  try {
    // Six staff members before the seed's four: the seed shares the
    // appointments among all ten (as bench/lists.mjs seeds them).
    const admin = (await api(server.url, null, 'POST', '/login', ADMIN)).data.accessToken;
    for (let i = 1; i <= 6; i++) {
      await api(server.url, admin, 'POST', '/users', { name: `Profissional ${i}`, email: `staff${i}@example.com`, role: 'staff', password: PASSWORD });
    }
    const seedStarted = performance.now();
    seedDatabase(server, ['--force', '--clients', String(CLIENTS), '--appointments', String(APPOINTMENTS)]);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    // The seed blocked this thread past the server's header timeout (10 s),
    // which closed fetch's idle keep-alive connection: a turn of the event
    // loop lets fetch see that, rather than write to it and fail (EPIPE).
    await sleep(100);
    const staffIds = (await api(server.url, admin, 'GET', '/users?per_page=100')).data.filter((u) => u.role === 'staff').map((u) => u.id);
    await api(server.url, admin, 'PUT', '/online-booking', { enabled: true, minNoticeHours: 0 });
    const service = (await api(server.url, admin, 'POST', '/services', { name: 'Avaliação online', durationMinutes: 60, priceCents: 15000, staffIds })).data;
    // Next week's Monday to Friday, in turn.
    const monday = new Date();
    monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7));
    const paths = [0, 1, 2, 3, 4].map((d) => `/agendar/${service.id}?dia=${new Date(monday.getTime() + d * 86_400_000).toISOString().slice(0, 10)}&profissional=qualquer`);
    const times = [];
    for (const p of paths) {
      const res = await get(port, p, undefined, { 'accept-encoding': 'identity' });
      if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
      times.push(res.body.toString().match(/name="hora"/g)?.length ?? 0);
    }

    // The Recepção member, signed in; their page checked once (rendered with the first client).
    const token = (await api(server.url, null, 'POST', '/login', { email: 'staff1@example.com', password: PASSWORD })).data.accessToken;
    const firstName = (await api(server.url, token, 'GET', '/clients?page=1')).data[0].name;
    const staffAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const STAFF = {
      page: { path: '/clients', headers: { cookie: `expediente_session=${token}`, accept: 'text/html' } },
      api: { path: '/api/clients', headers: { authorization: `Bearer ${token}` } },
    };
    const checked = await get(port, STAFF.page.path, staffAgent, STAFF.page.headers);
    const html = checked.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(checked.body).toString() : checked.body.toString();
    if (checked.status !== 200 || !html.includes(firstName)) throw new Error(`/clients: ${checked.status}, without ${firstName}`);

    worker = new Worker(fileURLToPath(import.meta.url), { workerData: { port, paths, visitors: VISITORS } });
    const reply = () => new Promise((resolve) => worker.once('message', resolve));
    const results = { quiet: { page: [], api: [], cpu: [], own: [] }, flood: { page: [], api: [], cpu: [], own: [] } };
    const floods = [];

    /** One round: the staff's requests, page and API in turn, with the flood on or not. */
    async function round(side, record = true) {
      const cpuBefore = cpuMs(server.pid);
      const ownBefore = process.cpuUsage();
      const started = performance.now();
      if (side === 'flood') {
        worker.postMessage('start');
        await reply();
        await sleep(RAMP_MS);
      }
      for (let i = 0; i < REQUESTS; i++) {
        const which = i % 2 ? 'api' : 'page';
        const { status, ms, body } = await get(port, STAFF[which].path, staffAgent, STAFF[which].headers);
        if (status !== 200) throw new Error(`${side} ${STAFF[which].path}: ${status} ${body.toString().slice(0, 200)}`);
        if (record) results[side][which].push(ms);
      }
      if (side === 'flood') {
        worker.postMessage('stop');
        const stats = await reply();
        if (record) floods.push(stats);
      }
      if (record) {
        const elapsed = performance.now() - started;
        const own = process.cpuUsage(ownBefore);
        results[side].cpu.push({ ms: cpuMs(server.pid) - cpuBefore, elapsed });
        results[side].own.push({ ms: (own.user + own.system) / 1000, elapsed });
      }
      // What the flood left queued is answered (or refused) by now.
      await sleep(500);
    }

    await round('quiet', false);
    await round('flood', false);
    for (let r = 0; r < ROUNDS; r++) {
      for (const side of r % 2 ? ['flood', 'quiet'] : ['quiet', 'flood']) await round(side);
      process.stderr.write('.');
    }
    process.stderr.write('\n');
    worker.postMessage('exit');

    const pct = (xs, p) => {
      const sorted = [...xs].sort((a, b) => a - b);
      return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
    };
    const f = (ms) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));
    console.log(
      `${new Date().toISOString()}: ${ROUNDS} pairs of rounds (quiet and flood alternating), ${REQUESTS / 2} page and ${REQUESTS / 2} API requests a round; ` +
        `SQLite, ${CLIENTS.toLocaleString('en')} clients / ${APPOINTMENTS.toLocaleString('en')} appointments seeded in ${seedSeconds.toFixed(0)} s, ten staff members; ` +
        `free times on the flooded days: ${times.join(', ')}\n`,
    );
    console.log('| the Recepção member asks | quiet p50 | p90 | under the flood p50 | p90 | flood ÷ quiet (p50, target ≤ 2) |');
    console.log('|---|---|---|---|---|---|');
    for (const [which, label] of [['page', '`GET /clients`, the page (session cookie)'], ['api', '`GET /api/clients` (Bearer)']]) {
      const [q, fl] = [results.quiet[which], results.flood[which]];
      const ratio = pct(fl, 50) / pct(q, 50);
      console.log(`| ${label} | ${f(pct(q, 50))} ms | ${f(pct(q, 90))} ms | ${f(pct(fl, 50))} ms | ${f(pct(fl, 90))} ms | ${ratio.toFixed(2)}${ratio > 2 ? ' ✗' : ''} |`);
    }
    const seconds = floods.reduce((sum, s) => sum + s.asking, 0) / 1000;
    const statuses = {};
    for (const s of floods) for (const [k, v] of Object.entries(s.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
    const ok = floods.flatMap((s) => s.ok);
    const errors = floods.reduce((sum, s) => sum + s.errors, 0);
    // Over all of a side's rounds: a quiet round lasts a tenth of a second,
    // a few of /proc's 10 ms ticks.
    const sum = (xs, field) => xs.reduce((total, x) => total + x[field], 0);
    const cores = (xs) => (sum(xs, 'ms') / sum(xs, 'elapsed')).toFixed(2);
    const perPage = sum(results.flood.cpu, 'ms') / ok.length;
    console.log(
      `\nThe flood (${VISITORS} addresses, ${seconds.toFixed(1)} s in all): ${(ok.length / seconds).toFixed(0)} pages a second answered 200 (p50 ${f(pct(ok, 50))} ms, p90 ${f(pct(ok, 90))} ms); ` +
        `answers by status ${JSON.stringify(statuses)}, ${errors} connection errors. CPU (cores, over the rounds): the server quiet ${cores(results.quiet.cpu)}, flood ${cores(results.flood.cpu)} (${perPage.toFixed(2)} ms a flood page); this process (the flood's generator and the timed requests) quiet ${cores(results.quiet.own)}, flood ${cores(results.flood.own)}.`,
    );
    console.log(`\nload average (1, 5, 15 min): ${loadAtStart} at the start, ${load()} at the end`);
  } finally {
    if (worker) await worker.terminate();
    await server.stop();
  }
}
