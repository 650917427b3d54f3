/// <reference lib="esnext.disposable" />
// TypeScript declarations of the sternhalma package (index.js); TypeScript
// 5.2 or later (the lib above declares Symbol.dispose, which `using` calls).
// examples/web/test/types.test.js checks them against the JavaScript.
// Cells are indices 0..120 (or names like 'k3' where a cell is taken), seats
// the points 0..5 (W R B K Y G), "no seat" is null.

// Only what is marked `export` is exported (Handle is not).
export {};

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

/** Rules, Position, Game and Player are made by their factories (create,
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
  play(m: MoveLike): this;
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
  /** A new Position with the current board (dispose it). */
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
  check(m: MoveLike): void;
  eliminates(m: MoveLike): boolean;
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
