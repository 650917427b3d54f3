// browser.js — the package's entry for browsers and bundlers (package.json's
// "browser" and "default" conditions): the names of src/api.js and an init()
// that loads the module when it is called. It imports nothing from Node and
// has no top-level await, so Vite, esbuild and webpack bundle it as it is.
//
//   import * as sh from 'sternhalma';
//   await sh.init();                 // sternhalma.wasm from beside this file
//   await sh.init(url);              // or its URL, its bytes, a Response or a WebAssembly.Module
import { load } from './src/wasm.js';

export * from './src/api.js';

/** Loads the module, once; every other call needs it first. With no source,
 * sternhalma.wasm beside this file: the `new URL(..., import.meta.url)` below
 * is the form Vite and webpack find, copy into their output and rewrite. */
export function init(source = undefined) {
  return load(source, () => {
    let url;
    try {
      url = new URL('./sternhalma.wasm', import.meta.url);
    } catch {
      throw new TypeError('init: this module does not know its own URL (import.meta.url is not set, as in a '
        + 'bundle that is not an ES module), so pass init() the URL of sternhalma.wasm, its bytes or a WebAssembly.Module');
    }
    return [url, url.href];
  });
}
