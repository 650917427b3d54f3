// rules.js — Rules: a table, a preset changed option by option. Apart as the
// first handle: Position and Game take one.
import { OptionError, PresetError } from './errors.js';
import { X } from './wasm.js';
import { int, str } from './checks.js';
import { call, check, textOut, intOut } from './call.js';
import { Handle, MADE_HERE, ptrOf, newHandle, handleOf } from './handle.js';

/** A table: a preset by id, changed option by option. */
export class Rules extends Handle {
  constructor(token, ptr) { super(token, ptr, X.sh_rules_free, 'Rules.create(id) or r.copy()'); }
  /** The rules of a preset ('table-3'). */
  static create(id = 'classic-2') {
    str(id, 'preset id', PresetError);
    return new Rules(MADE_HERE, newHandle((f, out) => X.sh_rules_new(f.str(id), out)));
  }
  copy() { return new Rules(MADE_HERE, newHandle((f, out) => X.sh_rules_clone(ptrOf(this, Rules), out))); }
  get id() { return textOut(X.sh_rules_id, ptrOf(this, Rules)); }
  /** The played seats, in point order. */
  get seats() {
    const mask = intOut(X.sh_rules_seats, ptrOf(this, Rules));
    return [0, 1, 2, 3, 4, 5].filter((p) => (mask >> p) & 1);
  }
  seatName(s) { return textOut(X.sh_rules_seat_name, ptrOf(this, Rules), int(s, 'seat')); }
  getOption(name) {
    str(name, 'option name', OptionError);
    return call((f) => textOut(X.sh_rules_get_option, ptrOf(this, Rules), f.str(name)));
  }
  setOption(name, value) {
    str(name, 'option name', OptionError);
    if (typeof value === 'boolean') value = value ? 'yes' : 'no';
    else if (typeof value === 'number') value = String(value);
    str(value, 'option value', OptionError);
    call((f) => check(X.sh_rules_set_option(ptrOf(this, Rules), f.str(name), f.str(value))));
    return this;
  }
  /** Several 'name = value' settings (lines or ';'), all or nothing. */
  setOptions(settings) {
    str(settings, 'settings', OptionError);
    call((f) => check(X.sh_rules_set_options(ptrOf(this, Rules), f.str(settings))));
    return this;
  }
  /** A table changed from a preset without an id of its own gets the derived
   * id '<preset>+<8 hex digits>' (the same changes, the same id); returns this. */
  deriveId() { check(X.sh_rules_derive_id(ptrOf(this, Rules))); return this; }
  validate() { check(X.sh_rules_validate(ptrOf(this, Rules))); }
  /** Every option as {name: value}. */
  describe() {
    const out = {};
    for (const line of textOut(X.sh_rules_describe, ptrOf(this, Rules)).split('\n')) {
      const i = line.indexOf(' = ');
      if (i > 0) out[line.slice(0, i)] = line.slice(i + 3);
    }
    return out;
  }
  // Not through this.id: that is whatever the prototype (which user code can
  // swap) has; the check comes first.
  toString() { return `Rules(${textOut(X.sh_rules_id, ptrOf(this, Rules))})`; }
}

// A `rules` argument that is a preset id or a Rules: body(its handle). A Rules
// made here for an id is freed here; the caller's is not. (Tracked by what was
// made, not by comparing with `rules`: NaN !== NaN.)
export function withRules(rules, what, body) {
  const made = typeof rules === 'string' ? Rules.create(rules) : null;
  try {
    return body(handleOf(made ?? rules, Rules, what));
  } finally {
    made?.dispose();
  }
}

// An optional `rules` argument (undefined or a Rules): its handle, or 0
// (C's NULL) when it is left out.
export const optRules = (rules) => (rules === undefined ? 0 : handleOf(rules, Rules, 'rules'));
