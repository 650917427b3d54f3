//! Positions: board, seat to move and round as a handle; moves, routes,
//! distances, perft and playouts with no game rules.
use std::fmt;
use std::os::raw::c_int;
use std::ptr;
use std::str::FromStr;

use crate::args::{c_string, in_range, perft_depth, perft_threads};
use crate::error::{check_t, must, Error, ErrorKind, Result};
use crate::ffi;
use crate::handle::handle;
use crate::moves::{moves_of, MoveArg};
use crate::out::{array_of, new_handle, opt, text_of};
use crate::rules::Rules;
use crate::{Cell, Move, Seat, MAX_MOVES, MAX_PLAYOUTS, MAX_PLAYOUT_TURNS, PACKED_SIZE};

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
        moves_of(must(array_of(|o, c, n| unsafe { ffi::sh_position_legal_moves(self.0, o, c, n) })))
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
        let mut m = ffi::sh_move::default();
        self.err(unsafe { ffi::sh_position_parse_move(self.0, c.as_ptr(), &mut m) })?;
        Ok(Move::of_raw(m))
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
    /// Move sequences of length `depth` (SPEC §10). Each ply multiplies the work by
    /// about 15 to 30: past 10^12 sequences (C's `SH_MAX_PERFT_LEAVES`, about 12
    /// minutes of one core) the call stops with [`ErrorKind::Limit`](crate::ErrorKind).
    pub fn perft(&self, depth: u32) -> Result<u64> {
        let d = perft_depth(depth, "perft")?;
        let mut n = 0u64;
        self.err(unsafe { ffi::sh_perft(self.0, d, &mut n) })?;
        Ok(n)
    }
    /// [`Position::perft`] on up to `threads` threads (1..=[`MAX_PERFT_THREADS`](crate::MAX_PERFT_THREADS)), the
    /// same count for every thread count (C `sh_perft_threads`, C++ `perft(p, d, threads)`).
    /// The tree is split at the root (or its first two plies); the call returns when
    /// every thread has finished. Depth 0..=32 and the ceiling on the work as for
    /// `perft`.
    pub fn perft_threads(&self, depth: u32, threads: u32) -> Result<u64> {
        let d = perft_depth(depth, "perft_threads")?;
        let t = perft_threads(threads)?;
        let mut n = 0u64;
        self.err(unsafe { ffi::sh_perft_threads(self.0, d, t, &mut n) })?;
        Ok(n)
    }
    /// perft(depth - 1) after each first move, by move.
    pub fn divide(&self, depth: u32) -> Result<Vec<(Move, u64)>> {
        let d = perft_depth(depth, "divide")?;
        let mut moves = vec![ffi::sh_move::default(); MAX_MOVES];
        let mut nodes = vec![0u64; MAX_MOVES];
        let mut n = 0usize;
        self.err(unsafe { ffi::sh_divide(self.0, d, moves.as_mut_ptr(), nodes.as_mut_ptr(), MAX_MOVES, &mut n) })?;
        Ok(moves.into_iter().map(Move::of_raw).zip(nodes).take(n).collect())
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
    /// Ceilings: `n` <= [`MAX_PLAYOUTS`], `max_plies` <= [`MAX_PLAYOUT_TURNS`]
    /// ([`ErrorKind::Range`]), and [`MAX_PLAYOUT_TURNS`] turns in all ([`ErrorKind::Limit`]).
    pub fn playouts(&self, n: usize, max_plies: u32, seed: u64) -> Result<Vec<(Option<Seat>, i32)>> {
        in_range(n, "n", 0, MAX_PLAYOUTS)?;
        let m = in_range(max_plies, "max_plies", 0, MAX_PLAYOUT_TURNS)? as c_int;
        let (mut w, mut p) = (vec![0; n], vec![0; n]);
        self.err(unsafe { ffi::sh_position_playouts(self.0, n, m, seed, w.as_mut_ptr(), p.as_mut_ptr()) })?;
        Ok(w.into_iter().map(opt).zip(p).collect())
    }
}
