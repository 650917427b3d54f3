// The Node entry (index.js, the "node" export condition) has loaded the
// module by the time its import resolves: calls work at once, init() resolves
// to the same load, and init(source) cannot choose another module.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as sh from '../index.js';
import { enums } from '../abi.js';
import { fn, cString } from '../src/wasm.js';

test('the Node entry is loaded at import; init() resolves; init(source) is a StateError and changes nothing', async () => {
  const p = sh.Position.parse('classic-2');
  assert.equal(p.countMoves(), 14);
  assert.equal(await sh.init(), undefined);
  const bytes = readFileSync(new URL('../sternhalma.wasm', import.meta.url));
  await assert.rejects(sh.init(bytes), (e) => e instanceof sh.StateError && /already initialised/.test(e.message));
  await assert.rejects(sh.init(42), sh.StateError);
  assert.equal(p.countMoves(), 14);
  p.dispose();
});

test('the enums baked into abi.js at build time are what the loaded library names them', () => {
  // Each enum with a name function: every value's word, asked of the module now.
  const asked = (cName, prefix, e) => {
    for (const [k, v] of Object.entries(enums[cName])) assert.equal(e[k.slice(prefix.length)], cString(fn(`${cName}_name`)(v)), k);
  };
  asked('sh_seat_status', 'SH_SEAT_', sh.SeatStatus);
  asked('sh_event_kind', 'SH_EVENT_', sh.EventKind);
  asked('sh_end_reason', 'SH_END_', sh.EndReason);
  asked('sh_out_reason', 'SH_OUT_', sh.OutReason);
  assert.ok(Object.isFrozen(sh.EndReason));
  assert.ok(Object.isFrozen(sh.envDefaults));
});
