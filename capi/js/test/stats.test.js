// Match statistics from JavaScript: the figures worked out by hand (W/D/L
// 60/20/20 is a score of 0.7 with standard error sqrt(0.16 / 100) = 0.04),
// games out of order, teams, and every bad argument refused before C.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sh from '../index.js';

const Z95 = 1.959963984540054;
const elo = (s) => 400 * Math.log10(s / (1 - s));
const close = (a, b) => assert.ok(Math.abs(a - b) < 1e-9, `${a} != ${b}`);
const own = (t, h) => { t.after(() => h.dispose()); return h; };
const range = (what) => (e) => e instanceof sh.RangeError && e.status === 'SH_ERR_RANGE' && e.message.includes(what);

test('Elo from W/D/L and from pentanomial counts', () => {
  const e = sh.eloFromWdl(60, 20, 20);
  close(e.value, elo(0.7));
  close(e.low, elo(0.7 - Z95 * 0.04));
  close(e.high, elo(0.7 + Z95 * 0.04));
  assert.deepEqual(sh.eloFromWdl(0, 0, 0), { value: 0, low: 0, high: 0 });
  close(sh.eloFromWdl(10, 0, 0).value, 400 * Math.log10(19));
  // 50 pairs: mean 0.61, per-pair variance 0.0704.
  const p = sh.eloFromPentanomial([2, 6, 20, 12, 10]);
  close(p.value, elo(0.61));
  close(p.low, elo(0.61 - Z95 * Math.sqrt(0.0704 / 50)));
  assert.throws(() => sh.eloFromWdl(-1, 0, 0), range('wins'));
  assert.throws(() => sh.eloFromWdl(sh.MAX_STATS_COUNT, 1, 0), range('add up to'));
  assert.throws(() => sh.eloFromWdl(1.5, 0, 0), TypeError);
  assert.throws(() => sh.eloFromPentanomial([1, 2, 3]), TypeError);
  assert.throws(() => sh.eloFromPentanomial([0, 0, -1, 0, 0]), range('counts[2]'));
});

test('the SPRT decides both ways and names a bad field', () => {
  const t = { elo0: 0, elo1: 10 };
  const mid = sh.sprt(t, [2, 6, 20, 12, 10]);
  assert.equal(mid.decision, 'continue');
  close(mid.lower, Math.log(0.05 / 0.95));
  close(mid.upper, Math.log(0.95 / 0.05));
  const strong = sh.sprt(t, [8, 24, 80, 48, 40]);
  assert.equal(strong.decision, sh.SprtDecision.ACCEPT_H1);
  assert.ok(Math.abs(strong.llr - 4 * mid.llr) < 1e-6);
  assert.equal(sh.sprt(t, [40, 48, 80, 24, 8]).decision, sh.SprtDecision.ACCEPT_H0);
  assert.equal(sh.sprt({ ...t, alpha: 0.001, beta: 0.001 }, [8, 24, 80, 48, 40]).decision, 'continue');
  for (const [test, what] of [[{ elo0: 10, elo1: 0 }, 'not below elo1'], [{ ...t, alpha: 0 }, 'test.alpha'],
    [{ ...t, beta: 1 }, 'test.beta'], [{ ...t, alpha: 0.6, beta: 0.5 }, 'alpha + beta'],
    [{ elo0: 0, elo1: 2000 }, 'test.elo1']]) {
    assert.throws(() => sh.checkSprt(test), range(what));
    assert.throws(() => sh.sprt(test, [1, 1, 1, 1, 1]), range(what));
  }
  assert.throws(() => sh.checkSprt({ elo0: NaN, elo1: 10 }), TypeError);
  assert.throws(() => sh.checkSprt(null), TypeError);
});

test('a match of two players, results out of order', (t) => {
  const m = own(t, sh.MatchStats.create(2));
  assert.deepEqual([m.players, m.games, m.twoUnits], [2, 0, true]);
  m.add(3, [1, 2]);
  m.add(0, [1, 1]);
  m.add(2, [1, 2]); // pair 1 won 2-0
  assert.deepEqual(m.pentanomial(), [0, 0, 0, 0, 1]);
  m.add(1, [2, 1]); // pair 0: 1/2
  assert.deepEqual(m.pentanomial(), [0, 1, 0, 0, 1]);
  assert.deepEqual(m.wdl(), { wins: 2, draws: 1, losses: 1 });
  assert.deepEqual(m.elo(), sh.eloFromWdl(2, 1, 1));
  close(m.score().value, 2.5 / 4);
  const p1 = m.player(1);
  assert.deepEqual([p1.games, p1.wins, p1.draws, p1.losses], [4, 1, 1, 2]);
  close(p1.place.value, 1.5);
  assert.deepEqual(m.pairwise(0, 1), { games: 4, score: 2.5 });
  assert.deepEqual(m.sprt({ elo0: 0, elo1: 10 }), sh.sprt({ elo0: 0, elo1: 10 }, m.pentanomial()));
  const c = own(t, m.copy());
  c.add(4, [1, 2]);
  assert.deepEqual([c.games, m.games], [5, 4]);
});

test('three players and teams', (t) => {
  const m = own(t, sh.MatchStats.create(3));
  m.add(0, [1, 2, 3]);
  m.add(1, [2, 1, 1]);
  assert.equal(m.twoUnits, false);
  assert.throws(() => m.wdl(), sh.StateError);
  assert.throws(() => m.sprt({ elo0: 0, elo1: 10 }), sh.StateError);
  const p2 = m.player(2);
  assert.deepEqual([p2.wins, p2.draws, p2.losses], [0, 1, 1]);
  assert.deepEqual(m.pairwise(1, 2), { games: 2, score: 1.5 });
  const team = own(t, sh.MatchStats.create(4));
  team.add(0, [1, 2, 1, 2], [0, 1, 0, 1]);
  team.add(1, [1, 1, 1, 1], [0, 1, 0, 1]);
  assert.equal(team.pairwise(0, 2).games, 0); // partners
  assert.deepEqual(team.wdl(), { wins: 1, draws: 1, losses: 0 });
  assert.deepEqual(team.pentanomial(), [0, 0, 0, 1, 0]);
});

test('every bad add is refused and changes nothing', (t) => {
  const m = own(t, sh.MatchStats.create(4));
  m.add(5, [1, 2, 1, 2], [0, 1, 0, 1]);
  for (const [args, check] of [
    [[sh.MAX_MATCH_GAMES, [1, 2, 3, 4]], range('gameIndex')],
    [[-1, [1, 2, 3, 4]], range('gameIndex')],
    [[0, [1, 2, 3]], range('places has 3 entries for 4 players')],
    [[0, [1, 2, 0, 4]], range('places[2]')],
    [[0, [1, 2, 1, 2], [0, 1, 0, 4]], range('teams[3]')],
    [[0, [1, 2, 1, 2], [0, 1]], range('teams has 2 entries')],
    [[0, [1, 2, 2, 1], [0, 1, 0, 1]], range('partners share a place')],
    [[0, [1, 1, 1, 1], [3, 3, 3, 3]], range('at least two teams')],
    [[5, [1, 2, 3, 4]], (e) => e instanceof sh.StateError && e.message.includes('game 5 was added before')],
    [[0, [1, 2, 3, 4.5]], TypeError], [[0, '1234'], TypeError], [['0', [1, 2, 3, 4]], TypeError],
  ]) assert.throws(() => m.add(...args), check);
  assert.deepEqual([m.games, m.twoUnits, m.wdl()], [1, true, { wins: 1, draws: 0, losses: 0 }]);
  for (const players of [1, 7]) assert.throws(() => sh.MatchStats.create(players), range('players'));
  assert.throws(() => m.player(4), range('player'));
  assert.throws(() => m.pairwise(0, -1), range('j'));
  m.dispose();
  assert.throws(() => m.games, sh.StateError);
});
