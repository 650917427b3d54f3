// Games the native CLI played and recorded, replayed in JS, give the CLI's
// events and places; a JS-played game's record replays to the same game.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as sh from '../index.js';
import { cli } from './cli.js';

const dir = mkdtempSync(join(tmpdir(), 'sternhalma-js-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const games = [['classic-2', 1], ['classic-3', 3], ['classic-6', 5], ['pairs-2x2', 2],
  ['table-3', 4], ['japanese-2', 6], ['fifteen-2', 7], ['long-jumps-6', 8]];

for (const [preset, seed] of games) {
  test(`${preset} seed ${seed}: the CLI's record replayed in JS gives its events and places`, () => {
    const file = join(dir, `${preset}-${seed}.txt`);
    cli('play', '--preset', preset, '--seed', String(seed), '--record', file, '--quiet');
    const record = readFileSync(file, 'utf8');
    const lines = cli('replay', file);
    const places = lines.filter((l) => l.startsWith('place '));
    const eventLines = lines.filter((l) => !l.startsWith('place '));
    assert.ok(places.length >= 2, `${preset}: the CLI placed ${places.length} seats`);

    const g = sh.Game.fromRecord(record);
    try {
      assert.ok(g.isOver);
      assert.deepEqual(g.events.map((_, i) => g.eventText(i)), eventLines);
      const js = [];
      g.places.forEach((place, point) => { if (place) js.push([place, sh.seatLetter(point)]); });
      js.sort((a, b) => a[0] - b[0] || 'WRBKYG'.indexOf(a[1]) - 'WRBKYG'.indexOf(b[1]));
      assert.deepEqual(js.map(([n, s]) => `place ${n} ${s}`), places);

      // Move by move through the JS API: the same places, the same record.
      const [header, ...rest] = record.trim().split('\n');
      const [id, first] = header.split(/\s+/);
      const h = sh.Game.create(id, sh.seatFromLetter(first));
      try {
        for (const move of rest.join(' ').split(/\s+/).filter(Boolean)) h.apply(move);
        assert.deepEqual(h.places, g.places);
        assert.equal(h.record(10), g.record(10));
      } finally {
        h.dispose();
      }
    } finally {
      g.dispose();
    }
  });
}

test('a game played in JS replays from its own record', () => {
  const g = sh.Game.create('classic-3');
  const players = [sh.Player.create('normal', 11), sh.Player.create('hard', 12)];
  try {
    for (let i = 0; !g.isOver; ++i) g.apply(players[i % 2].choose(g));
    const again = sh.Game.fromRecord(g.record(0));
    try {
      assert.deepEqual(again.places, g.places);
      assert.equal(again.turns, g.turns);
      assert.equal(again.endReason, g.endReason);
    } finally {
      again.dispose();
    }
  } finally {
    players.forEach((p) => p.dispose());
    g.dispose();
  }
});

test("a custom table's record names it and replays with nothing else", () => {
  const r = sh.Rules.create('classic-2');
  r.setOptions('id=free-2;zones=free;goal-lock=no');
  const g = sh.Game.create(r);
  try {
    for (const m of ['k3-k5', 'e14-e13', 'm3-k3']) g.apply(m);
    const rec = g.record(10);
    assert.equal(rec.split('\n')[0], '[rules classic-2;id=free-2;zones=free;goal-lock=no]');
    const back = sh.Game.fromRecord(rec);
    const br = back.rules, bp = back.position, gp = g.position;
    try {
      assert.deepEqual(br.describe(), r.describe());
      assert.equal(bp.text, gp.text);
      assert.equal(back.record(10), rec);
    } finally {
      [back, br, bp, gp].forEach((h) => h.dispose());
    }
  } finally {
    g.dispose();
    r.dispose();
  }
});

test('deriveId: options changed without an id get "<preset>+<8 hex digits>"', () => {
  const r = sh.Rules.create('classic-2'), same = sh.Rules.create('classic-2');
  try {
    r.setOptions('zones=free;deadline=none');
    assert.throws(() => r.validate(), sh.OptionError);
    assert.equal(r.deriveId(), r);
    assert.match(r.id, /^classic-2\+[0-9a-f]{8}$/);
    r.validate();
    same.setOptions('deadline=none;zones=free');
    assert.equal(same.deriveId().id, r.id);
  } finally {
    r.dispose();
    same.dispose();
  }
});
