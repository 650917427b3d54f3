// wasm.js — instantiates sternhalma.wasm, once, from whatever source the
// entry's init() is given, and owns what every call shares: the exports X,
// the memory and its views u8 and view, the text codecs, and cString. Apart
// so that loading is written once and every other module only imports it;
// it imports nothing from Node and has no top-level await, so that every
// bundler takes it as it is. Where the bytes come from is the entries'
// business (index.js reads the file in Node, browser.js fetches it). X, the
// memory and the views are `let` bindings, which ES modules share live:
// every importer reads what load() and refresh() assign, and only this
// module assigns them.
import { InternalError, LimitError, SternhalmaError, StateError } from './errors.js';

// Before load() has finished, X is a stand-in whose every property is the
// StateError saying what to do: no call reaches an absent module.
const notLoaded = new Proxy({}, {
  get() {
    throw new StateError('SH_ERR_STATE', 'sternhalma is not initialised: `await init()` first '
      + '(with no argument it loads sternhalma.wasm from beside the package; or pass a URL, the bytes '
      + 'or a WebAssembly.Module)');
  },
});
export let X = notLoaded;
export let memory = { buffer: new ArrayBuffer(0) };
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

// The most bytes init() compiles: sternhalma.wasm is under 1 MB, so anything
// past this is not it, and is refused before it is read or compiled.
export const MAX_WASM_BYTES = 32 << 20;
const tooBig = (where, n) => new LimitError('SH_ERR_LIMIT',
  `sternhalma: ${where} is ${n} bytes; sternhalma.wasm is under 1 MB and init() takes at most ${MAX_WASM_BYTES}`);

// init()'s source: a WebAssembly.Module, the bytes (an ArrayBuffer or a
// view of one), a Response, a URL or URL string (fetched), or a promise of
// one of these. Each failure says which source and why; a failed load leaves
// the package as it was, so init() may be called again.
async function compiled(source, where) {
  source = await source;
  if (source instanceof WebAssembly.Module) return source;
  let bytes;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) bytes = source;
  else if (typeof Response !== 'undefined' && source instanceof Response) bytes = await responseBytes(source, where);
  else if (source instanceof URL || typeof source === 'string') {
    let response;
    try {
      response = await fetch(source);
    } catch (e) {
      throw new Error(`sternhalma: cannot fetch ${source}: ${e.message}`, { cause: e });
    }
    bytes = await responseBytes(response, String(source));
  } else {
    throw new TypeError(`init: the wasm source must be a URL, a URL string, a Response, the bytes (ArrayBuffer `
      + `or typed array) or a WebAssembly.Module, not ${source === null ? 'null' : typeof source}`);
  }
  if (bytes.byteLength > MAX_WASM_BYTES) throw tooBig(where, bytes.byteLength);
  const head = new Uint8Array(bytes instanceof ArrayBuffer ? bytes : bytes.buffer,
    bytes instanceof ArrayBuffer ? 0 : bytes.byteOffset, Math.min(4, bytes.byteLength));
  if (head.length < 4 || head[0] !== 0 || head[1] !== 0x61 || head[2] !== 0x73 || head[3] !== 0x6d) {
    const seen = head.length ? `it begins ${JSON.stringify(decoder.decode(head))}` : 'it is empty';
    throw new Error(`sternhalma: ${where} is not a wasm module (${seen}): serve sternhalma.wasm there, `
      + 'or pass init() its URL, its bytes or a WebAssembly.Module');
  }
  try {
    return await WebAssembly.compile(bytes);
  } catch (e) {
    throw new Error(`sternhalma: ${where} does not compile: ${e.message}`, { cause: e });
  }
}
// A source as errors name it: a URL as itself, anything else by its kind.
function sourceName(source) {
  if (typeof source === 'string' || source instanceof URL) return String(source);
  if (typeof Response !== 'undefined' && source instanceof Response) return source.url || 'the Response given to init()';
  if (source instanceof WebAssembly.Module) return 'the WebAssembly.Module given to init()';
  if (source !== null && typeof source?.then === 'function') return 'what the promise given to init() gave';
  return 'the bytes given to init()';
}
async function responseBytes(response, where) {
  if (!response.ok) throw new Error(`sternhalma: cannot load ${where}: HTTP ${response.status} ${response.statusText}`.trim());
  const length = Number(response.headers?.get('content-length'));
  if (length > MAX_WASM_BYTES) throw tooBig(where, length);
  return response.arrayBuffer();
}

let loading = null;
/**
 * Instantiates the module from `source` (see compiled) and makes it the one
 * every call uses. With no source, the entry's default: fallback() gives it
 * (called only then, and it may throw). A second call returns the first's
 * promise when it names no source of its own; naming one then is a StateError
 * (handles already made live in the first module's memory).
 */
export function load(source, fallback) {
  if (loading) {
    return source === undefined ? loading
      : Promise.reject(new StateError('SH_ERR_STATE', 'sternhalma is already initialised: init(source) '
        + 'chooses the module only on the first call (the Node entry makes that call when it is imported)'));
  }
  let where;
  try {
    [source, where] = source === undefined ? fallback() : [source, sourceName(source)];
  } catch (e) {
    return Promise.reject(e);
  }
  const attempt = (async () => {
    const module = await compiled(source, where);
    const imports = {};
    for (const imp of WebAssembly.Module.imports(module)) {
      const f = provided[imp.module]?.[imp.name] ??
        (() => { throw new InternalError('SH_ERR_INTERNAL', `wasm import ${imp.module}.${imp.name} is not provided`); });
      (imports[imp.module] ??= {})[imp.name] = f;
    }
    const instance = await WebAssembly.instantiate(module, imports);
    const exports = instance.exports;
    for (const name of ['memory', 'sh_version', 'malloc', 'stackSave']) {
      if (!(name in exports))
        throw new InternalError('SH_ERR_INTERNAL', `${where} is not sternhalma.wasm: it does not export ${name}`);
    }
    memory = exports.memory;
    refresh();
    exports._initialize?.();
    X = exports;
  })();
  loading = attempt;
  attempt.catch(() => { if (loading === attempt) loading = null; });
  return attempt;
}

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
