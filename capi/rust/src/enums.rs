//! The C ABI's enums (seat status, end and out reasons, event kinds) as Rust
//! enums, and the two records a game reports with them: [`Event`] and
//! [`SeatInfo`].
use std::ffi::CStr;
use std::fmt;
use std::os::raw::c_int;
use std::time::Duration;

use crate::ffi;
use crate::{Move, Seat};

macro_rules! named_enum {
    ($(#[$doc:meta])* $name:ident, $cname:ident, { $($(#[$vdoc:meta])* $v:ident = $n:expr),* $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(i32)]
        pub enum $name { $($(#[$vdoc])* $v = $n),* }
        impl $name {
            /// The value of the C enum's integer.
            pub fn from_raw(v: i32) -> Option<$name> {
                match v { $($n => Some($name::$v),)* _ => None }
            }
            /// The library's word for it ("all-placed", "deadline", "arrive", "playing").
            pub fn name(self) -> &'static str {
                let p = unsafe { ffi::$cname(self as c_int) };
                unsafe { CStr::from_ptr(p) }.to_str().unwrap_or("?")
            }
        }
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str(self.name()) }
        }
    };
}

named_enum!(
    /// A seat's state in a game (`sh_seat_status`).
    SeatStatus, sh_seat_status_name, {
    /// The table does not play the point.
    NotPlayed = 0,
    /// Still playing.
    Playing = 1,
    /// Filled its goal.
    Arrived = 2,
    /// Eliminated or resigned.
    Out = 3,
});
named_enum!(
    /// Why a game ended (`sh_end_reason`); `None` while it goes on.
    EndReason, sh_end_reason_name, {
    /// Not over.
    None = 0,
    /// Every seat has arrived or is out.
    AllPlaced = 1,
    /// The table ends at the first arrival.
    FirstArrival = 2,
    /// The two-player last reply was played.
    LastReply = 3,
    /// The move limit.
    Limit = 4,
    /// Third occurrence of a position.
    Repetition = 5,
    /// No seat that has a turn has a legal move.
    NoMoves = 6,
    /// No progress for too long.
    NoProgress = 7,
    /// A resignation ended it.
    Resign = 8,
});
named_enum!(
    /// Why a seat is out (`sh_out_reason`); `None` while it is not.
    OutReason, sh_out_reason_name, {
    /// Not out.
    None = 0,
    /// Still at home after the exit deadline.
    Deadline = 1,
    /// Brought a marble back home after the deadline.
    ReturnHome = 2,
    /// Resigned (or a flag that counts as one).
    Resigned = 3,
    /// Its partner went out.
    Partner = 4,
});
named_enum!(
    /// The kind of a game event (`sh_event_kind`).
    EventKind, sh_event_kind_name, {
    /// A move.
    Move = 0,
    /// An automatic pass.
    Pass = 1,
    /// A seat filled its goal.
    Arrival = 2,
    /// A seat went out.
    Out = 3,
    /// A seat resigned.
    Resign = 4,
    /// A flag fell.
    Flag = 5,
    /// The game is drawn.
    Draw = 6,
    /// The game ended.
    End = 7,
});

/// One game event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event {
    /// What happened.
    pub kind: EventKind,
    /// Who moved, passed, arrived, ... (None: nobody).
    pub seat: Option<Seat>,
    /// [`EventKind::Move`]: whose marble moved.
    pub owner: Option<Seat>,
    /// [`EventKind::Move`]: the move.
    pub mv: Option<Move>,
    /// [`EventKind::Arrival`] / [`EventKind::Out`]: the place taken (0: none yet).
    pub place: i32,
    /// [`EventKind::Out`]: why.
    pub out_reason: OutReason,
    /// [`EventKind::End`]: why.
    pub end_reason: EndReason,
    /// A move the table played for a fallen flag.
    pub by_flag: bool,
}

/// A seat in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatInfo {
    /// Playing, arrived, out or not played.
    pub status: SeatStatus,
    /// 1 (best) ..= N; 0 while not placed.
    pub place: i32,
    /// Why it is out.
    pub out_reason: OutReason,
    /// Own moves (the exit deadline counts these).
    pub moves_made: i32,
    /// Moves and passes.
    pub turns_taken: i32,
    /// Clock reserve (zero without clocks).
    pub reserve: Duration,
}
