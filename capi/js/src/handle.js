// handle.js — what Rules, Position, Game, Player and VecEnv share: a private
// pointer into wasm memory, dispose() and the FinalizationRegistry that frees
// what is dropped, and the checks that let only live handles made here, each
// of the class its C call takes, reach C; and lent handles, which their owner
// frees (a game's position view). Apart because it is the package's one guard
// against wild pointers.
import { StateError } from './errors.js';
import { call, check, u32 } from './call.js';

const registry = new FinalizationRegistry(({ ptr, free }) => free(ptr));

// Handles are made inside this package only: a constructor takes this token
// first, so a number from outside (a wild pointer, or another handle's
// address: a use after free, a double free) never reaches C. The pointer is
// a private field, read through ptrOf.
export const MADE_HERE = Symbol('sternhalma handle');
export let ptrOf;
// lend(h): h now belongs to another handle (a Game lends its position as
// g.position): h.dispose() does nothing, and the owner frees h with
// retire(h, why), after which using h is a StateError saying `why`.
export let lend, isLent, retire;

export class Handle {
  #ptr;
  #free;
  // The class the handle was made as (Rules, Position, ...). #ptr alone is no
  // proof: every subclass shares it, so a Rules would pass as a Position, and
  // instanceof follows a prototype that user code can swap. new.target is
  // always one of the package's classes: only they have the token.
  #kind;
  #lent = false;
  #gone = 'was disposed';
  constructor(token, ptr, free, factories) {
    if (token !== MADE_HERE)
      throw new TypeError(`new ${new.target.name}() is not public: use ${factories}`);
    this.#ptr = ptr;
    this.#free = free;
    this.#kind = new.target;
    registry.register(this, { ptr, free }, this);
  }
  static {
    // The C handle of h, checked to be a live handle made as Kind: C takes a
    // pointer as whatever its call expects, so a handle of another class would
    // be read and written as the wrong struct. A TypeError for anything else
    // (a handle named by the class it was made as, not by its prototype), a
    // StateError once disposed. Without Kind (dispose), any handle.
    ptrOf = (h, Kind, what = 'this') => {
      if (!(h !== null && typeof h === 'object' && #kind in h)) {
        const looksLike = h !== null && typeof h === 'object' && (Kind === undefined || h instanceof Kind);
        throw new TypeError(looksLike
          ? `${what} is not a ${Kind?.name ?? h.constructor?.name ?? 'handle'} made by this package`
          : `${what} must be a ${Kind?.name ?? 'handle'}, not ${h === null ? 'null' : typeof h}`);
      }
      if (Kind !== undefined && h.#kind !== Kind)
        throw new TypeError(`${what} must be a ${Kind.name}, not a ${h.#kind.name}`);
      if (!h.#ptr) throw new StateError('SH_ERR_STATE', `this ${h.#kind.name} ${h.#gone}`);
      return h.#ptr;
    };
    lend = (h) => { h.#lent = true; return h; };
    isLent = (h) => h.#lent;
    retire = (h, why) => {
      h.#lent = false;
      h.#gone = why;
      Handle.prototype.dispose.call(h);
    };
  }
  /** Frees the handle's memory now; later use throws StateError. Safe to call twice. */
  dispose() {
    if (!(#ptr in this)) ptrOf(this);
    if (!this.#ptr || this.#lent) return;
    registry.unregister(this);
    this.#free(this.#ptr);
    this.#ptr = 0;
  }
  get disposed() {
    if (!(#ptr in this)) ptrOf(this);
    return !this.#ptr;
  }
  [Symbol.dispose ?? Symbol.for('Symbol.dispose')]() { this.dispose(); }
}

export function newHandle(body) {
  return call((f) => {
    const out = f.alloc(4);
    check(body(f, out));
    return u32(out);
  });
}

// The C handle of an argument that C takes as a Cls (ptrOf with the
// argument's name): any other object would reach C as a wild pointer.
export const handleOf = (v, Cls, what) => ptrOf(v, Cls, what);
