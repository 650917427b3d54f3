//! Rules: a table as a handle (a preset changed option by option, and the
//! batch calls over packed positions of it), and [`Table`], the forms in
//! which a call takes one.
use std::fmt;
use std::ptr;

use crate::args::c_string;
use crate::error::{check_t, must, Error, ErrorKind, Result};
use crate::ffi;
use crate::handle::handle;
use crate::out::{new_handle, text_of};
use crate::{Move, Seat, MAX_SEATS, PACKED_SIZE};

handle!(
    /// A table: a preset, changed option by option.
    Rules, sh_rules, sh_rules_free, sh_rules_clone, sh_rules_error
);
impl fmt::Debug for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { write!(f, "Rules({:?})", self.id()) }
}
impl PartialEq for Rules {
    fn eq(&self, o: &Self) -> bool { self.describe() == o.describe() }
}

impl Rules {
    /// The rules of a preset ("table-3").
    pub fn new(preset: &str) -> Result<Rules> {
        let c = c_string(preset, "preset id")?;
        new_handle(|h| check_t(unsafe { ffi::sh_rules_new(c.as_ptr(), h) })).map(Rules)
    }
    /// The table's id.
    pub fn id(&self) -> String { must(text_of(|b, s, n| unsafe { ffi::sh_rules_id(self.0, b, s, n) })) }
    /// The seats the table plays, in order.
    pub fn seats(&self) -> Vec<Seat> {
        let mut m = 0u32;
        must(self.err(unsafe { ffi::sh_rules_seats(self.0, &mut m) }));
        (0..MAX_SEATS as i32).filter(|p| m >> p & 1 != 0).collect()
    }
    /// A seat's display name ("white"; "red"/"blue" in race-2).
    pub fn seat_name(&self, seat: Seat) -> Result<String> {
        text_of(|b, s, n| unsafe { ffi::sh_rules_seat_name(self.0, seat, b, s, n) })
    }
    /// One option's value as text ("jumps" -> "standard").
    pub fn get_option(&self, name: &str) -> Result<String> {
        let c = c_string(name, "option name")?;
        text_of(|b, s, n| unsafe { ffi::sh_rules_get_option(self.0, c.as_ptr(), b, s, n) })
    }
    /// Sets one option from text; all or nothing. The table as a whole is
    /// checked by [`Rules::validate`] and by every call that makes a position.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<()> {
        let (n, v) = (c_string(name, "option name")?, c_string(value, "option value")?);
        self.err(unsafe { ffi::sh_rules_set_option(self.0, n.as_ptr(), v.as_ptr()) })
    }
    /// Several "name = value" settings, one per line or separated by ';'; all or nothing.
    pub fn set_options(&mut self, settings: &str) -> Result<()> {
        let c = c_string(settings, "settings")?;
        self.err(unsafe { ffi::sh_rules_set_options(self.0, c.as_ptr()) })
    }
    /// A table changed from a preset without an id of its own gets the derived id
    /// `"<preset>+<8 hex digits>"` (the same changes, the same id); any other keeps its id.
    pub fn derive_id(&mut self) { must(self.err(unsafe { ffi::sh_rules_derive_id(self.0) })) }
    /// Ok when the table is playable, else an [`ErrorKind::Option`] naming the field.
    pub fn validate(&self) -> Result<()> { self.err(unsafe { ffi::sh_rules_validate(self.0) }) }
    /// (name, value) of every option, in the library's order.
    pub fn describe(&self) -> Vec<(String, String)> {
        let t = must(text_of(|b, s, n| unsafe { ffi::sh_rules_describe(self.0, b, s, n) }));
        t.lines().filter_map(|l| l.split_once(" = ")).map(|(a, b)| (a.into(), b.into())).collect()
    }
    fn packed_count(packed: &[u8]) -> Result<usize> {
        if packed.len() % PACKED_SIZE != 0 {
            return Err(Error::new(ErrorKind::Parse, format!("packed data of {} bytes is not a multiple of {PACKED_SIZE}", packed.len())));
        }
        Ok(packed.len() / PACKED_SIZE)
    }
    /// Legal-move counts of many packed positions (PACKED_SIZE bytes each).
    pub fn count_moves_batch(&self, packed: &[u8]) -> Result<Vec<u32>> {
        let n = Rules::packed_count(packed)?;
        let mut out = vec![0u32; n];
        if n > 0 {
            self.err(unsafe { ffi::sh_batch_count_moves(self.0, packed.as_ptr(), n, out.as_mut_ptr()) })?;
        }
        Ok(out)
    }
    /// Legal moves of many packed positions, one Vec per position.
    pub fn legal_moves_batch(&self, packed: &[u8]) -> Result<Vec<Vec<Move>>> {
        let n = Rules::packed_count(packed)?;
        if n == 0 {
            return Ok(Vec::new());
        }
        let mut offsets = vec![0usize; n + 1];
        let mut total = 0usize;
        self.err(unsafe { ffi::sh_batch_legal_moves(self.0, packed.as_ptr(), n, offsets.as_mut_ptr(), ptr::null_mut(), 0, &mut total) })?;
        let mut out = vec![ffi::sh_move::default(); total];
        self.err(unsafe { ffi::sh_batch_legal_moves(self.0, packed.as_ptr(), n, offsets.as_mut_ptr(), out.as_mut_ptr(), total, &mut total) })?;
        Ok((0..n).map(|i| out[offsets[i]..offsets[i + 1]].iter().copied().map(Move::of_raw).collect()).collect())
    }
}

/// A table as a call takes it: a preset id or a [`Rules`].
pub enum Table<'a> {
    /// A preset id ("classic-2").
    Preset(&'a str),
    /// A table of its own.
    Rules(&'a Rules),
}
impl<'a> From<&'a str> for Table<'a> {
    fn from(id: &'a str) -> Self { Table::Preset(id) }
}
impl<'a> From<&'a String> for Table<'a> {
    fn from(id: &'a String) -> Self { Table::Preset(id) }
}
impl<'a> From<&'a Rules> for Table<'a> {
    fn from(r: &'a Rules) -> Self { Table::Rules(r) }
}
