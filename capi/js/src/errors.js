// errors.js — the Error subclasses, one per failing sh_status, and the tables
// between statuses and classes. Apart because every other module throws them,
// wasm.js among the first; nothing here touches wasm (check(), which reads the
// library's message, is in call.js).
import { enums } from '../abi.js';

const ST = enums.sh_status;

/** A call failed: `.status` is the sh_status name, `.message` the library's message. */
export class SternhalmaError extends Error {
  constructor(status, message) {
    super(message);
    this.name = new.target.name;
    this.status = status;
  }
}
// One row per failing status: the class it throws. The classes are made by
// this table, so each status and its class are named once here (index.d.ts
// declares them for TypeScript). RangeError is ours, not the built-in one,
// as in the other bindings; inside the package it is ShRangeError.
export const errorClass = {}, statusOf = new Map();
function errorKind(status, name) {
  errorClass[status] = { [name]: class extends SternhalmaError {} }[name];
  statusOf.set(errorClass[status], status);
  return errorClass[status];
}
export const NullError = errorKind('SH_ERR_NULL', 'NullError');
export const BufferTooSmall = errorKind('SH_ERR_BUFFER', 'BufferTooSmall');
export const CellError = errorKind('SH_ERR_CELL', 'CellError');
export const MoveError = errorKind('SH_ERR_MOVE', 'MoveError');
export const ParseError = errorKind('SH_ERR_PARSE', 'ParseError');
export const PresetError = errorKind('SH_ERR_PRESET', 'PresetError');
export const OptionError = errorKind('SH_ERR_OPTION', 'OptionError');
export const StateError = errorKind('SH_ERR_STATE', 'StateError');
export const SeatError = errorKind('SH_ERR_SEAT', 'SeatError');
export const ShRangeError = errorKind('SH_ERR_RANGE', 'RangeError');
export { ShRangeError as RangeError };
export const MemoryError = errorKind('SH_ERR_MEMORY', 'MemoryError');
export const InternalError = errorKind('SH_ERR_INTERNAL', 'InternalError');
/** A documented ceiling on work or memory was reached (SH_ERR_LIMIT). */
export const LimitError = errorKind('SH_ERR_LIMIT', 'LimitError');
export const statusName = Object.fromEntries(Object.entries(ST).map(([k, v]) => [v, k]));
