// wasm_bench.mjs — the WebAssembly module (capi/js) against the native CLI:
// perft leaves/s of classic-2 (CPU time, median of N runs, both sides), how
// long a computer player's choice takes in wasm per level, and VecEnv's
// env-steps/s (bench/rl_bench.py's loop: sampleLegal + step, reading the
// observations and masks each step).
//   node bench/wasm_bench.mjs [runs=5]      (after scripts/dev.sh wasm and ninja -C build)
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as sh from '../capi/js/index.js';

const runs = Number(process.argv[2] ?? 5);
const cli = process.env.STERNHALMA_CLI ?? fileURLToPath(new URL('../build/cli/sternhalma', import.meta.url));
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

function native(depth) {
  const times = [];
  let leaves = 0;
  for (let i = 0; i < runs; ++i) {
    const r = execFileSync('bash', ['-c', `TIMEFORMAT='%3U %3S'; { time "$0" perft classic-2 ${depth} ; } 2>&1`, cli],
      { encoding: 'utf8' }).trim().split('\n');
    const [u, s] = r.at(-1).split(' ').map(Number);
    leaves = Number(r.at(-2));
    times.push(u + s);
  }
  return { leaves, seconds: median(times) };
}
function wasm(depth) {
  const p = sh.Position.parse('classic-2');
  const times = [];
  let leaves = 0;
  for (let i = 0; i < runs; ++i) {
    const t0 = cpuMs();
    leaves = p.perft(depth);
    times.push((cpuMs() - t0) / 1000);
  }
  p.dispose();
  return { leaves, seconds: median(times) };
}

console.log(`perft of classic-2, CPU time, median of ${runs} runs`);
console.log('depth | leaves | native CLI | wasm in Node | ratio');
for (const depth of [5, 6]) {
  const n = native(depth), w = wasm(depth);
  if (n.leaves !== w.leaves) throw new Error(`perft ${depth}: native ${n.leaves}, wasm ${w.leaves}`);
  const mps = (r) => (r.leaves / r.seconds / 1e6).toFixed(0);
  console.log(`${depth} | ${n.leaves} | ${(n.seconds * 1e3).toFixed(0)} ms (${mps(n)} M leaves/s) | ` +
    `${(w.seconds * 1e3).toFixed(0)} ms (${mps(w)} M leaves/s) | ${(100 * n.seconds / w.seconds).toFixed(0)} %`);
}

console.log('\ncomputer players in wasm (Node): CPU ms per choice over whole games, seeds 1..3');
console.log('preset | level | choices | median | max');
for (const preset of ['classic-2', 'classic-6']) {
  for (const level of ['easy', 'normal', 'hard', 'expert']) {
    let player;
    try { player = sh.Player.create(level, 1); } catch { continue; }
    player.dispose();
    const ms = [];
    for (let seed = 1; seed <= 3; ++seed) {
      const g = sh.Game.create(preset);
      const pl = sh.Player.create(level, seed);
      while (!g.isOver) {
        const t0 = cpuMs();
        const m = pl.choose(g);
        ms.push(cpuMs() - t0);
        g.apply(m);
      }
      pl.dispose();
      g.dispose();
    }
    console.log(`${preset} | ${level} | ${ms.length} | ${median(ms).toFixed(2)} ms | ${Math.max(...ms).toFixed(1)} ms`);
  }
}

console.log(`\nVecEnv in wasm (Node): sampleLegal + step, obs and mask read each step (new copies,
or obsInto/maskInto into the caller's arrays); open-2 (classic-2, deadline none), CPU time, median of ${runs}`);
console.log('games | dtype | env-steps/s, copies | env-steps/s, into');
const open2 = sh.Rules.create('classic-2').setOption('id', 'open-2').setOption('deadline', 'none');
function vecEnv(n, batches, dtype, into, seed) {
  const env = sh.VecEnv.create(open2, { dtype, record: false }, n);
  const obs = new (dtype === 'uint8' ? Uint8Array : Float32Array)(n * env.spec.obsValues);
  const mask = new Uint8Array(n * sh.NUM_ACTIONS);
  env.reset(seed);
  for (let i = 0; i < 5; ++i) env.step(env.sampleLegal());  // warm the buffers
  const t0 = cpuMs();
  let read = 0;
  for (let i = 0; i < batches; ++i) {
    env.step(env.sampleLegal());
    read += into ? env.obsInto(obs).length + env.maskInto(mask).length : env.obs.length + env.mask.length;
  }
  const rate = n * batches / ((cpuMs() - t0) / 1000);
  env.dispose();
  if (read === 0) throw new Error('nothing read');
  return rate;
}
for (const [n, batches] of [[1, 20000], [64, 2000], [1024, 150]]) {
  for (const dtype of ['float32', 'uint8']) {
    const rate = (into) => median(Array.from({ length: runs }, (_, seed) => vecEnv(n, batches, dtype, into, seed)));
    console.log(`${n} | ${dtype} | ${(rate(false) / 1e3).toFixed(0)} k | ${(rate(true) / 1e3).toFixed(0)} k`);
  }
}
open2.dispose();
