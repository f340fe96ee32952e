// Throughput, memory and start-up of server rendering, each beside a peer
// measured in the same run:
// - pages a second: /clients rendered on the server, against the JSON of the
//   same data (GET /api/clients) and against the browser-only page
//   (EXPEDIENTE_SSR=off), which loads no data;
// - resident memory of each server after its load;
// - start-up: time from spawn to the first answer, SSR on against off.
//
//   node bench/throughput.mjs [seconds-per-measure]   (after cargo build --release)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ADMIN, api, seedDatabase, startServer } from '../client/e2e/harness.mjs';

const SECONDS = Number(process.argv[2] ?? 5);
const CONCURRENCY = 8;

async function server(ssr) {
  const started = performance.now();
  const s = await startServer({ env: { EXPEDIENTE_SSR: ssr } });
  const startup = performance.now() - started;
  seedDatabase(s);
  const login = await api(s.url, null, 'POST', '/login', ADMIN);
  return { ...s, startup, token: login.data.accessToken };
}

/** Requests a second for `SECONDS` with `CONCURRENCY` loops. */
async function load(url, headers) {
  let done = 0;
  const until = performance.now() + SECONDS * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      const response = await fetch(url, { headers, redirect: 'manual' });
      if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
      await response.arrayBuffer();
      done++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
  return done / SECONDS;
}

function rssMiB(port) {
  // The server is the process listening on `port`; find it through /proc.
  const pid = execFileSync('sh', ['-c', `ss -Hltnp 'sport = :${port}' | sed -n 's/.*pid=\\([0-9]*\\).*/\\1/p' | head -1`])
    .toString()
    .trim();
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

const on = await server('on');
const off = await server('off');
try {
  const cookie = (s) => ({ cookie: `expediente_session=${s.token}`, 'accept-encoding': 'gzip' });
  await load(`${on.url}/clients`, cookie(on)); // warm-up
  const ssrPage = await load(`${on.url}/clients`, cookie(on));
  const json = await load(`${on.url}/api/clients?page=1&per_page=10`, { authorization: `Bearer ${on.token}`, 'accept-encoding': 'gzip' });
  const shell = await load(`${off.url}/clients`, cookie(off));
  const memOn = rssMiB(on.port);
  const memOff = rssMiB(off.port);
  console.log(`${SECONDS} s a measure, ${CONCURRENCY} concurrent loops, 300 clients / 3000 appointments seeded`);
  console.log('| measure | value | peer | ratio |');
  console.log('|---|---|---|---|');
  console.log(`| SSR /clients vs JSON /api/clients (req/s) | ${ssrPage.toFixed(0)} | ${json.toFixed(0)} | ${(ssrPage / json).toFixed(2)} |`);
  console.log(`| SSR /clients vs browser-only /clients (req/s) | ${ssrPage.toFixed(0)} | ${shell.toFixed(0)} | ${(ssrPage / shell).toFixed(2)} |`);
  console.log(`| RSS after load, SSR on vs off (MiB) | ${memOn.toFixed(0)} | ${memOff.toFixed(0)} | ${(memOn / memOff).toFixed(2)} |`);
  console.log(`| start-up to first answer, SSR on vs off (ms) | ${on.startup.toFixed(0)} | ${off.startup.toFixed(0)} | ${(on.startup / off.startup).toFixed(2)} |`);
} finally {
  await on.stop();
  await off.stop();
}
