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
//! Names follow the README's table of names. Cells are the SPEC's indices
//! 0..=120, seats the points 0..=5; "no seat" is `None`. A [`Move`] prints
//! and parses with cell names (`k3-k5`); calls that take a move also take
//! `"k3-k5"` or a `(from, to)` pair. Every failure is an [`Error`] with an
//! [`ErrorKind`] and the library's message; getters that cannot fail return
//! plain values. Handles free themselves on drop and clone through the C ABI.
//!
//! Random play: on the SPEC's 000 tables (classic, long jumps, fifteen,
//! pairs) a seat still at home after its exit deadline is put out, and
//! uniformly random players never leave home, so a random `classic-2` game
//! ends by that deadline at about turn 59. The tables without a deadline
//! (`table-*`, `japanese-*`, `race-2`, `online-*`) suit random play.
pub mod ffi;

// One concept a module, each using only those above it.
mod error;
mod args;
mod out;
mod library;
mod cells;
mod moves;
mod enums;

pub use error::{Error, ErrorKind, Result};
pub use library::{presets, rating_changes, version};
pub use cells::{axial, camp_cells, cell_at, cell_distance, cell_name, foreign_cells, neighbours, parse_cell, point_of, reflect, rotate, seat_from_letter, seat_letter, tip_cell, xy};

/// A move (from, to) by cell index; `Display` and `FromStr` use cell names,
/// exactly two (`"k3-k5"`). A route (`"m1-m3-k5"`) is the position's to read,
/// hop by hop: pass the text itself (`p.parse_move`, `g.apply("m1-m3-k5")`).
pub use ffi::sh_move as Move;
pub use moves::MoveArg;

pub use enums::{EndReason, Event, EventKind, OutReason, SeatInfo, SeatStatus};

use std::fmt;
use std::os::raw::c_int;
use std::ptr;
use std::str::FromStr;
use std::time::Duration;

use args::{c_int_of, c_string, millis, perft_depth};
use error::{check, check_t, must};
use out::{array_of, new_handle, opt, text_of};

/// A cell index, 0..=120 (`m1` = 0, `i9` = 60, `e17` = 120).
pub type Cell = i32;
/// A seat: the point 0..=5 it starts on (W R B K Y G).
pub type Seat = i32;

/// Cells on the board.
pub const NUM_CELLS: usize = 121;
/// Points of the star, hence seats.
pub const MAX_SEATS: usize = 6;
/// The most legal moves any position can have (`SH_MAX_MOVES`: 15 marbles x 106 empty cells).
pub const MAX_MOVES: usize = ffi::SH_MAX_MOVES;
/// Bytes of a packed position.
pub const PACKED_SIZE: usize = ffi::SH_PACKED_SIZE;
/// The most playouts one call runs (`SH_MAX_PLAYOUTS`).
pub const MAX_PLAYOUTS: usize = 1_000_000;
/// The letters of seats 0..=5.
pub const SEAT_LETTERS: &str = "WRBKYG";
/// The largest node budget of a player per move (`SH_MAX_BUDGET_NODES`).
pub const MAX_BUDGET_NODES: u64 = 1_000_000_000;
/// The largest time budget of a player per move (`SH_MAX_BUDGET_MS`: an hour).
pub const MAX_BUDGET_TIME: Duration = Duration::from_millis(3_600_000);

// ---- handles ------------------------------------------------------------------------------

/// A handle type over the C ABI, written once for all of them: the struct
/// around its pointer, `Drop` (`sh_X_free`), `Clone` (`sh_X_clone`: a copy in
/// the same state; a failure is a library bug), `err` (a status with the
/// handle's own message, `sh_X_error`) and `Send` (handles own their objects
/// and the library keeps no shared state, so they may move between threads,
/// one thread at a time).
macro_rules! handle {
    ($(#[$doc:meta])* $name:ident, $ctype:ident, $free:ident, $clone:ident, $error:ident) => {
        $(#[$doc])*
        pub struct $name(*mut ffi::$ctype);

        impl Drop for $name {
            fn drop(&mut self) { unsafe { ffi::$free(self.0) } }
        }
        impl Clone for $name {
            fn clone(&self) -> Self {
                $name(must(new_handle(|h| check_t(unsafe { ffi::$clone(self.0, h) }))))
            }
        }
        impl $name {
            fn err(&self, st: ffi::sh_status) -> Result<()> { check(st, unsafe { ffi::$error(self.0) }) }
        }
        unsafe impl Send for $name {}
    };
}

// ---- rules --------------------------------------------------------------------------------

handle!(
    /// A table: a preset, changed option by option.
    Rules, sh_rules, sh_rules_free, sh_rules_clone, sh_rules_error
);
impl fmt::Debug for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { write!(f, "Rules({:?})", self.id()) }
}
impl PartialEq for Rules {
    fn eq(&self, o: &Self) -> bool { self.describe() == o.describe() }
}

impl Rules {
    /// The rules of a preset ("table-3").
    pub fn new(preset: &str) -> Result<Rules> {
        let c = c_string(preset, "preset id")?;
        new_handle(|h| check_t(unsafe { ffi::sh_rules_new(c.as_ptr(), h) })).map(Rules)
    }
    /// The table's id.
    pub fn id(&self) -> String { must(text_of(|b, s, n| unsafe { ffi::sh_rules_id(self.0, b, s, n) })) }
    /// The seats the table plays, in order.
    pub fn seats(&self) -> Vec<Seat> {
        let mut m = 0u32;
        must(self.err(unsafe { ffi::sh_rules_seats(self.0, &mut m) }));
        (0..MAX_SEATS as i32).filter(|p| m >> p & 1 != 0).collect()
    }
    /// A seat's display name ("white"; "red"/"blue" in race-2).
    pub fn seat_name(&self, seat: Seat) -> Result<String> {
        text_of(|b, s, n| unsafe { ffi::sh_rules_seat_name(self.0, seat, b, s, n) })
    }
    /// One option's value as text ("jumps" -> "standard").
    pub fn get_option(&self, name: &str) -> Result<String> {
        let c = c_string(name, "option name")?;
        text_of(|b, s, n| unsafe { ffi::sh_rules_get_option(self.0, c.as_ptr(), b, s, n) })
    }
    /// Sets one option from text; all or nothing. The table as a whole is
    /// checked by [`Rules::validate`] and by every call that makes a position.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<()> {
        let (n, v) = (c_string(name, "option name")?, c_string(value, "option value")?);
        self.err(unsafe { ffi::sh_rules_set_option(self.0, n.as_ptr(), v.as_ptr()) })
    }
    /// Several "name = value" settings, one per line or separated by ';'; all or nothing.
    pub fn set_options(&mut self, settings: &str) -> Result<()> {
        let c = c_string(settings, "settings")?;
        self.err(unsafe { ffi::sh_rules_set_options(self.0, c.as_ptr()) })
    }
    /// Ok when the table is playable, else an [`ErrorKind::Option`] naming the field.
    pub fn validate(&self) -> Result<()> { self.err(unsafe { ffi::sh_rules_validate(self.0) }) }
    /// (name, value) of every option, in the library's order.
    pub fn describe(&self) -> Vec<(String, String)> {
        let t = must(text_of(|b, s, n| unsafe { ffi::sh_rules_describe(self.0, b, s, n) }));
        t.lines().filter_map(|l| l.split_once(" = ")).map(|(a, b)| (a.into(), b.into())).collect()
    }
    fn packed_count(packed: &[u8]) -> Result<usize> {
        if packed.len() % PACKED_SIZE != 0 {
            return Err(Error::new(ErrorKind::Parse, format!("packed data of {} bytes is not a multiple of {PACKED_SIZE}", packed.len())));
        }
        Ok(packed.len() / PACKED_SIZE)
    }
    /// Legal-move counts of many packed positions (PACKED_SIZE bytes each).
    pub fn count_moves_batch(&self, packed: &[u8]) -> Result<Vec<u32>> {
        let n = Rules::packed_count(packed)?;
        let mut out = vec![0u32; n];
        if n > 0 {
            self.err(unsafe { ffi::sh_batch_count_moves(self.0, packed.as_ptr(), n, out.as_mut_ptr()) })?;
        }
        Ok(out)
    }
    /// Legal moves of many packed positions, one Vec per position.
    pub fn legal_moves_batch(&self, packed: &[u8]) -> Result<Vec<Vec<Move>>> {
        let n = Rules::packed_count(packed)?;
        if n == 0 {
            return Ok(Vec::new());
        }
        let mut offsets = vec![0usize; n + 1];
        let mut total = 0usize;
        self.err(unsafe { ffi::sh_batch_legal_moves(self.0, packed.as_ptr(), n, offsets.as_mut_ptr(), ptr::null_mut(), 0, &mut total) })?;
        let mut out = vec![Move::default(); total];
        self.err(unsafe { ffi::sh_batch_legal_moves(self.0, packed.as_ptr(), n, offsets.as_mut_ptr(), out.as_mut_ptr(), total, &mut total) })?;
        Ok((0..n).map(|i| out[offsets[i]..offsets[i + 1]].to_vec()).collect())
    }
}

/// A table as a call takes it: a preset id or a [`Rules`].
pub enum Table<'a> {
    /// A preset id ("classic-2").
    Preset(&'a str),
    /// A table of its own.
    Rules(&'a Rules),
}
impl<'a> From<&'a str> for Table<'a> {
    fn from(id: &'a str) -> Self { Table::Preset(id) }
}
impl<'a> From<&'a String> for Table<'a> {
    fn from(id: &'a String) -> Self { Table::Preset(id) }
}
impl<'a> From<&'a Rules> for Table<'a> {
    fn from(r: &'a Rules) -> Self { Table::Rules(r) }
}

// ---- positions ---------------------------------------------------------------------------

handle!(
    /// Board, seat to move and round. `Display` writes its SPEC §8 line.
    Position, sh_position, sh_position_free, sh_position_clone, sh_position_error
);
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&must(text_of(|b, s, n| unsafe { ffi::sh_position_to_text(self.0, b, s, n) })))
    }
}
impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { write!(f, "Position({self})") }
}
impl PartialEq for Position {
    fn eq(&self, o: &Self) -> bool { self.to_string() == o.to_string() }
}
impl Eq for Position {}
impl FromStr for Position {
    type Err = Error;
    fn from_str(s: &str) -> Result<Position> { Position::parse(s) }
}

impl Position {
    /// A preset id alone (its start) or a position line of a preset (SPEC §8).
    pub fn parse(text: &str) -> Result<Position> {
        let c = c_string(text, "position")?;
        new_handle(|h| check_t(unsafe { ffi::sh_position_parse(c.as_ptr(), h) })).map(Position)
    }
    /// A position line of a custom table (its id must be the table's).
    pub fn parse_with(rules: &Rules, text: &str) -> Result<Position> {
        let c = c_string(text, "position")?;
        new_handle(|h| rules.err(unsafe { ffi::sh_position_parse_rules(rules.0, c.as_ptr(), h) })).map(Position)
    }
    /// The start position of a table.
    pub fn start(rules: &Rules) -> Result<Position> {
        new_handle(|h| rules.err(unsafe { ffi::sh_position_new(rules.0, h) })).map(Position)
    }
    /// A position of the table from its PACKED_SIZE-byte packed form (round 0).
    pub fn unpack(rules: &Rules, packed: &[u8]) -> Result<Position> {
        if packed.len() != PACKED_SIZE {
            return Err(Error::new(ErrorKind::Parse, format!("a packed position has {PACKED_SIZE} bytes, got {}", packed.len())));
        }
        new_handle(|h| rules.err(unsafe { ffi::sh_position_unpack(rules.0, packed.as_ptr(), h) })).map(Position)
    }
    fn int(&self, f: impl FnOnce(*mut c_int) -> ffi::sh_status) -> Result<i32> {
        let mut v = 0;
        self.err(f(&mut v))?;
        Ok(v)
    }
    fn mv(&self, m: MoveArg<'_>) -> Result<Move> {
        match m {
            MoveArg::Move(m) => Ok(m),
            MoveArg::Text(t) => self.parse_move(t),
        }
    }
    /// A copy of the position's table.
    pub fn rules(&self) -> Rules {
        Rules(must(new_handle(|h| self.err(unsafe { ffi::sh_position_rules(self.0, h) }))))
    }
    /// A drawing of the board, row 17 at the top.
    pub fn render(&self) -> String { must(text_of(|b, s, n| unsafe { ffi::sh_position_render(self.0, b, s, n) })) }
    /// The seat to move.
    pub fn to_move(&self) -> Seat { must(self.int(|p| unsafe { ffi::sh_position_to_move(self.0, p) })) }
    /// Completed rounds.
    pub fn round(&self) -> i32 { must(self.int(|p| unsafe { ffi::sh_position_round(self.0, p) })) }
    /// The position's 64-bit hash.
    pub fn hash(&self) -> u64 {
        let mut h = 0u64;
        must(self.err(unsafe { ffi::sh_position_hash(self.0, &mut h) }));
        h
    }
    /// The seat whose marble is on the cell (a king is its seat's marble), None when empty.
    pub fn owner(&self, cell: Cell) -> Result<Option<Seat>> {
        self.int(|p| unsafe { ffi::sh_position_owner(self.0, cell, p, ptr::null_mut()) }).map(opt)
    }
    /// True when the marble on the cell is a king.
    pub fn is_king(&self, cell: Cell) -> Result<bool> {
        let (mut s, mut k) = (0, 0);
        self.err(unsafe { ffi::sh_position_owner(self.0, cell, &mut s, &mut k) })?;
        Ok(k != 0)
    }
    /// The cells of a seat's marbles, sorted.
    pub fn pieces(&self, seat: Seat) -> Result<Vec<Cell>> {
        array_of(|o, c, n| unsafe { ffi::sh_position_pieces(self.0, seat, o, c, n) })
    }
    /// The packed form used by the batch calls.
    pub fn pack(&self) -> [u8; PACKED_SIZE] {
        let mut out = [0u8; PACKED_SIZE];
        must(self.err(unsafe { ffi::sh_position_pack(self.0, out.as_mut_ptr()) }));
        out
    }
    /// Legal moves of the seat to move, sorted by (from, to).
    pub fn legal_moves(&self) -> Vec<Move> {
        must(array_of(|o, c, n| unsafe { ffi::sh_position_legal_moves(self.0, o, c, n) }))
    }
    /// How many legal moves the seat to move has.
    pub fn count_moves(&self) -> usize {
        let mut n = 0usize;
        must(self.err(unsafe { ffi::sh_position_count_moves(self.0, &mut n) }));
        n
    }
    /// Where the marble on `from` can move, sorted.
    pub fn destinations(&self, from: Cell) -> Result<Vec<Cell>> {
        array_of(|o, c, n| unsafe { ffi::sh_position_destinations(self.0, from, o, c, n) })
    }
    /// True when the move is legal for the seat to move.
    pub fn is_legal<'a>(&self, m: impl Into<MoveArg<'a>>) -> Result<bool> {
        let m = match self.mv(m.into()) {
            Ok(m) => m,
            Err(e) if e.kind() == ErrorKind::Move => return Ok(false),
            Err(e) => return Err(e),
        };
        self.int(|p| unsafe { ffi::sh_position_is_legal(self.0, m.from, m.to, p) }).map(|v| v != 0)
    }
    /// Cells where the seat may not end a move, sorted.
    pub fn closed_cells(&self, seat: Seat) -> Result<Vec<Cell>> {
        array_of(|o, c, n| unsafe { ffi::sh_position_closed_cells(self.0, seat, o, c, n) })
    }
    /// The canonical route of a legal move (both ends included).
    pub fn canonical_path<'a>(&self, m: impl Into<MoveArg<'a>>) -> Result<Vec<Cell>> {
        let m = self.mv(m.into())?;
        array_of(|o, c, n| unsafe { ffi::sh_position_canonical_path(self.0, m.from, m.to, o, c, n) })
    }
    /// Up to `limit` routes of a legal move, and whether routes were left out.
    pub fn all_paths<'a>(&self, m: impl Into<MoveArg<'a>>, limit: usize) -> Result<(Vec<Vec<Cell>>, bool)> {
        let m = self.mv(m.into())?;
        let (mut need, mut paths, mut trunc) = (0usize, 0usize, 0);
        self.err(unsafe { ffi::sh_position_all_paths(self.0, m.from, m.to, limit, ptr::null_mut(), 0, &mut need, ptr::null_mut(), ptr::null_mut()) })?;
        let mut out = vec![0; need];
        self.err(unsafe { ffi::sh_position_all_paths(self.0, m.from, m.to, limit, out.as_mut_ptr(), need, &mut need, &mut paths, &mut trunc) })?;
        out.truncate(need);
        let routes = out.split(|&c| c == ffi::SH_NO_CELL).filter(|r| !r.is_empty()).map(<[Cell]>::to_vec).collect();
        Ok((routes, trunc != 0))
    }
    /// A move of the seat to move from text ("l2-l3", "m1-m3-k5": hops checked).
    pub fn parse_move(&self, text: &str) -> Result<Move> {
        let c = c_string(text, "move")?;
        let mut m = Move::default();
        self.err(unsafe { ffi::sh_position_parse_move(self.0, c.as_ptr(), &mut m) })?;
        Ok(m)
    }
    /// The canonical route of a legal move as text ("m1-m3-k5").
    pub fn format_move<'a>(&self, m: impl Into<MoveArg<'a>>) -> Result<String> {
        let m = self.mv(m.into())?;
        text_of(|b, s, n| unsafe { ffi::sh_position_format_move(self.0, m.from, m.to, b, s, n) })
    }
    /// Plays a legal move with no game rules (the next seat with marbles moves).
    pub fn play<'a>(&mut self, m: impl Into<MoveArg<'a>>) -> Result<()> {
        let m = self.mv(m.into())?;
        self.err(unsafe { ffi::sh_position_play(self.0, m.from, m.to) })
    }
    /// Move sequences of length `depth` (SPEC §10).
    pub fn perft(&self, depth: u32) -> Result<u64> {
        let d = perft_depth(depth, false)?;
        let mut n = 0u64;
        self.err(unsafe { ffi::sh_perft(self.0, d, &mut n) })?;
        Ok(n)
    }
    /// perft(depth - 1) after each first move, by move.
    pub fn divide(&self, depth: u32) -> Result<Vec<(Move, u64)>> {
        let d = perft_depth(depth, true)?;
        let mut moves = vec![Move::default(); MAX_MOVES];
        let mut nodes = vec![0u64; MAX_MOVES];
        let mut n = 0usize;
        self.err(unsafe { ffi::sh_divide(self.0, d, moves.as_mut_ptr(), nodes.as_mut_ptr(), MAX_MOVES, &mut n) })?;
        Ok(moves.into_iter().zip(nodes).take(n).collect())
    }
    fn distance(&self, seat: Seat) -> Result<(i32, i32, i32)> {
        let (mut g, mut t, mut i) = (0, 0, 0);
        self.err(unsafe { ffi::sh_position_distance(self.0, seat, &mut g, &mut t, &mut i) })?;
        Ok((g, t, i))
    }
    /// Steps the seat's marbles still need to fill its goal (assignment distance).
    pub fn goal_distance(&self, seat: Seat) -> Result<i32> { self.distance(seat).map(|d| d.0) }
    /// Steps from the seat's marbles to its goal's tip, summed.
    pub fn tip_distance(&self, seat: Seat) -> Result<i32> { self.distance(seat).map(|d| d.1) }
    /// How many of the seat's marbles are in its goal.
    pub fn marbles_in_goal(&self, seat: Seat) -> Result<i32> { self.distance(seat).map(|d| d.2) }
    /// (winner or None, turns) of `n` games of uniformly random legal moves that
    /// start here under every rule of the table, each until over or `max_plies` turns.
    pub fn playouts(&self, n: usize, max_plies: u32, seed: u64) -> Result<Vec<(Option<Seat>, i32)>> {
        if n > MAX_PLAYOUTS {
            return Err(Error::new(ErrorKind::Range, format!("n must be in 0..={MAX_PLAYOUTS}, got {n}")));
        }
        let m = c_int_of(max_plies.into(), "max_plies", 0)?;
        let (mut w, mut p) = (vec![0; n], vec![0; n]);
        self.err(unsafe { ffi::sh_position_playouts(self.0, n, m, seed, w.as_mut_ptr(), p.as_mut_ptr()) })?;
        Ok(w.into_iter().map(opt).zip(p).collect())
    }
}

// ---- games --------------------------------------------------------------------------------

handle!(
    /// A whole game (SPEC §4): apply, undo, events, places, clocks, records.
    Game, sh_game, sh_game_free, sh_game_clone, sh_game_error
);
impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Game({:?}, turn {}, {})", self.position().rules().id(), self.turns(), self.end_reason())
    }
}

impl Game {
    /// A new game of a preset id or a [`Rules`]: `Game::new("classic-2")`, `Game::new(&rules)`.
    pub fn new<'a>(table: impl Into<Table<'a>>) -> Result<Game> {
        match table.into() {
            Table::Preset(id) => Game::make(&Rules::new(id)?, ffi::SH_NO_SEAT),
            Table::Rules(r) => Game::make(r, ffi::SH_NO_SEAT),
        }
    }
    /// A new game whose first move is `seat`'s.
    pub fn with_first_seat(rules: &Rules, seat: Seat) -> Result<Game> {
        if seat < 0 {
            return Err(Error::new(ErrorKind::Seat, format!("seat must be in 0..=5, got {seat}")));
        }
        Game::make(rules, seat)
    }
    fn make(rules: &Rules, first: c_int) -> Result<Game> {
        new_handle(|h| rules.err(unsafe { ffi::sh_game_new(rules.0, first, h) })).map(Game)
    }
    /// A game from a position (its seat to move moves first).
    pub fn from_position(pos: &Position) -> Result<Game> {
        new_handle(|h| pos.err(unsafe { ffi::sh_game_from_position(pos.0, h) })).map(Game)
    }
    /// Replays a record (SPEC §8) of a preset.
    pub fn from_record(record: &str) -> Result<Game> {
        let c = c_string(record, "record")?;
        new_handle(|h| check_t(unsafe { ffi::sh_game_from_record(ptr::null(), c.as_ptr(), h) })).map(Game)
    }
    /// Replays a record of a custom table.
    pub fn from_record_with(rules: &Rules, record: &str) -> Result<Game> {
        let c = c_string(record, "record")?;
        new_handle(|h| rules.err(unsafe { ffi::sh_game_from_record(rules.0, c.as_ptr(), h) })).map(Game)
    }
    fn mv(&self, m: MoveArg<'_>) -> Result<Move> {
        match m {
            MoveArg::Move(m) => Ok(m),
            MoveArg::Text(t) => self.position().parse_move(t),
        }
    }
    /// A copy of the current position (playing on it does not change the game).
    pub fn position(&self) -> Position {
        Position(must(new_handle(|h| self.err(unsafe { ffi::sh_game_position(self.0, h) }))))
    }
    fn to_move_pair(&self) -> (Option<Seat>, Option<Seat>) {
        let (mut s, mut o) = (0, 0);
        must(self.err(unsafe { ffi::sh_game_to_move(self.0, &mut s, &mut o) }));
        (opt(s), opt(o))
    }
    /// The seat to move, None when the game is over.
    pub fn to_move(&self) -> Option<Seat> { self.to_move_pair().0 }
    /// Whose marbles the seat to move moves (its partner's after arriving).
    pub fn marbles_of(&self) -> Option<Seat> { self.to_move_pair().1 }
    fn state(&self) -> (bool, EndReason, bool) {
        let (mut o, mut e, mut d) = (0, 0, 0);
        must(self.err(unsafe { ffi::sh_game_state(self.0, &mut o, &mut e, &mut d) }));
        (o != 0, EndReason::from_raw(e).unwrap_or(EndReason::None), d != 0)
    }
    /// True when the game has ended.
    pub fn is_over(&self) -> bool { self.state().0 }
    /// Why the game ended ([`EndReason::None`] while it goes on).
    pub fn end_reason(&self) -> EndReason { self.state().1 }
    /// True when the game ended in a draw.
    pub fn is_draw(&self) -> bool { self.state().2 }
    fn counters(&self) -> (i32, i32, i32) {
        let (mut t, mut r, mut a) = (0, 0, 0);
        must(self.err(unsafe { ffi::sh_game_counters(self.0, &mut t, &mut r, &mut a) }));
        (t, r, a)
    }
    /// Turns (moves and passes) in all.
    pub fn turns(&self) -> i32 { self.counters().0 }
    /// Completed rounds.
    pub fn round(&self) -> i32 { self.counters().1 }
    /// Actions [`Game::undo`] can take back.
    pub fn actions(&self) -> i32 { self.counters().2 }
    /// A seat's state.
    pub fn seat(&self, seat: Seat) -> Result<SeatInfo> {
        let mut i = ffi::sh_seat_info::default();
        self.err(unsafe { ffi::sh_game_seat(self.0, seat, &mut i, std::mem::size_of::<ffi::sh_seat_info>()) })?;
        Ok(SeatInfo {
            status: SeatStatus::from_raw(i.status).unwrap_or(SeatStatus::NotPlayed),
            place: i.place,
            out_reason: OutReason::from_raw(i.out_reason).unwrap_or(OutReason::None),
            moves_made: i.moves_made,
            turns_taken: i.turns_taken,
            reserve: Duration::from_millis(i.reserve_ms.max(0) as u64),
        })
    }
    /// A seat's status.
    pub fn status(&self, seat: Seat) -> Result<SeatStatus> { self.seat(seat).map(|i| i.status) }
    /// A seat's place (1 best ..= N), 0 while not placed or not played.
    pub fn place(&self, seat: Seat) -> Result<i32> { self.seat(seat).map(|i| i.place) }
    /// Places by point (0: not placed or not played).
    pub fn places(&self) -> [i32; MAX_SEATS] {
        let mut p = [0; MAX_SEATS];
        must(self.err(unsafe { ffi::sh_game_places(self.0, p.as_mut_ptr()) }));
        p
    }
    /// The legal moves now (none when the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        must(array_of(|o, c, n| unsafe { ffi::sh_game_legal_moves(self.0, o, c, n) }))
    }
    /// Ok when the move is legal now, else the reason.
    pub fn check<'a>(&self, m: impl Into<MoveArg<'a>>) -> Result<()> {
        let m = self.mv(m.into())?;
        self.err(unsafe { ffi::sh_game_check(self.0, m.from, m.to) })
    }
    /// True when the legal move puts a seat out (the exit deadline).
    pub fn eliminates<'a>(&self, m: impl Into<MoveArg<'a>>) -> Result<bool> {
        let m = self.mv(m.into())?;
        let mut e = 0;
        self.err(unsafe { ffi::sh_game_eliminates(self.0, m.from, m.to, &mut e) })?;
        Ok(e != 0)
    }
    /// Plays a move of the seat to move (a [`Move`], a pair or text), no time charged.
    pub fn apply<'a>(&mut self, m: impl Into<MoveArg<'a>>) -> Result<()> { self.apply_timed(m, Duration::ZERO) }
    /// Plays a move and charges `elapsed` to the mover's clock (a fallen flag is played instead).
    pub fn apply_timed<'a>(&mut self, m: impl Into<MoveArg<'a>>, elapsed: Duration) -> Result<()> {
        let ms = millis(elapsed, "elapsed")?;
        match m.into() {
            MoveArg::Move(m) => self.err(unsafe { ffi::sh_game_apply(self.0, m.from, m.to, ms) }),
            MoveArg::Text(t) => {
                let c = c_string(t, "move")?;
                self.err(unsafe { ffi::sh_game_apply_text(self.0, c.as_ptr(), ms) })
            }
        }
    }
    /// A seat still playing resigns.
    pub fn resign(&mut self, seat: Seat) -> Result<()> { self.err(unsafe { ffi::sh_game_resign(self.0, seat) }) }
    /// The flag of the seat to move falls.
    pub fn flag(&mut self) -> Result<()> { self.err(unsafe { ffi::sh_game_flag(self.0) }) }
    /// Takes back up to n actions; how many were taken back.
    pub fn undo(&mut self, n: u32) -> Result<u32> {
        let n = c_int_of(n.into(), "n", 1)?;
        let mut k = 0;
        self.err(unsafe { ffi::sh_game_undo(self.0, n, &mut k) })?;
        Ok(k as u32)
    }
    /// Clocks: every seat gets `reserve`, each move earns `increment` (before the first action).
    pub fn set_clock(&mut self, reserve: Duration, increment: Duration) -> Result<()> {
        let (r, i) = (millis(reserve, "reserve")?, millis(increment, "increment")?);
        self.err(unsafe { ffi::sh_game_set_clock(self.0, r, i) })
    }
    /// Every event so far.
    pub fn events(&self) -> impl Iterator<Item = Event> { self.events_from(0) }
    /// The events from index `first` on (poll with the number seen so far).
    pub fn events_from(&self, first: usize) -> impl Iterator<Item = Event> {
        // Past the end there is nothing to walk: an empty iterator.
        let raw: Vec<ffi::sh_event> =
            array_of(|o, c, n| unsafe { ffi::sh_game_events(self.0, first, o, std::mem::size_of::<ffi::sh_event>(), c, n) }).unwrap_or_default();
        raw.into_iter().map(|e| Event {
            kind: EventKind::from_raw(e.kind).unwrap_or(EventKind::End),
            seat: opt(e.seat),
            owner: opt(e.owner),
            mv: (e.kind == EventKind::Move as i32).then_some(Move { from: e.from, to: e.to }),
            place: e.place,
            out_reason: OutReason::from_raw(e.out_reason).unwrap_or(OutReason::None),
            end_reason: EndReason::from_raw(e.end_reason).unwrap_or(EndReason::None),
            by_flag: e.by_flag != 0,
        })
    }
    /// Event `index` as a line ("move W m3-m4", "arrive W place 1").
    pub fn event_text(&self, index: usize) -> Result<String> {
        text_of(|b, s, n| unsafe { ffi::sh_game_event_text(self.0, index, b, s, n) })
    }
    /// The record so far (SPEC §8), ten turns a line.
    pub fn record(&self) -> String { must(self.record_lines(10)) }
    /// The record with a line break every `per_line` turns (0: one line).
    pub fn record_lines(&self, per_line: u32) -> Result<String> {
        let p = c_int_of(per_line.into(), "per_line", 0)?;
        text_of(|b, s, n| unsafe { ffi::sh_game_record(self.0, p, b, s, n) })
    }
    /// Rating changes of a finished game's played seats, in seat order (SPEC §6).
    pub fn rating_changes(&self, ratings: &[f64], k: f64, k_prime: f64) -> Result<Vec<f64>> {
        let mut out = vec![0.0; ratings.len()];
        self.err(unsafe { ffi::sh_game_rating_changes(self.0, ratings.as_ptr(), ratings.len(), k, k_prime, out.as_mut_ptr()) })?;
        Ok(out)
    }
    /// (places by point, turns played) of `n` games of uniformly random legal
    /// moves under every rule, from now, each at most `max_turns` turns. On a
    /// table with an exit deadline (classic-2) they end by it at about turn 59.
    pub fn playouts(&self, n: usize, max_turns: u32, seed: u64) -> Result<Vec<([i32; MAX_SEATS], i32)>> {
        if n > MAX_PLAYOUTS {
            return Err(Error::new(ErrorKind::Range, format!("n must be in 0..={MAX_PLAYOUTS}, got {n}")));
        }
        let m = c_int_of(max_turns.into(), "max_turns", 0)?;
        let (mut p, mut t) = (vec![0; n * MAX_SEATS], vec![0; n]);
        self.err(unsafe { ffi::sh_game_playouts(self.0, n, m, seed, p.as_mut_ptr(), t.as_mut_ptr()) })?;
        Ok((0..n).map(|i| {
            let mut a = [0; MAX_SEATS];
            a.copy_from_slice(&p[i * MAX_SEATS..(i + 1) * MAX_SEATS]);
            (a, t[i])
        }).collect())
    }
}

// ---- computer players -------------------------------------------------------------------

/// The work a hard or expert player may do per move: `nodes`, positions searched
/// (deterministic), and/or `time`, wall clock (not deterministic: the move depends on the
/// machine and its load). Zero means no limit of that kind; both zero (the default) mean
/// the level's default (expert: 20 000 nodes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    pub nodes: u64,
    pub time: Duration,
}

/// What a player's last choice searched.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Positions visited.
    pub nodes: u64,
    /// Expert: plies of the deepest finished iteration; hard: own moves looked ahead.
    pub depth: i32,
}

handle!(
    /// A computer player (SPEC §9): "easy", "normal", "hard" or "expert", seeded.
    /// A clone is a copy in the same state: both then choose the same moves.
    Player, sh_player, sh_player_free, sh_player_clone, sh_player_error
);

impl Player {
    /// A player of a level with a seed.
    pub fn new(level: &str, seed: u64) -> Result<Player> {
        let c = c_string(level, "level")?;
        new_handle(|h| check_t(unsafe { ffi::sh_player_new(c.as_ptr(), seed, h) })).map(Player)
    }
    /// A player of a level with a seed and a budget per move.
    pub fn with_budget(level: &str, seed: u64, budget: Budget) -> Result<Player> {
        let mut p = Player::new(level, seed)?;
        p.set_budget(budget)?;
        Ok(p)
    }
    /// The player's move for the seat to move ([`ErrorKind::State`] when the game is over).
    pub fn choose(&mut self, game: &Game) -> Result<Move> {
        let mut m = Move::default();
        self.err(unsafe { ffi::sh_player_choose(self.0, game.0, &mut m) })?;
        Ok(m)
    }
    /// Sets the budget per move ([`ErrorKind::Range`] beyond [`MAX_BUDGET_NODES`] or
    /// [`MAX_BUDGET_TIME`]; the budget is then unchanged).
    pub fn set_budget(&mut self, budget: Budget) -> Result<()> {
        if budget.nodes > MAX_BUDGET_NODES {
            return Err(Error::new(ErrorKind::Range, format!("budget nodes must be at most {MAX_BUDGET_NODES}, got {}", budget.nodes)));
        }
        if budget.time > MAX_BUDGET_TIME {
            return Err(Error::new(ErrorKind::Range, format!("budget time must be at most {} ms", MAX_BUDGET_TIME.as_millis())));
        }
        let ms = millis(budget.time, "budget time")?;
        self.err(unsafe { ffi::sh_player_set_budget(self.0, budget.nodes as i64, ms) })
    }
    /// The budget as set (the default, all zero, for the level's own).
    pub fn budget(&self) -> Budget {
        let (mut n, mut ms) = (0i64, 0i64);
        must(check_t(unsafe { ffi::sh_player_budget(self.0, &mut n, &mut ms) }));
        Budget { nodes: n as u64, time: Duration::from_millis(ms as u64) }
    }
    /// What the last [`Player::choose`] searched (zeros before the first).
    pub fn last_stats(&self) -> SearchStats {
        let (mut n, mut d) = (0i64, 0 as c_int);
        must(check_t(unsafe { ffi::sh_player_last_stats(self.0, &mut n, &mut d) }));
        SearchStats { nodes: n as u64, depth: d }
    }
}
