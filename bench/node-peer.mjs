// The throughput peer (bench/throughput.mjs): Node rendering the same SSR
// bundle (client/dist/ssr/server.js, react-dom's string renderer) in
// node:cluster, one worker a core, for the input captured from the real
// server (its URL and state, given on stdin with the document's head). Each
// request renders, as a memo miss does; the data is not loaded (the real
// server reads it from the database on every request, hit or miss). Each
// response is compressed as the request accepts (brotli, else gzip), per
// response, with node:zlib at the settings of our server's streaming path
// (a memo miss: brotli quality 5 with a 256 KiB window, gzip level 6), as
// a Node SSR server with compression middleware does; it keeps no memo.
//
//   node bench/node-peer.mjs PORT < input.json
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import zlib from 'node:zlib';

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
      const tail = `</div><script type="application/json" id="preloaded-state">${JSON.stringify(state).replace(/</g, '\\u003c')}</script></body></html>`;
      const html = head + '<div id="root">' + root + tail;
      const accept = req.headers['accept-encoding'] ?? '';
      const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', vary: 'Accept-Encoding' };
      if (/\bbr\b/.test(accept)) {
        const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 };
        res.writeHead(200, { ...headers, 'content-encoding': 'br' });
        res.end(zlib.brotliCompressSync(html, { params }));
      } else if (/\bgzip\b/.test(accept)) {
        res.writeHead(200, { ...headers, 'content-encoding': 'gzip' });
        res.end(zlib.gzipSync(html, { level: 6 }));
      } else {
        res.writeHead(200, headers);
        res.end(html);
      }
    })
    .listen(port, '127.0.0.1');
}
