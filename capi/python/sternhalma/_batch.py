"""Batch calls: the legal moves of many positions in one C call, from their
packed forms in any bytes-like object (numpy arrays too) or from text."""
from __future__ import annotations

import ctypes
import functools
from array import array
from typing import List, Sequence

from ._constants import PACKED_SIZE
from ._errors import ParseError, _check, _raise
from ._args import _bytes_text, _bytes_view
from ._loaded import L, _lib
from ._moves import Move, _mk
from ._threads import _locked
from ._rules import Rules


def _buffer(data):
    """(address, length, keep-alive) of a bytes-like object, without copying when writable."""
    mv = _bytes_view(data)
    if mv.readonly:
        b = ctypes.c_char_p(bytes(mv))
        return ctypes.cast(b, ctypes.c_void_p), len(mv), b
    if len(mv) == 0:
        return None, 0, None
    arr = (ctypes.c_ubyte * len(mv)).from_buffer(mv)
    return ctypes.addressof(arr), len(mv), arr


def _packed(packed):
    addr, size, keep = _buffer(packed)
    if size % PACKED_SIZE:
        _raise(ParseError, f"packed data of {size} bytes is not a multiple of {PACKED_SIZE}")
    return addr, size // PACKED_SIZE, keep


@functools.partial(_locked, method=False)
def count_moves_batch(rules: Rules, packed) -> array:
    """Legal-move counts of many packed positions (PACKED_SIZE bytes each) in one call.

    `packed` is any bytes-like object (bytes, bytearray, memoryview, numpy
    uint8 array); returns array('I')."""
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
    addr, n, keep = _packed(packed)
    out = array("I", bytes(4 * n))
    if n:
        optr, _ = out.buffer_info()
        rules._err(_lib.sh_batch_count_moves(rules._h, addr, n, optr))
    del keep
    return out


@functools.partial(_locked, method=False)
def legal_moves_batch(rules: Rules, packed) -> List[List[Move]]:
    """Legal moves of many packed positions: a list of lists of Move.

    At most SH_MAX_BATCH (2**20) positions; the result costs about 90 bytes of
    Python objects per move (76 kept), about 2.9 GB for 2**20 mid-game
    classic-6 positions (32.5 M moves): use count_moves_batch for counts."""
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
    addr, n, keep = _packed(packed)
    if n == 0:
        return []
    offsets = (ctypes.c_size_t * (n + 1))()
    total = ctypes.c_size_t()
    rules._err(_lib.sh_batch_legal_moves(rules._h, addr, n, offsets, None, 0, ctypes.byref(total)))
    out = (L.Move_ * max(total.value, 1))()
    rules._err(_lib.sh_batch_legal_moves(rules._h, addr, n, offsets, out, total.value,
                                         ctypes.byref(total)))
    del keep
    return [[_mk(m.from_, m.to) for m in out[offsets[i]:offsets[i + 1]]] for i in range(n)]


def count_moves_texts(texts: Sequence[str]) -> List[int]:
    """Legal-move counts of many preset position lines."""
    if isinstance(texts, str):
        raise TypeError("texts must be a sequence of str, not one str")
    enc = [_bytes_text(t, f"texts[{i}]") for i, t in enumerate(texts)]
    n = len(enc)
    arr = (ctypes.c_char_p * max(n, 1))(*enc)
    counts = (ctypes.c_uint32 * max(n, 1))()
    bad = ctypes.c_size_t()
    _check(_lib.sh_batch_count_moves_text(arr, n, counts, ctypes.byref(bad)))
    return list(counts[:n])
