// serve.js as `scripts/dev.sh web` runs it: prints its URL, serves the page
// and the package on 127.0.0.1, and nothing outside those two folders.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

test('serve.js prints its URL and serves the page, the package and nothing else', async () => {
  const server = spawn(process.execPath, [fileURLToPath(new URL('../serve.js', import.meta.url)), '0'],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const [line] = await once(server.stdout, 'data');
    const url = String(line).match(/http:\/\/127\.0\.0\.1:\d+\//)?.[0];
    assert.ok(url, `printed ${line}`);
    const page = await fetch(url);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /importmap/);
    const wasm = await fetch(`${url}sternhalma/sternhalma.wasm`);
    assert.equal(wasm.headers.get('content-type'), 'application/wasm');
    assert.ok(WebAssembly.validate(new Uint8Array(await wasm.arrayBuffer())));
    for (const path of ['sternhalma/../../../README.md', '%2e%2e/%2e%2e/README.md', 'node_modules/puppeteer-core/package.json'])
      assert.ok([403, 404].includes((await fetch(`${url}${path}`)).status), path);
    assert.equal((await fetch(url, { method: 'POST' })).status, 405);
  } finally {
    server.kill();
  }
});
