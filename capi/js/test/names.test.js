// The table of names (docs/guides/names.md): every row of its JavaScript
// column called, in table order, with an assertion on what it gives (as
// capi/rust/tests/names.rs does for Rust); every name of that column exists
// in this package (read from the page, so a row added there is checked here); and every C function of
// its C column is exported by the wasm module (the export list is read from
// sternhalma.h, so the header must declare it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as sh from '../index.js';
import { functions } from '../abi.js';

const page = readFileSync(new URL('../../../docs/guides/names.md', import.meta.url), 'utf8');
const section = page.slice(page.indexOf('# The table of names'));
const rows = section.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| concept')).map((l) => l.split('|').map((c) => c.trim()));
const code = (cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
const objects = { r: [sh.Rules], p: [sh.Position], g: [sh.Game], pl: [sh.Player], ms: [sh.MatchStats], v: [sh.VecEnv], x: [sh.Rules, sh.Position, sh.Game, sh.Player, sh.VecEnv] };

test('the table has a JavaScript column with rows', () => {
  assert.ok(rows.length > 50, `${rows.length} rows`);
  assert.ok(section.split('\n').find((l) => l.startsWith('| concept')).includes('JavaScript'));
});

// A handle disposed when the test ends (Node 18 and 20 have no `using`).
const own = (t, h) => { t.after(() => h.dispose()); return h; };

test('names: cells and geometry', () => {
  assert.match(sh.version(), /^\d+\.\d+\.\d+$/);
  assert.throws(() => sh.parseCell('z99'), (e) => e instanceof sh.SternhalmaError && e instanceof sh.CellError && e.status === 'SH_ERR_CELL');
  const k3 = sh.parseCell('k3');
  assert.equal(sh.cellName(k3), 'k3');
  assert.deepEqual(sh.axial(60), [0, 0]);
  assert.equal(sh.cellAt(0, 0), 60);
  assert.equal(sh.neighbours(60).length, 6);
  assert.ok(!sh.neighbours(60).includes(null));
  assert.equal(sh.pointOf(120), 3);
  assert.equal(sh.pointOf(60), null);
  assert.deepEqual(sh.xy(60), [0, 0]);
  assert.equal(sh.rotate(0, 3), 120);
  assert.equal(sh.reflect(sh.reflect(k3)), k3);
  assert.equal(sh.cellDistance(0, 120), 16);
  assert.equal(sh.campCells(0, 15).length, 15);
  assert.equal(sh.tipCell(3), 120);
  assert.equal(sh.foreignCells(0).length, 40);
  assert.equal(sh.seatLetter(3), 'K');
  assert.equal(sh.seatFromLetter('K'), 3);
});

test('names: rules', (t) => {
  assert.equal(sh.presets()[0], 'classic-2');
  const r = own(t, sh.Rules.create('table-3'));
  assert.equal(r.id, 'table-3');
  assert.deepEqual(r.seats, [0, 2, 4]);
  assert.equal(r.seatName(0), 'white');
  r.setOption('zones', 'free');
  assert.equal(r.getOption('zones'), 'free');
  r.setOptions('id=table-3-closed;zones=closed;goal-lock=no');
  assert.equal(r.getOption('goal-lock'), 'no');
  assert.equal(r.deriveId().id, 'table-3-closed');
  r.validate();
  assert.equal(r.describe()['goal-lock'], 'no');
  const c = own(t, r.copy());
  assert.equal(c.id, 'table-3-closed');
});

test('names: positions', (t) => {
  const r = own(t, sh.Rules.create('classic-2'));
  const p = own(t, sh.Position.start(r));
  assert.equal(own(t, sh.Position.parse(p.text)).text, p.text);
  assert.equal(own(t, sh.Position.parse(p.text, r)).text, p.text);
  assert.match(p.render(), /W to move/);
  assert.deepEqual([p.toMove, p.round], [0, 0]);
  assert.equal(typeof p.hash, 'bigint');
  assert.notEqual(p.hash, 0n);
  assert.equal(p.owner(0), 0);
  assert.equal(p.owner(60), null);
  assert.equal(p.isKing(0), false);
  assert.equal(p.pieces(3).length, 10);
  assert.equal(own(t, sh.Position.unpack(r, p.pack())).text, p.text);
  const moves = p.legalMoves();
  assert.equal(moves.length, 14);
  assert.equal(sh.MAX_MOVES, 15 * 106);
  assert.equal(p.countMoves(), 14);
  assert.equal(p.destinations('k3').length, 2);
  assert.equal(p.isLegal('k3-k5'), true);
  assert.equal(p.closedCells(0).length, 40);
  const k3i5 = [sh.parseCell('k3'), sh.parseCell('i5')];
  assert.deepEqual(p.canonicalPath('k3-i5'), k3i5);
  assert.deepEqual(p.allPaths('k3-i5', 5), { paths: [k3i5], truncated: false });
  const m = p.parseMove('k3-i5');
  assert.equal(p.formatMove(m), 'k3-i5');
  assert.equal(p.perft(2), 196);
  const divided = p.divide(2);
  assert.equal(divided.length, 14);
  assert.equal(divided.reduce((n, d) => n + d.nodes, 0), 196);
  assert.ok(p.goalDistance(0) > 0);
  assert.ok(p.tipDistance(0) > 0);
  assert.equal(p.marblesInGoal(0), 0);
  const runs = p.playouts(2, 10, 1);
  assert.equal(runs.length, 2);
  assert.ok(runs.every((x) => x.plies >= 1 && x.plies <= 10));
  const q = own(t, p.copy());
  assert.equal(q.play(m), q);
  assert.equal(q.toMove, 3);
  assert.equal(p.toMove, 0);
});

test('names: games and players', (t) => {
  const r = own(t, sh.Rules.create('classic-2'));
  const g = own(t, sh.Game.create('classic-2'));
  assert.equal(own(t, sh.Game.create(r, 3)).toMove, 3);
  assert.equal(own(t, sh.Game.fromPosition(own(t, sh.Position.start(r)))).toMove, 0);
  g.apply('k3-k5');
  assert.equal(own(t, sh.Game.fromRecord(g.record(10))).turns, 1);
  assert.equal(own(t, g.position).toMove, 3);
  assert.equal(own(t, g.rules).id, 'classic-2');
  assert.deepEqual([g.toMove, g.marblesOf], [3, 3]);
  assert.deepEqual([g.isOver, g.endReason, g.isDraw], [false, sh.EndReason.NONE, false]);
  assert.deepEqual([g.turns, g.round, g.actions], [1, 0, 1]);
  assert.equal(g.seat(0).movesMade, 1);
  assert.equal(g.status(0), sh.SeatStatus.PLAYING);
  assert.equal(g.status(1), sh.SeatStatus.NOT_PLAYED);
  assert.equal(g.place(0), 0);
  assert.deepEqual(g.places, [0, 0, 0, 0, 0, 0]);
  assert.equal(g.legalMoves().length, 14);
  g.check('e14-e13');
  assert.throws(() => g.check('k5-k6'), sh.MoveError);  // W's marble: K is to move
  assert.ok(g.parseMove('e14-e13').equals(new sh.Move(sh.parseCell('e14'), sh.parseCell('e13'))));
  assert.equal(g.eliminates('e14-e13'), false);
  assert.equal(g.putsOut('e14-e13'), sh.OutReason.NONE);
  g.apply('e14-e13', 0);
  assert.equal(g.turns, 2);
  assert.equal(g.undo(1), 1);
  assert.equal(g.turns, 1);
  assert.equal(g.events[0].kind, sh.EventKind.MOVE);
  assert.deepEqual(g.eventsFrom(0), g.events);
  assert.deepEqual(g.eventsFrom(1), []);
  assert.equal(g.eventText(0), 'move W k3-k5');
  assert.equal(g.playouts(2, 5, 1).length, 2);
  assert.deepEqual(sh.ratingChanges([1, 2], [1500, 1500], 32, 0), [16, -16]);
  const h = own(t, sh.Game.create('classic-2'));
  h.setClock(60_000, 1_000);
  h.resign(3);
  assert.deepEqual([h.isOver, h.endReason], [true, sh.EndReason.RESIGN]);
  assert.deepEqual(h.ratingChanges([1500, 1500], 32, 0), [16, -16]);
  // One shape: g.places (by seat, 0: not played) go straight in with ratings by seat.
  assert.deepEqual(h.places, [1, 0, 0, 2, 0, 0]);
  assert.deepEqual(sh.ratingChanges(h.places, [1500, 0, 0, 1500, 0, 0]), [16, 0, 0, -16, 0, 0]);
  assert.deepEqual(h.ratingChanges([1500, 0, 0, 1500, 0, 0]), [16, 0, 0, -16, 0, 0]);
  const f = own(t, sh.Game.create('online-2'));
  f.setClock(1000, 0);
  f.flag();
  assert.equal(f.events[0].kind, sh.EventKind.FLAG);
  const pl = own(t, sh.Player.create('hard', 3));
  const copy = own(t, pl.copy());
  assert.ok(pl.choose(g).equals(copy.choose(g)));
  const ex = own(t, sh.Player.create('expert', 3, { nodes: 500, timeMs: 0 }));
  assert.deepEqual(ex.budget, { nodes: 500, timeMs: 0 });
  ex.setBudget(800, 0);
  assert.deepEqual(ex.budget, { nodes: 800, timeMs: 0 });
  ex.choose(g);
  const st = ex.lastStats;
  assert.ok(st.nodes > 0 && st.nodes <= 800 && st.depth >= 1, JSON.stringify(st));
  ex.setThreads(2);
  assert.equal(ex.threads, 2);
  assert.ok(g.legalMoves().some((m) => m.equals(ex.choose(g))));
  for (const x of [r, own(t, sh.Position.start(r)), g, pl]) {
    const c = own(t, x.copy());
    assert.equal(c.constructor, x.constructor);
    assert.notEqual(c, x);
  }
});

test('names: match statistics', (t) => {
  const ms = own(t, sh.MatchStats.create(2));
  ms.add(1, [1, 2], null);
  ms.add(0, [1, 1]);
  assert.deepEqual([ms.players, ms.games, ms.twoUnits], [2, 2, true]);
  assert.deepEqual(ms.player(0), { games: 2, wins: 1, draws: 1, losses: 0, place: { value: 1, low: 1, high: 1 } });
  assert.deepEqual(ms.pairwise(0, 1), { games: 2, score: 1.5 });
  assert.deepEqual(ms.wdl(), { wins: 1, draws: 1, losses: 0 });
  assert.equal(ms.score().value, 0.75);
  assert.deepEqual(ms.elo(), sh.eloFromWdl(1, 1, 0));
  assert.deepEqual(ms.pentanomial(), [0, 0, 0, 1, 0]);
  assert.equal(ms.sprt({ elo0: 0, elo1: 10 }).decision, sh.SprtDecision.CONTINUE);
  assert.deepEqual(sh.eloFromPentanomial([0, 0, 1, 0, 0]), { value: 0, low: 0, high: 0 });
  assert.equal(sh.checkSprt({ elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 }), undefined);
  assert.deepEqual(sh.sprt({ elo0: 0, elo1: 10 }, [0, 0, 0, 1, 0]), ms.sprt({ elo0: 0, elo1: 10 }));
  assert.equal(sh.SprtDecision.ACCEPT_H1, 'accept-h1');
});

test('names: enums and their words', () => {
  assert.equal(sh.SeatStatus.PLAYING, 'playing');
  assert.equal(sh.EndReason.ALL_PLACED, 'all-placed');
  assert.equal(sh.OutReason.DEADLINE, 'deadline');
  assert.equal(sh.EventKind.ARRIVAL, 'arrive');
});

test('names: reinforcement learning', (t) => {
  const r = own(t, sh.Rules.create('classic-2'));
  assert.deepEqual(sh.envDefaults, {
    layout: 'cells', dtype: 'float32', reward: 'rank', maxTurns: 0, autoReset: true, opponents: [], record: true, actionFrame: 'board',
  });
  const v = own(t, sh.VecEnv.create(r, sh.envDefaults, 2));
  assert.equal(own(t, sh.VecEnv.create('classic-2', { record: false }, 1)).numEnvs, 1);
  const A = sh.NUM_ACTIONS, values = v.spec.obsValues;
  v.reset(1);
  assert.deepEqual([...v.toPlay], [0, 0]);
  const mask = v.mask;
  assert.equal(mask.subarray(0, A).reduce((n, x) => n + x, 0), 14);
  assert.deepEqual([...v.allLegalActions().counts], [14, 14]);
  const seen = own(t, sh.VecEnv.create('classic-2', { actionFrame: 'observer' }, 1));
  seen.reset(1);
  assert.equal(seen.allLegalActions().counts[0], 14);
  const actions = v.sampleLegal();
  assert.equal(mask[actions[0]], 1);
  assert.equal(mask[A + actions[1]], 1);
  v.step(actions);
  assert.deepEqual([...v.toPlay], [1, 1]);  // player 1 (seat K) moves next
  assert.deepEqual([...v.rewards], [0, 0, 0, 0]);
  assert.deepEqual([...v.terminated, ...v.truncated], [0, 0, 0, 0]);
  assert.deepEqual(v.obsInto(new Float32Array(2 * values)), v.obs);
  assert.deepEqual(v.maskInto(new Uint8Array(2 * A)), v.mask);
  const m = new sh.Move(sh.parseCell('k3'), sh.parseCell('k5'));
  assert.equal(sh.actionOf(m), m.from * 121 + m.to);
  assert.ok(sh.moveOf(sh.actionOf(m)).equals(m));
  const p = own(t, v.position(0));
  const legal = v.legalActions(0);
  assert.deepEqual(legal, p.legalMoves().map(sh.actionOf).sort((a, b) => a - b));
  assert.deepEqual(own(t, v.copy()).legalActions(0), legal);  // the copies row: x.copy()
  // The step wrote game 0's observation from its player to act.
  assert.deepEqual(v.observe(0, 1), v.obs.subarray(0, values));
  assert.deepEqual([...v.returns(0)], [0, 0]);
  const a = v.engineAction(0, 'easy', 1);
  assert.ok(legal.includes(a), `${a}`);
  const means = v.playouts(0, 2, 1, 10, 1);
  assert.equal(means.length, 2);
  assert.ok(Math.abs(means[0] + means[1]) < 1e-6, `${means}`);  // two players: zero-sum
  // classic-2: rotations 0 and 3, each with and without the reflection.
  const s = sh.tableSymmetries(r);
  assert.equal(s.length, 4);
  assert.deepEqual(s[0], { rotation: 0, reflect: false });
  assert.equal(sh.applySymmetryAction(s[0], a), a);
  assert.equal(sh.applySymmetryAction({ rotation: 3, reflect: false }, sh.actionOf(m)),
    sh.actionOf(new sh.Move(sh.rotate(m.from, 3), sh.rotate(m.to, 3))));
});

test('every JavaScript name of the table exists', () => {
  let names = 0;
  for (const row of rows) {
    for (const snippet of code(row[6] ?? '')) {
      const m = snippet.match(/^(?:([A-Za-z]+)\.)?([A-Za-z_][A-Za-z0-9_]*)/);
      if (!m || snippet.startsWith('.')) continue;
      const [, owner, name] = m;
      if (owner && objects[owner]) {
        for (const cls of objects[owner])
          assert.ok(name in cls.prototype, `${row[1]}: ${cls.name}.prototype.${name} (${snippet})`);
      } else if (owner) {
        assert.ok(owner in sh, `${row[1]}: ${owner} (${snippet})`);
        assert.ok(sh[owner][name] !== undefined, `${row[1]}: ${owner}.${name} (${snippet})`);
      } else {
        assert.ok(name in sh, `${row[1]}: ${name} (${snippet})`);
      }
      ++names;
    }
  }
  assert.ok(names > 90, `${names} names checked`);
});

test('every C function of the table is in the header and the wasm exports', async () => {
  const bytes = readFileSync(new URL('../sternhalma.wasm', import.meta.url));
  const exported = new Set(WebAssembly.Module.exports(new WebAssembly.Module(bytes)).map((e) => e.name));
  const header = readFileSync(new URL('../../sternhalma.h', import.meta.url), 'utf8');
  const types = new Set([...header.matchAll(/\}\s*(sh_[a-z0-9_]+)\s*;|typedef\s+struct\s+(sh_[a-z0-9_]+)/g)].map((m) => m[1] ?? m[2]));
  let n = 0;
  for (const row of rows) {
    for (const snippet of code(row[3] ?? '')) {
      const f = snippet.match(/^(sh_[a-z0-9_]+)/)?.[1];
      if (!f || types.has(f)) continue;
      assert.ok(functions.includes(f), `${row[1]}: ${f} is not declared in sternhalma.h`);
      assert.ok(exported.has(f), `${row[1]}: ${f} is not exported by sternhalma.wasm`);
      ++n;
    }
  }
  assert.ok(n > 60, `${n} C functions checked`);
  // And every function the header declares is exported.
  for (const f of functions) assert.ok(exported.has(f), `${f} is declared but not exported`);
});
