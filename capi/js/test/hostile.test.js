// Hostile input from JS (the audit of the package): raw handles, spoofed
// byte arrays, arguments that a cleanup would hide, and text C would see
// changed. Each call is refused with the argument's error class and a message
// that says what and where, and nothing changes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sh from '../index.js';

// Asserts that f throws an instance of cls whose message matches.
function fails(f, cls, message) {
  assert.throws(f, (e) => {
    assert.ok(e instanceof cls, `${e.name}: ${e.message} is not a ${cls.name}`);
    assert.equal(e.name, cls.name, 'the error names its own class');
    assert.match(e.message, message);
    return true;
  });
}

test('handles are made by their factories only, and their pointer is not exposed', () => {
  const p = sh.Position.parse('classic-2');
  const before = p.text;
  assert.equal(p.ptr, undefined);
  assert.ok(!('ptr' in p));
  assert.deepEqual(Object.keys(p), []);
  // A raw number is a wild pointer to C: new is refused, naming the factory.
  fails(() => new sh.Position(8), TypeError, /Position\.parse/);
  fails(() => new sh.Position(), TypeError, /new Position\(\) is not public/);
  fails(() => new sh.Rules(-8), TypeError, /Rules\.create/);
  fails(() => new sh.Game(8), TypeError, /Game\.create/);
  fails(() => new sh.Player(8), TypeError, /Player\.create/);
  // A subclass has no way to the constructor either.
  class Evil extends sh.Rules { constructor() { super(16); } }
  fails(() => new Evil(), TypeError, /Rules\.create/);
  // An object that only looks like a handle never reaches C.
  const fake = Object.create(sh.Position.prototype);
  fails(() => fake.text, TypeError, /not a Position made by this package/);
  fails(() => fake.dispose(), TypeError, /not a Position made by this package/);
  fails(() => sh.Game.fromPosition(fake), TypeError, /not a Position made by this package/);
  const fakeRules = Object.create(sh.Rules.prototype);
  fails(() => sh.Position.start(fakeRules), TypeError, /not a Rules made by this package/);
  // The audit's use-after-free: one handle, one owner, one free.
  const q = sh.Position.parse('table-3');
  assert.equal(p.text, before);
  p.dispose();
  p.dispose();
  assert.match(q.text, /^table-3/);
  q.dispose();
});

test('Position.unpack reads the real bytes of a Uint8Array', () => {
  const r = sh.Rules.create('classic-2');
  const p = sh.Position.parse('table-3');
  p.pack(); // the last unpacked bytes sit in wasm memory
  const empty = new Uint8Array(0);
  Object.defineProperty(empty, 'length', { value: sh.PACKED_SIZE });
  fails(() => sh.Position.unpack(r, empty), sh.ParseError, new RegExp(`${sh.PACKED_SIZE} bytes, got 0`));
  const short = new Uint8Array(10);
  Object.defineProperty(short, 'byteLength', { value: sh.PACKED_SIZE });
  fails(() => sh.Position.unpack(r, short), sh.ParseError, /got 10/);
  fails(() => sh.Position.unpack(r, new Uint8Array(sh.PACKED_SIZE + 1)), sh.ParseError, /got 129/);
  // A view of part of a buffer: its own bytes, not the buffer's.
  const good = p.pack();
  const big = new Uint8Array(sh.PACKED_SIZE + 8);
  big.set(good, 8);
  const u = sh.Position.unpack(sh.Rules.create('table-3'), big.subarray(8));
  assert.equal(u.text, p.text);
  u.dispose();
  // Not bytes at all: a TypeError that says what is taken.
  const looksLike = Object.create(Uint8Array.prototype);
  fails(() => sh.Position.unpack(r, looksLike), TypeError, /must be a Uint8Array/);
  fails(() => sh.Position.unpack(r, Array.from(good)), TypeError, /must be a Uint8Array, not an Array/);
  fails(() => sh.Position.unpack(r, new Uint16Array(64)), TypeError, /must be a Uint8Array, not a Uint16Array/);
  fails(() => sh.Position.unpack(r, 'x'.repeat(128)), TypeError, /not a string/);
  p.dispose();
  r.dispose();
});

test('a refused argument is the error, not the cleanup after it', () => {
  fails(() => sh.Game.create(NaN), TypeError, /Game\.create: rules .* not number/);
  fails(() => sh.Game.create(undefined, 'W'), TypeError, /firstSeat must be an integer/);
  fails(() => sh.Game.create('classic-2', 9), sh.SeatError, /9/);
  fails(() => sh.Game.create('classic-2', 2 ** 40), sh.RangeError, /firstSeat/);
  fails(() => sh.Game.create({}), TypeError, /Game\.create: rules .* not object/);
  // A Rules of the caller's survives a refused call.
  const r = sh.Rules.create('classic-3');
  fails(() => sh.Game.create(r, 'x'), TypeError, /firstSeat/);
  assert.equal(r.id, 'classic-3');
  r.dispose();
});

test('text that C would see changed is refused with the argument\'s class and the index', () => {
  // Seat letters: one of WRBKYG, nothing folded into a byte.
  fails(() => sh.seatFromLetter('\u0157'), sh.SeatError, /'\u0157' is not a seat letter/);
  fails(() => sh.seatFromLetter('\uD800'), sh.SeatError, /'\\uD800' is not a seat letter/);
  fails(() => sh.seatFromLetter('\u0147'), sh.SeatError, /not a seat letter/); // 0x147 & 0xff is 'G'
  fails(() => sh.seatFromLetter('w'), sh.SeatError, /'w' is not a seat letter \(W R B K Y G\)/);
  fails(() => sh.seatFromLetter('WR'), sh.SeatError, /'WR' is not a seat letter/);
  fails(() => sh.seatFromLetter(''), sh.SeatError, /'' is not a seat letter/);
  assert.deepEqual([...sh.SEAT_LETTERS].map(sh.seatFromLetter), [0, 1, 2, 3, 4, 5]);
  // Lone surrogates would reach C as U+FFFD: refused before, by index.
  const r = sh.Rules.create('classic-2');
  const description = r.getOption('description');
  fails(() => r.setOption('description', 'a\uD800b'), sh.OptionError, /option value .*lone surrogate .*index 1/);
  fails(() => r.setOption('descr\uDC00', 'x'), sh.OptionError, /option name .*index 5/);
  fails(() => r.setOptions('description = \uDBFF'), sh.OptionError, /settings .*index 14/);
  assert.equal(r.getOption('description'), description, 'a refused set changes nothing');
  fails(() => sh.Position.parse('\uD800'), sh.ParseError, /position text .*lone surrogate .*index 0/);
  fails(() => sh.Rules.create('classic-2\uDFFF'), sh.PresetError, /preset id .*index 9/);
  fails(() => sh.parseCell('k\uD8003'), sh.CellError, /cell name .*index 1/);
  fails(() => sh.Player.create('hard\uD800'), sh.OptionError, /level .*index 4/);
  fails(() => sh.Game.fromRecord('classic-2 W k3-k5 \uDC00'), sh.ParseError, /record .*index 18/);
  const g = sh.Game.create('classic-2');
  fails(() => g.apply('k3-k5\uD800'), sh.MoveError, /move .*index 5/);
  const p = g.position;
  fails(() => p.parseMove('\uDC00k3-k5'), sh.MoveError, /move text .*index 0/);
  assert.equal(g.actions, 0, 'a refused move changes nothing');
  // NUL, as before, with the same classes.
  fails(() => g.apply('k3-k5\0'), sh.MoveError, /NUL character at index 5/);
  fails(() => r.setOption('zones', 'free\0'), sh.OptionError, /NUL/);
  // Well-formed text outside ASCII reaches C unchanged (a pair is one character).
  r.setOption('description', 'Stern \u{1F600} Halma \u00e9');
  assert.equal(r.getOption('description'), 'Stern \u{1F600} Halma \u00e9');
  p.dispose();
  g.dispose();
  r.dispose();
});
