//! Safe Rust binding of libsternhalma (Chinese checkers rules, SPEC).
//!
//! ```no_run
//! use sternhalma::{Game, Move, Position};
//! let mut pos = Position::parse("classic-2").unwrap();
//! assert_eq!(pos.perft(3).unwrap(), 4648);
//! pos.play("k3-i5").unwrap();
//! print!("{}", pos.render());
//! let mut game = Game::new("classic-2").unwrap();
//! game.apply("k3-k5").unwrap();
//! let m: Move = "e14-e13".parse().unwrap();
//! game.apply(m).unwrap();
//! assert!(!game.is_over());
//! ```
//! Names follow the table of names (docs/guides/names.md). Cells are the SPEC's indices
//! 0..=120, seats the points 0..=5; "no seat" is `None`. A [`Move`] prints
//! and parses with cell names (`k3-k5`); calls that take a move also take
//! `"k3-k5"` or a `(from, to)` pair. Every failure is an [`Error`] with an
//! [`ErrorKind`] and the library's message; getters that cannot fail return
//! plain values. Handles free themselves on drop and clone through the C ABI.
//!
//! Reinforcement learning: [`VecEnv`] steps N games of one table in one call
//! (observations, legal-action masks, rewards; C++ `VecEnv`, Python
//! `rl.VectorEnv`); an action is a move, [`action_of`] and [`move_of`].
//!
//! Random play: on the SPEC's 000 tables (classic, long jumps, fifteen,
//! pairs) a seat still at home after its exit deadline is put out, and
//! uniformly random players never leave home, so a random `classic-2` game
//! ends by that deadline at about turn 59. The tables without a deadline
//! (`table-*`, `japanese-*`, `race-2`, `online-*`) suit random play.
//!
//! The library: this crate calls the C ABI through the `sternhalma-sys`
//! crate, whose build script finds libsternhalma (`STERNHALMA_LIB_DIR`,
//! pkg-config) or builds it from the sources. A program that needs the raw
//! `sh_*` declarations depends on `sternhalma-sys` itself.
#![deny(missing_docs)]

// The raw declarations: the sternhalma-sys crate, not part of this crate's API.
use sternhalma_sys as ffi;

// One concept a module, each using only those above it.
mod error;
mod args;
mod out;
mod library;
mod cells;
mod moves;
mod enums;
mod handle;
mod rules;
mod position;
mod game;
mod player;
mod env;
mod vec_env;
mod stats;

pub use error::{Error, ErrorKind, Result};
pub use library::{presets, rating_changes, version};
pub use cells::{axial, camp_cells, cell_at, cell_distance, cell_name, foreign_cells, neighbours, parse_cell, point_of, reflect, rotate, seat_from_letter, seat_letter, tip_cell, xy};

pub use moves::{Move, MoveArg};

pub use enums::{EndReason, Event, EventKind, OutReason, SeatInfo, SeatStatus};
pub use rules::{Rules, Table};
pub use position::Position;
pub use game::Game;
pub use player::{Budget, Player, SearchStats};
pub use env::{action_of, ActionFrame, apply_symmetry_action, move_of, table_symmetries, EnvOptions, EnvSpec, EnvStatus, Obs, ObsLayout, ObsType, RewardKind, Symmetry, NO_ACTION, NUM_ACTIONS, NUM_PLANES};
pub use vec_env::VecEnv;
pub use stats::{check_sprt, elo_from_pentanomial, elo_from_wdl, sprt, Interval, MatchStats, PairScore, Pentanomial, PlayerStats, SprtDecision, SprtResult, SprtTest, Wdl, MAX_MATCH_GAMES, MAX_SPRT_ELO, MAX_STATS_COUNT};

use std::time::Duration;

// The raw declarations are sternhalma-sys's, outside this crate's API: its
// doc tests fail when `ffi` or a raw type shows through again (the first
// block compiles, so the others fail for the reason they name).
/// ```no_run
/// let m: sternhalma::Move = sternhalma::Move::new(0, 1);
/// let raw = sternhalma_sys::sh_move { from: m.from, to: m.to };
/// let e: sternhalma::Interval = sternhalma::elo_from_wdl(1, 0, 1).unwrap();
/// let _ = (raw, e.value, sternhalma_sys::SH_OK);
/// ```
/// ```compile_fail
/// let _ = sternhalma::ffi::SH_OK;
/// ```
/// ```compile_fail
/// let raw: sternhalma_sys::sh_move = sternhalma::Move::new(0, 1);
/// ```
/// ```compile_fail
/// let raw: sternhalma_sys::sh_interval = sternhalma::elo_from_wdl(1, 0, 1).unwrap();
/// ```
#[allow(dead_code)]
const RAW_DECLARATIONS_ARE_PRIVATE: () = ();

/// A cell index, 0..=120 (`m1` = 0, `i9` = 60, `e17` = 120).
pub type Cell = i32;
/// A seat: the point 0..=5 it starts on (W R B K Y G).
pub type Seat = i32;

/// Cells on the board.
pub const NUM_CELLS: usize = 121;
/// Points of the star, hence seats.
pub const MAX_SEATS: usize = ffi::SH_MAX_SEATS;
/// The most legal moves any position can have (`SH_MAX_MOVES`: 15 marbles x 106 empty cells).
pub const MAX_MOVES: usize = ffi::SH_MAX_MOVES;
/// Bytes of a packed position.
pub const PACKED_SIZE: usize = ffi::SH_PACKED_SIZE;
/// The most playouts one call runs (`SH_MAX_PLAYOUTS`).
pub const MAX_PLAYOUTS: usize = ffi::SH_MAX_PLAYOUTS;
/// The most turns of one random playout ([`Position::playouts`], [`Game::playouts`]), and
/// of all the playouts of one call (`SH_MAX_PLAYOUT_TURNS`; past it in all: an [`ErrorKind::Limit`]).
pub const MAX_PLAYOUT_TURNS: u32 = ffi::SH_MAX_PLAYOUT_TURNS;
/// The most threads [`Position::perft_threads`] takes (`sh_perft_threads`: 1..256).
pub const MAX_PERFT_THREADS: u32 = 256;
/// The letters of seats 0..=5.
pub const SEAT_LETTERS: &str = "WRBKYG";
/// The largest node budget of a player per move (`SH_MAX_BUDGET_NODES`).
pub const MAX_BUDGET_NODES: u64 = 1_000_000_000;
/// The most search threads of one expert player ([`Player::set_threads`]; `SH_MAX_SEARCH_THREADS`).
pub const MAX_SEARCH_THREADS: u32 = ffi::SH_MAX_SEARCH_THREADS as u32;
/// The largest time budget of a player per move (`SH_MAX_BUDGET_MS`: an hour).
pub const MAX_BUDGET_TIME: Duration = Duration::from_millis(ffi::SH_MAX_BUDGET_MS as u64);
/// The largest clock reserve or increment ([`Game::set_clock`]; `SH_MAX_CLOCK_MS`: 10^12 ms).
pub const MAX_CLOCK: Duration = Duration::from_millis(ffi::SH_MAX_CLOCK_MS as u64);
