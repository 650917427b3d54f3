//! Errors: the kind and message of a failed call, and the turning of a C
//! status (with the library's message) into one. Every other module returns
//! these, so they sit below all of them.
use std::ffi::CStr;
use std::fmt;
use std::os::raw::c_char;

use crate::ffi;

/// What kind of failure an [`Error`] is: the C ABI's `sh_status`, plus
/// [`ErrorKind::Text`] for a Rust string the C ABI cannot carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A required pointer or handle was NULL (`SH_ERR_NULL`).
    Null,
    /// A buffer was too small (`SH_ERR_BUFFER`); the binding sizes its own, so a bug.
    Buffer,
    /// Not a cell index or name (`SH_ERR_CELL`).
    Cell,
    /// An illegal or malformed move (`SH_ERR_MOVE`).
    Move,
    /// Malformed text: position, record, packed form (`SH_ERR_PARSE`).
    Parse,
    /// An unknown preset id (`SH_ERR_PRESET`).
    Preset,
    /// An unknown option, a bad value or an unplayable table (`SH_ERR_OPTION`).
    Option,
    /// Not possible now: the game is over, nothing to undo (`SH_ERR_STATE`).
    State,
    /// Not a seat, or one the table does not play (`SH_ERR_SEAT`).
    Seat,
    /// A number out of its range (`SH_ERR_RANGE`).
    Range,
    /// Out of memory (`SH_ERR_MEMORY`).
    Memory,
    /// A bug in the library (`SH_ERR_INTERNAL`).
    Internal,
    /// A documented ceiling on work or memory was reached (`SH_ERR_LIMIT`).
    Limit,
    /// A string holding a NUL byte, which C text cannot carry.
    Text,
}

impl ErrorKind {
    fn from_status(st: ffi::sh_status) -> ErrorKind {
        match st {
            1 => ErrorKind::Null,
            2 => ErrorKind::Buffer,
            3 => ErrorKind::Cell,
            4 => ErrorKind::Move,
            5 => ErrorKind::Parse,
            6 => ErrorKind::Preset,
            7 => ErrorKind::Option,
            8 => ErrorKind::State,
            9 => ErrorKind::Seat,
            10 => ErrorKind::Range,
            11 => ErrorKind::Memory,
            13 => ErrorKind::Limit,
            _ => ErrorKind::Internal,
        }
    }

    /// The C status name ("SH_ERR_MOVE"); "SH_ERR_TEXT" for [`ErrorKind::Text`].
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::Null => "SH_ERR_NULL",
            ErrorKind::Buffer => "SH_ERR_BUFFER",
            ErrorKind::Cell => "SH_ERR_CELL",
            ErrorKind::Move => "SH_ERR_MOVE",
            ErrorKind::Parse => "SH_ERR_PARSE",
            ErrorKind::Preset => "SH_ERR_PRESET",
            ErrorKind::Option => "SH_ERR_OPTION",
            ErrorKind::State => "SH_ERR_STATE",
            ErrorKind::Seat => "SH_ERR_SEAT",
            ErrorKind::Range => "SH_ERR_RANGE",
            ErrorKind::Memory => "SH_ERR_MEMORY",
            ErrorKind::Internal => "SH_ERR_INTERNAL",
            ErrorKind::Limit => "SH_ERR_LIMIT",
            ErrorKind::Text => "SH_ERR_TEXT",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str(self.name()) }
}

/// A failed call: its kind and the message that says what and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
}

impl Error {
    /// An error of a kind with a message.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error { kind, message: message.into() }
    }
    /// What kind of failure it is.
    pub fn kind(&self) -> ErrorKind { self.kind }
    /// The library's message.
    pub fn message(&self) -> &str { &self.message }
}

/// The library's message alone (it says what and where); the kind is
/// [`Error::kind`], and `{:?}` shows both.
impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str(&self.message) }
}
impl std::error::Error for Error {}

/// `std::result::Result` with this crate's [`Error`].
pub type Result<T> = std::result::Result<T, Error>;

pub(crate) fn cstr(p: *const c_char) -> String {
    if p.is_null() {
        return String::new();
    }
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}

pub(crate) fn check(st: ffi::sh_status, msg: *const c_char) -> Result<()> {
    if st == ffi::SH_OK {
        return Ok(());
    }
    Err(Error::new(ErrorKind::from_status(st), cstr(msg)))
}

pub(crate) fn check_t(st: ffi::sh_status) -> Result<()> { check(st, unsafe { ffi::sh_last_error() }) }

/// A call that cannot fail on a live handle; a failure is a library bug.
pub(crate) fn must<T>(r: Result<T>) -> T { r.unwrap_or_else(|e| panic!("sternhalma: {e}")) }
