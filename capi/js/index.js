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
// message. Handles (Rules, Position, Game, Player, VecEnv) own wasm memory: free it
// with dispose() (or `using`); a FinalizationRegistry frees what is dropped
// undisposed, at a time of the garbage collector's choosing.
//
// Cells are the SPEC's indices 0..120 (parseCell('i9') === 60), seats the
// points 0..5 (letters WRBKYG), "no seat" is null, a move is a Move {from, to}
// printed with cell names ('k3-k5'); wherever a move is taken, a Move, any
// {from, to} object, a [from, to] pair or a move text ('k3-k5') is accepted.
//
// The package's modules, in src/ (one concept each; each imports only those
// above it, so there is no cycle):
//   errors.js     the Error classes and the status tables
//   wasm.js       loading the module; its exports and memory views
//   checks.js     argument checks, before anything reaches C
//   call.js       one call's scratch memory, results read back, check()
//   constants.js  the header's constants and enums
//   cells.js      the free functions: version, geometry, seats, presets
//   moves.js      Move
//   handle.js     what the handles share: the private pointer, dispose()
//   rules.js, position.js, game.js, player.js   the handles
//   env.js        RL: an env's options and spec, actions <-> moves, symmetries
//   vec_env.js    RL: VecEnv, N games stepped in one call, and its buffers
//   stats.js      match statistics: Elo from counts, the SPRT, MatchStats
// This file only names what is public.
export {
  SternhalmaError, NullError, BufferTooSmall, CellError, MoveError, ParseError, PresetError,
  OptionError, StateError, SeatError, RangeError, MemoryError, InternalError, LimitError,
} from './src/errors.js';
export {
  NUM_CELLS, MAX_SEATS, PACKED_SIZE, PACKED_EMPTY, PACKED_KING, MAX_MOVES, SEAT_LETTERS,
  NUM_ACTIONS, NUM_PLANES, NO_ACTION,
  SeatStatus, EventKind, EndReason, OutReason, ObsLayout, ObsType, RewardKind,
} from './src/constants.js';
export {
  version, parseCell, cellName, axial, cellAt, neighbours, pointOf, xy, rotate, reflect,
  cellDistance, campCells, tipCell, foreignCells, seatLetter, seatFromLetter, presets,
} from './src/cells.js';
export { Move } from './src/moves.js';
export { Rules } from './src/rules.js';
export { Position } from './src/position.js';
export { Game, ratingChanges } from './src/game.js';
export { Player } from './src/player.js';
export { envDefaults, actionOf, moveOf, tableSymmetries, applySymmetryAction } from './src/env.js';
export { VecEnv } from './src/vec_env.js';
export {
  MAX_MATCH_GAMES, MAX_STATS_COUNT, MAX_SPRT_ELO, SprtDecision, eloFromWdl, eloFromPentanomial,
  checkSprt, sprt, MatchStats,
} from './src/stats.js';
