// checks.js — argument checks, before anything reaches C: a wasm call would
// truncate a number silently, C would end a string at a NUL. Apart because
// every class checks its arguments with them; none of them touches wasm.
import { ParseError, ShRangeError, statusOf } from './errors.js';

export function int(v, what, min = -0x80000000, max = 0x7fffffff) {
  if (typeof v !== 'number' || !Number.isInteger(v))
    throw new TypeError(`${what} must be an integer, not ${typeof v === 'number' ? v : typeof v}`);
  if (v < min || v > max) throw new ShRangeError('SH_ERR_RANGE', `${what} ${v} is out of range ${min}..${max}`);
  return v;
}
export const size = (v, what) => int(v, what, 0, 0xffffffff) >>> 0;
export function seed64(v, what = 'seed') {
  if (typeof v === 'number') int(v, what, 0, Number.MAX_SAFE_INTEGER);
  else if (typeof v !== 'bigint') throw new TypeError(`${what} must be an integer or a BigInt`);
  const b = BigInt(v);
  if (b < 0n || b >= 1n << 64n) throw new ShRangeError('SH_ERR_RANGE', `${what} ${v} is out of range 0..2^64-1`);
  return b;
}
// A 64-bit argument within [min, max] (safe integers), as a BigInt.
export function int64(v, what, min, max) {
  int(v, what, Math.max(min, Number.MIN_SAFE_INTEGER), Math.min(max ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER));
  return BigInt(v);
}
export function ms64(v, what) {
  int(v, what, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  return BigInt(v);
}
// Text for C: a string with no NUL (C would end it there) and no lone
// surrogate (UTF-8 has none: TextEncoder would send U+FFFD instead), refused
// with the argument's class (the one C would give it) and the index.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export function str(v, what, Cls = ParseError) {
  if (typeof v !== 'string') throw new TypeError(`${what} must be a string, not ${typeof v}`);
  const nul = v.indexOf('\0');
  if (nul >= 0) throw new Cls(statusOf.get(Cls), `${what} has a NUL character at index ${nul}`);
  if (!(v.isWellFormed?.() ?? !loneSurrogate.test(v))) {
    const i = v.search(loneSurrogate);
    const code = v.charCodeAt(i).toString(16).toUpperCase();
    throw new Cls(statusOf.get(Cls), `${what} has a lone surrogate (U+${code}, not text UTF-8 can carry) at index ${i}`);
  }
  return v;
}
// Text as an error message quotes it: at most 60 characters, control
// characters and lone surrogates as \uXXXX.
export function shown(text) {
  const cut = text.length > 60 ? `${text.slice(0, 60)}...` : text;
  return cut.replace(/[\0-\x1f\x7f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}
// The bytes of a Uint8Array (a Buffer is one), read through the built-in
// getters: an own `length` or `byteLength` property cannot stand in for them.
const typedArrayProto = Object.getPrototypeOf(Uint8Array.prototype);
const getter = (name) => Object.getOwnPropertyDescriptor(typedArrayProto, name).get;
const taTag = getter(Symbol.toStringTag), taBuffer = getter('buffer');
const taOffset = getter('byteOffset'), taByteLength = getter('byteLength');
export const ownBytes = (v, what) => ownTyped(v, Uint8Array, what);
// 'a Uint8Array', 'an Int8Array': a type's name with its article.
export const an = (name) => (/^([AEIOaeio]|un)/.test(name) ? `an ${name}` : `a ${name}`);
// The same for any typed array class: a new array of `Type` over v's own
// memory (a subclass's methods or a fake's properties are never used, so
// no view of wasm memory is ever handed to caller code).
export function ownTyped(v, Type, what) {
  const tag = ArrayBuffer.isView(v) ? taTag.call(v) : undefined;
  if (tag !== Type.name) {
    const was = v === null ? 'null' : tag ? an(tag) : Array.isArray(v) ? 'an Array'
      : v instanceof Type ? 'an object that only inherits from it' : an(typeof v);
    throw new TypeError(`${what} must be ${an(Type.name)}, not ${was}`);
  }
  return new Type(taBuffer.call(v), taOffset.call(v), taByteLength.call(v) / Type.BYTES_PER_ELEMENT);
}
export function num(v, what, min = -Infinity, max = Infinity) {
  if (typeof v !== 'number' || !Number.isFinite(v))
    throw new TypeError(`${what} must be a finite number, not ${typeof v === 'number' ? v : typeof v}`);
  if (v < min || v > max) throw new ShRangeError('SH_ERR_RANGE', `${what} ${v} is out of range ${min}..${max}`);
  return v;
}
export function bool(v, what) {
  if (typeof v !== 'boolean') throw new TypeError(`${what} must be true or false, not ${v === null ? 'null' : typeof v}`);
  return v;
}
