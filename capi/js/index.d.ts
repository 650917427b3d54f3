/// <reference lib="esnext.disposable" />
// TypeScript declarations of the sternhalma package (both entries, index.js and browser.js); TypeScript
// 5.2 or later (the lib above declares Symbol.dispose, which `using` calls).
// examples/web/test/types.test.js checks them against the JavaScript, and
// docs/tools/js.sh builds the JavaScript reference from their comments
// (TypeDoc, which fails on a name left undocumented); the conventions every
// call follows are the @packageDocumentation comment below.

/**
 * The Chinese checkers rules engine compiled to WebAssembly: every rule is
 * decided by the C++ library (through the C ABI, `capi/sternhalma.h`); this
 * package converts types, checks arguments before they reach C and maps the
 * library's statuses to Error classes.
 *
 * Conventions that hold for every call below and are not repeated:
 * - Call {@link init} first: before it has loaded the module, every call into
 *   the library is a {@link StateError} saying so.
 * - A cell is an index 0..120 in the rule book's order (rule book §1: m1 = 0,
 *   i9 = 60, e17 = 120); where a parameter's type is `Cell | string` a cell
 *   name ('k3') is taken as well. A seat is the point 0..5 its marbles start
 *   on (W R B K Y G, rule book §2); "no seat" is null.
 * - A failed call throws and changes nothing. An argument of the wrong
 *   JavaScript type (a string for a number, 1.5 for an integer) is a
 *   TypeError; a number outside what C takes is this package's
 *   {@link RangeError}; everything else is the {@link SternhalmaError}
 *   subclass of the library's status, with the library's message, which
 *   says what is wrong and where.
 * - Handles ({@link Rules}, {@link Position}, {@link Game}, {@link Player},
 *   {@link VecEnv}, {@link MatchStats}) own wasm memory: free it with
 *   `dispose()` (or `using`). One dropped undisposed is freed by a
 *   FinalizationRegistry, when the garbage collector chooses.
 * - "Rule book §N" and "rule N" name the sections of the rule book
 *   (docs/rules.md in the repository; rule N is rule N of §4).
 *
 * @packageDocumentation
 */

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
 *
 * Only the first call chooses the module: later ones return its promise, and
 * one that names a source of its own is rejected with a StateError. A failed
 * load (HTTP error, not a wasm module, a wrong type: each message names the
 * source) changes nothing, and init may be called again. A source of more
 * than 32 MiB (sternhalma.wasm is under 1 MB) is a LimitError before it is
 * read (by its Content-Length) or compiled.
 * @param source The module, or a promise of it; left out, the entry's own file.
 */
export function init(source?: WasmSource | PromiseLike<WasmSource>): Promise<void>;

/** A cell: its index 0..120, row by row from row 1 upwards and left to right
 * in a row (rule book §1: m1 = 0, l2 = 1, i9 = 60, e17 = 120). */
export type Cell = number;
/** A seat: the point 0..5 its marbles start on, clockwise from the bottom
 * (W R B K Y G, rule book §2). */
export type Seat = number;
/** A move: a Move, any {from, to}, a [from, to] pair, or move text ('k3-k5',
 * 'm1-k3-i5': rule book §8), which the position or game at hand reads. */
export type MoveLike = Move | {
  /** The cell the marble leaves. */
  from: Cell;
  /** The cell it ends on. */
  to: Cell;
} | [Cell, Cell] | string;
/** A move that is not text (where no position is at hand to read it). */
export type PlainMove = Exclude<MoveLike, string>;

/** The cells of the board (SH_NUM_CELLS, 121): indices are 0..NUM_CELLS-1. */
export const NUM_CELLS: number;
/** The most seats a table has (SH_MAX_SEATS, 6), one per point. */
export const MAX_SEATS: number;
/** Bytes of a packed position (SH_PACKED_SIZE, 128): byte c (0..120) is the
 * cell's marble, byte 121 the seat to move, bytes 122..127 zero. See
 * {@link Position.pack}. */
export const PACKED_SIZE: number;
/** A packed position's byte for an empty cell (SH_PACKED_EMPTY, 0xFF). */
export const PACKED_EMPTY: number;
/** Added to a packed cell's seat when its marble is a king (SH_PACKED_KING, 0x10). */
export const PACKED_KING: number;
/** The most legal moves of any position (SH_MAX_MOVES, 1590: at most 15 marbles,
 * each onto at most 106 empty cells). */
export const MAX_MOVES: number;
/** 'WRBKYG': the letter of seat s is SEAT_LETTERS[s] (rule book §2). */
export const SEAT_LETTERS: string;
/** Action ids of an env (SH_ENV_NUM_ACTIONS, 14641): the move (from, to) is the action from * 121 + to. */
export const NUM_ACTIONS: number;
/** Planes of an env's observation (SH_ENV_NUM_PLANES, 12). */
export const NUM_PLANES: number;
/** No action (SH_ENV_NO_ACTION, -1): what sampleLegal gives for a game that has ended. */
export const NO_ACTION: number;

// Enums: {NAME: word}, the word being the library's own (sh_<enum>_name: the
// word its event lines use, e.g. EndReason.ALL_PLACED === 'all-placed').
/** The states of a seat in a game (sh_seat_status), as the library's words:
 * NOT_PLAYED (the table does not play it), PLAYING, ARRIVED (it filled its
 * goal: rule 3), OUT (by the exit deadline, rule 7; by resigning or a
 * flag, rule 11; or with its partner, rule book §5). */
export const SeatStatus: Readonly<Record<'NOT_PLAYED' | 'PLAYING' | 'ARRIVED' | 'OUT', string>>;
/** One of {@link SeatStatus}'s words. */
export type SeatStatus = string;
/** What a game event is (sh_event_kind), as the library's words: a MOVE, a
 * PASS (rule 2), an ARRIVAL (rule 3), a seat put OUT, a RESIGN, a fallen FLAG
 * (rule 11), a DRAW, the END of the game. */
export const EventKind: Readonly<Record<'MOVE' | 'PASS' | 'ARRIVAL' | 'OUT' | 'RESIGN' | 'FLAG' | 'DRAW' | 'END', string>>;
/** One of {@link EventKind}'s words. */
export type EventKind = string;
/** Why a game ended (sh_end_reason, rule book §4), as the library's words: NONE
 * (not over), ALL_PLACED (every place given), FIRST_ARRIVAL (rule 4),
 * LAST_REPLY (rule 5), LIMIT (rule 9), REPETITION, NO_MOVES and NO_PROGRESS
 * (rule 8), RESIGN (rule 11). */
export const EndReason: Readonly<Record<'NONE' | 'ALL_PLACED' | 'FIRST_ARRIVAL' | 'LAST_REPLY' | 'LIMIT' |
  'REPETITION' | 'NO_MOVES' | 'NO_PROGRESS' | 'RESIGN', string>>;
/** One of {@link EndReason}'s words. */
export type EndReason = string;
/** Why a seat is out (sh_out_reason), as the library's words: NONE (it is
 * not), DEADLINE and RETURN_HOME (the exit deadline, rule 7), RESIGNED (rule
 * 11), PARTNER (its team's partner went out, rule book §5). */
export const OutReason: Readonly<Record<'NONE' | 'DEADLINE' | 'RETURN_HOME' | 'RESIGNED' | 'PARTNER', string>>;
/** One of {@link OutReason}'s words. */
export type OutReason = string;
/** An env's observation layout: 'cells' is (12, 121) in the rule book's cell order (§1), 'grid' (12, 17, 17)
 * indexed [plane][r + 8][q + 8] by axial (q, r), zero off the star. */
export const ObsLayout: Readonly<{
  /** 'cells': a plane is one row of 121 values, by cell index. */
  CELLS: 'cells';
  /** 'grid': a plane is 17 x 17, by axial coordinates. */
  GRID: 'grid';
}>;
/** One of {@link ObsLayout}'s words. */
export type ObsLayout = 'cells' | 'grid';
/** An env's observation values: 'float32', or 'uint8' with the scalar planes 9..11 as round(255 * value). */
export const ObsType: Readonly<{
  /** 'float32': Float32Array observations, 0/1 and the scalars in [0, 1]. */
  FLOAT32: 'float32';
  /** 'uint8': Uint8Array observations, a quarter of the bytes. */
  UINT8: 'uint8';
}>;
/** One of {@link ObsType}'s words. */
export type ObsType = 'float32' | 'uint8';
/** What a game's end is worth: 'rank' spreads the places over [-1, 1] (zero-sum), 'win' +1 for place 1, -1 otherwise. */
export const RewardKind: Readonly<{
  /** 'rank': the k-th best of U units gets 1 - 2(k-1)/(U-1); units sharing a place share the mean. */
  RANK: 'rank';
  /** 'win': +1 for place 1, -1 for any other. */
  WIN: 'win';
}>;
/** One of {@link RewardKind}'s words. */
export type RewardKind = 'rank' | 'win';

/** A call failed: `status` is the sh_status name ('SH_ERR_MOVE'), `message` the library's.
 * Every failure of the library is one of its subclasses, one per status;
 * catch this class for all of them. */
export class SternhalmaError extends Error {
  /** The C status's name ('SH_ERR_MOVE'), the same in every binding. */
  readonly status: string;
  /** @param status The sh_status name.
   * @param message What is wrong, and where. */
  constructor(status: string, message: string);
}
/** SH_ERR_NULL: a required handle or pointer reached C as NULL; the package's
 * checks make it a bug if one is seen. */
export class NullError extends SternhalmaError {}
/** SH_ERR_BUFFER: an output buffer was too small; the package sizes its
 * buffers, so this is a bug if one is seen. */
export class BufferTooSmall extends SternhalmaError {}
/** SH_ERR_CELL: not a cell index (0..120) or name, or a cell off the star. */
export class CellError extends SternhalmaError {}
/** SH_ERR_MOVE: a move that is malformed or not legal now; the message says why. */
export class MoveError extends SternhalmaError {}
/** SH_ERR_PARSE: malformed text (a position line, a record, packed bytes);
 * the message names the field or token and what is wrong with it. */
export class ParseError extends SternhalmaError {}
/** SH_ERR_PRESET: an unknown preset id ({@link presets} lists them). */
export class PresetError extends SternhalmaError {}
/** SH_ERR_OPTION: an unknown rule option or bad value, a table that is not
 * playable, an unknown level or env option. */
export class OptionError extends SternhalmaError {}
/** SH_ERR_STATE: not possible now (the game is over, nothing to undo, a
 * disposed handle, before {@link init}). */
export class StateError extends SternhalmaError {}
/** SH_ERR_SEAT: not a seat 0..5, or a seat the table does not play. */
export class SeatError extends SternhalmaError {}
/** A number out of its range (SH_ERR_RANGE); not the built-in RangeError. */
export class RangeError extends SternhalmaError {}
/** SH_ERR_MEMORY: wasm memory ran out (the module has at most 2 GB). */
export class MemoryError extends SternhalmaError {}
/** SH_ERR_INTERNAL: a bug in the library or the package; please report the message. */
export class InternalError extends SternhalmaError {}
/** A documented ceiling on work or memory was reached (SH_ERR_LIMIT). */
export class LimitError extends SternhalmaError {}

/** "MAJOR.MINOR.PATCH" of the library loaded (the package's version when the
 * module was built with it). */
export function version(): string;
/** The index of a cell name ('k3' -> 3; rule book §1); a CellError when it names no cell. */
export function parseCell(name: string): Cell;
/** The name of a cell ('k3'); a CellError for an index not 0..120. */
export function cellName(c: Cell): string;
/** Axial coordinates [q, r]: q = line - 9 (a = -8 .. q = +8), r = row - 9 (rule book §1). */
export function axial(c: Cell | string): [number, number];
/** The cell at axial (q, r); a CellError off the star. */
export function cellAt(q: number, r: number): Cell;
/** Neighbours in directions E, W, UR, UL, DL, DR; null off the star. */
export function neighbours(c: Cell | string): (Cell | null)[];
/** The point 0..5 the cell lies in (rule book §1), or null in the central hexagon. */
export function pointOf(c: Cell | string): number | null;
/** Drawing coordinates [x, y] = [q + r/2, r * sqrt(3)/2] (axial q, r): neighbours are 1 apart, y grows with the row. */
export function xy(c: Cell | string): [number, number];
/** The cell turned k sixths of a turn clockwise (any integer k; 6 is the identity). */
export function rotate(c: Cell | string, k: number): Cell;
/** The cell mirrored in the axis through m1 and e17 (points 1 <-> 5, 2 <-> 4). */
export function reflect(c: Cell | string): Cell;
/** Steps between two cells (the hexagonal distance, every marble ignored). */
export function cellDistance(a: Cell | string, b: Cell | string): number;
/** The cells of point `point` (marbles 10, the default) or of its 15-cell camp (15), sorted.
 * A SeatError for a point not 0..5, a RangeError for marbles not 10 or 15. */
export function campCells(point: number, marbles?: number): Cell[];
/** The tip cell of a point (m1 for 0, e17 for 3); a SeatError for a point not 0..5. */
export function tipCell(point: number): Cell;
/** The cells foreign to the seat on `point`, sorted (rule book §3: the 10-cell
 * points that are neither its home nor its goal, whose meaning the `zones`
 * option sets); a SeatError for a point not 0..5. */
export function foreignCells(point: number): Cell[];
/** The letter of a seat ('W' for 0 .. 'G' for 5); a SeatError for s not 0..5. */
export function seatLetter(s: Seat): string;
/** One of SEAT_LETTERS ('K' -> 3); anything else is a SeatError quoting it. */
export function seatFromLetter(letter: string): Seat;
/** The preset ids (rule book §7), in the library's order. */
export function presets(): string[];
/**
 * Rating changes (rule book §6) from places and as many ratings: two played
 * entries are an Elo game, three to six are scored pairwise by place.
 * @param places One per entry: 1 (best)..N, equal = shared, 0 = not played
 *   (it takes no part; its change is 0). Places by seat as {@link Game.places}
 *   gives them are taken as they are.
 * @param ratings One per entry (an unplayed entry's is ignored), finite.
 * @param k K, in (0, 1000] (default 32).
 * @param kPrime K' of three or more players, in (0, 1000]; 0 or less (the default): 2K/N.
 * @returns One change per entry.
 * @throws {@link RangeError} for more than 6 entries, fewer than 2 played,
 *   places and ratings of different lengths, a negative place, k or kPrime out of range.
 */
export function ratingChanges(places: number[], ratings: number[], k?: number, kPrime?: number): number[];

/** A move of a marble from one cell to another (rule book §3), the route
 * left out: a table has at most one move per (from, to). Immutable; printed
 * with cell names. */
export class Move {
  /** The cell the marble leaves. */
  readonly from: Cell;
  /** The cell it ends on. */
  readonly to: Cell;
  /** A TypeError or RangeError for a cell that is not an integer in int32;
   * whether the cells are on the board is checked where the move is used. */
  constructor(from: Cell, to: Cell);
  /** 'k3-k5' (cell names of both ends). */
  toString(): string;
  /** Whether `m` has the same from and to (false for null or undefined). */
  equals(m: { from: Cell; to: Cell } | null | undefined): boolean;
}

/** Rules, Position, Game, Player and VecEnv are made by their factories (create,
 * parse, start, unpack, fromPosition, fromRecord, copy): `new` from outside the
 * package throws a TypeError naming them, and the wasm address is private. */
declare class Handle {
  /** Frees the wasm memory now; later use throws StateError. Idempotent. */
  dispose(): void;
  /** Whether dispose() has freed the handle. */
  readonly disposed: boolean;
  /** dispose(), for `using h = ...` (TypeScript 5.2, explicit resource management). */
  [Symbol.dispose](): void;
}

/** A table: a preset (rule book §7) changed, if you like, option by option
 * (the rule book's options, docs/rules/options.md). A table decides
 * every rule of the positions and games made of it; they keep their own
 * copy, so changing a Rules later changes none of them. */
export class Rules extends Handle {
  private constructor();
  /** The rules of a preset (default 'classic-2'); a PresetError for an unknown id. */
  static create(id?: string): Rules;
  /** An independent copy (dispose it). */
  copy(): Rules;
  /** The table's id: the preset's ('classic-2'), the one set with the `id`
   * option, or the derived id ({@link Rules.deriveId}). */
  readonly id: string;
  /** The played seats (points), in point order: [0, 3] on 'classic-2'. */
  readonly seats: Seat[];
  /** The display name of a seat ('white'; 'red' and 'blue' in 'race-2'); a SeatError for s not 0..5. */
  seatName(s: Seat): string;
  /** An option's value as text ('jumps' -> 'standard'); an OptionError for an unknown name. */
  getOption(name: string): string;
  /** Sets one option (a boolean is written 'yes' or 'no', a number as its
   * digits), all or nothing; an OptionError naming it for an unknown name or
   * a bad value. The table as a whole is checked by validate() and by every
   * call that makes a position or game of it. Returns this. */
  setOption(name: string, value: string | number | boolean): this;
  /** Several 'name = value' settings, one per line or separated by ';', all
   * or nothing; an OptionError naming the first bad one. Returns this. */
  setOptions(settings: string): this;
  /** Gives a table changed from a preset without an id of its own the derived
   * id '<preset>+<8 hex digits>' (a hash of the options that differ: the same
   * changes, the same id); any other table keeps its id. Returns this. */
  deriveId(): this;
  /** Returns when the table is playable; else an OptionError naming the field. */
  validate(): void;
  /** Every option as {name: value}, the values as getOption gives them. */
  describe(): Record<string, string>;
  /** 'Rules(classic-2)'. */
  toString(): string;
}

/** A board, the seat to move and the round (rule book §8's position line),
 * with its moves, paths, perft and playouts under no game rules: a Position
 * knows whose turn it is, not who has arrived or is out ({@link Game} does). */
export class Position extends Handle {
  private constructor();
  /** The start position of a table; an OptionError when it is not playable. */
  static start(rules: Rules): Position;
  /** A preset id alone (its start) or a position line (rule book §8) of a
   * preset; with `rules`, a line of that table, whose id the line must carry.
   * A PresetError for an unknown id, a ParseError naming the field and what
   * is wrong, an OptionError when `rules` is not playable. */
  static parse(text: string, rules?: Rules): Position;
  /** A position of the table from its packed form (round 0), checked as a
   * position line is. `data`: a Uint8Array (or Buffer) of PACKED_SIZE bytes;
   * another length is a ParseError, and so is a byte that is no position of
   * the table (a seat not played, too many marbles, a second king, padding
   * not 0), named by its index. */
  static unpack(rules: Rules, data: Uint8Array): Position;
  /** An independent copy (dispose it). */
  copy(): Position;
  /** A new Rules (dispose it). */
  readonly rules: Rules;
  /** The position line (rule book §8): 'classic-2 W W:m1,... K:... 0'. It reads back as the same position. */
  readonly text: string;
  /** The same as `text`. */
  toString(): string;
  /** A text drawing of the board, rows 17 to 1 with their numbers, a marble
   * as its seat letter ('*' after a king's), '.' an empty cell, the lines
   * a..q under it, then 'W to move, round 0 (classic-2)': what `sternhalma
   * show` prints. */
  render(): string;
  /** The seat to move. */
  readonly toMove: Seat;
  /** Completed rounds, 0..1,000,000,000. */
  readonly round: number;
  /** The 64-bit Zobrist hash of the board and the seat to move (not the
   * round), the same in every process and binding. */
  readonly hash: bigint;
  /** The seat whose marble is on the cell, or null; a CellError for a non-cell. */
  owner(c: Cell | string): Seat | null;
  /** Whether the cell holds a king (rule book §3; false when empty). */
  isKing(c: Cell | string): boolean;
  /** The cells of a seat's marbles, sorted; a SeatError for s not 0..5. */
  pieces(s: Seat): Cell[];
  /** The packed form, PACKED_SIZE bytes (a new array): byte c (0..120)
   * PACKED_EMPTY or the seat on c (plus PACKED_KING for a king), byte 121 the
   * seat to move, bytes 122..127 zero. The round is not kept. */
  pack(): Uint8Array;
  /** The legal moves of the seat to move (rule book §3), sorted by (from, to), one per (from, to). */
  legalMoves(): Move[];
  /** How many legal moves the seat to move has, without listing them. */
  countMoves(): number;
  /** The destinations of the marble on `from` under its owner's rules, sorted
   * (none for an empty cell); a CellError for a non-cell. */
  destinations(from: Cell | string): Cell[];
  /** Whether the move is legal for the seat to move. Text is read first by
   * parseMove, so text that names no legal move is its MoveError, not false;
   * a CellError for a cell not 0..120. */
  isLegal(m: MoveLike): boolean;
  /** The cells where seat s may not end a move (the foreign points when
   * zones are closed, rule book §3), sorted; a SeatError for s not 0..5. */
  closedCells(s: Seat): Cell[];
  /** The canonical path of a legal move (rule book §3): its cells, both ends
   * included. A MoveError when the move is not legal. */
  canonicalPath(m: MoveLike): Cell[];
  /** Every route of a legal move, up to `limit` (default 100; at least 1, 0
   * is a RangeError). The library stops at 100,000 routes and 10,000,000
   * search hops a call, whatever `limit` says. A MoveError when the move is
   * not legal. */
  allPaths(m: MoveLike, limit?: number): {
    /** The routes, each its cells from `from` to `to`. */
    paths: Cell[][];
    /** Whether more routes may exist: past `limit`, or at the library's ceiling. */
    truncated: boolean;
  };
  /** The move that text names for the seat to move: a path ('l2-l3',
   * 'm1-k3-i5', checked hop by hop) or from-to ('m1-i5', any legal chain),
   * rule book §8. A MoveError when it is malformed or not legal, with the reason. */
  parseMove(text: string): Move;
  /** The canonical path of a legal move as text ('m1-k3-i5'), as records
   * write it; a MoveError when it is not legal. */
  formatMove(m: MoveLike): string;
  /** Plays a legal move under no game rules (the next seat with marbles
   * moves; the round grows when the turn passes the first seat). A MoveError
   * when it is not legal, a LimitError when the round would pass
   * 1,000,000,000; on a game's view (g.position) a StateError. Returns this. */
  play(m: MoveLike): this;
  /** Move sequences of length depth (0..32; perft(0) is 1; rule book §10's
   * reference counts). Each ply multiplies the work by
   * about 15 to 30: past 10^12 sequences (C's SH_MAX_PERFT_LEAVES, about 12
   * minutes of one core) it throws LimitError; divide likewise. A RangeError
   * for depth not 0..32. */
  perft(depth: number): number;
  /** perft(depth - 1) after each first move, sorted by move (depth 1..32,
   * else a RangeError); the counts add up to perft(depth). A seat with no
   * legal move has one entry, its pass, with the move (-1, -1). LimitError as perft. */
  divide(depth: number): {
    /** The first move. */
    move: Move;
    /** perft(depth - 1) after it. */
    nodes: number;
  }[];
  /** Seat s's goal distance (rule 10's default): the fewest steps in which
   * its marbles outside the goal could fill the goal's free cells. A
   * SeatError for s not 0..5 or not played. */
  goalDistance(s: Seat): number;
  /** Seat s's tip distance (rule 10, seed 004): the steps from each of its
   * marbles to its goal's tip cell, summed. SeatError as goalDistance. */
  tipDistance(s: Seat): number;
  /** How many of seat s's marbles are in its goal. SeatError as goalDistance. */
  marblesInGoal(s: Seat): number;
  /** n games (0..1,000,000) of uniformly random legal moves from this
   * position (its seat to move first) under every rule of its table, each
   * until it is over or maxPlies turns (default 1000) were played; playout i
   * depends only on the position, seed (default 0) and i, and equals the
   * same call on Game.fromPosition(this). A RangeError for n or maxPlies out
   * of range (maxPlies 0..2,000,000), a LimitError past 2,000,000 turns in
   * all (split the call), an OptionError as Game.fromPosition. */
  playouts(n: number, maxPlies?: number, seed?: number | bigint): {
    /** The seat that took place 1 alone by arriving, else null. */
    winner: Seat | null;
    /** Turns played. */
    plies: number;
  }[];
}

/** One seat of a game now ({@link Game.seat}). */
export interface SeatInfo {
  /** Playing, arrived, out or not played. */
  status: SeatStatus;
  /** Its place, 1 (best)..N; 0 while not placed. */
  place: number;
  /** Why it is out ({@link OutReason}; 'none' unless out). */
  outReason: OutReason;
  /** Its own moves so far (the exit deadline, rule 7, counts these). */
  movesMade: number;
  /** Its turns so far: moves and passes. */
  turnsTaken: number;
  /** Its clock's reserve in milliseconds (0 without clocks). */
  reserveMs: number;
}

/** Something that happened in a game ({@link Game.events}), in order; {@link Game.eventText} writes it as a line. */
export interface GameEvent {
  /** What happened. */
  kind: EventKind;
  /** Who moved, passed, arrived, went out, resigned...; null when no seat (the end). */
  seat: Seat | null;
  /** A move's marble's owner (a partner's in team games); null for any other kind. */
  owner: Seat | null;
  /** The move of a 'move' event; null for any other kind. */
  move: Move | null;
  /** The place taken by an arrival or a seat put out; 0 otherwise. */
  place: number;
  /** Why a seat went out ('none' otherwise). */
  outReason: OutReason;
  /** Why the game ended, on its 'end' event ('none' otherwise). */
  endReason: EndReason;
  /** A move the table played for a fallen flag (rule 11, seed 004). */
  byFlag: boolean;
}

/** A whole game (rule book §4, with teams §5): turns, passes, arrivals,
 * places and endings by the table's rules, with undo, events, clocks and its
 * record. The game decides every rule; read what it says. */
export class Game extends Handle {
  private constructor();
  /** A new game of a preset id or a Rules (default 'classic-2'); firstSeat
   * null (the default): the table's first seat. A PresetError for an unknown
   * id, a SeatError for a firstSeat not 0..5 or not played, an OptionError
   * when the table is not playable. */
  static create(rules?: string | Rules, firstSeat?: Seat | null): Game;
  /** A game from a position: its seat to move moves first. An OptionError
   * when the table is not playable or a played seat has no marbles (a
   * position does not say whether a seat is out; the message names it). */
  static fromPosition(p: Position): Game;
  /** Replays a record (rule book §8) of a preset, or of the table its tag
   * line names (what record() writes for a table that is no preset), or,
   * with `rules`, of that table, which a tag must then name. A PresetError
   * for an unknown id; a ParseError naming the token and what is wrong with
   * it (an illegal move included, a bad tag, more than 1 MiB). */
  static fromRecord(text: string, rules?: Rules): Game;
  /** A copy of the game's table (dispose it). */
  readonly rules: Rules;
  /** An independent copy, with its history: undo works on both (dispose it). */
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
  /** The seat to move; null when the game is over. */
  readonly toMove: Seat | null;
  /** Whose marbles the seat to move moves: its own, or its partner's once it
   * has arrived in a team game (rule book §5); null when over. */
  readonly marblesOf: Seat | null;
  /** Whether the game has ended. */
  readonly isOver: boolean;
  /** Why it ended; 'none' while it goes on. */
  readonly endReason: EndReason;
  /** Whether it ended in a draw (rule 8; a repetition with `repetition=draw`, the CCERL table's, is one). */
  readonly isDraw: boolean;
  /** Turns played in all (moves and passes). */
  readonly turns: number;
  /** Completed rounds. */
  readonly round: number;
  /** How many actions undo() can take back. */
  readonly actions: number;
  /** One seat's state; a SeatError for s not 0..5. */
  seat(s: Seat): SeatInfo;
  /** seat(s).status. */
  status(s: Seat): SeatStatus;
  /** seat(s).place: 1 (best)..N, 0 while not placed. */
  place(s: Seat): number;
  /** By point: 1 (best)..N, 0 not placed or not played. */
  readonly places: number[];
  /** The legal moves of the seat to move, sorted by (from, to); none when over. */
  legalMoves(): Move[];
  /** The move text names ('l2-l3', 'm1-k3-i5': hops checked; or from-to, rule
   * book §8), read as apply reads it: for the seat to move, with the marbles
   * it moves now (its partner's once it has arrived, rule book §5). A MoveError
   * when it is malformed or no legal move now, a StateError when the game is over. */
  parseMove(text: string): Move;
  /** Returns when the move is legal now; else a MoveError with the reason
   * (a StateError when the game is over, a CellError for a non-cell). */
  check(m: MoveLike): void;
  /** Whether the legal move brings a marble back into its home camp after its
   * seat's exit deadline, putting that seat out (rule 7's mark; the deadline
   * move itself is not marked). MoveError, StateError and CellError as check(). */
  eliminates(m: MoveLike): boolean;
  /** Whether the legal move, played now, puts a seat out, and why:
   * OutReason.RETURN_HOME ('returned-home') for the moves eliminates() marks
   * (the marble's owner goes out), OutReason.DEADLINE ('deadline') for the
   * mover's deadline move when it leaves at home a marble that could still
   * move (rule 7), else OutReason.NONE ('none'). Errors as check(). */
  putsOut(m: MoveLike): OutReason;
  /** Plays a move of the seat to move, with the passes that follow it, and
   * charges elapsedMs (default 0, at least 0) to its clock: when that exceeds
   * its reserve the flag falls instead (see the events; no error). A MoveError
   * when the move is illegal (with the reason), a StateError when the game is
   * over, a RangeError for a negative elapsedMs. Returns this. */
  apply(m: MoveLike, elapsedMs?: number): this;
  /** Seat s resigns (rule 11: at any time, its turn or not). A SeatError for s
   * not 0..5 or not played, a StateError when the game is over or s no longer plays. */
  resign(s: Seat): void;
  /** The flag of the seat to move falls: its reserve becomes 0 and the table's
   * flag rule applies (rule 11: a resignation, or on 004 the move the table
   * plays). A StateError when the game is over. */
  flag(): void;
  /** Takes back up to n (default 1, at least 1) actions with their automatic
   * passes; returns how many it took back. A RangeError for n < 1, a StateError
   * when there is nothing to take back. */
  undo(n?: number): number;
  /** Clocks (rule 11): every seat gets reserveMs (1..10^12) and each move earns
   * incrementMs (default 0, 0..10^12). Only before the first action (else a
   * StateError); a RangeError for a value out of range. */
  setClock(reserveMs: number, incrementMs?: number): void;
  /** Every event so far, in order (a new array on every read). */
  readonly events: GameEvent[];
  /** The events from index `first` (default 0) on: poll with the number
   * seen so far. A RangeError when first is beyond the events. */
  eventsFrom(first?: number): GameEvent[];
  /** Event i as a line ('move W m3-m4', 'arrive W place 1', ...: the replay
   * lines of rule book §8); a RangeError when there is no event i. */
  eventText(i: number): string;
  /** The record so far (rule book §8), a line break every perLine turns
   * (default 10; 0: one line); a table that is no preset is named by a tag
   * line first, which fromRecord reads back. A RangeError for a negative
   * perLine, a LimitError when the record would pass 1 MiB, the most
   * fromRecord reads (a game without a limit, played on). */
  record(perLine?: number): string;
  /** n games (0..1,000,000) of uniformly random legal moves under every game
   * rule from the game's current state, each until it is over or maxTurns
   * turns (default 1000, 0..2,000,000) were played; playout i depends only on
   * the game, seed (default 0) and i. A RangeError for n or maxTurns out of
   * range, a LimitError past 2,000,000 turns in all (split the call). */
  playouts(n: number, maxTurns?: number, seed?: number | bigint): {
    /** Places by point, as {@link Game.places} (0: not placed). */
    places: number[];
    /** Turns played. */
    turns: number;
  }[];
  /** The rating changes of the finished game (rule book §6): ratings six by
   * seat (as `places`; the changes likewise, 0 for a seat not played) or one
   * per played seat in seat order. k and kPrime as {@link ratingChanges}. A
   * StateError when the game is not over or is a team game (unrated), a
   * RangeError for another number of ratings or a value out of range. */
  ratingChanges(ratings: number[], k?: number, kPrime?: number): number[];
}

/** A computer player's budget per move (hard and expert; easy and normal
 * ignore it). Both 0: the level's default (expert: 20,000 nodes). */
export interface Budget {
  /** Positions searched per move (deterministic); 0: no limit of that kind. */
  nodes: number;
  /** Wall-clock milliseconds per move (not deterministic); 0: no limit of that kind. */
  timeMs: number;
}

/** A computer player (rule book §9): its level, a seed and a budget. The same
 * level, seed and node budget on the same game choose the same moves. */
export class Player extends Handle {
  private constructor();
  /** A player of `level` (default 'normal'): 'easy', 'normal', 'hard' or
   * 'expert' (which searches the others' replies), any level the library
   * knows; seed 0..2^64-1 (default 0); budget as setBudget (hard and expert).
   * An OptionError for an unknown level, RangeError as setBudget. */
  static create(level?: string, seed?: number | bigint, budget?: Partial<Budget>): Player;
  /** The budget per move: nodes 0..10^9 (deterministic) and/or timeMs
   * 0..3,600,000 (wall-clock, not deterministic: the move depends on the
   * machine and its load); 0 = no limit of that kind, both 0 = the level's
   * default. A RangeError out of range, and the budget stays. Returns this. */
  setBudget(nodes?: number, timeMs?: number): this;
  /** The budget as set ({nodes: 0, timeMs: 0}: the level's default). */
  readonly budget: Budget;
  /** Expert's search threads, 1..16 (SH_MAX_SEARCH_THREADS; other levels
   * ignore it). With 1, a new player's count, the same seed, node budget and
   * game choose the same move; with more, a search to the same depth finds
   * the same move, but how deep a budget gets depends on how the threads ran,
   * and a node budget counts the main thread's nodes. On four to six seats
   * without teams each thread grows a search tree of its own instead: a node
   * budget is each tree's, and the move the same for the same count. A
   * RangeError outside 1..16, and the count stays; copy() keeps it. In the browser the wasm
   * module has one thread: the count is kept and the search runs on it.
   * Returns this. */
  setThreads(n: number): this;
  /** Expert's search threads as set (1 for a new player). */
  readonly threads: number;
  /** What the last choose() searched. */
  readonly lastStats: {
    /** Positions visited. */
    nodes: number;
    /** Depth searched: expert, plies of the deepest finished iteration; hard,
     * own moves looked ahead; 0 before the first choice. */
    depth: number;
  };
  /** An independent copy, generator state and budget included: both then choose the same moves. */
  copy(): Player;
  /** The player's move for the game's seat to move; a StateError when the game is over. */
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
  /** 'board' (default): actions in the board's own cells; 'observer': masks, legal lists,
   * sampleLegal and step's actions in the observation's frame (the player to act's home at the
   * bottom; the board action is applySymmetryAction({rotation: seat, reflect: false}, a)). */
  actionFrame: 'board' | 'observer';
}
/** The C defaults of EnvOptions (sh_env_options_init): its keys exist at import, its values
 * are read from the module (before init() has loaded it, reading one is init's StateError). */
export const envDefaults: Readonly<EnvOptions>;

/** What an env is (sh_env_spec). */
export interface EnvSpec {
  /** Games in the env. */
  readonly numEnvs: number;
  /** Players P: the table's seats; players are 0..P-1. */
  readonly numPlayers: number;
  /** Player -> seat: the seats in turn order from the table's first seat. */
  readonly seats: readonly Seat[];
  /** NUM_PLANES. */
  readonly planes: number;
  /** A plane: 1 x 121 ('cells') or 17 x 17 ('grid'). */
  readonly height: number;
  /** A plane's width: 121 ('cells') or 17 ('grid'). */
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
  /** Turns the game has played. */
  turns: number;
  /** Ended by its rules. */
  terminated: boolean;
  /** Stopped by the env's maxTurns. */
  truncated: boolean;
}

/** A symmetry of the star: reflect (in the axis through m1 and e17) when `reflect`, then rotate `rotation` sixths clockwise. */
export interface Symmetry {
  /** Sixths of a turn clockwise, 0..5 (as {@link rotate}). */
  readonly rotation: number;
  /** Whether cells are first mirrored (as {@link reflect}). */
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
  /** What the env is: its games, players, observation shape and actions. */
  readonly spec: EnvSpec;
  /** spec.numEnvs. */
  readonly numEnvs: number;
  /** spec.numPlayers. */
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
  /** Every game's legal actions as the step wrote them (copies): game i's counts[i] actions at
   * i * MAX_MOVES, in the game's move order (not sorted), then -1. */
  allLegalActions(): {
    /** numEnvs * MAX_MOVES entries: game i's row at i * MAX_MOVES, in the env's actionFrame. */
    actions: Int32Array;
    /** numEnvs entries: game i's number of legal actions (0 once it has ended). */
    counts: Int32Array;
  };
  /** The legal actions of game i (0..numEnvs-1), sorted (none once it has ended). */
  legalActions(i: number): number[];
  /** Game i (0..numEnvs-1, else a RangeError) now. */
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
  /** Game i's record so far (rule book §8, one line); the preset and first seat only with record: false. */
  record(i: number): string;
}

// ---- match statistics (include/sternhalma/match_stats.h states the models) ----

/** Game indices of a MatchStats are 0..MAX_MATCH_GAMES-1. */
export const MAX_MATCH_GAMES: number;
/** The largest count (and sum of counts) eloFromWdl, eloFromPentanomial and sprt take. */
export const MAX_STATS_COUNT: number;
/** The largest |elo0|, |elo1| of an SPRT. */
export const MAX_SPRT_ELO: number;
/** A figure and its 95 % interval: the mean +- 1.96 standard errors of the
 * per-game (or per-pair) values; every figure is finite (no games: all 0). */
export interface Interval {
  /** The figure. */
  value: number;
  /** The interval's lower end. */
  low: number;
  /** The interval's upper end. */
  high: number;
}
/** What an SPRT says. */
export type SprtDecision = 'continue' | 'accept-h0' | 'accept-h1';
/** The words of {@link SprtDecision} (sh_sprt_decision). */
export const SprtDecision: {
  /** lower < llr < upper: play on. */
  readonly CONTINUE: 'continue';
  /** llr <= lower: H0 (Elo elo0) holds. */
  readonly ACCEPT_H0: 'accept-h0';
  /** llr >= upper: H1 (Elo elo1) holds. */
  readonly ACCEPT_H1: 'accept-h1';
};
/** H0 Elo = elo0, H1 Elo = elo1 (logistic Elo, elo0 < elo1); alpha, beta default 0.05. */
export interface SprtTest {
  /** H0's logistic Elo, -MAX_SPRT_ELO..MAX_SPRT_ELO, below elo1. */
  elo0: number;
  /** H1's logistic Elo, -MAX_SPRT_ELO..MAX_SPRT_ELO. */
  elo1: number;
  /** The false positive rate, in (0, 1) (default 0.05; alpha + beta below 1). */
  alpha?: number;
  /** The false negative rate, in (0, 1) (default 0.05). */
  beta?: number;
}
/** An SPRT's state: the log-likelihood ratio against Wald's bounds. */
export interface SprtResult {
  /** The log-likelihood ratio of the counts. */
  llr: number;
  /** ln(beta / (1 - alpha)): at or below it, accept H0. */
  lower: number;
  /** ln((1 - beta) / alpha): at or above it, accept H1. */
  upper: number;
  /** What the test says now. */
  decision: SprtDecision;
}
/** Counts of game pairs scoring 0, 1/2, 1, 3/2, 2. */
export type Pentanomial = [number, number, number, number, number];
/** One player's figures in a {@link MatchStats}. */
export interface PlayerStats {
  /** Games it played. */
  games: number;
  /** Games its unit took place 1 alone. */
  wins: number;
  /** Games its unit shared place 1 with an opponent. */
  draws: number;
  /** Any other game. */
  losses: number;
  /** Its mean place (1 = best) and interval. */
  place: Interval;
}
/** Elo and its 95 % interval from single games (trinomial): logistic Elo
 * 400 log10(s / (1 - s)) of the score s, clamped half a game from 0 and 1.
 * Each count 0..MAX_STATS_COUNT and their sum at most that, else a RangeError. */
export function eloFromWdl(wins: number, draws: number, losses: number): Interval;
/** Elo and its 95 % interval from game pairs (pentanomial): counts[k] pairs
 * scoring k/2. RangeError as eloFromWdl; a TypeError unless 5 counts. */
export function eloFromPentanomial(counts: Pentanomial): Interval;
/** Returns when the test is valid; else a RangeError naming the field (elo0
 * or elo1 not finite or beyond MAX_SPRT_ELO, elo0 >= elo1, alpha or beta not
 * in (0, 1), alpha + beta >= 1). */
export function checkSprt(test: SprtTest): void;
/** The pentanomial GSPRT with Wald's bounds on counts of game pairs
 * (a count of 0 taken as 0.001). RangeError as checkSprt and eloFromWdl. */
export function sprt(test: SprtTest, counts: Pentanomial): SprtResult;

/** The results of a match of 2..6 players, added game by game in any order; games 2k and 2k+1
 * form pair k. Without teams every player is a unit; with teams every team is (partners share a
 * place and are not opponents). wdl, pentanomial and sprt are player 0's unit's against the
 * other and need two units in every game (StateError otherwise). */
export class MatchStats extends Handle {
  private constructor();
  /** An empty match of `players` players (2..6, else a RangeError). */
  static create(players: number): MatchStats;
  /** An independent copy (dispose it). */
  copy(): MatchStats;
  /** One finished game, in any order: places[i] (1..players; 1 = best, equal =
   * shared) of player i; teams null (the default: no teams) or a team id
   * (0..players-1) per player, partners sharing an id and a place. Memory:
   * one byte per game index up to the largest added. A RangeError for
   * gameIndex not 0..MAX_MATCH_GAMES-1, not one place (or team) per player,
   * a value out of range, partners with different places or one team only;
   * a StateError for a gameIndex added before. */
  add(gameIndex: number, places: number[], teams?: number[] | null): void;
  /** The number of players. */
  readonly players: number;
  /** Games added. */
  readonly games: number;
  /** Whether every game added had exactly two units (true with no games). */
  readonly twoUnits: boolean;
  /** Player i's figures (i 0..players-1, else a RangeError). */
  player(i: number): PlayerStats;
  /** How player i did against player j (each 0..players-1, else a RangeError). */
  pairwise(i: number, j: number): {
    /** Games in which they were opponents. */
    games: number;
    /** i's points over j in them (1 above, 1/2 level, 0 below). */
    score: number;
  };
  /** Player 0's score in [0, 1]: per game the mean against its opponents. */
  score(): Interval;
  /** The logistic Elo of score(). */
  elo(): Interval;
  /** Player 0's unit's wins, draws and losses (StateError unless two units in every game). */
  wdl(): {
    /** Games it took place 1 alone. */
    wins: number;
    /** Games it shared place 1. */
    draws: number;
    /** The other games. */
    losses: number;
  };
  /** The pairs whose two games are both in, by player 0's unit's pair score
   * 0, 1/2, 1, 3/2, 2 (StateError unless two units in every game). */
  pentanomial(): Pentanomial;
  /** The SPRT on pentanomial(): RangeError as checkSprt first, then StateError as wdl. */
  sprt(test: SprtTest): SprtResult;
}
