// position.js — Position: a board, the seat to move and the round, with its
// moves, paths, perft and playouts under no game rules. Apart from Game,
// which adds the game's rules, clocks and record around a position.
import { defines as D } from '../abi.js';
import { MoveError, ParseError, ShRangeError, StateError } from './errors.js';
import { X, need, u8, view, refresh } from './wasm.js';
import { int, size, seed64, str, ownBytes } from './checks.js';
import { call, check, i32, u32, ints, textOut, arrayOut, cellsOut, intOut } from './call.js';
import { cellArg } from './cells.js';
import { Move, plainMove, readMoves } from './moves.js';
import { Handle, MADE_HERE, ptrOf, newHandle, handleOf, isLent } from './handle.js';
import { Rules, optRules } from './rules.js';

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
  copy() { return new Position(MADE_HERE, newHandle((f, out) => X.sh_position_clone(ptrOf(this, Position), out))); }
  /** A new Rules with the position's table. */
  get rules() { return new Rules(MADE_HERE, newHandle((f, out) => X.sh_position_rules(ptrOf(this, Position), out))); }
  get text() { return textOut(X.sh_position_to_text, ptrOf(this, Position)); }
  toString() { return textOut(X.sh_position_to_text, ptrOf(this, Position)); }
  render() { return textOut(X.sh_position_render, ptrOf(this, Position)); }
  get toMove() { return intOut(X.sh_position_to_move, ptrOf(this, Position)); }
  get round() { return intOut(X.sh_position_round, ptrOf(this, Position)); }
  /** The 64-bit position hash, a BigInt. */
  get hash() {
    return call((f) => {
      const out = f.alloc(8);
      check(X.sh_position_hash(ptrOf(this, Position), out));
      refresh();
      return view.getBigUint64(out, true);
    });
  }
  /** The seat whose marble is on the cell, or null. */
  owner(c) { const s = ownerOf(this, c)[0]; return s === D.SH_NO_SEAT ? null : s; }
  isKing(c) { return ownerOf(this, c)[1] !== 0; }
  /** The cells of a seat's marbles, sorted. */
  pieces(s) { return cellsOut(X.sh_position_pieces, ptrOf(this, Position), int(s, 'seat')); }
  pack() {
    return call((f) => {
      const out = f.alloc(D.SH_PACKED_SIZE);
      check(X.sh_position_pack(ptrOf(this, Position), out));
      refresh();
      return u8.slice(out, out + D.SH_PACKED_SIZE);
    });
  }
  /** The legal moves of the seat to move, sorted by (from, to). */
  legalMoves() { return arrayOut(X.sh_position_legal_moves, [ptrOf(this, Position)], 8, readMoves); }
  countMoves() {
    return call((f) => {
      const out = f.alloc(4);
      check(X.sh_position_count_moves(ptrOf(this, Position), out));
      return u32(out);
    });
  }
  /** The destinations of the marble on `from` under its owner's rules, sorted. */
  destinations(from) { return cellsOut(X.sh_position_destinations, ptrOf(this, Position), cellArg(from, 'from')); }
  isLegal(m) {
    m = moveOf(this, m);
    return intOut(X.sh_position_is_legal, ptrOf(this, Position), m.from, m.to) !== 0;
  }
  /** Cells where the seat may not end a move. */
  closedCells(s) { return cellsOut(X.sh_position_closed_cells, ptrOf(this, Position), int(s, 'seat')); }
  /** The canonical route of a legal move: cells, both ends included. */
  canonicalPath(m) {
    m = moveOf(this, m);
    return cellsOut(X.sh_position_canonical_path, ptrOf(this, Position), m.from, m.to);
  }
  /** Up to `limit` routes of a move: {paths: [[cells]], truncated}. */
  allPaths(m, limit = 100) {
    m = moveOf(this, m);
    size(limit, 'limit');
    return call((f) => {
      const count = f.alloc(4), paths = f.alloc(4), trunc = f.alloc(4);
      check(X.sh_position_all_paths(ptrOf(this, Position), m.from, m.to, limit, 0, 0, count, 0, 0));
      const n = u32(count);
      const out = f.alloc(4 * Math.max(n, 1));
      check(X.sh_position_all_paths(ptrOf(this, Position), m.from, m.to, limit, out, n, count, paths, trunc));
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
      check(X.sh_position_parse_move(ptrOf(this, Position), f.str(text), out));
      const a = ints(out, 2);
      return new Move(a[0], a[1]);
    });
  }
  /** The canonical route of a legal move as text. */
  formatMove(m) {
    m = moveOf(this, m);
    return textOut(X.sh_position_format_move, ptrOf(this, Position), m.from, m.to);
  }
  /** Plays a legal move with no game rules; a game's view (g.position) is read-only. */
  play(m) {
    ptrOf(this, Position);
    if (isLent(this))
      throw new StateError('SH_ERR_STATE', 'this Position is g.position, its game\'s read-only view: '
        + 'play the move on the game, or on g.position.copy()');
    m = moveOf(this, m);
    check(X.sh_position_play(ptrOf(this, Position), m.from, m.to));
    return this;
  }
  /** Leaf count of the move tree to `depth` (SPEC §10), a number. */
  perft(depth) {
    int(depth, 'depth');
    return call((f) => {
      const out = f.alloc(8);
      check(X.sh_perft(ptrOf(this, Position), depth, out));
      refresh();
      return safeNumber(view.getBigUint64(out, true));
    });
  }
  /** [{move, nodes}] — perft(depth - 1) after each first move, sorted by move. */
  divide(depth) {
    int(depth, 'depth');
    return call((f) => {
      const count = f.alloc(4);
      check(X.sh_divide(ptrOf(this, Position), depth, 0, 0, 0, count));
      const n = u32(count);
      const moves = f.alloc(8 * Math.max(n, 1)), nodes = f.alloc(8 * Math.max(n, 1));
      check(X.sh_divide(ptrOf(this, Position), depth, moves, nodes, n, count));
      const ms = readMoves(moves, u32(count));
      refresh();
      return ms.map((move, i) => ({ move, nodes: safeNumber(view.getBigUint64(nodes + 8 * i, true)) }));
    });
  }
  /** The goal (assignment) distance of a seat (SPEC §4 rule 10). */
  goalDistance(s) { return distanceOf(this, s)[0]; }
  tipDistance(s) { return distanceOf(this, s)[1]; }
  marblesInGoal(s) { return distanceOf(this, s)[2]; }
  /** n random playouts with no game rules: [{winner (seat or null), plies}]. */
  playouts(n, maxPlies = 1000, seed = 0) {
    n = playoutCount(n);
    int(maxPlies, 'maxPlies');
    const s = seed64(seed);
    return call((f) => {
      const w = f.alloc(4 * Math.max(n, 1)), p = f.alloc(4 * Math.max(n, 1));
      check(need('sh_position_playouts', 'sh_random_playouts')(ptrOf(this, Position), n, maxPlies, s, w, p));
      const ws = ints(w, n), ps = ints(p, n);
      return ws.map((winner, i) => ({ winner: winner === D.SH_NO_SEAT ? null : winner, plies: ps[i] }));
    });
  }
}

// The class's helpers are functions of the position, not #methods or members
// reached through `this`: a #method called on a wrong `this` is V8's
// TypeError, which does not say what `this` was, and a member is whatever
// the prototype (which user code can swap) has. Here ptrOf's check comes first.
function ownerOf(p, c) {
  c = cellArg(c);
  return call((f) => {
    const s = f.alloc(4), k = f.alloc(4);
    check(X.sh_position_owner(ptrOf(p, Position), c, s, k));
    return [i32(s), i32(k)];
  });
}
// A move argument; text is read against the position.
const moveOf = (p, m) => (typeof m === 'string' ? Position.prototype.parseMove.call(p, m) : plainMove(m));
function distanceOf(p, s) {
  s = int(s, 'seat');
  return call((f) => {
    const g = f.alloc(4), t = f.alloc(4), n = f.alloc(4);
    check(X.sh_position_distance(ptrOf(p, Position), s, g, t, n));
    return [i32(g), i32(t), i32(n)];
  });
}

function safeNumber(b) {
  if (b > BigInt(Number.MAX_SAFE_INTEGER)) throw new ShRangeError('SH_ERR_RANGE', `count ${b} exceeds 2^53`);
  return Number(b);
}

// Playouts fill caller arrays: their number is bounded here as in C
// (SH_MAX_PLAYOUTS, 1,000,000: 28 MB of results).
const MAX_PLAYOUTS = D.SH_MAX_PLAYOUTS ?? 1000000;
export function playoutCount(n) { return int(n, 'n', 0, MAX_PLAYOUTS); }
