// The lists at two data sizes on SQLite and PostgreSQL:
// p50 and p99 of each list query, its growth from the small size to the large
// one, and its time against the first page of clients at the same size.
// Targets (reported, not asserted): 10× the data grows a query at most 2×,
// and no query costs more than 3× the first page (free slots for a week of
// 10 staff members included, and the clients' booking page, signed out:
// a day's free times of the ten with "qualquer profissional", next week's
// Wednesday, booking turned on without notice). Then booking with the scheduling
// rules against booking with them lifted (`allowOutsideHours`, which leaves
// the lock and the overlap check), interleaved, target ≤ 1.5×. Then a
// weekly series of 104 occurrences (two years) against one booking,
// interleaved, target ≤ 5×.
//
// A Profissional (role `professional`) reaches only the clients they have or
// had an appointment with, filtered in the list's own SQL: one of the ten
// staff members the seed shares the appointments among is made one after the
// seed, signs in, and their first page of clients and search `q=jose` are
// asked among the admin's queries, each against the admin's first page
// (target ≤ 3×). A query that takes over 5 s in a warm-up run (or outlives
// the server's 30 s handler timeout) is reported from that run and not
// measured further; the bench then waits until the server is idle again.
//
// `--peer BIN` compares every list query, the booking and the series with
// another build of the server: BIN serves its own database of the largest
// size asked, seeded alike by BIN itself (with `--cache`, a copy of the same
// kept one), each list query is asked of the two binaries one after the other
// and their bookings and series are interleaved request by request (which
// binary goes first alternates); each side's p50, each side's ×first, and
// this binary's over the peer's (target ≤ 1.10 for the bookings).
//
// `--cache` keeps each size's seeded database in target/bench-lists-cache
// (SQLite: the file; PostgreSQL: a database `expediente_bench_cache_…`) and
// gives each run a copy (PostgreSQL: `CREATE DATABASE … TEMPLATE`), so the
// 100k / 500k seed (3 to 17 minutes on this machine) is paid once. The kept
// one is seeded by the peer when there is one (the older build), since a
// binary refuses a database that ran migrations it does not know; delete the
// folder and the databases to seed anew.
//
//   node bench/lists.mjs [--sizes small,large] [--db sqlite,postgres] [--runs 40] [--scale 1] [--peer BIN] [--cache] [--write]
//
// small = 10,000 clients / 50,000 appointments, large = 100,000 / 500,000.
// Needs the release binary (EXPEDIENTE_BIN, default target/release/expediente)
// and, for PostgreSQL, `psql` reaching EXPEDIENTE_BENCH_PG (default
// postgres://postgres@127.0.0.1:5432, as the HTTP tests); each size gets a
// fresh database, dropped at the end. `--write` puts the tables between the
// `lists:begin` / `lists:end` markers of bench/README.md.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const BIN = path.resolve(here, '..', process.env.EXPEDIENTE_BIN ?? 'target/release/expediente');
const PG = process.env.EXPEDIENTE_BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const SIZES = {
  small: { clients: 10_000, appointments: 50_000 },
  large: { clients: 100_000, appointments: 500_000 },
};
const ADMIN = { email: 'bench@example.com', password: 'Quartzo-bench-listas-2026' };
// One of the staff members created below, made a Profissional after the seed.
const PRO = { email: 'staff1@example.com', password: ADMIN.password };
const PER_PAGE = 10; // the API's default

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const sizes = arg('sizes', 'small,large').split(',');
const dbs = arg('db', 'sqlite,postgres').split(',');
const RUNS = Number(arg('runs', 40));
// A fraction of both sizes, for a quick check that the script works (e.g. 0.01).
const SCALE = Number(arg('scale', 1));
for (const s of Object.values(SIZES)) for (const k in s) s[k] = Math.round(s[k] * SCALE);
const WARMUP = 5;
const PEER = arg('peer', null) && path.resolve(arg('peer'));
// Seeded datasets kept between runs (seeding 100k / 500k takes minutes):
// each run works on a copy (SQLite: the file; PostgreSQL: a database made
// from the kept one as its template), so what a run writes never reaches it.
const CACHE = process.argv.includes('--cache') ? path.resolve(here, '..', 'target', 'bench-lists-cache') : null;
for (const s of sizes) if (!SIZES[s]) throw new Error(`unknown size ${s}`);
for (const d of dbs) if (!['sqlite', 'postgres'].includes(d)) throw new Error(`unknown db ${d}`);

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const psql = (sql) => execFileSync('psql', [`${PG}/postgres`, '-qAtc', sql], { encoding: 'utf8' });

/**
 * Fills a fresh database of one size with `bin`: the admin is created
 * first, then six staff members (users 2..7), then the seed's four (8..11).
 * Returns the seed's seconds.
 */
function seedInto(db, size, bin, dir, url) {
  const env = { ...process.env, DATABASE_URL: url, EXPEDIENTE_DATA_DIR: dir, RUST_LOG: 'warn' };
  const run = (...args) => execFileSync(bin, args, { cwd: dir, env, encoding: 'utf8' });
  run('user', 'create', '--name', 'Bench', '--email', ADMIN.email, '--role', 'admin', '--password', ADMIN.password);
  // The seed's four staff members and six more: ten who share the appointments.
  for (let i = 1; i <= 6; i++) {
    run('user', 'create', '--name', `Profissional ${i}`, '--email', `staff${i}@example.com`, '--role', 'staff', '--password', ADMIN.password);
  }
  const { clients, appointments } = SIZES[size];
  const started = performance.now();
  run('seed', '--force', '--clients', String(clients), '--appointments', String(appointments));
  const seedSeconds = (performance.now() - started) / 1000;
  // PostgreSQL's autovacuum would vacuum and analyze the fresh tables within
  // a minute (inserts past 20 % of a table start both); done here so the
  // plans, the estimated totals (from EXPLAIN), the visibility map that
  // index-only scans need and the search index's pending list do not depend
  // on when the measuring starts. SQLite is left as the application leaves
  // it (no ANALYZE, no sqlite_stat1).
  if (db === 'postgres') execFileSync('psql', [url, '-qAtc', 'VACUUM ANALYZE']);
  return seedSeconds;
}

/**
 * The kept dataset of one size (`--cache`), seeded on first use by the peer
 * when there is one (the older build: the newer one migrates its copy
 * forward when it starts, where an older one would refuse a database that
 * ran migrations it does not know), else by this binary.
 */
function kept(db, size) {
  const { clients, appointments } = SIZES[size];
  const name = `${db}-${size}-${clients}-${appointments}`;
  const meta = path.join(CACHE, `${name}.json`);
  const pgName = `expediente_bench_cache_${size}_${clients}_${appointments}`;
  const dir = path.join(CACHE, name);
  const exists = existsSync(meta) && (db === 'sqlite' ? existsSync(path.join(dir, 'bench.db')) : psql(`SELECT 1 FROM pg_database WHERE datname = '${pgName}'`).trim() === '1');
  if (!exists) {
    const bin = PEER ?? BIN;
    console.error(`  keeping a seeded copy in ${db === 'sqlite' ? dir : `the database ${pgName}`} (seeded by ${path.basename(bin)})`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    if (db === 'postgres') {
      psql(`DROP DATABASE IF EXISTS "${pgName}" WITH (FORCE)`);
      psql(`CREATE DATABASE "${pgName}"`);
    }
    const url = db === 'sqlite' ? `sqlite://${dir}/bench.db?mode=rwc` : `${PG}/${pgName}`;
    const seedSeconds = seedInto(db, size, bin, dir, url);
    writeFileSync(meta, JSON.stringify({ seedSeconds, bin, at: new Date().toISOString() }));
  }
  return { dir, pgName, ...JSON.parse(readFileSync(meta, 'utf8')) };
}

/** A fresh database of one size for `bin`: seeded now, or a copy of the kept one (`--cache`). */
function prepare(db, size, bin = BIN, tag = '') {
  const dir = mkdtempSync(path.join(os.tmpdir(), `bench-lists-${db}-${size}${tag}-`));
  let url = `sqlite://${dir}/bench.db?mode=rwc`;
  let pgName = null;
  if (db === 'postgres') {
    pgName = `expediente_bench_${size}${tag}_${process.pid}`;
    url = `${PG}/${pgName}`;
  }
  const env = { ...process.env, DATABASE_URL: url, EXPEDIENTE_DATA_DIR: dir, RUST_LOG: 'warn' };
  let seedSeconds;
  if (CACHE) {
    const copy = kept(db, size);
    if (db === 'sqlite') {
      for (const f of ['bench.db', 'bench.db-wal']) if (existsSync(path.join(copy.dir, f))) copyFileSync(path.join(copy.dir, f), path.join(dir, f));
    } else {
      psql(`CREATE DATABASE "${pgName}" TEMPLATE "${copy.pgName}"`);
    }
    seedSeconds = copy.seedSeconds;
  } else {
    if (pgName) psql(`CREATE DATABASE "${pgName}"`);
    seedSeconds = seedInto(db, size, bin, dir, url);
  }
  return { db, size, dir, url, env, pgName, seedSeconds, bin, peer: bin !== BIN };
}

async function start(target) {
  const port = await freePort();
  const child = spawn(target.bin, ['serve'], {
    cwd: target.dir,
    env: {
      ...target.env,
      EXPEDIENTE_ADDR: `127.0.0.1:${port}`,
      EXPEDIENTE_JWT_SECRET: 'bench-secret-0123456789abcdef0123456789abcdef',
      EXPEDIENTE_TOKEN_TTL: '86400',
      // Only the JSON API is measured: no JavaScript engines taking memory and start-up.
      EXPEDIENTE_SSR: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  target.child = child;
  target.base = `http://127.0.0.1:${port}`;
  let res;
  while (!res) {
    if (child.exitCode !== null) throw new Error(`${target.db}/${target.size}: the server exited (${child.exitCode})`);
    res = await fetch(`${target.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    }).catch(() => null); // not listening yet
    if (!res) await new Promise((r) => setTimeout(r, 100));
  }
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  target.token = (await res.json()).data.accessToken;
}

async function login(target, who) {
  const res = await fetch(`${target.base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (!res.ok) throw new Error(`login ${who.email}: ${res.status} ${await res.text()}`);
  return (await res.json()).data.accessToken;
}

/**
 * `staff1@example.com`, one of the ten the seed shared the appointments
 * among (each client's appointments go to members drawn at random), made a
 * Profissional by the admin and signed in: `target.proToken`, and the
 * clients they reach (`target.proClients`, counted in the database).
 */
async function professional(target) {
  const user = (await timed(target, '/api/users?per_page=100')).json.data.find((u) => u.email === PRO.email);
  const res = await fetch(`${target.base}/api/users/${user.id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ role: 'professional' }),
  });
  if (!res.ok) throw new Error(`${PRO.email} as a Profissional: ${res.status} ${await res.text()}`);
  target.proToken = await login(target, PRO);
  const sql = `SELECT count(DISTINCT client_id) FROM appointments WHERE staff_id = ${user.id}`;
  const out = target.pgName ? execFileSync('psql', [target.url, '-qAtc', sql], { encoding: 'utf8' }) : execFileSync('sqlite3', [path.join(target.dir, 'bench.db'), sql], { encoding: 'utf8' });
  target.proClients = Number(out.trim());
}

/**
 * One request, timed from sending to the last byte of the body; as the
 * admin unless another token is given, signed out with `''` (the public
 * booking page: its HTML is `text`, JSON answers `json`).
 */
async function timed(target, url, token = target.token) {
  const t0 = performance.now();
  const res = await fetch(target.base + url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${target.db}/${target.size} ${url}: ${res.status} ${body.slice(0, 300)}`);
  return { ms, text: body, json: /json/.test(res.headers.get('content-type')) ? JSON.parse(body) : null };
}

const day = (d) => d.toISOString().slice(0, 10);

/** A write, timed like `timed`; its status is returned, not checked. */
async function timedPost(target, url, body) {
  const t0 = performance.now();
  const res = await fetch(target.base + url, {
    method: 'POST',
    headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { ms: performance.now() - t0, status: res.status, text };
}

/** Next week's Monday and Sunday (seeded appointments fill the weeks ahead too). */
function nextWeek() {
  const monday = new Date();
  monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7));
  return [day(monday), day(new Date(monday.getTime() + 6 * 86_400_000))];
}

/** The seeded "Consulta" (60 minutes, no buffers), offered by the ten staff members (the Profissional among them). */
async function benchService(target) {
  const staff = (await timed(target, '/api/users?per_page=100')).json.data.filter((u) => u.role === 'staff' || u.role === 'professional').map((u) => u.id);
  const services = (await timed(target, '/api/services?q=consulta')).json.data;
  const service = services[0];
  const res = await fetch(`${target.base}/api/services/${service.id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ staffIds: staff, version: service.version }),
  });
  if (!res.ok) throw new Error(`service: ${res.status} ${await res.text()}`);
  target.staffCount = staff.length;
  target.staffIds = staff;
  return service.id;
}

/**
 * The clients' booking page turned on (no notice, so every time of the day
 * is offered) with a service of its own that the ten staff members offer:
 * the path of step 2 for next week's Wednesday with "qualquer
 * profissional" (each start once, with the first member free then), and
 * how many times it offers (`target.publicTimes`).
 */
async function publicBooking(target) {
  const write = async (method, url, body) => {
    const res = await fetch(target.base + url, {
      method,
      headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()).data;
  };
  await write('PUT', '/api/online-booking', { enabled: true, minNoticeHours: 0 });
  const service = await write('POST', '/api/services', { name: 'Avaliação online', durationMinutes: 60, priceCents: 15000, staffIds: target.staffIds });
  const [monday] = nextWeek();
  const wednesday = day(new Date(Date.parse(monday) + 2 * 86_400_000));
  const url = `/agendar/${service.id}?dia=${wednesday}&profissional=qualquer`;
  target.publicTimes = (await timed(target, url, '')).text.match(/name="hora"/g)?.length ?? 0;
  return url;
}

/** The measured queries of one target, with labels common to all sizes. */
async function queries(target) {
  const { clients } = SIZES[target.size];
  // Page 9000 of 10 is 90 % into 100k clients; the small size has only 1000
  // pages, so it gets the page at the same depth (900): both read past 90 %
  // of the sorted index, which is what an offset costs.
  const deep = Math.round((0.9 * clients) / PER_PAGE);
  const deepUrl = `/api/clients?page=${deep}&sort=-name`;
  // The keyset "next" of that deep page: what the screens' next button asks.
  const cursor = (await timed(target, deepUrl)).json.meta.next_cursor;
  if (!cursor) throw new Error(`${deepUrl}: no next_cursor`);
  const today = new Date();
  const yearAgo = new Date(today.getTime() - 364 * 86_400_000);
  target.serviceId = await benchService(target);
  // A peer (an older build, measured for the bookings) may have no booking page.
  const publicDay = target.peer ? null : await publicBooking(target);
  const [monday, sunday] = nextWeek();
  const pro = target.proToken;
  return [
    ['clients, first page', '/api/clients?page=1'],
    ['clients, search `q=jose`', '/api/clients?q=jose'],
    ...(pro
      ? [
          ['clients, first page, as the Profissional', '/api/clients?page=1', null, pro],
          ['clients, search `q=jose`, as the Profissional', '/api/clients?q=jose', null, pro],
        ]
      : []),
    [`clients, deep page \`sort=-name\` (page ${deep})`, deepUrl, 'clients, deep page `sort=-name`'],
    ['clients, cursor after the deep page', `/api/clients?sort=-name&cursor=${cursor}`],
    ['appointments `status=agendado&staff_id=2`', '/api/appointments?status=agendado&staff_id=2'],
    ['reports summary, last 365 days', `/api/reports/summary?from=${day(yearAgo)}&to=${day(today)}`],
    ['dashboard', '/api/dashboard'],
    ['free slots, one week, 10 staff members', `/api/availability?service_id=${target.serviceId}&from=${monday}&to=${sunday}`],
    // Signed out: the page clients book on, a day of the ten's free times.
    ...(publicDay ? [['booking page, free times of a day, 10 staff members, `profissional=qualquer`', publicDay, null, '']] : []),
  ].map(([label, url, key, token]) => ({ label, url, key: key ?? label, token: token ?? target.token, times: [] }));
}

/** Nearest-rank percentile (with 40 runs, p99 is the slowest run). */
function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The server's CPU time (user + system, clock ticks). */
function cpuTicks(child) {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Seconds until the server uses under a tenth of a core over a second (at most 30 minutes). */
async function untilIdle(target) {
  const started = performance.now();
  let last = cpuTicks(target.child);
  for (let i = 0; i < 1800; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = cpuTicks(target.child);
    if (now - last < 10) break;
    last = now;
  }
  return (performance.now() - started) / 1000;
}

/** The server's handler timeout: past it a request gets a 503. */
const HANDLER_TIMEOUT_S = 30;
/** A query slower than this in a warm-up run is reported from that run alone, not measured. */
const TOO_SLOW_MS = 5000;

async function measure(targets) {
  let all = targets.flatMap((t) => t.queries.map((q) => ({ t, q })));
  for (let i = 0; i < WARMUP; i++) {
    for (const { t, q } of all) {
      if (q.tooSlow) continue;
      // A query of seconds (or one that outlives the handler's timeout) is
      // reported as such and not asked again: 20 runs of 30 s would take
      // the whole bench.
      const started = performance.now();
      try {
        await timed(t, q.url, q.token);
      } catch (e) {
        if (!/: 503 /.test(e.message) || performance.now() - started < (HANDLER_TIMEOUT_S - 1) * 1000) throw e;
        q.timedOut = true;
      }
      const ms = performance.now() - started;
      if (q.timedOut || ms > TOO_SLOW_MS) {
        q.tooSlow = ms;
        console.error(`  ${t.db}/${t.size} ${q.label}: ${q.timedOut ? '503 after' : ''} ${(ms / 1000).toFixed(1)} s, not measured`);
        // A dropped handler's statement may still be running (SQLite's
        // worker thread finishes it): wait for the server to go idle, so it
        // does not weigh on what is measured next.
        q.ranOn = await untilIdle(t);
        console.error(`  the server went idle ${q.ranOn.toFixed(0)} s later`);
      }
    }
  }
  all = all.filter(({ q }) => !q.tooSlow);
  // A query of a target with a peer goes with the peer's same query, the two
  // asked one after the other (which binary first alternates run by run).
  const units = [];
  for (const { t, q } of all) {
    if (t.peer) continue;
    const twin = t.peerTarget?.queries.find((p) => p.key === q.key && !p.tooSlow);
    units.push(twin ? [{ t, q }, { t: t.peerTarget, q: twin }] : [{ t, q }]);
  }
  for (let run = 0; run < RUNS; run++) {
    // Round-robin over every size and query, starting one further each run,
    // so drift on this shared machine hits every query and both sizes alike,
    // and no query always follows the same one.
    for (let k = 0; k < units.length; k++) {
      const unit = units[(run + k) % units.length];
      for (const { t, q } of run % 2 ? [...unit].reverse() : unit) q.times.push((await timed(t, q.url, q.token)).ms);
    }
    process.stderr.write('.');
  }
  process.stderr.write('\n');
  for (const t of targets) {
    for (const q of t.queries.filter((q) => !q.tooSlow)) {
      const s = [...q.times].sort((a, b) => a - b);
      q.p50 = pct(s, 50);
      q.p99 = pct(s, 99);
    }
  }
}

const p50 = (xs) => pct([...xs].sort((a, b) => a - b), 50);

/**
 * Booking with the rules against booking with them lifted, interleaved
 * (which goes first alternates), each into a free slot of the week after
 * next that the free-slot search offered, so every request books. With a
 * peer the group holds both binaries' targets, and each run asks both
 * (which binary goes first alternates too).
 */
async function bookings(group) {
  const [monday] = nextWeek();
  const from = day(new Date(Date.parse(monday) + 7 * 86_400_000));
  const to = day(new Date(Date.parse(from) + 6 * 86_400_000));
  const state = [];
  for (const target of group) {
    const slots = (await timed(target, `/api/availability?service_id=${target.serviceId}&from=${from}&to=${to}`)).json.data;
    const client = (await timed(target, '/api/clients?page=1')).json.data[0].id;
    state.push({ target, slots, client, sides: { rules: [], lifted: [] } });
  }
  const runs = Math.min(RUNS, ...state.map((s) => Math.floor(s.slots.length / 2)));
  for (let i = 0; i < runs; i++) {
    const order = i % 2 ? ['rules', 'lifted'] : ['lifted', 'rules'];
    for (let g = 0; g < state.length; g++) {
      const { target, slots, client, sides } = state[(i + g) % state.length];
      for (const [k, side] of order.entries()) {
        const slot = slots[2 * i + k];
        const body = { clientId: client, staffId: slot.staffId, serviceId: target.serviceId, startsAt: slot.startsAt };
        if (side === 'lifted') body.allowOutsideHours = true;
        const { ms, status, text } = await timedPost(target, '/api/appointments', body);
        if (status !== 201) throw new Error(`${target.db}/${target.size} booking ${side}: ${status} ${text.slice(0, 300)}`);
        sides[side].push(ms);
      }
    }
  }
  for (const { target, sides } of state) target.booking = { runs, rules: p50(sides.rules), lifted: p50(sides.lifted) };
}

/**
 * A 104-occurrence weekly series against one booking, interleaved. Both
 * book at night with the hours lifted (`allowOutsideHours`: still locked
 * and checked for overlaps and buffers), where the seed leaves the agenda
 * free, each run at its own staff member, weekday and quarter hour. With a
 * peer, as in `bookings`: both binaries each run, alternating which first.
 */
async function series(group) {
  const [monday] = nextWeek();
  const start = new Date(Date.parse(monday) + 14 * 86_400_000);
  const state = [];
  for (const target of group) {
    const client = (await timed(target, '/api/clients?page=1')).json.data[0].id;
    state.push({ target, client, staff: target.staffIds, sides: { series: [], one: [] } });
  }
  const runs = Math.min(RUNS, 20);
  const at = (staff, i, hour) => {
    const d = new Date(start.getTime() + (Math.floor(i / staff.length) % 7) * 86_400_000);
    const minute = 15 * Math.floor(i / (staff.length * 7));
    return `${day(d)}T${String(hour + Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  };
  for (let i = 0; i < runs; i++) {
    const order = i % 2 ? ['series', 'one'] : ['one', 'series'];
    for (let g = 0; g < state.length; g++) {
      const { target, client, staff, sides } = state[(i + g) % state.length];
      for (const side of order) {
        const body = { clientId: client, staffId: staff[i % staff.length], service: 'Bench', durationMinutes: 15, allowOutsideHours: true };
        if (side === 'series') {
          body.startsAt = at(staff, i, 20);
          const weekday = ((new Date(`${body.startsAt.slice(0, 10)}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
          body.repeat = { every: 1, unit: 'week', weekdays: [weekday], count: 104 };
        } else {
          body.startsAt = at(staff, i, 5);
        }
        const { ms, status, text } = await timedPost(target, '/api/appointments', body);
        if (status !== 201) throw new Error(`${target.db}/${target.size} ${side}: ${status} ${text.slice(0, 300)}`);
        if (side === 'series' && JSON.parse(text).data.length !== 104) throw new Error('a series of 104 was expected');
        sides[side].push(ms);
      }
    }
  }
  for (const { target, sides } of state) target.series = { runs, series: p50(sides.series), one: p50(sides.one) };
}

async function stop(target) {
  if (target.child && target.child.exitCode === null) {
    const done = new Promise((r) => target.child.once('exit', r));
    target.child.kill('SIGTERM');
    await done;
  }
  rmSync(target.dir, { recursive: true, force: true });
  if (target.pgName) psql(`DROP DATABASE IF EXISTS "${target.pgName}" WITH (FORCE)`);
}

const f = (ms) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));
const r = (x, limit) => `${x.toFixed(2)}${x > limit ? ' ✗' : ''}`;

function table(db, targets) {
  const [a, b] = targets;
  const name = (t) => `${SIZES[t.size].clients / 1000}k / ${SIZES[t.size].appointments / 1000}k`;
  const lines = [`**${db === 'sqlite' ? 'SQLite' : 'PostgreSQL'}** (ms; ×first: p50 over the first page's p50 at that size, target ≤ 3; growth: p50 large / small, target ≤ 2; ✗ misses)`, ''];
  const head = targets.map((t) => `${name(t)} p50 | p99 | ×first`).join(' | ');
  lines.push(`| query | ${head}${b ? ' | growth' : ''} |`);
  lines.push(`|---|${targets.map(() => '---|---|---|').join('')}${b ? '---|' : ''}`);
  a.queries.forEach((q, i) => {
    const cells = targets.map((t) => {
      const x = t.queries[i];
      if (x.timedOut) return `503 after ${HANDLER_TIMEOUT_S} s (the server busy ${x.ranOn.toFixed(0)} s more) | | ✗`;
      if (x.tooSlow) return `${(x.tooSlow / 1000).toFixed(1)} s (one run; the server busy ${x.ranOn.toFixed(0)} s more) | | ✗`;
      return `${f(x.p50)} | ${f(x.p99)} | ${r(x.p50 / t.queries[0].p50, 3)}`;
    });
    const growth = b ? ` | ${q.tooSlow || b.queries[i].tooSlow ? '' : r(b.queries[i].p50 / q.p50, 2)}` : '';
    lines.push(`| ${b ? q.key : q.label} | ${cells.join(' | ')}${growth} |`);
  });
  const seeds = targets.map((t) => `${name(t)} in ${t.seedSeconds.toFixed(0)} s`).join(', ');
  for (const t of targets) {
    const { runs, rules, lifted } = t.booking;
    lines.push(
      '',
      `Booking at ${name(t)} (${runs} a side, interleaved): with the rules p50 ${f(rules)} ms, with them lifted ${f(lifted)} ms: ${r(rules / lifted, 1.5)} × (target ≤ 1.5). Free slots searched over ${t.staffCount} staff members.`,
    );
    if (t.series) {
      const s = t.series;
      lines.push('', `A weekly series of 104 at ${name(t)} (${s.runs} a side, interleaved): p50 ${f(s.series)} ms, one booking ${f(s.one)} ms: ${r(s.series / s.one, 5)} × (target ≤ 5).`);
    }
  }
  for (const t of targets) {
    if (!t.peerTarget) continue;
    const [a, b] = [t, t.peerTarget];
    const row = (what, x, y) => `| ${what} | ${f(x)} | ${f(y)} | ${r(x / y, 1.1)} |`;
    const first = (x) => x.queries[0].p50;
    lines.push(
      '',
      `The lists against the peer (\`${path.basename(b.bin)}\`, its own database of ${name(b)}${CACHE ? ', a copy of the same kept one' : ' seeded by itself'}) at ${name(t)}, each query asked of the two binaries one after the other (which first alternates), ${RUNS} runs; p50 in ms, ×first against each side's own first page:`,
      '',
      '| query | this binary | ×first | peer | ×first | this ÷ peer |',
      '|---|---|---|---|---|---|',
      ...a.queries.map((q) => {
        const p = b.queries.find((x) => x.key === q.key);
        if (!p || q.tooSlow || p.tooSlow) return `| ${q.key} | ${q.tooSlow ? 'not measured' : f(q.p50)} | | ${!p ? 'not asked' : p.tooSlow ? 'not measured' : f(p.p50)} | | |`;
        return `| ${q.key} | ${f(q.p50)} | ${r(q.p50 / first(a), 3)} | ${f(p.p50)} | ${r(p.p50 / first(b), 3)} | ${(q.p50 / p.p50).toFixed(2)} |`;
      }),
      '',
      `Against the peer at ${name(t)}, the two binaries interleaved request by request (${a.booking.runs} bookings and ${a.series.runs} series a side; p50 in ms; target ≤ 1.10):`,
      '',
      '| | this binary | peer | this ÷ peer |',
      '|---|---|---|---|',
      row('booking with the rules', a.booking.rules, b.booking.rules),
      row('booking, rules lifted', a.booking.lifted, b.booking.lifted),
      row('one booking at night (the series\' peer)', a.series.one, b.series.one),
      row('weekly series of 104', a.series.series, b.series.series),
    );
  }
  const deep = (t) => /page=(\d+)/.exec(t.queries.find((q) => q.key === 'clients, deep page `sort=-name`').url)[1];
  const pros = targets.map((t) => `${name(t)} ${t.proClients.toLocaleString('en')} (${((100 * t.proClients) / SIZES[t.size].clients).toFixed(0)} %)`).join(', ');
  const times = targets.map((t) => `${name(t)} ${t.publicTimes}`).join(', ');
  lines.push('', `Seeded (\`expediente seed\`): ${seeds}. Deep page: ${targets.map((t) => `${name(t)} page ${deep(t)}`).join(', ')}. Clients the Profissional reaches: ${pros}. Free times on the booking page's day: ${times}.`);
  return lines.join('\n');
}

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const out = [`${new Date().toISOString()} — ${RUNS} runs a query after ${WARMUP} warm-up rounds, one connection, interleaved; load at start: ${uptime()}`, ''];
let live = [];
const cleanup = async () => Promise.all(live.map((t) => stop(t).catch((e) => console.error(e.message))));
process.on('SIGINT', async () => {
  await cleanup();
  process.exit(130);
});
try {
  for (const db of dbs) {
    const targets = [];
    for (const size of sizes) {
      console.error(`${db} ${size}: seeding ${SIZES[size].clients} clients / ${SIZES[size].appointments} appointments…`);
      const t = prepare(db, size);
      live.push(t);
      targets.push(t);
      console.error(`  seeded in ${t.seedSeconds.toFixed(1)} s`);
    }
    let peer = null;
    if (PEER) {
      const size = sizes.at(-1);
      console.error(`${db} ${size}: seeding the peer's database with ${PEER}…`);
      peer = prepare(db, size, PEER, '_peer');
      live.push(peer);
      targets.at(-1).peerTarget = peer;
      console.error(`  seeded in ${peer.seedSeconds.toFixed(1)} s`);
    }
    // Both sizes serve at once so their requests interleave (see measure).
    for (const t of targets) {
      await start(t);
      await professional(t);
      t.queries = await queries(t);
    }
    if (peer) {
      await start(peer);
      await professional(peer);
      peer.queries = await queries(peer);
    }
    console.error(`${db}: measuring ${RUNS} rounds${peer ? ', the peer\'s queries interleaved with the largest size\'s' : ''}`);
    await measure(peer ? [...targets, peer] : targets);
    for (const t of targets) {
      const group = t.peerTarget ? [t, t.peerTarget] : [t];
      console.error(`${db} ${t.size}: booking${t.peerTarget ? ', this binary and the peer interleaved' : ''}`);
      await bookings(group);
      await series(group);
    }
    out.push(table(db, targets), '');
    console.error(out.at(-2) + '\n');
    await cleanup();
    live = [];
  }
} finally {
  await cleanup();
}
out.push(`Load at the end: ${uptime()}`);
const text = out.join('\n');
if (process.argv.includes('--write')) {
  const readme = path.join(here, 'README.md');
  const old = readFileSync(readme, 'utf8');
  const re = /(<!-- lists:begin -->\n)[\s\S]*?(<!-- lists:end -->)/;
  if (!re.test(old)) throw new Error('bench/README.md has no lists:begin / lists:end markers');
  writeFileSync(readme, old.replace(re, `$1${text}\n$2`));
  console.error('bench/README.md updated');
} else {
  console.log(text);
}
