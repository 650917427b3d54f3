// The legal moves of seeded mid-game positions of every preset equal the
// native CLI's `moves`, as canonical paths in (from, to) order; destinations,
// canonical paths and move text agree with each other on every move.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sh from '../index.js';
import { cli } from './cli.js';

// A position of `preset` after `plies` moves of a seeded easy player.
function seeded(preset, seed, plies) {
  const g = sh.Game.create(preset);
  const pl = sh.Player.create('easy', seed);
  try {
    for (let i = 0; i < plies && !g.isOver; ++i) g.apply(pl.choose(g));
    return g.position.text;
  } finally {
    pl.dispose();
    g.dispose();
  }
}

for (const id of sh.presets()) {
  test(`moves of seeded ${id} positions equal the CLI's`, () => {
    for (const [seed, plies] of [[1, 7], [2, 23], [3, 41]]) {
      const text = seeded(id, seed, plies);
      const p = sh.Position.parse(text);
      try {
        const moves = p.legalMoves();
        assert.deepEqual(moves.map((m) => p.formatMove(m)), cli('moves', text).filter(Boolean), text);
        assert.equal(p.countMoves(), moves.length);
        // Every marble's destinations are exactly the moves from its cell.
        const seat = p.toMove;
        for (const from of p.pieces(seat)) {
          const own = p.owner(from) === seat;
          if (!own) continue;
          assert.deepEqual(p.destinations(from), moves.filter((m) => m.from === from).map((m) => m.to));
        }
        for (const m of moves) {
          const path = p.canonicalPath(m);
          assert.equal(path[0], m.from);
          assert.equal(path.at(-1), m.to);
          assert.equal(path.map(sh.cellName).join('-'), p.formatMove(m));
          assert.ok(p.parseMove(p.formatMove(m)).equals(m));
          const all = p.allPaths(m, 1000);
          assert.deepEqual(all.paths.find((x) => x.join() === path.join()), path);
        }
      } finally {
        p.dispose();
      }
    }
  });
}
