//! Moves: [`Move`] made, converted from and to the C ABI's `sh_move`, and
//! written as text with cell names, and [`MoveArg`], the forms in which a
//! call takes a move.
use std::fmt;
use std::str::FromStr;

use crate::cells::{cell_name, parse_cell};
use crate::error::{Error, ErrorKind, Result};
use crate::ffi;
use crate::Cell;

/// A move (from, to) by cell index; `Display` and `FromStr` use cell names,
/// exactly two (`"k3-k5"`). A route (`"m1-m3-k5"`) is the position's to read,
/// hop by hop: pass the text itself (`p.parse_move`, `g.apply("m1-m3-k5")`).
/// Moves order by (from, to), the order of [`Position::legal_moves`](crate::Position::legal_moves).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    /// The cell the marble leaves.
    pub from: Cell,
    /// The cell it ends on.
    pub to: Cell,
}

impl Move {
    /// The move from one cell to another.
    pub fn new(from: Cell, to: Cell) -> Move { Move { from, to } }
    pub(crate) fn of_raw(m: ffi::sh_move) -> Move { Move { from: m.from, to: m.to } }
}

/// Moves as the C ABI wrote them.
pub(crate) fn moves_of(raw: Vec<ffi::sh_move>) -> Vec<Move> { raw.into_iter().map(Move::of_raw).collect() }

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (cell_name(self.from), cell_name(self.to)) {
            (Ok(a), Ok(b)) => write!(f, "{a}-{b}"),
            _ => write!(f, "{}-{}", self.from, self.to),
        }
    }
}

impl FromStr for Move {
    type Err = Error;
    fn from_str(s: &str) -> Result<Move> {
        // Exactly two cell names: a part in between would be dropped unread
        // ("k3-zz-k5" is not k3-k5), and a route needs a position to check.
        match s.split_once('-') {
            Some((from, to)) if !to.contains('-') => Ok(Move { from: parse_cell(from)?, to: parse_cell(to)? }),
            _ => {
                let shown: String = s.chars().take(60).collect();
                Err(Error::new(ErrorKind::Move, format!("move '{shown}' is not 'from-to' (two cell names; a route goes to parse_move)")))
            }
        }
    }
}

/// A move as a call takes it: a [`Move`], a `(from, to)` pair, or text that
/// the position reads ("k3-k5", "m1-m3-k5" with every hop checked).
#[derive(Clone, Copy, Debug)]
pub enum MoveArg<'a> {
    /// A move by cells.
    Move(Move),
    /// A move as text.
    Text(&'a str),
}
impl From<Move> for MoveArg<'_> {
    fn from(m: Move) -> Self { MoveArg::Move(m) }
}
impl From<(Cell, Cell)> for MoveArg<'_> {
    fn from((from, to): (Cell, Cell)) -> Self { MoveArg::Move(Move { from, to }) }
}
impl<'a> From<&'a str> for MoveArg<'a> {
    fn from(t: &'a str) -> Self { MoveArg::Text(t) }
}
impl<'a> From<&'a String> for MoveArg<'a> {
    fn from(t: &'a String) -> Self { MoveArg::Text(t) }
}
