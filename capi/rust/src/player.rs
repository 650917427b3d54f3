//! Computer players (SPEC §9) as a handle, with the budget they may spend
//! per move and the statistics of their last search.
use std::os::raw::c_int;
use std::time::Duration;

use crate::args::{c_string, millis};
use crate::error::{check_t, must, Error, ErrorKind, Result};
use crate::ffi;
use crate::game::Game;
use crate::handle::handle;
use crate::out::new_handle;
use crate::{Move, MAX_BUDGET_NODES, MAX_BUDGET_TIME, MAX_SEARCH_THREADS};

/// The work a hard or expert player may do per move: `nodes`, positions searched
/// (deterministic), and/or `time`, wall clock (not deterministic: the move depends on the
/// machine and its load). Zero means no limit of that kind; both zero (the default) mean
/// the level's default (expert: 20 000 nodes; 800 000 boards of its race plan where it
/// plans one; 30 000 boards of its field search on four to six seats without teams).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Positions searched per move (deterministic); 0: no node limit.
    pub nodes: u64,
    /// Sent to C in whole milliseconds, rounded up (900 µs is 1 ms): a non-zero
    /// time never becomes 0, "no limit". [`Player::budget`] reads back the rounded time.
    pub time: Duration,
}

/// What a player's last choice searched.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Positions visited.
    pub nodes: u64,
    /// Expert: plies of the deepest finished iteration; hard: own moves looked ahead.
    pub depth: i32,
}

handle!(
    /// A computer player (SPEC §9): "easy", "normal", "hard" or "expert", seeded.
    /// A clone is a copy in the same state: both then choose the same moves.
    Player, sh_player, sh_player_free, sh_player_clone, sh_player_error
);

impl Player {
    /// A player of a level with a seed.
    pub fn new(level: &str, seed: u64) -> Result<Player> {
        let c = c_string(level, "level")?;
        new_handle(|h| check_t(unsafe { ffi::sh_player_new(c.as_ptr(), seed, h) })).map(Player)
    }
    /// A player of a level with a seed and a budget per move.
    pub fn with_budget(level: &str, seed: u64, budget: Budget) -> Result<Player> {
        let mut p = Player::new(level, seed)?;
        p.set_budget(budget)?;
        Ok(p)
    }
    /// The player's move for the seat to move ([`ErrorKind::State`] when the game is over).
    pub fn choose(&mut self, game: &Game) -> Result<Move> {
        let mut m = ffi::sh_move::default();
        self.err(unsafe { ffi::sh_player_choose(self.0, game.0, &mut m) })?;
        Ok(Move::of_raw(m))
    }
    /// Sets the budget per move ([`ErrorKind::Range`] beyond [`MAX_BUDGET_NODES`] or
    /// [`MAX_BUDGET_TIME`]; the budget is then unchanged).
    pub fn set_budget(&mut self, budget: Budget) -> Result<()> {
        if budget.nodes > MAX_BUDGET_NODES {
            return Err(Error::new(ErrorKind::Range, format!("budget nodes must be at most {MAX_BUDGET_NODES}, got {}", budget.nodes)));
        }
        let ms = millis(budget.time, "budget time", MAX_BUDGET_TIME.as_millis() as i64)?;
        self.err(unsafe { ffi::sh_player_set_budget(self.0, budget.nodes as i64, ms) })
    }
    /// The budget as set (the default, all zero, for the level's own).
    pub fn budget(&self) -> Budget {
        let (mut n, mut ms) = (0i64, 0i64);
        must(check_t(unsafe { ffi::sh_player_budget(self.0, &mut n, &mut ms) }));
        Budget { nodes: n as u64, time: Duration::from_millis(ms as u64) }
    }
    /// Sets expert's search threads, 1..=[`MAX_SEARCH_THREADS`] (other levels ignore it;
    /// [`ErrorKind::Range`] outside, and the count stays). With 1, a new player's count, the
    /// same seed, node budget and game choose the same move; with more, a search to the same
    /// depth finds the same move, but how deep a budget gets depends on how the threads ran,
    /// and a node budget counts the main thread's nodes. On four to six seats without teams
    /// each thread grows a search tree of its own instead: a node budget is each tree's, and
    /// the move the same for the same count. A clone keeps the count.
    pub fn set_threads(&mut self, threads: u32) -> Result<()> {
        if !(1..=MAX_SEARCH_THREADS).contains(&threads) {
            return Err(Error::new(ErrorKind::Range, format!("threads must be in 1..={MAX_SEARCH_THREADS}, got {threads}")));
        }
        self.err(unsafe { ffi::sh_player_set_threads(self.0, threads as c_int) })
    }
    /// Expert's search threads as set ([`Player::set_threads`]; 1 for a new player).
    pub fn threads(&self) -> u32 {
        let mut t: c_int = 0;
        must(check_t(unsafe { ffi::sh_player_threads(self.0, &mut t) }));
        t as u32
    }
    /// What the last [`Player::choose`] searched (zeros before the first).
    pub fn last_stats(&self) -> SearchStats {
        let (mut n, mut d) = (0i64, 0 as c_int);
        must(check_t(unsafe { ffi::sh_player_last_stats(self.0, &mut n, &mut d) }));
        SearchStats { nodes: n as u64, depth: d }
    }
}
