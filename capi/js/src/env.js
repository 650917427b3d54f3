// env.js — reinforcement learning, all but the vector of games: an env's
// options (a plain object, checked here, then written into sh_env_options),
// what an env is (its spec), the action <-> move encoding and a table's
// symmetries. Apart from VecEnv (vec_env.js), which steps the games. The env
// lives in C (sh_env_*, the last section of sternhalma.h) and decides no
// rule: legality, passes, places and endings are the game's.
import { CellError, OptionError } from './errors.js';
import { X, view, refresh } from './wasm.js';
import { int, bool, str, shown } from './checks.js';
import { call, check, u32, ints } from './call.js';
import { NUM_CELLS, MAX_SEATS, NUM_ACTIONS, obsLayoutWord, obsTypeWord, rewardKindWord } from './constants.js';
import { reflect, rotate } from './cells.js';
import { Move, plainMove } from './moves.js';
import { newHandle } from './handle.js';
import { withRules } from './rules.js';

// sh_env_options in wasm32: size, layout, dtype, reward, max_turns,
// auto_reset, opponents[6] (pointers), record. sh_env_spec: size, num_envs,
// num_players, seats[6], planes, height, width, obs_values, obs_bytes,
// num_actions. The calls take these sizes (the header's "growable structs").
const OPTIONS_SIZE = 52;
const AT = { layout: 4, dtype: 8, reward: 12, maxTurns: 16, autoReset: 20, opponents: 24, record: 48 };
const SPEC_SIZE = 60;

/** The options of a new env as C's sh_env_options_init fills them:
 * {layout: 'cells', dtype: 'float32', reward: 'rank', maxTurns: 0 (never),
 * autoReset: true, opponents: [] (every player the caller's), record: true}.
 * Its keys exist at import; its values are the library's, asked of it on the
 * first read (so after init(); before, a read is init's StateError) and kept:
 * they are constants of the module, which is loaded once. */
const KEYS = ['layout', 'dtype', 'reward', 'maxTurns', 'autoReset', 'opponents', 'record'];
let fromC = null;
function cDefaults() {
  fromC ??= call((f) => {
    const o = f.alloc(OPTIONS_SIZE);
    check(X.sh_env_options_init(o, OPTIONS_SIZE));
    refresh();
    const g = (k) => view.getInt32(o + k, true);
    return {
      layout: obsLayoutWord[g(AT.layout)], dtype: obsTypeWord[g(AT.dtype)], reward: rewardKindWord[g(AT.reward)],
      maxTurns: g(AT.maxTurns), autoReset: g(AT.autoReset) !== 0, opponents: Object.freeze([]), record: g(AT.record) !== 0,
    };
  });
  return fromC;
}
export const envDefaults = Object.freeze(Object.defineProperties({}, Object.fromEntries(
  KEYS.map((k) => [k, { enumerable: true, get: () => cDefaults()[k] }]))));

// One of an enum's words ('cells'); its C value is its index in `words`.
function word(v, what, words) {
  const list = words.map((w) => `'${w}'`).join(' or ');
  if (typeof v !== 'string') throw new TypeError(`${what} must be ${list}, not ${v === null ? 'null' : typeof v}`);
  if (!words.includes(v)) throw new OptionError('SH_ERR_OPTION', `${what} '${shown(v)}' is not ${list}`);
  return v;
}

// Levels by player: null (or a hole, or undefined) leaves the player to the caller.
function opponentsArg(v) {
  const what = 'options.opponents';
  if (!Array.isArray(v))
    throw new TypeError(`${what} must be an Array of levels by player (null: the caller's), not ${v === null ? 'null' : typeof v}`);
  // The length read once and the entries by index: Array.from would follow
  // an iterator (or a proxy's changing length) past the checked count, and
  // optionsIn writes one slot of a fixed C struct per entry.
  const n = v.length;
  if (!(n <= MAX_SEATS))
    throw new OptionError('SH_ERR_OPTION', `${what} has ${n} entries; a table has at most ${MAX_SEATS} players`);
  const levels = [];
  for (let p = 0; p < n; ++p) {
    const l = v[p];
    levels.push(l == null ? null : str(l, `${what}[${p}]`, OptionError));
  }
  return Object.freeze(levels);
}

/** An env's options checked, every key filled (undefined or null: the default). */
export function envOptions(options = {}) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    const was = options === null ? 'null' : Array.isArray(options) ? 'an Array' : typeof options;
    throw new TypeError(`options must be an object {${KEYS.join(', ')}}, not ${was}`);
  }
  for (const k of Object.keys(options))
    if (!KEYS.includes(k)) throw new OptionError('SH_ERR_OPTION', `options.${shown(k)} is not an env option (${KEYS.join(', ')})`);
  // Own properties only, each read once: what Object.keys checked is what is used.
  const v = (k) => (Object.hasOwn(options, k) ? options[k] : undefined) ?? envDefaults[k];
  return Object.freeze({
    layout: word(v('layout'), 'options.layout', obsLayoutWord),
    dtype: word(v('dtype'), 'options.dtype', obsTypeWord),
    reward: word(v('reward'), 'options.reward', rewardKindWord),
    maxTurns: int(v('maxTurns'), 'options.maxTurns', 0),
    autoReset: bool(v('autoReset'), 'options.autoReset'),
    opponents: opponentsArg(v('opponents')),
    record: bool(v('record'), 'options.record'),
  });
}

// sh_env_options in this call's scratch memory, from checked options.
function optionsIn(f, o) {
  if (o.opponents.length > MAX_SEATS) throw new OptionError('SH_ERR_OPTION', 'options.opponents: more than one level per player');
  const levels = o.opponents.map((l) => (l === null ? 0 : f.str(l)));
  const p = f.alloc(OPTIONS_SIZE);
  refresh();
  const set = (k, x) => view.setInt32(p + k, x, true);
  for (let k = 0; k < OPTIONS_SIZE; k += 4) set(k, 0);
  set(0, OPTIONS_SIZE);
  set(AT.layout, obsLayoutWord.indexOf(o.layout));
  set(AT.dtype, obsTypeWord.indexOf(o.dtype));
  set(AT.reward, rewardKindWord.indexOf(o.reward));
  set(AT.maxTurns, o.maxTurns);
  set(AT.autoReset, o.autoReset ? 1 : 0);
  levels.forEach((l, k) => set(AT.opponents + 4 * k, l));
  set(AT.record, o.record ? 1 : 0);
  return p;
}

/** A new C env of n games (n checked by the caller): its handle. */
export const newEnv = (rules, o, n) => newHandle((f, out) => X.sh_env_new(rules, optionsIn(f, o), n, out));

/** What an env is: {numEnvs, numPlayers, seats (player -> seat), planes,
 * height, width, obsValues, obsBytes, numActions}, frozen. */
export function envSpec(env) {
  return call((f) => {
    const s = f.alloc(SPEC_SIZE);
    refresh();
    for (let k = 0; k < SPEC_SIZE; k += 4) view.setInt32(s + k, 0, true);
    view.setUint32(s, SPEC_SIZE, true);
    check(X.sh_env_spec_get(env, s));
    const u = (k) => u32(s + k);
    const numPlayers = u(8);
    return Object.freeze({
      numEnvs: u(4), numPlayers, seats: Object.freeze(ints(s + 12, numPlayers)),
      planes: u(36), height: u(40), width: u(44), obsValues: u(48), obsBytes: u(52), numActions: u(56),
    });
  });
}

/** The action of a move, from * 121 + to; a CellError for a cell not 0..120. */
export function actionOf(m) {
  m = plainMove(m);
  for (const [what, c] of [['from', m.from], ['to', m.to]])
    if (c < 0 || c >= NUM_CELLS) throw new CellError('SH_ERR_CELL', `actionOf: ${what} ${c} is not a cell (0..${NUM_CELLS - 1})`);
  return m.from * NUM_CELLS + m.to;
}

/** The move of an action 0..NUM_ACTIONS-1. */
export function moveOf(action) {
  const a = int(action, 'action', 0, NUM_ACTIONS - 1);
  return new Move(Math.floor(a / NUM_CELLS), a % NUM_CELLS);
}

/** The symmetries that map a table (a preset id or a Rules) onto itself:
 * [{rotation, reflect}], the identity first, at most 12 (sh_env_symmetries). */
export function tableSymmetries(rules = 'classic-2') {
  return withRules(rules, 'tableSymmetries: rules (a preset id or a Rules)', (r) => {
    const env = newEnv(r, envDefaults, 1);
    try {
      return call((f) => {
        const cap = 12, rot = f.alloc(4 * cap), refl = f.alloc(4 * cap), count = f.alloc(4);
        check(X.sh_env_symmetries(env, rot, refl, cap, count));
        const n = u32(count), turns = ints(rot, n), flips = ints(refl, n);
        return turns.map((rotation, k) => Object.freeze({ rotation, reflect: flips[k] !== 0 }));
      });
    } finally {
      X.sh_env_free(env);
    }
  });
}

/** An action through a symmetry {rotation, reflect}: both cells reflected
 * (when it says so), then rotated, by the library's reflect and rotate. */
export function applySymmetryAction(s, action) {
  if (s === null || typeof s !== 'object') throw new TypeError(`a symmetry must be {rotation, reflect}, not ${s === null ? 'null' : typeof s}`);
  const k = int(s.rotation, 'symmetry.rotation'), flip = bool(s.reflect, 'symmetry.reflect');
  const m = moveOf(action);
  const map = (c) => rotate(flip ? reflect(c) : c, k);
  return actionOf(new Move(map(m.from), map(m.to)));
}
