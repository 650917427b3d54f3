// stats.js — match statistics: Elo and its 95 % interval from W/D/L and from
// the pentanomial counts of game pairs, the SPRT, and MatchStats, the tally
// of a match (the models: include/sternhalma/match_stats.h). The figures come
// from the library, so a harness of one's own gets the numbers `sternhalma
// match` reports; arguments are checked here before C is called. Apart from
// the game because it takes results, not games.
import { defines as D, enums } from '../abi.js';
import { ShRangeError } from './errors.js';
import { X, need, view, refresh } from './wasm.js';
import { int, int64, num } from './checks.js';
import { call, check, i32 } from './call.js';
import { Handle, MADE_HERE, ptrOf, newHandle } from './handle.js';

/** Game indices of a MatchStats are 0..MAX_MATCH_GAMES-1 (SH_MAX_MATCH_GAMES). */
export const MAX_MATCH_GAMES = D.SH_MAX_MATCH_GAMES;
/** The largest count (and sum of counts) the Elo and SPRT functions take (SH_MAX_STATS_COUNT). */
export const MAX_STATS_COUNT = D.SH_MAX_STATS_COUNT;
/** The largest |elo0|, |elo1| of an SPRT (SH_MAX_SPRT_ELO). */
export const MAX_SPRT_ELO = D.SH_MAX_SPRT_ELO;

// The C enum as words: CONTINUE 'continue', ACCEPT_H0 'accept-h0', ACCEPT_H1 'accept-h1'.
const decisionWord = [];
const decisions = {};
for (const [k, v] of Object.entries(enums.sh_sprt_decision)) {
  const key = k.slice('SH_SPRT_'.length);
  decisions[key] = decisionWord[v] = key.toLowerCase().replaceAll('_', '-');
}
/** What an SPRT says: CONTINUE 'continue', ACCEPT_H0 'accept-h0', ACCEPT_H1 'accept-h1'. */
export const SprtDecision = Object.freeze(decisions);

// Byte sizes and offsets of the header's structs (all fields 8 bytes wide
// but sh_sprt_result's int decision; size_t is 4 bytes in wasm32).
const INTERVAL = 24, SPRT_TEST = 40, SPRT_RESULT = 32, PLAYER_STATS = 56;

const count = (v, what) => int64(v, what, 0, MAX_STATS_COUNT);
function countsOf(c, what = 'counts') {
  if (!Array.isArray(c)) throw new TypeError(`${what} must be an array of 5 integers`);
  const n = c.length;
  if (n !== 5) throw new TypeError(`${what} must have 5 entries (pairs scoring 0, 1/2, 1, 3/2, 2), not ${n}`);
  const out = [];
  for (let k = 0; k < 5; ++k) out.push(count(c[k], `${what}[${k}]`));
  return out;
}
function putCounts(f, counts) {
  const p = f.alloc(40);
  refresh();
  counts.forEach((c, k) => view.setBigInt64(p + 8 * k, c, true));
  return p;
}
const intervalAt = (p) => {
  refresh();
  return { value: view.getFloat64(p, true), low: view.getFloat64(p + 8, true), high: view.getFloat64(p + 16, true) };
};
// An {elo0, elo1, alpha = 0.05, beta = 0.05} test, checked, as the C struct.
function testOf(f, test) {
  if (test === null || typeof test !== 'object') throw new TypeError('test must be {elo0, elo1, alpha, beta}');
  const elo0 = num(test.elo0, 'test.elo0', -MAX_SPRT_ELO, MAX_SPRT_ELO);
  const elo1 = num(test.elo1, 'test.elo1', -MAX_SPRT_ELO, MAX_SPRT_ELO);
  const rate = (v, what) => {
    num(v, what);
    if (!(v > 0 && v < 1)) throw new ShRangeError('SH_ERR_RANGE', `${what} ${v} is not in (0, 1)`);
    return v;
  };
  const alpha = rate(test.alpha ?? 0.05, 'test.alpha'), beta = rate(test.beta ?? 0.05, 'test.beta');
  const p = f.alloc(SPRT_TEST);
  check(X.sh_sprt_test_init(p, SPRT_TEST));
  refresh();
  view.setFloat64(p + 8, elo0, true);
  view.setFloat64(p + 16, elo1, true);
  view.setFloat64(p + 24, alpha, true);
  view.setFloat64(p + 32, beta, true);
  return p;
}
const resultAt = (p) => {
  refresh();
  return {
    llr: view.getFloat64(p, true), lower: view.getFloat64(p + 8, true), upper: view.getFloat64(p + 16, true),
    decision: decisionWord[view.getInt32(p + 24, true)],
  };
};

/** Elo and its 95 % interval from single games (trinomial): {value, low, high}. */
export function eloFromWdl(wins, draws, losses) {
  const w = count(wins, 'wins'), d = count(draws, 'draws'), l = count(losses, 'losses');
  return call((f) => {
    const out = f.alloc(INTERVAL);
    check(X.sh_elo_from_wdl(w, d, l, out));
    return intervalAt(out);
  });
}
/** Elo and its 95 % interval from the counts of game pairs scoring 0, 1/2, 1, 3/2, 2. */
export function eloFromPentanomial(counts) {
  const c = countsOf(counts);
  return call((f) => {
    const out = f.alloc(INTERVAL);
    check(X.sh_elo_from_pentanomial(putCounts(f, c), out));
    return intervalAt(out);
  });
}
/** RangeError naming the field unless the test is valid. */
export function checkSprt(test) {
  call((f) => check(X.sh_sprt_check(testOf(f, test))));
}
/** The pentanomial SPRT: {llr, lower, upper, decision}. */
export function sprt(test, counts) {
  return call((f) => {
    const t = testOf(f, test), c = putCounts(f, countsOf(counts)), out = f.alloc(SPRT_RESULT);
    check(X.sh_sprt(t, c, out, SPRT_RESULT));
    return resultAt(out);
  });
}

/** The results of a match of 2..6 players, added game by game in any order. */
export class MatchStats extends Handle {
  constructor(token, ptr) { super(token, ptr, X.sh_match_stats_free, 'MatchStats.create(players) or m.copy()'); }
  static create(players) {
    const n = int(players, 'players', 2, D.SH_MAX_SEATS);
    return new MatchStats(MADE_HERE, newHandle((f, out) => X.sh_match_stats_new(n, out)));
  }
  copy() { return new MatchStats(MADE_HERE, newHandle((f, out) => need('sh_match_stats_clone')(ptrOf(this, MatchStats), out))); }
  /** One finished game: places[i] (1 = best, equal = shared) of player i; teams null or a
   * team id (0..players-1) per player, partners sharing an id and a place. */
  add(gameIndex, places, teams = null) {
    const h = ptrOf(this, MatchStats), n = playersOf(h);
    const index = int64(gameIndex, 'gameIndex', 0, MAX_MATCH_GAMES - 1);
    const p = intsOf(places, 'places', n, 1, n);
    const t = teams === null ? null : intsOf(teams, 'teams', n, 0, n - 1);
    call((f) => {
      const pp = f.alloc(4 * n), tp = t ? f.alloc(4 * n) : 0;
      refresh();
      p.forEach((v, i) => view.setInt32(pp + 4 * i, v, true));
      if (t) t.forEach((v, i) => view.setInt32(tp + 4 * i, v, true));
      check(X.sh_match_stats_add(h, index, pp, n, tp, t ? n : 0));
    });
  }
  get players() { return playersOf(ptrOf(this, MatchStats)); }
  get games() {
    const h = ptrOf(this, MatchStats);
    return call((f) => {
      const out = f.alloc(8);
      check(X.sh_match_stats_games(h, out));
      refresh();
      return Number(view.getBigInt64(out, true));
    });
  }
  /** Whether every game added had exactly two units (true with no games). */
  get twoUnits() {
    const h = ptrOf(this, MatchStats);
    return call((f) => {
      const out = f.alloc(4);
      check(X.sh_match_stats_two_units(h, out));
      return i32(out) !== 0;
    });
  }
  /** Player i's {games, wins, draws, losses, place: {value, low, high}}. */
  player(i) {
    const h = ptrOf(this, MatchStats), p = int(i, 'player', 0, playersOf(h) - 1);
    return call((f) => {
      const out = f.alloc(PLAYER_STATS);
      check(X.sh_match_stats_player(h, p, out, PLAYER_STATS));
      refresh();
      const n = (k) => Number(view.getBigInt64(out + 8 * k, true));
      return { games: n(0), wins: n(1), draws: n(2), losses: n(3), place: intervalAt(out + 32) };
    });
  }
  /** How i did against j: {games, score} over the games in which they were opponents. */
  pairwise(i, j) {
    const h = ptrOf(this, MatchStats), hi = playersOf(h) - 1;
    const a = int(i, 'i', 0, hi), b = int(j, 'j', 0, hi);
    return call((f) => {
      const g = f.alloc(8), s = f.alloc(8);
      check(X.sh_match_stats_pairwise(h, a, b, g, s));
      refresh();
      return { games: Number(view.getBigInt64(g, true)), score: view.getFloat64(s, true) };
    });
  }
  /** Player 0's score in [0, 1]: per game the mean against its opponents. */
  score() { return intervalOf(X.sh_match_stats_score, ptrOf(this, MatchStats)); }
  /** The Elo of score(). */
  elo() { return intervalOf(X.sh_match_stats_elo, ptrOf(this, MatchStats)); }
  /** {wins, draws, losses} of player 0's unit (StateError unless two units in every game). */
  wdl() {
    const h = ptrOf(this, MatchStats);
    return call((f) => {
      const w = f.alloc(8), d = f.alloc(8), l = f.alloc(8);
      check(X.sh_match_stats_wdl(h, w, d, l));
      refresh();
      const n = (p) => Number(view.getBigInt64(p, true));
      return { wins: n(w), draws: n(d), losses: n(l) };
    });
  }
  /** Pairs (both games in) scoring 0, 1/2, 1, 3/2, 2 for player 0's unit. */
  pentanomial() {
    const h = ptrOf(this, MatchStats);
    return call((f) => {
      const out = f.alloc(40);
      check(X.sh_match_stats_pentanomial(h, out));
      refresh();
      return [0, 1, 2, 3, 4].map((k) => Number(view.getBigInt64(out + 8 * k, true)));
    });
  }
  /** The SPRT on pentanomial(). */
  sprt(test) {
    const h = ptrOf(this, MatchStats);
    return call((f) => {
      const t = testOf(f, test), out = f.alloc(SPRT_RESULT);
      check(X.sh_match_stats_sprt(h, t, out, SPRT_RESULT));
      return resultAt(out);
    });
  }
}

function playersOf(h) {
  return call((f) => {
    const out = f.alloc(4);
    check(X.sh_match_stats_players(h, out));
    return i32(out);
  });
}
function intervalOf(cfn, h) {
  return call((f) => {
    const out = f.alloc(INTERVAL);
    check(cfn(h, out));
    return intervalAt(out);
  });
}
// n integers in lo..hi, copied (each entry read once; see game.js's arrayOf).
function intsOf(a, what, n, lo, hi) {
  if (!Array.isArray(a)) throw new TypeError(`${what} must be an array of integers`);
  const len = a.length;
  if (len !== n) throw new ShRangeError('SH_ERR_RANGE', `${what} has ${len} entries for ${n} players`);
  const out = [];
  for (let i = 0; i < n; ++i) out.push(int(a[i], `${what}[${i}]`, lo, hi));
  return out;
}
