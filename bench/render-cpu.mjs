// CPU of one server render of signed-in /clients in the embedded engine
// (QuickJS), against Node rendering the same bundle for the same input, in
// one run, the sides interleaved round by round.
//
//   node bench/render-cpu.mjs [rounds=5] [requests=200]   (after cargo build --release)
//
// The engine's side: the server's CPU (all threads, /proc/PID/stat) per
// request of /clients with the render memo off, minus the same per request
// with the memo on, where every request after the first is a hit (the
// session, the data read, the document written, but no render); one
// connection, one request after another, no compression. The
// peer: this process's CPU per `renderPage` of client/dist/ssr/server.js in
// a vm context with the engine's polyfills, for the URL and state captured
// from the real page.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { ADMIN, api, RELEASE_BIN, seedDatabase, startServer } from '../client/e2e/harness.mjs';
import { cpuMs } from './wrk.mjs';

const ROUNDS = Number(process.argv[2] ?? 5);
const REQUESTS = Number(process.argv[3] ?? 200);
const here = path.dirname(fileURLToPath(import.meta.url));

async function server(env) {
  const s = await startServer({ env, bin: RELEASE_BIN });
  seedDatabase(s);
  const { data } = await api(s.url, null, 'POST', '/login', ADMIN);
  return { ...s, headers: { cookie: `expediente_session=${data.accessToken}`, 'accept-encoding': 'identity' } };
}

/** The server's CPU per request of /clients, over `REQUESTS` requests in a row. */
async function serverCpuPerRequest(s) {
  const before = cpuMs(s.pid);
  for (let i = 0; i < REQUESTS; i++) {
    const res = await fetch(`${s.url}/clients`, { headers: s.headers });
    if (res.status !== 200) throw new Error(`/clients: ${res.status}`);
    await res.arrayBuffer();
  }
  return (cpuMs(s.pid) - before) / REQUESTS;
}

const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
const loadAtStart = load();
const rendered = await server({ EXPEDIENTE_RENDER_MEMO_MB: '0' });
const unrendered = await server({});

// The page's input as the server rendered it.
const html = await fetch(`${rendered.url}/clients`, { headers: rendered.headers }).then((r) => r.text());
const root = html.slice(html.indexOf('<div id="root">') + '<div id="root">'.length, html.lastIndexOf('</div><script'));
const stateJson = /<script type="application\/json" id="preloaded-state">(.*?)<\/script>/s.exec(html)[1];
const input = JSON.stringify({ url: '/clients', state: JSON.parse(stateJson) });

const context = vm.createContext({});
vm.runInContext(readFileSync(path.join(here, '../ssr/src/polyfills.js'), 'utf8'), context);
vm.runInContext(readFileSync(path.join(here, '../client/dist/ssr/server.js'), 'utf8'), context, { filename: 'server.js' });
const renderPage = vm.runInContext('globalThis.renderPage', context);
if (renderPage(input) !== root) throw new Error('Node and the engine rendered different markup');

function nodeCpuPerRender() {
  const before = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i++) renderPage(input);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / REQUESTS;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = { rendered: [], unrendered: [], node: [] };
try {
  // Warm-up: engines, connections, the JIT.
  await serverCpuPerRequest(rendered);
  await serverCpuPerRequest(unrendered);
  nodeCpuPerRender();
  for (let r = 0; r < ROUNDS; r++) {
    rows.rendered.push(await serverCpuPerRequest(rendered));
    rows.unrendered.push(await serverCpuPerRequest(unrendered));
    rows.node.push(nodeCpuPerRender());
  }
} finally {
  await rendered.stop();
  await unrendered.stop();
}

const engine = rows.rendered.map((ms, i) => ms - rows.unrendered[i]);
const ratios = engine.map((ms, i) => ms / rows.node[i]);
const f = (x) => x.toFixed(2);
console.log(`/clients, ${ROUNDS} rounds of ${REQUESTS} requests a side, ${root.length} characters of markup`);
console.log('| measure (median of the rounds) | ms of CPU |');
console.log('|---|---|');
console.log(`| server, a request with the render (memo off) | ${f(median(rows.rendered))} |`);
console.log(`| server, a request without it (memo hit) | ${f(median(rows.unrendered))} |`);
console.log(`| the engine's render (the difference) | ${f(median(engine))} |`);
console.log(`| Node, renderPage of the same bundle and input | ${f(median(rows.node))} |`);
console.log(`| engine ÷ Node | ${f(median(ratios))} (rounds: ${ratios.map(f).join(', ')}) |`);
console.log(`\nload average (1, 5, 15 min): ${loadAtStart} at the start, ${load()} at the end`);
