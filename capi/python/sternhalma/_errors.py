"""The errors: a SternhalmaError subclass per sh_status, and the one table from
a status to its class (sternhalma.rl raises through it too)."""
from __future__ import annotations

from ._loaded import _lib


class SternhalmaError(Exception):
    """A call failed; ``.status`` is the sh_status name, ``str()`` the message."""

    def __init__(self, status: str, message: str):
        super().__init__(message)
        self.status = status
        self.message = message

    def __reduce__(self):
        return (type(self), (self.status, self.message))


class NullError(SternhalmaError, ValueError):
    """A required value was missing (SH_ERR_NULL)."""


class BufferTooSmall(SternhalmaError):
    """An output buffer was too small (SH_ERR_BUFFER); the binding sizes its own, so a bug."""


class CellError(SternhalmaError, ValueError):
    """Not a cell index (0..120) or name (SH_ERR_CELL)."""


class MoveError(SternhalmaError, ValueError):
    """An illegal or malformed move (SH_ERR_MOVE)."""


class ParseError(SternhalmaError, ValueError):
    """Malformed text: a position, record or packed form (SH_ERR_PARSE)."""


class PresetError(SternhalmaError, KeyError):
    """An unknown preset id (SH_ERR_PRESET)."""

    __str__ = Exception.__str__


class OptionError(SternhalmaError, ValueError):
    """An unknown rule option, a bad value or an unplayable table (SH_ERR_OPTION)."""


class StateError(SternhalmaError):
    """Not possible now: the game is over, nothing to undo, ... (SH_ERR_STATE)."""


class SeatError(SternhalmaError, ValueError):
    """Not a seat (0..5), or a seat the table does not play (SH_ERR_SEAT)."""


class RangeError(SternhalmaError, ValueError):
    """A number out of its range (SH_ERR_RANGE); the message names the argument."""


class InternalError(SternhalmaError):
    """A bug in the library (SH_ERR_INTERNAL): please report the message."""


class LimitError(SternhalmaError):
    """A documented ceiling on work or memory was reached (SH_ERR_LIMIT)."""


_ERRORS = {1: NullError, 2: BufferTooSmall, 3: CellError, 4: MoveError, 5: ParseError,
           6: PresetError, 7: OptionError, 8: StateError, 9: SeatError, 10: RangeError,
           11: MemoryError, 12: InternalError, 13: LimitError}
_STATUS = {cls: f"SH_ERR_{n}" for cls, n in [
    (CellError, "CELL"), (MoveError, "MOVE"), (ParseError, "PARSE"), (PresetError, "PRESET"),
    (OptionError, "OPTION"), (StateError, "STATE"), (SeatError, "SEAT"), (RangeError, "RANGE")]}


def _raise(cls, message):
    raise cls(_STATUS[cls], message)


def _check(status, message=None):
    if status == 0:
        return
    name = _lib.sh_status_name(status).decode()
    msg = (message if message is not None else _lib.sh_last_error()).decode("utf-8", "replace")
    cls = _ERRORS.get(status, SternhalmaError)
    if cls is MemoryError:
        raise MemoryError(msg)
    raise cls(name, msg)
