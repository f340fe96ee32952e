// CPU of one server render of a signed-in page in the embedded engine
// (QuickJS), against Node rendering the same bundle for the same input,
// and, with --peer, against another build of the server; in one run, the
// sides interleaved round by round.
//
//   node bench/render-cpu.mjs [rounds=5] [requests=200] [--page clients|day] [--bin BIN] [--peer BIN]
//
// --page: `clients` is `/clients`; `day` is the agenda's day view
// (`/appointments?date=…`) of the weekday of this week with the most
// appointments. --bin: the server measured (default the release build);
// --peer: another build (the binary before a change), measured the same
// way, round by round after it.
//
// Each server runs with the render memo off, so every request renders. The
// engine's render: the CPU of the server's render threads (`ssr-N`,
// /proc/PID/task/*/stat) per request; it holds the render and the bridge
// around it (the input handed in, the markup read back), nothing else. For
// `/clients`, also as it was first counted: the whole server's CPU per
// request with the memo off, minus the same with the memo on (every request
// a hit: the session, the data read, the document written, but no render);
// the agenda's state carries the time to the second, so its memo seldom
// hits. One connection, one request after another, no compression. Node:
// this process's CPU per `renderPage` of client/dist/ssr/server.js in a vm
// context with the engine's polyfills, for the URL and state captured from
// --bin's page (the markup checked equal).
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import vm from 'node:vm';
import { ADMIN, api, RELEASE_BIN, seedDatabase, startServer } from '../client/e2e/harness.mjs';
import { cpuMs } from './wrk.mjs';

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { page: { type: 'string', default: 'clients' }, bin: { type: 'string' }, peer: { type: 'string' } },
});
const ROUNDS = Number(positionals[0] ?? 5);
const REQUESTS = Number(positionals[1] ?? 200);
if (!['clients', 'day'].includes(options.page)) throw new Error(`--page clients or day, not ${options.page}`);
const here = path.dirname(fileURLToPath(import.meta.url));
const BIN = options.bin ? path.resolve(options.bin) : RELEASE_BIN;

async function server(bin, env) {
  const s = await startServer({ env, bin });
  seedDatabase(s);
  const { data } = await api(s.url, null, 'POST', '/login', ADMIN);
  return { ...s, token: data.accessToken, headers: { cookie: `expediente_session=${data.accessToken}`, 'accept-encoding': 'identity' } };
}

/** The CPU (ms) of the process's render threads (`ssr-0`, `ssr-1`, …): renders only. */
function renderThreadsMs(pid) {
  let ticks = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    if (!/^ssr-\d+$/.test(name)) continue;
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** The server's CPU, and its render threads', per request of `url`, over `REQUESTS` requests in a row. */
async function cpuPerRequest(s, url) {
  const [before, renderBefore] = [cpuMs(s.pid), renderThreadsMs(s.pid)];
  for (let i = 0; i < REQUESTS; i++) {
    const res = await fetch(`${s.url}${url}`, { headers: s.headers });
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    await res.arrayBuffer();
  }
  return { all: (cpuMs(s.pid) - before) / REQUESTS, render: (renderThreadsMs(s.pid) - renderBefore) / REQUESTS };
}

/** The page's address: `/clients`, or the agenda's busiest weekday of this week. */
async function pageUrl(s) {
  if (options.page === 'clients') return '/clients';
  const answer = await api(s.url, s.token, 'GET', '/agenda?view=week');
  const week = answer.data ?? answer;
  const count = (day) => week.appointments.filter((a) => a.startsAt.startsWith(day)).length;
  const busiest = week.days.reduce((best, day) => (count(day) > count(best) ? day : best));
  return `/appointments?date=${busiest}`;
}

const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
const loadAtStart = load();
const sides = [{ name: 'this build', bin: BIN }, ...(options.peer ? [{ name: 'peer', bin: path.resolve(options.peer) }] : [])];
for (const side of sides) {
  side.rendered = await server(side.bin, { EXPEDIENTE_RENDER_MEMO_MB: '0' });
  if (options.page === 'clients') side.unrendered = await server(side.bin, {});
}
const url = await pageUrl(sides[0].rendered);

// The page's input as the server rendered it.
const html = await fetch(`${sides[0].rendered.url}${url}`, { headers: sides[0].rendered.headers }).then((r) => r.text());
const root = html.slice(html.indexOf('<div id="root">') + '<div id="root">'.length, html.lastIndexOf('</div><script'));
const stateJson = /<script type="application\/json" id="preloaded-state">(.*?)<\/script>/s.exec(html)[1];
const input = JSON.stringify({ url, state: JSON.parse(stateJson) });

const context = vm.createContext({});
vm.runInContext(readFileSync(path.join(here, '../ssr/src/polyfills.js'), 'utf8'), context);
vm.runInContext(readFileSync(path.join(here, '../client/dist/ssr/server.js'), 'utf8'), context, { filename: 'server.js' });
const renderPage = vm.runInContext('globalThis.renderPage', context);
const nodeMarkup = renderPage(input);
// The agenda's grid draws the line of the current time where `now` puts it, a second later in Node.
const comparable = (markup) => markup.replace(/<div class="agenda-now" style="top:[^"]*"/g, '<div class="agenda-now"');
const sameMarkup = comparable(nodeMarkup) === comparable(root);
if (!sameMarkup && !options.peer) throw new Error('Node and the engine rendered different markup');

function nodeCpuPerRender() {
  const before = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i++) renderPage(input);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / REQUESTS;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const node = [];
try {
  // Warm-up: engines, connections, the JIT.
  for (const side of sides) {
    await cpuPerRequest(side.rendered, url);
    if (side.unrendered) await cpuPerRequest(side.unrendered, url);
    side.rows = { rendered: [], unrendered: [] };
  }
  nodeCpuPerRender();
  for (let r = 0; r < ROUNDS; r++) {
    for (const side of sides) {
      side.rows.rendered.push(await cpuPerRequest(side.rendered, url));
      if (side.unrendered) side.rows.unrendered.push(await cpuPerRequest(side.unrendered, url));
    }
    node.push(nodeCpuPerRender());
  }
} finally {
  for (const side of sides) {
    await side.rendered.stop();
    await side.unrendered?.stop();
  }
}

const f = (x) => x.toFixed(2);
console.log(`${url}, ${ROUNDS} rounds of ${REQUESTS} requests a side, ${root.length} characters of markup${sameMarkup ? '' : ' (Node\'s markup differs: its bundle is not --bin\'s)'}`);
console.log(`| measure (median of the rounds) | ${sides.map((s) => `${s.name} (ms of CPU)`).join(' | ')} |`);
console.log(`|---|${sides.map(() => '---').join('|')}|`);
const row = (label, of) => console.log(`| ${label} | ${sides.map((s) => f(median(of(s)))).join(' | ')} |`);
row('server, a request with the render (memo off)', (s) => s.rows.rendered.map((x) => x.all));
row("**the engine's render (render threads)**", (s) => s.rows.rendered.map((x) => x.render));
if (options.page === 'clients') {
  row('server, a request without it (memo hit)', (s) => s.rows.unrendered.map((x) => x.all));
  row("the engine's render (memo off − memo hit)", (s) => s.rows.rendered.map((x, i) => x.all - s.rows.unrendered[i].all));
}
console.log(`| Node, renderPage of client/dist's bundle, same input | ${f(median(node))} |${sides.length > 1 ? ' |' : ''}`);
const engine = sides[0].rows.rendered.map((x) => x.render);
const ratios = engine.map((ms, i) => ms / node[i]);
console.log(`\n${sides[0].name}'s render ÷ Node: ${f(median(ratios))} (rounds: ${ratios.map(f).join(', ')})`);
if (options.peer) {
  const peer = sides[1].rows.rendered.map((x) => x.render);
  const vsPeer = engine.map((ms, i) => ms / peer[i]);
  console.log(`this build's render ÷ peer's: **${f(median(vsPeer))}** (rounds: ${vsPeer.map(f).join(', ')})`);
  if (options.page === 'clients') {
    const diff = (s) => s.rows.rendered.map((x, i) => x.all - s.rows.unrendered[i].all);
    const counted = diff(sides[0]).map((ms, i) => ms / diff(sides[1])[i]);
    console.log(`the same, counted as memo off − memo hit: ${f(median(counted))} (rounds: ${counted.map(f).join(', ')})`);
  }
}
console.log(`\nload average (1, 5, 15 min): ${loadAtStart} at the start, ${load()} at the end`);
