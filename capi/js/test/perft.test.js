// perft of every preset to depth 3 and its divide at depth 2 equal the native CLI's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sh from '../index.js';
import { cli } from './cli.js';

test('the presets are the CLI\'s', () => {
  const native = cli('presets').map((line) => line.split(/\s+/)[0]);
  assert.deepEqual(sh.presets(), native);
});

for (const id of sh.presets()) {
  test(`perft ${id} depths 1..3 equal the CLI's`, () => {
    const p = sh.Position.parse(id);
    try {
      for (let d = 1; d <= 3; ++d) {
        const native = Number(cli('perft', id, String(d)).at(-1));
        assert.equal(p.perft(d), native, `${id} depth ${d}`);
      }
      const divide = p.divide(2).map(({ move, nodes }) => `${p.formatMove(move)} ${nodes}`);
      assert.deepEqual(divide, cli('divide', id, '2'));
    } finally {
      p.dispose();
    }
  });
}

test('perft 0 is 1 and a negative depth is a RangeError', () => {
  const p = sh.Position.parse('classic-2');
  assert.equal(p.perft(0), 1);
  assert.throws(() => p.perft(-1), sh.RangeError);
  p.dispose();
});
