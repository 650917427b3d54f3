// api.js — every public name of the package, the same for both entries
// (index.js for Node, browser.js for browsers and bundlers), which add only
// their own init(). This file only names what is public.
export {
  SternhalmaError, NullError, BufferTooSmall, CellError, MoveError, ParseError, PresetError,
  OptionError, StateError, SeatError, RangeError, MemoryError, InternalError, LimitError,
} from './errors.js';
export {
  NUM_CELLS, MAX_SEATS, PACKED_SIZE, PACKED_EMPTY, PACKED_KING, MAX_MOVES, SEAT_LETTERS,
  NUM_ACTIONS, NUM_PLANES, NO_ACTION,
  SeatStatus, EventKind, EndReason, OutReason, ObsLayout, ObsType, RewardKind,
} from './constants.js';
export {
  version, parseCell, cellName, axial, cellAt, neighbours, pointOf, xy, rotate, reflect,
  cellDistance, campCells, tipCell, foreignCells, seatLetter, seatFromLetter, presets,
} from './cells.js';
export { Move } from './moves.js';
export { Rules } from './rules.js';
export { Position } from './position.js';
export { Game, ratingChanges } from './game.js';
export { Player } from './player.js';
export { envDefaults, actionOf, moveOf, tableSymmetries, applySymmetryAction } from './env.js';
export { VecEnv } from './vec_env.js';
export {
  MAX_MATCH_GAMES, MAX_STATS_COUNT, MAX_SPRT_ELO, SprtDecision, eloFromWdl, eloFromPentanomial,
  checkSprt, sprt, MatchStats,
} from './stats.js';
