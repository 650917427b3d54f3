//! Games: a whole game as a handle (SPEC §4), played move by move under
//! every rule: turns, places, clocks, events, records and playouts.
use std::fmt;
use std::os::raw::c_int;
use std::ptr;
use std::time::Duration;

use crate::args::{c_int_of, c_string, in_range, millis};
use crate::enums::{EndReason, Event, EventKind, OutReason, SeatInfo, SeatStatus};
use crate::error::{check_t, must, Error, ErrorKind, Result};
use crate::ffi;
use crate::handle::handle;
use crate::moves::{moves_of, MoveArg};
use crate::out::{array_of, new_handle, opt, text_of};
use crate::position::Position;
use crate::rules::{Rules, Table};
use crate::{Move, Seat, MAX_PLAYOUTS, MAX_PLAYOUT_TURNS, MAX_SEATS};

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
    /// A game from a position (its seat to move moves first). An `Option` error
    /// when a played seat has no pieces: a position does not say whether it is out.
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
    // Text is the game's to read (parse_move), not the position's: the
    // position knows neither whose marbles the seat moves now nor that the
    // game is over.
    fn mv(&self, m: MoveArg<'_>) -> Result<Move> {
        match m {
            MoveArg::Move(m) => Ok(m),
            MoveArg::Text(t) => self.parse_move(t),
        }
    }
    /// The move text names ("l2-l3", "m1-m3-k5": hops checked), read as
    /// [`Game::apply`] reads it: for the seat to move, with the marbles it
    /// moves now (its partner's once it has arrived, SPEC §5).
    /// [`ErrorKind::Move`] when it is no legal move now, [`ErrorKind::State`]
    /// when the game is over, [`ErrorKind::Text`] for a NUL byte.
    pub fn parse_move(&self, text: &str) -> Result<Move> {
        let c = c_string(text, "move")?;
        let mut m = ffi::sh_move::default();
        self.err(unsafe { ffi::sh_game_parse_move(self.0, c.as_ptr(), &mut m) })?;
        Ok(Move::of_raw(m))
    }
    /// A copy of the game's table (changing it does not change the game).
    pub fn rules(&self) -> Rules { self.position().rules() }
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
        moves_of(must(array_of(|o, c, n| unsafe { ffi::sh_game_legal_moves(self.0, o, c, n) })))
    }
    /// Ok when the move is legal now, else the reason.
    pub fn check<'a>(&self, m: impl Into<MoveArg<'a>>) -> Result<()> {
        let m = self.mv(m.into())?;
        self.err(unsafe { ffi::sh_game_check(self.0, m.from, m.to) })
    }
    /// True when the legal move brings a marble home after its seat's deadline,
    /// putting that seat out (SPEC rule 7's mark; the deadline move itself is
    /// not marked).
    pub fn eliminates<'a>(&self, m: impl Into<MoveArg<'a>>) -> Result<bool> {
        let m = self.mv(m.into())?;
        let mut e = 0;
        self.err(unsafe { ffi::sh_game_eliminates(self.0, m.from, m.to, &mut e) })?;
        Ok(e != 0)
    }
    /// Whether the legal move, played now, puts a seat out, and why:
    /// [`OutReason::ReturnHome`] for the moves [`Game::eliminates`] marks,
    /// [`OutReason::Deadline`] for the mover's deadline move when it leaves at
    /// home a marble that could still move (rule 7), else [`OutReason::None`].
    pub fn puts_out<'a>(&self, m: impl Into<MoveArg<'a>>) -> Result<OutReason> {
        let m = self.mv(m.into())?;
        let mut r = 0;
        self.err(unsafe { ffi::sh_game_puts_out(self.0, m.from, m.to, &mut r) })?;
        Ok(OutReason::from_raw(r).unwrap_or(OutReason::None))
    }
    /// Plays a move of the seat to move (a [`Move`], a pair or text), no time charged.
    pub fn apply<'a>(&mut self, m: impl Into<MoveArg<'a>>) -> Result<()> { self.apply_timed(m, Duration::ZERO) }
    /// Plays a move and charges `elapsed` to the mover's clock (a fallen flag is played instead).
    /// The clock counts whole milliseconds: `elapsed` is charged rounded up (10.9 ms
    /// as 11 ms), never less than the time spent.
    pub fn apply_timed<'a>(&mut self, m: impl Into<MoveArg<'a>>, elapsed: Duration) -> Result<()> {
        let ms = millis(elapsed, "elapsed", i64::MAX)?;
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
    /// The flag of the seat to move falls: its reserve becomes 0, and the table's
    /// flag rule applies (a resignation, or on 004 the move the table plays).
    pub fn flag(&mut self) -> Result<()> { self.err(unsafe { ffi::sh_game_flag(self.0) }) }
    /// Takes back up to n actions; how many were taken back.
    pub fn undo(&mut self, n: u32) -> Result<u32> {
        let n = c_int_of(n.into(), "n", 1)?;
        let mut k = 0;
        self.err(unsafe { ffi::sh_game_undo(self.0, n, &mut k) })?;
        Ok(k as u32)
    }
    /// Clocks: every seat gets `reserve`, each move earns `increment` (before the first action).
    /// Both in whole milliseconds, rounded up (500 µs is 1 ms), each at most [`MAX_CLOCK`](crate::MAX_CLOCK)
    /// ([`ErrorKind::Range`]); `reserve` must not be zero.
    pub fn set_clock(&mut self, reserve: Duration, increment: Duration) -> Result<()> {
        let r = millis(reserve, "reserve", ffi::SH_MAX_CLOCK_MS)?;
        let i = millis(increment, "increment", ffi::SH_MAX_CLOCK_MS)?;
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
    /// Rating changes of a finished game (SPEC §6): `ratings` six by seat, as
    /// [`Game::places`] (the changes likewise, 0 for a seat not played), or one
    /// per played seat in seat order (the changes likewise).
    pub fn rating_changes(&self, ratings: &[f64], k: f64, k_prime: f64) -> Result<Vec<f64>> {
        let mut out = vec![0.0; ratings.len()];
        self.err(unsafe { ffi::sh_game_rating_changes(self.0, ratings.as_ptr(), ratings.len(), k, k_prime, out.as_mut_ptr()) })?;
        Ok(out)
    }
    /// (places by point, turns played) of `n` games of uniformly random legal
    /// moves under every rule, from now, each at most `max_turns` turns. On a
    /// table with an exit deadline (classic-2) they end by it at about turn 59.
    /// Ceilings: `n` <= [`MAX_PLAYOUTS`], `max_turns` <= [`MAX_PLAYOUT_TURNS`]
    /// ([`ErrorKind::Range`]), and [`MAX_PLAYOUT_TURNS`] turns in all ([`ErrorKind::Limit`]).
    pub fn playouts(&self, n: usize, max_turns: u32, seed: u64) -> Result<Vec<([i32; MAX_SEATS], i32)>> {
        in_range(n, "n", 0, MAX_PLAYOUTS)?;
        let m = in_range(max_turns, "max_turns", 0, MAX_PLAYOUT_TURNS)? as c_int;
        let (mut p, mut t) = (vec![0; n * MAX_SEATS], vec![0; n]);
        self.err(unsafe { ffi::sh_game_playouts(self.0, n, m, seed, p.as_mut_ptr(), t.as_mut_ptr()) })?;
        Ok((0..n).map(|i| {
            let mut a = [0; MAX_SEATS];
            a.copy_from_slice(&p[i * MAX_SEATS..(i + 1) * MAX_SEATS]);
            (a, t[i])
        }).collect())
    }
}
