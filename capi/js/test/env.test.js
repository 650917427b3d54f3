// VecEnv and the RL helpers, against the library's own answers: the masks
// are the legal moves of the games' positions (Position.legalMoves), the
// observations the positions' marbles, seeds repeat, refused calls change
// nothing, and every argument out of its range or of the wrong type is
// refused in JS's words (C's start with "env:") naming the argument.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sh from '../index.js';
import { memory } from '../src/wasm.js';

const A = sh.NUM_ACTIONS;
// A handle disposed when the test ends (Node 18 and 20 have no `using`).
const own = (t, h) => { t.after(() => h.dispose()); return h; };

function fails(f, cls, message) {
  assert.throws(f, (e) => {
    assert.ok(e instanceof cls, `${e.name}: ${e.message} is not a ${cls.name}`);
    assert.match(e.message, message);
    return true;
  });
}
// Refused in JS, before C: the message is not one of C's ("env: ...").
const refused = (f, cls, message) => fails(f, cls, new RegExp(`^(?!env:)[^]*${message.source}`));

const setBits = (mask, i) => {
  const out = [];
  for (let a = 0; a < A; ++a) if (mask[i * A + a]) out.push(a);
  return out;
};
// The legal actions of game i by the package's Position, sorted.
function positionActions(env, i) {
  const p = env.position(i);
  try {
    return { toMove: p.toMove, actions: p.legalMoves().map(sh.actionOf).sort((a, b) => a - b) };
  } finally {
    p.dispose();
  }
}
// Every game's mask, legal actions and observation against its position.
function checkGames(env) {
  const mask = env.mask, toPlay = env.toPlay, obs = env.obs, { seats, obsValues } = env.spec;
  for (let i = 0; i < env.numEnvs; ++i) {
    const status = env.status(i);
    if (status.toPlay === null) {
      assert.deepEqual(setBits(mask, i), [], `game ${i} has ended: an empty mask`);
      assert.deepEqual(env.legalActions(i), []);
      continue;
    }
    const { toMove, actions } = positionActions(env, i);
    assert.equal(toPlay[i], status.toPlay);
    assert.equal(seats[toPlay[i]], toMove, `game ${i}: player ${toPlay[i]} is seat ${toMove}`);
    assert.ok(actions.length > 0);
    assert.deepEqual(setBits(mask, i), actions, `game ${i}: mask = legal moves`);
    assert.deepEqual(env.legalActions(i), actions);
    assert.deepEqual(env.observe(i, toPlay[i]), obs.subarray(i * obsValues, (i + 1) * obsValues), `game ${i}: obs = observe`);
  }
}
// What a refused call must leave as it was.
const snapshot = (env) => ({
  obs: env.obs, mask: env.mask, rewards: env.rewards, toPlay: env.toPlay,
  terminated: env.terminated, truncated: env.truncated,
  records: Array.from({ length: env.numEnvs }, (_, i) => env.record(i)),
  status: Array.from({ length: env.numEnvs }, (_, i) => env.status(i)),
});

for (const preset of ['classic-2', 'table-3']) {
  test(`${preset}: the mask of each game is the legal moves of env.position(i), after reset and random steps`, (t) => {
    const env = own(t, sh.VecEnv.create(preset, {}, 4));
    assert.equal(env.numPlayers, sh.Rules.create(preset).seats.length);
    env.reset(11);
    checkGames(env);
    for (let step = 0; step < 25; ++step) {
      const actions = env.sampleLegal();
      for (let i = 0; i < env.numEnvs; ++i) assert.ok(env.legalActions(i).includes(actions[i]));
      env.step(actions);
      checkGames(env);
    }
    assert.equal(env.status(0).turns, 25);
  });
}

test('obsInto and maskInto fill the caller\'s arrays with what obs and mask copy; a wrong type or length is refused', (t) => {
  for (const dtype of ['float32', 'uint8']) {
    const env = own(t, sh.VecEnv.create('table-3', { dtype }, 3));
    const Obs = dtype === 'uint8' ? Uint8Array : Float32Array;
    const obs = new Obs(3 * env.spec.obsValues), mask = new Uint8Array(3 * sh.NUM_ACTIONS);
    env.reset(5);
    for (let step = 0; step < 4; ++step) {
      assert.equal(env.obsInto(obs), obs);
      assert.equal(env.maskInto(mask), mask);
      assert.deepEqual(obs, env.obs);
      assert.deepEqual(mask, env.mask);
      env.step(env.sampleLegal());
    }
    const wrongType = dtype === 'uint8' ? new Float32Array(obs.length) : new Uint8Array(obs.length);
    assert.throws(() => env.obsInto(wrongType), { name: 'TypeError', message: `obsInto: out must be a ${Obs.name}, not a ${wrongType.constructor.name}` });
    assert.throws(() => env.obsInto(new Obs(obs.length - 1)), { name: 'RangeError', message: `obsInto: out has ${obs.length - 1} values, want ${obs.length}` });
    assert.throws(() => env.maskInto([0, 1]), { name: 'TypeError', message: 'maskInto: out must be a Uint8Array, not an Array' });
    // A subclass or a fake never gets hold of wasm memory: only a real array's own memory is written.
    let leaked = null;
    class Spy extends Uint8Array { set(src) { leaked = src; } }
    const spy = new Spy(mask.length);
    assert.equal(env.maskInto(spy), spy);
    assert.equal(leaked, null);
    assert.deepEqual(Uint8Array.from(spy), env.mask);
    const fake = Object.create(Uint8Array.prototype, { length: { value: mask.length }, set: { value(src) { leaked = src; } } });
    assert.throws(() => env.maskInto(fake), { name: 'TypeError', message: 'maskInto: out must be a Uint8Array, not an object that only inherits from it' });
    assert.equal(leaked, null);
    assert.throws(() => env.maskInto(null), { name: 'TypeError', message: 'maskInto: out must be a Uint8Array, not null' });
    assert.throws(() => env.maskInto(new Uint8Array(mask.length + 1)), (e) => e instanceof sh.RangeError && /want 43923/.test(e.message));
  }
});

test('a step with a masked-out action throws MoveError naming the game, and changes nothing', (t) => {
  const env = own(t, sh.VecEnv.create('classic-2', {}, 3));
  env.reset(5);
  env.step(env.sampleLegal());
  const before = snapshot(env);
  const actions = env.sampleLegal();
  const illegal = before.mask.subarray(A, 2 * A).indexOf(0);
  assert.ok(illegal >= 0 && !env.legalActions(1).includes(illegal));
  actions[1] = illegal;
  fails(() => env.step(actions), sh.MoveError, /game 1/);
  assert.deepEqual(snapshot(env), before);
  // NO_ACTION for a game still playing is C's RangeError; nothing changes either.
  actions[1] = sh.NO_ACTION;
  fails(() => env.step(actions), sh.RangeError, /./);
  assert.deepEqual(snapshot(env), before);
  // And the env steps on.
  env.step(env.sampleLegal());
  assert.equal(env.status(1).turns, 2);
});

test('auto-reset: a game ended by the env\'s maxTurns restarts at the next step; without autoReset that step is a StateError', (t) => {
  const env = own(t, sh.VecEnv.create('classic-2', { maxTurns: 3 }, 2));
  env.reset(1);
  for (let k = 0; k < 3; ++k) env.step(env.sampleLegal());
  assert.deepEqual(env.truncated, Uint8Array.of(1, 1));
  assert.deepEqual(env.terminated, Uint8Array.of(0, 0));
  assert.deepEqual(env.rewards, new Float32Array(4), 'truncation gives no reward');
  assert.deepEqual(env.status(0), { toPlay: null, turns: 3, terminated: false, truncated: true });
  assert.equal(env.record(0).trim().split(' ').length, 2 + 3, 'the preset, the first seat and three moves');
  checkGames(env);
  const actions = env.sampleLegal();
  assert.deepEqual(actions, Int32Array.of(sh.NO_ACTION, sh.NO_ACTION));
  env.step(actions);
  assert.deepEqual(env.status(1), { toPlay: 0, turns: 0, terminated: false, truncated: false });
  assert.deepEqual(env.truncated, Uint8Array.of(0, 0));
  assert.equal(env.record(1).trim(), 'classic-2 W');
  checkGames(env);

  const stops = own(t, sh.VecEnv.create('classic-2', { maxTurns: 1, autoReset: false }, 1));
  stops.reset(1);
  stops.step(stops.sampleLegal());
  const before = snapshot(stops);
  fails(() => stops.step([sh.NO_ACTION]), sh.StateError, /./);
  assert.deepEqual(snapshot(stops), before);
});

test('a game that ends by its rules (a 6-turn limit) is terminated, rewarded (rank: zero-sum) and restarted', (t) => {
  const r = sh.Rules.create('classic-2').setOption('id', 'short-2').setOption('limit', '6 turns');
  const env = own(t, sh.VecEnv.create(r, {}, 2));
  r.dispose();
  env.reset(3);
  for (let k = 0; k < 5; ++k) {
    env.step(env.sampleLegal());
    assert.deepEqual(env.rewards, new Float32Array(4));
    assert.deepEqual(env.returns(0), new Float32Array(2), 'returns are zeros until the end');
  }
  env.step(env.sampleLegal());
  assert.deepEqual(env.terminated, Uint8Array.of(1, 1));
  const rewards = env.rewards;
  for (let i = 0; i < 2; ++i) {
    assert.deepEqual(env.returns(i), rewards.subarray(2 * i, 2 * i + 2));
    assert.equal(rewards[2 * i] + rewards[2 * i + 1], 0);
    assert.equal(env.status(i).terminated, true);
    assert.equal(env.engineAction(i), null, 'no action in an ended game');
  }
  checkGames(env);
  env.step(env.sampleLegal());
  assert.equal(env.status(0).turns, 0);
});

test('a copy is independent: the same games and samplers, then each its own', (t) => {
  const a = own(t, sh.VecEnv.create('table-3', { record: true }, 3));
  a.reset(9);
  for (let k = 0; k < 4; ++k) a.step(a.sampleLegal());
  const b = a.copy();
  const before = snapshot(a);
  assert.deepEqual(snapshot(b), before, 'the copy has the games and the buffers');
  const next = a.sampleLegal();
  assert.deepEqual(b.sampleLegal(), next, 'and the samplers');
  a.step(next);
  assert.deepEqual(snapshot(b), before, 'stepping the original leaves the copy');
  b.step(next);
  assert.deepEqual(snapshot(b), snapshot(a), 'the same step gives the same games');
  a.reset(1);
  assert.notDeepEqual(snapshot(b).records, snapshot(a).records);
  a.dispose();
  b.step(b.sampleLegal());
  checkGames(b);
  b.dispose();
});

test('the same seed gives the same sampled actions; game i is seeded with seed + i', (t) => {
  const run = (env, seed, steps) => {
    env.reset(seed);
    const out = [];
    for (let k = 0; k < steps; ++k) {
      const a = env.sampleLegal();
      out.push(Array.from(a));
      env.step(a);
    }
    return out;
  };
  const x = own(t, sh.VecEnv.create('classic-2', {}, 4));
  const y = own(t, sh.VecEnv.create('classic-2', {}, 4));
  const seen = run(x, 42, 10);
  assert.deepEqual(run(y, 42, 10), seen);
  assert.deepEqual(run(y, 2n ** 64n - 1n, 3), run(x, 2n ** 64n - 1n, 3), 'the largest seed, as a BigInt');
  const one = own(t, sh.VecEnv.create('classic-2', {}, 1));
  assert.deepEqual(run(one, 44, 10).map((a) => a[0]), seen.map((a) => a[2]));
});

test('the observation on classic-2\'s start: its shape is the spec, the planes the position\'s marbles', (t) => {
  const env = own(t, sh.VecEnv.create('classic-2', {}, 2));
  assert.deepEqual({ ...env.spec, seats: [...env.spec.seats] }, {
    numEnvs: 2, numPlayers: 2, seats: [0, 3], planes: sh.NUM_PLANES, height: 1, width: sh.NUM_CELLS,
    obsValues: sh.NUM_PLANES * sh.NUM_CELLS, obsBytes: 4 * sh.NUM_PLANES * sh.NUM_CELLS, numActions: sh.NUM_ACTIONS,
  });
  env.reset(0);
  const obs = env.obs;
  assert.ok(obs instanceof Float32Array);
  assert.equal(obs.length, 2 * env.spec.obsValues);
  assert.equal(env.mask.length, 2 * sh.NUM_ACTIONS);
  const p = env.position(0);
  const plane = (o, k) => o.subarray(k * sh.NUM_CELLS, (k + 1) * sh.NUM_CELLS);
  const cellsOf = (values) => [...values.keys()].filter((c) => values[c] !== 0);
  for (const player of [0, 1]) {
    const o = env.observe(0, player), seat = env.spec.seats[player], other = env.spec.seats[1 - player];
    const seen = (s) => p.pieces(s).map((c) => sh.rotate(c, -seat)).sort((a, b) => a - b);
    assert.equal(plane(o, 0).filter((v) => v === 1).length, 10, 'own plane: 10 ones');
    assert.deepEqual(cellsOf(plane(o, 0)), seen(seat));
    assert.deepEqual(cellsOf(plane(o, 1)), seen(other));
    for (const k of [2, 3, 4, 5, 6, 11]) assert.equal(cellsOf(plane(o, k)).length, 0, `plane ${k} is empty`);
    for (const k of [9, 10]) assert.ok(plane(o, k).every((v) => v === 1), `plane ${k}: all left at the start`);
  }
  assert.deepEqual(plane(env.observe(0, 0), 0), plane(env.observe(0, 1), 0), 'each sees itself at the bottom');
  // uint8 and grid: the same marbles, laid out by axial (q, r).
  const grid = own(t, sh.VecEnv.create('classic-2', { layout: sh.ObsLayout.GRID, dtype: 'uint8' }, 1));
  grid.reset(0);
  const g = grid.obs, { height, width, obsValues } = grid.spec;
  assert.ok(g instanceof Uint8Array);
  assert.deepEqual([height, width, obsValues, g.length], [17, 17, sh.NUM_PLANES * 289, sh.NUM_PLANES * 289]);
  const ownCells = [];
  for (let r = 0; r < 17; ++r) for (let q = 0; q < 17; ++q) if (g[r * 17 + q]) ownCells.push([q - 8, r - 8]);
  assert.deepEqual(ownCells.map(([q, r]) => sh.cellAt(q, r)).sort((a, b) => a - b), p.pieces(0));
  assert.equal(g.subarray(9 * 289, 10 * 289).filter((v) => v === 255).length, sh.NUM_CELLS, 'a scalar plane as 255 on the star');
  p.dispose();
});

test('engine opponents: the env plays their moves itself', (t) => {
  const env = own(t, sh.VecEnv.create('classic-2', { opponents: [null, 'easy'] }, 2));
  env.reset(4);
  assert.deepEqual(env.toPlay, Int32Array.of(0, 0));
  env.step(env.sampleLegal());
  assert.deepEqual(env.toPlay, Int32Array.of(0, 0));
  assert.equal(env.status(1).turns, 2, 'the caller\'s move and the engine\'s');
  checkGames(env);
  const a = env.engineAction(0, 'easy', 3);
  assert.ok(env.legalActions(0).includes(a));
  assert.equal(env.engineAction(0, 'easy', 3), a, 'deterministic for a seed');
});

test('playouts: deterministic for a seed, game i unchanged, the ceilings', (t) => {
  const env = own(t, sh.VecEnv.create('classic-2', {}, 2));
  env.reset(2);
  env.step(env.sampleLegal());
  const before = snapshot(env);
  const v = env.playouts(1, 4, 0.5, 20, 7);
  assert.equal(v.length, 2);
  assert.ok(v.every((x) => x >= -1 && x <= 1));
  assert.deepEqual(env.playouts(1, 4, 0.5, 20, 7), v);
  assert.deepEqual(snapshot(env), before);
  refused(() => env.playouts(0, 1000001, 0, 10), sh.RangeError, /n 1000001 is out of range 0\.\.1000000/);
  refused(() => env.playouts(0, 1, 0, sh.VecEnv.MAX_PLAYOUT_TURNS + 1), sh.RangeError, /maxTurns 100001 is out of range 0\.\.100000/);
  env.playouts(0, 0, 0, sh.VecEnv.MAX_PLAYOUT_TURNS);
  // The turns in all: C's ceiling, counted as they are played (random moves, so quick).
  fails(() => env.playouts(0, 10000, 1, 100), sh.LimitError, /200000 turns in all/);
  assert.deepEqual(snapshot(env), before);
});

test('every argument out of range or of the wrong type is refused in JS, naming it; nothing changes', (t) => {
  const max = sh.VecEnv.MAX_ENVS;
  assert.equal(max, 2 ** 20);
  refused(() => sh.VecEnv.create('classic-2', {}, 0), sh.RangeError, /numEnvs 0 is out of range 1\.\.1048576/);
  refused(() => sh.VecEnv.create('classic-2', {}, max + 1), sh.RangeError, /numEnvs 1048577 is out of range/);
  refused(() => sh.VecEnv.create('classic-2', {}, 2.5), TypeError, /numEnvs must be an integer/);
  refused(() => sh.VecEnv.create('classic-2', {}, '4'), TypeError, /numEnvs/);
  refused(() => sh.VecEnv.create(7), TypeError, /VecEnv\.create: rules/);
  fails(() => sh.VecEnv.create('classic-9'), sh.PresetError, /classic-9/);
  // Options.
  refused(() => sh.VecEnv.create('classic-2', { maxturns: 5 }), sh.OptionError, /options\.maxturns is not an env option/);
  refused(() => sh.VecEnv.create('classic-2', null), TypeError, /options must be an object/);
  refused(() => sh.VecEnv.create('classic-2', ['grid']), TypeError, /options must be an object .* not an Array/);
  refused(() => sh.VecEnv.create('classic-2', { layout: 'hex' }), sh.OptionError, /options\.layout 'hex' is not 'cells' or 'grid'/);
  refused(() => sh.VecEnv.create('classic-2', { dtype: 1 }), TypeError, /options\.dtype must be/);
  refused(() => sh.VecEnv.create('classic-2', { reward: 'score' }), sh.OptionError, /options\.reward 'score'/);
  refused(() => sh.VecEnv.create('classic-2', { maxTurns: -1 }), sh.RangeError, /options\.maxTurns -1 is out of range/);
  refused(() => sh.VecEnv.create('classic-2', { maxTurns: 2 ** 31 }), sh.RangeError, /options\.maxTurns/);
  refused(() => sh.VecEnv.create('classic-2', { autoReset: 1 }), TypeError, /options\.autoReset must be true or false/);
  refused(() => sh.VecEnv.create('classic-2', { record: 'no' }), TypeError, /options\.record/);
  refused(() => sh.VecEnv.create('classic-2', { opponents: 'easy' }), TypeError, /options\.opponents must be an Array/);
  refused(() => sh.VecEnv.create('classic-2', { opponents: [null, 5] }), TypeError, /options\.opponents\[1\]/);
  refused(() => sh.VecEnv.create('classic-2', { opponents: [null, 'ea\0sy'] }), sh.OptionError, /options\.opponents\[1\] has a NUL/);
  refused(() => sh.VecEnv.create('classic-2', { opponents: Array(7).fill(null) }), sh.OptionError, /7 entries/);
  // An array whose iterator (or length) says more than its checked length: the
  // entries are read by index up to the length read once, so C's struct of six
  // levels is never written past (it once was, corrupting wasm memory).
  const long = [null];
  long[Symbol.iterator] = function* () { for (let k = 0; k < 200; ++k) yield 'easy'; };
  const e1 = own(t, sh.VecEnv.create('classic-2', { opponents: long }, 1));
  assert.deepEqual(e1.spec.seats, [0, 3]);
  let reads = 0;
  const growing = new Proxy([null], { get: (a, k) => (k === 'length' ? (++reads === 1 ? 1 : 200) : a[k]) });
  own(t, sh.VecEnv.create('classic-2', { opponents: growing }, 1));
  assert.equal(reads, 1);
  // Only the object's own properties count: an inherited layout is not read.
  assert.equal(own(t, sh.VecEnv.create('classic-2', Object.create({ layout: 'grid' }), 1)).spec.width, 121);
  // The levels are the library's: C refuses an unknown one, naming the entry.
  fails(() => sh.VecEnv.create('classic-2', { opponents: [null, 'grandmaster'] }), sh.OptionError, /opponents\[1\] 'grandmaster'/);
  fails(() => sh.VecEnv.create('classic-2', { opponents: ['easy', 'easy'] }), sh.OptionError, /leave one to the caller/);

  const env = own(t, sh.VecEnv.create('classic-2', {}, 3));
  fails(() => env.step([1, 2, 3]), sh.StateError, /./); // no reset yet: C's
  env.reset(8);
  const before = snapshot(env);
  const ok = Array.from(env.sampleLegal());
  refused(() => env.step(ok.slice(1)), sh.RangeError, /actions must hold numEnvs = 3 entries, got 2/);
  refused(() => env.step([...ok, 0]), sh.RangeError, /got 4/);
  refused(() => env.step('1,2,3'), TypeError, /actions must be an Array or an Int32Array, not string/);
  refused(() => env.step(Float32Array.from(ok)), TypeError, /not a Float32Array/);
  refused(() => env.step(null), TypeError, /not null/);
  refused(() => env.step([ok[0], 1.5, ok[2]]), TypeError, /actions\[1\] must be an integer/);
  refused(() => env.step([ok[0], ok[1], '7']), TypeError, /actions\[2\]/);
  refused(() => env.step([ok[0], ok[1], A]), sh.RangeError, /actions\[2\] 14641 is out of range -1\.\.14640/);
  refused(() => env.step([-2, ok[1], ok[2]]), sh.RangeError, /actions\[0\] -2/);
  for (const f of [(i) => env.legalActions(i), (i) => env.status(i), (i) => env.observe(i, 0), (i) => env.returns(i),
    (i) => env.position(i), (i) => env.record(i), (i) => env.engineAction(i), (i) => env.playouts(i)]) {
    refused(() => f(3), sh.RangeError, /i 3 is out of range 0\.\.2/);
    refused(() => f(-1), sh.RangeError, /i -1 is out of range/);
    refused(() => f('0'), TypeError, /i must be an integer/);
  }
  refused(() => env.observe(0, 2), sh.RangeError, /player 2 is out of range 0\.\.1/);
  refused(() => env.observe(0, -1), sh.RangeError, /player -1/);
  refused(() => env.playouts(0, 1, NaN), TypeError, /epsilon must be a finite number, not NaN/);
  refused(() => env.playouts(0, 1, 1.5), sh.RangeError, /epsilon 1\.5 is out of range 0\.\.1/);
  refused(() => env.playouts(0, 1, -0.1), sh.RangeError, /epsilon -0\.1/);
  refused(() => env.playouts(0, 1, 0, 10, -1), sh.RangeError, /seed -1 is out of range/);
  refused(() => env.reset(-1), sh.RangeError, /seed -1/);
  refused(() => env.reset(2n ** 64n), sh.RangeError, /seed 18446744073709551616 is out of range 0\.\.2\^64-1/);
  refused(() => env.reset(1.5), TypeError, /seed must be an integer/);
  refused(() => env.reset('1'), TypeError, /seed must be an integer or a BigInt/);
  refused(() => env.engineAction(0, 'easy', 2 ** 60), sh.RangeError, /seed/);
  refused(() => env.engineAction(0, 7), TypeError, /level must be a string/);
  fails(() => env.engineAction(0, 'grandmaster'), sh.OptionError, /grandmaster/);
  assert.deepEqual(snapshot(env), before, 'no refused call changed anything');
  // The encodings.
  refused(() => sh.moveOf(A), sh.RangeError, /action 14641 is out of range 0\.\.14640/);
  refused(() => sh.moveOf(-1), sh.RangeError, /action -1/);
  refused(() => sh.actionOf([0, 121]), sh.CellError, /actionOf: to 121 is not a cell \(0\.\.120\)/);
  refused(() => sh.actionOf('m1-m2'), TypeError, /a move must be/);
  refused(() => sh.applySymmetryAction({ rotation: 1, reflect: 1 }, 5), TypeError, /symmetry\.reflect/);
  refused(() => sh.applySymmetryAction(null, 5), TypeError, /a symmetry must be/);
});

test('actions and moves, and the symmetries of a table', () => {
  for (const m of [new sh.Move(0, 0), new sh.Move(0, 120), new sh.Move(120, 0), new sh.Move(57, 63)]) {
    assert.equal(sh.actionOf(m), m.from * 121 + m.to);
    assert.ok(sh.moveOf(sh.actionOf(m)).equals(m));
  }
  assert.equal(sh.actionOf({ from: 3, to: 5 }), sh.actionOf([3, 5]));
  // The counts docs/guides/rl.md documents.
  const counts = Object.fromEntries(['classic-2', 'classic-3', 'pairs-2x2', 'table-5'].map((id) => [id, sh.tableSymmetries(id).length]));
  assert.deepEqual(counts, { 'classic-2': 4, 'classic-3': 3, 'pairs-2x2': 2, 'table-5': 1 });
  const syms = sh.tableSymmetries(sh.Rules.create('classic-2'));
  assert.deepEqual(syms[0], { rotation: 0, reflect: false });
  // W's first moves through a half turn are K's first moves; through the reflection, W's again.
  const start = sh.Position.parse('classic-2');
  const asK = sh.Position.parse(start.text.replace(/^classic-2 W /, 'classic-2 K '));
  const actions = (p) => p.legalMoves().map(sh.actionOf).sort((a, b) => a - b);
  const image = (s) => actions(start).map((a) => sh.applySymmetryAction(s, a)).sort((a, b) => a - b);
  assert.equal(asK.toMove, 3);
  assert.deepEqual(image({ rotation: 3, reflect: false }), actions(asK));
  assert.deepEqual(image({ rotation: 0, reflect: true }), actions(start));
  assert.deepEqual(image({ rotation: 0, reflect: false }), actions(start));
  start.dispose();
  asK.dispose();
});

test('dispose twice is harmless; any use after it is a StateError', () => {
  const env = sh.VecEnv.create('classic-2', {}, 2);
  env.reset(1);
  const obsOut = new Float32Array(2 * env.spec.obsValues), maskOut = new Uint8Array(2 * sh.NUM_ACTIONS);
  env.dispose();
  env.dispose();
  assert.equal(env.disposed, true);
  const uses = {
    reset: () => env.reset(1), step: () => env.step([0, 0]), sampleLegal: () => env.sampleLegal(), copy: () => env.copy(),
    spec: () => env.spec, numEnvs: () => env.numEnvs, numPlayers: () => env.numPlayers, obs: () => env.obs,
    mask: () => env.mask, obsInto: () => env.obsInto(obsOut), maskInto: () => env.maskInto(maskOut), rewards: () => env.rewards, terminated: () => env.terminated, truncated: () => env.truncated,
    toPlay: () => env.toPlay, allLegalActions: () => env.allLegalActions(), legalActions: () => env.legalActions(0), status: () => env.status(0),
    observe: () => env.observe(0, 0), returns: () => env.returns(0), engineAction: () => env.engineAction(0),
    playouts: () => env.playouts(0), position: () => env.position(0), record: () => env.record(0),
  };
  const members = Object.getOwnPropertyNames(sh.VecEnv.prototype).filter((k) => k !== 'constructor');
  assert.deepEqual(members.sort(), Object.keys(uses).sort(), 'every member is tried');
  for (const [name, use] of Object.entries(uses)) fails(use, sh.StateError, /was disposed/, name);
  fails(() => new sh.VecEnv(8), TypeError, /VecEnv\.create/);
});

test('results stay right when wasm memory grows between two reads; a vector too large is a MemoryError', (t) => {
  const env = own(t, sh.VecEnv.create('classic-2', {}, 4));
  env.reset(6);
  env.step(env.sampleLegal());
  const obs = env.obs, mask = env.mask;
  const grown = memory.buffer.byteLength;
  // About 100 MB: the memory grows (its old views are detached).
  const big = sh.VecEnv.create('table-3', { record: false }, 3000);
  assert.ok(memory.buffer.byteLength > grown, `${memory.buffer.byteLength} > ${grown}`);
  big.reset(1);
  big.step(big.sampleLegal());
  assert.deepEqual(env.obs, obs);
  assert.deepEqual(env.mask, mask);
  env.step(env.sampleLegal());
  checkGames(env);
  assert.deepEqual(positionActions(big, 2999).actions, setBits(big.mask, 2999));
  big.dispose();
  // 2^20 games would need about 36 GB: refused before C, and the module works on.
  fails(() => sh.VecEnv.create('classic-2', {}, sh.VecEnv.MAX_ENVS), sh.MemoryError, /1048576 games need about \d+ MB/);
  env.step(env.sampleLegal());
  checkGames(env);
});

test('memory the library cannot get inside a call is a MemoryError, and the module goes on', () => {
  // Fill wasm memory (2 GB) with envs until the package's own check refuses
  // one, down to single games, then let a recording game grow inside C. Built
  // with wasm exceptions, C's std::bad_alloc reaches the C ABI's guard as
  // SH_ERR_MEMORY (without them the module ended: an InternalError, and every
  // later call failed).
  const keep = [];
  const game = sh.Game.create('table-2');
  try {
    for (const n of [16384, 2048, 256, 32, 4, 1]) {
      for (;;) {
        try {
          keep.push(sh.VecEnv.create('table-2', { record: false, dtype: 'uint8' }, n));
        } catch (e) {
          if (e instanceof sh.MemoryError) break;
          throw e;
        }
      }
    }
    let error = null;
    for (let k = 0; k < 100000 && error === null; ++k) {
      try {
        game.apply(game.legalMoves()[0]);
        if (game.isOver) game.undo(game.actions);
      } catch (e) {
        error = e;
      }
    }
    assert.ok(error instanceof sh.MemoryError, `a MemoryError, not ${error}`);
    assert.equal(error.status, 'SH_ERR_MEMORY');
  } finally {
    for (const e of keep) e.dispose();
    game.dispose();
  }
  const p = sh.Position.parse('classic-2');
  assert.equal(p.perft(3), 4648);
  p.dispose();
});

// Game i's legal-action list as the step wrote it, sorted; its padding is -1.
function listed(env, i) {
  const { actions, counts } = env.allLegalActions();
  const row = actions.subarray(i * sh.MAX_MOVES, (i + 1) * sh.MAX_MOVES), n = counts[i];
  assert.ok(row.subarray(n).every((a) => a === -1), `game ${i}: -1 past ${n}`);
  return Array.from(row.subarray(0, n)).sort((a, b) => a - b);
}

test('allLegalActions: the lists the step wrote are the masks, on every preset', (t) => {
  for (const id of sh.presets()) {
    const env = own(t, sh.VecEnv.create(id, { record: false }, 3));
    env.reset(4);
    for (let step = 0; step < 20; ++step) {
      const mask = env.mask;
      for (let i = 0; i < 3; ++i) assert.deepEqual(listed(env, i), setBits(mask, i), `${id} step ${step} game ${i}`);
      env.step(env.sampleLegal());
    }
  }
});

test("actionFrame 'observer': masks, lists, samples and actions turned by -seat", (t) => {
  for (const id of ['classic-3', 'table-6', 'pairs-2x2']) {
    const b = own(t, sh.VecEnv.create(id, { record: false }, 2));
    const o = own(t, sh.VecEnv.create(id, { record: false, actionFrame: 'observer' }, 2));
    b.reset(3);
    o.reset(3);
    const seats = b.spec.seats;
    let turnedAny = false;
    for (let step = 0; step < 25; ++step) {
      const plain = b.sampleLegal(), turned = Int32Array.from(plain), toPlay = b.toPlay, bm = b.mask, om = o.mask;
      for (let i = 0; i < 2; ++i) {
        const turn = { rotation: (6 - seats[toPlay[i]]) % 6, reflect: false };
        const want = setBits(bm, i).map((a) => sh.applySymmetryAction(turn, a)).sort((x, y) => x - y);
        assert.deepEqual(setBits(om, i), want, `${id} step ${step} game ${i}`);
        assert.deepEqual(listed(o, i), want);
        if (plain[i] !== sh.NO_ACTION) turned[i] = sh.applySymmetryAction(turn, plain[i]);
        turnedAny ||= turn.rotation !== 0 && want.length > 0;
      }
      assert.deepEqual(Array.from(o.sampleLegal()), Array.from(turned));
      b.step(plain);
      o.step(turned);
      assert.deepEqual(o.obs, b.obs);
    }
    assert.ok(turnedAny);
  }
  fails(() => sh.VecEnv.create('classic-2', { actionFrame: 'seat' }, 1), sh.OptionError, /options\.actionFrame 'seat' is not 'board' or 'observer'/);
  assert.equal(sh.envDefaults.actionFrame, 'board');
});
