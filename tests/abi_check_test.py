#!/usr/bin/env python3
"""abi_check.py finds each kind of difference, with its exact diagnostic.

usage: abi_check_test.py [ROOT]
Copies what the check reads (the header, the Python declarations, every .rs
file under capi/rust/) into a temporary tree, checks that the copy passes,
then changes one declaration at a time and asserts the check's exact lines
and exit status. The Rust declarations are looked for in whichever file
holds them, so the test follows them if they move between crates.
"""
import contextlib
import io
import os
import re
import shutil
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import abi_check  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIB = "capi/python/sternhalma/_lib.py"
CONSTANTS = "capi/python/sternhalma/_constants.py"
VALUES = "capi/python/sternhalma/_values.py"


class Tree:
    """A copy of the files the check reads, to change and check."""

    def __init__(self, root):
        self.dir = tempfile.mkdtemp(prefix="abi_check_")
        files = ["capi/sternhalma.h"]
        for sub in ("", "/rl"):
            pkg = os.path.join(root, "capi", "python", "sternhalma" + sub)
            files += [f"capi/python/sternhalma{sub}/{f}" for f in os.listdir(pkg)
                      if f.endswith(".py")]
        files += list(abi_check._rust_files(root))
        for rel in files:
            os.makedirs(os.path.dirname(self.path(rel)), exist_ok=True)
            shutil.copyfile(os.path.join(root, rel), self.path(rel))
        self.rust = list(abi_check._rust_files(self.dir))

    def path(self, rel):
        return os.path.join(self.dir, rel)

    def read(self, rel):
        return abi_check.read(self.path(rel))

    def write(self, rel, text):
        with open(self.path(rel), "w", encoding="utf-8") as f:
            f.write(text)

    def line_of(self, rel, needle):
        """The line of the first occurrence of needle (a regex) in rel."""
        text = self.read(rel)
        m = re.search(needle, text)
        assert m, f"{needle!r} not in {rel}"
        return text.count("\n", 0, m.start()) + 1

    def rust_file(self, needle):
        """The .rs file that matches needle (a regex), exactly one."""
        found = [f for f in self.rust if re.search(needle, self.read(f))]
        assert len(found) == 1, f"{needle!r} in {found}"
        return found[0]

    def sub(self, rel, pattern, repl, count=1):
        """Replaces `count` matches of pattern in rel, exactly that many."""
        text, n = re.subn(pattern, repl, self.read(rel), count=count)
        assert n == count, f"{pattern!r}: {n} matches in {rel}"
        self.write(rel, text)

    def check(self):
        """(exit status, the difference lines) of abi_check on this tree."""
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            status = abi_check.main(["abi_check.py", self.dir])
        lines = out.getvalue().splitlines()
        return status, lines[:-1]

    def remove(self):
        shutil.rmtree(self.dir)


class AbiCheckTest(unittest.TestCase):
    def setUp(self):
        self.tree = Tree(ROOT)
        self.addCleanup(self.tree.remove)

    def assertDiffers(self, *lines):
        self.assertEqual(self.tree.check(), (1, list(lines)))

    def test_the_copy_passes(self):
        self.assertEqual(self.tree.check(), (0, []))

    # ---- Python

    def test_python_argument_type(self):
        t = self.tree
        t.sub(LIB, r'("sh_game_apply": \(STATUS, \[GameP, c_int, c_int, )c_int64', r"\1c_int")
        line = t.line_of(LIB, '"sh_game_apply":')
        self.assertDiffers(f"{LIB}:{line}: sh_game_apply: argument 4 (elapsed_ms) is c_int; "
                           "the header says int64_t, c_int64 in ctypes")

    def test_python_handle_type(self):
        t = self.tree
        t.sub(LIB, r'("sh_game_check": \(STATUS, \[)GameP', r"\1PositionP")
        line = t.line_of(LIB, '"sh_game_check":')
        self.assertDiffers(f"{LIB}:{line}: sh_game_check: argument 1 (game) is "
                           "POINTER(Position_); the header says const sh_game *, "
                           "POINTER(Game_) in ctypes")

    def test_python_address_only_for_plain_values(self):
        # c_void_p stands for a pointer to plain values, never for a handle.
        t = self.tree
        t.sub(LIB, r'("sh_cell_xy": \(STATUS, \[c_int, )c_double_p', r"\1c_void_p")
        self.assertEqual(t.check(), (0, []))
        t.sub(LIB, r'("sh_game_flag": \(STATUS, \[)GameP', r"\1c_void_p")
        line = t.line_of(LIB, '"sh_game_flag":')
        self.assertDiffers(f"{LIB}:{line}: sh_game_flag: argument 1 (game) is c_void_p; "
                           "the header says sh_game *, POINTER(Game_) in ctypes")

    def test_python_return_type(self):
        t = self.tree
        t.sub(LIB, r'"sh_preset_count": \(c_size_t,', '"sh_preset_count": (c_int,')
        line = t.line_of(LIB, '"sh_preset_count":')
        self.assertDiffers(f"{LIB}:{line}: sh_preset_count: returns c_int; the header says "
                           "size_t, c_size_t in ctypes")

    def test_python_argument_count(self):
        t = self.tree
        t.sub(LIB, r'("sh_game_resign": \(STATUS, \[GameP), c_int\]', r"\1]")
        line = t.line_of(LIB, '"sh_game_resign":')
        self.assertDiffers(f"{LIB}:{line}: sh_game_resign: 1 arguments; the header has 2 "
                           "(sh_game *, int)")

    def test_python_missing_and_unknown_function(self):
        t = self.tree
        t.sub(LIB, r'"sh_game_flag": ', '"sh_game_flags": ')
        line = t.line_of(LIB, '"sh_game_flags":')
        header_line = t.line_of("capi/sternhalma.h", r"sh_status sh_game_flag\(")
        self.assertDiffers(f"{LIB}:{line}: sh_game_flags: not a function of the header",
                           f"{LIB}: sh_game_flag: declared by the header (line {header_line}), "
                           "not in FUNCTIONS")

    def test_python_allowlist(self):
        t = self.tree
        t.sub(LIB, r'\n    "sh_game_flag": [^\n]*', "")
        abi_check.NOT_DECLARED[("python", "sh_game_flag")] = "a test"
        self.addCleanup(abi_check.NOT_DECLARED.pop, ("python", "sh_game_flag"))
        self.assertEqual(t.check(), (0, []))

    def test_python_struct_field(self):
        t = self.tree
        t.sub(LIB, r'\("reserve_ms", c_int64\)', '("reserve_ms", c_int)')
        line = t.line_of(LIB, r'\("reserve_ms", c_int\)')
        self.assertDiffers(f"{LIB}:{line}: SeatInfo_.reserve_ms is c_int; the header says "
                           "int64_t, c_int64 in ctypes")

    def test_python_struct_fields_order(self):
        t = self.tree
        t.sub(LIB, r'\("from_", c_int\), \("to", c_int\)\]', '("to", c_int), ("from_", c_int)]')
        line = t.line_of(LIB, r"class Move_")
        self.assertDiffers(f"{LIB}:{line}: Move_: fields to, from_; the header's sh_move has "
                           "from, to")

    def test_python_constant_and_enum(self):
        t = self.tree
        t.sub(CONSTANTS, r"\nMAX_MOVES = 1590\n", "\nMAX_MOVES = 1591\n")
        t.sub(VALUES, r"\n    DEADLINE = 1\n", "\n    DEADLINE = 5\n")
        c_line = t.line_of(CONSTANTS, r"MAX_MOVES = 1591")
        e_line = t.line_of(VALUES, r"class OutReason")
        self.assertDiffers(f"{VALUES}:{e_line}: OutReason: NONE = 0, DEADLINE = 5, "
                           "RETURN_HOME = 2, RESIGNED = 3, PARTNER = 4; the header's "
                           "sh_out_reason is NONE = 0, DEADLINE = 1, RETURN_HOME = 2, "
                           "RESIGNED = 3, PARTNER = 4",
                           f"{CONSTANTS}:{c_line}: MAX_MOVES = 1591; the header's SH_MAX_MOVES "
                           "is 1590")

    def test_python_enum_words(self):
        t = self.tree
        rel = "capi/python/sternhalma/rl/_config.py"
        t.sub(rel, r'_REWARDS = \{"rank": 0, "win": 1\}', '_REWARDS = {"rank": 1, "win": 0}')
        line = t.line_of(rel, r"_REWARDS = ")
        self.assertDiffers(f"{rel}:{line}: _REWARDS is {{'rank': 1, 'win': 0}}; the header's "
                           "sh_reward_kind is {'rank': 0, 'win': 1}")

    # ---- Rust

    def test_rust_argument_type(self):
        t = self.tree
        f = t.rust_file(r"fn\s+sh_game_apply\s*\(")
        t.sub(f, r"(fn\s+sh_game_apply\s*\([^)]*elapsed_ms\s*:\s*)i64", r"\1i32")
        line = t.line_of(f, r"fn\s+sh_game_apply\s*\(")
        self.assertDiffers(f"{f}:{line}: sh_game_apply: argument 4 (elapsed_ms) is i32; the "
                           "header says int64_t, i64 in Rust")

    def test_rust_const_pointer(self):
        t = self.tree
        f = t.rust_file(r"fn\s+sh_game_check\s*\(")
        t.sub(f, r"(fn\s+sh_game_check\s*\(\s*\w+\s*:\s*)\*const", r"\1*mut")
        line = t.line_of(f, r"fn\s+sh_game_check\s*\(")
        self.assertDiffers(f"{f}:{line}: sh_game_check: argument 1 (game) is *mut sh_game; the "
                           "header says const sh_game *, *const sh_game in Rust")

    def test_rust_multi_line_declaration(self):
        # One argument a line, as rustfmt writes a long declaration.
        t = self.tree
        f = t.rust_file(r"fn\s+sh_position_all_paths\s*\(")
        t.sub(f, r"(fn\s+sh_position_all_paths\s*\()([^)]*)\)",
              lambda m: m.group(1) + "".join(f"\n        {a.strip()},"
                                            for a in m.group(2).split(",")) + "\n    )")
        self.assertEqual(t.check(), (0, []))
        t.sub(f, r"(\n\s*truncated\s*:\s*)\*mut c_int", r"\1*mut usize")
        line = t.line_of(f, r"fn\s+sh_position_all_paths\s*\(")
        self.assertDiffers(f"{f}:{line}: sh_position_all_paths: argument 9 (truncated) is "
                           "*mut usize; the header says int *, *mut c_int in Rust")

    def test_rust_return_and_count(self):
        t = self.tree
        f = t.rust_file(r"fn\s+sh_version_number\s*\(")
        t.sub(f, r"(fn\s+sh_version_number\s*\(\s*\)\s*->\s*)[\w:]+", r"\1u64")
        g = t.rust_file(r"fn\s+sh_game_flag\s*\(")
        t.sub(g, r"(fn\s+sh_game_flag\s*\()([^)]*)\)", r"\1\2, seat: c_int)")
        f_line = t.line_of(f, r"fn\s+sh_version_number")
        g_line = t.line_of(g, r"fn\s+sh_game_flag")
        self.assertDiffers(f"{f}:{f_line}: sh_version_number: returns u64; the header says "
                           "unsigned, c_uint in Rust",
                           f"{g}:{g_line}: sh_game_flag: 2 arguments; the header has 1 "
                           "(sh_game *)")

    def test_rust_missing_function(self):
        t = self.tree
        f = t.rust_file(r"fn\s+sh_game_flag\s*\(")
        t.sub(f, r"\n[^\n]*fn\s+sh_game_flag\s*\([^;]*;", "")
        header_line = t.line_of("capi/sternhalma.h", r"sh_status sh_game_flag\(")
        self.assertDiffers(f"capi/rust: sh_game_flag: declared by the header (line "
                           f"{header_line}), in no extern \"C\" block")

    def test_rust_constant(self):
        t = self.tree
        f = t.rust_file(r"pub\s+const\s+SH_ENV_NUM_ACTIONS\b")
        t.sub(f, r"(pub\s+const\s+SH_ENV_NUM_ACTIONS\s*:\s*\w+\s*=\s*)[^;]+;", r"\g<1>14640;")
        line = t.line_of(f, r"pub\s+const\s+SH_ENV_NUM_ACTIONS\b")
        self.assertDiffers(f"{f}:{line}: SH_ENV_NUM_ACTIONS = 14640; the header says 14641")

    def test_rust_enum(self):
        t = self.tree
        f = t.rust_file(r"\bLastReply\s*=\s*3\b")
        t.sub(f, r"\bLastReply\s*=\s*3\b", "LastReply = 4")
        line = t.line_of(f, r"\bEndReason\s*,")
        self.assertDiffers(f"{f}:{line}: EndReason: None = 0, AllPlaced = 1, FirstArrival = 2, "
                           "LastReply = 4, Limit = 4, Repetition = 5, NoMoves = 6, "
                           "NoProgress = 7, Resign = 8; the header's sh_end_reason is None = 0, "
                           "AllPlaced = 1, FirstArrival = 2, LastReply = 3, Limit = 4, "
                           "Repetition = 5, NoMoves = 6, NoProgress = 7, Resign = 8")

    def test_rust_struct_field(self):
        t = self.tree
        f = t.rust_file(r"pub\s+struct\s+sh_seat_info\b")
        t.sub(f, r"(reserve_ms\s*:\s*)i64", r"\1i32")
        line = t.line_of(f, r"pub\s+struct\s+sh_seat_info\b")
        self.assertDiffers(f"{f}:{line}: sh_seat_info.reserve_ms is i32; the header says "
                           "int64_t, i64 in Rust")

    def test_rust_declared_twice(self):
        t = self.tree
        f = t.rust_file(r"fn\s+sh_game_flag\s*\(")
        first = t.line_of(f, r"fn\s+sh_game_flag\s*\(")
        extra = os.path.dirname(f) + "/zz_again.rs"  # read after f, in the same folder
        t.write(extra, 'extern "C" {\n    pub fn sh_game_flag(game: *mut sh_game) -> c_int;\n}\n')
        t.rust.append(extra)
        self.assertDiffers(f"{extra}:2: sh_game_flag: declared again (first at {f}:{first})")

    # ---- the header is the reference

    def test_header_type_the_tables_lack(self):
        t = self.tree
        t.sub("capi/sternhalma.h", r"sh_status sh_game_resign\(sh_game \*game, int seat\)",
              "sh_status sh_game_resign(sh_game *game, int16_t seat)")
        line = t.line_of("capi/sternhalma.h", r"sh_status sh_game_resign\(")
        status, lines = t.check()
        self.assertEqual(status, 1)
        self.assertEqual(lines[0], f"capi/sternhalma.h:{line}: sh_game_resign: int16_t is in "
                         "neither the ctypes nor the Rust table of tests/abi_check.py: add it")

    def test_header_change_shows_in_both(self):
        t = self.tree
        t.sub("capi/sternhalma.h", r"sh_status sh_game_resign\(sh_game \*game, int seat\)",
              "sh_status sh_game_resign(sh_game *game, int64_t seat)")
        py_line = t.line_of(LIB, '"sh_game_resign":')
        f = t.rust_file(r"fn\s+sh_game_resign\s*\(")
        rs_line = t.line_of(f, r"fn\s+sh_game_resign\s*\(")
        self.assertDiffers(f"{LIB}:{py_line}: sh_game_resign: argument 2 (seat) is c_int; the "
                           "header says int64_t, c_int64 in ctypes",
                           f"{f}:{rs_line}: sh_game_resign: argument 2 (seat) is c_int; the "
                           "header says int64_t, i64 in Rust")


if __name__ == "__main__":
    if len(sys.argv) > 1:
        ROOT = sys.argv.pop(1)
    unittest.main(verbosity=2)
