// esbuild does not follow new URL(..., import.meta.url), so the app imports
// the module's file itself: with --loader:.wasm=file (package.json's build
// script) the import is the URL of the copy esbuild puts into dist/, which
// init() is given.
import * as sh from 'sternhalma';
import wasm from 'sternhalma/sternhalma.wasm';
import { run } from './page.js';

run(sh, sh.init(wasm));
