// player.js — Player: a computer player (SPEC §9), seeded and deterministic,
// with its search budget. Apart from Game because it only reads one, to
// choose the move of the seat to move.
import { defines as D } from '../abi.js';
import { OptionError } from './errors.js';
import { X, need, view, refresh } from './wasm.js';
import { int, int64, seed64, str } from './checks.js';
import { call, check, ints } from './call.js';
import { Move } from './moves.js';
import { Handle, MADE_HERE, ptrOf, newHandle, handleOf } from './handle.js';
import { Game } from './game.js';

/** A computer player (SPEC §9), seeded and deterministic. */
export class Player extends Handle {
  constructor(token, ptr) { super(token, ptr, X.sh_player_free, 'Player.create(level, seed) or pl.copy()'); }
  /** level: 'easy', 'normal', 'hard', 'expert' (any level the library knows);
   * budget (hard, expert): {nodes, timeMs} per move, 0 = no limit of that kind. */
  static create(level = 'normal', seed = 0, budget = undefined) {
    str(level, 'level', OptionError);
    const s = seed64(seed);
    const pl = new Player(MADE_HERE, newHandle((f, out) => X.sh_player_new(f.str(level), s, out)));
    if (budget !== undefined) {
      try {
        if (budget === null || typeof budget !== 'object') throw new TypeError('budget must be {nodes, timeMs}');
        pl.setBudget(budget.nodes ?? 0, budget.timeMs ?? 0);
      } catch (e) {
        pl.dispose();
        throw e;
      }
    }
    return pl;
  }
  /** The budget per move (hard, expert): nodes (deterministic) and/or wall-clock
   * milliseconds (not deterministic); 0 = no limit of that kind, both 0 = the
   * level's default. */
  setBudget(nodes = 0, timeMs = 0) {
    const n = int64(nodes, 'nodes', 0, D.SH_MAX_BUDGET_NODES), t = int64(timeMs, 'timeMs', 0, D.SH_MAX_BUDGET_MS);
    check(need('sh_player_set_budget')(ptrOf(this, Player), n, t));
    return this;
  }
  /** {nodes, timeMs} as set ({0, 0}: the level's default). */
  get budget() {
    return call((f) => {
      const n = f.alloc(8), t = f.alloc(8);
      check(need('sh_player_budget')(ptrOf(this, Player), n, t));
      refresh();
      return { nodes: Number(view.getBigInt64(n, true)), timeMs: Number(view.getBigInt64(t, true)) };
    });
  }
  /** Expert's search threads, 1..SH_MAX_SEARCH_THREADS (other levels ignore
   * it); with 1, a new player's count, a node budget gives the same move. */
  setThreads(n) {
    check(need('sh_player_set_threads')(ptrOf(this, Player), int(n, 'threads', 1, D.SH_MAX_SEARCH_THREADS)));
    return this;
  }
  /** Expert's search threads as set (1 for a new player). */
  get threads() {
    return call((f) => {
      const t = f.alloc(4);
      check(need('sh_player_threads')(ptrOf(this, Player), t));
      refresh();
      return view.getInt32(t, true);
    });
  }
  /** What the last choice searched: {nodes, depth}. */
  get lastStats() {
    return call((f) => {
      const n = f.alloc(8), d = f.alloc(4);
      check(need('sh_player_last_stats')(ptrOf(this, Player), n, d));
      refresh();
      return { nodes: Number(view.getBigInt64(n, true)), depth: view.getInt32(d, true) };
    });
  }
  copy() { return new Player(MADE_HERE, newHandle((f, out) => need('sh_player_clone')(ptrOf(this, Player), out))); }
  /** The player's move for the seat to move of the game. */
  choose(game) {
    const g = handleOf(game, Game, 'Player.choose: game');
    return call((f) => {
      const out = f.alloc(8);
      check(X.sh_player_choose(ptrOf(this, Player), g, out));
      const a = ints(out, 2);
      return new Move(a[0], a[1]);
    });
  }
}
