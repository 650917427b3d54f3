// ensure-built.mjs — the package's install step. A packed package carries
// sternhalma.wasm and abi.js; in a clone of the repository they are build
// products (not committed: they would go stale with every change of lib/),
// so this runs scripts/wasm.sh once to make them. Needs emscripten then
// (`scripts/dev.sh wasm` installs it).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
if (existsSync(here('../sternhalma.wasm')) && existsSync(here('../abi.js'))) process.exit(0);
const script = here('../../../scripts/wasm.sh');
if (!existsSync(script)) {
  console.error('sternhalma: sternhalma.wasm is missing and scripts/wasm.sh is not beside this package');
  process.exit(1);
}
console.error('sternhalma: building sternhalma.wasm with scripts/wasm.sh (a few minutes the first time)');
const r = spawnSync('bash', [script], { stdio: 'inherit' });
process.exit(r.status ?? 1);
