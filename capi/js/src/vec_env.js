// vec_env.js — VecEnv: N games of one table stepped in one C call
// (sh_env_*), with the buffers its resets and steps write. Apart from env.js,
// which has its options, spec and encodings. The buffers are one block of
// wasm memory allocated with the env and freed with it, so their addresses
// never change: C knows a buffer set by its address and updates it in place
// between steps (sh_env_buffers), and nothing but C writes it. What is read
// out is a copy, so no view of wasm memory outlives a call.
import { defines as D } from '../abi.js';
import { MemoryError, OptionError, ShRangeError } from './errors.js';
import { X, memory, u8, view, refresh } from './wasm.js';
import { an, int, num, ownTyped, seed64, str } from './checks.js';
import { call, check, i32, ints, textOut, arrayOut } from './call.js';
import { MAX_MOVES, NUM_ACTIONS, NO_ACTION } from './constants.js';
import { Handle, MADE_HERE, ptrOf, newHandle } from './handle.js';
import { withRules } from './rules.js';
import { Position, playoutCount } from './position.js';
import { envOptions, newEnv, envSpec } from './env.js';

// sh_env_buffers in wasm32: size, then the pointers obs, mask, rewards,
// terminated, truncated, to_play, legal, num_legal.
const BUFFERS_SIZE = 36;
// What C allocates for a game when the env is made (about 6.7 kB, measured),
// reserved twice over before C is asked, so that a vector too large for wasm
// memory is refused before any work, with its size in the message. (C's own
// failures are a MemoryError too, through the C ABI's guard: the module is
// built with wasm exceptions.)
const C_BYTES_PER_GAME = 16384;
// A wasm32 allocation is less than 4 GB (malloc's size_t).
const MAX_BYTES = 2 ** 32 - 1;

// Where each buffer lies in the block (4-byte aligned, after the struct),
// and the block's size.
function layoutOf(spec, n) {
  const sizes = {
    rewards: 4 * n * spec.numPlayers, toPlay: 4 * n, obs: n * spec.obsBytes,
    mask: n * NUM_ACTIONS, terminated: n, truncated: n,
    legal: 4 * n * MAX_MOVES, numLegal: 4 * n,
  };
  const at = {};
  let bytes = 40;
  for (const [k, size] of Object.entries(sizes)) {
    at[k] = bytes;
    bytes += Math.ceil(size / 4) * 4;
  }
  return { at, bytes };
}

// The zeroed block of a layout with sh_env_buffers at its start pointing into
// it, after checking that n games' C memory can be had as well.
function allocBlock({ at, bytes }, n, what) {
  const refuse = () => new MemoryError('SH_ERR_MEMORY',
    `${what}: ${n} games need about ${Math.ceil((bytes + n * C_BYTES_PER_GAME) / 2 ** 20)} MB of wasm memory ` +
    `(${Math.ceil(bytes / 2 ** 20)} MB of buffers), more than the module can have`);
  if (bytes > MAX_BYTES) throw refuse();
  const block = X.malloc(bytes);
  if (!block) throw refuse();
  const reserve = n * C_BYTES_PER_GAME;
  const room = reserve > MAX_BYTES ? 0 : X.malloc(reserve);
  if (!room) {
    X.free(block);
    throw refuse();
  }
  X.free(room);
  refresh();
  u8.fill(0, block, block + bytes);
  view.setUint32(block, BUFFERS_SIZE, true);
  ['obs', 'mask', 'rewards', 'terminated', 'truncated', 'toPlay', 'legal', 'numLegal'].forEach((k, j) => view.setUint32(block + 4 + 4 * j, block + at[k], true));
  return block;
}

// The actions of a step: an Array or an Int32Array of n integers in
// NO_ACTION..NUM_ACTIONS-1, each read once.
function actionsArg(actions, n) {
  if (!Array.isArray(actions) && !(ArrayBuffer.isView(actions) && actions instanceof Int32Array)) {
    const was = actions === null ? 'null' : ArrayBuffer.isView(actions) ? an(String(actions.constructor?.name)) : typeof actions;
    throw new TypeError(`actions must be an Array or an Int32Array, not ${was}`);
  }
  if (actions.length !== n) throw new ShRangeError('SH_ERR_RANGE', `actions must hold numEnvs = ${n} entries, got ${actions.length}`);
  const a = new Int32Array(n);
  for (let k = 0; k < n; ++k) a[k] = int(actions[k], `actions[${k}]`, NO_ACTION, NUM_ACTIONS - 1);
  return a;
}

/** N games of one table stepped in one call, encoded for learning agents (C
 * sh_env_*, C++ and Rust VecEnv, Python rl.VectorEnv). Players are 0..P-1, the
 * table's seats in turn order from its first seat (spec.seats); an action is a
 * move, from * 121 + to. Next-step auto-reset: a step that ends game i writes its
 * final observation, an empty mask and the rewards; the next step ignores game
 * i's action and restarts it.
 *
 * Ceilings: numEnvs 1..MAX_ENVS (2^20), but wasm memory (2 GB) ends sooner: a
 * game needs about 20.5 kB of buffers (28.5 kB with 'grid') and 7 kB in C, and
 * 16 kB a game is reserved for C before it is asked, so about 50,000 games fit
 * at the start; more is a MemoryError before C. With record (the default) each
 * game then grows by about 0.7 kB a turn (a classic-2 game peaks near 72 kB,
 * so about 28,000 of them fit; a table without a limit grows without end):
 * memory that C cannot get inside a call is a MemoryError from C (the call
 * may have stepped some games; dispose what you can spare), so size numEnvs
 * to that, or pass record: false. A step's work grows with numEnvs and with the
 * engine opponents' searches (an 'expert' move: 0.1-0.2 s); each buffer read
 * copies it (mask: 14.6 kB a game; obsInto/maskInto copy into yours).
 * playouts: n <= 1,000,000, maxTurns <= MAX_PLAYOUT_TURNS, and
 * MAX_PLAYOUT_TURNS_IN_ALL turns in all, a playout that plays none counting
 * one (C's LimitError; about 7 s in wasm with epsilon 0). */
export class VecEnv extends Handle {
  /** The most games an env holds (SH_ENV_MAX_ENVS, 2^20); wasm memory ends sooner. */
  static MAX_ENVS = D.SH_ENV_MAX_ENVS;
  /** The most turns one of playouts()'s playouts plays (sternhalma.h, sh_env_playouts). */
  static MAX_PLAYOUT_TURNS = 100000;
  /** The most turns one playouts() call plays in all (sternhalma.h): more is a LimitError. */
  static MAX_PLAYOUT_TURNS_IN_ALL = 200000;
  #spec;
  #dtype;
  #block;
  #layout;
  constructor(token, ptr, block, layout, dtype) {
    super(token, ptr, (p) => { X.sh_env_free(p); X.free(block); }, 'VecEnv.create(rules, options, numEnvs) or v.copy()');
    this.#block = block;
    this.#layout = layout;
    this.#dtype = dtype;
    this.#spec = envSpec(ptr);
  }
  /** numEnvs games of a table (a preset id or a Rules); options as envDefaults. */
  static create(rules = 'classic-2', options = undefined, numEnvs = 1) {
    const o = envOptions(options);
    const n = int(numEnvs, 'numEnvs', 1, VecEnv.MAX_ENVS);
    return withRules(rules, 'VecEnv.create: rules (a preset id or a Rules)', (r) => {
      // One game first: C checks the options and tells the sizes of a game's buffers.
      const one = newEnv(r, o, 1);
      let layout;
      try { layout = layoutOf(envSpec(one), n); } finally { X.sh_env_free(one); }
      const block = allocBlock(layout, n, 'VecEnv.create');
      let env;
      try { env = newEnv(r, o, n); } catch (e) { X.free(block); throw e; }
      return new VecEnv(MADE_HERE, env, block, layout, o.dtype);
    });
  }
  /** An independent copy: the games, their samplers and the buffers' contents. */
  copy() {
    const from = ptrOf(this, VecEnv), n = this.#spec.numEnvs, { bytes } = this.#layout;
    const block = allocBlock(this.#layout, n, 'VecEnv.copy');
    let env;
    try { env = newHandle((f, out) => X.sh_env_clone(from, out)); } catch (e) { X.free(block); throw e; }
    refresh();
    u8.copyWithin(block + 32, this.#block + 32, this.#block + bytes);
    return new VecEnv(MADE_HERE, env, block, this.#layout, this.#dtype);
  }

  /** {numEnvs, numPlayers, seats, planes, height, width, obsValues, obsBytes, numActions}. */
  get spec() { ptrOf(this, VecEnv); return this.#spec; }
  get numEnvs() { ptrOf(this, VecEnv); return this.#spec.numEnvs; }
  get numPlayers() { ptrOf(this, VecEnv); return this.#spec.numPlayers; }
  #obsType() { return this.#dtype === 'uint8' ? Uint8Array : Float32Array; }
  #game(i) { return int(i, 'i', 0, this.#spec.numEnvs - 1); }

  /** Every game to its start, game i's sampler seeded with seed + i; writes every buffer. */
  reset(seed = 0) {
    const env = ptrOf(this, VecEnv);
    check(X.sh_env_reset(env, seed64(seed), this.#block));
  }
  /** One action per game (an Array or Int32Array of numEnvs entries). */
  step(actions) {
    // The env's pointer is taken again after the actions: reading them may
    // run the caller's code (a Proxy, a getter), which may dispose the env.
    ptrOf(this, VecEnv);
    const a = actionsArg(actions, this.#spec.numEnvs), env = ptrOf(this, VecEnv);
    call((f) => {
      const p = f.alloc(4 * a.length);
      new Int32Array(memory.buffer, p, a.length).set(a);
      check(X.sh_env_step(env, p, a.length, this.#block));
    });
  }
  /** A uniformly random legal action per game from its own seeded stream; NO_ACTION for an ended game. */
  sampleLegal() {
    const env = ptrOf(this, VecEnv), n = this.#spec.numEnvs;
    return call((f) => {
      const p = f.alloc(4 * n);
      check(X.sh_env_sample_legal(env, p, n));
      return new Int32Array(memory.buffer, p, n).slice();
    });
  }

  // One of the buffers: a new copy, or copied into the caller's `out` (the
  // same type and length), which allocates nothing: at 64 games a step's
  // masks are 0.9 MB, and a new copy of them costs more than the step
  // (bench/README.md, "VecEnv in wasm"). Static, with the env an argument
  // checked before any of its private fields is read: `this.#read` on a
  // wrong `this` would be V8's TypeError, which does not say what it was.
  static #read(env, key, out, what) {
    ptrOf(env, VecEnv);
    const { numEnvs, numPlayers, obsValues } = env.#spec;
    const [Type, count] = {
      obs: [env.#obsType(), numEnvs * obsValues], mask: [Uint8Array, numEnvs * NUM_ACTIONS],
      rewards: [Float32Array, numEnvs * numPlayers], terminated: [Uint8Array, numEnvs],
      truncated: [Uint8Array, numEnvs], toPlay: [Int32Array, numEnvs],
      legal: [Int32Array, numEnvs * MAX_MOVES], numLegal: [Int32Array, numEnvs],
    }[key];
    const into = out === undefined ? undefined : ownTyped(out, Type, `${what}: out`);
    if (into !== undefined && into.length !== count) {
      throw new ShRangeError('SH_ERR_RANGE', `${what}: out has ${into.length} values, want ${count}`);
    }
    const view = new Type(memory.buffer, env.#block + env.#layout.at[key], count);
    if (into === undefined) return view.slice();
    into.set(view);  // into is our own array over out's memory
    return out;
  }
  /** Every game's observation (a copy), game i at i * spec.obsValues. */
  get obs() { return VecEnv.#read(this, 'obs'); }
  /** The legal-action masks (a copy), 0/1, game i at i * NUM_ACTIONS. */
  get mask() { return VecEnv.#read(this, 'mask'); }
  /** The observations copied into out (a Float32Array or Uint8Array as options.dtype, numEnvs *
   * spec.obsValues long), allocating nothing; returns out. */
  obsInto(out) { return VecEnv.#read(this, 'obs', out, 'obsInto'); }
  /** The masks copied into out (a Uint8Array, numEnvs * NUM_ACTIONS long), allocating nothing; returns out. */
  maskInto(out) { return VecEnv.#read(this, 'mask', out, 'maskInto'); }
  /** Every player's reward at the last step (a copy), game i at i * numPlayers. */
  get rewards() { return VecEnv.#read(this, 'rewards'); }
  get terminated() { return VecEnv.#read(this, 'terminated'); }
  get truncated() { return VecEnv.#read(this, 'truncated'); }
  get toPlay() { return VecEnv.#read(this, 'toPlay'); }
  /** Every game's legal actions as the step wrote them from the game's moves
   * (no scan of the mask), copies: {actions, counts}, game i's counts[i]
   * actions at i * MAX_MOVES in the order the game generates its moves, then
   * -1; none for a game that has just ended. In the env's actionFrame. */
  allLegalActions() { return { actions: VecEnv.#read(this, 'legal'), counts: VecEnv.#read(this, 'numLegal') }; }

  /** The legal actions of game i, sorted (none once it has ended). */
  legalActions(i) {
    const env = ptrOf(this, VecEnv);
    return arrayOut(X.sh_env_legal_actions, [env, this.#game(i)], 4, ints);
  }
  /** Game i now: {toPlay (null once ended), turns, terminated, truncated}. */
  status(i) {
    const env = ptrOf(this, VecEnv), g = this.#game(i);
    return call((f) => {
      const p = f.alloc(4), t = f.alloc(4), te = f.alloc(4), tr = f.alloc(4);
      check(X.sh_env_status(env, g, p, t, te, tr));
      const toPlay = i32(p);
      return { toPlay: toPlay < 0 ? null : toPlay, turns: i32(t), terminated: i32(te) !== 0, truncated: i32(tr) !== 0 };
    });
  }
  /** Game i from player's view (0..numPlayers-1), spec.obsValues values. */
  observe(i, player) {
    const env = ptrOf(this, VecEnv), g = this.#game(i), p = int(player, 'player', 0, this.#spec.numPlayers - 1);
    const { obsBytes, obsValues } = this.#spec, Type = this.#obsType();
    return call((f) => {
      const out = f.alloc(obsBytes);
      check(X.sh_env_observe(env, g, p, out, obsBytes));
      return new Type(memory.buffer, out, obsValues).slice();
    });
  }
  // numPlayers floats from cfn(env, game, ...args, out, numPlayers).
  #floats(cfn, env, g, ...args) {
    const n = this.#spec.numPlayers;
    return call((f) => {
      const out = f.alloc(4 * n);
      check(cfn(env, g, ...args, out, n));
      return new Float32Array(memory.buffer, out, n).slice();
    });
  }
  /** Each player's return in game i: zeros until it ends by its rules. */
  returns(i) {
    const env = ptrOf(this, VecEnv);
    return this.#floats(X.sh_env_returns, env, this.#game(i));
  }
  /** The action a computer player of `level` seeded with `seed` would play in game i now; null once it has ended. */
  engineAction(i, level = 'normal', seed = 0) {
    const env = ptrOf(this, VecEnv), g = this.#game(i);
    str(level, 'level', OptionError);
    const s = seed64(seed);
    return call((f) => {
      const out = f.alloc(4);
      check(X.sh_env_engine_action(env, g, f.str(level), s, out));
      const a = i32(out);
      return a === NO_ACTION ? null : a;
    });
  }
  /** Each player's mean return over n playouts of game i from now (game i does not change). */
  playouts(i, n = 1, epsilon = 0, maxTurns = 1000, seed = 0) {
    const env = ptrOf(this, VecEnv), g = this.#game(i);
    n = playoutCount(n);
    num(epsilon, 'epsilon', 0, 1);
    int(maxTurns, 'maxTurns', 0, VecEnv.MAX_PLAYOUT_TURNS);
    return this.#floats(X.sh_env_playouts, env, g, n, epsilon, maxTurns, seed64(seed));
  }
  /** A new Position with game i's position (dispose it). */
  position(i) {
    const env = ptrOf(this, VecEnv), g = this.#game(i);
    return new Position(MADE_HERE, newHandle((f, out) => X.sh_env_position(env, g, out)));
  }
  /** Game i's record so far (SPEC §8, one line); the preset and first seat only with record: false. */
  record(i) { return textOut(X.sh_env_record, ptrOf(this, VecEnv), this.#game(i)); }
}
