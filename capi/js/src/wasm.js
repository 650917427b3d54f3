// wasm.js — loads and instantiates sternhalma.wasm (top-level await) and owns
// what every call shares: the exports X, the memory and its views u8 and view,
// the text codecs, and cString. Apart so that loading is written once and
// every other module only imports it. The views are renewed when the memory
// grows; they are exported as `let` bindings, which ES modules share live:
// every importer reads the renewed view, and only this module assigns them.
import { InternalError, SternhalmaError } from './errors.js';

const wasmUrl = new URL('../sternhalma.wasm', import.meta.url);

async function wasmBytes() {
  if (wasmUrl.protocol === 'file:') {
    const { readFile } = await import('node:fs/promises');
    return readFile(wasmUrl);
  }
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`sternhalma: cannot load ${wasmUrl}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

export let memory;
export let u8 = new Uint8Array(0);
export let view = new DataView(new ArrayBuffer(0));
let stderrText = '';

// Views of the wasm memory, renewed when it grows.
export function refresh() {
  if (u8.buffer !== memory.buffer) {
    u8 = new Uint8Array(memory.buffer);
    view = new DataView(memory.buffer);
  }
}

// The few imports a standalone module needs: a clock, stderr, exit, and
// stubs for Abseil's stack traces (only ever asked for on a crash).
const provided = {
  wasi_snapshot_preview1: {
    clock_time_get(id, precision, out) {
      refresh();
      const ns = id === 0 ? BigInt(Date.now()) * 1000000n
        : BigInt(Math.round(performance.now() * 1e6));
      view.setBigUint64(out, ns, true);
      return 0;
    },
    fd_write(fd, iovs, iovsLen, nwritten) {
      refresh();
      let n = 0;
      for (let i = 0; i < iovsLen; ++i) {
        const ptr = view.getUint32(iovs + 8 * i, true), len = view.getUint32(iovs + 8 * i + 4, true);
        stderrText += decoder.decode(u8.subarray(ptr, ptr + len));
        n += len;
      }
      view.setUint32(nwritten, n, true);
      const lines = stderrText.split('\n');
      stderrText = lines.pop();
      for (const line of lines) console.error(`sternhalma: ${line}`);
      return 0;
    },
    proc_exit(code) {
      throw new InternalError('SH_ERR_INTERNAL', `the wasm module exited with code ${code}`);
    },
  },
  env: {
    emscripten_notify_memory_growth() { refresh(); },
    emscripten_stack_snapshot() { return 0; },
    emscripten_stack_unwind_buffer() { return 0; },
    emscripten_asm_const_int() { return 0; },
  },
};

export const decoder = new TextDecoder();
export const encoder = new TextEncoder();

const module = await WebAssembly.compile(await wasmBytes());
const imports = {};
for (const imp of WebAssembly.Module.imports(module)) {
  const f = provided[imp.module]?.[imp.name] ??
    (() => { throw new InternalError('SH_ERR_INTERNAL', `wasm import ${imp.module}.${imp.name} is not provided`); });
  (imports[imp.module] ??= {})[imp.name] = f;
}
const instance = await WebAssembly.instantiate(module, imports);
export const X = instance.exports;
memory = X.memory;
refresh();
X._initialize?.();

// A C function by name; null when this build of the library lacks it.
export function fn(...names) {
  for (const n of names) if (typeof X[n] === 'function') return X[n];
  return null;
}
export function need(...names) {
  const f = fn(...names);
  if (!f) throw new SternhalmaError('SH_ERR_INTERNAL', `${names[0]} is not in this build of the library`);
  return f;
}

export function cString(ptr) {
  refresh();
  let end = ptr;
  while (u8[end] !== 0) ++end;
  return decoder.decode(u8.subarray(ptr, end));
}
