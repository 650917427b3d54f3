//! Safe Rust binding of libsternhalma (Chinese checkers rules, SPEC).
//!
//! ```no_run
//! let mut pos = sternhalma::Position::parse("classic-2").unwrap();
//! assert_eq!(pos.perft(3).unwrap(), 4648);
//! let m = pos.parse_move("k3-i5").unwrap();
//! pos.play(m).unwrap();
//! print!("{}", pos.render().unwrap());
//! ```
//! Cells are the SPEC's indices 0..=120, seats the points 0..=5, moves
//! (from, to). Every failure is an [`Error`] carrying the library's status and
//! message. Handles free themselves on drop.
pub mod ffi;

use std::ffi::{CStr, CString};
use std::fmt;
use std::os::raw::{c_char, c_int};
use std::ptr;

pub use ffi::sh_move as Move;
pub use ffi::sh_event as Event;
pub use ffi::sh_seat_info as SeatInfo;
pub const NO_CELL: i32 = -1;
pub const NO_SEAT: i32 = -1;
pub const PACKED_SIZE: usize = ffi::SH_PACKED_SIZE;

/// A failed call: the status name (e.g. "SH_ERR_MOVE") and the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub status: i32,
    pub name: String,
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.name, self.message)
    }
}
impl std::error::Error for Error {}

pub type Result<T> = std::result::Result<T, Error>;

fn cstr(p: *const c_char) -> String {
    if p.is_null() { return String::new(); }
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}

fn check(st: ffi::sh_status, msg: *const c_char) -> Result<()> {
    if st == ffi::SH_OK { return Ok(()); }
    Err(Error { status: st, name: cstr(unsafe { ffi::sh_status_name(st) }), message: cstr(msg) })
}

fn check_t(st: ffi::sh_status) -> Result<()> { check(st, unsafe { ffi::sh_last_error() }) }

fn c_string(s: &str) -> Result<CString> {
    CString::new(s).map_err(|_| Error { status: ffi::SH_OK - 1, name: "NUL".into(), message: "text holds a NUL byte".into() })
}

/// Text out through the (buf, size, needed) convention.
fn text_of(mut f: impl FnMut(*mut c_char, usize, *mut usize) -> ffi::sh_status) -> Result<String> {
    let mut need = 0usize;
    check_t(f(ptr::null_mut(), 0, &mut need))?;
    let mut buf = vec![0u8; need];
    check_t(f(buf.as_mut_ptr() as *mut c_char, need, &mut need))?;
    buf.truncate(need.saturating_sub(1));
    Ok(String::from_utf8_lossy(&buf).into_owned())
}

/// Array out through the (out, cap, count) convention.
fn array_of<T: Default + Clone>(mut f: impl FnMut(*mut T, usize, *mut usize) -> ffi::sh_status) -> Result<Vec<T>> {
    let mut n = 0usize;
    check_t(f(ptr::null_mut(), 0, &mut n))?;
    let mut v = vec![T::default(); n];
    check_t(f(v.as_mut_ptr(), n, &mut n))?;
    v.truncate(n);
    Ok(v)
}

pub fn version() -> String { cstr(unsafe { ffi::sh_version() }) }

pub fn cell(name: &str) -> Result<i32> {
    let c = c_string(name)?;
    let mut out = 0;
    check_t(unsafe { ffi::sh_cell_from_name(c.as_ptr(), &mut out) })?;
    Ok(out)
}

pub fn cell_name(cell: i32) -> Result<String> {
    text_of(|b, s, n| unsafe { ffi::sh_cell_name(cell, b, s, n) })
}

pub fn distance(a: i32, b: i32) -> Result<i32> {
    let mut d = 0;
    check_t(unsafe { ffi::sh_cell_distance(a, b, &mut d) })?;
    Ok(d)
}

pub fn point_tip(point: i32) -> Result<i32> {
    let mut c = 0;
    check_t(unsafe { ffi::sh_tip_cell(point, &mut c) })?;
    Ok(c)
}

pub fn rotate(cell: i32, k: i32) -> Result<i32> {
    let mut c = 0;
    check_t(unsafe { ffi::sh_cell_rotate(cell, k, &mut c) })?;
    Ok(c)
}

pub fn foreign_cells(point: i32) -> Result<Vec<i32>> {
    array_of(|o, c, n| unsafe { ffi::sh_foreign_cells(point, o, c, n) })
}

/// Every preset id.
pub fn presets() -> Vec<String> {
    (0..unsafe { ffi::sh_preset_count() })
        .filter_map(|i| text_of(|b, s, n| unsafe { ffi::sh_preset_id(i, b, s, n) }).ok())
        .collect()
}

// ---- rules -------------------------------------------------------------------

/// A table: a preset, changed option by option.
pub struct Rules(*mut ffi::sh_rules);

impl Drop for Rules {
    fn drop(&mut self) { unsafe { ffi::sh_rules_free(self.0) } }
}
impl Clone for Rules {
    fn clone(&self) -> Self {
        let mut h = ptr::null_mut();
        check_t(unsafe { ffi::sh_rules_clone(self.0, &mut h) }).expect("rules clone");
        Rules(h)
    }
}

impl Rules {
    pub fn preset(id: &str) -> Result<Rules> {
        let c = c_string(id)?;
        let mut h = ptr::null_mut();
        check_t(unsafe { ffi::sh_rules_new(c.as_ptr(), &mut h) })?;
        Ok(Rules(h))
    }
    fn err(&self, st: ffi::sh_status) -> Result<()> { check(st, unsafe { ffi::sh_rules_error(self.0) }) }
    pub fn id(&self) -> Result<String> { text_of(|b, s, n| unsafe { ffi::sh_rules_id(self.0, b, s, n) }) }
    pub fn get(&self, name: &str) -> Result<String> {
        let c = c_string(name)?;
        text_of(|b, s, n| unsafe { ffi::sh_rules_get_option(self.0, c.as_ptr(), b, s, n) })
    }
    pub fn set(&mut self, name: &str, value: &str) -> Result<()> {
        let (n, v) = (c_string(name)?, c_string(value)?);
        self.err(unsafe { ffi::sh_rules_set_option(self.0, n.as_ptr(), v.as_ptr()) })
    }
    pub fn validate(&self) -> Result<()> { self.err(unsafe { ffi::sh_rules_validate(self.0) }) }
    /// (name, value) for every option.
    pub fn options(&self) -> Result<Vec<(String, String)>> {
        let t = text_of(|b, s, n| unsafe { ffi::sh_rules_describe(self.0, b, s, n) })?;
        Ok(t.lines().filter_map(|l| l.split_once(" = ")).map(|(a, b)| (a.into(), b.into())).collect())
    }
    /// Legal-move counts of many packed positions (PACKED_SIZE bytes each).
    pub fn count_moves_batch(&self, packed: &[u8]) -> Result<Vec<u32>> {
        let n = packed.len() / PACKED_SIZE;
        let mut out = vec![0u32; n];
        self.err(unsafe { ffi::sh_batch_count_moves(self.0, packed.as_ptr(), n, out.as_mut_ptr()) })?;
        Ok(out)
    }
}

// ---- positions -------------------------------------------------------------------

/// Board, seat to move and round.
pub struct Position(*mut ffi::sh_position);

impl Drop for Position {
    fn drop(&mut self) { unsafe { ffi::sh_position_free(self.0) } }
}
impl Clone for Position {
    fn clone(&self) -> Self {
        let mut h = ptr::null_mut();
        check_t(unsafe { ffi::sh_position_clone(self.0, &mut h) }).expect("position clone");
        Position(h)
    }
}
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text().map_err(|_| fmt::Error)?)
    }
}
impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { write!(f, "Position({self})") }
}
impl PartialEq for Position {
    fn eq(&self, o: &Self) -> bool { self.text().ok() == o.text().ok() }
}

impl Position {
    /// A preset id alone or a position line (SPEC §8).
    pub fn parse(text: &str) -> Result<Position> {
        let c = c_string(text)?;
        let mut h = ptr::null_mut();
        check_t(unsafe { ffi::sh_position_parse(c.as_ptr(), &mut h) })?;
        Ok(Position(h))
    }
    pub fn start(rules: &Rules) -> Result<Position> {
        let mut h = ptr::null_mut();
        rules.err(unsafe { ffi::sh_position_new(rules.0, &mut h) })?;
        Ok(Position(h))
    }
    fn err(&self, st: ffi::sh_status) -> Result<()> { check(st, unsafe { ffi::sh_position_error(self.0) }) }
    fn int(&self, f: impl FnOnce(*mut c_int) -> ffi::sh_status) -> Result<i32> {
        let mut v = 0;
        self.err(f(&mut v))?;
        Ok(v)
    }
    pub fn text(&self) -> Result<String> { text_of(|b, s, n| unsafe { ffi::sh_position_to_text(self.0, b, s, n) }) }
    pub fn render(&self) -> Result<String> { text_of(|b, s, n| unsafe { ffi::sh_position_render(self.0, b, s, n) }) }
    pub fn to_move(&self) -> Result<i32> { self.int(|p| unsafe { ffi::sh_position_to_move(self.0, p) }) }
    pub fn round(&self) -> Result<i32> { self.int(|p| unsafe { ffi::sh_position_round(self.0, p) }) }
    pub fn owner(&self, cell: i32) -> Result<i32> {
        self.int(|p| unsafe { ffi::sh_position_owner(self.0, cell, p, ptr::null_mut()) })
    }
    pub fn pieces(&self, seat: i32) -> Result<Vec<i32>> {
        array_of(|o, c, n| unsafe { ffi::sh_position_pieces(self.0, seat, o, c, n) })
    }
    pub fn pack(&self) -> Result<[u8; PACKED_SIZE]> {
        let mut out = [0u8; PACKED_SIZE];
        self.err(unsafe { ffi::sh_position_pack(self.0, out.as_mut_ptr()) })?;
        Ok(out)
    }
    /// Legal moves of the seat to move, sorted by (from, to).
    pub fn legal_moves(&self) -> Result<Vec<Move>> {
        array_of(|o, c, n| unsafe { ffi::sh_position_legal_moves(self.0, o, c, n) })
    }
    pub fn count_moves(&self) -> Result<usize> {
        let mut n = 0usize;
        self.err(unsafe { ffi::sh_position_count_moves(self.0, &mut n) })?;
        Ok(n)
    }
    pub fn destinations(&self, from: i32) -> Result<Vec<i32>> {
        array_of(|o, c, n| unsafe { ffi::sh_position_destinations(self.0, from, o, c, n) })
    }
    pub fn canonical_path(&self, m: Move) -> Result<Vec<i32>> {
        array_of(|o, c, n| unsafe { ffi::sh_position_canonical_path(self.0, m.from, m.to, o, c, n) })
    }
    pub fn parse_move(&self, text: &str) -> Result<Move> {
        let c = c_string(text)?;
        let mut m = Move::default();
        self.err(unsafe { ffi::sh_position_parse_move(self.0, c.as_ptr(), &mut m) })?;
        Ok(m)
    }
    pub fn format_move(&self, m: Move) -> Result<String> {
        text_of(|b, s, n| unsafe { ffi::sh_position_format_move(self.0, m.from, m.to, b, s, n) })
    }
    /// Plays a legal move with no game rules.
    pub fn play(&mut self, m: Move) -> Result<()> { self.err(unsafe { ffi::sh_position_play(self.0, m.from, m.to) }) }
    pub fn perft(&self, depth: i32) -> Result<u64> {
        let mut n = 0u64;
        self.err(unsafe { ffi::sh_perft(self.0, depth, &mut n) })?;
        Ok(n)
    }
}

// ---- games ---------------------------------------------------------------------

/// A whole game (SPEC §4): apply, undo, events, places, clocks, records.
pub struct Game(*mut ffi::sh_game);

impl Drop for Game {
    fn drop(&mut self) { unsafe { ffi::sh_game_free(self.0) } }
}
impl Clone for Game {
    fn clone(&self) -> Self {
        let mut h = ptr::null_mut();
        check_t(unsafe { ffi::sh_game_clone(self.0, &mut h) }).expect("game clone");
        Game(h)
    }
}

impl Game {
    /// A new game; `first_seat` None: the table's.
    pub fn new(rules: &Rules, first_seat: Option<i32>) -> Result<Game> {
        let mut h = ptr::null_mut();
        rules.err(unsafe { ffi::sh_game_new(rules.0, first_seat.unwrap_or(NO_SEAT), &mut h) })?;
        Ok(Game(h))
    }
    pub fn from_record(record: &str) -> Result<Game> {
        let c = c_string(record)?;
        let mut h = ptr::null_mut();
        check_t(unsafe { ffi::sh_game_from_record(ptr::null(), c.as_ptr(), &mut h) })?;
        Ok(Game(h))
    }
    fn err(&self, st: ffi::sh_status) -> Result<()> { check(st, unsafe { ffi::sh_game_error(self.0) }) }
    pub fn position(&self) -> Result<Position> {
        let mut h = ptr::null_mut();
        self.err(unsafe { ffi::sh_game_position(self.0, &mut h) })?;
        Ok(Position(h))
    }
    /// The seat to move, None when the game is over.
    pub fn to_move(&self) -> Result<Option<i32>> {
        let mut s = 0;
        self.err(unsafe { ffi::sh_game_to_move(self.0, &mut s, ptr::null_mut()) })?;
        Ok(if s == NO_SEAT { None } else { Some(s) })
    }
    pub fn is_over(&self) -> Result<bool> {
        let mut o = 0;
        self.err(unsafe { ffi::sh_game_state(self.0, &mut o, ptr::null_mut(), ptr::null_mut()) })?;
        Ok(o != 0)
    }
    pub fn turns(&self) -> Result<i32> {
        let mut t = 0;
        self.err(unsafe { ffi::sh_game_counters(self.0, &mut t, ptr::null_mut(), ptr::null_mut()) })?;
        Ok(t)
    }
    pub fn seat(&self, seat: i32) -> Result<SeatInfo> {
        let mut i = SeatInfo::default();
        self.err(unsafe { ffi::sh_game_seat(self.0, seat, &mut i) })?;
        Ok(i)
    }
    /// Places by point (0: not placed / not played).
    pub fn places(&self) -> Result<[i32; 6]> {
        let mut p = [0; 6];
        self.err(unsafe { ffi::sh_game_places(self.0, p.as_mut_ptr()) })?;
        Ok(p)
    }
    pub fn legal_moves(&self) -> Result<Vec<Move>> {
        array_of(|o, c, n| unsafe { ffi::sh_game_legal_moves(self.0, o, c, n) })
    }
    pub fn eliminates(&self, m: Move) -> Result<bool> {
        let mut e = 0;
        self.err(unsafe { ffi::sh_game_eliminates(self.0, m.from, m.to, &mut e) })?;
        Ok(e != 0)
    }
    pub fn apply(&mut self, m: Move, elapsed_ms: i64) -> Result<()> {
        self.err(unsafe { ffi::sh_game_apply(self.0, m.from, m.to, elapsed_ms) })
    }
    pub fn apply_text(&mut self, text: &str) -> Result<()> {
        let c = c_string(text)?;
        self.err(unsafe { ffi::sh_game_apply_text(self.0, c.as_ptr(), 0) })
    }
    pub fn resign(&mut self, seat: i32) -> Result<()> { self.err(unsafe { ffi::sh_game_resign(self.0, seat) }) }
    pub fn flag(&mut self) -> Result<()> { self.err(unsafe { ffi::sh_game_flag(self.0) }) }
    /// Takes back up to n actions; how many were taken back.
    pub fn undo(&mut self, n: i32) -> Result<i32> {
        let mut k = 0;
        self.err(unsafe { ffi::sh_game_undo(self.0, n, &mut k) })?;
        Ok(k)
    }
    pub fn set_clock(&mut self, reserve_ms: i64, increment_ms: i64) -> Result<()> {
        self.err(unsafe { ffi::sh_game_set_clock(self.0, reserve_ms, increment_ms) })
    }
    /// Events from index `first` on.
    pub fn events(&self, first: usize) -> Result<Vec<Event>> {
        array_of(|o, c, n| unsafe { ffi::sh_game_events(self.0, first, o, c, n) })
    }
    pub fn event_text(&self, index: usize) -> Result<String> {
        text_of(|b, s, n| unsafe { ffi::sh_game_event_text(self.0, index, b, s, n) })
    }
    pub fn record(&self) -> Result<String> {
        text_of(|b, s, n| unsafe { ffi::sh_game_record(self.0, 10, b, s, n) })
    }
    /// Rating changes of the played seats (seat order), K = k.
    pub fn rating_changes(&self, ratings: &[f64], k: f64) -> Result<Vec<f64>> {
        let mut out = vec![0.0; ratings.len()];
        self.err(unsafe { ffi::sh_game_rating_changes(self.0, ratings.as_ptr(), ratings.len(), k, 0.0, out.as_mut_ptr()) })?;
        Ok(out)
    }
}

/// A computer player (SPEC §9): "easy", "normal" or "hard".
pub struct Player(*mut ffi::sh_player);

impl Drop for Player {
    fn drop(&mut self) { unsafe { ffi::sh_player_free(self.0) } }
}

impl Player {
    pub fn new(level: &str, seed: u64) -> Result<Player> {
        let c = c_string(level)?;
        let mut h = ptr::null_mut();
        check_t(unsafe { ffi::sh_player_new(c.as_ptr(), seed, &mut h) })?;
        Ok(Player(h))
    }
    pub fn choose(&mut self, game: &Game) -> Result<Move> {
        let mut m = Move::default();
        check(unsafe { ffi::sh_player_choose(self.0, game.0, &mut m) }, unsafe { ffi::sh_player_error(self.0) })?;
        Ok(m)
    }
}

// Handles own their objects and the library keeps no shared state: they may
// move between threads (one thread at a time).
unsafe impl Send for Rules {}
unsafe impl Send for Position {}
unsafe impl Send for Game {}
unsafe impl Send for Player {}
