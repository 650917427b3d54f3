// words.mjs — adds to abi.js the library's word for each value of the
// header's enums that have a name function (sh_end_reason_name(SH_END_ALL_PLACED)
// is "all-placed"), read from the built sternhalma.wasm; scripts/wasm.sh runs
// it after linking. The words are the library's, so they are asked of it, and
// here, at build time, so that the package's enums (EndReason, ...) exist
// before init() has loaded the module.
//   node tools/words.mjs sternhalma.wasm abi.js
import { appendFileSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const [wasmFile, abiFile] = process.argv.slice(2).map((p) => resolve(p));
const abi = await import(pathToFileURL(abiFile));
if ('words' in abi) throw new Error(`${abiFile} has its words already: tools/abi.mjs rewrites it first`);
const { load, fn, cString } = await import('../src/wasm.js');
await load(readFileSync(wasmFile), wasmFile);
const words = {};
for (const [cName, values] of Object.entries(abi.enums)) {
  const name = fn(`${cName}_name`);
  if (!name) continue;
  words[cName] = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, cString(name(v))]));
}
appendFileSync(abiFile, `export const words = ${JSON.stringify(words, null, 2)};\n`);
