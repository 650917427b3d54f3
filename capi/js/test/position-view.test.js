// g.position is one read-only view per state of the game: the same Position
// for every read until the game's next successful action, which frees it;
// the view refuses play(), its dispose() does nothing, and a copy outlives it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sh from '../index.js';

const stale = (e) => e instanceof sh.StateError && /was g\.position before its game's next action/.test(e.message);
const own = (t, h) => { t.after(() => h.dispose()); return h; };

test('every read until the next action is the same view; the action frees it', (t) => {
  const g = own(t, sh.Game.create('classic-2'));
  const v = g.position;
  assert.equal(g.position, v);
  for (let i = 0; i < 1000; ++i) assert.equal(g.position, v);
  const before = v.text;
  const m = g.legalMoves()[0];
  g.apply(m);
  assert.equal(v.disposed, true);
  assert.throws(() => v.text, stale);
  assert.throws(() => v.destinations(m.to), stale);
  const w = g.position;
  assert.notEqual(w, v);
  assert.notEqual(w.text, before);
  assert.equal(w.owner(m.to), 0);
  assert.equal(w.toMove, g.toMove);
});

test('each kind of action renews the view: apply (move or text), resign, undo, flag', (t) => {
  const g = own(t, sh.Game.create('table-3'));
  g.setClock(60000);
  const renewedBy = (what, act) => {
    const v = g.position;
    act();
    assert.equal(v.disposed, true, what);
    assert.notEqual(g.position, v, what);
  };
  renewedBy('apply(Move)', () => g.apply(g.legalMoves()[0]));
  renewedBy('apply(text)', () => g.apply(g.position.formatMove(g.legalMoves()[0])));
  renewedBy('undo', () => assert.equal(g.undo(1), 1));
  renewedBy('flag', () => g.flag());
  renewedBy('resign', () => g.resign(g.toMove));
});

test('a call that fails or changes nothing keeps the view', (t) => {
  const g = own(t, sh.Game.create('classic-2'));
  const v = g.position;
  assert.throws(() => g.apply({ from: 0, to: 1 }), sh.MoveError);
  assert.throws(() => g.apply('z9-z8'), sh.MoveError);
  assert.throws(() => g.resign(1), sh.SternhalmaError);
  assert.throws(() => g.undo(1), (e) => e instanceof sh.StateError && /nothing to take back/.test(e.message));
  assert.throws(() => g.undo(0), sh.RangeError);
  g.setClock(1000, 10);
  assert.equal(g.position, v);
  assert.equal(v.disposed, false);
  assert.equal(v.text, sh.Position.parse('classic-2').text);
});

test('the view is read-only: play() is a StateError and changes nothing; dispose() does nothing', (t) => {
  const g = own(t, sh.Game.create('classic-2'));
  const v = g.position, text = v.text;
  const m = v.legalMoves()[0];
  assert.throws(() => v.play(m), (e) => e instanceof sh.StateError && /read-only view/.test(e.message) && /copy\(\)/.test(e.message));
  assert.equal(v.text, text);
  assert.equal(g.actions, 0);
  v.dispose();
  v[Symbol.dispose ?? Symbol.for('Symbol.dispose')]();
  assert.equal(v.disposed, false);
  assert.equal(g.position, v);
  assert.equal(v.text, text);
});

test('a copy of the view is the caller\'s: it plays, and outlives actions and the game', () => {
  const g = sh.Game.create('classic-2');
  const c = g.position.copy();
  const m = c.legalMoves()[0];
  c.play(m);
  g.apply(m);
  assert.equal(c.text, g.position.text);
  const v = g.position;
  g.dispose();
  assert.equal(v.disposed, true);
  assert.throws(() => v.text, stale);
  assert.equal(c.disposed, false);
  assert.equal(c.owner(m.to), 0);
  c.dispose();
  assert.equal(c.disposed, true);
});

test('a game\'s copy has its own view', (t) => {
  const g = own(t, sh.Game.create('classic-2'));
  const h = own(t, g.copy());
  const v = g.position;
  assert.notEqual(h.position, v);
  h.apply(h.legalMoves()[0]);
  assert.equal(v.disposed, false);
  assert.equal(g.position, v);
});

test('position on something that is not a Game is a TypeError, on a disposed game a StateError', () => {
  const get = Object.getOwnPropertyDescriptor(sh.Game.prototype, 'position').get;
  assert.throws(() => get.call({}), TypeError);
  const p = sh.Position.parse('classic-2');
  assert.throws(() => get.call(p), (e) => e instanceof TypeError && /must be a Game, not a Position/.test(e.message));
  p.dispose();
  const g = sh.Game.create('classic-2');
  g.dispose();
  assert.throws(() => g.position, (e) => e instanceof sh.StateError && /was disposed/.test(e.message));
  assert.throws(() => sh.Game.prototype.dispose.call({}), TypeError);
});
