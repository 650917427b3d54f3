//! The library as a whole: its version, its presets and the rating formula,
//! the calls that need neither a cell nor a handle.
use crate::error::{check_t, cstr, must, Error, ErrorKind, Result};
use crate::ffi;
use crate::out::text_of;

/// The version of the library actually loaded ("MAJOR.MINOR.PATCH").
pub fn version() -> String { cstr(unsafe { ffi::sh_version() }) }

/// Every preset id, in the SPEC's order.
pub fn presets() -> impl Iterator<Item = String> {
    (0..unsafe { ffi::sh_preset_count() })
        .map(|i| must(text_of(|b, s, n| unsafe { ffi::sh_preset_id(i, b, s, n) })))
}

/// Rating changes of n players from places (1 best, equal = shared) and
/// ratings (SPEC §6); `k_prime` <= 0 means 2K/N.
pub fn rating_changes(places: &[i32], ratings: &[f64], k: f64, k_prime: f64) -> Result<Vec<f64>> {
    if places.len() != ratings.len() {
        return Err(Error::new(ErrorKind::Range, format!("places has {} entries and ratings {}", places.len(), ratings.len())));
    }
    let mut out = vec![0.0; ratings.len()];
    check_t(unsafe { ffi::sh_rating_changes(places.as_ptr(), ratings.as_ptr(), ratings.len(), k, k_prime, out.as_mut_ptr()) })?;
    Ok(out)
}
