// sternhalma — the Chinese checkers rules engine (SPEC) in WebAssembly.
//
//   import * as sh from 'sternhalma';
//   const p = sh.Position.parse('classic-2');
//   for (const m of p.legalMoves()) console.log(p.formatMove(m));
//   p.dispose();
//
// The module is the C ABI (capi/sternhalma.h) compiled to sternhalma.wasm;
// every rule is decided there. This package only converts types, checks
// arguments before they reach C (a wasm call would truncate a number
// silently) and maps statuses to Error subclasses carrying the library's
// message. Handles (Rules, Position, Game, Player) own wasm memory: free it
// with dispose() (or `using`); a FinalizationRegistry frees what is dropped
// undisposed, at a time of the garbage collector's choosing.
//
// Cells are the SPEC's indices 0..120 (parseCell('i9') === 60), seats the
// points 0..5 (letters WRBKYG), "no seat" is null, a move is a Move {from, to}
// printed with cell names ('k3-k5'); wherever a move is taken, a Move, any
// {from, to} object, a [from, to] pair or a move text ('k3-k5') is accepted.
import { defines } from './abi.js';
import { ParseError, MoveError, PresetError, OptionError, ShRangeError } from './src/errors.js';
import { X, memory, u8, view, refresh, need } from './src/wasm.js';
import { int, size, seed64, int64, ms64, str, ownBytes, num } from './src/checks.js';
import { call, check, i32, u32, ints, textOut, arrayOut, cellsOut, intOut } from './src/call.js';
import { EventKind, seatStatusWord, eventKindWord, endReasonWord, outReasonWord } from './src/constants.js';
import { cellArg } from './src/cells.js';
import { Move, plainMove, readMoves } from './src/moves.js';
import { Handle, MADE_HERE, ptrOf, newHandle, handleOf } from './src/handle.js';

const D = defines;

export {
  SternhalmaError, NullError, BufferTooSmall, CellError, MoveError, ParseError, PresetError,
  OptionError, StateError, SeatError, RangeError, MemoryError, InternalError, LimitError,
} from './src/errors.js';
export {
  NUM_CELLS, MAX_SEATS, PACKED_SIZE, PACKED_EMPTY, PACKED_KING, MAX_MOVES, SEAT_LETTERS,
  SeatStatus, EventKind, EndReason, OutReason,
} from './src/constants.js';
export {
  version, parseCell, cellName, axial, cellAt, neighbours, pointOf, xy, rotate, reflect,
  cellDistance, campCells, tipCell, foreignCells, seatLetter, seatFromLetter, presets,
} from './src/cells.js';
export { Move } from './src/moves.js';

// ---- rules ------------------------------------------------------------------------------

/** A table: a preset by id, changed option by option. */
export class Rules extends Handle {
  constructor(token, ptr) { super(token, ptr, X.sh_rules_free, 'Rules.create(id) or r.copy()'); }
  /** The rules of a preset ('table-3'). */
  static create(id = 'classic-2') {
    str(id, 'preset id', PresetError);
    return new Rules(MADE_HERE, newHandle((f, out) => X.sh_rules_new(f.str(id), out)));
  }
  copy() { return new Rules(MADE_HERE, newHandle((f, out) => X.sh_rules_clone(ptrOf(this), out))); }
  get id() { return textOut(X.sh_rules_id, ptrOf(this)); }
  /** The played seats, in point order. */
  get seats() {
    const mask = intOut(X.sh_rules_seats, ptrOf(this));
    return [0, 1, 2, 3, 4, 5].filter((p) => (mask >> p) & 1);
  }
  seatName(s) { return textOut(X.sh_rules_seat_name, ptrOf(this), int(s, 'seat')); }
  getOption(name) {
    str(name, 'option name', OptionError);
    return call((f) => textOut(X.sh_rules_get_option, ptrOf(this), f.str(name)));
  }
  setOption(name, value) {
    str(name, 'option name', OptionError);
    if (typeof value === 'boolean') value = value ? 'yes' : 'no';
    else if (typeof value === 'number') value = String(value);
    str(value, 'option value', OptionError);
    call((f) => check(X.sh_rules_set_option(ptrOf(this), f.str(name), f.str(value))));
    return this;
  }
  /** Several 'name = value' settings (lines or ';'), all or nothing. */
  setOptions(settings) {
    str(settings, 'settings', OptionError);
    call((f) => check(X.sh_rules_set_options(ptrOf(this), f.str(settings))));
    return this;
  }
  validate() { check(X.sh_rules_validate(ptrOf(this))); }
  /** Every option as {name: value}. */
  describe() {
    const out = {};
    for (const line of textOut(X.sh_rules_describe, ptrOf(this)).split('\n')) {
      const i = line.indexOf(' = ');
      if (i > 0) out[line.slice(0, i)] = line.slice(i + 3);
    }
    return out;
  }
  toString() { return `Rules(${this.id})`; }
}

/** An optional `rules` argument: undefined or a Rules. */
// An optional Rules argument: its handle, or 0 (C's NULL) when it is left out.
const optRules = (rules) => (rules === undefined ? 0 : handleOf(rules, Rules, 'rules'));

// ---- positions ----------------------------------------------------------------------------

/** Board, seat to move and round. */
export class Position extends Handle {
  constructor(token, ptr) { super(token, ptr, X.sh_position_free, 'Position.parse(text), Position.start(rules), Position.unpack(rules, data), p.copy() or g.position'); }
  /** The start position of a table. */
  static start(rules) {
    const r = handleOf(rules, Rules, 'Position.start: rules');
    return new Position(MADE_HERE, newHandle((f, out) => X.sh_position_new(r, out)));
  }
  /** A preset id alone or a SPEC §8 line; with `rules`, a line of that (custom) table. */
  static parse(text, rules = undefined) {
    str(text, 'position text');
    const r = optRules(rules);
    return new Position(MADE_HERE, newHandle((f, out) => (r
      ? X.sh_position_parse_rules(r, f.str(text), out)
      : X.sh_position_parse(f.str(text), out))));
  }
  /** A position of the table from its packed form (PACKED_SIZE bytes). */
  static unpack(rules, data) {
    const r = handleOf(rules, Rules, 'Position.unpack: rules');
    const bytes = ownBytes(data, 'packed data');
    if (bytes.length !== D.SH_PACKED_SIZE)
      throw new ParseError('SH_ERR_PARSE', `packed data must be ${D.SH_PACKED_SIZE} bytes, got ${bytes.length}`);
    return new Position(MADE_HERE, newHandle((f, out) => {
      const p = f.alloc(bytes.length);
      refresh();
      u8.set(bytes, p);
      return X.sh_position_unpack(r, p, out);
    }));
  }
  copy() { return new Position(MADE_HERE, newHandle((f, out) => X.sh_position_clone(ptrOf(this), out))); }
  /** A new Rules with the position's table. */
  get rules() { return new Rules(MADE_HERE, newHandle((f, out) => X.sh_position_rules(ptrOf(this), out))); }
  get text() { return textOut(X.sh_position_to_text, ptrOf(this)); }
  toString() { return this.text; }
  render() { return textOut(X.sh_position_render, ptrOf(this)); }
  get toMove() { return intOut(X.sh_position_to_move, ptrOf(this)); }
  get round() { return intOut(X.sh_position_round, ptrOf(this)); }
  /** The 64-bit position hash, a BigInt. */
  get hash() {
    return call((f) => {
      const out = f.alloc(8);
      check(X.sh_position_hash(ptrOf(this), out));
      refresh();
      return view.getBigUint64(out, true);
    });
  }
  #owner(c) {
    c = cellArg(c);
    return call((f) => {
      const s = f.alloc(4), k = f.alloc(4);
      check(X.sh_position_owner(ptrOf(this), c, s, k));
      return [i32(s), i32(k)];
    });
  }
  /** The seat whose marble is on the cell, or null. */
  owner(c) { const s = this.#owner(c)[0]; return s === D.SH_NO_SEAT ? null : s; }
  isKing(c) { return this.#owner(c)[1] !== 0; }
  /** The cells of a seat's marbles, sorted. */
  pieces(s) { return cellsOut(X.sh_position_pieces, ptrOf(this), int(s, 'seat')); }
  pack() {
    return call((f) => {
      const out = f.alloc(D.SH_PACKED_SIZE);
      check(X.sh_position_pack(ptrOf(this), out));
      refresh();
      return u8.slice(out, out + D.SH_PACKED_SIZE);
    });
  }
  // A move argument; text is read against this position.
  move(m) { return typeof m === 'string' ? this.parseMove(m) : plainMove(m); }
  /** The legal moves of the seat to move, sorted by (from, to). */
  legalMoves() { return arrayOut(X.sh_position_legal_moves, [ptrOf(this)], 8, readMoves); }
  countMoves() {
    return call((f) => {
      const out = f.alloc(4);
      check(X.sh_position_count_moves(ptrOf(this), out));
      return u32(out);
    });
  }
  /** The destinations of the marble on `from` under its owner's rules, sorted. */
  destinations(from) { return cellsOut(X.sh_position_destinations, ptrOf(this), cellArg(from, 'from')); }
  isLegal(m) {
    m = this.move(m);
    return intOut(X.sh_position_is_legal, ptrOf(this), m.from, m.to) !== 0;
  }
  /** Cells where the seat may not end a move. */
  closedCells(s) { return cellsOut(X.sh_position_closed_cells, ptrOf(this), int(s, 'seat')); }
  /** The canonical route of a legal move: cells, both ends included. */
  canonicalPath(m) {
    m = this.move(m);
    return cellsOut(X.sh_position_canonical_path, ptrOf(this), m.from, m.to);
  }
  /** Up to `limit` routes of a move: {paths: [[cells]], truncated}. */
  allPaths(m, limit = 100) {
    m = this.move(m);
    size(limit, 'limit');
    return call((f) => {
      const count = f.alloc(4), paths = f.alloc(4), trunc = f.alloc(4);
      check(X.sh_position_all_paths(ptrOf(this), m.from, m.to, limit, 0, 0, count, 0, 0));
      const n = u32(count);
      const out = f.alloc(4 * Math.max(n, 1));
      check(X.sh_position_all_paths(ptrOf(this), m.from, m.to, limit, out, n, count, paths, trunc));
      const result = [];
      let cur = [];
      for (const c of ints(out, u32(count))) {
        if (c === D.SH_NO_CELL) { result.push(cur); cur = []; } else cur.push(c);
      }
      return { paths: result, truncated: i32(trunc) !== 0 };
    });
  }
  /** Move text ('l2-l3', 'm1-m3-k5', 'm1-k5') of the seat to move. */
  parseMove(text) {
    str(text, 'move text', MoveError);
    return call((f) => {
      const out = f.alloc(8);
      check(X.sh_position_parse_move(ptrOf(this), f.str(text), out));
      const a = ints(out, 2);
      return new Move(a[0], a[1]);
    });
  }
  /** The canonical route of a legal move as text. */
  formatMove(m) {
    m = this.move(m);
    return textOut(X.sh_position_format_move, ptrOf(this), m.from, m.to);
  }
  /** Plays a legal move with no game rules. */
  play(m) {
    m = this.move(m);
    check(X.sh_position_play(ptrOf(this), m.from, m.to));
    return this;
  }
  /** Leaf count of the move tree to `depth` (SPEC §10), a number. */
  perft(depth) {
    int(depth, 'depth');
    return call((f) => {
      const out = f.alloc(8);
      check(X.sh_perft(ptrOf(this), depth, out));
      refresh();
      return safeNumber(view.getBigUint64(out, true));
    });
  }
  /** [{move, nodes}] — perft(depth - 1) after each first move, sorted by move. */
  divide(depth) {
    int(depth, 'depth');
    return call((f) => {
      const count = f.alloc(4);
      check(X.sh_divide(ptrOf(this), depth, 0, 0, 0, count));
      const n = u32(count);
      const moves = f.alloc(8 * Math.max(n, 1)), nodes = f.alloc(8 * Math.max(n, 1));
      check(X.sh_divide(ptrOf(this), depth, moves, nodes, n, count));
      const ms = readMoves(moves, u32(count));
      refresh();
      return ms.map((move, i) => ({ move, nodes: safeNumber(view.getBigUint64(nodes + 8 * i, true)) }));
    });
  }
  #distance(s) {
    s = int(s, 'seat');
    return call((f) => {
      const g = f.alloc(4), t = f.alloc(4), n = f.alloc(4);
      check(X.sh_position_distance(ptrOf(this), s, g, t, n));
      return [i32(g), i32(t), i32(n)];
    });
  }
  /** The goal (assignment) distance of a seat (SPEC §4 rule 10). */
  goalDistance(s) { return this.#distance(s)[0]; }
  tipDistance(s) { return this.#distance(s)[1]; }
  marblesInGoal(s) { return this.#distance(s)[2]; }
  /** n random playouts with no game rules: [{winner (seat or null), plies}]. */
  playouts(n, maxPlies = 1000, seed = 0) {
    n = playoutCount(n);
    int(maxPlies, 'maxPlies');
    const s = seed64(seed);
    return call((f) => {
      const w = f.alloc(4 * Math.max(n, 1)), p = f.alloc(4 * Math.max(n, 1));
      check(need('sh_position_playouts', 'sh_random_playouts')(ptrOf(this), n, maxPlies, s, w, p));
      const ws = ints(w, n), ps = ints(p, n);
      return ws.map((winner, i) => ({ winner: winner === D.SH_NO_SEAT ? null : winner, plies: ps[i] }));
    });
  }
}

function safeNumber(b) {
  if (b > BigInt(Number.MAX_SAFE_INTEGER)) throw new ShRangeError('SH_ERR_RANGE', `count ${b} exceeds 2^53`);
  return Number(b);
}

// Playouts fill caller arrays: their number is bounded here as in C
// (SH_MAX_PLAYOUTS, 1,000,000: 28 MB of results).
const MAX_PLAYOUTS = D.SH_MAX_PLAYOUTS ?? 1000000;
function playoutCount(n) { return int(n, 'n', 0, MAX_PLAYOUTS); }

// ---- games --------------------------------------------------------------------------------

// sh_event: nine ints. sh_seat_info: five ints, padding, an int64. The
// calls take these sizes (the header's "growing structs").
const EVENT_SIZE = 36;
const SEAT_INFO_SIZE = 32;

/** A whole game (SPEC §4) with undo, events, clocks and its record. */
export class Game extends Handle {
  constructor(token, ptr) { super(token, ptr, X.sh_game_free, 'Game.create(rules), Game.fromPosition(p), Game.fromRecord(text) or g.copy()'); }
  /** A new game of a preset id or a Rules; firstSeat null: the table's first seat. */
  static create(rules = 'classic-2', firstSeat = null) {
    // A Rules made here for a preset id is freed here; the caller's is not.
    // (Tracked by what was made, not by comparing with `rules`: NaN !== NaN.)
    const made = typeof rules === 'string' ? Rules.create(rules) : null;
    try {
      const r = handleOf(made ?? rules, Rules, 'Game.create: rules (a preset id or a Rules)');
      const s = firstSeat === null ? D.SH_NO_SEAT : int(firstSeat, 'firstSeat');
      return new Game(MADE_HERE, newHandle((f, out) => X.sh_game_new(r, s, out)));
    } finally {
      made?.dispose();
    }
  }
  /** A game from a position: its seat to move moves first. */
  static fromPosition(position) {
    const p = handleOf(position, Position, 'Game.fromPosition: position');
    return new Game(MADE_HERE, newHandle((f, out) => X.sh_game_from_position(p, out)));
  }
  /** Replays a record (SPEC §8) of a preset or, with `rules`, of that table. */
  static fromRecord(text, rules = undefined) {
    str(text, 'record');
    const r = optRules(rules);
    return new Game(MADE_HERE, newHandle((f, out) => X.sh_game_from_record(r, f.str(text), out)));
  }
  copy() { return new Game(MADE_HERE, newHandle((f, out) => X.sh_game_clone(ptrOf(this), out))); }
  /** A new Position with the current board (dispose it). */
  get position() { return new Position(MADE_HERE, newHandle((f, out) => X.sh_game_position(ptrOf(this), out))); }
  #toMove() {
    return call((f) => {
      const s = f.alloc(4), o = f.alloc(4);
      check(X.sh_game_to_move(ptrOf(this), s, o));
      return [i32(s), i32(o)].map((v) => (v === D.SH_NO_SEAT ? null : v));
    });
  }
  /** The seat to move, null when the game is over. */
  get toMove() { return this.#toMove()[0]; }
  /** Whose marbles the seat to move moves (a partner's in team games). */
  get marblesOf() { return this.#toMove()[1]; }
  #state() {
    return call((f) => {
      const o = f.alloc(4), e = f.alloc(4), d = f.alloc(4);
      check(X.sh_game_state(ptrOf(this), o, e, d));
      return [i32(o) !== 0, endReasonWord[i32(e)], i32(d) !== 0];
    });
  }
  get isOver() { return this.#state()[0]; }
  get endReason() { return this.#state()[1]; }
  get isDraw() { return this.#state()[2]; }
  #counters() {
    return call((f) => {
      const t = f.alloc(4), r = f.alloc(4), a = f.alloc(4);
      check(X.sh_game_counters(ptrOf(this), t, r, a));
      return [i32(t), i32(r), i32(a)];
    });
  }
  get turns() { return this.#counters()[0]; }
  get round() { return this.#counters()[1]; }
  /** Actions that undo can take back. */
  get actions() { return this.#counters()[2]; }
  /** {status, place, outReason, movesMade, turnsTaken, reserveMs} of a seat. */
  seat(s) {
    s = int(s, 'seat');
    return call((f) => {
      const p = f.alloc(SEAT_INFO_SIZE);
      check(X.sh_game_seat(ptrOf(this), s, p, SEAT_INFO_SIZE));
      refresh();
      const g = (o) => view.getInt32(p + o, true);
      return {
        status: seatStatusWord[g(0)], place: g(4), outReason: outReasonWord[g(8)],
        movesMade: g(12), turnsTaken: g(16), reserveMs: Number(view.getBigInt64(p + 24, true)),
      };
    });
  }
  status(s) { return this.seat(s).status; }
  place(s) { return this.seat(s).place; }
  /** places[p] for the six points: 1 (best)..N, 0 not placed or not played. */
  get places() {
    return call((f) => {
      const out = f.alloc(24);
      check(X.sh_game_places(ptrOf(this), out));
      return ints(out, 6);
    });
  }
  legalMoves() { return arrayOut(X.sh_game_legal_moves, [ptrOf(this)], 8, readMoves); }
  // A move argument; text is read against the current position.
  #move(m) {
    if (typeof m !== 'string') return plainMove(m);
    const p = this.position;
    try { return p.parseMove(m); } finally { p.dispose(); }
  }
  /** Throws (MoveError, or StateError when over) with the reason unless the move is legal now. */
  check(m) {
    m = this.#move(m);
    check(X.sh_game_check(ptrOf(this), m.from, m.to));
  }
  /** True when the legal move puts a seat out (the exit deadline). */
  eliminates(m) {
    m = this.#move(m);
    return intOut(X.sh_game_eliminates, ptrOf(this), m.from, m.to) !== 0;
  }
  /** Plays a move (Move or text) of the seat to move; elapsedMs goes to its clock. */
  apply(m, elapsedMs = 0) {
    const ms = ms64(elapsedMs, 'elapsedMs');
    if (typeof m === 'string') call((f) => check(X.sh_game_apply_text(ptrOf(this), f.str(str(m, 'move', MoveError)), ms)));
    else {
      m = plainMove(m);
      check(X.sh_game_apply(ptrOf(this), m.from, m.to, ms));
    }
    return this;
  }
  resign(s) { check(X.sh_game_resign(ptrOf(this), int(s, 'seat'))); }
  /** The flag of the seat to move falls. */
  flag() { check(X.sh_game_flag(ptrOf(this))); }
  /** Takes back up to n actions with their automatic passes; returns how many. */
  undo(n = 1) { return intOut(X.sh_game_undo, ptrOf(this), int(n, 'n')); }
  /** Clocks for every seat: a reserve and an increment per move (before the first action). */
  setClock(reserveMs, incrementMs = 0) {
    check(X.sh_game_set_clock(ptrOf(this), ms64(reserveMs, 'reserveMs'), ms64(incrementMs, 'incrementMs')));
  }
  /** Events from index `first` on: {kind, seat, owner, move, place, outReason, endReason, byFlag}. */
  eventsFrom(first = 0) {
    size(first, 'first');
    // sh_game_events(game, first, out, event_size, cap, count): the size sits between out and cap.
    const events = (g, f, out, cap, count) => X.sh_game_events(g, f, out, EVENT_SIZE, cap, count);
    return arrayOut(events, [ptrOf(this), first], EVENT_SIZE, (p, n) => {
      refresh();
      const out = [];
      for (let i = 0; i < n; ++i) {
        const g = (k) => view.getInt32(p + EVENT_SIZE * i + 4 * k, true);
        const kind = eventKindWord[g(0)];
        out.push({
          kind, seat: g(1) === D.SH_NO_SEAT ? null : g(1),
          owner: kind === EventKind.MOVE ? g(2) : null,
          move: kind === EventKind.MOVE ? new Move(g(3), g(4)) : null,
          place: g(5), outReason: outReasonWord[g(6)], endReason: endReasonWord[g(7)], byFlag: g(8) !== 0,
        });
      }
      return out;
    });
  }
  /** Every event so far. */
  get events() { return this.eventsFrom(0); }
  /** One event as a line ('move W m3-m4', 'arrive W place 1', ...). */
  eventText(i) { return textOut(X.sh_game_event_text, ptrOf(this), size(i, 'index')); }
  /** The record so far; a line break every perLine turns (0: one line). */
  record(perLine = 10) { return textOut(X.sh_game_record, ptrOf(this), int(perLine, 'perLine')); }
  /** n random games under every rule: [{places (by point), turns}]. */
  playouts(n, maxTurns = 1000, seed = 0) {
    n = playoutCount(n);
    int(maxTurns, 'maxTurns');
    const s = seed64(seed);
    return call((f) => {
      const p = f.alloc(24 * Math.max(n, 1)), t = f.alloc(4 * Math.max(n, 1));
      check(X.sh_game_playouts(ptrOf(this), n, maxTurns, s, p, t));
      const ps = ints(p, 6 * n), ts = ints(t, n);
      return ts.map((turns, i) => ({ places: ps.slice(6 * i, 6 * i + 6), turns }));
    });
  }
  /** Rating changes of a finished game's played seats, in seat order. */
  ratingChanges(ratings, k = 32, kPrime = 0) {
    const r = doubles(ratings, 'ratings');
    return call((f) => {
      const rp = f.alloc(8 * Math.max(r.length, 1)), out = f.alloc(8 * Math.max(r.length, 1));
      refresh();
      new Float64Array(memory.buffer, rp, r.length).set(r);
      check(X.sh_game_rating_changes(ptrOf(this), rp, r.length, num(k, 'k'), num(kPrime, 'kPrime'), out));
      return Array.from(new Float64Array(memory.buffer, out, r.length));
    });
  }
}

function doubles(a, what) {
  if (!Array.isArray(a)) throw new TypeError(`${what} must be an array of numbers`);
  a.forEach((v, i) => num(v, `${what}[${i}]`));
  return a;
}

/** Rating changes of n players from places (1 = best) and ratings (SPEC §6). */
export function ratingChanges(places, ratings, k = 32, kPrime = 0) {
  if (!Array.isArray(places)) throw new TypeError('places must be an array of integers');
  places.forEach((v, i) => int(v, `places[${i}]`));
  doubles(ratings, 'ratings');
  if (places.length !== ratings.length)
    throw new ShRangeError('SH_ERR_RANGE', `${places.length} places but ${ratings.length} ratings`);
  const n = places.length;
  return call((f) => {
    const pp = f.alloc(4 * Math.max(n, 1)), rp = f.alloc(8 * Math.max(n, 1)), out = f.alloc(8 * Math.max(n, 1));
    refresh();
    new Int32Array(memory.buffer, pp, n).set(places);
    new Float64Array(memory.buffer, rp, n).set(ratings);
    check(X.sh_rating_changes(pp, rp, n, num(k, 'k'), num(kPrime, 'kPrime'), out));
    return Array.from(new Float64Array(memory.buffer, out, n));
  });
}

// ---- computer players --------------------------------------------------------------------

/** A computer player (SPEC §9), seeded and deterministic. */
export class Player extends Handle {
  constructor(token, ptr) { super(token, ptr, X.sh_player_free, 'Player.create(level, seed) or pl.copy()'); }
  /** level: 'easy', 'normal', 'hard', 'expert' (any level the library knows);
   * budget (hard, expert): {nodes, timeMs} per move, 0 = no limit of that kind. */
  static create(level = 'normal', seed = 0, budget = undefined) {
    str(level, 'level', OptionError);
    const s = seed64(seed);
    const pl = new Player(MADE_HERE, newHandle((f, out) => X.sh_player_new(f.str(level), s, out)));
    if (budget !== undefined) {
      try {
        if (budget === null || typeof budget !== 'object') throw new TypeError('budget must be {nodes, timeMs}');
        pl.setBudget(budget.nodes ?? 0, budget.timeMs ?? 0);
      } catch (e) {
        pl.dispose();
        throw e;
      }
    }
    return pl;
  }
  /** The budget per move (hard, expert): nodes (deterministic) and/or wall-clock
   * milliseconds (not deterministic); 0 = no limit of that kind, both 0 = the
   * level's default. */
  setBudget(nodes = 0, timeMs = 0) {
    const n = int64(nodes, 'nodes', 0, D.SH_MAX_BUDGET_NODES), t = int64(timeMs, 'timeMs', 0, D.SH_MAX_BUDGET_MS);
    check(need('sh_player_set_budget')(ptrOf(this), n, t));
    return this;
  }
  /** {nodes, timeMs} as set ({0, 0}: the level's default). */
  get budget() {
    return call((f) => {
      const n = f.alloc(8), t = f.alloc(8);
      check(need('sh_player_budget')(ptrOf(this), n, t));
      refresh();
      return { nodes: Number(view.getBigInt64(n, true)), timeMs: Number(view.getBigInt64(t, true)) };
    });
  }
  /** What the last choice searched: {nodes, depth}. */
  get lastStats() {
    return call((f) => {
      const n = f.alloc(8), d = f.alloc(4);
      check(need('sh_player_last_stats')(ptrOf(this), n, d));
      refresh();
      return { nodes: Number(view.getBigInt64(n, true)), depth: view.getInt32(d, true) };
    });
  }
  copy() { return new Player(MADE_HERE, newHandle((f, out) => need('sh_player_clone')(ptrOf(this), out))); }
  /** The player's move for the seat to move of the game. */
  choose(game) {
    const g = handleOf(game, Game, 'Player.choose: game');
    return call((f) => {
      const out = f.alloc(8);
      check(X.sh_player_choose(ptrOf(this), g, out));
      const a = ints(out, 2);
      return new Move(a[0], a[1]);
    });
  }
}