// meson-test.mjs — runs the JS package's tests under `meson test` with the
// native CLI given by meson; exits 77 (SKIP) when capi/js/sternhalma.wasm
// was not built (scripts/dev.sh wasm).
//   node meson-test.mjs CLI
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const [cliPath] = process.argv.slice(2);
const at = (p) => fileURLToPath(new URL(p, import.meta.url));
const js = at('../');
const wasm = at('../sternhalma.wasm');
if (!existsSync(wasm)) {
  console.log(`SKIP: ${wasm} is missing (scripts/dev.sh wasm builds it)`);
  process.exit(77);
}
const files = readdirSync(at('../test/')).filter((f) => f.endsWith('.test.js')).map((f) => `test/${f}`);
const r = spawnSync(process.execPath, ['--test', ...files], {
  cwd: js,
  stdio: 'inherit',
  env: { ...process.env, STERNHALMA_CLI: resolve(cliPath) },
});
process.exit(r.status ?? 1);
