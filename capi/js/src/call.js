// call.js — the plumbing of one C call: scratch wasm memory (Frame, call), the
// results read back (i32, ints, textOut, arrayOut, intOut...) and check(),
// which turns a status into its Error with the library's message. Apart so
// that the classes only say which C function they call with what.
import { defines as D, enums } from '../abi.js';
import { SternhalmaError, MemoryError, errorClass, statusName } from './errors.js';
import { X, memory, u8, view, refresh, decoder, encoder, cString } from './wasm.js';

const ST = enums.sh_status;

export function check(status) {
  if (status === ST.SH_OK) return;
  const name = statusName[status] ?? 'SH_UNKNOWN';
  const Cls = errorClass[name] ?? SternhalmaError;
  throw new Cls(name, cString(X.sh_last_error()));
}

// Scratch memory for one call: stack for small buffers, malloc for large.
class Frame {
  constructor() { this.sp = X.stackSave(); this.heap = []; }
  alloc(bytes) {
    if (bytes <= 16384) return X.stackAlloc((bytes + 7) & ~7);
    const p = X.malloc(bytes);
    if (!p) throw new MemoryError('SH_ERR_MEMORY', `cannot allocate ${bytes} bytes`);
    this.heap.push(p);
    return p;
  }
  str(s) {
    const bytes = encoder.encode(s);
    const p = this.alloc(bytes.length + 1);
    refresh();
    u8.set(bytes, p);
    u8[p + bytes.length] = 0;
    return p;
  }
  end() { for (const p of this.heap) X.free(p); X.stackRestore(this.sp); }
}

export function call(body) {
  const f = new Frame();
  try { return body(f); } finally { f.end(); }
}

export const i32 = (p) => { refresh(); return view.getInt32(p, true); };
export const u32 = (p) => { refresh(); return view.getUint32(p, true); };
export const ints = (p, n) => { refresh(); return Array.from(new Int32Array(memory.buffer, p, n)); };

// Text out: (…, buf, size, needed). A first try in a stack buffer, then the size asked.
export function textOut(cfn, ...args) {
  return call((f) => {
    const needed = f.alloc(4);
    let cap = 1024, buf = f.alloc(cap);
    let st = cfn(...args, buf, cap, needed);
    if (st === ST.SH_ERR_BUFFER) {
      cap = u32(needed);
      buf = f.alloc(cap);
      st = cfn(...args, buf, cap, needed);
    }
    check(st);
    refresh();
    return decoder.decode(u8.subarray(buf, buf + u32(needed) - 1));
  });
}

// Array out: (…, out, cap, count) of `width`-byte elements, read by `read`.
export function arrayOut(cfn, args, width, read, first = 256) {
  return call((f) => {
    const count = f.alloc(4);
    let cap = first, out = f.alloc(cap * width);
    let st = cfn(...args, out, cap, count);
    if (st === ST.SH_ERR_BUFFER) {
      cap = u32(count);
      out = f.alloc(cap * width);
      st = cfn(...args, out, cap, count);
    }
    check(st);
    return read(out, u32(count));
  });
}
export const cellsOut = (cfn, ...args) => arrayOut(cfn, args, 4, ints, D.SH_NUM_CELLS);

export function intOut(cfn, ...args) {
  return call((f) => {
    const out = f.alloc(4);
    check(cfn(...args, out));
    return i32(out);
  });
}
