// Wrong uses of the package: each line after `// @ts-expect-error` must be a
// type error, so index.d.ts is not `any` where it matters (tsc reports a
// directive with no error under it). types.test.js type-checks this file; it
// is never run.
import * as sh from 'sternhalma';

const p = sh.Position.parse('classic-2');
const g = sh.Game.create();

// @ts-expect-error: position text is a string
sh.Position.parse(42);
// @ts-expect-error: there is no such method
p.legalMovez();
// @ts-expect-error: handles come from their factories; `new` is private
new sh.Game();
// @ts-expect-error: toMove is a getter with no setter
p.toMove = 1;
// @ts-expect-error: a game's seat to move is null once it is over
const seat: number = g.toMove;
// @ts-expect-error: perft counts leaves, a number
const leaves: string = p.perft(1);
// @ts-expect-error: a move is not a bare number
p.play(5);
// @ts-expect-error: no such enum key
sh.EndReason.FINISHED;
// @ts-expect-error: no such export
sh.Board;
// @ts-expect-error: init takes a source or nothing, not null (a wrong object passes tsc, as
// WebAssembly.Module's type is an empty interface, and is init's TypeError at run time)
sh.init(null);
// @ts-expect-error: init's promise carries nothing
const loaded: number = await sh.init();
// @ts-expect-error: Handle, the handles' base class, is not exported
sh.Handle;
// @ts-expect-error: Player.choose takes a Game, not a Position
sh.Player.create().choose(p);
// @ts-expect-error: an error's status is read-only
new sh.MoveError('SH_ERR_MOVE', 'x').status = 'SH_ERR_CELL';

export { seat, leaves };
