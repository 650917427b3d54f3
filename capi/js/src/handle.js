// handle.js — what Rules, Position, Game and Player share: a private pointer
// into wasm memory, dispose() and the FinalizationRegistry that frees what is
// dropped, and the checks that let only handles made here reach C. Apart
// because it is the package's one guard against wild pointers.
import { StateError } from './errors.js';
import { call, check, u32 } from './call.js';

const registry = new FinalizationRegistry(({ ptr, free }) => free(ptr));

// Handles are made inside this package only: a constructor takes this token
// first, so a number from outside (a wild pointer, or another handle's
// address: a use after free, a double free) never reaches C. The pointer is
// a private field, read through ptrOf.
export const MADE_HERE = Symbol('sternhalma handle');
export let ptrOf;

export class Handle {
  #ptr;
  #free;
  constructor(token, ptr, free, factories) {
    if (token !== MADE_HERE)
      throw new TypeError(`new ${new.target.name}() is not public: use ${factories}`);
    this.#ptr = ptr;
    this.#free = free;
    registry.register(this, { ptr, free }, this);
  }
  static {
    // The C handle; a TypeError for an object this package did not make, a
    // StateError once disposed.
    ptrOf = (h, what = 'this object') => {
      if (!(h !== null && typeof h === 'object' && #ptr in h))
        throw new TypeError(`${what} is not a ${h?.constructor?.name ?? 'handle'} made by this package`);
      if (!h.#ptr) throw new StateError('SH_ERR_STATE', `this ${h.constructor.name} was disposed`);
      return h.#ptr;
    };
  }
  /** Frees the handle's memory now; later use throws StateError. Safe to call twice. */
  dispose() {
    if (!(#ptr in this)) ptrOf(this);
    if (!this.#ptr) return;
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

// The C handle of a wrapper object, after checking its class: any other object
// would reach C as a wild pointer. A disposed one throws StateError, an
// object of the class that this package did not make a TypeError (ptrOf).
export function handleOf(v, Cls, what) {
  if (!(v instanceof Cls)) throw new TypeError(`${what} must be a ${Cls.name}, not ${v === null ? 'null' : typeof v}`);
  return ptrOf(v, what);
}
