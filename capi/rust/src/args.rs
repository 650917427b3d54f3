//! Argument checks: Rust values into the C ABI's, refused here with an error
//! that says what and where when C could not take them (a NUL in text, a
//! number past c_int or out of its range, a depth or a duration out of range).
use std::ffi::CString;
use std::fmt;
use std::os::raw::c_int;
use std::time::Duration;

use crate::error::{Error, ErrorKind, Result};

pub(crate) fn c_string(s: &str, what: &str) -> Result<CString> {
    CString::new(s).map_err(|e| {
        Error::new(ErrorKind::Text, format!("{what} holds a NUL byte at index {}", e.nul_position()))
    })
}

/// `v` when it is in lo..=hi, else an [`ErrorKind::Range`] naming `what`, the
/// range and the value (a NaN is in no range).
pub(crate) fn in_range<T: PartialOrd + fmt::Display + Copy>(v: T, what: &str, lo: T, hi: T) -> Result<T> {
    if !(v >= lo && v <= hi) {
        return Err(Error::new(ErrorKind::Range, format!("{what} must be in {lo}..={hi}, got {v}")));
    }
    Ok(v)
}

pub(crate) fn c_int_of(v: u64, what: &str, lo: u64) -> Result<c_int> {
    in_range(v, what, lo, c_int::MAX as u64).map(|v| v as c_int)
}

// perft's, perft_threads' and divide's depth: C's range (sh_perft and
// sh_perft_threads 0..32, sh_divide 1..32), checked here in C's words, as a
// u32 past i32::MAX cannot reach C. `call` names the method in the message.
const MAX_PERFT_DEPTH: u32 = 32;
pub(crate) fn perft_depth(depth: u32, call: &str) -> Result<c_int> {
    let divide = call == "divide";
    let lo = if divide { 1 } else { 0 };
    if depth < lo || depth > MAX_PERFT_DEPTH {
        let why = if divide { " (divide splits by the first move, so it needs one ply)" } else { "" };
        return Err(Error::new(ErrorKind::Range, format!("{call}: depth {depth} is not in {lo}..{MAX_PERFT_DEPTH}{why}")));
    }
    Ok(depth as c_int)
}

// perft_threads' thread count: C's range (1..MAX_PERFT_THREADS).
pub(crate) fn perft_threads(threads: u32) -> Result<c_int> {
    if !(1..=crate::MAX_PERFT_THREADS).contains(&threads) {
        return Err(Error::new(ErrorKind::Range, format!("perft_threads: threads {threads} is not in 1..{}", crate::MAX_PERFT_THREADS)));
    }
    Ok(threads as c_int)
}

/// `d` in the whole milliseconds C counts, rounded up: rounded down, a
/// non-zero duration under 1 ms would reach C as 0 (for a budget "no limit",
/// a 5 s search instead of < 1 ms; for a reserve, a refusal) and a clock
/// would be charged less than the time spent (10.9 ms as 10, and a flag that
/// should fall stays up). `max_ms` is the ceiling of what C takes here (the
/// budget's, the clock's, i64's for elapsed time); past it an
/// [`ErrorKind::Range`] names that ceiling and the duration.
pub(crate) fn millis(d: Duration, what: &str, max_ms: i64) -> Result<i64> {
    // (n + 999_999) / 1_000_000, not u128::div_ceil: that needs Rust 1.73,
    // and Debian 12's rustc is 1.63 (as_nanos is at most ~1.8e28: no overflow).
    match i64::try_from((d.as_nanos() + 999_999) / 1_000_000) {
        Ok(ms) if ms <= max_ms => Ok(ms),
        _ => Err(Error::new(ErrorKind::Range, format!("{what} must be at most {max_ms} ms, got {d:?}"))),
    }
}
