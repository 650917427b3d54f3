// game.js — Game: a whole game with undo, events, clocks and its record, and
// the rating changes of a finished one. Apart from Position, which has no
// game rules.
import { defines as D } from '../abi.js';
import { MoveError, ShRangeError } from './errors.js';
import { X, memory, view, refresh } from './wasm.js';
import { int, size, seed64, ms64, str, num } from './checks.js';
import { call, check, i32, ints, textOut, arrayOut, intOut } from './call.js';
import { EventKind, seatStatusWord, eventKindWord, endReasonWord, outReasonWord } from './constants.js';
import { Move, plainMove, readMoves } from './moves.js';
import { Handle, MADE_HERE, ptrOf, newHandle, handleOf, lend, retire } from './handle.js';
import { optRules, withRules } from './rules.js';
import { Position, playoutCount } from './position.js';

// sh_event: nine ints. sh_seat_info: five ints, padding, an int64. The
// calls take these sizes (the header's "growing structs").
const EVENT_SIZE = 36;
const SEAT_INFO_SIZE = 32;

// Frees a game's position view, if it has one; Game's static block sets it
// (it reads the private field).
let dropView;

/** A whole game (SPEC §4) with undo, events, clocks and its record. */
export class Game extends Handle {
  // The position view g.position hands out, or null: made on the first read
  // after an action, lent (its dispose() does nothing), freed by the next
  // action that succeeds or by the game's dispose. A render loop that reads
  // g.position a thousand times makes one Position per action, and none leaks.
  #view = null;
  constructor(token, ptr) { super(token, ptr, X.sh_game_free, 'Game.create(rules), Game.fromPosition(p), Game.fromRecord(text) or g.copy()'); }
  /** A new game of a preset id or a Rules; firstSeat null: the table's first seat. */
  static create(rules = 'classic-2', firstSeat = null) {
    return withRules(rules, 'Game.create: rules (a preset id or a Rules)', (r) => {
      const s = firstSeat === null ? D.SH_NO_SEAT : int(firstSeat, 'firstSeat');
      return new Game(MADE_HERE, newHandle((f, out) => X.sh_game_new(r, s, out)));
    });
  }
  /** A game from a position: its seat to move moves first. OptionError when a played
   * seat has no pieces: a position does not say whether it is out. */
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
  copy() { return new Game(MADE_HERE, newHandle((f, out) => X.sh_game_clone(ptrOf(this, Game), out))); }
  /** The current position: a read-only view that the game owns (see index.d.ts). */
  get position() {
    const h = ptrOf(this, Game);
    this.#view ??= lend(new Position(MADE_HERE, newHandle((f, out) => X.sh_game_position(h, out))));
    return this.#view;
  }
  /** Frees the game and its position view. */
  dispose() {
    if (!(#view in this)) ptrOf(this, Game);
    dropView(this);
    super.dispose();
  }
  static {
    // The view is stale once the game has changed: the next read makes a new one.
    dropView = (g) => {
      if (g.#view) retire(g.#view, 'was g.position before its game\'s next action (or dispose): '
        + 'read g.position again, or keep g.position.copy()');
      g.#view = null;
    };
  }
  /** The seat to move, null when the game is over. */
  get toMove() { return toMoveOf(this)[0]; }
  /** Whose marbles the seat to move moves (a partner's in team games). */
  get marblesOf() { return toMoveOf(this)[1]; }
  get isOver() { return stateOf(this)[0]; }
  get endReason() { return stateOf(this)[1]; }
  get isDraw() { return stateOf(this)[2]; }
  get turns() { return countersOf(this)[0]; }
  get round() { return countersOf(this)[1]; }
  /** Actions that undo can take back. */
  get actions() { return countersOf(this)[2]; }
  /** {status, place, outReason, movesMade, turnsTaken, reserveMs} of a seat. */
  seat(s) {
    s = int(s, 'seat');
    return call((f) => {
      const p = f.alloc(SEAT_INFO_SIZE);
      check(X.sh_game_seat(ptrOf(this, Game), s, p, SEAT_INFO_SIZE));
      refresh();
      const g = (o) => view.getInt32(p + o, true);
      return {
        status: seatStatusWord[g(0)], place: g(4), outReason: outReasonWord[g(8)],
        movesMade: g(12), turnsTaken: g(16), reserveMs: Number(view.getBigInt64(p + 24, true)),
      };
    });
  }
  // Through Game.prototype, not this.seat: `this` may be any object, and the
  // check must come first.
  status(s) { return Game.prototype.seat.call(this, s).status; }
  place(s) { return Game.prototype.seat.call(this, s).place; }
  /** places[p] for the six points: 1 (best)..N, 0 not placed or not played. */
  get places() {
    return call((f) => {
      const out = f.alloc(24);
      check(X.sh_game_places(ptrOf(this, Game), out));
      return ints(out, 6);
    });
  }
  legalMoves() { return arrayOut(X.sh_game_legal_moves, [ptrOf(this, Game)], 8, readMoves); }
  /**
   * The move text names ('l2-l3', 'm1-m3-k5': hops checked), read as apply
   * reads it: for the seat to move, with the marbles it moves now (its
   * partner's once it has arrived, SPEC §5). Throws MoveError when it is no
   * legal move now, StateError when the game is over.
   */
  parseMove(text) { return parseMoveOf(this, text); }
  /** Throws (MoveError, or StateError when over) with the reason unless the move is legal now. */
  check(m) {
    m = moveOf(this, m);
    check(X.sh_game_check(ptrOf(this, Game), m.from, m.to));
  }
  /** True when the legal move brings a marble home after its seat's deadline,
   * putting that seat out (SPEC rule 7's mark; the deadline move itself is not marked). */
  eliminates(m) {
    m = moveOf(this, m);
    return intOut(X.sh_game_eliminates, ptrOf(this, Game), m.from, m.to) !== 0;
  }
  /** Whether the legal move, played now, puts a seat out, and why: OutReason.RETURN_HOME
   * for the moves eliminates() marks, OutReason.DEADLINE for the mover's deadline move when
   * it leaves at home a marble that could still move (rule 7), else OutReason.NONE. */
  putsOut(m) {
    m = moveOf(this, m);
    return outReasonWord[intOut(X.sh_game_puts_out, ptrOf(this, Game), m.from, m.to)];
  }
  /** Plays a move (Move or text) of the seat to move; elapsedMs goes to its clock. */
  apply(m, elapsedMs = 0) {
    const ms = ms64(elapsedMs, 'elapsedMs');
    if (typeof m === 'string') call((f) => check(X.sh_game_apply_text(ptrOf(this, Game), f.str(str(m, 'move', MoveError)), ms)));
    else {
      m = plainMove(m);
      check(X.sh_game_apply(ptrOf(this, Game), m.from, m.to, ms));
    }
    dropView(this);
    return this;
  }
  resign(s) {
    check(X.sh_game_resign(ptrOf(this, Game), int(s, 'seat')));
    dropView(this);
  }
  /** The flag of the seat to move falls: its reserve becomes 0, and the table's
   * flag rule applies (a resignation, or on 004 the move the table plays). */
  flag() {
    check(X.sh_game_flag(ptrOf(this, Game)));
    dropView(this);
  }
  /** Takes back up to n actions with their automatic passes; returns how many. */
  undo(n = 1) {
    const undone = intOut(X.sh_game_undo, ptrOf(this, Game), int(n, 'n'));
    dropView(this);
    return undone;
  }
  /** Clocks for every seat: a reserve and an increment per move (before the first action). */
  setClock(reserveMs, incrementMs = 0) {
    check(X.sh_game_set_clock(ptrOf(this, Game), ms64(reserveMs, 'reserveMs'), ms64(incrementMs, 'incrementMs')));
  }
  /** Events from index `first` on: {kind, seat, owner, move, place, outReason, endReason, byFlag}. */
  eventsFrom(first = 0) {
    size(first, 'first');
    // sh_game_events(game, first, out, event_size, cap, count): the size sits between out and cap.
    const events = (g, f, out, cap, count) => X.sh_game_events(g, f, out, EVENT_SIZE, cap, count);
    return arrayOut(events, [ptrOf(this, Game), first], EVENT_SIZE, (p, n) => {
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
  get events() { return Game.prototype.eventsFrom.call(this, 0); }
  /** One event as a line ('move W m3-m4', 'arrive W place 1', ...). */
  eventText(i) { return textOut(X.sh_game_event_text, ptrOf(this, Game), size(i, 'index')); }
  /** The record so far; a line break every perLine turns (0: one line). */
  record(perLine = 10) { return textOut(X.sh_game_record, ptrOf(this, Game), int(perLine, 'perLine')); }
  /** n random games under every rule: [{places (by point), turns}]. */
  playouts(n, maxTurns = 1000, seed = 0) {
    n = playoutCount(n);
    int(maxTurns, 'maxTurns');
    const s = seed64(seed);
    return call((f) => {
      const p = f.alloc(24 * Math.max(n, 1)), t = f.alloc(4 * Math.max(n, 1));
      check(X.sh_game_playouts(ptrOf(this, Game), n, maxTurns, s, p, t));
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
      check(X.sh_game_rating_changes(ptrOf(this, Game), rp, r.length, num(k, 'k'), num(kPrime, 'kPrime'), out));
      return Array.from(new Float64Array(memory.buffer, out, r.length));
    });
  }
}

// The class's helpers are functions of the game, not #methods or members
// reached through `this`: a #method called on a wrong `this` is V8's
// TypeError, which does not say what `this` was, and a member is whatever
// the prototype (which user code can swap) has. Here ptrOf's check comes first.
function toMoveOf(g) {
  return call((f) => {
    const s = f.alloc(4), o = f.alloc(4);
    check(X.sh_game_to_move(ptrOf(g, Game), s, o));
    return [i32(s), i32(o)].map((v) => (v === D.SH_NO_SEAT ? null : v));
  });
}
function stateOf(g) {
  return call((f) => {
    const o = f.alloc(4), e = f.alloc(4), d = f.alloc(4);
    check(X.sh_game_state(ptrOf(g, Game), o, e, d));
    return [i32(o) !== 0, endReasonWord[i32(e)], i32(d) !== 0];
  });
}
function countersOf(g) {
  return call((f) => {
    const t = f.alloc(4), r = f.alloc(4), a = f.alloc(4);
    check(X.sh_game_counters(ptrOf(g, Game), t, r, a));
    return [i32(t), i32(r), i32(a)];
  });
}
function parseMoveOf(g, text) {
  const h = ptrOf(g, Game);
  str(text, 'move', MoveError);
  return call((f) => {
    const out = f.alloc(8);
    check(X.sh_game_parse_move(h, f.str(text), out));
    const a = ints(out, 2);
    return new Move(a[0], a[1]);
  });
}
// A move argument. Text is the game's to read (parseMoveOf), not the
// position's: the position knows neither whose marbles the seat moves now
// nor that the game is over.
const moveOf = (g, m) => (typeof m === 'string' ? parseMoveOf(g, m) : plainMove(m));

// An array argument copied into a plain array, each entry checked: its
// length read once and each entry once, by index, and only the copy used
// after. Read again, a Proxy (Array.isArray takes one) could answer
// otherwise: a longer length sent C memory the caller never wrote, and an
// entry could change after its check.
function arrayOf(a, what, kind, each) {
  if (!Array.isArray(a)) throw new TypeError(`${what} must be an array of ${kind}`);
  const n = a.length, out = [];
  for (let i = 0; i < n; ++i) out.push(each(a[i], `${what}[${i}]`));
  return out;
}
const doubles = (a, what) => arrayOf(a, what, 'numbers', (v, w) => num(v, w));

/** Rating changes of n players from places (1 = best) and ratings (SPEC §6). */
export function ratingChanges(places, ratings, k = 32, kPrime = 0) {
  const p = arrayOf(places, 'places', 'integers', (v, w) => int(v, w));
  const r = doubles(ratings, 'ratings');
  if (p.length !== r.length)
    throw new ShRangeError('SH_ERR_RANGE', `${p.length} places but ${r.length} ratings`);
  const n = p.length;
  return call((f) => {
    const pp = f.alloc(4 * Math.max(n, 1)), rp = f.alloc(8 * Math.max(n, 1)), out = f.alloc(8 * Math.max(n, 1));
    refresh();
    new Int32Array(memory.buffer, pp, n).set(p);
    new Float64Array(memory.buffer, rp, n).set(r);
    check(X.sh_rating_changes(pp, rp, n, num(k, 'k'), num(kPrime, 'kPrime'), out));
    return Array.from(new Float64Array(memory.buffer, out, n));
  });
}
