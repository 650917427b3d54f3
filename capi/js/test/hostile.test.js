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
  fails(() => g.parseMove('k3-\uDC00'), sh.MoveError, /^move has a lone surrogate \(U\+DC00, .*\) at index 3$/);
  fails(() => g.check('k3-k5\uD800'), sh.MoveError, /^move has a lone surrogate .*index 5$/);
  assert.equal(g.actions, 0, 'a refused move changes nothing');
  // NUL, as before, with the same classes.
  fails(() => g.apply('k3-k5\0'), sh.MoveError, /NUL character at index 5/);
  fails(() => g.parseMove('k3\0-k5'), sh.MoveError, /^move has a NUL character at index 2$/);
  assert.throws(() => g.parseMove(['k3', 'k5']), { name: 'TypeError', message: 'move must be a string, not object' });
  fails(() => r.setOption('zones', 'free\0'), sh.OptionError, /NUL/);
  // Well-formed text outside ASCII reaches C unchanged (a pair is one character).
  r.setOption('description', 'Stern \u{1F600} Halma \u00e9');
  assert.equal(r.getOption('description'), 'Stern \u{1F600} Halma \u00e9');
  p.dispose();
  g.dispose();
  r.dispose();
});

// One handle of each class, and valid arguments for every public member of
// each class (GET: a getter), so that a call with a wrong `this` can only fail
// on `this`.
const GET = Symbol('getter');
function handlesOfEveryClass() {
  const rules = sh.Rules.create('classic-2');
  const position = sh.Position.parse('classic-2');
  return {
    Rules: rules, Position: position, Game: sh.Game.create('classic-2'),
    Player: sh.Player.create('easy', 1), VecEnv: sh.VecEnv.create('classic-2', {}, 1),
  };
}
function membersByClass(h) {
  const m = h.Position.legalMoves()[0];
  return {
    Rules: {
      copy: [], id: GET, seats: GET, seatName: [0], getOption: ['zones'], setOption: ['zones', 'free'],
      setOptions: ['id=zz-2;zones=free'], validate: [], deriveId: [], describe: [], toString: [],
    },
    Position: {
      copy: [], rules: GET, text: GET, toString: [], render: [], toMove: GET, round: GET, hash: GET,
      owner: [0], isKing: [0], pieces: [0], pack: [], legalMoves: [], countMoves: [], destinations: [m.from],
      isLegal: [m], closedCells: [0], canonicalPath: [m], allPaths: [m], parseMove: ['k3-k5'], formatMove: [m],
      play: [m], perft: [1], divide: [1], goalDistance: [0], tipDistance: [0], marblesInGoal: [0], playouts: [1],
    },
    Game: {
      copy: [], dispose: [], position: GET, rules: GET, toMove: GET, marblesOf: GET, isOver: GET, endReason: GET, isDraw: GET,
      turns: GET, round: GET, actions: GET, seat: [0], status: [0], place: [0], places: GET, legalMoves: [],
      parseMove: ['k3-k5'], check: [m], eliminates: [m], putsOut: [m], apply: [m], resign: [0], flag: [], undo: [1], setClock: [1000],
      eventsFrom: [0], events: GET, eventText: [0], record: [], playouts: [1], ratingChanges: [[1500, 1500]],
    },
    Player: { setBudget: [0, 0], budget: GET, setThreads: [1], threads: GET, lastStats: GET, copy: [], choose: [h.Game] },
    VecEnv: {
      copy: [], spec: GET, numEnvs: GET, numPlayers: GET, reset: [0], step: [[0]], sampleLegal: [],
      obs: GET, mask: GET, obsInto: [new Float32Array(h.VecEnv.spec.obsValues)],
      maskInto: [new Uint8Array(sh.NUM_ACTIONS)], rewards: GET, terminated: GET, truncated: GET, toPlay: GET,
      legalActions: [0], allLegalActions: [], status: [0], observe: [0, 0], returns: [0], engineAction: [0], playouts: [0],
      position: [0], record: [0],
    },
  };
}
// Calls Cls's member `name` with `self` as this.
function callAs(Cls, name, self, args) {
  const d = Object.getOwnPropertyDescriptor(Cls.prototype, name);
  return args === GET ? d.get.call(self) : d.value.call(self, ...args);
}

test('a method called with a handle of another class as `this` is a TypeError, before C', () => {
  const h = handlesOfEveryClass();
  const members = membersByClass(h);
  const before = { rules: h.Rules.describe(), position: h.Position.text, game: h.Game.record(), env: h.VecEnv.record(0) };
  for (const [name, Cls] of Object.entries({ Rules: sh.Rules, Position: sh.Position, Game: sh.Game, Player: sh.Player, VecEnv: sh.VecEnv })) {
    const own = Object.getOwnPropertyNames(Cls.prototype).filter((k) => k !== 'constructor');
    assert.deepEqual(own.sort(), Object.keys(members[name]).sort(), `every public member of ${name} is tried`);
    for (const [other, self] of Object.entries(h)) {
      if (other === name) continue;
      for (const [member, args] of Object.entries(members[name])) {
        assert.throws(() => callAs(Cls, member, self, args),
          { name: 'TypeError', message: `this must be a ${name}, not a ${other}` }, `${name}.${member} on a ${other}`);
      }
    }
  }
  // Nothing was written through the wrong handles, and the module goes on.
  assert.deepEqual(h.Rules.describe(), before.rules);
  assert.equal(h.Position.text, before.position);
  assert.equal(h.Game.record(), before.game);
  assert.equal(h.VecEnv.record(0), before.env);
  assert.equal(h.Position.perft(3), 4648);
  const fresh = sh.Position.parse('classic-2');
  assert.equal(fresh.perft(3), 4648);
  // The audit's cases, one by one.
  fails(() => sh.Position.prototype.perft.call(h.Rules, 1), TypeError, /^this must be a Position, not a Rules$/);
  fails(() => sh.Rules.prototype.setOptions.call(fresh, 'id=zz-2;zones=free'), TypeError, /^this must be a Rules, not a Position$/);
  fails(() => sh.Rules.prototype.setOption.call(h.Player, 'zones', 'free'), TypeError, /^this must be a Rules, not a Player$/);
  assert.equal(fresh.perft(3), 4648);
  // The class is checked before liveness: a disposed handle of another class
  // is still the wrong class; of the right class it is a StateError.
  fresh.dispose();
  fails(() => sh.Rules.prototype.validate.call(fresh), TypeError, /^this must be a Rules, not a Position$/);
  fails(() => sh.Position.prototype.perft.call(fresh, 1), sh.StateError, /^this Position was disposed$/);
  for (const x of Object.values(h)) x.dispose();
});

test('a handle whose prototype was swapped is still its own class, as argument and as this', () => {
  const h = handlesOfEveryClass();
  const { Rules: r, Position: p, Game: g, Player: pl } = h;
  const game = g.record();
  Object.setPrototypeOf(g, sh.Position.prototype);
  assert.ok(g instanceof sh.Position, 'instanceof is fooled');
  fails(() => sh.Game.fromPosition(g), TypeError, /^Game\.fromPosition: position must be a Position, not a Game$/);
  fails(() => g.perft(1), TypeError, /^this must be a Position, not a Game$/);
  fails(() => g.text, TypeError, /^this must be a Position, not a Game$/);
  // Game's own members still take it, whatever its prototype has.
  sh.Game.prototype.check.call(g, 'k3-k5');
  assert.equal(sh.Game.prototype.status.call(g, 0), sh.Game.prototype.seat.call(g, 0).status);
  assert.deepEqual(Object.getOwnPropertyDescriptor(sh.Game.prototype, 'events').get.call(g), []);
  Object.setPrototypeOf(p, sh.Rules.prototype);
  fails(() => sh.Position.start(p), TypeError, /^Position\.start: rules must be a Rules, not a Position$/);
  fails(() => sh.Position.unpack(p, new Uint8Array(sh.PACKED_SIZE)), TypeError, /^Position\.unpack: rules must be a Rules, not a Position$/);
  fails(() => sh.Position.parse('classic-2', p), TypeError, /^rules must be a Rules, not a Position$/);
  fails(() => sh.Game.fromRecord('classic-2 W', p), TypeError, /^rules must be a Rules, not a Position$/);
  fails(() => sh.Game.create(p), TypeError, /^Game\.create: rules \(a preset id or a Rules\) must be a Rules, not a Position$/);
  fails(() => sh.VecEnv.create(p), TypeError, /^VecEnv\.create: rules \(a preset id or a Rules\) must be a Rules, not a Position$/);
  fails(() => p.setOptions('id=zz-2;zones=free'), TypeError, /^this must be a Rules, not a Position$/);
  Object.setPrototypeOf(r, sh.Game.prototype);
  fails(() => pl.choose(r), TypeError, /^Player\.choose: game must be a Game, not a Rules$/);
  Object.setPrototypeOf(pl, sh.Rules.prototype);
  fails(() => pl.setOption('zones', 'free'), TypeError, /^this must be a Rules, not a Player$/);
  // Swapped back, each is what it was.
  Object.setPrototypeOf(g, sh.Game.prototype);
  Object.setPrototypeOf(p, sh.Position.prototype);
  Object.setPrototypeOf(r, sh.Rules.prototype);
  Object.setPrototypeOf(pl, sh.Player.prototype);
  assert.equal(g.record(), game);
  assert.equal(p.perft(3), 4648);
  const classic = sh.Rules.create('classic-2'), fresh = sh.Game.create(r);
  assert.equal(r.getOption('zones'), classic.getOption('zones'));
  assert.ok(fresh.legalMoves().some((m) => m.equals(pl.choose(g))));
  classic.dispose();
  fresh.dispose();
  for (const x of Object.values(h)) x.dispose();
});

test('VecEnv.step takes the env\'s pointer after reading the actions, which may dispose it', () => {
  const env = sh.VecEnv.create('classic-2', {}, 2);
  env.reset(1);
  const actions = Array.from(env.sampleLegal());
  const disposing = new Proxy(actions, { get(t, k) { if (k === '1') env.dispose(); return t[k]; } });
  fails(() => env.step(disposing), sh.StateError, /^this VecEnv was disposed$/);
});

// An array that answers its first read of each key truly and every later one
// otherwise (length one more, an entry a string), counting the reads.
function lying(values) {
  const reads = {};
  const proxy = new Proxy([...values], {
    get(t, k, r) {
      if (typeof k === 'symbol') return Reflect.get(t, k, r);
      reads[k] = (reads[k] ?? 0) + 1;
      if (reads[k] === 1) return t[k];
      return k === 'length' ? t.length + 1 : 'changed';
    },
  });
  return { proxy, reads };
}

test('ratingChanges reads its arrays once: the length once, each entry once', () => {
  const places = lying([1, 2]), ratings = lying([1500, 1700]);
  assert.ok(Array.isArray(places.proxy));
  assert.deepEqual(sh.ratingChanges(places.proxy, ratings.proxy), sh.ratingChanges([1, 2], [1500, 1700]));
  assert.deepEqual(places.reads, { length: 1, 0: 1, 1: 1 });
  assert.deepEqual(ratings.reads, { length: 1, 0: 1, 1: 1 });
  // Refused on what was read first: 2 places and 3 ratings stay that.
  fails(() => sh.ratingChanges(lying([1, 2]).proxy, lying([1500, 1500, 1500]).proxy), sh.RangeError, /^2 places but 3 ratings$/);
  fails(() => sh.ratingChanges([1, 2], lying([1500, 'x']).proxy), TypeError, /^ratings\[1\] must be a finite number, not string$/);
  const g = sh.Game.create('classic-2');
  g.apply('k3-k5');
  g.resign(3);
  const r = lying([1500, 1700]);
  assert.deepEqual(g.ratingChanges(r.proxy), g.ratingChanges([1500, 1700]));
  assert.deepEqual(r.reads, { length: 1, 0: 1, 1: 1 });
  g.dispose();
});
