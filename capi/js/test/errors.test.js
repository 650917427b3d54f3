// Bad input: an Error subclass with the library's message (or a TypeError /
// RangeError from the binding's own checks, before anything reaches C), and
// nothing changed. dispose() frees deterministically and is final.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sh from '../index.js';

// Asserts that f throws an instance of cls whose status and message match.
function fails(f, cls, status, message) {
  assert.throws(f, (e) => {
    assert.ok(e instanceof cls, `${e.name}: ${e.message} is not a ${cls.name}`);
    if (cls !== sh.SternhalmaError) assert.equal(e.name, cls.name, 'the error names its own class');
    assert.ok(e instanceof sh.SternhalmaError);
    assert.ok(e instanceof Error);
    assert.equal(e.status, status);
    assert.match(e.message, message);
    return true;
  });
}

test('each status maps to its Error subclass with the library\'s message', () => {
  fails(() => sh.parseCell('z99'), sh.CellError, 'SH_ERR_CELL', /z99/);
  fails(() => sh.cellName(121), sh.CellError, 'SH_ERR_CELL', /121/);
  fails(() => sh.Rules.create('classic-7'), sh.PresetError, 'SH_ERR_PRESET', /classic-7/);
  fails(() => sh.Position.parse('classic-2 W W:m1 K:e17 x'), sh.ParseError, 'SH_ERR_PARSE', /./);
  const r = sh.Rules.create('classic-2');
  fails(() => r.setOption('zones', 'purple'), sh.OptionError, 'SH_ERR_OPTION', /purple/);
  fails(() => r.setOption('no-such-option', 'x'), sh.OptionError, 'SH_ERR_OPTION', /no-such-option/);
  assert.equal(r.getOption('zones'), sh.Rules.create('classic-2').getOption('zones'), 'a failed set changes nothing');
  fails(() => r.seatName(7), sh.SeatError, 'SH_ERR_SEAT', /7/);
  r.dispose();

  const p = sh.Position.parse('classic-2');
  const before = p.text;
  fails(() => p.play('m1-m5'), sh.MoveError, 'SH_ERR_MOVE', /m1/);
  fails(() => p.parseMove('k3-k9'), sh.MoveError, 'SH_ERR_MOVE', /k3|k9/);
  fails(() => p.perft(-1), sh.RangeError, 'SH_ERR_RANGE', /-1/);
  fails(() => p.allPaths('k3-k5', 0), sh.RangeError, 'SH_ERR_RANGE', /limit/);
  assert.equal(p.text, before, 'a failed call changes nothing');
  p.dispose();

  const g = sh.Game.create('classic-2');
  fails(() => g.undo(), sh.StateError, 'SH_ERR_STATE', /./);
  fails(() => g.apply('e17-e16'), sh.MoveError, 'SH_ERR_MOVE', /./);
  fails(() => g.check({ from: 0, to: 60 }), sh.MoveError, 'SH_ERR_MOVE', /./);
  g.resign(0);
  assert.ok(g.isOver);
  fails(() => g.apply('k3-k5'), sh.StateError, 'SH_ERR_STATE', /./);
  g.dispose();
});

test('the binding checks types and ranges before calling C', () => {
  // 2^32 + 3 would reach C as cell 3 if it were not checked.
  fails(() => sh.cellName(2 ** 32 + 3), sh.RangeError, 'SH_ERR_RANGE', /4294967299/);
  assert.throws(() => sh.cellName(2 ** 32 + 3), { name: 'RangeError' }); // as Python's and Rust's
  assert.notEqual(sh.RangeError, globalThis.RangeError);
  assert.throws(() => sh.cellName('3'), TypeError); // an index, not text
  assert.throws(() => sh.cellName(1.5), TypeError);
  assert.throws(() => sh.cellName(undefined), TypeError);
  assert.throws(() => sh.Rules.create(42), TypeError);
  fails(() => sh.Rules.create('classic-2\0x'), sh.PresetError, 'SH_ERR_PRESET', /preset id has a NUL/);
  const p = sh.Position.parse('classic-2');
  assert.throws(() => p.play({ from: 3 }), TypeError);
  assert.throws(() => p.play(null), TypeError);
  assert.throws(() => p.perft(2.5), TypeError);
  assert.throws(() => p.playouts(1e9), sh.RangeError);
  assert.throws(() => sh.Player.create('easy', -1), sh.RangeError);
  assert.throws(() => sh.Player.create('easy', 2n ** 64n), sh.RangeError);
  assert.throws(() => sh.Game.fromPosition('classic-2'), TypeError);
  // A handle argument of the wrong class never reaches C; the message names the call
  // and the class the handle was made as.
  assert.throws(() => sh.Position.start('classic-2'),
    { name: 'TypeError', message: 'Position.start: rules must be a Rules, not string' });
  assert.throws(() => sh.Position.parse('classic-2', p),
    { name: 'TypeError', message: 'rules must be a Rules, not a Position' });
  assert.throws(() => sh.Game.create(null), { name: 'TypeError', message: /Game.create: rules .* not null/ });
  const easy = sh.Player.create('easy', 1);
  assert.throws(() => easy.choose(p), { name: 'TypeError', message: 'Player.choose: game must be a Game, not a Position' });
  easy.dispose();
  assert.throws(() => sh.ratingChanges([1, 2], [1500]), sh.RangeError);
  p.dispose();
});

test('dispose() frees now, is idempotent, and later use is a StateError', () => {
  const p = sh.Position.parse('classic-2');
  const q = p.copy();
  p.dispose();
  p.dispose();
  assert.ok(p.disposed);
  fails(() => p.legalMoves(), sh.StateError, 'SH_ERR_STATE', /disposed/);
  fails(() => sh.Game.fromPosition(p), sh.StateError, 'SH_ERR_STATE', /Position was disposed/);
  assert.equal(q.countMoves(), 14, 'a copy lives on');
  q[Symbol.dispose ?? Symbol.for('Symbol.dispose')](); // `using` calls it (Node 18 lacks the symbol)
  assert.ok(q.disposed);
  const g = sh.Game.create('classic-2');
  assert.throws(() => sh.Player.create('easy').choose(g.dispose() ?? g), sh.StateError);
});

test('many handles created and disposed reuse the same memory', () => {
  // Disposal returns memory to the allocator. The address is private, so the
  // process's memory shows it: 40000 undisposed copies of a game hold about
  // 300 MB of wasm memory; disposed, the same few blocks come back each time.
  const g = sh.Game.create('classic-6');
  const before = process.memoryUsage().rss;
  for (let i = 0; i < 40000; ++i) g.copy().dispose();
  const grown = (process.memoryUsage().rss - before) / 2 ** 20;
  assert.ok(grown < 100, `memory grew by ${grown.toFixed(0)} MB`);
  g.dispose();
});
