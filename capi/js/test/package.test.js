// What npm makes of this folder: the release tarball carries both entries,
// every module, the built sternhalma.wasm and abi.js, and nothing of the
// repository's tools or tests; nothing runs at install (no install script:
// installing never compiles); the export conditions name files it carries;
// and `npm pack` refuses, saying how to build them, when the build products
// are missing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../', import.meta.url));
const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
const hasNpm = spawnSync('npm', ['--version']).status === 0;

test('no lifecycle script runs when the package is installed', () => {
  for (const s of ['preinstall', 'install', 'postinstall', 'prepare'])
    assert.equal(pkg.scripts?.[s], undefined, `scripts.${s}`);
  assert.equal(pkg.scripts.prepack, 'node tools/check-built.mjs');
});

test('the export conditions: browsers and bundlers get browser.js, Node index.js', () => {
  assert.deepEqual(pkg.exports['.'], { types: './index.d.ts', browser: './browser.js', node: './index.js', default: './browser.js' });
  assert.equal(pkg.exports['./sternhalma.wasm'], './sternhalma.wasm');
  assert.equal(pkg.main, './index.js');
  assert.equal(pkg.browser, './browser.js');
});

test('the tarball carries the entries, every module, the wasm and abi.js, and no tools or tests', { skip: !hasNpm && 'npm is not on the PATH' }, () => {
  const [info] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: dir, encoding: 'utf8' }));
  const files = info.files.map((f) => f.path).sort();
  const src = readdirSync(join(dir, 'src')).filter((f) => f.endsWith('.js')).map((f) => `src/${f}`);
  assert.deepEqual(files, ['README.md', 'abi.js', 'browser.js', 'index.d.ts', 'index.js', 'package.json', ...src, 'sternhalma.wasm'].sort());
  const named = [pkg.main, pkg.browser, ...Object.values(pkg.exports['.']), pkg.exports['./sternhalma.wasm']];
  for (const f of named) assert.ok(files.includes(f.replace(/^\.\//, '')), `${f} is named by package.json but not packed`);
});

test('npm pack\'s prepack refuses when sternhalma.wasm and abi.js are missing, naming them and the command', () => {
  const copy = mkdtempSync(join(tmpdir(), 'sternhalma-pack-'));
  try {
    cpSync(join(dir, 'tools'), join(copy, 'js', 'tools'), { recursive: true });
    const r = spawnSync(process.execPath, [join(copy, 'js', 'tools', 'check-built.mjs')], { encoding: 'utf8' });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /js\/sternhalma\.wasm and .*js\/abi\.js missing: scripts\/dev\.sh wasm \(from the repository root\) builds them/);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});

test('the Node entry, without sternhalma.wasm beside it, says so and how to build it', () => {
  const copy = mkdtempSync(join(tmpdir(), 'sternhalma-nowasm-'));
  try {
    for (const f of ['index.js', 'abi.js', 'package.json', 'src']) cpSync(join(dir, f), join(copy, f), { recursive: true });
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(join(copy, 'index.js'))})`], { encoding: 'utf8' });
    assert.equal(r.status, 1);
    assert.match(r.stderr, new RegExp(`sternhalma: ${join(copy, 'sternhalma.wasm').replace(/[.]/g, '\\.')} is missing; in a clone of the repository, scripts/dev\\.sh wasm builds it`));
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});
