// sternhalma — the Chinese checkers rules engine (SPEC) in WebAssembly.
//
//   import * as sh from 'sternhalma';
//   await sh.init();                  // a no-op in Node, where importing loads the module
//   const p = sh.Position.parse('classic-2');
//   for (const m of p.legalMoves()) console.log(p.formatMove(m));
//   p.dispose();
//
// The module is the C ABI (capi/sternhalma.h) compiled to sternhalma.wasm;
// every rule is decided there. This package only converts types, checks
// arguments before they reach C (a wasm call would truncate a number
// silently) and maps statuses to Error subclasses carrying the library's
// message. Handles (Rules, Position, Game, Player, VecEnv) own wasm memory: free it
// with dispose() (or `using`); a FinalizationRegistry frees what is dropped
// undisposed, at a time of the garbage collector's choosing.
//
// Cells are the SPEC's indices 0..120 (parseCell('i9') === 60), seats the
// points 0..5 (letters WRBKYG), "no seat" is null, a move is a Move {from, to}
// printed with cell names ('k3-k5'); wherever a move is taken, a Move, any
// {from, to} object, a [from, to] pair or a move text ('k3-k5') is accepted.
//
// Two entries (package.json's export conditions): this file, for Node,
// loads sternhalma.wasm from beside it when it is imported; browser.js, for
// browsers and bundlers, imports nothing from Node and loads it when init()
// is called. Both export the names of src/api.js and an init().
//
// The package's modules, in src/ (one concept each; each imports only those
// above it, so there is no cycle):
//   errors.js     the Error classes and the status tables
//   wasm.js       instantiating the module; its exports and memory views
//   checks.js     argument checks, before anything reaches C
//   call.js       one call's scratch memory, results read back, check()
//   constants.js  the header's constants and enums
//   cells.js      the free functions: version, geometry, seats, presets
//   moves.js      Move
//   handle.js     what the handles share: the private pointer, dispose()
//   rules.js, position.js, game.js, player.js   the handles
//   env.js        RL: an env's options and spec, actions <-> moves, symmetries
//   vec_env.js    RL: VecEnv, N games stepped in one call, and its buffers
//   stats.js      match statistics: Elo from counts, the SPRT, MatchStats
//   api.js        the public names
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { load } from './src/wasm.js';

export * from './src/api.js';

const file = fileURLToPath(new URL('./sternhalma.wasm', import.meta.url));

/** Loads the module; Node's entry has already done it when it was imported, so
 * this resolves at once (a source of another module then is a StateError). */
export function init(source = undefined) {
  return load(source, () => [bytes(), file]);
}

async function bytes() {
  try {
    return await readFile(file);
  } catch (e) {
    throw new Error(e.code === 'ENOENT'
      ? `sternhalma: ${file} is missing; in a clone of the repository, scripts/dev.sh wasm builds it`
      : `sternhalma: cannot read ${file}: ${e.message}`, { cause: e });
  }
}
await init();
