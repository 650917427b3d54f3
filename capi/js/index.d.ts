/// <reference lib="esnext.disposable" />
// TypeScript declarations of the sternhalma package (both entries, index.js and browser.js); TypeScript
// 5.2 or later (the lib above declares Symbol.dispose, which `using` calls).
// examples/web/test/types.test.js checks them against the JavaScript.
// Cells are indices 0..120 (or names like 'k3' where a cell is taken), seats
// the points 0..5 (W R B K Y G), "no seat" is null.

// Only what is marked `export` is exported (Handle is not).
export {};

// The global URL, Response and WebAssembly.Module types where the project has
// them (the DOM's lib, or Node's types), else never: this file needs neither.
type Global<K extends string> = typeof globalThis extends { [P in K]: abstract new (...args: any) => infer T } ? T : never;
type WasmModule = typeof globalThis extends { WebAssembly: { Module: abstract new (...args: any) => infer M } } ? M : never;

/** Where init() gets sternhalma.wasm: a URL (or its text), fetched; a fetch
 * Response; the module's bytes; or a compiled WebAssembly.Module. (That type is
 * an empty interface, so TypeScript takes any object here; init refuses what
 * is none of these with a TypeError.) */
export type WasmSource = string | Global<'URL'> | Global<'Response'> | ArrayBuffer | ArrayBufferView | WasmModule;

/**
 * Loads the wasm module; every other call needs it first (before, each is a
 * StateError saying so). Both entries export it:
 * - the browser entry (bundlers and browsers: the package's "browser" and
 *   "default" conditions) loads nothing until it is called; with no source it
 *   fetches sternhalma.wasm from beside the package's browser.js, through the
 *   `new URL('./sternhalma.wasm', import.meta.url)` that Vite and webpack copy
 *   into their output;
 * - the Node entry ("node") has loaded the file beside it by the time the
 *   import resolves, so there `await init()` resolves at once.
 * Only the first call chooses the module: later ones return its promise, and
 * one that names a source of its own is rejected with a StateError. A failed
 * load (HTTP error, not a wasm module, a wrong type: each message names the
 * source) changes nothing, and init may be called again. A source of more
 * than 32 MiB (sternhalma.wasm is under 1 MB) is a LimitError before it is
 * read (by its Content-Length) or compiled.
 */
export function init(source?: WasmSource | PromiseLike<WasmSource>): Promise<void>;

export type Cell = number;
export type Seat = number;
/** A move: a Move, any {from, to}, a [from, to] pair, or move text ('k3-k5'). */
export type MoveLike = Move | { from: Cell; to: Cell } | [Cell, Cell] | string;
/** A move that is not text (where no position is at hand to read it). */
export type PlainMove = Exclude<MoveLike, string>;

export const NUM_CELLS: number;
export const MAX_SEATS: number;
export const PACKED_SIZE: number;
export const PACKED_EMPTY: number;
export const PACKED_KING: number;
/** The most legal moves of any position (SH_MAX_MOVES). */
export const MAX_MOVES: number;
export const SEAT_LETTERS: string;
/** Action ids of an env (SH_ENV_NUM_ACTIONS, 14641): the move (from, to) is the action from * 121 + to. */
export const NUM_ACTIONS: number;
/** Planes of an env's observation (SH_ENV_NUM_PLANES, 12). */
export const NUM_PLANES: number;
/** No action (SH_ENV_NO_ACTION, -1): what sampleLegal gives for a game that has ended. */
export const NO_ACTION: number;

// Enums: {NAME: word}, the word being the library's own (sh_<enum>_name: the
// word its event lines use, e.g. EndReason.ALL_PLACED === 'all-placed').
export const SeatStatus: Readonly<Record<'NOT_PLAYED' | 'PLAYING' | 'ARRIVED' | 'OUT', string>>;
export type SeatStatus = string;
export const EventKind: Readonly<Record<'MOVE' | 'PASS' | 'ARRIVAL' | 'OUT' | 'RESIGN' | 'FLAG' | 'DRAW' | 'END', string>>;
export type EventKind = string;
export const EndReason: Readonly<Record<'NONE' | 'ALL_PLACED' | 'FIRST_ARRIVAL' | 'LAST_REPLY' | 'LIMIT' |
  'REPETITION' | 'NO_MOVES' | 'NO_PROGRESS' | 'RESIGN', string>>;
export type EndReason = string;
export const OutReason: Readonly<Record<'NONE' | 'DEADLINE' | 'RETURN_HOME' | 'RESIGNED' | 'PARTNER', string>>;
export type OutReason = string;
/** An env's observation layout: 'cells' is (12, 121) in SPEC cell order, 'grid' (12, 17, 17)
 * indexed [plane][r + 8][q + 8] by axial (q, r), zero off the star. */
export const ObsLayout: Readonly<{ CELLS: 'cells'; GRID: 'grid' }>;
export type ObsLayout = 'cells' | 'grid';
/** An env's observation values: 'float32', or 'uint8' with the scalar planes 9..11 as round(255 * value). */
export const ObsType: Readonly<{ FLOAT32: 'float32'; UINT8: 'uint8' }>;
export type ObsType = 'float32' | 'uint8';
/** What a game's end is worth: 'rank' spreads the places over [-1, 1] (zero-sum), 'win' +1 for place 1, -1 otherwise. */
export const RewardKind: Readonly<{ RANK: 'rank'; WIN: 'win' }>;
export type RewardKind = 'rank' | 'win';

/** A call failed: `status` is the sh_status name ('SH_ERR_MOVE'), `message` the library's. */
export class SternhalmaError extends Error {
  readonly status: string;
  constructor(status: string, message: string);
}
export class NullError extends SternhalmaError {}
export class BufferTooSmall extends SternhalmaError {}
export class CellError extends SternhalmaError {}
export class MoveError extends SternhalmaError {}
export class ParseError extends SternhalmaError {}
export class PresetError extends SternhalmaError {}
export class OptionError extends SternhalmaError {}
export class StateError extends SternhalmaError {}
export class SeatError extends SternhalmaError {}
/** A number out of its range (SH_ERR_RANGE); not the built-in RangeError. */
export class RangeError extends SternhalmaError {}
export class MemoryError extends SternhalmaError {}
export class InternalError extends SternhalmaError {}
/** A documented ceiling on work or memory was reached (SH_ERR_LIMIT). */
export class LimitError extends SternhalmaError {}

export function version(): string;
export function parseCell(name: string): Cell;
export function cellName(c: Cell): string;
export function axial(c: Cell | string): [number, number];
export function cellAt(q: number, r: number): Cell;
/** Neighbours in directions E, W, UR, UL, DL, DR; null off the star. */
export function neighbours(c: Cell | string): (Cell | null)[];
export function pointOf(c: Cell | string): number | null;
export function xy(c: Cell | string): [number, number];
export function rotate(c: Cell | string, k: number): Cell;
export function reflect(c: Cell | string): Cell;
export function cellDistance(a: Cell | string, b: Cell | string): number;
export function campCells(point: number, marbles?: number): Cell[];
export function tipCell(point: number): Cell;
export function foreignCells(point: number): Cell[];
export function seatLetter(s: Seat): string;
/** One of SEAT_LETTERS ('K' -> 3); anything else is a SeatError quoting it. */
export function seatFromLetter(letter: string): Seat;
export function presets(): string[];
export function ratingChanges(places: number[], ratings: number[], k?: number, kPrime?: number): number[];

export class Move {
  readonly from: Cell;
  readonly to: Cell;
  constructor(from: Cell, to: Cell);
  /** 'k3-k5' (cell names of both ends). */
  toString(): string;
  equals(m: { from: Cell; to: Cell } | null | undefined): boolean;
}

/** Rules, Position, Game, Player and VecEnv are made by their factories (create,
 * parse, start, unpack, fromPosition, fromRecord, copy): `new` from outside the
 * package throws a TypeError naming them, and the wasm address is private. */
declare class Handle {
  /** Frees the wasm memory now; later use throws StateError. Idempotent. */
  dispose(): void;
  readonly disposed: boolean;
  [Symbol.dispose](): void;
}

export class Rules extends Handle {
  private constructor();
  static create(id?: string): Rules;
  copy(): Rules;
  readonly id: string;
  readonly seats: Seat[];
  seatName(s: Seat): string;
  getOption(name: string): string;
  setOption(name: string, value: string | number | boolean): this;
  setOptions(settings: string): this;
  validate(): void;
  describe(): Record<string, string>;
  /** 'Rules(classic-2)'. */
  toString(): string;
}

export class Position extends Handle {
  private constructor();
  static start(rules: Rules): Position;
  static parse(text: string, rules?: Rules): Position;
  /** `data`: a Uint8Array (or Buffer) of PACKED_SIZE bytes; another length is a ParseError. */
  static unpack(rules: Rules, data: Uint8Array): Position;
  copy(): Position;
  /** A new Rules (dispose it). */
  readonly rules: Rules;
  readonly text: string;
  /** The same as `text`. */
  toString(): string;
  render(): string;
  readonly toMove: Seat;
  readonly round: number;
  readonly hash: bigint;
  owner(c: Cell | string): Seat | null;
  isKing(c: Cell | string): boolean;
  pieces(s: Seat): Cell[];
  pack(): Uint8Array;
  legalMoves(): Move[];
  countMoves(): number;
  destinations(from: Cell | string): Cell[];
  isLegal(m: MoveLike): boolean;
  closedCells(s: Seat): Cell[];
  canonicalPath(m: MoveLike): Cell[];
  allPaths(m: MoveLike, limit?: number): { paths: Cell[][]; truncated: boolean };
  parseMove(text: string): Move;
  formatMove(m: MoveLike): string;
  /** Plays a legal move under no game rules; on a game's view (g.position) a StateError. */
  play(m: MoveLike): this;
  /** Move sequences of length depth (0..32). Each ply multiplies the work by
   * about 15 to 30: past 10^12 sequences (C's SH_MAX_PERFT_LEAVES, about 12
   * minutes of one core) it throws LimitError; divide likewise. */
  perft(depth: number): number;
  divide(depth: number): { move: Move; nodes: number }[];
  goalDistance(s: Seat): number;
  tipDistance(s: Seat): number;
  marblesInGoal(s: Seat): number;
  playouts(n: number, maxPlies?: number, seed?: number | bigint): { winner: Seat | null; plies: number }[];
}

export interface SeatInfo {
  status: SeatStatus;
  place: number;
  outReason: OutReason;
  movesMade: number;
  turnsTaken: number;
  reserveMs: number;
}

export interface GameEvent {
  kind: EventKind;
  seat: Seat | null;
  owner: Seat | null;
  move: Move | null;
  place: number;
  outReason: OutReason;
  endReason: EndReason;
  byFlag: boolean;
}

export class Game extends Handle {
  private constructor();
  static create(rules?: string | Rules, firstSeat?: Seat | null): Game;
  static fromPosition(p: Position): Game;
  static fromRecord(text: string, rules?: Rules): Game;
  copy(): Game;
  /**
   * The current position, as a view that the game owns: every read until the
   * game's next action (a successful apply, resign, flag or undo)
   * returns the same Position, so render code may read it freely and nothing
   * leaks. The view is read-only (play() is a StateError), its dispose() does
   * nothing, and the game frees it at its next action or dispose(); using it
   * after that is a StateError that says so. Keep a position past the next
   * action with `g.position.copy()` (yours to dispose).
   */
  readonly position: Position;
  readonly toMove: Seat | null;
  readonly marblesOf: Seat | null;
  readonly isOver: boolean;
  readonly endReason: EndReason;
  readonly isDraw: boolean;
  readonly turns: number;
  readonly round: number;
  readonly actions: number;
  seat(s: Seat): SeatInfo;
  status(s: Seat): SeatStatus;
  place(s: Seat): number;
  /** By point: 1 (best)..N, 0 not placed or not played. */
  readonly places: number[];
  legalMoves(): Move[];
  /** The move text names, read as apply reads it (the marbles the seat moves now, SPEC §5). */
  parseMove(text: string): Move;
  check(m: MoveLike): void;
  eliminates(m: MoveLike): boolean;
  putsOut(m: MoveLike): OutReason;
  apply(m: MoveLike, elapsedMs?: number): this;
  resign(s: Seat): void;
  flag(): void;
  undo(n?: number): number;
  setClock(reserveMs: number, incrementMs?: number): void;
  readonly events: GameEvent[];
  eventsFrom(first?: number): GameEvent[];
  eventText(i: number): string;
  record(perLine?: number): string;
  playouts(n: number, maxTurns?: number, seed?: number | bigint): { places: number[]; turns: number }[];
  ratingChanges(ratings: number[], k?: number, kPrime?: number): number[];
}

export interface Budget {
  /** Positions searched per move (deterministic); 0: no limit of that kind. */
  nodes: number;
  /** Wall-clock milliseconds per move (not deterministic); 0: no limit of that kind. */
  timeMs: number;
}

export class Player extends Handle {
  private constructor();
  static create(level?: string, seed?: number | bigint, budget?: Partial<Budget>): Player;
  setBudget(nodes?: number, timeMs?: number): this;
  readonly budget: Budget;
  readonly lastStats: { nodes: number; depth: number };
  copy(): Player;
  choose(game: Game): Move;
}

/** Options of a new VecEnv (sh_env_options); a key left out, undefined or null takes its default (envDefaults). */
export interface EnvOptions {
  /** How a plane is laid out (default 'cells'). */
  layout: ObsLayout;
  /** Float32Array or Uint8Array observations (default 'float32'). */
  dtype: ObsType;
  /** How a game's end is rewarded (default 'rank'). */
  reward: RewardKind;
  /** Truncate a game after this many turns, 0..2^31-1; 0: never (default). */
  maxTurns: number;
  /** true (default): a step on an ended game restarts it; false: such a step is a StateError. */
  autoReset: boolean;
  /** By player (at most MAX_SEATS entries): null leaves the player to the caller (default: all);
   * a level ('easy', 'normal', 'hard', 'expert': any the library knows; C refuses others with an
   * OptionError naming opponents[p]) makes the env play that player's moves itself. At least one
   * player must be left to the caller. */
  opponents: readonly (string | null)[];
  /** true (default): each game keeps its record; false: no history (a step allocates nothing) and
   * record(i) gives the preset and first seat only. */
  record: boolean;
}
/** The C defaults of EnvOptions (sh_env_options_init): its keys exist at import, its values
 * are read from the module (before init() has loaded it, reading one is init's StateError). */
export const envDefaults: Readonly<EnvOptions>;

/** What an env is (sh_env_spec). */
export interface EnvSpec {
  readonly numEnvs: number;
  readonly numPlayers: number;
  /** Player -> seat: the seats in turn order from the table's first seat. */
  readonly seats: readonly Seat[];
  /** NUM_PLANES. */
  readonly planes: number;
  /** A plane: 1 x 121 ('cells') or 17 x 17 ('grid'). */
  readonly height: number;
  readonly width: number;
  /** Values of one game's observation (planes * height * width). */
  readonly obsValues: number;
  /** Bytes of one game's observation. */
  readonly obsBytes: number;
  /** NUM_ACTIONS. */
  readonly numActions: number;
}

/** Game i of an env now (sh_env_status). */
export interface EnvStatus {
  /** The player to act; null once the game has ended. */
  toPlay: number | null;
  turns: number;
  /** Ended by its rules. */
  terminated: boolean;
  /** Stopped by the env's maxTurns. */
  truncated: boolean;
}

/** A symmetry of the star: reflect (in the axis through m1 and e17) when `reflect`, then rotate `rotation` sixths clockwise. */
export interface Symmetry {
  readonly rotation: number;
  readonly reflect: boolean;
}

/** The action of a move, from * 121 + to; a CellError for a cell not 0..120. */
export function actionOf(m: PlainMove): number;
/** The move of an action 0..NUM_ACTIONS-1 (a RangeError otherwise). */
export function moveOf(action: number): Move;
/** The symmetries that map a table (a preset id or a Rules) onto itself: its played seats onto
 * its played seats with the turn order kept (a reflection only with two seats); the identity
 * first, at most 12 (sh_env_symmetries). */
export function tableSymmetries(rules?: string | Rules): Symmetry[];
/** An action through a symmetry: both cells reflected (when it says so), then rotated. */
export function applySymmetryAction(s: Symmetry, action: number): number;

/** N games of one table stepped in one call, encoded for learning agents (C `sh_env_*`, C++ and
 * Rust `VecEnv`, Python `rl.VectorEnv`). Players are 0..P-1, the table's seats in turn order from
 * its first seat (spec.seats). An action is a move, from * 121 + to (actionOf). reset and step write
 * the env's own buffers (one block of wasm memory, freed by dispose), read as copies through obs,
 * mask, rewards, terminated, truncated and toPlay, game i at offset i. Next-step auto-reset: a step
 * that ends game i writes its final observation, an empty mask and the rewards; the next step
 * ignores game i's action, restarts it and writes its first observation (reward 0).
 *
 * Ceilings: numEnvs is 1..MAX_ENVS (2^20, a RangeError past it), but wasm memory (at most 2 GB)
 * ends far sooner: a game needs about 20.5 kB of buffers (float32 'cells' observations; 'grid'
 * 28.5 kB) and about 7 kB in C, and create/copy reserve 16 kB a game for C, so about 50,000 games
 * is the most at the start; more is a MemoryError before C. With record (the default) each game
 * grows by about 0.7 kB a turn (about 28,000 classic-2 games fit; a table without a limit grows
 * without end), and memory C cannot get inside a call is a MemoryError from C (the call may have
 * stepped some games): size numEnvs to that, or pass record: false. A step's work grows with numEnvs and, with engine
 * opponents, with their levels' searches (an 'expert' move: 0.1-0.2 s); each read of a buffer
 * copies it (mask: 14.6 kB a game; obsInto/maskInto copy into yours). playouts has its own
 * ceilings. */
export class VecEnv extends Handle {
  private constructor();
  /** The most games an env holds (SH_ENV_MAX_ENVS, 2^20); wasm memory ends sooner. */
  static readonly MAX_ENVS: number;
  /** The most turns one of playouts()'s playouts plays (100000). */
  static readonly MAX_PLAYOUT_TURNS: number;
  /** The most turns one playouts() call plays in all (200000): more is a LimitError. */
  static readonly MAX_PLAYOUT_TURNS_IN_ALL: number;
  /** numEnvs (default 1) games of a table (a preset id or a Rules, default 'classic-2'); call
   * reset before the first step. An OptionError for an unknown key, layout, dtype, reward or
   * opponent level, an opponent for a player the table does not have or no player left to the
   * caller; a RangeError for numEnvs not 1..MAX_ENVS or maxTurns < 0; a MemoryError when the
   * games do not fit in wasm memory. */
  static create(rules?: string | Rules, options?: { [K in keyof EnvOptions]?: EnvOptions[K] | null }, numEnvs?: number): VecEnv;
  /** An independent copy: the games, their samplers and the buffers' contents. */
  copy(): VecEnv;
  readonly spec: EnvSpec;
  readonly numEnvs: number;
  readonly numPlayers: number;
  /** Every game to its start, game i's sampler seeded with seed + i (0..2^64-1); writes every buffer. */
  reset(seed?: number | bigint): void;
  /** One action per game (numEnvs entries, each 0..NUM_ACTIONS-1 or NO_ACTION for a game that ended
   * at the last step; an ended game's action is ignored). All or nothing: an action that is not
   * legal is a MoveError naming the game, a step before reset (or on an ended game without
   * autoReset) a StateError, and nothing changes. */
  step(actions: readonly number[] | Int32Array): void;
  /** A uniformly random legal action per game from its own seeded stream; NO_ACTION for an ended game. */
  sampleLegal(): Int32Array;
  /** Every game's observation from toPlay's view (a copy), game i at i * spec.obsValues
   * (planes x height x width, row-major); Float32Array or Uint8Array as options.dtype. */
  readonly obs: Float32Array | Uint8Array;
  /** The legal-action masks (a copy), 0/1, game i at i * NUM_ACTIONS; all 0 for a game that has just ended. */
  readonly mask: Uint8Array;
  /** The observations copied into out (a Float32Array or Uint8Array as options.dtype,
   * numEnvs * spec.obsValues long; a TypeError or RangeError otherwise), allocating nothing:
   * for a loop that reads every step. Returns out. */
  obsInto<T extends Float32Array | Uint8Array>(out: T): T;
  /** The masks copied into out (a Uint8Array, numEnvs * NUM_ACTIONS long), allocating nothing. Returns out. */
  maskInto(out: Uint8Array): Uint8Array;
  /** Every player's reward at the last step (a copy), game i at i * numPlayers. */
  readonly rewards: Float32Array;
  /** 1 where the last step ended the game by its rules (a copy). */
  readonly terminated: Uint8Array;
  /** 1 where the last step stopped the game at maxTurns (a copy). */
  readonly truncated: Uint8Array;
  /** The player whose view each observation is (a copy): the player to act, or, in a game that
   * has just ended, the player who moved last. */
  readonly toPlay: Int32Array;
  /** The legal actions of game i (0..numEnvs-1), sorted (none once it has ended). */
  legalActions(i: number): number[];
  status(i: number): EnvStatus;
  /** Game i from player's view (0..numPlayers-1), spec.obsValues values. */
  observe(i: number, player: number): Float32Array | Uint8Array;
  /** Each player's return in game i: zeros until it ends by its rules. */
  returns(i: number): Float32Array;
  /** The action a computer player of `level` (default 'normal') seeded with `seed` would play in
   * game i now, null once it has ended; one search of that level. */
  engineAction(i: number, level?: string, seed?: number | bigint): number | null;
  /** Each player's mean return over n playouts of game i from now (game i does not change): each
   * turn a uniformly random legal move with probability epsilon (0..1), else the 'normal' player's
   * move, at most maxTurns turns; an unfinished playout scores a heuristic (not a rule: tanh of the
   * lead in ranking distance / 10). Deterministic for a seed. Ceilings: n 0..1,000,000
   * (SH_MAX_PLAYOUTS), maxTurns 0..MAX_PLAYOUT_TURNS (RangeError, checked here), and
   * MAX_PLAYOUT_TURNS_IN_ALL turns in all, a playout that plays none counting one (about 7 s in
   * wasm with epsilon 0): more is a LimitError from
   * the library; split the call. Defaults: n 1, epsilon 0, maxTurns 1000, seed 0. */
  playouts(i: number, n?: number, epsilon?: number, maxTurns?: number, seed?: number | bigint): Float32Array;
  /** A new Position with game i's position (dispose it). */
  position(i: number): Position;
  /** Game i's record so far (SPEC §8, one line); the preset and first seat only with record: false. */
  record(i: number): string;
}

// ---- match statistics (include/sternhalma/match_stats.h states the models) ----

/** Game indices of a MatchStats are 0..MAX_MATCH_GAMES-1. */
export const MAX_MATCH_GAMES: number;
/** The largest count (and sum of counts) eloFromWdl, eloFromPentanomial and sprt take. */
export const MAX_STATS_COUNT: number;
/** The largest |elo0|, |elo1| of an SPRT. */
export const MAX_SPRT_ELO: number;
/** A figure and its 95 % interval. */
export interface Interval { value: number; low: number; high: number }
/** What an SPRT says. */
export type SprtDecision = 'continue' | 'accept-h0' | 'accept-h1';
export const SprtDecision: { readonly CONTINUE: 'continue'; readonly ACCEPT_H0: 'accept-h0'; readonly ACCEPT_H1: 'accept-h1' };
/** H0 Elo = elo0, H1 Elo = elo1 (logistic Elo, elo0 < elo1); alpha, beta default 0.05. */
export interface SprtTest { elo0: number; elo1: number; alpha?: number; beta?: number }
export interface SprtResult { llr: number; lower: number; upper: number; decision: SprtDecision }
/** Counts of game pairs scoring 0, 1/2, 1, 3/2, 2. */
export type Pentanomial = [number, number, number, number, number];
export interface PlayerStats { games: number; wins: number; draws: number; losses: number; place: Interval }
/** Elo and its 95 % interval from single games (trinomial). */
export function eloFromWdl(wins: number, draws: number, losses: number): Interval;
/** Elo and its 95 % interval from game pairs (pentanomial). */
export function eloFromPentanomial(counts: Pentanomial): Interval;
/** RangeError naming the field unless the test is valid. */
export function checkSprt(test: SprtTest): void;
/** The pentanomial SPRT. */
export function sprt(test: SprtTest, counts: Pentanomial): SprtResult;

/** The results of a match of 2..6 players, added game by game in any order; games 2k and 2k+1
 * form pair k. Without teams every player is a unit; with teams every team is (partners share a
 * place and are not opponents). wdl, pentanomial and sprt are player 0's unit's against the
 * other and need two units in every game (StateError otherwise). */
export class MatchStats extends Handle {
  private constructor();
  static create(players: number): MatchStats;
  copy(): MatchStats;
  /** places[i] (1 = best, equal = shared) of player i; teams null or a team id per player. */
  add(gameIndex: number, places: number[], teams?: number[] | null): void;
  readonly players: number;
  readonly games: number;
  /** Whether every game added had exactly two units (true with no games). */
  readonly twoUnits: boolean;
  player(i: number): PlayerStats;
  pairwise(i: number, j: number): { games: number; score: number };
  score(): Interval;
  elo(): Interval;
  wdl(): { wins: number; draws: number; losses: number };
  pentanomial(): Pentanomial;
  sprt(test: SprtTest): SprtResult;
}
