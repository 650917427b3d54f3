"""Loading libsternhalma and declaring the C ABI (capi/sternhalma.h): every
function's prototype and every struct, once, for the whole package
(sternhalma.rl included). tests/abi_check.py checks them against the header:
a C type is written as its ctypes type (int c_int, size_t c_size_t, const
char * c_char_p, sh_rules * RulesP, sh_rules ** POINTER(RulesP)); an
argument that points to plain values may be c_void_p instead, so that a
caller passes a buffer's address (numpy's .ctypes.data) without a cast."""
import ctypes
import ctypes.util
import glob
import os
from ctypes import (POINTER, c_char, c_char_p, c_double, c_float, c_int, c_int32, c_int64,
                    c_size_t, c_uint, c_uint8, c_uint32, c_uint64, c_void_p)

STATUS = c_int  # sh_status
c_int_p = POINTER(c_int)
c_uint_p = POINTER(c_uint)
c_size_p = POINTER(c_size_t)
c_i32_p = POINTER(c_int32)
c_i64_p = POINTER(c_int64)
c_u32_p = POINTER(c_uint32)
c_u64_p = POINTER(c_uint64)
c_double_p = POINTER(c_double)


# The header's structs, each named by its C name (sh_seat_info: SeatInfo_);
# the handles are opaque.
class Rules_(ctypes.Structure):
    pass


class Position_(ctypes.Structure):
    pass


class Move_(ctypes.Structure):
    _fields_ = [("from_", c_int), ("to", c_int)]


class Game_(ctypes.Structure):
    pass


class Player_(ctypes.Structure):
    pass


class Event_(ctypes.Structure):
    _fields_ = [("kind", c_int), ("seat", c_int), ("owner", c_int), ("from_", c_int),
                ("to", c_int), ("place", c_int), ("out_reason", c_int), ("end_reason", c_int),
                ("by_flag", c_int)]


class SeatInfo_(ctypes.Structure):
    _fields_ = [("status", c_int), ("place", c_int), ("out_reason", c_int),
                ("moves_made", c_int), ("turns_taken", c_int), ("reserve_ms", c_int64)]


class Env_(ctypes.Structure):
    pass


class EnvOptions_(ctypes.Structure):
    _fields_ = [("size", c_size_t), ("layout", c_int), ("dtype", c_int), ("reward", c_int),
                ("max_turns", c_int), ("auto_reset", c_int), ("opponents", c_char_p * 6),
                ("record", c_int), ("reserved", c_int), ("action_frame", c_int)]


class EnvSpec_(ctypes.Structure):
    _fields_ = [("size", c_size_t), ("num_envs", c_size_t), ("num_players", c_int),
                ("seats", c_int * 6), ("planes", c_int), ("height", c_int), ("width", c_int),
                ("obs_values", c_size_t), ("obs_bytes", c_size_t), ("num_actions", c_int)]


class EnvBuffers_(ctypes.Structure):
    _fields_ = [("size", c_size_t), ("obs", c_void_p), ("mask", POINTER(c_uint8)),
                ("rewards", POINTER(c_float)), ("terminated", POINTER(c_uint8)),
                ("truncated", POINTER(c_uint8)), ("to_play", POINTER(c_int32)),
                ("legal", POINTER(c_int32)), ("num_legal", POINTER(c_int32))]


class Interval_(ctypes.Structure):
    _fields_ = [("value", c_double), ("low", c_double), ("high", c_double)]


class SprtTest_(ctypes.Structure):
    _fields_ = [("size", c_size_t), ("elo0", c_double), ("elo1", c_double),
                ("alpha", c_double), ("beta", c_double)]


class SprtResult_(ctypes.Structure):
    _fields_ = [("llr", c_double), ("lower", c_double), ("upper", c_double),
                ("decision", c_int)]


class PlayerStats_(ctypes.Structure):
    _fields_ = [("games", c_int64), ("wins", c_int64), ("draws", c_int64),
                ("losses", c_int64), ("place", Interval_)]


class MatchStats_(ctypes.Structure):
    pass


RulesP = POINTER(Rules_)
PositionP = POINTER(Position_)
MoveP = POINTER(Move_)
GameP = POINTER(Game_)
PlayerP = POINTER(Player_)
EventP = POINTER(Event_)
SeatInfoP = POINTER(SeatInfo_)
EnvP = POINTER(Env_)
EnvOptionsP = POINTER(EnvOptions_)
EnvSpecP = POINTER(EnvSpec_)
EnvBuffersP = POINTER(EnvBuffers_)
IntervalP = POINTER(Interval_)
SprtTestP = POINTER(SprtTest_)
SprtResultP = POINTER(SprtResult_)
PlayerStatsP = POINTER(PlayerStats_)
MatchStatsP = POINTER(MatchStats_)


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


# Every function of the header, in its order: name -> (restype, [argtypes]).
FUNCTIONS = {
    "sh_version": (c_char_p, []),
    "sh_version_number": (c_uint, []),
    "sh_status_name": (c_char_p, [c_int]),
    "sh_last_error": (c_char_p, []),
    "sh_cell_from_name": (STATUS, [c_char_p, c_int_p]),
    "sh_cell_name": (STATUS, [c_int, c_char_p, c_size_t, c_size_p]),
    "sh_cell_axial": (STATUS, [c_int, c_int_p, c_int_p]),
    "sh_cell_at": (STATUS, [c_int, c_int, c_int_p]),
    "sh_cell_neighbours": (STATUS, [c_int, c_int_p]),
    "sh_cell_point": (STATUS, [c_int, c_int_p]),
    "sh_cell_xy": (STATUS, [c_int, c_double_p, c_double_p]),
    "sh_cell_rotate": (STATUS, [c_int, c_int, c_int_p]),
    "sh_cell_reflect": (STATUS, [c_int, c_int_p]),
    "sh_cell_distance": (STATUS, [c_int, c_int, c_int_p]),
    "sh_camp_cells": (STATUS, [c_int, c_int, c_int_p, c_size_t, c_size_p]),
    "sh_tip_cell": (STATUS, [c_int, c_int_p]),
    "sh_foreign_cells": (STATUS, [c_int, c_int_p, c_size_t, c_size_p]),
    "sh_seat_letter": (STATUS, [c_int, c_char_p]),
    "sh_seat_from_letter": (STATUS, [c_char, c_int_p]),
    "sh_preset_count": (c_size_t, []),
    "sh_preset_id": (STATUS, [c_size_t, c_char_p, c_size_t, c_size_p]),
    "sh_rules_new": (STATUS, [c_char_p, POINTER(RulesP)]),
    "sh_rules_clone": (STATUS, [RulesP, POINTER(RulesP)]),
    "sh_rules_free": (None, [RulesP]),
    "sh_rules_error": (c_char_p, [RulesP]),
    "sh_rules_id": (STATUS, [RulesP, c_char_p, c_size_t, c_size_p]),
    "sh_rules_seats": (STATUS, [RulesP, c_uint_p]),
    "sh_rules_seat_name": (STATUS, [RulesP, c_int, c_char_p, c_size_t, c_size_p]),
    "sh_rules_get_option": (STATUS, [RulesP, c_char_p, c_char_p, c_size_t, c_size_p]),
    "sh_rules_set_option": (STATUS, [RulesP, c_char_p, c_char_p]),
    "sh_rules_set_options": (STATUS, [RulesP, c_char_p]),
    "sh_rules_derive_id": (STATUS, [RulesP]),
    "sh_rules_validate": (STATUS, [RulesP]),
    "sh_rules_describe": (STATUS, [RulesP, c_char_p, c_size_t, c_size_p]),
    "sh_position_new": (STATUS, [RulesP, POINTER(PositionP)]),
    "sh_position_parse": (STATUS, [c_char_p, POINTER(PositionP)]),
    "sh_position_parse_rules": (STATUS, [RulesP, c_char_p, POINTER(PositionP)]),
    "sh_position_clone": (STATUS, [PositionP, POINTER(PositionP)]),
    "sh_position_free": (None, [PositionP]),
    "sh_position_error": (c_char_p, [PositionP]),
    "sh_position_rules": (STATUS, [PositionP, POINTER(RulesP)]),
    "sh_position_to_text": (STATUS, [PositionP, c_char_p, c_size_t, c_size_p]),
    "sh_position_render": (STATUS, [PositionP, c_char_p, c_size_t, c_size_p]),
    "sh_position_to_move": (STATUS, [PositionP, c_int_p]),
    "sh_position_round": (STATUS, [PositionP, c_int_p]),
    "sh_position_hash": (STATUS, [PositionP, c_u64_p]),
    "sh_position_owner": (STATUS, [PositionP, c_int, c_int_p, c_int_p]),
    "sh_position_pieces": (STATUS, [PositionP, c_int, c_int_p, c_size_t, c_size_p]),
    "sh_position_pack": (STATUS, [PositionP, c_char_p]),
    "sh_position_unpack": (STATUS, [RulesP, c_char_p, POINTER(PositionP)]),
    "sh_position_legal_moves": (STATUS, [PositionP, MoveP, c_size_t, c_size_p]),
    "sh_position_count_moves": (STATUS, [PositionP, c_size_p]),
    "sh_position_destinations": (STATUS, [PositionP, c_int, c_int_p, c_size_t, c_size_p]),
    "sh_position_is_legal": (STATUS, [PositionP, c_int, c_int, c_int_p]),
    "sh_position_closed_cells": (STATUS, [PositionP, c_int, c_int_p, c_size_t, c_size_p]),
    "sh_position_canonical_path": (STATUS, [PositionP, c_int, c_int, c_int_p, c_size_t, c_size_p]),
    "sh_position_all_paths": (STATUS, [PositionP, c_int, c_int, c_size_t, c_int_p, c_size_t,
                                       c_size_p, c_size_p, c_int_p]),
    "sh_position_parse_move": (STATUS, [PositionP, c_char_p, MoveP]),
    "sh_position_format_move": (STATUS, [PositionP, c_int, c_int, c_char_p, c_size_t, c_size_p]),
    "sh_position_play": (STATUS, [PositionP, c_int, c_int]),
    "sh_perft": (STATUS, [PositionP, c_int, c_u64_p]),
    "sh_divide": (STATUS, [PositionP, c_int, MoveP, c_u64_p, c_size_t, c_size_p]),
    "sh_batch_count_moves": (STATUS, [RulesP, c_void_p, c_size_t, c_void_p]),
    "sh_batch_legal_moves": (STATUS, [RulesP, c_void_p, c_size_t, c_size_p, MoveP, c_size_t,
                                      c_size_p]),
    "sh_batch_count_moves_text": (STATUS, [POINTER(c_char_p), c_size_t, c_u32_p, c_size_p]),
    "sh_game_new": (STATUS, [RulesP, c_int, POINTER(GameP)]),
    "sh_game_from_position": (STATUS, [PositionP, POINTER(GameP)]),
    "sh_game_from_record": (STATUS, [RulesP, c_char_p, POINTER(GameP)]),
    "sh_game_clone": (STATUS, [GameP, POINTER(GameP)]),
    "sh_game_free": (None, [GameP]),
    "sh_game_error": (c_char_p, [GameP]),
    "sh_game_position": (STATUS, [GameP, POINTER(PositionP)]),
    "sh_game_to_move": (STATUS, [GameP, c_int_p, c_int_p]),
    "sh_game_state": (STATUS, [GameP, c_int_p, c_int_p, c_int_p]),
    "sh_game_counters": (STATUS, [GameP, c_int_p, c_int_p, c_int_p]),
    "sh_game_seat": (STATUS, [GameP, c_int, SeatInfoP, c_size_t]),
    "sh_game_places": (STATUS, [GameP, c_int_p]),
    "sh_game_legal_moves": (STATUS, [GameP, MoveP, c_size_t, c_size_p]),
    "sh_game_check": (STATUS, [GameP, c_int, c_int]),
    "sh_game_parse_move": (STATUS, [GameP, c_char_p, MoveP]),
    "sh_game_eliminates": (STATUS, [GameP, c_int, c_int, c_int_p]),
    "sh_game_puts_out": (STATUS, [GameP, c_int, c_int, c_int_p]),
    "sh_game_apply": (STATUS, [GameP, c_int, c_int, c_int64]),
    "sh_game_apply_text": (STATUS, [GameP, c_char_p, c_int64]),
    "sh_game_resign": (STATUS, [GameP, c_int]),
    "sh_game_flag": (STATUS, [GameP]),
    "sh_game_undo": (STATUS, [GameP, c_int, c_int_p]),
    "sh_game_events": (STATUS, [GameP, c_size_t, EventP, c_size_t, c_size_t, c_size_p]),
    "sh_game_event_text": (STATUS, [GameP, c_size_t, c_char_p, c_size_t, c_size_p]),
    "sh_game_set_clock": (STATUS, [GameP, c_int64, c_int64]),
    "sh_game_record": (STATUS, [GameP, c_int, c_char_p, c_size_t, c_size_p]),
    "sh_position_distance": (STATUS, [PositionP, c_int, c_int_p, c_int_p, c_int_p]),
    "sh_rating_changes": (STATUS, [c_int_p, c_double_p, c_size_t, c_double, c_double, c_double_p]),
    "sh_game_rating_changes": (STATUS, [GameP, c_double_p, c_size_t, c_double, c_double,
                                        c_double_p]),
    "sh_player_new": (STATUS, [c_char_p, c_uint64, POINTER(PlayerP)]),
    "sh_player_free": (None, [PlayerP]),
    "sh_player_error": (c_char_p, [PlayerP]),
    "sh_player_choose": (STATUS, [PlayerP, GameP, MoveP]),
    "sh_player_set_budget": (STATUS, [PlayerP, c_int64, c_int64]),
    "sh_player_budget": (STATUS, [PlayerP, c_i64_p, c_i64_p]),
    "sh_player_last_stats": (STATUS, [PlayerP, c_i64_p, c_int_p]),
    "sh_player_set_threads": (STATUS, [PlayerP, c_int]),
    "sh_player_threads": (STATUS, [PlayerP, c_int_p]),
    "sh_game_playouts": (STATUS, [GameP, c_size_t, c_int, c_uint64, c_int_p, c_int_p]),
    "sh_position_playouts": (STATUS, [PositionP, c_size_t, c_int, c_uint64, c_int_p, c_int_p]),
    "sh_end_reason_name": (c_char_p, [c_int]),
    "sh_out_reason_name": (c_char_p, [c_int]),
    "sh_event_kind_name": (c_char_p, [c_int]),
    "sh_seat_status_name": (c_char_p, [c_int]),
    "sh_player_clone": (STATUS, [PlayerP, POINTER(PlayerP)]),
    "sh_env_options_init": (STATUS, [EnvOptionsP, c_size_t]),
    "sh_env_new": (STATUS, [RulesP, EnvOptionsP, c_size_t, POINTER(EnvP)]),
    "sh_env_clone": (STATUS, [EnvP, POINTER(EnvP)]),
    "sh_env_free": (None, [EnvP]),
    "sh_env_error": (c_char_p, [EnvP]),
    "sh_env_spec_get": (STATUS, [EnvP, EnvSpecP]),
    "sh_env_reset": (STATUS, [EnvP, c_uint64, EnvBuffersP]),
    "sh_env_step": (STATUS, [EnvP, c_void_p, c_size_t, EnvBuffersP]),
    "sh_env_sample_legal": (STATUS, [EnvP, c_void_p, c_size_t]),
    "sh_env_legal_actions": (STATUS, [EnvP, c_size_t, c_i32_p, c_size_t, c_size_p]),
    "sh_env_status": (STATUS, [EnvP, c_size_t, c_int_p, c_int_p, c_int_p, c_int_p]),
    "sh_env_engine_action": (STATUS, [EnvP, c_size_t, c_char_p, c_uint64, c_i32_p]),
    "sh_env_observe": (STATUS, [EnvP, c_size_t, c_int, c_void_p, c_size_t]),
    "sh_env_returns": (STATUS, [EnvP, c_size_t, c_void_p, c_size_t]),
    "sh_env_position": (STATUS, [EnvP, c_size_t, POINTER(PositionP)]),
    "sh_env_record": (STATUS, [EnvP, c_size_t, c_char_p, c_size_t, c_size_p]),
    "sh_env_playouts": (STATUS, [EnvP, c_size_t, c_int, c_double, c_int, c_uint64, c_void_p,
                                 c_size_t]),
    "sh_env_symmetries": (STATUS, [EnvP, c_int_p, c_int_p, c_size_t, c_size_p]),
    "sh_perft_threads": (STATUS, [PositionP, c_int, c_int, c_u64_p]),
    "sh_elo_from_wdl": (STATUS, [c_int64, c_int64, c_int64, IntervalP]),
    "sh_elo_from_pentanomial": (STATUS, [c_i64_p, IntervalP]),
    "sh_sprt_test_init": (STATUS, [SprtTestP, c_size_t]),
    "sh_sprt_check": (STATUS, [SprtTestP]),
    "sh_sprt": (STATUS, [SprtTestP, c_i64_p, SprtResultP, c_size_t]),
    "sh_match_stats_new": (STATUS, [c_int, POINTER(MatchStatsP)]),
    "sh_match_stats_clone": (STATUS, [MatchStatsP, POINTER(MatchStatsP)]),
    "sh_match_stats_free": (None, [MatchStatsP]),
    "sh_match_stats_error": (c_char_p, [MatchStatsP]),
    "sh_match_stats_add": (STATUS, [MatchStatsP, c_int64, c_int_p, c_size_t, c_int_p, c_size_t]),
    "sh_match_stats_players": (STATUS, [MatchStatsP, c_int_p]),
    "sh_match_stats_games": (STATUS, [MatchStatsP, c_i64_p]),
    "sh_match_stats_two_units": (STATUS, [MatchStatsP, c_int_p]),
    "sh_match_stats_player": (STATUS, [MatchStatsP, c_int, PlayerStatsP, c_size_t]),
    "sh_match_stats_pairwise": (STATUS, [MatchStatsP, c_int, c_int, c_i64_p, c_double_p]),
    "sh_match_stats_score": (STATUS, [MatchStatsP, IntervalP]),
    "sh_match_stats_elo": (STATUS, [MatchStatsP, IntervalP]),
    "sh_match_stats_wdl": (STATUS, [MatchStatsP, c_i64_p, c_i64_p, c_i64_p]),
    "sh_match_stats_pentanomial": (STATUS, [MatchStatsP, c_i64_p]),
    "sh_match_stats_sprt": (STATUS, [MatchStatsP, SprtTestP, SprtResultP, c_size_t]),
}


def _declare(lib):
    for name, (res, args) in FUNCTIONS.items():
        f = getattr(lib, name)
        f.argtypes, f.restype = args, res
    return lib
