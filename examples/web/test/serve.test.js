// `scripts/dev.sh web` as the README says (on any free port): it prints the
// URL, serves the page and the package on 127.0.0.1, and nothing outside
// those two folders.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

test('serve.js prints its URL and serves the page, the package and nothing else', async () => {
  const server = spawn('bash', [fileURLToPath(new URL('../../../scripts/dev.sh', import.meta.url)), 'web', '0'],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    let printed = '';
    while (!/http:\/\/127\.0\.0\.1:\d+\//.test(printed)) printed += (await once(server.stdout, 'data'))[0];
    const url = printed.match(/http:\/\/127\.0\.0\.1:\d+\//)[0];
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
