// The native command-line program the JS results are compared with:
// $STERNHALMA_CLI, or build/cli/sternhalma of this tree.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const cliPath = process.env.STERNHALMA_CLI ??
  fileURLToPath(new URL('../../../build/cli/sternhalma', import.meta.url));
if (!existsSync(cliPath))
  throw new Error(`the native CLI ${cliPath} is missing: build it (ninja -C build) or set STERNHALMA_CLI`);

/** Runs the CLI; its standard output as lines. */
export function cli(...args) {
  return execFileSync(cliPath, args, { encoding: 'utf8', maxBuffer: 64 << 20 }).trimEnd().split('\n');
}
