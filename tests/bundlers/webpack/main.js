// webpack 5: nothing to configure. It takes the package's
// new URL('./sternhalma.wasm', import.meta.url) as an asset, emits it into
// dist/ and rewrites the URL, so init() needs no argument.
import * as sh from 'sternhalma';
import { run } from './page.js';

run(sh, sh.init());
