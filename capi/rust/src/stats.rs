//! Match statistics: Elo and its 95 % interval from W/D/L and from the
//! pentanomial counts of game pairs, the SPRT, and [`MatchStats`], the tally
//! of a match (the models: include/sternhalma/match_stats.h). The figures
//! come from the library, so a harness of one's own gets the numbers
//! `sternhalma match` reports; arguments are checked here (ranges) before C
//! is called.
use std::mem::size_of;
use std::os::raw::c_int;
use std::ptr;

use crate::args::in_range;
use crate::error::{check_t, must, Error, ErrorKind, Result};
use crate::ffi;
use crate::handle::handle;
use crate::out::{int_of, new_handle};

/// A figure and its 95 % interval.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Interval {
    /// The figure.
    pub value: f64,
    /// The interval's low end.
    pub low: f64,
    /// The interval's high end.
    pub high: f64,
}
impl Interval {
    fn of_raw(e: ffi::sh_interval) -> Interval { Interval { value: e.value, low: e.low, high: e.high } }
}

/// Game indices of a [`MatchStats`] are `0..MAX_MATCH_GAMES` (`SH_MAX_MATCH_GAMES`).
pub const MAX_MATCH_GAMES: u64 = ffi::SH_MAX_MATCH_GAMES;
/// The largest count (and sum of counts) the Elo and SPRT functions take (`SH_MAX_STATS_COUNT`).
pub const MAX_STATS_COUNT: u64 = ffi::SH_MAX_STATS_COUNT;
/// The largest |elo0|, |elo1| of an SPRT (`SH_MAX_SPRT_ELO`).
pub const MAX_SPRT_ELO: f64 = ffi::SH_MAX_SPRT_ELO;

/// Counts of game pairs scoring 0, 1/2, 1, 3/2, 2 for the first unit.
pub type Pentanomial = [u64; 5];

/// Games won, drawn and lost, from player 0's unit's view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Games its unit won alone.
    pub wins: u64,
    /// Games with place 1 shared with an opponent.
    pub draws: u64,
    /// Any other game.
    pub losses: u64,
}

/// One player's figures over the games added.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PlayerStats {
    /// Games it played.
    pub games: u64,
    /// Its unit alone in place 1.
    pub wins: u64,
    /// Place 1 shared with an opponent.
    pub draws: u64,
    /// Any other place.
    pub losses: u64,
    /// The mean place (1 = best).
    pub place: Interval,
}

/// How i did against j in the games in which they were opponents.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PairScore {
    /// Games in which i and j were opponents.
    pub games: u64,
    /// i's points over j: 1 above, 1/2 level, 0 below.
    pub score: f64,
}

/// An SPRT's hypotheses: H0 Elo = `elo0`, H1 Elo = `elo1` (logistic Elo,
/// `elo0 < elo1`), `alpha` and `beta` the false positive and negative rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtTest {
    /// H0: the Elo difference is elo0 (logistic Elo, below `elo1`).
    pub elo0: f64,
    /// H1: the Elo difference is elo1.
    pub elo1: f64,
    /// The false positive rate: accepting H1 when H0 holds.
    pub alpha: f64,
    /// The false negative rate: accepting H0 when H1 holds.
    pub beta: f64,
}

impl SprtTest {
    /// The test of elo0 against elo1 with alpha = beta = 0.05.
    pub fn new(elo0: f64, elo1: f64) -> SprtTest { SprtTest { elo0, elo1, alpha: 0.05, beta: 0.05 } }
}

/// What an SPRT says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SprtDecision {
    /// lower < llr < upper: play on.
    Continue,
    /// llr <= lower.
    AcceptH0,
    /// llr >= upper.
    AcceptH1,
}

/// An SPRT's state: the log-likelihood ratio, Wald's bounds and the decision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtResult {
    /// The log-likelihood ratio of the counts.
    pub llr: f64,
    /// Wald's lower bound, ln(beta / (1 - alpha)): at or below it H0 is accepted.
    pub lower: f64,
    /// Wald's upper bound, ln((1 - beta) / alpha): at or above it H1 is accepted.
    pub upper: f64,
    /// What the llr says against the bounds.
    pub decision: SprtDecision,
}

fn count(v: u64, what: &str) -> Result<i64> { in_range(v, what, 0, MAX_STATS_COUNT).map(|v| v as i64) }

fn counts(c: &Pentanomial) -> Result<[i64; 5]> {
    let mut out = [0i64; 5];
    for (k, v) in c.iter().enumerate() {
        out[k] = count(*v, &format!("counts[{k}]"))?;
    }
    Ok(out)
}

fn c_test(t: &SprtTest) -> Result<ffi::sh_sprt_test> {
    let mut c = ffi::sh_sprt_test::default();
    check_t(unsafe { ffi::sh_sprt_test_init(&mut c, size_of::<ffi::sh_sprt_test>()) })?;
    c.elo0 = in_range(t.elo0, "test.elo0", -MAX_SPRT_ELO, MAX_SPRT_ELO)?;
    c.elo1 = in_range(t.elo1, "test.elo1", -MAX_SPRT_ELO, MAX_SPRT_ELO)?;
    for (v, what) in [(t.alpha, "test.alpha"), (t.beta, "test.beta")] {
        if !(v > 0.0 && v < 1.0) {
            return Err(Error::new(ErrorKind::Range, format!("{what} must be in (0, 1), got {v}")));
        }
    }
    c.alpha = t.alpha;
    c.beta = t.beta;
    Ok(c)
}

fn result_of(c: &ffi::sh_sprt_result) -> SprtResult {
    let decision = match c.decision {
        1 => SprtDecision::AcceptH0,
        2 => SprtDecision::AcceptH1,
        _ => SprtDecision::Continue,
    };
    SprtResult { llr: c.llr, lower: c.lower, upper: c.upper, decision }
}

/// Elo and its 95 % interval from single games (trinomial); [`ErrorKind::Range`] for a
/// count (or the sum) beyond [`MAX_STATS_COUNT`].
pub fn elo_from_wdl(wins: u64, draws: u64, losses: u64) -> Result<Interval> {
    let mut e = ffi::sh_interval::default();
    check_t(unsafe { ffi::sh_elo_from_wdl(count(wins, "wins")?, count(draws, "draws")?, count(losses, "losses")?, &mut e) })?;
    Ok(Interval::of_raw(e))
}

/// Elo and its 95 % interval from the counts of game pairs.
pub fn elo_from_pentanomial(c: &Pentanomial) -> Result<Interval> {
    let c = counts(c)?;
    let mut e = ffi::sh_interval::default();
    check_t(unsafe { ffi::sh_elo_from_pentanomial(c.as_ptr(), &mut e) })?;
    Ok(Interval::of_raw(e))
}

/// [`ErrorKind::Range`] naming the field unless the test is valid (elo0 < elo1 within
/// ±[`MAX_SPRT_ELO`], alpha and beta in (0, 1), alpha + beta < 1).
pub fn check_sprt(test: &SprtTest) -> Result<()> {
    let t = c_test(test)?;
    check_t(unsafe { ffi::sh_sprt_check(&t) })
}

/// The pentanomial SPRT of `test` on the counts of game pairs.
pub fn sprt(test: &SprtTest, c: &Pentanomial) -> Result<SprtResult> {
    let t = c_test(test)?;
    let c = counts(c)?;
    let mut r = ffi::sh_sprt_result::default();
    check_t(unsafe { ffi::sh_sprt(&t, c.as_ptr(), &mut r, size_of::<ffi::sh_sprt_result>()) })?;
    Ok(result_of(&r))
}

handle!(
    /// The results of a match of 2..=6 players, added game by game in any order
    /// ([`MatchStats::add`]); games 2k and 2k+1 form pair k of the pentanomial. Without
    /// teams every player is a unit; with teams every team is (partners share a place and
    /// are not opponents). W/D/L, the pentanomial and the SPRT are player 0's unit's
    /// against the other and need two units in every game ([`ErrorKind::State`] otherwise).
    MatchStats, sh_match_stats, sh_match_stats_free, sh_match_stats_clone, sh_match_stats_error
);

impl MatchStats {
    /// An empty match ([`ErrorKind::Range`] unless 2 <= players <= 6).
    pub fn new(players: usize) -> Result<MatchStats> {
        let n = in_range(players, "players", 2, crate::MAX_SEATS)? as c_int;
        new_handle(|h| check_t(unsafe { ffi::sh_match_stats_new(n, h) })).map(MatchStats)
    }

    fn ints(&self, v: &[i32], what: &str, lo: i32, hi: i32) -> Result<()> {
        let n = self.players();
        if v.len() != n {
            return Err(Error::new(ErrorKind::Range, format!("{what} has {} entries for {n} players", v.len())));
        }
        for (i, x) in v.iter().enumerate() {
            in_range(*x, &format!("{what}[{i}]"), lo, hi)?;
        }
        Ok(())
    }

    /// One finished game: `places[i]` (1 = best, equal = shared) of player i; `teams`
    /// `None` or a team id (0..players) per player, partners sharing an id and a place.
    /// [`ErrorKind::Range`] for a bad index, size, place or team (partners with
    /// different places, one team only), [`ErrorKind::State`] for an index added before;
    /// nothing changes on an error.
    pub fn add(&mut self, game_index: u64, places: &[i32], teams: Option<&[i32]>) -> Result<()> {
        let n = self.players() as i32;
        let index = in_range(game_index, "game_index", 0, MAX_MATCH_GAMES - 1)? as i64;
        self.ints(places, "places", 1, n)?;
        let (t, nt) = match teams {
            Some(t) => {
                self.ints(t, "teams", 0, n - 1)?;
                (t.as_ptr(), t.len())
            }
            None => (ptr::null(), 0),
        };
        self.err(unsafe { ffi::sh_match_stats_add(self.0, index, places.as_ptr(), places.len(), t, nt) })
    }

    /// The number of players.
    pub fn players(&self) -> usize { must(int_of(|v| unsafe { ffi::sh_match_stats_players(self.0, v) })) as usize }

    /// Games added.
    pub fn games(&self) -> u64 {
        let mut g = 0i64;
        must(check_t(unsafe { ffi::sh_match_stats_games(self.0, &mut g) }));
        g as u64
    }

    /// Whether every game added had exactly two units (true with no games).
    pub fn two_units(&self) -> bool { must(int_of(|v| unsafe { ffi::sh_match_stats_two_units(self.0, v) })) != 0 }

    /// Player `player`'s figures ([`ErrorKind::Range`] unless player < players).
    pub fn player(&self, player: usize) -> Result<PlayerStats> {
        let p = in_range(player, "player", 0, self.players() - 1)? as c_int;
        let mut s = ffi::sh_player_stats::default();
        self.err(unsafe { ffi::sh_match_stats_player(self.0, p, &mut s, size_of::<ffi::sh_player_stats>()) })?;
        Ok(PlayerStats { games: s.games as u64, wins: s.wins as u64, draws: s.draws as u64, losses: s.losses as u64, place: Interval::of_raw(s.place) })
    }

    /// How i did against j, in the games in which they were opponents.
    pub fn pairwise(&self, i: usize, j: usize) -> Result<PairScore> {
        let hi = self.players() - 1;
        let (i, j) = (in_range(i, "i", 0, hi)? as c_int, in_range(j, "j", 0, hi)? as c_int);
        let (mut games, mut score) = (0i64, 0.0f64);
        self.err(unsafe { ffi::sh_match_stats_pairwise(self.0, i, j, &mut games, &mut score) })?;
        Ok(PairScore { games: games as u64, score })
    }

    /// Player 0's score in [0, 1]: per game the mean against its opponents.
    pub fn score(&self) -> Interval {
        let mut e = ffi::sh_interval::default();
        must(self.err(unsafe { ffi::sh_match_stats_score(self.0, &mut e) }));
        Interval::of_raw(e)
    }

    /// The Elo of [`MatchStats::score`].
    pub fn elo(&self) -> Interval {
        let mut e = ffi::sh_interval::default();
        must(self.err(unsafe { ffi::sh_match_stats_elo(self.0, &mut e) }));
        Interval::of_raw(e)
    }

    /// W/D/L of player 0's unit.
    pub fn wdl(&self) -> Result<Wdl> {
        let (mut w, mut d, mut l) = (0i64, 0i64, 0i64);
        self.err(unsafe { ffi::sh_match_stats_wdl(self.0, &mut w, &mut d, &mut l) })?;
        Ok(Wdl { wins: w as u64, draws: d as u64, losses: l as u64 })
    }

    /// Pairs (both games in) scoring 0, 1/2, 1, 3/2, 2 for player 0's unit.
    pub fn pentanomial(&self) -> Result<Pentanomial> {
        let mut c = [0i64; 5];
        self.err(unsafe { ffi::sh_match_stats_pentanomial(self.0, c.as_mut_ptr()) })?;
        let mut out = [0u64; 5];
        for k in 0..5 {
            out[k] = c[k] as u64;
        }
        Ok(out)
    }

    /// The SPRT on [`MatchStats::pentanomial`].
    pub fn sprt(&self, test: &SprtTest) -> Result<SprtResult> {
        let t = c_test(test)?;
        let mut r = ffi::sh_sprt_result::default();
        self.err(unsafe { ffi::sh_match_stats_sprt(self.0, &t, &mut r, size_of::<ffi::sh_sprt_result>()) })?;
        Ok(result_of(&r))
    }
}
