//! Raw declarations of libsternhalma's C ABI, `capi/sternhalma.h`, one for
//! one: the `extern "C"` functions, the `#[repr(C)]` structs and the `SH_*`
//! constants, and the build script that finds or builds the library
//! (`links = "sternhalma"`).
//!
//! Every item is the header's item of the same name, and the header is its
//! documentation: arguments, statuses and ceilings are written there once.
//! Everything here is `unsafe` to call and checks nothing; the `sternhalma`
//! crate is the safe binding over it.
#![deny(missing_docs)]
#![allow(non_camel_case_types)]
use std::os::raw::{c_char, c_int, c_uint, c_uchar, c_double, c_void};

/// `sh_status` of sternhalma.h: `SH_OK` (0) or an `SH_ERR_*` code.
pub type sh_status = c_int;
/// `SH_OK` of sternhalma.h: the status of a call that succeeded.
pub const SH_OK: sh_status = 0;
/// `SH_NO_CELL` of sternhalma.h: no cell: an end marker, a missing neighbour.
pub const SH_NO_CELL: c_int = -1;
/// `SH_NO_SEAT` of sternhalma.h: no seat.
pub const SH_NO_SEAT: c_int = -1;
/// `SH_PACKED_SIZE` of sternhalma.h: bytes of a packed position.
pub const SH_PACKED_SIZE: usize = 128;
/// `SH_MAX_MOVES` of sternhalma.h: the most legal moves any position can have.
pub const SH_MAX_MOVES: usize = 1590;
/// `SH_MAX_SEATS` of sternhalma.h: the points of the star, hence seats.
pub const SH_MAX_SEATS: usize = 6;
/// `SH_MAX_PLAYOUTS` of sternhalma.h: the most playouts of one call.
pub const SH_MAX_PLAYOUTS: usize = 1_000_000;
/// `SH_MAX_PLAYOUT_TURNS` of sternhalma.h: the most turns of one playout, and of all the playouts of one call.
pub const SH_MAX_PLAYOUT_TURNS: u32 = 2_000_000;
/// `SH_MAX_CLOCK_MS` of sternhalma.h: the largest clock reserve or increment.
pub const SH_MAX_CLOCK_MS: i64 = 1_000_000_000_000;
/// `SH_MAX_BUDGET_MS` of sternhalma.h: the largest time budget of a player per move.
pub const SH_MAX_BUDGET_MS: i64 = 3_600_000;
/// `SH_MAX_SEARCH_THREADS` of sternhalma.h: the most search threads of one expert player.
pub const SH_MAX_SEARCH_THREADS: c_int = 16;
/// `SH_ENV_NUM_ACTIONS` of sternhalma.h (121 * 121).
pub const SH_ENV_NUM_ACTIONS: usize = 14641;
/// `SH_ENV_NUM_PLANES` of sternhalma.h: planes of an observation.
pub const SH_ENV_NUM_PLANES: usize = 12;
/// `SH_ENV_NO_ACTION` of sternhalma.h: no action: a game that has ended.
pub const SH_ENV_NO_ACTION: i32 = -1;
/// `SH_ENV_MAX_ENVS` of sternhalma.h (the ceiling of num_envs).
pub const SH_ENV_MAX_ENVS: usize = 1_048_576;
/// `SH_OBS_CELLS` of sternhalma.h: sh_obs_layout: one plane row of 121 cells.
pub const SH_OBS_CELLS: c_int = 0;
/// `SH_OBS_GRID` of sternhalma.h: sh_obs_layout: 17 x 17 planes.
pub const SH_OBS_GRID: c_int = 1;
/// `SH_OBS_FLOAT32` of sternhalma.h: sh_obs_dtype: float observations.
pub const SH_OBS_FLOAT32: c_int = 0;
/// `SH_OBS_UINT8` of sternhalma.h: sh_obs_dtype: byte observations.
pub const SH_OBS_UINT8: c_int = 1;
/// `SH_REWARD_RANK` of sternhalma.h: sh_reward_kind: rewards by place.
pub const SH_REWARD_RANK: c_int = 0;
/// `SH_REWARD_WIN` of sternhalma.h: sh_reward_kind: rewards for a win only.
pub const SH_REWARD_WIN: c_int = 1;
/// `SH_ACTION_BOARD` of sternhalma.h: sh_action_frame: actions in the board's cells.
pub const SH_ACTION_BOARD: c_int = 0;
/// `SH_ACTION_OBSERVER` of sternhalma.h: sh_action_frame: actions in the player's view.
pub const SH_ACTION_OBSERVER: c_int = 1;

/// `sh_rules` of sternhalma.h: a table's rules (opaque handle).
#[repr(C)] pub struct sh_rules { _p: [u8; 0] }
/// `sh_position` of sternhalma.h: a position of a table (opaque handle).
#[repr(C)] pub struct sh_position { _p: [u8; 0] }
/// `sh_game` of sternhalma.h: a game with its history (opaque handle).
#[repr(C)] pub struct sh_game { _p: [u8; 0] }
/// `sh_player` of sternhalma.h: a computer player (opaque handle).
#[repr(C)] pub struct sh_player { _p: [u8; 0] }
/// `sh_env` of sternhalma.h: a vector of games for reinforcement learning (opaque handle).
#[repr(C)] pub struct sh_env { _p: [u8; 0] }
/// `sh_match_stats` of sternhalma.h: the statistics of a match (opaque handle).
#[repr(C)] pub struct sh_match_stats { _p: [u8; 0] }

/// `sh_move` of sternhalma.h: a move by cell index.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct sh_move {
    /// The cell the marble leaves.
    pub from: c_int,
    /// The cell it ends on.
    pub to: c_int,
}

/// `sh_event` of sternhalma.h: one event of a game.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct sh_event {
    /// An `sh_event_kind`.
    pub kind: c_int,
    /// Who moved, passed, arrived, ... (`SH_NO_SEAT`: none).
    pub seat: c_int,
    /// `SH_EVENT_MOVE`: whose marble.
    pub owner: c_int,
    /// `SH_EVENT_MOVE`: the cell left (else `SH_NO_CELL`).
    pub from: c_int,
    /// `SH_EVENT_MOVE`: the cell reached (else `SH_NO_CELL`).
    pub to: c_int,
    /// `SH_EVENT_ARRIVAL` / `SH_EVENT_OUT`: the place taken.
    pub place: c_int,
    /// An `sh_out_reason`.
    pub out_reason: c_int,
    /// An `sh_end_reason` (`SH_EVENT_END`).
    pub end_reason: c_int,
    /// `SH_EVENT_MOVE` played by the table for a fallen flag.
    pub by_flag: c_int,
}

/// `sh_seat_info` of sternhalma.h: one seat's state.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct sh_seat_info {
    /// An `sh_seat_status`.
    pub status: c_int,
    /// 1 (best) .. N; 0: not placed yet.
    pub place: c_int,
    /// An `sh_out_reason`.
    pub out_reason: c_int,
    /// Own moves (the deadline counts these).
    pub moves_made: c_int,
    /// Moves and passes.
    pub turns_taken: c_int,
    /// Clock reserve (0 without clocks).
    pub reserve_ms: i64,
}

// The env's growable structs: `size` is size_of the struct as compiled here.

/// `sh_env_options` of sternhalma.h: how an env is made (growable: `size`).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct sh_env_options {
    /// The bytes of the struct as the caller knows it.
    pub size: usize,
    /// An `sh_obs_layout`.
    pub layout: c_int,
    /// An `sh_obs_dtype`.
    pub dtype: c_int,
    /// An `sh_reward_kind`.
    pub reward: c_int,
    /// Truncate a game after this many turns; 0: never.
    pub max_turns: c_int,
    /// 1: a step on an ended game resets it; 0: `SH_ERR_STATE`.
    pub auto_reset: c_int,
    /// Engine opponents by player: NULL leaves the player to the caller, a level name makes it a computer player.
    pub opponents: [*const c_char; SH_MAX_SEATS],
    /// 1: each game keeps its record; 0: playout mode, no history.
    pub record: c_int,
    /// Unread: keeps `action_frame` past the end of the 0.3 struct.
    pub reserved: c_int,
    /// An `sh_action_frame`.
    pub action_frame: c_int,
}

/// `sh_env_spec` of sternhalma.h: the shapes of an env (growable: `size`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct sh_env_spec {
    /// The bytes of the struct as the caller knows it.
    pub size: usize,
    /// Games in the env.
    pub num_envs: usize,
    /// Players of the table.
    pub num_players: c_int,
    /// Player -> seat; `SH_NO_SEAT` past `num_players`.
    pub seats: [c_int; SH_MAX_SEATS],
    /// `SH_ENV_NUM_PLANES`.
    pub planes: c_int,
    /// A plane's height: 1 (cells) or 17 (grid).
    pub height: c_int,
    /// A plane's width: 121 (cells) or 17 (grid).
    pub width: c_int,
    /// Values of one game's observation.
    pub obs_values: usize,
    /// Bytes of one game's observation.
    pub obs_bytes: usize,
    /// `SH_ENV_NUM_ACTIONS`.
    pub num_actions: c_int,
}

/// `sh_env_buffers` of sternhalma.h: where reset and step write (growable: `size`; any pointer may be NULL).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct sh_env_buffers {
    /// The bytes of the struct as the caller knows it.
    pub size: usize,
    /// `num_envs * obs_bytes`.
    pub obs: *mut c_void,
    /// `num_envs * SH_ENV_NUM_ACTIONS`, 0/1.
    pub mask: *mut u8,
    /// `num_envs * num_players`.
    pub rewards: *mut f32,
    /// `num_envs`: the game ended by its rules.
    pub terminated: *mut u8,
    /// `num_envs`: stopped by the env's `max_turns`.
    pub truncated: *mut u8,
    /// `num_envs`: the player to act.
    pub to_play: *mut i32,
    /// `num_envs * SH_MAX_MOVES`: each game's legal actions, then -1.
    pub legal: *mut i32,
    /// `num_envs`: how many legal actions each game has.
    pub num_legal: *mut i32,
}

// Match statistics.
/// `SH_MAX_MATCH_GAMES` of sternhalma.h (game indices 0..SH_MAX_MATCH_GAMES - 1).
pub const SH_MAX_MATCH_GAMES: u64 = 16_777_216;
/// `SH_MAX_STATS_COUNT` of sternhalma.h (2^50).
pub const SH_MAX_STATS_COUNT: u64 = 1 << 50;
/// `SH_MAX_SPRT_ELO` of sternhalma.h (|elo0|, |elo1| of an SPRT).
pub const SH_MAX_SPRT_ELO: f64 = 1000.0;

/// `sh_interval` of sternhalma.h: a figure and its 95 % interval.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct sh_interval {
    /// The figure.
    pub value: c_double,
    /// The interval's low end.
    pub low: c_double,
    /// The interval's high end.
    pub high: c_double,
}

/// `sh_sprt_test` of sternhalma.h: an SPRT's hypotheses and error rates (growable: `size`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct sh_sprt_test {
    /// The bytes of the struct as the caller knows it.
    pub size: usize,
    /// H0, logistic Elo; below `elo1`.
    pub elo0: c_double,
    /// H1.
    pub elo1: c_double,
    /// False positive rate.
    pub alpha: c_double,
    /// False negative rate.
    pub beta: c_double,
}

/// `sh_sprt_result` of sternhalma.h: an SPRT's state.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct sh_sprt_result {
    /// The log-likelihood ratio.
    pub llr: c_double,
    /// ln(beta / (1 - alpha)).
    pub lower: c_double,
    /// ln((1 - beta) / alpha).
    pub upper: c_double,
    /// An `sh_sprt_decision`.
    pub decision: c_int,
}

/// `sh_player_stats` of sternhalma.h: one player's figures in a match.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct sh_player_stats {
    /// Games played.
    pub games: i64,
    /// Its unit alone in place 1.
    pub wins: i64,
    /// Place 1 shared with an opponent.
    pub draws: i64,
    /// Any other place.
    pub losses: i64,
    /// Mean place (1 = best).
    pub place: sh_interval,
}
extern "C" {
    /// `sh_version` of sternhalma.h: "MAJOR.MINOR.PATCH" of the library actually loaded (static storage).
    pub fn sh_version() -> *const c_char;
    /// `sh_version_number` of sternhalma.h: MAJOR * 10000 + MINOR * 100 + PATCH of the library actually loaded.
    pub fn sh_version_number() -> c_uint;
    /// `sh_status_name` of sternhalma.h: A static name for a status ("SH_ERR_CELL"); "SH_UNKNOWN" for any other value.
    pub fn sh_status_name(status: sh_status) -> *const c_char;
    /// `sh_last_error` of sternhalma.h: The message of the last failed call on this thread ("" if none); valid until the next failing call on this thread.
    pub fn sh_last_error() -> *const c_char;

    /// `sh_cell_from_name` of sternhalma.h: The index of a cell name ("k5").
    pub fn sh_cell_from_name(name: *const c_char, cell: *mut c_int) -> sh_status;
    /// `sh_cell_name` of sternhalma.h: The name of a cell ("k5").
    pub fn sh_cell_name(cell: c_int, buf: *mut c_char, size: usize, needed: *mut usize) -> sh_status;
    /// `sh_cell_axial` of sternhalma.h: Axial coordinates q = line - 9, r = row - 9.
    pub fn sh_cell_axial(cell: c_int, q: *mut c_int, r: *mut c_int) -> sh_status;
    /// `sh_cell_at` of sternhalma.h: The cell at (q, r).
    pub fn sh_cell_at(q: c_int, r: c_int, cell: *mut c_int) -> sh_status;
    /// `sh_cell_neighbours` of sternhalma.h: `out[d]` = neighbour in direction d (E, W, UR, UL, DL, DR) or SH_NO_CELL.
    pub fn sh_cell_neighbours(cell: c_int, out: *mut c_int) -> sh_status;
    /// `sh_cell_point` of sternhalma.h: The point (0..5) the cell lies in, or -1 for the central hexagon.
    pub fn sh_cell_point(cell: c_int, point: *mut c_int) -> sh_status;
    /// `sh_cell_xy` of sternhalma.h: 2-D drawing coordinates x = q + r/2, y = r*sqrt(3)/2.
    pub fn sh_cell_xy(cell: c_int, x: *mut c_double, y: *mut c_double) -> sh_status;
    /// `sh_cell_rotate` of sternhalma.h: The cell rotated k sixths of a turn clockwise (any k).
    pub fn sh_cell_rotate(cell: c_int, k: c_int, out: *mut c_int) -> sh_status;
    /// `sh_cell_reflect` of sternhalma.h: The cell mirrored (points 1<->5, 2<->4).
    pub fn sh_cell_reflect(cell: c_int, out: *mut c_int) -> sh_status;
    /// `sh_cell_distance` of sternhalma.h: Steps between two cells.
    pub fn sh_cell_distance(a: c_int, b: c_int, steps: *mut c_int) -> sh_status;
    /// `sh_camp_cells` of sternhalma.h: The cells of point p (marbles == 10) or of its 15-cell camp (15), sorted.
    pub fn sh_camp_cells(point: c_int, marbles: c_int, out: *mut c_int, cap: usize, count: *mut usize) -> sh_status;
    /// `sh_tip_cell` of sternhalma.h: The tip cell of point p (m1 for 0, e17 for 3).
    pub fn sh_tip_cell(point: c_int, cell: *mut c_int) -> sh_status;
    /// `sh_foreign_cells` of sternhalma.h: Cells foreign to the seat on point p (rule book §3), sorted.
    pub fn sh_foreign_cells(point: c_int, out: *mut c_int, cap: usize, count: *mut usize) -> sh_status;
    /// `sh_seat_letter` of sternhalma.h: 'W' 'R' 'B' 'K' 'Y' 'G' for the seats 0..5.
    pub fn sh_seat_letter(seat: c_int, letter: *mut c_char) -> sh_status;
    /// `sh_seat_from_letter` of sternhalma.h: The seat of a letter (upper case only).
    pub fn sh_seat_from_letter(letter: c_char, seat: *mut c_int) -> sh_status;

    /// `sh_preset_count` of sternhalma.h: The number of presets (cannot fail).
    pub fn sh_preset_count() -> usize;
    /// `sh_preset_id` of sternhalma.h: The id of preset 'index' (0 .. sh_preset_count() - 1).
    pub fn sh_preset_id(index: usize, buf: *mut c_char, size: usize, needed: *mut usize) -> sh_status;
    /// `sh_rules_new` of sternhalma.h: A new rules handle holding the preset 'id'.
    pub fn sh_rules_new(id: *const c_char, out: *mut *mut sh_rules) -> sh_status;
    /// `sh_rules_clone` of sternhalma.h: A copy of a rules handle.
    pub fn sh_rules_clone(rules: *const sh_rules, out: *mut *mut sh_rules) -> sh_status;
    /// `sh_rules_free` of sternhalma.h: Frees a rules handle (NULL ok).
    pub fn sh_rules_free(rules: *mut sh_rules);
    /// `sh_rules_error` of sternhalma.h: The message of the last failed call on this handle ("" if none).
    pub fn sh_rules_error(rules: *const sh_rules) -> *const c_char;
    /// `sh_rules_id` of sternhalma.h: The table's id ("classic-2", or a custom table's own id).
    pub fn sh_rules_id(rules: *const sh_rules, buf: *mut c_char, size: usize, needed: *mut usize) -> sh_status;
    /// `sh_rules_seats` of sternhalma.h: Bit p set: point p is played.
    pub fn sh_rules_seats(rules: *const sh_rules, mask: *mut c_uint) -> sh_status;
    /// `sh_rules_seat_name` of sternhalma.h: Display name of a seat ("white", or "red"/"blue" in race-2).
    pub fn sh_rules_seat_name(rules: *const sh_rules, seat: c_int, buf: *mut c_char, size: usize, needed: *mut usize) -> sh_status;
    /// `sh_rules_get_option` of sternhalma.h: Any rule option by name, its value as text ("jumps" -> "standard").
    pub fn sh_rules_get_option(rules: *const sh_rules, name: *const c_char, buf: *mut c_char, size: usize, needed: *mut usize) -> sh_status;
    /// `sh_rules_set_option` of sternhalma.h: Sets one option from text ("zones", "free"); all or nothing.
    pub fn sh_rules_set_option(rules: *mut sh_rules, name: *const c_char, value: *const c_char) -> sh_status;
    /// `sh_rules_set_options` of sternhalma.h: Several "name = value" settings, one per line or separated by ';'; all or nothing.
    pub fn sh_rules_set_options(rules: *mut sh_rules, settings: *const c_char) -> sh_status;
    /// `sh_rules_validate` of sternhalma.h: SH_OK when the table is playable.
    pub fn sh_rules_validate(rules: *const sh_rules) -> sh_status;
    /// `sh_rules_derive_id` of sternhalma.h: Gives a table changed from a preset without an id of its own the derived id "preset+8 hex digits".
    pub fn sh_rules_derive_id(rules: *mut sh_rules) -> sh_status;
    /// `sh_rules_describe` of sternhalma.h: Every option, one "name = value" per line.
    pub fn sh_rules_describe(rules: *const sh_rules, buf: *mut c_char, size: usize, needed: *mut usize) -> sh_status;

    /// `sh_position_new` of sternhalma.h: The start position of a table.
    pub fn sh_position_new(rules: *const sh_rules, out: *mut *mut sh_position) -> sh_status;
    /// `sh_position_parse` of sternhalma.h: A preset id alone or a full position line of a preset.
    pub fn sh_position_parse(text: *const c_char, out: *mut *mut sh_position) -> sh_status;
    /// `sh_position_parse_rules` of sternhalma.h: A position line of a custom table (its id must be the table's id).
    pub fn sh_position_parse_rules(rules: *const sh_rules, text: *const c_char, out: *mut *mut sh_position) -> sh_status;
    /// `sh_position_clone` of sternhalma.h: A copy of a position handle.
    pub fn sh_position_clone(pos: *const sh_position, out: *mut *mut sh_position) -> sh_status;
    /// `sh_position_free` of sternhalma.h: Frees a position handle (NULL ok).
    pub fn sh_position_free(pos: *mut sh_position);
    /// `sh_position_error` of sternhalma.h: The message of the last failed call on this handle ("" if none).
    pub fn sh_position_error(pos: *const sh_position) -> *const c_char;
    /// `sh_position_rules` of sternhalma.h: A new rules handle with the position's table.
    pub fn sh_position_rules(pos: *const sh_position, out: *mut *mut sh_rules) -> sh_status;
    /// `sh_position_to_text` of sternhalma.h: The position line (rule book §8).
    pub fn sh_position_to_text(pos: *const sh_position, buf: *mut c_char, size: usize, needed: *mut usize) -> sh_status;
    /// `sh_position_render` of sternhalma.h: A text drawing of the board.
    pub fn sh_position_render(pos: *const sh_position, buf: *mut c_char, size: usize, needed: *mut usize) -> sh_status;
    /// `sh_position_to_move` of sternhalma.h: The seat to move.
    pub fn sh_position_to_move(pos: *const sh_position, seat: *mut c_int) -> sh_status;
    /// `sh_position_round` of sternhalma.h: Completed rounds.
    pub fn sh_position_round(pos: *const sh_position, round: *mut c_int) -> sh_status;
    /// `sh_position_hash` of sternhalma.h: The Zobrist hash of board and seat to move (the same in every process).
    pub fn sh_position_hash(pos: *const sh_position, hash: *mut u64) -> sh_status;
    /// `sh_position_owner` of sternhalma.h: The seat on the cell, or SH_NO_SEAT; *king (NULL ok) 1 for a king.
    pub fn sh_position_owner(pos: *const sh_position, cell: c_int, seat: *mut c_int, king: *mut c_int) -> sh_status;
    /// `sh_position_pieces` of sternhalma.h: The cells of a seat, sorted.
    pub fn sh_position_pieces(pos: *const sh_position, seat: c_int, out: *mut c_int, cap: usize, count: *mut usize) -> sh_status;
    /// `sh_position_pack` of sternhalma.h: The packed form of a position (its round is not kept).
    pub fn sh_position_pack(pos: *const sh_position, out: *mut c_uchar) -> sh_status;
    /// `sh_position_unpack` of sternhalma.h: A position of the table from its packed form (round 0), checked exactly as the text parser checks a position line.
    pub fn sh_position_unpack(rules: *const sh_rules, input: *const c_uchar, out: *mut *mut sh_position) -> sh_status;
    /// `sh_position_legal_moves` of sternhalma.h: Legal moves of the seat to move, sorted by (from, to).
    pub fn sh_position_legal_moves(pos: *const sh_position, out: *mut sh_move, cap: usize, count: *mut usize) -> sh_status;
    /// `sh_position_count_moves` of sternhalma.h: The number of legal moves of the seat to move.
    pub fn sh_position_count_moves(pos: *const sh_position, count: *mut usize) -> sh_status;
    /// `sh_position_destinations` of sternhalma.h: Destinations of the marble on 'from' under its owner's rules, sorted (none for an empty cell).
    pub fn sh_position_destinations(pos: *const sh_position, from: c_int, out: *mut c_int, cap: usize, count: *mut usize) -> sh_status;
    /// `sh_position_is_legal` of sternhalma.h: *legal = 1 when (from, to) is a legal move of the seat to move, else 0.
    pub fn sh_position_is_legal(pos: *const sh_position, from: c_int, to: c_int, legal: *mut c_int) -> sh_status;
    /// `sh_position_closed_cells` of sternhalma.h: Cells where the seat may not end a move (foreign points when closed).
    pub fn sh_position_closed_cells(pos: *const sh_position, seat: c_int, out: *mut c_int, cap: usize, count: *mut usize) -> sh_status;
    /// `sh_position_canonical_path` of sternhalma.h: Canonical path of a legal move of the marble on from (cells, both ends).
    pub fn sh_position_canonical_path(pos: *const sh_position, from: c_int, to: c_int, out: *mut c_int, cap: usize, count: *mut usize) -> sh_status;
    /// `sh_position_all_paths` of sternhalma.h: Up to limit routes of a legal move, each followed by SH_NO_CELL.
    pub fn sh_position_all_paths(pos: *const sh_position, from: c_int, to: c_int, limit: usize, out: *mut c_int, cap: usize, count: *mut usize, paths: *mut usize, truncated: *mut c_int) -> sh_status;
    /// `sh_position_parse_move` of sternhalma.h: Move text ("l2-l3", "m1-m3-k5", "m1-k5") of the seat to move -> (from, to).
    pub fn sh_position_parse_move(pos: *const sh_position, text: *const c_char, mv: *mut sh_move) -> sh_status;
    /// `sh_position_format_move` of sternhalma.h: The canonical path of a legal move as text.
    pub fn sh_position_format_move(pos: *const sh_position, from: c_int, to: c_int, buf: *mut c_char, size: usize, needed: *mut usize) -> sh_status;
    /// `sh_position_play` of sternhalma.h: Plays a legal move of the seat to move, with no game rules.
    pub fn sh_position_play(pos: *mut sh_position, from: c_int, to: c_int) -> sh_status;
    /// `sh_perft` of sternhalma.h: Move sequences of length depth (rule book §10).
    pub fn sh_perft(pos: *const sh_position, depth: c_int, nodes: *mut u64) -> sh_status;
    /// `sh_divide` of sternhalma.h: Perft(depth - 1) after each first move, sorted by move.
    pub fn sh_divide(pos: *const sh_position, depth: c_int, moves: *mut sh_move, nodes: *mut u64, cap: usize, count: *mut usize) -> sh_status;
    /// `sh_batch_count_moves` of sternhalma.h: `counts[i]` = legal moves of the seat to move in packed position i (n positions, n * SH_PACKED_SIZE bytes; n == 0 does nothing).
    pub fn sh_batch_count_moves(rules: *const sh_rules, packed: *const c_uchar, n: usize, counts: *mut u32) -> sh_status;
    /// `sh_batch_legal_moves` of sternhalma.h: All moves of n packed positions, concatenated; `offsets[i]`..`offsets[i+1]` are position i's moves (offsets has n + 1 entries).
    pub fn sh_batch_legal_moves(rules: *const sh_rules, packed: *const c_uchar, n: usize, offsets: *mut usize, out: *mut sh_move, cap: usize, count: *mut usize) -> sh_status;
    /// `sh_batch_count_moves_text` of sternhalma.h: `counts[i]` = legal moves in position text i (preset positions).
    pub fn sh_batch_count_moves_text(texts: *const *const c_char, n: usize, counts: *mut u32, bad: *mut usize) -> sh_status;
    /// `sh_position_playouts` of sternhalma.h: Random playouts from a position: the winners and their lengths.
    pub fn sh_position_playouts(pos: *const sh_position, n: usize, max_plies: c_int, seed: u64, winners: *mut c_int, plies: *mut c_int) -> sh_status;

    /// `sh_game_new` of sternhalma.h: A new game of the table; first_seat SH_NO_SEAT: the table's first seat.
    pub fn sh_game_new(rules: *const sh_rules, first_seat: c_int, out: *mut *mut sh_game) -> sh_status;
    /// `sh_game_from_position` of sternhalma.h: A game from a position (its seat to move moves first).
    pub fn sh_game_from_position(pos: *const sh_position, out: *mut *mut sh_game) -> sh_status;
    /// `sh_game_from_record` of sternhalma.h: A game replayed from its record.
    pub fn sh_game_from_record(rules: *const sh_rules, record: *const c_char, out: *mut *mut sh_game) -> sh_status;
    /// `sh_game_clone` of sternhalma.h: A copy of a game (with its history: undo works on both).
    pub fn sh_game_clone(game: *const sh_game, out: *mut *mut sh_game) -> sh_status;
    /// `sh_game_free` of sternhalma.h: Frees a game handle (NULL ok).
    pub fn sh_game_free(game: *mut sh_game);
    /// `sh_game_error` of sternhalma.h: The message of the last failed call on this handle ("" if none).
    pub fn sh_game_error(game: *const sh_game) -> *const c_char;
    /// `sh_game_position` of sternhalma.h: A new position handle with the current position.
    pub fn sh_game_position(game: *const sh_game, out: *mut *mut sh_position) -> sh_status;
    /// `sh_game_to_move` of sternhalma.h: The seat to move and whose marbles it moves (SH_NO_SEAT when over); marbles_of NULL ok.
    pub fn sh_game_to_move(game: *const sh_game, seat: *mut c_int, marbles_of: *mut c_int) -> sh_status;
    /// `sh_game_state` of sternhalma.h: over: 0/1; end: sh_end_reason; draw: 0/1 (each NULL ok).
    pub fn sh_game_state(game: *const sh_game, over: *mut c_int, end: *mut c_int, draw: *mut c_int) -> sh_status;
    /// `sh_game_counters` of sternhalma.h: Turns in all, completed rounds, actions that undo can take back (each NULL ok).
    pub fn sh_game_counters(game: *const sh_game, turns: *mut c_int, round: *mut c_int, actions: *mut c_int) -> sh_status;
    /// `sh_game_seat` of sternhalma.h: One seat's state; info_size = sizeof(sh_seat_info) (see "growing structs").
    pub fn sh_game_seat(game: *const sh_game, seat: c_int, info: *mut sh_seat_info, info_size: usize) -> sh_status;
    /// `sh_game_places` of sternhalma.h: `places[p]` for the six points (0: not placed or not played).
    pub fn sh_game_places(game: *const sh_game, places: *mut c_int) -> sh_status;
    /// `sh_game_legal_moves` of sternhalma.h: Legal moves of the seat to move, sorted (none when over).
    pub fn sh_game_legal_moves(game: *const sh_game, out: *mut sh_move, cap: usize, count: *mut usize) -> sh_status;
    /// `sh_game_check` of sternhalma.h: SH_OK when the move is legal now.
    pub fn sh_game_check(game: *const sh_game, from: c_int, to: c_int) -> sh_status;
    /// `sh_game_parse_move` of sternhalma.h: The move that text (a path or from-to) names, read as sh_game_apply_text reads it.
    pub fn sh_game_parse_move(game: *const sh_game, text: *const c_char, out: *mut sh_move) -> sh_status;
    /// `sh_game_eliminates` of sternhalma.h: *eliminates = 1 when the legal move is one the rule book rule 7 marks (it puts its marble's seat out).
    pub fn sh_game_eliminates(game: *const sh_game, from: c_int, to: c_int, eliminates: *mut c_int) -> sh_status;
    /// `sh_game_puts_out` of sternhalma.h: Whether a legal move puts a seat out when played now, and why.
    pub fn sh_game_puts_out(game: *const sh_game, from: c_int, to: c_int, reason: *mut c_int) -> sh_status;
    /// `sh_game_apply` of sternhalma.h: Plays a move of the seat to move, charging elapsed_ms to its clock.
    pub fn sh_game_apply(game: *mut sh_game, from: c_int, to: c_int, elapsed_ms: i64) -> sh_status;
    /// `sh_game_apply_text` of sternhalma.h: sh_game_apply with the move as text (a path or from-to).
    pub fn sh_game_apply_text(game: *mut sh_game, mv: *const c_char, elapsed_ms: i64) -> sh_status;
    /// `sh_game_resign` of sternhalma.h: A seat still playing resigns (at any time, its turn or not).
    pub fn sh_game_resign(game: *mut sh_game, seat: c_int) -> sh_status;
    /// `sh_game_flag` of sternhalma.h: The flag of the seat to move falls.
    pub fn sh_game_flag(game: *mut sh_game) -> sh_status;
    /// `sh_game_undo` of sternhalma.h: Takes back up to n (>= 1) actions with their automatic passes; *undone (NULL ok) how many.
    pub fn sh_game_undo(game: *mut sh_game, n: c_int, undone: *mut c_int) -> sh_status;
    /// `sh_game_events` of sternhalma.h: Events from index 'first' on (poll with first = events seen so far); event_size = sizeof(sh_event) (see "growing structs").
    pub fn sh_game_events(game: *const sh_game, first: usize, out: *mut sh_event, event_size: usize, cap: usize, count: *mut usize) -> sh_status;
    /// `sh_game_event_text` of sternhalma.h: One event as a line ("move W m3-m4", "arrive W place 1", ...).
    pub fn sh_game_event_text(game: *const sh_game, index: usize, buf: *mut c_char, size: usize, needed: *mut usize) -> sh_status;
    /// `sh_game_set_clock` of sternhalma.h: Clocks: every seat gets reserve_ms (1..SH_MAX_CLOCK_MS), each move earns increment_ms (0..SH_MAX_CLOCK_MS).
    pub fn sh_game_set_clock(game: *mut sh_game, reserve_ms: i64, increment_ms: i64) -> sh_status;
    /// `sh_game_record` of sternhalma.h: The record so far (a line break every per_line turns).
    pub fn sh_game_record(game: *const sh_game, per_line: c_int, buf: *mut c_char, size: usize, needed: *mut usize) -> sh_status;
    /// `sh_position_distance` of sternhalma.h: Distances of a seat (rule book §4 rule 10): the goal (assignment) distance, the tip distance and its marbles in the goal (each NULL ok).
    pub fn sh_position_distance(pos: *const sh_position, seat: c_int, goal: *mut c_int, tip: *mut c_int, in_goal: *mut c_int) -> sh_status;
    /// `sh_rating_changes` of sternhalma.h: Rating changes of n players from their places and ratings (rule book §6).
    pub fn sh_rating_changes(places: *const c_int, ratings: *const c_double, n: usize, k: c_double, k_prime: c_double, changes: *mut c_double) -> sh_status;
    /// `sh_game_rating_changes` of sternhalma.h: The changes for a finished game.
    pub fn sh_game_rating_changes(game: *const sh_game, ratings: *const c_double, n: usize, k: c_double, k_prime: c_double, changes: *mut c_double) -> sh_status;
    /// `sh_player_new` of sternhalma.h: A computer player of a level, seeded.
    pub fn sh_player_new(level: *const c_char, seed: u64, out: *mut *mut sh_player) -> sh_status;
    /// `sh_player_free` of sternhalma.h: Frees a player handle (NULL ok).
    pub fn sh_player_free(player: *mut sh_player);
    /// `sh_player_error` of sternhalma.h: The message of the last failed call on this handle ("" if none).
    pub fn sh_player_error(player: *const sh_player) -> *const c_char;
    /// `sh_player_choose` of sternhalma.h: The player's move for the seat to move.
    pub fn sh_player_choose(player: *mut sh_player, game: *const sh_game, mv: *mut sh_move) -> sh_status;
    /// `sh_player_set_budget` of sternhalma.h: SH_ERR_NULL; SH_ERR_RANGE (nodes or time_ms negative or above its ceiling; the budget is unchanged).
    pub fn sh_player_set_budget(player: *mut sh_player, nodes: i64, time_ms: i64) -> sh_status;
    /// `sh_player_budget` of sternhalma.h: The budget as set (0, 0 for the default).
    pub fn sh_player_budget(player: *const sh_player, nodes: *mut i64, time_ms: *mut i64) -> sh_status;
    /// `sh_player_last_stats` of sternhalma.h: What the player's last sh_player_choose searched: nodes and depth.
    pub fn sh_player_last_stats(player: *const sh_player, nodes: *mut i64, depth: *mut c_int) -> sh_status;
    /// `sh_player_set_threads` of sternhalma.h: SH_ERR_NULL; SH_ERR_RANGE (threads not 1..SH_MAX_SEARCH_THREADS; the count is unchanged).
    pub fn sh_player_set_threads(player: *mut sh_player, threads: c_int) -> sh_status;
    /// `sh_player_threads` of sternhalma.h: Expert's search threads as set (1 for a new player).
    pub fn sh_player_threads(player: *const sh_player, threads: *mut c_int) -> sh_status;
    /// `sh_game_playouts` of sternhalma.h: Random playouts from a game: the places and the turns of each.
    pub fn sh_game_playouts(game: *const sh_game, n: usize, max_turns: c_int, seed: u64, places: *mut c_int, turns: *mut c_int) -> sh_status;
    /// `sh_end_reason_name` of sternhalma.h: The static name of an sh_end_reason.
    pub fn sh_end_reason_name(reason: c_int) -> *const c_char;
    /// `sh_out_reason_name` of sternhalma.h: The static name of an sh_out_reason.
    pub fn sh_out_reason_name(reason: c_int) -> *const c_char;
    /// `sh_event_kind_name` of sternhalma.h: The static name of an sh_event_kind.
    pub fn sh_event_kind_name(kind: c_int) -> *const c_char;
    /// `sh_seat_status_name` of sternhalma.h: The static name of an sh_seat_status.
    pub fn sh_seat_status_name(status: c_int) -> *const c_char;
    /// `sh_player_clone` of sternhalma.h: A copy of a computer player, generator state and budget included: both then choose the same moves.
    pub fn sh_player_clone(player: *const sh_player, out: *mut *mut sh_player) -> sh_status;
    /// `sh_env_options_init` of sternhalma.h: Fills the defaults into the size bytes of *options and sets options->size.
    pub fn sh_env_options_init(options: *mut sh_env_options, size: usize) -> sh_status;
    /// `sh_env_new` of sternhalma.h: num_envs games of the table (options NULL: the defaults); call sh_env_reset before the first step.
    pub fn sh_env_new(rules: *const sh_rules, options: *const sh_env_options, num_envs: usize, out: *mut *mut sh_env) -> sh_status;
    /// `sh_env_clone` of sternhalma.h: An independent copy (games, samplers).
    pub fn sh_env_clone(env: *const sh_env, out: *mut *mut sh_env) -> sh_status;
    /// `sh_env_free` of sternhalma.h: Frees an env handle (NULL ok).
    pub fn sh_env_free(env: *mut sh_env);
    /// `sh_env_error` of sternhalma.h: The message of the env's last failed call ("env handle is NULL" for NULL).
    pub fn sh_env_error(env: *const sh_env) -> *const c_char;
    /// `sh_env_spec_get` of sternhalma.h: Fills *spec within spec->size (set by the caller).
    pub fn sh_env_spec_get(env: *const sh_env, spec: *mut sh_env_spec) -> sh_status;
    /// `sh_env_reset` of sternhalma.h: Every game to its start; game i's sampler is seeded with seed + i.
    pub fn sh_env_reset(env: *mut sh_env, seed: u64, buffers: *const sh_env_buffers) -> sh_status;
    /// `sh_env_step` of sternhalma.h: One action per game (actions: num_envs entries, n == num_envs).
    pub fn sh_env_step(env: *mut sh_env, actions: *const i32, n: usize, buffers: *const sh_env_buffers) -> sh_status;
    /// `sh_env_sample_legal` of sternhalma.h: A uniformly random legal action per game from the game's own seeded stream; SH_ENV_NO_ACTION for an ended game.
    pub fn sh_env_sample_legal(env: *mut sh_env, actions: *mut i32, n: usize) -> sh_status;
    /// `sh_env_legal_actions` of sternhalma.h: The legal actions of game i, sorted (none once it has ended).
    pub fn sh_env_legal_actions(env: *const sh_env, i: usize, out: *mut i32, cap: usize, count: *mut usize) -> sh_status;
    /// `sh_env_status` of sternhalma.h: Game i: the player to act (-1 when it has ended), turns played, whether it has ended by its rules / been truncated (any may be NULL).
    pub fn sh_env_status(env: *const sh_env, i: usize, to_play: *mut c_int, turns: *mut c_int, terminated: *mut c_int, truncated: *mut c_int) -> sh_status;
    /// `sh_env_engine_action` of sternhalma.h: The action a computer player of 'level' seeded with 'seed' would play in game i now (SH_ENV_NO_ACTION when game i has ended).
    pub fn sh_env_engine_action(env: *const sh_env, i: usize, level: *const c_char, seed: u64, action: *mut i32) -> sh_status;
    /// `sh_env_observe` of sternhalma.h: The observation of game i from player's view, written in full (bytes == spec.obs_bytes).
    pub fn sh_env_observe(env: *const sh_env, i: usize, player: c_int, out: *mut c_void, bytes: usize) -> sh_status;
    /// `sh_env_returns` of sternhalma.h: Each player's return in game i (zeros until it ends by its rules); n == num_players.
    pub fn sh_env_returns(env: *const sh_env, i: usize, out: *mut f32, n: usize) -> sh_status;
    /// `sh_env_position` of sternhalma.h: A new position handle with game i's position.
    pub fn sh_env_position(env: *const sh_env, i: usize, out: *mut *mut sh_position) -> sh_status;
    /// `sh_env_record` of sternhalma.h: The record of game i so far (rule book §8, one line).
    pub fn sh_env_record(env: *const sh_env, i: usize, buf: *mut c_char, size: usize, needed: *mut usize) -> sh_status;
    /// `sh_env_playouts` of sternhalma.h: Mean returns of n playouts of game i from its current state.
    pub fn sh_env_playouts(env: *const sh_env, i: usize, n: c_int, epsilon: c_double, max_turns: c_int, seed: u64, out: *mut f32, n_out: usize) -> sh_status;
    /// `sh_env_symmetries` of sternhalma.h: The symmetries of the env's table: reflect when reflect\[k\], then rotate rotation\[k\] sixths clockwise.
    pub fn sh_env_symmetries(env: *const sh_env, rotation: *mut c_int, reflect: *mut c_int, cap: usize, count: *mut usize) -> sh_status;
    /// `sh_perft_threads` of sternhalma.h: Sh_perft on up to threads threads, the same count for every thread count.
    pub fn sh_perft_threads(pos: *const sh_position, depth: c_int, threads: c_int, nodes: *mut u64) -> sh_status;

    /// `sh_elo_from_wdl` of sternhalma.h: Elo and its interval from single games (trinomial).
    pub fn sh_elo_from_wdl(wins: i64, draws: i64, losses: i64, elo: *mut sh_interval) -> sh_status;
    /// `sh_elo_from_pentanomial` of sternhalma.h: Elo and its interval from game pairs (pentanomial).
    pub fn sh_elo_from_pentanomial(counts: *const i64, elo: *mut sh_interval) -> sh_status;
    /// `sh_sprt_test_init` of sternhalma.h: Fills the defaults into the 'size' bytes of *test and sets test->size.
    pub fn sh_sprt_test_init(test: *mut sh_sprt_test, size: usize) -> sh_status;
    /// `sh_sprt_check` of sternhalma.h: Whether a test is valid; the message names the field.
    pub fn sh_sprt_check(test: *const sh_sprt_test) -> sh_status;
    /// `sh_sprt` of sternhalma.h: The SPRT on pentanomial counts; result_size = sizeof(sh_sprt_result).
    pub fn sh_sprt(test: *const sh_sprt_test, counts: *const i64, result: *mut sh_sprt_result, result_size: usize) -> sh_status;
    /// `sh_match_stats_new` of sternhalma.h: An empty match of 'players' players.
    pub fn sh_match_stats_new(players: c_int, out: *mut *mut sh_match_stats) -> sh_status;
    /// `sh_match_stats_clone` of sternhalma.h: A copy of a match.
    pub fn sh_match_stats_clone(stats: *const sh_match_stats, out: *mut *mut sh_match_stats) -> sh_status;
    /// `sh_match_stats_free` of sternhalma.h: Frees a match handle (NULL ok).
    pub fn sh_match_stats_free(stats: *mut sh_match_stats);
    /// `sh_match_stats_error` of sternhalma.h: The message of the last failed call on this handle ("" if none).
    pub fn sh_match_stats_error(stats: *const sh_match_stats) -> *const c_char;
    /// `sh_match_stats_add` of sternhalma.h: Adds one game by its index: the players' places, and their teams.
    pub fn sh_match_stats_add(stats: *mut sh_match_stats, game_index: i64, places: *const c_int, n: usize, teams: *const c_int, n_teams: usize) -> sh_status;
    /// `sh_match_stats_players` of sternhalma.h: The number of players.
    pub fn sh_match_stats_players(stats: *const sh_match_stats, players: *mut c_int) -> sh_status;
    /// `sh_match_stats_games` of sternhalma.h: The games added.
    pub fn sh_match_stats_games(stats: *const sh_match_stats, games: *mut i64) -> sh_status;
    /// `sh_match_stats_two_units` of sternhalma.h: 1 when every game had exactly two units (two players or two teams; 1 with no games), else 0.
    pub fn sh_match_stats_two_units(stats: *const sh_match_stats, two_units: *mut c_int) -> sh_status;
    /// `sh_match_stats_player` of sternhalma.h: The figures of player 'player'; size = sizeof(sh_player_stats).
    pub fn sh_match_stats_player(stats: *const sh_match_stats, player: c_int, out: *mut sh_player_stats, size: usize) -> sh_status;
    /// `sh_match_stats_pairwise` of sternhalma.h: How i did against j: *games (NULL ok) in which they were opponents, *score (NULL ok) i's points over j in them.
    pub fn sh_match_stats_pairwise(stats: *const sh_match_stats, i: c_int, j: c_int, games: *mut i64, score: *mut c_double) -> sh_status;
    /// `sh_match_stats_score` of sternhalma.h: Player 0's score in [0, 1] (per game the mean against its opponents) and its Elo.
    pub fn sh_match_stats_score(stats: *const sh_match_stats, score: *mut sh_interval) -> sh_status;
    /// `sh_match_stats_elo` of sternhalma.h: The Elo of sh_match_stats_score.
    pub fn sh_match_stats_elo(stats: *const sh_match_stats, elo: *mut sh_interval) -> sh_status;
    /// `sh_match_stats_wdl` of sternhalma.h: W/D/L of player 0's unit.
    pub fn sh_match_stats_wdl(stats: *const sh_match_stats, wins: *mut i64, draws: *mut i64, losses: *mut i64) -> sh_status;
    /// `sh_match_stats_pentanomial` of sternhalma.h: Pairs scoring 0, 1/2, 1, 3/2, 2 for player 0's unit.
    pub fn sh_match_stats_pentanomial(stats: *const sh_match_stats, counts: *mut i64) -> sh_status;
    /// `sh_match_stats_sprt` of sternhalma.h: The SPRT on sh_match_stats_pentanomial.
    pub fn sh_match_stats_sprt(stats: *const sh_match_stats, test: *const sh_sprt_test, result: *mut sh_sprt_result, result_size: usize) -> sh_status;
}
