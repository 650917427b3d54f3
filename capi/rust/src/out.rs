//! Results out of the C ABI: its conventions for giving back text, arrays,
//! handles and integers through out pointers, each written once.
use std::os::raw::{c_char, c_int};
use std::ptr;

use crate::error::{check_t, Result};
use crate::ffi;

pub(crate) fn opt(v: c_int) -> Option<i32> { if v < 0 { None } else { Some(v) } }

/// Text out through the (buf, size, needed) convention.
pub(crate) fn text_of(mut f: impl FnMut(*mut c_char, usize, *mut usize) -> ffi::sh_status) -> Result<String> {
    let mut need = 0usize;
    check_t(f(ptr::null_mut(), 0, &mut need))?;
    let mut buf = vec![0u8; need];
    check_t(f(buf.as_mut_ptr() as *mut c_char, need, &mut need))?;
    buf.truncate(need.saturating_sub(1));
    Ok(String::from_utf8_lossy(&buf).into_owned())
}

/// Array out through the (out, cap, count) convention.
pub(crate) fn array_of<T: Default + Clone>(mut f: impl FnMut(*mut T, usize, *mut usize) -> ffi::sh_status) -> Result<Vec<T>> {
    let mut n = 0usize;
    check_t(f(ptr::null_mut(), 0, &mut n))?;
    let mut v = vec![T::default(); n];
    check_t(f(v.as_mut_ptr(), n, &mut n))?;
    v.truncate(n);
    Ok(v)
}

/// A handle made through an out pointer by `f`, which checks the status.
pub(crate) fn new_handle<H>(f: impl FnOnce(&mut *mut H) -> Result<()>) -> Result<*mut H> {
    let mut h = ptr::null_mut();
    f(&mut h)?;
    Ok(h)
}

pub(crate) fn int_of(f: impl FnOnce(*mut c_int) -> ffi::sh_status) -> Result<i32> {
    let mut v = 0;
    check_t(f(&mut v))?;
    Ok(v)
}
