//! Raw declarations of capi/sternhalma.h, one for one.
#![allow(non_camel_case_types, dead_code)]
use std::os::raw::{c_char, c_int, c_uint, c_uchar, c_double, c_void};

pub type sh_status = c_int;
pub const SH_OK: sh_status = 0;
pub const SH_NO_CELL: c_int = -1;
pub const SH_NO_SEAT: c_int = -1;
pub const SH_PACKED_SIZE: usize = 128;
pub const SH_MAX_MOVES: usize = 1590;
pub const SH_MAX_SEATS: usize = 6;
pub const SH_MAX_PLAYOUTS: usize = 1_000_000;
pub const SH_MAX_PLAYOUT_TURNS: u32 = 2_000_000;
pub const SH_MAX_CLOCK_MS: i64 = 1_000_000_000_000;
pub const SH_MAX_BUDGET_MS: i64 = 3_600_000;
pub const SH_ENV_NUM_ACTIONS: usize = 14641;
pub const SH_ENV_NUM_PLANES: usize = 12;
pub const SH_ENV_NO_ACTION: i32 = -1;
pub const SH_ENV_MAX_ENVS: usize = 1_048_576;
pub const SH_OBS_CELLS: c_int = 0;
pub const SH_OBS_GRID: c_int = 1;
pub const SH_OBS_FLOAT32: c_int = 0;
pub const SH_OBS_UINT8: c_int = 1;
pub const SH_REWARD_RANK: c_int = 0;
pub const SH_REWARD_WIN: c_int = 1;

#[repr(C)] pub struct sh_rules { _p: [u8; 0] }
#[repr(C)] pub struct sh_position { _p: [u8; 0] }
#[repr(C)] pub struct sh_game { _p: [u8; 0] }
#[repr(C)] pub struct sh_player { _p: [u8; 0] }
#[repr(C)] pub struct sh_env { _p: [u8; 0] }
#[repr(C)] pub struct sh_match_stats { _p: [u8; 0] }

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct sh_move { pub from: c_int, pub to: c_int }

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct sh_event {
    pub kind: c_int, pub seat: c_int, pub owner: c_int, pub from: c_int, pub to: c_int,
    pub place: c_int, pub out_reason: c_int, pub end_reason: c_int, pub by_flag: c_int,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct sh_seat_info {
    pub status: c_int, pub place: c_int, pub out_reason: c_int, pub moves_made: c_int,
    pub turns_taken: c_int, pub reserve_ms: i64,
}

// The env's growable structs: `size` is size_of the struct as compiled here.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct sh_env_options {
    pub size: usize, pub layout: c_int, pub dtype: c_int, pub reward: c_int, pub max_turns: c_int,
    pub auto_reset: c_int, pub opponents: [*const c_char; SH_MAX_SEATS], pub record: c_int,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct sh_env_spec {
    pub size: usize, pub num_envs: usize, pub num_players: c_int, pub seats: [c_int; SH_MAX_SEATS],
    pub planes: c_int, pub height: c_int, pub width: c_int, pub obs_values: usize, pub obs_bytes: usize,
    pub num_actions: c_int,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct sh_env_buffers {
    pub size: usize, pub obs: *mut c_void, pub mask: *mut u8, pub rewards: *mut f32,
    pub terminated: *mut u8, pub truncated: *mut u8, pub to_play: *mut i32,
}

// Match statistics (new in 0.4.0).
pub const SH_MAX_MATCH_GAMES: u64 = 16_777_216;
pub const SH_MAX_STATS_COUNT: u64 = 1 << 50;
pub const SH_MAX_SPRT_ELO: f64 = 1000.0;

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct sh_interval { pub value: c_double, pub low: c_double, pub high: c_double }

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct sh_sprt_test { pub size: usize, pub elo0: c_double, pub elo1: c_double, pub alpha: c_double, pub beta: c_double }

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct sh_sprt_result { pub llr: c_double, pub lower: c_double, pub upper: c_double, pub decision: c_int }

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct sh_player_stats { pub games: i64, pub wins: i64, pub draws: i64, pub losses: i64, pub place: sh_interval }

extern "C" {
    pub fn sh_version() -> *const c_char;
    pub fn sh_version_number() -> c_uint;
    pub fn sh_status_name(status: sh_status) -> *const c_char;
    pub fn sh_last_error() -> *const c_char;

    pub fn sh_cell_from_name(name: *const c_char, cell: *mut c_int) -> sh_status;
    pub fn sh_cell_name(cell: c_int, buf: *mut c_char, size: usize, needed: *mut usize) -> sh_status;
    pub fn sh_cell_axial(cell: c_int, q: *mut c_int, r: *mut c_int) -> sh_status;
    pub fn sh_cell_at(q: c_int, r: c_int, cell: *mut c_int) -> sh_status;
    pub fn sh_cell_neighbours(cell: c_int, out: *mut c_int) -> sh_status;
    pub fn sh_cell_point(cell: c_int, point: *mut c_int) -> sh_status;
    pub fn sh_cell_xy(cell: c_int, x: *mut c_double, y: *mut c_double) -> sh_status;
    pub fn sh_cell_rotate(cell: c_int, k: c_int, out: *mut c_int) -> sh_status;
    pub fn sh_cell_reflect(cell: c_int, out: *mut c_int) -> sh_status;
    pub fn sh_cell_distance(a: c_int, b: c_int, steps: *mut c_int) -> sh_status;
    pub fn sh_camp_cells(point: c_int, marbles: c_int, out: *mut c_int, cap: usize, count: *mut usize) -> sh_status;
    pub fn sh_tip_cell(point: c_int, cell: *mut c_int) -> sh_status;
    pub fn sh_foreign_cells(point: c_int, out: *mut c_int, cap: usize, count: *mut usize) -> sh_status;
    pub fn sh_seat_letter(seat: c_int, letter: *mut c_char) -> sh_status;
    pub fn sh_seat_from_letter(letter: c_char, seat: *mut c_int) -> sh_status;

    pub fn sh_preset_count() -> usize;
    pub fn sh_preset_id(index: usize, buf: *mut c_char, size: usize, needed: *mut usize) -> sh_status;
    pub fn sh_rules_new(id: *const c_char, out: *mut *mut sh_rules) -> sh_status;
    pub fn sh_rules_clone(rules: *const sh_rules, out: *mut *mut sh_rules) -> sh_status;
    pub fn sh_rules_free(rules: *mut sh_rules);
    pub fn sh_rules_error(rules: *const sh_rules) -> *const c_char;
    pub fn sh_rules_id(rules: *const sh_rules, buf: *mut c_char, size: usize, needed: *mut usize) -> sh_status;
    pub fn sh_rules_seats(rules: *const sh_rules, mask: *mut c_uint) -> sh_status;
    pub fn sh_rules_seat_name(rules: *const sh_rules, seat: c_int, buf: *mut c_char, size: usize, needed: *mut usize) -> sh_status;
    pub fn sh_rules_get_option(rules: *const sh_rules, name: *const c_char, buf: *mut c_char, size: usize, needed: *mut usize) -> sh_status;
    pub fn sh_rules_set_option(rules: *mut sh_rules, name: *const c_char, value: *const c_char) -> sh_status;
    pub fn sh_rules_set_options(rules: *mut sh_rules, settings: *const c_char) -> sh_status;
    pub fn sh_rules_validate(rules: *const sh_rules) -> sh_status;
    pub fn sh_rules_describe(rules: *const sh_rules, buf: *mut c_char, size: usize, needed: *mut usize) -> sh_status;

    pub fn sh_position_new(rules: *const sh_rules, out: *mut *mut sh_position) -> sh_status;
    pub fn sh_position_parse(text: *const c_char, out: *mut *mut sh_position) -> sh_status;
    pub fn sh_position_parse_rules(rules: *const sh_rules, text: *const c_char, out: *mut *mut sh_position) -> sh_status;
    pub fn sh_position_clone(pos: *const sh_position, out: *mut *mut sh_position) -> sh_status;
    pub fn sh_position_free(pos: *mut sh_position);
    pub fn sh_position_error(pos: *const sh_position) -> *const c_char;
    pub fn sh_position_rules(pos: *const sh_position, out: *mut *mut sh_rules) -> sh_status;
    pub fn sh_position_to_text(pos: *const sh_position, buf: *mut c_char, size: usize, needed: *mut usize) -> sh_status;
    pub fn sh_position_render(pos: *const sh_position, buf: *mut c_char, size: usize, needed: *mut usize) -> sh_status;
    pub fn sh_position_to_move(pos: *const sh_position, seat: *mut c_int) -> sh_status;
    pub fn sh_position_round(pos: *const sh_position, round: *mut c_int) -> sh_status;
    pub fn sh_position_hash(pos: *const sh_position, hash: *mut u64) -> sh_status;
    pub fn sh_position_owner(pos: *const sh_position, cell: c_int, seat: *mut c_int, king: *mut c_int) -> sh_status;
    pub fn sh_position_pieces(pos: *const sh_position, seat: c_int, out: *mut c_int, cap: usize, count: *mut usize) -> sh_status;
    pub fn sh_position_pack(pos: *const sh_position, out: *mut c_uchar) -> sh_status;
    pub fn sh_position_unpack(rules: *const sh_rules, input: *const c_uchar, out: *mut *mut sh_position) -> sh_status;
    pub fn sh_position_legal_moves(pos: *const sh_position, out: *mut sh_move, cap: usize, count: *mut usize) -> sh_status;
    pub fn sh_position_count_moves(pos: *const sh_position, count: *mut usize) -> sh_status;
    pub fn sh_position_destinations(pos: *const sh_position, from: c_int, out: *mut c_int, cap: usize, count: *mut usize) -> sh_status;
    pub fn sh_position_is_legal(pos: *const sh_position, from: c_int, to: c_int, legal: *mut c_int) -> sh_status;
    pub fn sh_position_closed_cells(pos: *const sh_position, seat: c_int, out: *mut c_int, cap: usize, count: *mut usize) -> sh_status;
    pub fn sh_position_canonical_path(pos: *const sh_position, from: c_int, to: c_int, out: *mut c_int, cap: usize, count: *mut usize) -> sh_status;
    pub fn sh_position_all_paths(pos: *const sh_position, from: c_int, to: c_int, limit: usize, out: *mut c_int, cap: usize, count: *mut usize, paths: *mut usize, truncated: *mut c_int) -> sh_status;
    pub fn sh_position_parse_move(pos: *const sh_position, text: *const c_char, mv: *mut sh_move) -> sh_status;
    pub fn sh_position_format_move(pos: *const sh_position, from: c_int, to: c_int, buf: *mut c_char, size: usize, needed: *mut usize) -> sh_status;
    pub fn sh_position_play(pos: *mut sh_position, from: c_int, to: c_int) -> sh_status;
    pub fn sh_perft(pos: *const sh_position, depth: c_int, nodes: *mut u64) -> sh_status;
    pub fn sh_divide(pos: *const sh_position, depth: c_int, moves: *mut sh_move, nodes: *mut u64, cap: usize, count: *mut usize) -> sh_status;
    pub fn sh_batch_count_moves(rules: *const sh_rules, packed: *const c_uchar, n: usize, counts: *mut u32) -> sh_status;
    pub fn sh_batch_legal_moves(rules: *const sh_rules, packed: *const c_uchar, n: usize, offsets: *mut usize, out: *mut sh_move, cap: usize, count: *mut usize) -> sh_status;
    pub fn sh_batch_count_moves_text(texts: *const *const c_char, n: usize, counts: *mut u32, bad: *mut usize) -> sh_status;
    pub fn sh_position_playouts(pos: *const sh_position, n: usize, max_plies: c_int, seed: u64, winners: *mut c_int, plies: *mut c_int) -> sh_status;

    pub fn sh_game_new(rules: *const sh_rules, first_seat: c_int, out: *mut *mut sh_game) -> sh_status;
    pub fn sh_game_from_position(pos: *const sh_position, out: *mut *mut sh_game) -> sh_status;
    pub fn sh_game_from_record(rules: *const sh_rules, record: *const c_char, out: *mut *mut sh_game) -> sh_status;
    pub fn sh_game_clone(game: *const sh_game, out: *mut *mut sh_game) -> sh_status;
    pub fn sh_game_free(game: *mut sh_game);
    pub fn sh_game_error(game: *const sh_game) -> *const c_char;
    pub fn sh_game_position(game: *const sh_game, out: *mut *mut sh_position) -> sh_status;
    pub fn sh_game_to_move(game: *const sh_game, seat: *mut c_int, marbles_of: *mut c_int) -> sh_status;
    pub fn sh_game_state(game: *const sh_game, over: *mut c_int, end: *mut c_int, draw: *mut c_int) -> sh_status;
    pub fn sh_game_counters(game: *const sh_game, turns: *mut c_int, round: *mut c_int, actions: *mut c_int) -> sh_status;
    pub fn sh_game_seat(game: *const sh_game, seat: c_int, info: *mut sh_seat_info, info_size: usize) -> sh_status;
    pub fn sh_game_places(game: *const sh_game, places: *mut c_int) -> sh_status;
    pub fn sh_game_legal_moves(game: *const sh_game, out: *mut sh_move, cap: usize, count: *mut usize) -> sh_status;
    pub fn sh_game_check(game: *const sh_game, from: c_int, to: c_int) -> sh_status;
    pub fn sh_game_parse_move(game: *const sh_game, text: *const c_char, out: *mut sh_move) -> sh_status;
    pub fn sh_game_eliminates(game: *const sh_game, from: c_int, to: c_int, eliminates: *mut c_int) -> sh_status;
    pub fn sh_game_puts_out(game: *const sh_game, from: c_int, to: c_int, reason: *mut c_int) -> sh_status;
    pub fn sh_game_apply(game: *mut sh_game, from: c_int, to: c_int, elapsed_ms: i64) -> sh_status;
    pub fn sh_game_apply_text(game: *mut sh_game, mv: *const c_char, elapsed_ms: i64) -> sh_status;
    pub fn sh_game_resign(game: *mut sh_game, seat: c_int) -> sh_status;
    pub fn sh_game_flag(game: *mut sh_game) -> sh_status;
    pub fn sh_game_undo(game: *mut sh_game, n: c_int, undone: *mut c_int) -> sh_status;
    pub fn sh_game_events(game: *const sh_game, first: usize, out: *mut sh_event, event_size: usize, cap: usize, count: *mut usize) -> sh_status;
    pub fn sh_game_event_text(game: *const sh_game, index: usize, buf: *mut c_char, size: usize, needed: *mut usize) -> sh_status;
    pub fn sh_game_set_clock(game: *mut sh_game, reserve_ms: i64, increment_ms: i64) -> sh_status;
    pub fn sh_game_record(game: *const sh_game, per_line: c_int, buf: *mut c_char, size: usize, needed: *mut usize) -> sh_status;
    pub fn sh_position_distance(pos: *const sh_position, seat: c_int, goal: *mut c_int, tip: *mut c_int, in_goal: *mut c_int) -> sh_status;
    pub fn sh_rating_changes(places: *const c_int, ratings: *const c_double, n: usize, k: c_double, k_prime: c_double, changes: *mut c_double) -> sh_status;
    pub fn sh_game_rating_changes(game: *const sh_game, ratings: *const c_double, n: usize, k: c_double, k_prime: c_double, changes: *mut c_double) -> sh_status;
    pub fn sh_player_new(level: *const c_char, seed: u64, out: *mut *mut sh_player) -> sh_status;
    pub fn sh_player_free(player: *mut sh_player);
    pub fn sh_player_error(player: *const sh_player) -> *const c_char;
    pub fn sh_player_choose(player: *mut sh_player, game: *const sh_game, mv: *mut sh_move) -> sh_status;
    pub fn sh_player_set_budget(player: *mut sh_player, nodes: i64, time_ms: i64) -> sh_status;
    pub fn sh_player_budget(player: *const sh_player, nodes: *mut i64, time_ms: *mut i64) -> sh_status;
    pub fn sh_player_last_stats(player: *const sh_player, nodes: *mut i64, depth: *mut c_int) -> sh_status;
    pub fn sh_game_playouts(game: *const sh_game, n: usize, max_turns: c_int, seed: u64, places: *mut c_int, turns: *mut c_int) -> sh_status;
    pub fn sh_end_reason_name(reason: c_int) -> *const c_char;
    pub fn sh_out_reason_name(reason: c_int) -> *const c_char;
    pub fn sh_event_kind_name(kind: c_int) -> *const c_char;
    pub fn sh_seat_status_name(status: c_int) -> *const c_char;
    pub fn sh_player_clone(player: *const sh_player, out: *mut *mut sh_player) -> sh_status;
    pub fn sh_env_options_init(options: *mut sh_env_options, size: usize) -> sh_status;
    pub fn sh_env_new(rules: *const sh_rules, options: *const sh_env_options, num_envs: usize, out: *mut *mut sh_env) -> sh_status;
    pub fn sh_env_clone(env: *const sh_env, out: *mut *mut sh_env) -> sh_status;
    pub fn sh_env_free(env: *mut sh_env);
    pub fn sh_env_error(env: *const sh_env) -> *const c_char;
    pub fn sh_env_spec_get(env: *const sh_env, spec: *mut sh_env_spec) -> sh_status;
    pub fn sh_env_reset(env: *mut sh_env, seed: u64, buffers: *const sh_env_buffers) -> sh_status;
    pub fn sh_env_step(env: *mut sh_env, actions: *const i32, n: usize, buffers: *const sh_env_buffers) -> sh_status;
    pub fn sh_env_sample_legal(env: *mut sh_env, actions: *mut i32, n: usize) -> sh_status;
    pub fn sh_env_legal_actions(env: *const sh_env, i: usize, out: *mut i32, cap: usize, count: *mut usize) -> sh_status;
    pub fn sh_env_status(env: *const sh_env, i: usize, to_play: *mut c_int, turns: *mut c_int, terminated: *mut c_int, truncated: *mut c_int) -> sh_status;
    pub fn sh_env_engine_action(env: *const sh_env, i: usize, level: *const c_char, seed: u64, action: *mut i32) -> sh_status;
    pub fn sh_env_observe(env: *const sh_env, i: usize, player: c_int, out: *mut c_void, bytes: usize) -> sh_status;
    pub fn sh_env_returns(env: *const sh_env, i: usize, out: *mut f32, n: usize) -> sh_status;
    pub fn sh_env_position(env: *const sh_env, i: usize, out: *mut *mut sh_position) -> sh_status;
    pub fn sh_env_record(env: *const sh_env, i: usize, buf: *mut c_char, size: usize, needed: *mut usize) -> sh_status;
    pub fn sh_env_playouts(env: *const sh_env, i: usize, n: c_int, epsilon: c_double, max_turns: c_int, seed: u64, out: *mut f32, n_out: usize) -> sh_status;
    pub fn sh_env_symmetries(env: *const sh_env, rotation: *mut c_int, reflect: *mut c_int, cap: usize, count: *mut usize) -> sh_status;
    pub fn sh_perft_threads(pos: *const sh_position, depth: c_int, threads: c_int, nodes: *mut u64) -> sh_status;

    pub fn sh_elo_from_wdl(wins: i64, draws: i64, losses: i64, elo: *mut sh_interval) -> sh_status;
    pub fn sh_elo_from_pentanomial(counts: *const i64, elo: *mut sh_interval) -> sh_status;
    pub fn sh_sprt_test_init(test: *mut sh_sprt_test, size: usize) -> sh_status;
    pub fn sh_sprt_check(test: *const sh_sprt_test) -> sh_status;
    pub fn sh_sprt(test: *const sh_sprt_test, counts: *const i64, result: *mut sh_sprt_result, result_size: usize) -> sh_status;
    pub fn sh_match_stats_new(players: c_int, out: *mut *mut sh_match_stats) -> sh_status;
    pub fn sh_match_stats_clone(stats: *const sh_match_stats, out: *mut *mut sh_match_stats) -> sh_status;
    pub fn sh_match_stats_free(stats: *mut sh_match_stats);
    pub fn sh_match_stats_error(stats: *const sh_match_stats) -> *const c_char;
    pub fn sh_match_stats_add(stats: *mut sh_match_stats, game_index: i64, places: *const c_int, n: usize, teams: *const c_int, n_teams: usize) -> sh_status;
    pub fn sh_match_stats_players(stats: *const sh_match_stats, players: *mut c_int) -> sh_status;
    pub fn sh_match_stats_games(stats: *const sh_match_stats, games: *mut i64) -> sh_status;
    pub fn sh_match_stats_two_units(stats: *const sh_match_stats, two_units: *mut c_int) -> sh_status;
    pub fn sh_match_stats_player(stats: *const sh_match_stats, player: c_int, out: *mut sh_player_stats, size: usize) -> sh_status;
    pub fn sh_match_stats_pairwise(stats: *const sh_match_stats, i: c_int, j: c_int, games: *mut i64, score: *mut c_double) -> sh_status;
    pub fn sh_match_stats_score(stats: *const sh_match_stats, score: *mut sh_interval) -> sh_status;
    pub fn sh_match_stats_elo(stats: *const sh_match_stats, elo: *mut sh_interval) -> sh_status;
    pub fn sh_match_stats_wdl(stats: *const sh_match_stats, wins: *mut i64, draws: *mut i64, losses: *mut i64) -> sh_status;
    pub fn sh_match_stats_pentanomial(stats: *const sh_match_stats, counts: *mut i64) -> sh_status;
    pub fn sh_match_stats_sprt(stats: *const sh_match_stats, test: *const sh_sprt_test, result: *mut sh_sprt_result, result_size: usize) -> sh_status;
}
