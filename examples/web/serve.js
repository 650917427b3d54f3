// serve.js — a tiny static server for the table, on 127.0.0.1 only, with no
// dependency: / is examples/web, /sternhalma/ the package capi/js (the page's
// import map points there). Development only: GET and HEAD of plain files.
// staticServer serves any folders so (the bundler test's builds).
//   node examples/web/serve.js [PORT]      (0: any free port; default 8080)
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('.', import.meta.url));
const js = fileURLToPath(new URL('../../capi/js/', import.meta.url));
const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.json': 'application/json', '.png': 'image/png',
  '.svg': 'image/svg+xml', '.txt': 'text/plain; charset=utf-8', '.ts': 'text/plain; charset=utf-8',
};

// The file a URL path names under the first route whose prefix it starts
// with, or null when it leaves that route's folder or has no route.
function fileOf(routes, path) {
  const route = routes.find(([prefix]) => path.startsWith(prefix));
  if (!route) return null;
  const [prefix, root] = route;
  const file = normalize(join(root, path.slice(prefix.length) || 'index.html'));
  return file.startsWith(root) && !file.split(sep).includes('node_modules') ? file : null;
}

/** The table's server: the page at /, the package at /sternhalma/. */
export function serve(port = 8080) {
  return staticServer([['/sternhalma/', js], ['/', web]], port);
}

/** A static server of `routes` ([URL prefix, folder with a trailing separator], first match
 * wins) on 127.0.0.1:port; resolves once it listens. The bundler test serves its builds so. */
export function staticServer(routes, port) {
  const server = createServer(async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let path;
    try {
      path = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
    } catch {
      res.writeHead(400).end('bad path');
      return;
    }
    const file = fileOf(routes, path.endsWith('/') ? `${path}index.html` : path);
    if (!file) {
      res.writeHead(403).end('forbidden');
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const port = Number(process.argv[2] ?? 8080);
  const server = await serve(port);
  console.log(`sternhalma table: http://127.0.0.1:${server.address().port}/`);
}
