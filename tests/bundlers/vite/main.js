// Vite: nothing to configure. Its build finds the package's
// new URL('./sternhalma.wasm', import.meta.url), copies the file into
// dist/assets/ and rewrites the URL, so init() needs no argument.
import * as sh from 'sternhalma';
import { run } from './page.js';

run(sh, sh.init());
