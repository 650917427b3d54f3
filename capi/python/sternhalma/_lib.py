"""Loading libsternhalma and declaring the C ABI (capi/sternhalma.h)."""
import ctypes
import ctypes.util
import glob
import os

c_int_p = ctypes.POINTER(ctypes.c_int)
c_size_p = ctypes.POINTER(ctypes.c_size_t)
c_u64_p = ctypes.POINTER(ctypes.c_uint64)
c_u32_p = ctypes.POINTER(ctypes.c_uint32)
c_ubyte_p = ctypes.POINTER(ctypes.c_ubyte)


class Move_(ctypes.Structure):
    _fields_ = [("from_", ctypes.c_int), ("to", ctypes.c_int)]


class Rules_(ctypes.Structure):
    pass


class Position_(ctypes.Structure):
    pass


class Game_(ctypes.Structure):
    pass


class Player_(ctypes.Structure):
    pass


class SeatInfo_(ctypes.Structure):
    _fields_ = [("status", ctypes.c_int), ("place", ctypes.c_int), ("out_reason", ctypes.c_int),
                ("moves_made", ctypes.c_int), ("turns_taken", ctypes.c_int),
                ("reserve_ms", ctypes.c_int64)]


class Event_(ctypes.Structure):
    _fields_ = [(n, ctypes.c_int) for n in
                ("kind", "seat", "owner", "from_", "to", "place", "out_reason", "end_reason",
                 "by_flag")]


class MatchStats_(ctypes.Structure):
    pass


class Interval_(ctypes.Structure):
    _fields_ = [("value", ctypes.c_double), ("low", ctypes.c_double), ("high", ctypes.c_double)]


class SprtTest_(ctypes.Structure):
    _fields_ = [("size", ctypes.c_size_t), ("elo0", ctypes.c_double), ("elo1", ctypes.c_double),
                ("alpha", ctypes.c_double), ("beta", ctypes.c_double)]


class SprtResult_(ctypes.Structure):
    _fields_ = [("llr", ctypes.c_double), ("lower", ctypes.c_double), ("upper", ctypes.c_double),
                ("decision", ctypes.c_int)]


class PlayerStats_(ctypes.Structure):
    _fields_ = [("games", ctypes.c_int64), ("wins", ctypes.c_int64), ("draws", ctypes.c_int64),
                ("losses", ctypes.c_int64), ("place", Interval_)]


GameP = ctypes.POINTER(Game_)
PlayerP = ctypes.POINTER(Player_)
RulesP = ctypes.POINTER(Rules_)
PositionP = ctypes.POINTER(Position_)
MoveP = ctypes.POINTER(Move_)


def _candidates(src=None):
    env = os.environ.get("STERNHALMA_LIB")
    if env:
        yield env
        return
    here = os.path.dirname(os.path.abspath(__file__))
    # The copy a wheel carries (pip install ./capi/python builds it).
    bundled = os.path.join(here, "_native", "libsternhalma.so")
    if src is None and os.path.exists(bundled):
        yield bundled
        return
    if src is None:
        src = os.path.dirname(os.path.dirname(os.path.dirname(here)))  # the repository
    # build/ first, the folder the README builds; then any other build*/
    # (build-dbg, build-install, ...), in name order.
    dirs = [os.path.join(src, "build", "capi")]
    dirs += [d for d in sorted(glob.glob(os.path.join(src, "build*", "capi"))) if d not in dirs]
    for d in dirs:
        yield os.path.join(d, "libsternhalma.so")
    found = ctypes.util.find_library("sternhalma")
    if found:
        yield found
    yield "libsternhalma.so.0"


def load(src=None):
    """The library, its functions declared; ImportError naming every place tried.
    A library that lacks a function of this package (an older build left in a
    build*/ folder) is passed over, as one that does not load is. `src`: the
    repository to look in (default: the one this package sits in)."""
    errors = []
    for path in _candidates(src):
        if os.path.sep in path and not os.path.exists(path):
            errors.append(f"{path}: no such file")
            continue
        try:
            return _declare(ctypes.CDLL(path))
        except OSError as e:
            errors.append(str(e))
        except AttributeError as e:
            errors.append(f"{path}: {e} (a library older than this package)")
    raise ImportError("libsternhalma not found (set STERNHALMA_LIB to the .so): " +
                      "; ".join(errors))


# name: (argtypes); every function returns sh_status (int) unless listed below.
_SIGS = {
    "sh_cell_from_name": [ctypes.c_char_p, c_int_p],
    "sh_cell_name": [ctypes.c_int, ctypes.c_char_p, ctypes.c_size_t, c_size_p],
    "sh_cell_axial": [ctypes.c_int, c_int_p, c_int_p],
    "sh_cell_at": [ctypes.c_int, ctypes.c_int, c_int_p],
    "sh_cell_neighbours": [ctypes.c_int, c_int_p],
    "sh_cell_point": [ctypes.c_int, c_int_p],
    "sh_cell_xy": [ctypes.c_int, ctypes.POINTER(ctypes.c_double), ctypes.POINTER(ctypes.c_double)],
    "sh_cell_rotate": [ctypes.c_int, ctypes.c_int, c_int_p],
    "sh_cell_reflect": [ctypes.c_int, c_int_p],
    "sh_cell_distance": [ctypes.c_int, ctypes.c_int, c_int_p],
    "sh_camp_cells": [ctypes.c_int, ctypes.c_int, c_int_p, ctypes.c_size_t, c_size_p],
    "sh_tip_cell": [ctypes.c_int, c_int_p],
    "sh_foreign_cells": [ctypes.c_int, c_int_p, ctypes.c_size_t, c_size_p],
    "sh_seat_letter": [ctypes.c_int, ctypes.c_char_p],
    "sh_seat_from_letter": [ctypes.c_char, c_int_p],
    "sh_preset_id": [ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t, c_size_p],
    "sh_rules_new": [ctypes.c_char_p, ctypes.POINTER(RulesP)],
    "sh_rules_clone": [RulesP, ctypes.POINTER(RulesP)],
    "sh_rules_id": [RulesP, ctypes.c_char_p, ctypes.c_size_t, c_size_p],
    "sh_rules_seats": [RulesP, ctypes.POINTER(ctypes.c_uint)],
    "sh_rules_seat_name": [RulesP, ctypes.c_int, ctypes.c_char_p, ctypes.c_size_t, c_size_p],
    "sh_rules_get_option": [RulesP, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t, c_size_p],
    "sh_rules_set_option": [RulesP, ctypes.c_char_p, ctypes.c_char_p],
    "sh_rules_set_options": [RulesP, ctypes.c_char_p],
    "sh_rules_validate": [RulesP],
    "sh_rules_describe": [RulesP, ctypes.c_char_p, ctypes.c_size_t, c_size_p],
    "sh_position_new": [RulesP, ctypes.POINTER(PositionP)],
    "sh_position_parse": [ctypes.c_char_p, ctypes.POINTER(PositionP)],
    "sh_position_parse_rules": [RulesP, ctypes.c_char_p, ctypes.POINTER(PositionP)],
    "sh_position_clone": [PositionP, ctypes.POINTER(PositionP)],
    "sh_position_rules": [PositionP, ctypes.POINTER(RulesP)],
    "sh_position_to_text": [PositionP, ctypes.c_char_p, ctypes.c_size_t, c_size_p],
    "sh_position_render": [PositionP, ctypes.c_char_p, ctypes.c_size_t, c_size_p],
    "sh_position_to_move": [PositionP, c_int_p],
    "sh_position_round": [PositionP, c_int_p],
    "sh_position_hash": [PositionP, c_u64_p],
    "sh_position_owner": [PositionP, ctypes.c_int, c_int_p, c_int_p],
    "sh_position_pieces": [PositionP, ctypes.c_int, c_int_p, ctypes.c_size_t, c_size_p],
    "sh_position_pack": [PositionP, ctypes.c_char_p],
    "sh_position_unpack": [RulesP, ctypes.c_char_p, ctypes.POINTER(PositionP)],
    "sh_position_legal_moves": [PositionP, MoveP, ctypes.c_size_t, c_size_p],
    "sh_position_count_moves": [PositionP, c_size_p],
    "sh_position_destinations": [PositionP, ctypes.c_int, c_int_p, ctypes.c_size_t, c_size_p],
    "sh_position_is_legal": [PositionP, ctypes.c_int, ctypes.c_int, c_int_p],
    "sh_position_closed_cells": [PositionP, ctypes.c_int, c_int_p, ctypes.c_size_t, c_size_p],
    "sh_position_canonical_path": [PositionP, ctypes.c_int, ctypes.c_int, c_int_p,
                                   ctypes.c_size_t, c_size_p],
    "sh_position_all_paths": [PositionP, ctypes.c_int, ctypes.c_int, ctypes.c_size_t, c_int_p,
                              ctypes.c_size_t, c_size_p, c_size_p, c_int_p],
    "sh_position_parse_move": [PositionP, ctypes.c_char_p, MoveP],
    "sh_position_format_move": [PositionP, ctypes.c_int, ctypes.c_int, ctypes.c_char_p,
                                ctypes.c_size_t, c_size_p],
    "sh_position_play": [PositionP, ctypes.c_int, ctypes.c_int],
    "sh_perft": [PositionP, ctypes.c_int, c_u64_p],
    "sh_perft_threads": [PositionP, ctypes.c_int, ctypes.c_int, c_u64_p],
    "sh_divide": [PositionP, ctypes.c_int, MoveP, c_u64_p, ctypes.c_size_t, c_size_p],
    "sh_batch_count_moves": [RulesP, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p],
    "sh_batch_legal_moves": [RulesP, ctypes.c_void_p, ctypes.c_size_t, c_size_p, MoveP,
                             ctypes.c_size_t, c_size_p],
    "sh_batch_count_moves_text": [ctypes.POINTER(ctypes.c_char_p), ctypes.c_size_t, c_u32_p,
                                  c_size_p],
    "sh_position_distance": [PositionP, ctypes.c_int, c_int_p, c_int_p, c_int_p],
    "sh_rating_changes": [c_int_p, ctypes.POINTER(ctypes.c_double), ctypes.c_size_t,
                          ctypes.c_double, ctypes.c_double, ctypes.POINTER(ctypes.c_double)],
    "sh_position_playouts": [PositionP, ctypes.c_size_t, ctypes.c_int, ctypes.c_uint64, c_int_p,
                           c_int_p],
}
_SIGS.update({
    "sh_game_new": [RulesP, ctypes.c_int, ctypes.POINTER(GameP)],
    "sh_game_from_position": [PositionP, ctypes.POINTER(GameP)],
    "sh_game_seat": [GameP, ctypes.c_int, ctypes.POINTER(SeatInfo_), ctypes.c_size_t],
    "sh_game_check": [GameP, ctypes.c_int, ctypes.c_int],
    "sh_game_parse_move": [GameP, ctypes.c_char_p, MoveP],
    "sh_player_clone": [PlayerP, ctypes.POINTER(PlayerP)],
    "sh_game_from_record": [RulesP, ctypes.c_char_p, ctypes.POINTER(GameP)],
    "sh_game_clone": [GameP, ctypes.POINTER(GameP)],
    "sh_game_position": [GameP, ctypes.POINTER(PositionP)],
    "sh_game_to_move": [GameP, c_int_p, c_int_p],
    "sh_game_state": [GameP, c_int_p, c_int_p, c_int_p],
    "sh_game_counters": [GameP, c_int_p, c_int_p, c_int_p],
    "sh_game_places": [GameP, c_int_p],
    "sh_game_legal_moves": [GameP, MoveP, ctypes.c_size_t, c_size_p],
    "sh_game_eliminates": [GameP, ctypes.c_int, ctypes.c_int, c_int_p],
    "sh_game_puts_out": [GameP, ctypes.c_int, ctypes.c_int, c_int_p],
    "sh_game_apply": [GameP, ctypes.c_int, ctypes.c_int, ctypes.c_int64],
    "sh_game_apply_text": [GameP, ctypes.c_char_p, ctypes.c_int64],
    "sh_game_resign": [GameP, ctypes.c_int],
    "sh_game_flag": [GameP],
    "sh_game_undo": [GameP, ctypes.c_int, c_int_p],
    "sh_game_events": [GameP, ctypes.c_size_t, ctypes.POINTER(Event_), ctypes.c_size_t,
                       ctypes.c_size_t, c_size_p],
    "sh_game_event_text": [GameP, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t, c_size_p],
    "sh_game_set_clock": [GameP, ctypes.c_int64, ctypes.c_int64],
    "sh_game_record": [GameP, ctypes.c_int, ctypes.c_char_p, ctypes.c_size_t, c_size_p],
    "sh_game_rating_changes": [GameP, ctypes.POINTER(ctypes.c_double), ctypes.c_size_t,
                               ctypes.c_double, ctypes.c_double, ctypes.POINTER(ctypes.c_double)],
    "sh_player_new": [ctypes.c_char_p, ctypes.c_uint64, ctypes.POINTER(PlayerP)],
    "sh_player_choose": [PlayerP, GameP, MoveP],
    "sh_player_set_budget": [PlayerP, ctypes.c_int64, ctypes.c_int64],
    "sh_player_budget": [PlayerP, ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(ctypes.c_int64)],
    "sh_player_last_stats": [PlayerP, ctypes.POINTER(ctypes.c_int64), c_int_p],
    "sh_game_playouts": [GameP, ctypes.c_size_t, ctypes.c_int, ctypes.c_uint64, c_int_p, c_int_p],
})
# Match statistics (new in 0.4.0).
MatchStatsP = ctypes.POINTER(MatchStats_)
c_i64_p = ctypes.POINTER(ctypes.c_int64)
_SIGS.update({
    "sh_elo_from_wdl": [ctypes.c_int64, ctypes.c_int64, ctypes.c_int64, ctypes.POINTER(Interval_)],
    "sh_elo_from_pentanomial": [c_i64_p, ctypes.POINTER(Interval_)],
    "sh_sprt_test_init": [ctypes.POINTER(SprtTest_), ctypes.c_size_t],
    "sh_sprt_check": [ctypes.POINTER(SprtTest_)],
    "sh_sprt": [ctypes.POINTER(SprtTest_), c_i64_p, ctypes.POINTER(SprtResult_), ctypes.c_size_t],
    "sh_match_stats_new": [ctypes.c_int, ctypes.POINTER(MatchStatsP)],
    "sh_match_stats_clone": [MatchStatsP, ctypes.POINTER(MatchStatsP)],
    "sh_match_stats_add": [MatchStatsP, ctypes.c_int64, c_int_p, ctypes.c_size_t, c_int_p,
                           ctypes.c_size_t],
    "sh_match_stats_players": [MatchStatsP, c_int_p],
    "sh_match_stats_games": [MatchStatsP, c_i64_p],
    "sh_match_stats_two_units": [MatchStatsP, c_int_p],
    "sh_match_stats_player": [MatchStatsP, ctypes.c_int, ctypes.POINTER(PlayerStats_),
                              ctypes.c_size_t],
    "sh_match_stats_pairwise": [MatchStatsP, ctypes.c_int, ctypes.c_int, c_i64_p,
                                ctypes.POINTER(ctypes.c_double)],
    "sh_match_stats_score": [MatchStatsP, ctypes.POINTER(Interval_)],
    "sh_match_stats_elo": [MatchStatsP, ctypes.POINTER(Interval_)],
    "sh_match_stats_wdl": [MatchStatsP, c_i64_p, c_i64_p, c_i64_p],
    "sh_match_stats_pentanomial": [MatchStatsP, c_i64_p],
    "sh_match_stats_sprt": [MatchStatsP, ctypes.POINTER(SprtTest_), ctypes.POINTER(SprtResult_),
                            ctypes.c_size_t],
})
_OTHER = {
    "sh_version": ([], ctypes.c_char_p),
    "sh_version_number": ([], ctypes.c_uint),
    "sh_status_name": ([ctypes.c_int], ctypes.c_char_p),
    "sh_end_reason_name": ([ctypes.c_int], ctypes.c_char_p),
    "sh_out_reason_name": ([ctypes.c_int], ctypes.c_char_p),
    "sh_event_kind_name": ([ctypes.c_int], ctypes.c_char_p),
    "sh_seat_status_name": ([ctypes.c_int], ctypes.c_char_p),
    "sh_last_error": ([], ctypes.c_char_p),
    "sh_preset_count": ([], ctypes.c_size_t),
    "sh_rules_free": ([RulesP], None),
    "sh_rules_error": ([RulesP], ctypes.c_char_p),
    "sh_position_free": ([PositionP], None),
    "sh_position_error": ([PositionP], ctypes.c_char_p),
    "sh_game_free": ([GameP], None),
    "sh_game_error": ([GameP], ctypes.c_char_p),
    "sh_player_free": ([PlayerP], None),
    "sh_player_error": ([PlayerP], ctypes.c_char_p),
    "sh_match_stats_free": ([MatchStatsP], None),
    "sh_match_stats_error": ([MatchStatsP], ctypes.c_char_p),
}


def _declare(lib):
    for name, args in _SIGS.items():
        f = getattr(lib, name)
        f.argtypes, f.restype = args, ctypes.c_int
    for name, (args, res) in _OTHER.items():
        f = getattr(lib, name)
        f.argtypes, f.restype = args, res
    return lib


def declare_optional(lib, sigs):
    """Declares functions of a newer library; returns the names present."""
    present = set()
    for name, (args, res) in sigs.items():
        f = getattr(lib, name, None)
        if f is not None:
            f.argtypes, f.restype = args, res
            present.add(name)
    return present
