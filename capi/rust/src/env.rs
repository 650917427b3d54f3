//! Reinforcement learning, all but the vector of games: an env's options and
//! their enums, what an env is ([`EnvSpec`]), an observation ([`Obs`]), the
//! action <-> move encoding and a table's symmetries. The env lives in C
//! (`sh_env_*`, the last section of sternhalma.h; C++ include/sternhalma/env.h)
//! and decides no rule: legality, passes, places and endings are the game's.
use std::ffi::CString;
use std::os::raw::{c_int, c_void};
use std::ptr;

use crate::args::{c_int_of, c_string, in_range};
use crate::cells::{reflect, rotate};
use crate::error::{check_t, Error, ErrorKind, Result};
use crate::ffi;
use crate::handle::handle;
use crate::out::new_handle;
use crate::rules::Rules;
use crate::{Cell, Move, Seat, MAX_SEATS, NUM_CELLS};

/// Action ids: the move (from, to) is the action `from * 121 + to`; passes
/// stay automatic, so an action is always a move (`SH_ENV_NUM_ACTIONS`, C++ `kNumActions`).
pub const NUM_ACTIONS: usize = ffi::SH_ENV_NUM_ACTIONS;
/// Planes of an observation (`SH_ENV_NUM_PLANES`, C++ `kNumPlanes`).
pub const NUM_PLANES: usize = ffi::SH_ENV_NUM_PLANES;
/// No action: what [`VecEnv::sample_legal`](crate::VecEnv::sample_legal) gives
/// for a game that has ended, and what a step may pass for one
/// (`SH_ENV_NO_ACTION`, C++ `kNoAction`).
pub const NO_ACTION: i32 = ffi::SH_ENV_NO_ACTION;

/// How an observation lays out a plane (`sh_obs_layout`, C++ `ObsLayout`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(i32)]
pub enum ObsLayout {
    /// (12, 121): cells in SPEC order (`SH_OBS_CELLS`, the default).
    #[default]
    Cells = ffi::SH_OBS_CELLS,
    /// (12, 17, 17) indexed `[plane][r + 8][q + 8]` by axial (q, r), zero off the star (`SH_OBS_GRID`).
    Grid = ffi::SH_OBS_GRID,
}

/// The type of an observation's values (`sh_obs_dtype`, C++ `ObsType`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(i32)]
pub enum ObsType {
    /// f32 values (`SH_OBS_FLOAT32`, the default).
    #[default]
    Float32 = ffi::SH_OBS_FLOAT32,
    /// u8 values, the scalar planes 9..=11 as round(255 * value) (`SH_OBS_UINT8`).
    Uint8 = ffi::SH_OBS_UINT8,
}

/// What a game's end is worth to each player (`sh_reward_kind`, C++ `RewardKind`),
/// given at the step that ends it by its rules, zeros at every other step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(i32)]
pub enum RewardKind {
    /// The U units' places (seats, or teams) spread over [-1, 1]; shared places
    /// share the mean, so the sum is zero (two seats: win +1, loss -1, draw 0)
    /// (`SH_REWARD_RANK`, the default).
    #[default]
    Rank = ffi::SH_REWARD_RANK,
    /// +1 for place 1, -1 otherwise (`SH_REWARD_WIN`).
    Win = ffi::SH_REWARD_WIN,
}

/// The frame of every action an env takes and gives: step's actions, the
/// mask, the legal-action lists, `sample_legal`, `legal_actions`,
/// `engine_action` (`sh_action_frame`, C++ `ActionFrame`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(i32)]
pub enum ActionFrame {
    /// The board's own cells (`SH_ACTION_BOARD`, the default).
    #[default]
    Board = ffi::SH_ACTION_BOARD,
    /// The observation's frame: the board turned so that the seat to act has
    /// its home at the bottom; board action a is
    /// `apply_symmetry_action(Symmetry { rotation: -seat, reflect: false }, a)`
    /// (`SH_ACTION_OBSERVER`).
    Observer = ffi::SH_ACTION_OBSERVER,
}

/// Options of a new [`VecEnv`](crate::VecEnv) (`sh_env_options`, C++ `EnvOptions`).
/// `Default` is the C defaults (`sh_env_options_init`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnvOptions {
    /// How a plane is laid out.
    pub layout: ObsLayout,
    /// f32 or u8 observations.
    pub dtype: ObsType,
    /// How a game's end is rewarded.
    pub reward: RewardKind,
    /// Truncate a game after this many turns (0: never, the default); at most `i32::MAX`.
    pub max_turns: u32,
    /// true (default): a step on an ended game restarts it; false: such a step is an
    /// [`ErrorKind::State`].
    pub auto_reset: bool,
    /// By player: `None` (default) leaves the player to the caller; a level name
    /// (`"easy"`, `"normal"`, `"hard"`, `"expert"`) makes it a computer player whose moves
    /// the env plays itself after a reset and after every step. At least one player
    /// must be left to the caller.
    pub opponents: [Option<String>; MAX_SEATS],
    /// true (default): each game keeps its record (about 0.8 kB a turn a game, up to
    /// the table's limit); false: the games keep no history (a step allocates nothing) and [`VecEnv::record`](crate::VecEnv::record) gives
    /// the preset and first seat only.
    pub record: bool,
    /// The frame of the actions ([`ActionFrame::Board`] by default).
    pub action_frame: ActionFrame,
}

impl Default for EnvOptions {
    fn default() -> Self {
        EnvOptions {
            layout: ObsLayout::Cells,
            dtype: ObsType::Float32,
            reward: RewardKind::Rank,
            max_turns: 0,
            auto_reset: true,
            opponents: Default::default(),
            record: true,
            action_frame: ActionFrame::Board,
        }
    }
}

impl EnvOptions {
    /// The C struct, and the level names its `opponents` point into (keep them alive).
    fn to_c(&self) -> Result<(ffi::sh_env_options, [Option<CString>; MAX_SEATS])> {
        let mut levels: [Option<CString>; MAX_SEATS] = Default::default();
        let mut ptrs = [ptr::null(); MAX_SEATS];
        for (p, level) in self.opponents.iter().enumerate() {
            if let Some(l) = level {
                let c = c_string(l, &format!("opponents[{p}]"))?;
                ptrs[p] = c.as_ptr();
                levels[p] = Some(c);
            }
        }
        let o = ffi::sh_env_options {
            size: std::mem::size_of::<ffi::sh_env_options>(),
            layout: self.layout as c_int,
            dtype: self.dtype as c_int,
            reward: self.reward as c_int,
            max_turns: c_int_of(self.max_turns.into(), "max_turns", 0)?,
            auto_reset: self.auto_reset.into(),
            opponents: ptrs,
            record: self.record.into(),
            reserved: 0,
            action_frame: self.action_frame as c_int,
        };
        Ok((o, levels))
    }
}

/// What an env is (`sh_env_spec`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnvSpec {
    /// Games in the env.
    pub num_envs: usize,
    /// Players: the table's seats.
    pub num_players: usize,
    /// Player -> seat: the seats in turn order from the table's first seat.
    pub seats: Vec<Seat>,
    /// Planes of an observation ([`NUM_PLANES`]).
    pub planes: usize,
    /// A plane's height: 1 (cells) or 17 (grid).
    pub height: usize,
    /// A plane's width: 121 (cells) or 17 (grid).
    pub width: usize,
    /// Values of one game's observation (planes x height x width).
    pub obs_values: usize,
    /// Bytes of one game's observation.
    pub obs_bytes: usize,
    /// Action ids ([`NUM_ACTIONS`]).
    pub num_actions: usize,
}

/// A count from C, never negative on a live env.
fn count(v: c_int) -> usize { usize::try_from(v).unwrap_or(0) }

/// An empty buffer with room for n values; out of memory is an
/// [`ErrorKind::Memory`], not an abort.
fn room<T>(n: usize, what: &str) -> Result<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n)
        .map_err(|_| Error::new(ErrorKind::Memory, format!("cannot allocate {what} ({n} values)")))?;
    Ok(v)
}

/// A zeroed buffer of n values, allocated as [`room`] does.
pub(crate) fn zeroed<T: Clone + Default>(n: usize, what: &str) -> Result<Vec<T>> {
    let mut v = room(n, what)?;
    v.resize(n, T::default());
    Ok(v)
}

/// A copy of a buffer, allocated as [`room`] does.
pub(crate) fn copied<T: Clone>(from: &[T], what: &str) -> Result<Vec<T>> {
    let mut v = room(from.len(), what)?;
    v.extend_from_slice(from);
    Ok(v)
}

/// Observations, f32 or u8 as the env's [`ObsType`]: one game's (`observe`) or
/// every game's, game i at `i * obs_values` ([`VecEnv::obs`](crate::VecEnv::obs)).
#[derive(Clone, Debug, PartialEq)]
pub enum Obs {
    /// [`ObsType::Float32`].
    F32(Vec<f32>),
    /// [`ObsType::Uint8`].
    U8(Vec<u8>),
}

impl Obs {
    pub(crate) fn try_clone(&self) -> Result<Obs> {
        Ok(match self {
            Obs::F32(v) => Obs::F32(copied(v, "observations")?),
            Obs::U8(v) => Obs::U8(copied(v, "observations")?),
        })
    }
    pub(crate) fn zeros(dtype: ObsType, n: usize) -> Result<Obs> {
        Ok(match dtype {
            ObsType::Float32 => Obs::F32(zeroed(n, "observations")?),
            ObsType::Uint8 => Obs::U8(zeroed(n, "observations")?),
        })
    }
    fn wrong(want: &str, have: &str) -> Error {
        Error::new(ErrorKind::Option, format!("the observations are {have} (EnvOptions::dtype), not {want}"))
    }
    /// The f32 values; an [`ErrorKind::Option`] for u8 observations.
    pub fn as_f32(&self) -> Result<&[f32]> {
        match self {
            Obs::F32(v) => Ok(v),
            Obs::U8(_) => Err(Obs::wrong("float32", "uint8")),
        }
    }
    /// The u8 values; an [`ErrorKind::Option`] for f32 observations.
    pub fn as_u8(&self) -> Result<&[u8]> {
        match self {
            Obs::U8(v) => Ok(v),
            Obs::F32(_) => Err(Obs::wrong("uint8", "float32")),
        }
    }
    /// f32 or u8.
    pub fn dtype(&self) -> ObsType {
        match self {
            Obs::F32(_) => ObsType::Float32,
            Obs::U8(_) => ObsType::Uint8,
        }
    }
    /// Values held.
    pub fn len(&self) -> usize {
        match self {
            Obs::F32(v) => v.len(),
            Obs::U8(v) => v.len(),
        }
    }
    /// True when it holds no value.
    pub fn is_empty(&self) -> bool { self.len() == 0 }
    pub(crate) fn as_mut_ptr(&mut self) -> *mut c_void {
        match self {
            Obs::F32(v) => v.as_mut_ptr() as *mut c_void,
            Obs::U8(v) => v.as_mut_ptr() as *mut c_void,
        }
    }
}

/// Game i of an env now (`sh_env_status`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnvStatus {
    /// The player to act; `None` once the game has ended.
    pub to_play: Option<usize>,
    /// Turns played.
    pub turns: i32,
    /// The game has ended by its rules.
    pub terminated: bool,
    /// The game was stopped by the env's `max_turns`.
    pub truncated: bool,
}

/// A symmetry of the star (C++ `Symmetry`): reflect (in the axis through m1 and
/// e17) when `reflect`, then rotate `rotation` sixths clockwise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Symmetry {
    /// Sixths of a turn clockwise, 0..=5, after the reflection.
    pub rotation: i32,
    /// Whether to reflect first.
    pub reflect: bool,
}

handle!(
    /// The C env a [`VecEnv`](crate::VecEnv) drives (its buffers live beside it).
    EnvHandle, sh_env, sh_env_free, sh_env_clone, sh_env_error
);

impl EnvHandle {
    pub(crate) fn new(rules: &Rules, options: &EnvOptions, num_envs: usize) -> Result<EnvHandle> {
        in_range(num_envs, "num_envs", 1, ffi::SH_ENV_MAX_ENVS)?;
        let (o, _levels) = options.to_c()?;
        new_handle(|h| check_t(unsafe { ffi::sh_env_new(rules.0, &o, num_envs, h) })).map(EnvHandle)
    }
    pub(crate) fn spec(&self) -> Result<EnvSpec> {
        let mut s = ffi::sh_env_spec { size: std::mem::size_of::<ffi::sh_env_spec>(), ..Default::default() };
        self.err(unsafe { ffi::sh_env_spec_get(self.0, &mut s) })?;
        let players = count(s.num_players);
        Ok(EnvSpec {
            num_envs: s.num_envs,
            num_players: players,
            seats: s.seats[..players.min(MAX_SEATS)].to_vec(),
            planes: count(s.planes),
            height: count(s.height),
            width: count(s.width),
            obs_values: s.obs_values,
            obs_bytes: s.obs_bytes,
            num_actions: count(s.num_actions),
        })
    }
}

/// The action of a move, `from * 121 + to` (C++ `action_of`; C: the arithmetic).
/// An [`ErrorKind::Cell`] when a cell is not 0..=120, which would encode another move.
pub fn action_of(m: Move) -> Result<i32> {
    for (what, c) in [("from", m.from), ("to", m.to)] {
        if !(0..NUM_CELLS as Cell).contains(&c) {
            return Err(Error::new(ErrorKind::Cell, format!("action_of: {what} {c} is not a cell (0..={})", NUM_CELLS - 1)));
        }
    }
    Ok(m.from * NUM_CELLS as i32 + m.to)
}

/// The move of an action (C++ `move_of`); an [`ErrorKind::Range`] when it is not
/// 0..=14640 (`NUM_ACTIONS - 1`).
pub fn move_of(action: i32) -> Result<Move> {
    let a = in_range(action, "action", 0, NUM_ACTIONS as i32 - 1)?;
    Ok(Move { from: a / NUM_CELLS as i32, to: a % NUM_CELLS as i32 })
}

/// An action through a symmetry: both cells reflected (when it says so), then
/// rotated, by the library's [`reflect`] and [`rotate`] (C++ `apply_symmetry_action`).
pub fn apply_symmetry_action(s: Symmetry, action: i32) -> Result<i32> {
    let m = move_of(action)?;
    let map = |c: Cell| -> Result<Cell> { rotate(if s.reflect { reflect(c)? } else { c }, s.rotation) };
    action_of(Move { from: map(m.from)?, to: map(m.to)? })
}

/// The symmetries that map a table onto itself: its played seats onto its played
/// seats with the turn order kept (a reflection reverses it, so it counts only
/// with two seats); the identity first, at most 12 (C++ `table_symmetries`, C
/// `sh_env_symmetries` on an env of the table, Python `rl.symmetries(preset)`).
/// An [`ErrorKind::Option`] for unplayable rules.
pub fn table_symmetries(rules: &Rules) -> Result<Vec<Symmetry>> {
    const MAX_SYMMETRIES: usize = 12;
    let env = EnvHandle::new(rules, &EnvOptions::default(), 1)?;
    let (mut rot, mut refl) = ([0; MAX_SYMMETRIES], [0; MAX_SYMMETRIES]);
    let mut n = 0usize;
    env.err(unsafe { ffi::sh_env_symmetries(env.0, rot.as_mut_ptr(), refl.as_mut_ptr(), MAX_SYMMETRIES, &mut n) })?;
    Ok((0..n.min(MAX_SYMMETRIES)).map(|k| Symmetry { rotation: rot[k], reflect: refl[k] != 0 }).collect())
}
