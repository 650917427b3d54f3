// constants.js — the header's constants, and its enums as words
// (EndReason.ALL_PLACED === 'all-placed') with the maps from C values back to
// words that Game reads seats and events with. Apart because they are data.
// They come from abi.js, made at build time, so they exist before init() has
// loaded the module.
import { defines as D, enums, words } from '../abi.js';

export const NUM_CELLS = D.SH_NUM_CELLS;
export const MAX_SEATS = D.SH_MAX_SEATS;
export const PACKED_SIZE = D.SH_PACKED_SIZE;
export const PACKED_EMPTY = D.SH_PACKED_EMPTY;
export const PACKED_KING = D.SH_PACKED_KING;
export const MAX_MOVES = D.SH_MAX_MOVES;
export const SEAT_LETTERS = 'WRBKYG';
/** Action ids of an env: the move (from, to) is the action from * 121 + to (SH_ENV_NUM_ACTIONS). */
export const NUM_ACTIONS = D.SH_ENV_NUM_ACTIONS;
/** Planes of an env's observation (SH_ENV_NUM_PLANES). */
export const NUM_PLANES = D.SH_ENV_NUM_PLANES;
/** No action: what sampleLegal gives for a game that has ended (SH_ENV_NO_ACTION). */
export const NO_ACTION = D.SH_ENV_NO_ACTION;

// A C enum as {NAME: 'word'}: SH_END_ALL_PLACED -> EndReason.ALL_PLACED === 'all-placed',
// the word the library's event lines use (sh_<enum>_name's, which
// tools/words.mjs wrote into abi.js); an enum with no name function has its
// value's name in lower case. word[n] maps the C value back.
function enumOf(cName, prefix) {
  const e = {}, byValue = [];
  for (const [k, v] of Object.entries(enums[cName])) {
    const key = k.slice(prefix.length);
    e[key] = words[cName]?.[k] ?? key.toLowerCase().replaceAll('_', '-');
    byValue[v] = e[key];
  }
  return [Object.freeze(e), byValue];
}
const [SeatStatus_, seatStatusWord] = enumOf('sh_seat_status', 'SH_SEAT_');
const [EventKind_, eventKindWord] = enumOf('sh_event_kind', 'SH_EVENT_');
const [EndReason_, endReasonWord] = enumOf('sh_end_reason', 'SH_END_');
const [OutReason_, outReasonWord] = enumOf('sh_out_reason', 'SH_OUT_');
const [ObsLayout_, obsLayoutWord] = enumOf('sh_obs_layout', 'SH_OBS_');
const [ObsType_, obsTypeWord] = enumOf('sh_obs_dtype', 'SH_OBS_');
const [RewardKind_, rewardKindWord] = enumOf('sh_reward_kind', 'SH_REWARD_');
/** Seat status words: NOT_PLAYED 'not-played', PLAYING 'playing', ARRIVED 'arrived', OUT 'out'. */
export const SeatStatus = SeatStatus_;
/** Event kinds: MOVE 'move', PASS 'pass', ARRIVAL 'arrival', OUT, RESIGN, FLAG, DRAW, END. */
export const EventKind = EventKind_;
/** Why a game ended: NONE, ALL_PLACED 'all-placed', FIRST_ARRIVAL, LAST_REPLY, LIMIT, ... */
export const EndReason = EndReason_;
/** Why a seat is out: NONE, DEADLINE 'deadline', RETURN_HOME, RESIGNED, PARTNER. */
export const OutReason = OutReason_;

/** An env's observation layout: CELLS 'cells' (12, 121), GRID 'grid' (12, 17, 17). */
export const ObsLayout = ObsLayout_;
/** An env's observation values: FLOAT32 'float32', UINT8 'uint8'. */
export const ObsType = ObsType_;
/** What a game's end is worth in an env: RANK 'rank', WIN 'win'. */
export const RewardKind = RewardKind_;

export { seatStatusWord, eventKindWord, endReasonWord, outReasonWord, obsLayoutWord, obsTypeWord, rewardKindWord };
