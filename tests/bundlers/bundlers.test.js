// The package in three fresh front-end apps, Vite, esbuild and webpack (the
// folders beside this file: a package.json, whose build script is all the
// configuration the app has, and a main.js), each installed in a temporary
// folder from the release tarball (`npm pack` of capi/js), built in
// production mode, served on 127.0.0.1 and loaded in headless chromium: the
// page's perft and destination query must be the native CLI's; and the Vite
// app under Vite's dev server. npm's cache
// is build/npm-cache (BUNDLER_NPM_CACHE), so a second run installs offline.
//   node --test tests/bundlers/      (scripts/dev.sh bundler-test sets it up)
// Needs: capi/js/sternhalma.wasm (scripts/dev.sh wasm), build/cli/sternhalma
// (or STERNHALMA_CLI), examples/web's puppeteer-core (scripts/dev.sh web-setup).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cli } from '../../capi/js/test/cli.js';
import { open } from '../../examples/web/test/browser.js';
import { staticServer } from '../../examples/web/serve.js';
import * as sh from '../../capi/js/index.js';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const root = here('../../');
const cache = process.env.BUNDLER_NPM_CACHE ?? join(root, 'build/npm-cache');
const apps = ['vite', 'esbuild', 'webpack'];

// A free port on 127.0.0.1 (for Vite's dev server, which takes a number).
function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

// The page's result once it has written one: its JSON, or an error with the page's errors.
async function resultOf(browser, url, what) {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('requestfailed', (r) => errors.push(`${r.url()}: ${r.failure()?.errorText}`));
  try {
    await page.goto(url, { timeout: 30000 });
    await page.waitForFunction(() => document.getElementById('result')?.textContent !== '', { timeout: 30000 })
      .catch((e) => { throw new Error(`${what}: the page wrote no result (${e.message}); its errors: ${errors.join('; ')}`); });
    const result = JSON.parse(await page.$eval('#result', (e) => e.textContent));
    assert.deepEqual(errors, [], `${what}: the page's errors`);
    return result;
  } finally {
    await page.close();
  }
}

// A command in `cwd`, bounded by `timeoutMs`: {stdout, stderr}, or an error with both.
function run(cmd, args, cwd, timeoutMs) {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { cwd, timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 16 << 20, encoding: 'utf8' },
      (err, stdout, stderr) => (err
        ? reject(new Error(`${cmd} ${args.join(' ')} in ${cwd}: ${err.killed ? `killed after ${timeoutMs} ms` : err.message}\n${stdout}${stderr}`))
        : resolve({ stdout, stderr })));
  });
}
const npm = (args, cwd, timeoutMs) => run('npm', [...args, '--no-audit', '--no-fund', '--cache', cache], cwd, timeoutMs);

// The page's inputs: a preset's perft, and the marble with the most
// destinations in a seeded middle game (so that hops chain).
function inputs() {
  const g = sh.Game.create('classic-3');
  const pl = sh.Player.create('easy', 5);
  for (let i = 0; i < 17; ++i) g.apply(pl.choose(g));
  const position = g.position.text;
  pl.dispose();
  g.dispose();
  // The native moves, one path per line: its first cell the marble's, its last the destination.
  const byFrom = new Map();
  for (const line of cli('moves', position).filter(Boolean)) {
    const cells = line.split('-');
    byFrom.set(cells[0], [...(byFrom.get(cells[0]) ?? []), cells.at(-1)]);
  }
  const [from, destinations] = [...byFrom].sort((a, b) => b[1].length - a[1].length)[0];
  return { perft: 'classic-3', depth: 3, position, from, destinations, nodes: Number(cli('perft', 'classic-3', '3').at(-1)) };
}

test('a Vite, an esbuild and a webpack app built from the release tarball compute the CLI\'s perft and destinations', { timeout: 900000 }, async (t) => {
  assert.ok(existsSync(join(root, 'capi/js/sternhalma.wasm')), 'capi/js/sternhalma.wasm is missing: scripts/dev.sh wasm');
  const want = inputs();
  assert.ok(want.destinations.length >= 3, `${want.from}: ${want.destinations}`);
  const work = mkdtempSync(join(tmpdir(), 'sternhalma-bundlers-'));
  t.after(() => rmSync(work, { recursive: true, force: true }));
  mkdirSync(cache, { recursive: true });

  // The release tarball, as `npm pack` makes it (its prepack checks the build products).
  const packed = await npm(['pack', '--pack-destination', work], join(root, 'capi/js'), 60000);
  const tarball = join(work, packed.stdout.trim().split('\n').at(-1));
  assert.ok(existsSync(tarball), packed.stdout);

  // Each app: its folder, the shared page, the tarball as its dependency; installed, built.
  const built = await Promise.all(apps.map(async (app) => {
    const dir = join(work, app);
    cpSync(here(app), dir, { recursive: true });
    cpSync(here('page.js'), join(dir, 'page.js'));
    cpSync(here('index.html'), join(dir, 'index.html'));
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    pkg.dependencies = { sternhalma: `file:${tarball}` };
    writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
    await npm(['install', '--prefer-offline'], dir, 600000);
    const { stdout, stderr } = await npm(['run', 'build'], dir, 300000);
    const log = stdout + stderr;
    const dist = join(dir, 'dist');
    assert.ok(existsSync(join(dist, 'index.html')), `${app}: no dist/index.html\n${log}`);
    return { app, dist, log };
  }));

  // Each build at the root of a server of its own, as it would be deployed.
  const { browser, close } = await open(null);
  t.after(close);
  const query = new URLSearchParams({ perft: want.perft, depth: String(want.depth), position: want.position, from: want.from });
  const expected = { version: sh.version(), perft: want.nodes, destinations: want.destinations, oneView: true };
  for (const { app, dist, log } of built) {
    const server = await staticServer([['/', `${dist}/`]], 0);
    t.after(() => new Promise((resolve) => server.close(resolve)));
    const result = await resultOf(browser, `http://127.0.0.1:${server.address().port}/?${query}`, app);
    assert.equal(result.error, undefined, `${app}: ${result.error}\n${log}`);
    assert.deepEqual(result, expected, app);
  }

  // Vite's dev server too, on the same app: it serves the package's modules
  // and the wasm from node_modules with no configuration.
  const port = await freePort();
  const vite = spawn(join(work, 'vite/node_modules/.bin/vite'), ['--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    // NO_COLOR: with CI set, Vite colours its output and puts escapes inside the URL.
    { cwd: join(work, 'vite'), stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  t.after(() => vite.kill('SIGKILL'));
  let said = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`vite's dev server did not start in 60 s:\n${said}`)), 60000);
    const hear = (b) => { said += b; if (said.replace(/\x1b\[[0-9;]*m/g, '').includes(`127.0.0.1:${port}`)) { clearTimeout(timer); resolve(); } };
    vite.stdout.on('data', hear);
    vite.stderr.on('data', hear);
    vite.once('exit', (code) => { clearTimeout(timer); reject(new Error(`vite's dev server exited (${code}):\n${said}`)); });
  });
  const dev = await resultOf(browser, `http://127.0.0.1:${port}/?${query}`, 'vite dev');
  assert.equal(dev.error, undefined, `vite dev: ${dev.error}\n${said}`);
  assert.deepEqual(dev, expected, 'vite dev');
});
