"""ctypes prototypes of the C ABI's RL section (sh_env_*, sternhalma.h) for
sternhalma.rl.

It opens its own view of the library the package loaded (same dlopen handle,
its own function objects), so the prototypes here never clash with the ones
the package declares for itself."""
import ctypes
import importlib

P = ctypes.c_void_p
SZ = ctypes.c_size_t
I = ctypes.c_int
PI = ctypes.POINTER(ctypes.c_int)
PSZ = ctypes.POINTER(ctypes.c_size_t)


class EnvOptions(ctypes.Structure):
    _fields_ = [("size", SZ), ("layout", I), ("dtype", I), ("reward", I), ("max_turns", I),
                ("auto_reset", I), ("opponents", ctypes.c_char_p * 6), ("record", I),
                ("reserved", I), ("action_frame", I)]


class EnvSpec(ctypes.Structure):
    _fields_ = [("size", SZ), ("num_envs", SZ), ("num_players", I), ("seats", I * 6),
                ("planes", I), ("height", I), ("width", I), ("obs_values", SZ),
                ("obs_bytes", SZ), ("num_actions", I)]


class EnvBuffers(ctypes.Structure):
    _fields_ = [("size", SZ), ("obs", P), ("mask", P), ("rewards", P), ("terminated", P),
                ("truncated", P), ("to_play", P), ("legal", P), ("num_legal", P)]


_SIGS = {
    # name: (argtypes, restype)
    "sh_status_name": ([I], ctypes.c_char_p),
    "sh_last_error": ([], ctypes.c_char_p),
    "sh_cell_name": ([I, ctypes.c_char_p, SZ, PSZ], I),
    "sh_cell_axial": ([I, PI, PI], I),
    "sh_cell_rotate": ([I, I, PI], I),
    "sh_cell_reflect": ([I, PI], I),
    "sh_rules_new": ([ctypes.c_char_p, ctypes.POINTER(P)], I),
    "sh_rules_free": ([P], None),
    "sh_rules_error": ([P], ctypes.c_char_p),
    "sh_rules_set_option": ([P, ctypes.c_char_p, ctypes.c_char_p], I),
    "sh_rules_validate": ([P], I),
    "sh_rules_derive_id": ([P], I),
    "sh_position_free": ([P], None),
    "sh_position_render": ([P, ctypes.c_char_p, SZ, PSZ], I),
    "sh_env_options_init": ([ctypes.POINTER(EnvOptions), SZ], I),
    "sh_env_new": ([P, ctypes.POINTER(EnvOptions), SZ, ctypes.POINTER(P)], I),
    "sh_env_clone": ([P, ctypes.POINTER(P)], I),
    "sh_env_free": ([P], None),
    "sh_env_error": ([P], ctypes.c_char_p),
    "sh_env_spec_get": ([P, ctypes.POINTER(EnvSpec)], I),
    "sh_env_reset": ([P, ctypes.c_uint64, P], I),
    "sh_env_step": ([P, P, SZ, P], I),
    "sh_env_sample_legal": ([P, P, SZ], I),
    "sh_env_legal_actions": ([P, SZ, P, SZ, PSZ], I),
    "sh_env_status": ([P, SZ, PI, PI, PI, PI], I),
    "sh_env_engine_action": ([P, SZ, ctypes.c_char_p, ctypes.c_uint64, P], I),
    "sh_env_observe": ([P, SZ, I, P, SZ], I),
    "sh_env_returns": ([P, SZ, P, SZ], I),
    "sh_env_position": ([P, SZ, ctypes.POINTER(P)], I),
    "sh_env_record": ([P, SZ, ctypes.c_char_p, SZ, PSZ], I),
    "sh_env_playouts": ([P, SZ, I, ctypes.c_double, I, ctypes.c_uint64, P, SZ], I),
    "sh_env_symmetries": ([P, PI, PI, SZ, PSZ], I),
}


def open_library(package):
    """The package's libsternhalma with the prototypes above declared."""
    lib = getattr(package, "_lib", None)
    if not isinstance(lib, ctypes.CDLL):
        lib = importlib.import_module(package.__name__ + "._lib").load()
    own = ctypes.CDLL(lib._name, handle=lib._handle)
    for name, (args, res) in _SIGS.items():
        try:
            f = getattr(own, name)
        except AttributeError:
            raise ImportError(f"sternhalma.rl: {lib._name} has no {name}: it predates the RL "
                              "environment; rebuild libsternhalma") from None
        f.argtypes, f.restype = args, res
    return own
