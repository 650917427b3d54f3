// check-built.mjs — `npm pack`'s prepack step: a tarball is only made with
// the build products it must carry, sternhalma.wasm and abi.js, and
// abi.js must be the one made from this tree's header with that module. They
// are not committed (they would go stale with every change of lib/); in a
// clone, scripts/dev.sh wasm makes both. Nothing here compiles: installing
// the package never builds anything.
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const missing = ['../sternhalma.wasm', '../abi.js'].filter((p) => !existsSync(here(p)));
if (missing.length) {
  console.error(`sternhalma: ${missing.map(here).join(' and ')} missing: scripts/dev.sh wasm (from the repository root) builds them`);
  process.exit(1);
}
const header = here('../../sternhalma.h');
if (existsSync(header) && statSync(header).mtimeMs > statSync(here('../abi.js')).mtimeMs) {
  console.error(`sternhalma: ${header} is newer than ${here('../abi.js')}: scripts/dev.sh wasm rebuilds the module`);
  process.exit(1);
}
