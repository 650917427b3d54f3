// The package as the README's JavaScript section and capi/js/README.md use
// it, typed. types.test.js type-checks it (tsc --strict) and runs main().
import * as sh from 'sternhalma';
import { Game, Move, MoveError, Player, Position, SternhalmaError, type MoveLike, type Seat } from 'sternhalma';

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`usage.ts: ${what}`);
}

// Browsers and bundlers load the module first; in Node this resolves at once.
await sh.init();
await sh.init(new Uint8Array(0))
  .then(() => check(false, 'a second source is refused'), (e: unknown) => check(e instanceof sh.StateError, 'StateError'));

export function main(): void {
  // README: perft, a game between computer players, places, dispose.
  const pos = sh.Position.parse('classic-2');
  const leaves: number = pos.perft(2);
  check(leaves > 0, 'perft');
  const moves: Move[] = pos.legalMoves();
  const first: Move = moves[0];
  const text: string = pos.formatMove(first);
  check(pos.parseMove(text).equals(first), 'formatMove then parseMove');
  const asMoves: MoveLike[] = [first, { from: first.from, to: first.to }, [first.from, first.to], text];
  for (const m of asMoves) check(pos.isLegal(m), `isLegal(${String(m)})`);
  const toMove: Seat = pos.toMove;
  const hash: bigint = pos.hash;
  check(typeof hash === 'bigint' && toMove === 0, 'toMove, hash');

  const game: Game = sh.Game.create('table-3');
  const player: Player = sh.Player.create('easy', 7);
  let turns = 0;
  while (!game.isOver && turns++ < 6) game.apply(player.choose(game));
  // g.position: one read-only view until the game's next action; copy() to keep one.
  const view: Position = game.position;
  check(game.position === view && view.toMove === game.toMove, 'g.position is one view');
  using copied = game.position.copy();
  check(copied.text === view.text, 'a copy of the view');
  const seat: Seat | null = game.toMove;
  const places: number[] = game.places;
  check(places.length === 6 && (seat === null || seat >= 0), 'places, toMove');
  const record: string = game.record();
  check(record.length > 0, 'record');
  for (const [i, e] of game.events.entries()) {
    if (e.kind === sh.EventKind.MOVE && e.move !== null) check(e.move instanceof Move, 'an event move');
    const line: string = game.eventText(i);
    check(line.length > 0, 'eventText');
  }
  for (const handle of [pos, game, player]) handle.dispose();
  check(pos.disposed, 'disposed');

  // `using` frees a handle at the end of its block.
  let kept: Position;
  {
    using p = Position.parse('classic-3');
    kept = p;
    check(!p.disposed, 'using: alive in its block');
  }
  check(kept.disposed, 'using: disposed after its block');

  // Errors: SternhalmaError subclasses with the C status name.
  using g = Game.create();
  try {
    g.apply('a1-a2');
    check(false, 'an illegal move was applied');
  } catch (e) {
    check(e instanceof MoveError && e instanceof SternhalmaError, 'MoveError');
    if (e instanceof SternhalmaError) {
      const status: string = e.status;
      check(status === 'SH_ERR_MOVE' && e.message.length > 0, 'status and message');
    }
  }
  try {
    sh.parseCell('z99');
  } catch (e) {
    check(e instanceof sh.CellError && !(e instanceof globalThis.RangeError), 'CellError');
  }
  const r = sh.Rules.create('classic-2').setOption('deadline', 40).setOption('teams', false);
  check(r.getOption('deadline') === '40' && r.describe().teams === 'no', 'setOption');
  r.dispose();
  check(sh.SeatStatus.PLAYING === g.status(0) && sh.cellName(sh.parseCell('i9')) === 'i9', 'enums, cells');

  // Reinforcement learning: N games stepped in one call.
  using env = sh.VecEnv.create('table-2', { dtype: 'uint8' }, 2);
  env.reset(7);
  const actions: Int32Array = env.sampleLegal();
  env.step(actions);
  const mask: Uint8Array = env.mask;
  check(mask.length === 2 * sh.NUM_ACTIONS && env.obs instanceof Uint8Array, 'VecEnv buffers');
  const legal: number[] = env.legalActions(0);
  check(legal.every((a) => mask[a] === 1), 'VecEnv mask');
}
