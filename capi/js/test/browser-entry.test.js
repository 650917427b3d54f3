// The browser entry (browser.js, the "browser" and "default" export
// conditions) in Node: nothing loads before init(), each wrong source is
// refused with an error naming it and leaves the package as it was, every
// kind of source init() takes loads the same module as the Node entry, and
// browser.js's module graph imports nothing from Node. This file imports
// browser.js only (node --test runs each file in its own process), so the
// Node entry's own load does not happen here; each kind of source is loaded
// in a child process of its own, as init() chooses the module only once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as sh from '../browser.js';
import { cli } from './cli.js';

const pkg = new URL('../', import.meta.url);
const wasmFile = fileURLToPath(new URL('sternhalma.wasm', pkg));

// A server on 127.0.0.1 for the fetch cases: /sternhalma.wasm, a page where
// the module should be (what a single-page app's fallback answers), a 404.
async function server() {
  const s = createServer((req, res) => {
    if (req.url === '/sternhalma.wasm') res.writeHead(200, { 'content-type': 'application/wasm' }).end(readFileSync(wasmFile));
    else if (req.url === '/huge.wasm') res.writeHead(200, { 'content-length': String(33 << 20) }).end();
    else if (req.url === '/app/sternhalma.wasm') res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>app</p>');
    else res.writeHead(404).end();
  });
  await new Promise((resolve) => s.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${s.address().port}`, close: () => new Promise((resolve) => s.close(resolve)) };
}

const notInitialised = (e) => e instanceof sh.StateError && /not initialised: `await init\(\)` first/.test(e.message);

test('before init() every call is a StateError that says to call it', () => {
  assert.throws(() => sh.version(), notInitialised);
  assert.throws(() => sh.Position.parse('classic-2'), notInitialised);
  assert.throws(() => sh.Game.create('classic-2'), notInitialised);
  assert.throws(() => sh.parseCell('k3'), notInitialised);
  // The header's constants and the enums' words are there before it; envDefaults has its keys, its values are C's.
  assert.equal(typeof sh.NUM_CELLS, 'number');
  assert.ok(Object.values(sh.EndReason).length > 3 && Object.values(sh.EndReason).every((w) => typeof w === 'string'));
  assert.deepEqual(Object.keys(sh.envDefaults), ['layout', 'dtype', 'reward', 'maxTurns', 'autoReset', 'opponents', 'record']);
  assert.throws(() => sh.envDefaults.layout, notInitialised);
});

test('a wrong source is refused, naming it, and the package stays unloaded', async (t) => {
  const { base, close } = await server();
  t.after(close);
  await assert.rejects(sh.init(42), (e) => e instanceof TypeError && /must be a URL, .* not number/.test(e.message));
  await assert.rejects(sh.init(null), (e) => e instanceof TypeError && /not null/.test(e.message));
  await assert.rejects(sh.init(new Uint8Array([1, 2, 3, 4, 5])), /is not a wasm module \(it begins/);
  await assert.rejects(sh.init(new ArrayBuffer(0)), /is not a wasm module \(it is empty\)/);
  await assert.rejects(sh.init(`${base}/missing.wasm`), new RegExp(`cannot load ${base}/missing.wasm: HTTP 404`));
  await assert.rejects(sh.init(`${base}/app/sternhalma.wasm`),
    new RegExp(`${base}/app/sternhalma.wasm is not a wasm module \\(it begins "<!do"\\)`));
  // Past the ceiling: refused by its length, before it is compiled or (fetched) read.
  const limit = (n) => (e) => e instanceof sh.LimitError && new RegExp(`is ${n} bytes; .* at most ${32 << 20}`).test(e.message);
  await assert.rejects(sh.init(new Uint8Array((32 << 20) + 1)), limit((32 << 20) + 1));
  await assert.rejects(sh.init(`${base}/huge.wasm`), limit(33 << 20));
  // The magic number and a body that is not a module.
  await assert.rejects(sh.init(new Uint8Array([0, 0x61, 0x73, 0x6d, 9, 9, 9, 9])), /does not compile/);
  // A module that is not sternhalma's: the smallest valid one exports nothing.
  await assert.rejects(sh.init(new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0])),
    (e) => e instanceof sh.InternalError && /is not sternhalma\.wasm: it does not export memory/.test(e.message));
  // In Node the default source, the file beside browser.js, is a file: URL, which fetch does not take.
  await assert.rejects(sh.init(), new RegExp(`cannot fetch ${pathToFileURL(wasmFile).href.replace(/[.]/g, '\\.')}`));
  assert.throws(() => sh.version(), notInitialised);
});

test('init(bytes) loads the module once: a second source is a StateError, init() its promise', async () => {
  await sh.init(readFileSync(wasmFile));
  assert.match(sh.version(), /^\d+\.\d+\.\d+$/);
  const p = sh.Position.parse('classic-2');
  assert.equal(p.perft(3), Number(cli('perft', 'classic-2', '3').at(-1)));
  p.dispose();
  await sh.init();
  await assert.rejects(sh.init(readFileSync(wasmFile)),
    (e) => e instanceof sh.StateError && /already initialised/.test(e.message));
  assert.equal(sh.Position.parse('classic-3').countMoves(), cli('moves', 'classic-3').filter(Boolean).length);
});

// Each kind of source in a fresh process: the child prints the version and perft(classic-2, 3).
const kinds = {
  'an ArrayBuffer': 'new Uint8Array(bytes).buffer',
  'a view at an offset into a larger buffer': '(() => { const b = new Uint8Array(bytes.length + 3); b.set(bytes, 3); return b.subarray(3); })()',
  'a WebAssembly.Module': 'new WebAssembly.Module(bytes)',
  'a Response': 'new Response(bytes)',
  'a promise of the bytes': 'Promise.resolve(bytes)',
  'a URL string (fetched)': '`${base}/sternhalma.wasm`',
  'a URL (fetched)': 'new URL(`${base}/sternhalma.wasm`)',
};
for (const [kind, source] of Object.entries(kinds)) {
  test(`init(${kind}) loads the module`, async (t) => {
    const { base, close } = await server();
    t.after(close);
    const script = `import * as sh from ${JSON.stringify(new URL('browser.js', pkg).href)};
      import { readFileSync } from 'node:fs';
      const bytes = readFileSync(${JSON.stringify(wasmFile)}), base = ${JSON.stringify(base)};
      await sh.init(${source});
      const p = sh.Position.parse('classic-2');
      console.log(sh.version(), p.perft(3));`;
    // Asynchronous: the child fetches from this process's server.
    const out = await new Promise((resolve, reject) => {
      import('node:child_process').then(({ execFile }) => execFile(process.execPath, ['--input-type=module', '-e', script],
        { encoding: 'utf8', timeout: 30000 }, (err, stdout, stderr) => (err ? reject(new Error(stderr || err.message)) : resolve(stdout))));
    });
    assert.equal(out.trim(), `${sh.version()} ${cli('perft', 'classic-2', '3').at(-1)}`);
  });
}

test('browser.js exports what index.js does, and its module graph imports nothing from Node', () => {
  const nodeNames = execFileSync(process.execPath, ['--input-type=module', '-e',
    `import * as sh from ${JSON.stringify(new URL('index.js', pkg).href)}; console.log(Object.keys(sh).join(' '))`],
  { encoding: 'utf8' }).trim().split(' ');
  assert.deepEqual(Object.keys(sh), nodeNames);
  // Every module browser.js reaches, by its static imports; none is node:,
  // none has a dynamic import() or a top-level await (which bundlers
  // targeting older browsers, or a classic script, cannot take).
  const seen = new Set(), todo = [new URL('browser.js', pkg)];
  while (todo.length) {
    const url = todo.pop();
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    const text = readFileSync(url, 'utf8');
    assert.doesNotMatch(text, /\bimport\s*\(/, `${url.pathname} has a dynamic import`);
    assert.doesNotMatch(text, /^await\b|^\S.*=\s*await\b/m, `${url.pathname} has a top-level await`);
    for (const [, spec] of text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+'([^']+)'/gms)) {
      assert.ok(spec.startsWith('.'), `${url.pathname} imports ${spec}`);
      todo.push(new URL(spec, url));
    }
  }
  assert.ok([...seen].some((u) => u.endsWith('/src/wasm.js')) && seen.size > 10, [...seen].join(' '));
});
