// The throughput peer (bench/throughput.mjs): Node rendering the same SSR
// bundle (client/dist/ssr/server.js, react-dom's string renderer) in
// node:cluster, one worker a core, for the input captured from the real
// server (its URL and state, given on stdin with the document's head). Each
// request renders, as a memo miss does; the data is not loaded (the real
// server reads it from the database on every request, hit or miss).
//
//   node bench/node-peer.mjs PORT < input.json
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const port = Number(process.argv[2]);
if (cluster.isPrimary) {
  const input = readFileSync(0, 'utf8');
  for (let i = 0; i < os.availableParallelism(); i++) cluster.fork({ PEER_INPUT: input });
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers)) worker.kill();
    process.exit(0);
  });
} else {
  const here = path.dirname(fileURLToPath(import.meta.url));
  vm.runInThisContext(readFileSync(path.join(here, '../client/dist/ssr/server.js'), 'utf8'), { filename: 'server.js' });
  const { url, state, head } = JSON.parse(process.env.PEER_INPUT);
  http
    .createServer((req, res) => {
      const root = globalThis.renderPage(JSON.stringify({ url, state }));
      const tail = `</div><script>window.__PRELOADED_STATE__=${JSON.stringify(state).replace(/</g, '\\u003c')}</script></body></html>`;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(head + '<div id="root">' + root + tail);
    })
    .listen(port, '127.0.0.1');
}
