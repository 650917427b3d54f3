// moves.js — Move {from, to}, and the ways a move comes in: a move argument
// that is not text (plainMove) and C's arrays of from/to pairs (readMoves).
// Apart because Position, Game and Player all take and give moves.
import { int } from './checks.js';
import { ints } from './call.js';
import { cellName } from './cells.js';

/** A move (from, to); printed with cell names. */
export class Move {
  constructor(from, to) {
    this.from = int(from, 'move.from');
    this.to = int(to, 'move.to');
    Object.freeze(this);
  }
  toString() { return `${cellName(this.from)}-${cellName(this.to)}`; }
  equals(m) { return m != null && m.from === this.from && m.to === this.to; }
}

// A move argument that is not text: a Move, {from, to} or [from, to].
export function plainMove(m) {
  if (m instanceof Move) return m;
  if (Array.isArray(m) && m.length === 2) return new Move(m[0], m[1]);
  if (m && typeof m === 'object' && 'from' in m && 'to' in m) return new Move(m.from, m.to);
  throw new TypeError('a move must be a Move, {from, to}, [from, to] or a move text');
}

export const readMoves = (p, n) => {
  const a = ints(p, 2 * n), out = new Array(n);
  for (let i = 0; i < n; ++i) out[i] = new Move(a[2 * i], a[2 * i + 1]);
  return out;
};
