"""Tables: the presets, and Rules, a preset changed option by option; how a
table argument (a Rules or a preset id) is read, and how a pickled Rules
comes back."""
from __future__ import annotations

import ctypes
from typing import Dict, List

from ._constants import MAX_SEATS
from ._errors import OptionError, PresetError, _check
from ._args import _bytes_text, _seat
from ._loaded import L, _lib
from ._out import _text
from ._handles import _Handle


def presets() -> List[str]:
    """Every preset id, in the rule book's order (§7)."""
    return [_text(_lib.sh_preset_id, i) for i in range(_lib.sh_preset_count())]


_PRESET_IDS = frozenset(presets())


def _rules_arg(rules, name="rules") -> "Rules":
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        return Rules(rules)
    raise TypeError(f"{name} must be a Rules or a preset id, not {type(rules).__name__}")


class Rules(_Handle):
    """A table: a preset by id, changed option by option.

    ``Rules("classic-2")``, ``Rules("classic-2", id="free-2", zones="free")``
    (underscores in keyword names become dashes); ``r["zones"]`` reads and
    ``r["zones"] = "free"`` sets one option. A table whose rules differ from
    its preset's needs an id of its own before it is used."""

    _kind, _ptr = "rules", L.RulesP

    def __init__(self, preset: str = "classic-2", **options):
        h = L.RulesP()
        _check(_lib.sh_rules_new(_bytes_text(preset, "preset", PresetError), ctypes.byref(h)))
        self._h = h
        for name, value in options.items():
            self.set_option(name.replace("_", "-"), value)

    @property
    def id(self) -> str:
        """The table's id (a preset's, or the one a custom table was given)."""
        return self._text(_lib.sh_rules_id)

    @property
    def seats(self) -> List[int]:
        """The seats the table plays, in order."""
        m = ctypes.c_uint()
        self._err(_lib.sh_rules_seats(self._h, ctypes.byref(m)))
        return [p for p in range(MAX_SEATS) if m.value >> p & 1]

    def seat_name(self, seat: int) -> str:
        """The display name of a seat ("white"; "red"/"blue" in race-2)."""
        return self._text(_lib.sh_rules_seat_name, _seat(seat))

    def get_option(self, name: str) -> str:
        """One option's value as text ("jumps" -> "standard")."""
        return self._text(_lib.sh_rules_get_option, _bytes_text(name, "name", OptionError))

    def set_option(self, name: str, value) -> "Rules":
        """Sets one option from text (bool: yes/no, int: its digits); all or nothing.

        The table as a whole is checked by validate() and by every call that
        makes a position of it."""
        if isinstance(value, bool):
            value = "yes" if value else "no"
        elif isinstance(value, int):
            value = str(value)
        n = _bytes_text(name, "name", OptionError)
        v = _bytes_text(value, "value", OptionError)
        self._err(_lib.sh_rules_set_option(self._h, n, v))
        return self

    def set_options(self, settings: str) -> "Rules":
        """Several "name = value" settings, one per line or separated by ';'; all or nothing."""
        self._err(_lib.sh_rules_set_options(self._h, _bytes_text(settings, "settings", OptionError)))
        return self

    __getitem__ = get_option
    __setitem__ = set_option

    def derive_id(self) -> "Rules":
        """A table changed from a preset without an id of its own gets the
        derived id "<preset>+<8 hex digits>" (the same changes, the same id);
        any other keeps its id. Returns the rules."""
        self._err(_lib.sh_rules_derive_id(self._h))
        return self

    def validate(self) -> None:
        """Raises OptionError naming the field when the table is not playable."""
        self._err(_lib.sh_rules_validate(self._h))

    def describe(self) -> Dict[str, str]:
        """{name: value} for every option, in the library's order."""
        out = {}
        for line in self._text(_lib.sh_rules_describe).splitlines():
            k, _, v = line.partition(" = ")
            out[k] = v
        return out

    def _settings(self):
        return ";".join(f"{k}={v}" for k, v in self.describe().items())

    def __eq__(self, other):
        return isinstance(other, Rules) and self.describe() == other.describe()

    __hash__ = None

    def __reduce__(self):
        return (_rules_from_settings, (self._settings(),))

    def __repr__(self):
        return f"Rules({self.id!r})"


def _rules_from_settings(settings):
    return Rules("classic-2").set_options(settings)
