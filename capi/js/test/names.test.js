// The README's table of names: every name of its JavaScript column exists in
// this package, and every C function of its C column is exported by the wasm
// module (the export list is read from sternhalma.h, so the header must
// declare it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as sh from '../index.js';
import { functions } from '../abi.js';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
const section = readme.slice(readme.indexOf('## The table of names'));
const rows = section.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| concept')).map((l) => l.split('|').map((c) => c.trim()));
const code = (cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
const objects = { r: [sh.Rules], p: [sh.Position], g: [sh.Game], pl: [sh.Player], v: [sh.VecEnv], x: [sh.Rules, sh.Position, sh.Game, sh.Player, sh.VecEnv] };

test('the table has a JavaScript column with rows', () => {
  assert.ok(rows.length > 50, `${rows.length} rows`);
  assert.ok(section.split('\n').find((l) => l.startsWith('| concept')).includes('JavaScript'));
});

test('every JavaScript name of the table exists', () => {
  let names = 0;
  for (const row of rows) {
    for (const snippet of code(row[6] ?? '')) {
      const m = snippet.match(/^(?:([A-Za-z]+)\.)?([A-Za-z_][A-Za-z0-9_]*)/);
      if (!m || snippet.startsWith('.')) continue;
      const [, owner, name] = m;
      if (owner && objects[owner]) {
        for (const cls of objects[owner])
          assert.ok(name in cls.prototype, `${row[1]}: ${cls.name}.prototype.${name} (${snippet})`);
      } else if (owner) {
        assert.ok(owner in sh, `${row[1]}: ${owner} (${snippet})`);
        assert.ok(sh[owner][name] !== undefined, `${row[1]}: ${owner}.${name} (${snippet})`);
      } else {
        assert.ok(name in sh, `${row[1]}: ${name} (${snippet})`);
      }
      ++names;
    }
  }
  assert.ok(names > 90, `${names} names checked`);
});

test('every C function of the table is in the header and the wasm exports', async () => {
  const bytes = readFileSync(new URL('../sternhalma.wasm', import.meta.url));
  const exported = new Set(WebAssembly.Module.exports(new WebAssembly.Module(bytes)).map((e) => e.name));
  const header = readFileSync(new URL('../../sternhalma.h', import.meta.url), 'utf8');
  const types = new Set([...header.matchAll(/\}\s*(sh_[a-z0-9_]+)\s*;|typedef\s+struct\s+(sh_[a-z0-9_]+)/g)].map((m) => m[1] ?? m[2]));
  let n = 0;
  for (const row of rows) {
    for (const snippet of code(row[3] ?? '')) {
      const f = snippet.match(/^(sh_[a-z0-9_]+)/)?.[1];
      if (!f || types.has(f)) continue;
      assert.ok(functions.includes(f), `${row[1]}: ${f} is not declared in sternhalma.h`);
      assert.ok(exported.has(f), `${row[1]}: ${f} is not exported by sternhalma.wasm`);
      ++n;
    }
  }
  assert.ok(n > 60, `${n} C functions checked`);
  // And every function the header declares is exported.
  for (const f of functions) assert.ok(exported.has(f), `${f} is declared but not exported`);
});
