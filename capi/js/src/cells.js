// cells.js — the library's version, the board's geometry (cell names,
// coordinates, neighbours, camps), seats by letter and the presets: the free
// functions, which need no handle. Apart from the classes, which take a cell
// as an index or a name through cellArg.
import { defines as D } from '../abi.js';
import { CellError, SeatError } from './errors.js';
import { X, need, cString, u8, view, refresh } from './wasm.js';
import { int, str, shown } from './checks.js';
import { call, check, i32, ints, textOut, cellsOut, intOut } from './call.js';
import { SEAT_LETTERS } from './constants.js';

/** "MAJOR.MINOR.PATCH" of the library. */
export function version() { return cString(X.sh_version()); }

/** The cell index of a name ('k3'). */
export function parseCell(name) {
  str(name, 'cell name', CellError);
  return call((f) => {
    const out = f.alloc(4);
    check(X.sh_cell_from_name(f.str(name), out));
    return i32(out);
  });
}
export function cellName(c) { return textOut(X.sh_cell_name, int(c, 'cell')); }
/** Axial coordinates [q, r] (q = line - 9, r = row - 9). */
export function axial(c) {
  c = cellArg(c);
  return call((f) => {
    const q = f.alloc(4), r = f.alloc(4);
    check(X.sh_cell_axial(c, q, r));
    return [i32(q), i32(r)];
  });
}
export function cellAt(q, r) { return intOut(X.sh_cell_at, int(q, 'q'), int(r, 'r')); }
/** Neighbours in directions E, W, UR, UL, DL, DR; null off the star. */
export function neighbours(c) {
  c = cellArg(c);
  return call((f) => {
    const out = f.alloc(24);
    check(X.sh_cell_neighbours(c, out));
    return ints(out, 6).map((n) => (n === D.SH_NO_CELL ? null : n));
  });
}
/** The point 0..5 the cell lies in, or null in the central hexagon. */
export function pointOf(c) {
  const p = intOut(X.sh_cell_point, cellArg(c));
  return p < 0 ? null : p;
}
/** Drawing coordinates [x, y]: x = q + r/2, y = r·√3/2. */
export function xy(c) {
  c = cellArg(c);
  return call((f) => {
    const x = f.alloc(8), y = f.alloc(8);
    check(X.sh_cell_xy(c, x, y));
    refresh();
    return [view.getFloat64(x, true), view.getFloat64(y, true)];
  });
}
/** The cell turned k sixths of a turn clockwise. */
export function rotate(c, k) { return intOut(X.sh_cell_rotate, cellArg(c), int(k, 'k')); }
export function reflect(c) { return intOut(X.sh_cell_reflect, cellArg(c)); }
export function cellDistance(a, b) { return intOut(X.sh_cell_distance, cellArg(a), cellArg(b)); }
/** The cells of point p (10 marbles) or of its 15-cell camp, sorted. */
export function campCells(p, marbles = 10) {
  return cellsOut(X.sh_camp_cells, int(p, 'point'), int(marbles, 'marbles'));
}
export function tipCell(p) { return intOut(need('sh_tip_cell', 'sh_point_tip'), int(p, 'point')); }
/** Cells foreign to the seat on point p (SPEC §3), sorted. */
export function foreignCells(p) { return cellsOut(X.sh_foreign_cells, int(p, 'point')); }
export function seatLetter(s) {
  return call((f) => {
    const out = f.alloc(1);
    check(X.sh_seat_letter(int(s, 'seat'), out));
    return String.fromCharCode(u8[out]);
  });
}
/** The seat of a letter ('K' -> 3): one of SEAT_LETTERS, nothing else. */
export function seatFromLetter(letter) {
  if (typeof letter !== 'string') throw new TypeError(`seat letter must be a string, not ${typeof letter}`);
  // Checked here, in C's words: C takes one byte, and a character past
  // U+00FF (or half of a surrogate pair) would reach it cut to its low byte.
  if (letter.length !== 1 || !SEAT_LETTERS.includes(letter))
    throw new SeatError('SH_ERR_SEAT', `'${shown(letter)}' is not a seat letter (W R B K Y G)`);
  return intOut(X.sh_seat_from_letter, letter.charCodeAt(0));
}
/** The preset ids (SPEC §7). */
export function presets() {
  const n = X.sh_preset_count();
  const ids = [];
  for (let i = 0; i < n; ++i) ids.push(textOut(X.sh_preset_id, i));
  return ids;
}

// A cell: an index 0..120 or a name ('k3').
export function cellArg(c, what = 'cell') {
  return typeof c === 'string' ? parseCell(c) : int(c, what);
}
