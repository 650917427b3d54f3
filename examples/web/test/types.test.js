// The package's hand-written TypeScript declarations (capi/js/index.d.ts)
// against its JavaScript, so that a method added, renamed or removed in
// capi/js/src/ cannot leave TypeScript users with wrong types silently:
//  1. names: the d.ts, read with the TypeScript compiler API, declares every
//     export of index.js and every member of each exported class (prototype
//     and constructor chains up to the built-ins, and the own fields of an
//     instance), and everything it declares exists in the JavaScript; a getter
//     is a property (readonly when it has no setter), a function a method;
//     the enum-like objects have the same keys.
//  2. types: `tsc --strict` (test/types/tsconfig.json) type-checks usage.ts,
//     the README's use of the API, and misuse.ts, whose wrong lines must each
//     be an error (`// @ts-expect-error`), so the d.ts is not `any`; usage.ts
//     is then run, so what it says the API returns is what the API returns.
//
// TypeScript is a devDependency of examples/web (`npm ci`, as CI's web stage
// does). Without it this file skips, saying so, except under CI (CI set),
// where it fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as sh from 'sternhalma';

const require = createRequire(import.meta.url);
let ts = null;
try {
  ts = require('typescript');
} catch (e) {
  if (e.code !== 'MODULE_NOT_FOUND') throw e;
  if (process.env.CI) throw new Error('typescript is not installed, and CI must run this test: `npm ci` in examples/web installs it');
}
const skip = ts ? false : 'typescript is not installed here (`npm ci` in examples/web installs it; under CI this test fails instead)';

// The package as `import 'sternhalma'` finds it: examples/web's dependency,
// a link to capi/js of this tree.
const pkg = dirname(realpathSync(require.resolve('sternhalma')));
const dts = join(pkg, 'index.d.ts');
const typesDir = fileURLToPath(new URL('./types/', import.meta.url));

// --- 1. names ---------------------------------------------------------------

// Built-in constructors and prototypes end the walk up a chain: what Error,
// Object or Function give is not the package's to declare.
const builtins = new Set([null]);
for (const name of Object.getOwnPropertyNames(globalThis)) {
  const v = globalThis[name];
  if (typeof v === 'function') builtins.add(v).add(v.prototype);
}

// The symbol-keyed members the comparison covers (protocols a user calls).
const wellKnown = ['dispose', 'asyncDispose', 'iterator', 'asyncIterator'];
function keyName(k) {
  if (typeof k === 'string') return k;
  for (const w of wellKnown) {
    // The package's fallback where Symbol.dispose is missing (handle.js).
    if (k === Symbol[w] || k === Symbol.for(`Symbol.${w}`)) return `Symbol.${w}`;
  }
  return null;
}

// One object's members: name -> {kind: 'method' | 'property', readonly, params}.
function jsMember(desc) {
  if (desc.get || desc.set) return { kind: 'property', readonly: !desc.set };
  if (typeof desc.value === 'function') return { kind: 'method', params: desc.value.length };
  return { kind: 'property', readonly: !desc.writable };
}
function jsMembers(start, skipKeys) {
  const out = new Map();
  for (let o = start; !builtins.has(o); o = Object.getPrototypeOf(o)) {
    for (const k of Reflect.ownKeys(o)) {
      const name = keyName(k);
      if (name === null || skipKeys.has(name) || out.has(name)) continue;
      out.set(name, jsMember(Object.getOwnPropertyDescriptor(o, k)));
    }
  }
  return out;
}
const instanceMembers = (obj) => jsMembers(obj, new Set(['constructor']));
const staticMembers = (cls) => jsMembers(cls, new Set(['length', 'name', 'prototype']));

// An instance of each exported class, for its own fields (Move's from/to, an
// error's status); a class exported without one here fails the test.
const samples = {
  Move: () => new sh.Move(0, 1),
  Rules: () => sh.Rules.create(),
  Position: () => sh.Position.parse('classic-2'),
  Game: () => sh.Game.create(),
  Player: () => sh.Player.create(),
  VecEnv: () => sh.VecEnv.create(),
  MatchStats: () => sh.MatchStats.create(2),
};
const isClass = (v) => typeof v === 'function' && /^class\b/.test(Function.prototype.toString.call(v));
const isError = (v) => v === sh.SternhalmaError || v?.prototype instanceof sh.SternhalmaError;
function sample(name, cls) {
  if (samples[name]) return samples[name]();
  if (isError(cls)) return new cls('SH_ERR_INTERNAL', 'a sample');
  return null;
}

const formatHost = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => typesDir, getNewLine: () => '\n' };

// The d.ts side, through the compiler.
function declarations() {
  const program = ts.createProgram([dts], { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, types: [] });
  // Unresolved names would make members vanish (a `[Symbol.dispose]` with no
  // lib declaring it): index.d.ts must compile alone first.
  const errors = ts.getPreEmitDiagnostics(program);
  assert.equal(errors.length, 0, ts.formatDiagnostics(errors, formatHost));
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(dts);
  const moduleSymbol = checker.getSymbolAtLocation(file);
  const ours = (d) => realpathSync(d.getSourceFile().fileName) === dts;
  const name = (p) => {
    const d = p.declarations?.[0];
    const n = d && ts.getNameOfDeclaration(d);
    if (n && ts.isComputedPropertyName(n)) return n.expression.getText();
    return p.getName();
  };
  // Members of a type: name -> {kind, readonly, params, ours}.
  const members = (type) => {
    const out = new Map();
    for (const p of checker.getPropertiesOfType(type)) {
      const decls = p.declarations ?? [];
      if (decls.some((d) => ts.getCombinedModifierFlags(d) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected))) continue;
      const m = { ours: decls.some(ours) };
      if (p.flags & ts.SymbolFlags.Method) {
        m.kind = 'method';
        const sigs = checker.getSignaturesOfType(checker.getTypeOfSymbol(p), ts.SignatureKind.Call);
        m.params = sigs.map((s) => s.getParameters().length);
      } else {
        m.kind = 'property';
        m.readonly = p.flags & ts.SymbolFlags.GetAccessor ? !(p.flags & ts.SymbolFlags.SetAccessor)
          : decls.some((d) => ts.getCombinedModifierFlags(d) & ts.ModifierFlags.Readonly);
      }
      out.set(name(p), m);
    }
    out.delete('prototype');
    return out;
  };
  const exports = new Map();
  for (let s of checker.getExportsOfModule(moduleSymbol)) {
    const exported = s.getName();
    if (s.flags & ts.SymbolFlags.Alias) s = checker.getAliasedSymbol(s);
    const e = { value: !!(s.flags & ts.SymbolFlags.Value) };
    if (s.flags & ts.SymbolFlags.Class) {
      e.kind = 'class';
      e.instance = members(checker.getDeclaredTypeOfSymbol(s));
      e.statics = members(checker.getTypeOfSymbol(s));
    } else if (s.flags & ts.SymbolFlags.Function) {
      e.kind = 'function';
      e.params = checker.getSignaturesOfType(checker.getTypeOfSymbol(s), ts.SignatureKind.Call)
        .map((sig) => sig.getParameters().length);
    } else if (s.flags & ts.SymbolFlags.Variable) {
      const type = checker.getTypeOfSymbol(s);
      e.kind = type.flags & ts.TypeFlags.NumberLike ? 'number' : type.flags & ts.TypeFlags.StringLike ? 'string' : 'object';
      if (e.kind === 'object') e.keys = checker.getPropertiesOfType(type).map((p) => p.getName()).sort();
    } else {
      e.kind = 'type';
    }
    exports.set(exported, e);
  }
  return exports;
}

function jsKind(v) {
  if (isClass(v)) return 'class';
  if (typeof v === 'function') return 'function';
  if (typeof v === 'number' || typeof v === 'string') return typeof v;
  return 'object';
}

// Public in JS but not API, each with its reason; an entry that no longer
// matches a JS member is itself a difference.
const notDeclared = {};
const excused = new Set();

// Differences between one class's JS members and its declared ones.
function compareMembers(where, js, decl, diffs) {
  for (const [name, m] of js) {
    const d = decl.get(name);
    if (!d && notDeclared[where + name]) { excused.add(where + name); continue; }
    if (!d) { diffs.push(`${where}${name}: a ${m.kind} in JS, not declared in index.d.ts`); continue; }
    if (d.kind !== m.kind) diffs.push(`${where}${name}: a ${m.kind} in JS (${m.kind === 'property' ? 'a getter or field' : 'a function'}), a ${d.kind} in index.d.ts`);
    else if (m.kind === 'property' && m.readonly && !d.readonly) diffs.push(`${where}${name}: read-only in JS (a getter with no setter, or a frozen field), not readonly in index.d.ts`);
    else if (m.kind === 'method' && !d.params.some((n) => n >= m.params)) diffs.push(`${where}${name}: JS takes ${m.params} parameter(s) before its defaults, index.d.ts declares at most ${Math.max(...d.params)}`);
  }
  for (const [name, d] of decl) {
    if (d.ours && !js.has(name)) diffs.push(`${where}${name}: a ${d.kind} declared in index.d.ts, not in JS`);
  }
}

test('index.d.ts declares every export and class member of index.js, and nothing more', { skip }, () => {
  const decl = declarations();
  const diffs = [];
  for (const name of Object.keys(sh)) {
    const d = decl.get(name), v = sh[name], kind = jsKind(v);
    if (!d) { diffs.push(`${name}: exported by index.js (a ${kind}), not declared in index.d.ts`); continue; }
    if (d.kind !== kind) { diffs.push(`${name}: a ${kind} in JS, a ${d.kind} in index.d.ts`); continue; }
    if (kind === 'function' && !d.params.some((n) => n >= v.length)) diffs.push(`${name}: JS takes ${v.length} parameter(s) before its defaults, index.d.ts declares at most ${Math.max(...d.params)}`);
    if (kind === 'object' && v !== null && !Array.isArray(v)) {
      const keys = Object.keys(v).sort();
      if (keys.join() !== d.keys.join()) diffs.push(`${name}: keys ${keys.join(' ')} in JS, ${d.keys.join(' ')} in index.d.ts`);
    }
    if (kind !== 'class') continue;
    const inst = sample(name, v);
    if (!inst) { diffs.push(`${name}: no sample instance in types.test.js (add one to \`samples\`)`); continue; }
    try {
      compareMembers(`${name}.prototype.`, instanceMembers(inst), d.instance, diffs);
    } finally {
      if (typeof inst.dispose === 'function') inst.dispose();
    }
    compareMembers(`${name}.`, staticMembers(v), d.statics, diffs);
  }
  for (const name of Object.keys(notDeclared)) {
    if (!excused.has(name)) diffs.push(`${name}: listed in notDeclared (types.test.js), but not an undeclared JS member`);
  }
  for (const [name, d] of decl) {
    if (d.value && !(name in sh)) diffs.push(`${name}: a ${d.kind} declared in index.d.ts, not exported by index.js`);
  }
  assert.deepEqual(diffs, [], `index.d.ts and the JavaScript differ:\n  ${diffs.join('\n  ')}`);
});

// --- 2. types ---------------------------------------------------------------

function compile(overrides = {}) {
  const extra = ts.convertCompilerOptionsFromJson(overrides, typesDir);
  assert.deepEqual(extra.errors, []);
  const config = ts.getParsedCommandLineOfConfigFile(join(typesDir, 'tsconfig.json'), extra.options, {
    ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); },
  });
  assert.deepEqual(config.errors, []);
  const program = ts.createProgram(config.fileNames, config.options);
  const text = ts.formatDiagnostics(ts.getPreEmitDiagnostics(program), formatHost);
  return { program, config, text };
}

test('tsc --strict type-checks the README\'s use of the API and refuses misuse.ts\'s lines', { skip }, () => {
  // As configured (module nodenext, target es2022, no @types) and as a
  // bundler's project (moduleResolution bundler, with the DOM's types).
  for (const overrides of [{}, { module: 'esnext', moduleResolution: 'bundler', lib: ['es2022', 'dom'] }]) {
    const { program, text } = compile(overrides);
    const files = program.getSourceFiles().map((f) => realpathSync(f.fileName));
    assert.ok(files.includes(dts), `'sternhalma' did not resolve to ${dts} (${JSON.stringify(overrides)})`);
    assert.equal(text, '', `tsc ${JSON.stringify(overrides)}:\n${text}`);
  }
});

test('usage.ts runs as it type-checks', { skip }, async () => {
  const { config } = compile();
  const source = readFileSync(join(typesDir, 'usage.ts'), 'utf8');
  const js = ts.transpileModule(source, {
    compilerOptions: { ...config.options, module: ts.ModuleKind.ESNext, noEmit: false },
  }).outputText.replace(/from 'sternhalma'/g, `from '${pathToFileURL(join(pkg, 'index.js'))}'`);
  assert.doesNotMatch(js, /'sternhalma'/, 'an import of sternhalma was left unmapped');
  const dir = mkdtempSync(join(tmpdir(), 'sternhalma-usage-'));
  try {
    writeFileSync(join(dir, 'usage.mjs'), js);
    const { main } = await import(pathToFileURL(join(dir, 'usage.mjs')));
    main();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
