//! The one macro that makes every handle type (Rules, Position, Game,
//! Player): each lives in its own module and reaches the others' pointers,
//! so the pointer and `err` are `pub(crate)` and the macro names its helpers
//! by `$crate` paths.

/// A handle type over the C ABI, written once for all of them: the struct
/// around its pointer, `Drop` (`sh_X_free`), `Clone` (`sh_X_clone`: a copy in
/// the same state; it panics only when memory runs out), `try_copy` (the same
/// copy as a `Result`), `err` (a status with the handle's own message,
/// `sh_X_error`) and `Send` (handles own their objects
/// and the library keeps no shared state, so they may move between threads,
/// one thread at a time).
macro_rules! handle {
    ($(#[$doc:meta])* $name:ident, $ctype:ident, $free:ident, $clone:ident, $error:ident) => {
        $(#[$doc])*
        pub struct $name(pub(crate) *mut $crate::ffi::$ctype);

        impl Drop for $name {
            fn drop(&mut self) { unsafe { $crate::ffi::$free(self.0) } }
        }
        impl Clone for $name {
            fn clone(&self) -> Self { $crate::error::must(self.try_copy()) }
        }
        impl $name {
            /// The copy `clone()` makes, with out of memory as an error.
            pub(crate) fn try_copy(&self) -> $crate::Result<Self> {
                $crate::out::new_handle(|h| $crate::error::check_t(unsafe { $crate::ffi::$clone(self.0, h) })).map($name)
            }
            pub(crate) fn err(&self, st: $crate::ffi::sh_status) -> $crate::Result<()> { $crate::error::check(st, unsafe { $crate::ffi::$error(self.0) }) }
        }
        unsafe impl Send for $name {}
    };
}
pub(crate) use handle;
