// wrk against one server, with that server's CPU per request: shared by
// the throughput benchmark and the A/B of two binaries.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** A process's CPU so far (user + system, all threads), in ms; with its children's (the Node peer's cluster workers). */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const own = (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ is 100 on Linux
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
  return own + children.reduce((sum, child) => sum + cpuMs(Number(child)), 0);
}

/**
 * wrk's requests a second and median latency, and the CPU per request of
 * the server process `pid`: what the machine's load moves least (pages a
 * second on a shared machine follow the other agents' builds).
 */
export function wrk(url, connections, headers, pid, seconds) {
  const args = ['-t', String(Math.min(connections, 2)), '-c', String(connections), '-d', `${seconds}s`, '--latency'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
  const cpuBefore = cpuMs(pid);
  const out = execFileSync('wrk', [...args, url], { encoding: 'utf8' });
  const cpu = cpuMs(pid) - cpuBefore;
  if (/Non-2xx/.test(out)) throw new Error(`${url}: non-2xx answers\n${out}`);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)[1]);
  const p50 = /50%\s+([\d.]+)(us|ms|s)/.exec(out);
  const factor = { us: 0.001, ms: 1, s: 1000 }[p50[2]];
  const requests = Number(/(\d+) requests in/.exec(out)[1]);
  return { rps, p50: Number(p50[1]) * factor, cpu: cpu / requests };
}
