//! Cells, points and seats: names, coordinates and the board's geometry, as
//! free functions over cell indices and seat numbers.
use std::os::raw::c_char;

use crate::args::c_string;
use crate::error::{check_t, Error, ErrorKind, Result};
use crate::ffi;
use crate::out::{array_of, int_of, opt, text_of};
use crate::{Cell, Seat, SEAT_LETTERS};

/// The index of a cell name ("i9" -> 60).
pub fn parse_cell(name: &str) -> Result<Cell> {
    let c = c_string(name, "cell name")?;
    int_of(|p| unsafe { ffi::sh_cell_from_name(c.as_ptr(), p) })
}

/// The name of a cell index (60 -> "i9").
pub fn cell_name(cell: Cell) -> Result<String> {
    text_of(|b, s, n| unsafe { ffi::sh_cell_name(cell, b, s, n) })
}

/// Axial coordinates (q, r): q = line - 9, r = row - 9.
pub fn axial(cell: Cell) -> Result<(i32, i32)> {
    let (mut q, mut r) = (0, 0);
    check_t(unsafe { ffi::sh_cell_axial(cell, &mut q, &mut r) })?;
    Ok((q, r))
}

/// The cell at axial (q, r), None off the star.
pub fn cell_at(q: i32, r: i32) -> Option<Cell> {
    let mut c = 0;
    (unsafe { ffi::sh_cell_at(q, r, &mut c) } == ffi::SH_OK).then_some(c)
}

/// Neighbours in directions E, W, UR, UL, DL, DR (None off the board).
pub fn neighbours(cell: Cell) -> Result<[Option<Cell>; 6]> {
    let mut out = [0; 6];
    check_t(unsafe { ffi::sh_cell_neighbours(cell, out.as_mut_ptr()) })?;
    Ok(out.map(opt))
}

/// The point (0..=5) a cell lies in, None for the central hexagon.
pub fn point_of(cell: Cell) -> Result<Option<i32>> {
    int_of(|p| unsafe { ffi::sh_cell_point(cell, p) }).map(opt)
}

/// Drawing coordinates x = q + r/2, y = r*sqrt(3)/2.
pub fn xy(cell: Cell) -> Result<(f64, f64)> {
    let (mut x, mut y) = (0.0, 0.0);
    check_t(unsafe { ffi::sh_cell_xy(cell, &mut x, &mut y) })?;
    Ok((x, y))
}

/// The cell rotated k sixths of a turn clockwise.
pub fn rotate(cell: Cell, k: i32) -> Result<Cell> {
    int_of(|p| unsafe { ffi::sh_cell_rotate(cell, k, p) })
}

/// The cell mirrored (points 1 <-> 5, 2 <-> 4).
pub fn reflect(cell: Cell) -> Result<Cell> {
    int_of(|p| unsafe { ffi::sh_cell_reflect(cell, p) })
}

/// Steps between two cells.
pub fn cell_distance(a: Cell, b: Cell) -> Result<i32> {
    int_of(|p| unsafe { ffi::sh_cell_distance(a, b, p) })
}

/// The cells of a point (marbles 10) or of its 15-cell camp (15), sorted.
pub fn camp_cells(point: i32, marbles: i32) -> Result<Vec<Cell>> {
    array_of(|o, c, n| unsafe { ffi::sh_camp_cells(point, marbles, o, c, n) })
}

/// The tip cell of a point (m1 for 0, e17 for 3).
pub fn tip_cell(point: i32) -> Result<Cell> {
    int_of(|p| unsafe { ffi::sh_tip_cell(point, p) })
}

/// Cells foreign to the seat on a point (SPEC §3), sorted.
pub fn foreign_cells(point: i32) -> Result<Vec<Cell>> {
    array_of(|o, c, n| unsafe { ffi::sh_foreign_cells(point, o, c, n) })
}

/// The letter of a seat (0 -> 'W').
pub fn seat_letter(seat: Seat) -> Result<char> {
    let mut c: c_char = 0;
    check_t(unsafe { ffi::sh_seat_letter(seat, &mut c) })?;
    Ok(c as u8 as char)
}

/// The seat of a letter ('K' -> 3).
pub fn seat_from_letter(letter: char) -> Result<Seat> {
    if !letter.is_ascii() {
        return Err(Error::new(ErrorKind::Seat, format!("'{letter}' is not a seat letter ({SEAT_LETTERS})")));
    }
    int_of(|p| unsafe { ffi::sh_seat_from_letter(letter as u8 as c_char, p) })
}
