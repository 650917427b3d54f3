// Every row of the table of names, called from JS with exact answers (the
// SPEC's cell numbering, the presets' options, round trips, determinism).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sh from '../index.js';
import { cli } from './cli.js';

test('cells and geometry', () => {
  assert.match(sh.version(), /^\d+\.\d+\.\d+$/);
  assert.equal(sh.parseCell('m1'), 0);
  assert.equal(sh.parseCell('i9'), 60);
  assert.equal(sh.cellName(120), 'e17');
  assert.deepEqual(sh.axial(60), [0, 0]);
  assert.equal(sh.cellAt(0, 0), 60);
  assert.throws(() => sh.cellAt(9, 9), sh.CellError);
  const n = sh.neighbours('i9');
  assert.equal(n.length, 6);
  assert.ok(n.every((c) => c !== null && sh.cellDistance(60, c) === 1));
  assert.equal(sh.neighbours('m1').filter((c) => c === null).length, 4);
  assert.equal(sh.pointOf('m1'), 0);
  assert.equal(sh.pointOf('e17'), 3);
  assert.equal(sh.pointOf('i9'), null);
  assert.deepEqual(sh.xy(60), [0, 0]);
  const [x, y] = sh.xy('e17');
  assert.ok(Math.abs(x - (-4 + 4)) < 1e-9 && Math.abs(y - 8 * Math.sqrt(3) / 2) < 1e-9, `${x},${y}`);
  assert.equal(sh.rotate(sh.tipCell(0), 3), sh.tipCell(3));
  assert.equal(sh.rotate(60, 1), 60);
  for (let c = 0; c < sh.NUM_CELLS; ++c) assert.equal(sh.rotate(c, 6), c);
  assert.equal(sh.reflect(sh.reflect(17)), 17);
  assert.equal(sh.cellDistance('m1', 'e17'), 16);
  assert.equal(sh.campCells(0).length, 10);
  assert.equal(sh.campCells(0, 15).length, 15);
  assert.deepEqual(sh.campCells(0).slice(0, 3), [0, 1, 2]);
  assert.equal(sh.tipCell(3), 120);
  assert.equal(sh.foreignCells(0).length, 40);
  assert.ok(sh.foreignCells(0).every((c) => ![0, 3, null].includes(sh.pointOf(c))));
  assert.equal(sh.seatLetter(3), 'K');
  assert.equal(sh.seatFromLetter('G'), 5);
  assert.equal(sh.SEAT_LETTERS, 'WRBKYG');
  assert.equal(sh.MAX_MOVES, 1590);
});

test('rules and options', () => {
  const r = sh.Rules.create('classic-3');
  assert.equal(r.id, 'classic-3');
  assert.deepEqual(r.seats, [0, 2, 4]);
  assert.equal(r.seatName(2), 'blue');
  assert.equal(r.getOption('deadline'), '30');
  assert.equal(r.setOption('zones', 'free').getOption('zones'), 'free');
  r.setOptions('goal-lock = no; deadline = 40');
  assert.equal(r.getOption('goal-lock'), 'no');
  assert.equal(r.getOption('deadline'), '40');
  // A changed preset is a custom table: it needs an id of its own.
  assert.throws(() => r.validate(), sh.OptionError);
  r.setOption('id', 'my-table');
  r.validate();
  const all = r.describe();
  assert.equal(all.id, 'my-table');
  assert.equal(all.zones, 'free');
  // The CLI describes the same preset with the same options.
  const native = Object.fromEntries(cli('presets', '--rules', 'classic-6').map((l) => l.split(' = ')));
  const six = sh.Rules.create('classic-6');
  assert.deepEqual(six.describe(), native);
  const copy = r.copy();
  r.setOption('zones', 'closed');
  assert.equal(copy.getOption('zones'), 'free');
  for (const h of [r, six, copy]) h.dispose();
});

test('positions: text, owners, packing, moves, distances, playouts', () => {
  const r = sh.Rules.create('classic-2');
  const p = sh.Position.start(r);
  const q = sh.Position.parse('classic-2');
  assert.equal(p.text, q.text);
  assert.equal(p.hash, q.hash);
  assert.equal(typeof p.hash, 'bigint');
  assert.equal(p.toMove, 0);
  assert.equal(p.round, 0);
  // The drawing is the CLI's `show` (which adds the position line).
  assert.deepEqual(p.render().trimEnd().split('\n'), cli('show', 'classic-2').slice(0, -1));
  assert.equal(p.owner('m1'), 0);
  assert.equal(p.owner('i9'), null);
  assert.equal(p.isKing('m1'), false);
  assert.deepEqual(p.pieces(3), sh.campCells(3));
  const packed = p.pack();
  assert.equal(packed.length, sh.PACKED_SIZE);
  assert.equal(packed[60], sh.PACKED_EMPTY);
  const u = sh.Position.unpack(r, packed);
  assert.equal(u.text, p.text);
  assert.equal(p.countMoves(), 14);
  assert.ok(p.isLegal('k3-k5'));
  assert.ok(!p.isLegal({ from: 0, to: 60 }));
  assert.deepEqual(p.closedCells(0), sh.foreignCells(0));
  assert.deepEqual(p.canonicalPath('k3-k5'), [3, 16]);
  assert.equal(p.formatMove([3, 16]), 'k3-k5');
  assert.equal(String(p.parseMove('k3-k5')), 'k3-k5');
  assert.equal(p.goalDistance(0), sh.Position.parse('classic-2').goalDistance(0));
  assert.equal(p.marblesInGoal(0), 0);
  // The tip distance is the sum of the marbles' steps to the goal's tip (SPEC §4 rule 10).
  assert.equal(p.tipDistance(0), p.pieces(0).reduce((a, c) => a + sh.cellDistance(c, sh.tipCell(3)), 0));
  p.play('k3-k5');
  assert.equal(p.toMove, 3);
  assert.equal(p.owner('k5'), 0);
  assert.equal(p.text, cli('show', p.text).at(-1));
  const runs = u.playouts(3, 200, 7);
  assert.deepEqual(runs, u.playouts(3, 200, 7n));
  assert.ok(runs.every(({ winner, plies }) => plies <= 200 && (winner === null || [0, 3].includes(winner))));
  const c = p.copy();
  c.play(c.legalMoves()[0]);
  assert.notEqual(c.text, p.text);
  for (const h of [r, p, q, u, c]) h.dispose();
});

test('games: seats, clocks, flags, undo, events, ratings, playouts', () => {
  const g = sh.Game.create('classic-2');
  assert.equal(g.toMove, 0);
  assert.equal(g.marblesOf, 0);
  assert.equal(g.isOver, false);
  assert.equal(g.endReason, sh.EndReason.NONE);
  assert.equal(g.isDraw, false);
  g.setClock(60000, 1000);
  assert.equal(g.seat(0).reserveMs, 60000);
  assert.deepEqual(g.parseMove('k3-k5'), new sh.Move(sh.parseCell('k3'), sh.parseCell('k5')));
  g.check('k3-k5');
  assert.throws(() => g.check('k3-k9'), sh.MoveError);
  assert.equal(g.eliminates('k3-k5'), false);
  g.apply('k3-k5', 500);
  assert.equal(g.seat(0).reserveMs, 60500);
  assert.deepEqual([g.turns, g.round, g.actions], [1, 0, 1]);
  assert.equal(g.status(0), sh.SeatStatus.PLAYING);
  assert.equal(g.place(0), 0);
  assert.equal(g.legalMoves().length, 14);
  assert.equal(g.events[0].kind, sh.EventKind.MOVE);
  assert.equal(String(g.events[0].move), 'k3-k5');
  assert.equal(g.eventText(0), 'move W k3-k5');
  g.flag();
  assert.ok(g.events.some((e) => e.kind === sh.EventKind.FLAG));
  assert.equal(g.undo(5), 2);
  assert.equal(g.actions, 0);
  assert.throws(() => g.setClock(-1, 0), sh.SternhalmaError);
  const copy = g.copy();
  copy.apply('k3-k5');
  assert.equal(g.turns, 0);
  // A resignation ends a two-player game with the resigner last.
  copy.resign(3);
  assert.ok(copy.isOver);
  assert.equal(copy.endReason, sh.EndReason.RESIGN);
  assert.deepEqual(copy.places, [1, 0, 0, 2, 0, 0]);
  const changes = copy.ratingChanges([1500, 1500]);
  assert.deepEqual(changes, sh.ratingChanges([1, 2], [1500, 1500]));
  assert.ok(changes[0] > 0 && Math.abs(changes[0] + changes[1]) < 1e-9);
  assert.deepEqual(sh.ratingChanges([1, 2], [1500, 1500], 32), [16, -16]);
  const p = copy.position;
  const from = sh.Game.fromPosition(p);
  assert.equal(from.position.text, p.text);
  const runs = g.playouts(2, 50, 3);
  assert.deepEqual(runs, g.playouts(2, 50, 3));
  assert.ok(runs.every(({ turns, places }) => turns <= 50 && places.length === 6));
  const pl = sh.Player.create('hard', 9);
  const twin = pl.copy();
  const m = pl.choose(g);
  assert.ok(g.legalMoves().some((x) => x.equals(m)));
  assert.ok(twin.choose(g).equals(m), 'a copied player chooses the same');
  for (const h of [g, copy, p, from, pl, twin]) h.dispose();
});

test('move text is read as the game reads it: the marbles the seat moves now, and a finished game', () => {
  // pairs-2x2 (SPEC §5): W arrives, then moves its partner K's marbles. The
  // position (W to move, W's marbles) cannot read W's move i5-j4; the game
  // must, for parseMove, check and eliminates alike.
  const start = sh.Position.parse('pairs-2x2 W W:e14,f14,g14,e15,f15,g15,e16,f16,e17,h13 R:e9 '
    + 'K:m1,l2,m2,k3,l3,m3,k4,l4,m4,i6 Y:m9 0');
  const g = sh.Game.fromPosition(start);
  for (const m of ['h13-h14', 'e9-e10', 'i6-i5', 'm9-m8']) g.apply(m);
  assert.deepEqual([g.toMove, g.marblesOf], [0, 3]);
  const m = g.parseMove('i5-j4');
  assert.ok(m instanceof sh.Move);
  assert.deepEqual(m, new sh.Move(sh.parseCell('i5'), sh.parseCell('j4')));
  assert.equal(g.check('i5-j4'), undefined);
  assert.equal(g.eliminates('i5-j4'), false);
  assert.equal(g.putsOut('i5-j4'), sh.OutReason.NONE);
  const p = g.position;
  assert.throws(() => p.parseMove('i5-j4'), { name: 'MoveError', status: 'SH_ERR_MOVE', message: "'i5-j4': the marble on i5 is not W's" });
  // W's own marble is not W's to move now.
  assert.throws(() => g.parseMove('h14-h13'), { name: 'MoveError', message: "'h14-h13': the marble on h14 is not K's" });
  assert.equal(g.turns, 4, 'reading text plays nothing');
  g.apply('i5-j4');
  assert.ok(g.isOver);
  // Over: the game's state error, not a move error of the position.
  for (const call of ['parseMove', 'check', 'eliminates', 'putsOut'])
    assert.throws(() => g[call]('k3-k5'), { name: 'StateError', status: 'SH_ERR_STATE', message: 'move: the game is over' }, call);
  for (const h of [start, g, p]) h.dispose();
});

test('Game.fromPosition needs every played seat on the board', () => {
  const p = sh.Position.parse('classic-3 W W:m1 B: Y:e17 0');
  assert.throws(() => sh.Game.fromPosition(p), { name: 'OptionError', message: /^game: seat B has no pieces/ });
  p.dispose();
});

test('putsOut: the deadline move that leaves a movable marble at home, and a marble brought back home', () => {
  // The exit deadline at W's first move: every first move leaves marbles at
  // home that could move (rule 7), and none is SPEC's mark.
  const r = sh.Rules.create('classic-2').setOptions('id=classic-2-deadline-1; deadline=1');
  let g = sh.Game.create(r);
  for (const m of g.legalMoves()) {
    assert.equal(g.putsOut(m), sh.OutReason.DEADLINE);
    assert.equal(g.eliminates(m), false);
  }
  g.dispose();
  // After the deadline, a marble brought back home puts its seat out.
  const p = sh.Position.parse('classic-2-deadline-1 W W:m1,i5,e9,f9,g9,h9,i9,j9,k9,l9 '
    + 'K:l2,m2,k3,m3,e12,e13,f13,g13,h13,i13 0', r);
  g = sh.Game.fromPosition(p);
  assert.equal(g.putsOut('e9-e10'), sh.OutReason.NONE);  // W's deadline move: m1 cannot move
  g.apply('e9-e10').apply('e12-e11');
  assert.equal(g.putsOut('i5-j4'), sh.OutReason.RETURN_HOME);
  assert.equal(g.putsOut([sh.parseCell('i9'), sh.parseCell('i10')]), sh.OutReason.NONE);
  assert.throws(() => g.putsOut('m1-m2'), sh.MoveError);  // m2 is taken
  assert.throws(() => g.putsOut({ from: 0, to: 200 }), sh.CellError);
  g.apply('i5-j4');
  assert.equal(g.seat(0).outReason, sh.OutReason.RETURN_HOME);
  for (const h of [g, p, r]) h.dispose();
});

test('computer players: levels, budgets and what the last choice searched', () => {
  const g = sh.Game.create('classic-2');
  const a = sh.Player.create('expert', 4, { nodes: 3000 });
  const b = sh.Player.create('expert', 4);
  try {
    assert.deepEqual(b.budget, { nodes: 0, timeMs: 0 }, 'a new player has its level\'s default');
    assert.deepEqual(a.budget, { nodes: 3000, timeMs: 0 });
    assert.deepEqual(a.lastStats, { nodes: 0, depth: 0 });
    b.setBudget(3000, 0);
    const m = a.choose(g);
    assert.ok(b.choose(g).equals(m), 'the same node budget and seed choose the same move');
    assert.ok(a.lastStats.nodes > 0 && a.lastStats.nodes <= 3000 + 1024, JSON.stringify(a.lastStats));
    assert.ok(a.lastStats.depth >= 1);
    assert.throws(() => a.setBudget(-1, 0), sh.RangeError);
    assert.throws(() => a.setBudget(0, 3600001), sh.RangeError);
    assert.throws(() => sh.Player.create('expert', 1, 5), TypeError);
    assert.deepEqual(a.budget, { nodes: 3000, timeMs: 0 }, 'a refused budget changes nothing');
    assert.throws(() => sh.Player.create('grandmaster'), sh.OptionError);
    // Expert's search threads: 1 for a new player, 1..16 taken, the rest refused with
    // the count unchanged, a copy keeps it; the wasm module makes no threads, so the
    // search runs on the one it has and still chooses a legal move.
    assert.equal(a.threads, 1);
    assert.equal(a.setThreads(2), a);
    assert.throws(() => a.setThreads(0), sh.RangeError);
    assert.throws(() => a.setThreads(17), sh.RangeError);
    assert.throws(() => a.setThreads(1.5), TypeError);
    assert.equal(a.threads, 2);
    const twin = a.copy();
    try {
      assert.equal(twin.threads, 2);
      const t = twin.choose(g);
      assert.ok(g.legalMoves().some((x) => x.equals(t)), String(t));
      assert.ok(twin.lastStats.nodes > 0 && twin.lastStats.nodes <= 3000, JSON.stringify(twin.lastStats));
    } finally {
      twin.dispose();
    }
  } finally {
    for (const h of [g, a, b]) h.dispose();
  }
});

