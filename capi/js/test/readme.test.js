// The JavaScript examples of README.md, docs/guides/start-javascript.md and
// the package's README, run as written (the package imports itself by name),
// print what their comments say.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Runs the one ```js block of a page as a module; returns what it printed.
function runExample(readme, name) {
  const text = readFileSync(new URL(readme, import.meta.url), 'utf8');
  const blocks = [...text.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
  assert.equal(blocks.length, 1);
  const file = fileURLToPath(new URL(`./${name}.tmp.mjs`, import.meta.url));
  writeFileSync(file, blocks[0]);
  try {
    return execFileSync(process.execPath, [file], { encoding: 'utf8' });
  } finally {
    rmSync(file, { force: true });
  }
}

test('the README\'s JavaScript example runs and prints perft(4) and the places', () => {
  const out = runExample('../../../README.md', 'readme-example').trim().split('\n');
  assert.equal(out[0], '110224');
  const places = JSON.parse(out.slice(1).join('').replace(/\s/g, ''));
  assert.equal(places.length, 6);
  assert.equal(places.filter((p) => p > 0).length, 3, 'table-3 plays three seats, all placed');
  assert.ok(places.includes(1));
});

test('the package README\'s example runs and prints the places and the record', () => {
  const out = runExample('../README.md', 'readme-package');
  assert.match(out, /^\[ [1-3], 0, [1-3], 0, [1-3], 0 \] classic-3 W\n/);
});

test('the JavaScript guide\'s example: one view of the game\'s position until the next action', () => {
  const out = runExample('../../../docs/guides/start-javascript.md', 'guide-example').trim().split('\n');
  assert.deepEqual(out, ['true 0', '3 14', 'StateError']);
});
