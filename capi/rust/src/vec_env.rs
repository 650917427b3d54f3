//! [`VecEnv`]: N games of one table stepped in one C call, with the buffers
//! its resets and steps write (C `sh_env_*`, C++ `VecEnv`).
use std::fmt;
use std::os::raw::c_int;

use crate::args::{c_string, in_range};
use crate::env::{copied, zeroed, EnvHandle, EnvOptions, EnvSpec, EnvStatus, Obs, NO_ACTION, NUM_ACTIONS};
use crate::error::{must, Error, ErrorKind, Result};
use crate::ffi;
use crate::out::{array_of, new_handle, opt, text_of};
use crate::position::Position;
use crate::rules::Rules;
use crate::MAX_PLAYOUTS;

/// N games of one table stepped in one call, encoded for learning agents: C++
/// `VecEnv`, C `sh_env_*`, Python `rl.VectorEnv`.
///
/// Players are 0..P-1, the table's seats in turn order from its first seat
/// ([`EnvSpec::seats`]). An action is a move, `from * 121 + to`
/// ([`action_of`](crate::action_of)). [`VecEnv::reset`] and [`VecEnv::step`]
/// write into buffers the env owns, game i at offset i, read through
/// [`VecEnv::obs`], [`VecEnv::mask`], [`VecEnv::rewards`],
/// [`VecEnv::terminated`], [`VecEnv::truncated`] and [`VecEnv::to_play`] until
/// the next step. Next-step auto-reset: a step that ends game i writes its final
/// observation, an empty mask and the rewards; the next step ignores game i's
/// action, restarts it and writes its first observation (reward 0).
///
/// Ceilings: `num_envs` is 1..=[`VecEnv::MAX_ENVS`] (2^20). Memory grows with
/// it: the buffers take about 20.5 kB a game with f32 cells observations
/// (observation 5.8 kB, action mask 14.6 kB) or 28.5 kB with the grid
/// (observation 13.9 kB), and C about 7 kB a game at the start, so 29 GB
/// (cells) or 37 GB (grid) at the ceiling; with `record` (the default) each
/// game's record grows by about 0.8 kB a turn, up to its table's limit. An
/// allocation the system refuses is an [`ErrorKind::Memory`]; where memory is
/// overcommitted the system may end the process instead, so size the vector
/// to the machine. A step's work grows with `num_envs` and, with engine
/// opponents, with their levels' searches (an `"expert"` move is about 0.1 s).
/// [`VecEnv::playouts`] has its own ceilings.
///
/// `Send` like every handle (one thread at a time), not `Sync`. `Clone` copies
/// the games and their samplers (`sh_env_clone`) and the buffers: the copy is
/// independent, and as large as the original; `clone()` panics when that
/// memory cannot be had, [`VecEnv::try_clone`] returns the error.
pub struct VecEnv {
    env: EnvHandle,
    spec: EnvSpec,
    obs: Obs,
    mask: Vec<u8>,
    rewards: Vec<f32>,
    terminated: Vec<u8>,
    truncated: Vec<u8>,
    to_play: Vec<i32>,
    legal: Vec<i32>,
    num_legal: Vec<i32>,
}

impl Clone for VecEnv {
    fn clone(&self) -> Self { must(self.try_clone()) }
}

impl fmt::Debug for VecEnv {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "VecEnv({} games, seats {:?})", self.spec.num_envs, self.spec.seats)
    }
}

impl VecEnv {
    /// The most games an env holds (`SH_ENV_MAX_ENVS`, C++ `VecEnv::kMaxEnvs`).
    pub const MAX_ENVS: usize = ffi::SH_ENV_MAX_ENVS;
    /// The most turns one of [`VecEnv::playouts`]' playouts plays (C++ `kMaxEnvPlayoutTurns`).
    pub const MAX_PLAYOUT_TURNS: u32 = 100_000;
    /// The most turns one [`VecEnv::playouts`] call plays in all (C++ `kMaxEnvPlayoutTurnsInAll`).
    pub const MAX_PLAYOUT_TURNS_IN_ALL: u32 = 200_000;

    /// `num_envs` games of the table; call [`VecEnv::reset`] before the first step.
    /// An [`ErrorKind::Range`] for `num_envs` not 1..=[`VecEnv::MAX_ENVS`] or
    /// `max_turns` past `i32::MAX`; an [`ErrorKind::Option`] for an unknown
    /// opponent level, an opponent for a player the table does not have, no
    /// player left to the caller, or unplayable rules.
    pub fn new(rules: &Rules, options: &EnvOptions, num_envs: usize) -> Result<VecEnv> {
        let env = EnvHandle::new(rules, options, num_envs)?;
        let spec = env.spec()?;
        let n = spec.num_envs;
        Ok(VecEnv {
            obs: Obs::zeros(options.dtype, n * spec.obs_values)?,
            mask: zeroed(n * NUM_ACTIONS, "action masks")?,
            rewards: zeroed(n * spec.num_players, "rewards")?,
            terminated: zeroed(n, "terminated flags")?,
            truncated: zeroed(n, "truncated flags")?,
            to_play: zeroed(n, "to_play")?,
            legal: zeroed(n * ffi::SH_MAX_MOVES, "legal-action lists")?,
            num_legal: zeroed(n, "legal-action counts")?,
            env,
            spec,
        })
    }

    /// An independent copy, as `clone()`, but running out of memory is an
    /// [`ErrorKind::Memory`] instead of a panic.
    pub fn try_clone(&self) -> Result<VecEnv> {
        Ok(VecEnv {
            env: self.env.try_copy()?,
            spec: self.spec.clone(),
            obs: self.obs.try_clone()?,
            mask: copied(&self.mask, "action masks")?,
            rewards: copied(&self.rewards, "rewards")?,
            terminated: copied(&self.terminated, "terminated flags")?,
            truncated: copied(&self.truncated, "truncated flags")?,
            to_play: copied(&self.to_play, "to_play")?,
            legal: copied(&self.legal, "legal-action lists")?,
            num_legal: copied(&self.num_legal, "legal-action counts")?,
        })
    }

    /// What the env is: games, players and their seats, observation shape.
    pub fn spec(&self) -> &EnvSpec { &self.spec }
    /// Games in the env.
    pub fn num_envs(&self) -> usize { self.spec.num_envs }
    /// Players of each game.
    pub fn num_players(&self) -> usize { self.spec.num_players }

    // The env's own buffers, one set: a step borrows the env mutably, so no
    // slice of the last step outlives the next, and only C writes them.
    fn buffers(&mut self) -> ffi::sh_env_buffers {
        ffi::sh_env_buffers {
            size: std::mem::size_of::<ffi::sh_env_buffers>(),
            obs: self.obs.as_mut_ptr(),
            mask: self.mask.as_mut_ptr(),
            rewards: self.rewards.as_mut_ptr(),
            terminated: self.terminated.as_mut_ptr(),
            truncated: self.truncated.as_mut_ptr(),
            to_play: self.to_play.as_mut_ptr(),
            legal: self.legal.as_mut_ptr(),
            num_legal: self.num_legal.as_mut_ptr(),
        }
    }
    fn game(&self, i: usize) -> Result<usize> { in_range(i, "i", 0, self.spec.num_envs - 1) }

    /// Every game to its start, game i's sampler seeded with `seed + i` (wrapping);
    /// writes every buffer.
    pub fn reset(&mut self, seed: u64) -> Result<()> {
        let b = self.buffers();
        self.env.err(unsafe { ffi::sh_env_reset(self.env.0, seed, &b) })
    }
    /// One action per game (`actions.len() == num_envs`), each 0..=14640 or
    /// [`NO_ACTION`] (-1, e.g. from [`VecEnv::sample_legal`]); the action of a game
    /// that ended at the last step is ignored. All or nothing: an action that is not
    /// legal is an [`ErrorKind::Move`] naming the game, -1 for a game still playing an
    /// [`ErrorKind::Range`], a step before [`VecEnv::reset`] (or on an ended game
    /// without auto_reset) an [`ErrorKind::State`], and nothing changes.
    pub fn step(&mut self, actions: &[i32]) -> Result<()> {
        self.check_len(actions.len())?;
        for (k, &a) in actions.iter().enumerate() {
            in_range(a, &format!("actions[{k}]"), NO_ACTION, NUM_ACTIONS as i32 - 1)?;
        }
        let b = self.buffers();
        self.env.err(unsafe { ffi::sh_env_step(self.env.0, actions.as_ptr(), actions.len(), &b) })
    }
    fn check_len(&self, len: usize) -> Result<()> {
        if len != self.spec.num_envs {
            return Err(Error::new(ErrorKind::Range, format!("actions must hold num_envs = {} entries, got {len}", self.spec.num_envs)));
        }
        Ok(())
    }
    /// Writes a uniformly random legal action per game into `actions`
    /// (`len() == num_envs`), from each game's own seeded stream; [`NO_ACTION`] for a
    /// game that restarts at the next step.
    pub fn sample_legal(&mut self, actions: &mut [i32]) -> Result<()> {
        self.check_len(actions.len())?;
        self.env.err(unsafe { ffi::sh_env_sample_legal(self.env.0, actions.as_mut_ptr(), actions.len()) })
    }

    /// Every game's observation from `to_play`'s view, game i at `i * spec().obs_values`
    /// (planes x height x width, row-major).
    pub fn obs(&self) -> &Obs { &self.obs }
    /// The legal-action masks, 0/1, game i at `i * NUM_ACTIONS`; all 0 for a game that
    /// has just ended.
    pub fn mask(&self) -> &[u8] { &self.mask }
    /// Every player's reward at the last step, game i at `i * num_players`.
    pub fn rewards(&self) -> &[f32] { &self.rewards }
    /// 1 where the last step ended the game by its rules, else 0.
    pub fn terminated(&self) -> &[u8] { &self.terminated }
    /// 1 where the last step stopped the game at the env's `max_turns`, else 0.
    pub fn truncated(&self) -> &[u8] { &self.truncated }
    /// The player whose view each observation is: the player to act, or, in a game
    /// that has just ended, the player who moved last.
    pub fn to_play(&self) -> &[i32] { &self.to_play }
    /// Every game's legal actions as the step wrote them from the game's moves
    /// (no scan of the mask): `(actions, counts)`, game i's `counts[i]` actions at
    /// `i * MAX_MOVES`, in the order the game generates its moves, then -1 up to
    /// [`MAX_MOVES`](crate::MAX_MOVES); none for a game that has just ended. In the
    /// env's [`ActionFrame`](crate::ActionFrame).
    pub fn all_legal_actions(&self) -> (&[i32], &[i32]) { (&self.legal, &self.num_legal) }

    /// The legal actions of game i, sorted (none once it has ended).
    pub fn legal_actions(&self, i: usize) -> Result<Vec<i32>> {
        let i = self.game(i)?;
        array_of(|o, c, n| unsafe { ffi::sh_env_legal_actions(self.env.0, i, o, c, n) })
    }
    /// Game i now: player to act, turns, ended or truncated.
    pub fn status(&self, i: usize) -> Result<EnvStatus> {
        let i = self.game(i)?;
        let (mut to, mut turns, mut term, mut trunc) = (0, 0, 0, 0);
        self.env.err(unsafe { ffi::sh_env_status(self.env.0, i, &mut to, &mut turns, &mut term, &mut trunc) })?;
        Ok(EnvStatus { to_play: opt(to).map(|p| p as usize), turns, terminated: term != 0, truncated: trunc != 0 })
    }
    /// Game i from `player`'s view (0..num_players), a fresh [`Obs`] of `obs_values` values.
    pub fn observe(&self, i: usize, player: usize) -> Result<Obs> {
        let i = self.game(i)?;
        let p = in_range(player, "player", 0, self.spec.num_players - 1)? as c_int;
        let mut out = Obs::zeros(self.obs.dtype(), self.spec.obs_values)?;
        self.env.err(unsafe { ffi::sh_env_observe(self.env.0, i, p, out.as_mut_ptr(), self.spec.obs_bytes) })?;
        Ok(out)
    }
    /// Each player's return in game i: zeros until it ends by its rules.
    pub fn returns(&self, i: usize) -> Result<Vec<f32>> {
        let i = self.game(i)?;
        let mut out = vec![0.0; self.spec.num_players];
        self.env.err(unsafe { ffi::sh_env_returns(self.env.0, i, out.as_mut_ptr(), out.len()) })?;
        Ok(out)
    }
    /// The action a computer player of `level` seeded with `seed` would play in game i
    /// now, `None` once it has ended; one search of that level. An [`ErrorKind::Option`]
    /// for an unknown level.
    pub fn engine_action(&self, i: usize, level: &str, seed: u64) -> Result<Option<i32>> {
        let i = self.game(i)?;
        let c = c_string(level, "level")?;
        let mut a = NO_ACTION;
        self.env.err(unsafe { ffi::sh_env_engine_action(self.env.0, i, c.as_ptr(), seed, &mut a) })?;
        Ok(opt(a))
    }
    /// Each player's mean return over `n` playouts of game i from now (game i does not
    /// change): each turn a uniformly random legal move with probability `epsilon`
    /// (0..=1), else the `normal` player's move, at most `max_turns` turns; an unfinished
    /// playout scores a heuristic (not a rule: tanh of the lead in ranking distance / 10).
    /// Deterministic for a seed. Ceilings: `n` <= [`MAX_PLAYOUTS`](crate::MAX_PLAYOUTS),
    /// `max_turns` <= [`VecEnv::MAX_PLAYOUT_TURNS`] ([`ErrorKind::Range`], checked here),
    /// and [`VecEnv::MAX_PLAYOUT_TURNS_IN_ALL`] turns in all, a playout that plays none
    /// (`max_turns` 0, game i over) counting one (about 5 s on one core with epsilon 0):
    /// more is an [`ErrorKind::Limit`] from the library; split the call.
    pub fn playouts(&self, i: usize, n: usize, epsilon: f64, max_turns: u32, seed: u64) -> Result<Vec<f32>> {
        let i = self.game(i)?;
        // Both ceilings fit a C int.
        let n = in_range(n, "n", 0, MAX_PLAYOUTS)? as c_int;
        let epsilon = in_range(epsilon, "epsilon", 0.0, 1.0)?;
        let m = in_range(max_turns, "max_turns", 0, VecEnv::MAX_PLAYOUT_TURNS)? as c_int;
        let mut out = vec![0.0; self.spec.num_players];
        self.env.err(unsafe { ffi::sh_env_playouts(self.env.0, i, n, epsilon, m, seed, out.as_mut_ptr(), out.len()) })?;
        Ok(out)
    }
    /// A copy of game i's position.
    pub fn position(&self, i: usize) -> Result<Position> {
        let i = self.game(i)?;
        new_handle(|h| self.env.err(unsafe { ffi::sh_env_position(self.env.0, i, h) })).map(Position)
    }
    /// Game i's record so far (SPEC §8, one line); the preset and first seat only when
    /// the env keeps no records.
    pub fn record(&self, i: usize) -> Result<String> {
        let i = self.game(i)?;
        text_of(|b, s, n| unsafe { ffi::sh_env_record(self.env.0, i, b, s, n) })
    }
}
