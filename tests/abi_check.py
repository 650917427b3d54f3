#!/usr/bin/env python3
"""The bindings declare the C ABI exactly as capi/sternhalma.h does.

usage: abi_check.py [ROOT]   (ROOT: the repository, default this file's parent's)

Reads the header (its prototypes, #define and enum constants, structs) and
compares, each difference a line "file:line: what":

- Python: the one table of prototypes (FUNCTIONS) and the ctypes structs of
  capi/python/sternhalma/_lib.py, read as source with `ast`, not imported:
  ctypes' names of one type collapse (c_size_t is c_ulong is c_uint64 on
  LP64, c_int32 is c_int), so an imported table could not show that it says
  c_uint64 where the header says size_t; the source says what is written,
  with its lines, and needs no library. Also the constants of
  sternhalma/_constants.py (NAME for SH_NAME) and sternhalma/rl/_common.py
  (NAME for SH_ENV_NAME).
- Rust: every function declared in an `extern "C"` block, every
  `pub const SH_*` and every `#[repr(C)]` struct named sh_* in any .rs file
  under capi/rust/ (target/ excepted), wherever a crate keeps them.

A C type maps to its ctypes and its Rust type by one table each (CTYPES,
RUST). A function of the header missing from a binding is a difference
unless NOT_DECLARED lists it with the reason. Exit 0 when there is no
difference, else 1.
"""
import ast
import keyword
import os
import re
import sys

# ---- the header ----------------------------------------------------------


class CType:
    """A C type: base ("int", "sh_rules"), whether the base is const, one
    entry per pointer level (outermost last) saying whether that pointer is
    const, and an array length for struct fields (parameters decay)."""

    def __init__(self, base, const, ptrs=(), array=None):
        self.base, self.const, self.ptrs, self.array = base, const, tuple(ptrs), array

    def __str__(self):
        s = ("const " if self.const else "") + self.base
        if self.ptrs:
            s += " " + "".join("*" + ("const " if c else "") for c in self.ptrs)
        s = s.strip()
        return s + (f"[{self.array}]" if self.array is not None else "")


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def _blank(m):
    """A comment's text replaced by its line breaks, so lines keep their numbers."""
    return "\n" * m.group(0).count("\n") + " "


def _int_value(text):
    """The value of a C integer constant expression of this header's kinds
    ((-1), 0xFF, 1048576u, 1000000000000ULL, INT64_C(10)); None for others."""
    t = text.strip()
    while t.startswith("(") and t.endswith(")"):
        t = t[1:-1].strip()
    m = re.fullmatch(r"INT64_C\((.*)\)", t)
    if m:
        t = m.group(1).strip()
    m = re.fullmatch(r"(-?)\s*(0[xX][0-9A-Fa-f]+|\d+)[uUlL]*", t)
    if not m:
        return None
    return int(m.group(1) + m.group(2), 0)


def _parse_decl(decl, named=True):
    """(name, CType) of a parameter or field ("const char *const *texts",
    "int out[6]"); name None for a bare type."""
    tokens = re.findall(r"\w+|\*|\[[^\]]*\]", decl)
    array = None
    if tokens and tokens[-1].startswith("["):
        array = tokens.pop()[1:-1].strip()
    name = None
    words = [t for t in tokens if t not in ("*", "const")]
    if named and tokens and tokens[-1] not in ("*", "const") and (
            len(words) > 1 or "*" in tokens):
        name = tokens.pop()
    base, const, ptrs = [], False, []
    for t in tokens:
        if t == "*":
            ptrs.append(False)
        elif t == "const":
            if ptrs:
                ptrs[-1] = True
            else:
                const = True
        else:
            base.append(t)
    return name, CType(" ".join(base), const, ptrs, array)


def _decay(name, ct):
    """A parameter declared as an array (int out[6]) is a pointer (int *out)."""
    if ct.array is not None:
        ct = CType(ct.base, ct.const, ct.ptrs + (False,))
    return name, ct


class Header:
    def __init__(self, path):
        self.path = path
        raw = read(path)
        text = re.sub(r"/\*.*?\*/|//[^\n]*", _blank, raw, flags=re.S)
        self.defines = {}  # name -> value (None: not an integer constant)
        for m in re.finditer(r"^[ \t]*#[ \t]*define[ \t]+(SH_\w+)[ \t]+([^\n]+)$", text, re.M):
            self.defines[m.group(1)] = _int_value(m.group(2))
        text = re.sub(r"^[ \t]*#[^\n]*$", "", text, flags=re.M)
        text = text.replace('extern "C" {', "")

        def line(pos):
            return text.count("\n", 0, pos) + 1

        self.enums = {}      # enum type -> {name: value}
        self.constants = {}  # every enum constant -> value
        for m in re.finditer(r"typedef\s+enum\s+(\w+)\s*\{(.*?)\}\s*\w+\s*;", text, re.S):
            values, nxt = {}, 0
            for item in m.group(2).split(","):
                e = re.fullmatch(r"\s*(SH_\w+)\s*(?:=\s*(-?\d+)\s*)?", item)
                if e:
                    nxt = int(e.group(2)) if e.group(2) is not None else nxt
                    values[e.group(1)] = nxt
                    nxt += 1
            self.enums[m.group(1)] = values
            self.constants.update(values)
        self.structs = {}  # name -> [(field, CType)], None for an opaque handle
        for m in re.finditer(r"typedef\s+struct\s+(\w+)\s*\{(.*?)\}\s*\w+\s*;", text, re.S):
            fields = []
            for stmt in m.group(2).split(";"):
                if not stmt.strip():
                    continue
                first, *more = stmt.split(",")
                name, ct = _parse_decl(first)
                fields.append((name, ct))
                # "int from, to;": the others share the first's base type.
                prefix = first[:first.rindex(name)]
                for other in more:
                    fields.append(_parse_decl(prefix + other))
            self.structs[m.group(1)] = fields
        for m in re.finditer(r"typedef\s+struct\s+(\w+)\s+\w+\s*;", text):
            self.structs[m.group(1)] = None
        text = re.sub(r"typedef[^;]*;", lambda m: "\n" * m.group(0).count("\n"), text)
        self.functions = {}  # name -> (return CType, [(param, CType)], line)
        pos = 0
        for stmt in text.split(";"):
            start, pos = pos, pos + len(stmt) + 1
            m = re.fullmatch(r"\s*(.*?)\b(sh_\w+)\s*\((.*)\)\s*", stmt, re.S)
            if not m:
                continue
            params = [] if m.group(3).strip() == "void" else [
                _decay(*_parse_decl(p)) for p in m.group(3).split(",")]
            ret = _parse_decl(m.group(1), named=False)[1]
            self.functions[m.group(2)] = (ret, params, line(start + m.start(2)))

    def value(self, name):
        """A constant's value: a #define or an enum constant (None: neither, or
        not an integer)."""
        return self.defines.get(name, self.constants.get(name))

    def has_constant(self, name):
        return name in self.defines or name in self.constants

    def kind(self, base):
        """"scalar", "enum", "struct", "handle" or None (unknown) for a base type."""
        if base in CTYPES:
            return "scalar"
        if base in self.enums:
            return "enum"
        if base in self.structs:
            return "handle" if self.structs[base] is None else "struct"
        return None


# ---- the one table per binding --------------------------------------------

# C scalar -> ctypes. An enum (sh_status and the others) is an int in C's
# ABI, so c_int.
CTYPES = {
    "void": "None", "char": "c_char", "unsigned char": "c_ubyte", "int": "c_int",
    "unsigned": "c_uint", "double": "c_double", "float": "c_float", "size_t": "c_size_t",
    "int32_t": "c_int32", "uint32_t": "c_uint32", "int64_t": "c_int64",
    "uint64_t": "c_uint64", "uint8_t": "c_uint8",
}
# Pointers ctypes spells as one type: text and bytes (it takes bytes objects
# and string buffers) and untyped memory.
CTYPES_POINTER = {"char": "c_char_p", "unsigned char": "c_char_p", "void": "c_void_p"}

# C scalar -> Rust (core::ffi's names where C's width is the platform's).
RUST = {
    "void": "c_void", "char": "c_char", "unsigned char": "c_uchar", "int": "c_int",
    "unsigned": "c_uint", "double": "c_double", "float": "f32", "size_t": "usize",
    "int32_t": "i32", "uint32_t": "u32", "int64_t": "i64", "uint64_t": "u64",
    "uint8_t": "u8",
}
# core::ffi's aliases that are one fixed Rust type on every platform (the
# others, c_int, c_char, c_uint, follow the platform's C and stay names).
RUST_FIXED = {"c_float": "f32", "c_double": "f64", "c_schar": "i8", "c_uchar": "u8",
              "c_short": "i16", "c_ushort": "u16", "c_longlong": "i64",
              "c_ulonglong": "u64"}
RUST_INT_RANGE = {"i8": 8, "i16": 16, "i32": 32, "i64": 64, "isize": 64, "c_int": 32,
                  "c_char": 8, "c_long": 64}
RUST_UINT_RANGE = {"u8": 8, "u16": 16, "u32": 32, "u64": 64, "usize": 64, "c_uint": 32,
                   "c_ulong": 64}

# Python's tables of an enum's words (a keyword's word -> the C value), each
# file's dict by name -> the C enum; its words are the members' names
# without their common prefix, lower case (SH_OBS_CELLS: "cells").
PYTHON_ENUM_DICTS = {
    "capi/python/sternhalma/rl/_config.py": {
        "_LAYOUTS": "sh_obs_layout", "_DTYPES": "sh_obs_dtype",
        "_REWARDS": "sh_reward_kind", "_FRAMES": "sh_action_frame"},
}

# Functions of the header a binding deliberately does not declare:
# (binding, function) -> the reason. Binding "python" or "rust".
NOT_DECLARED = {}


def enum_members(header, enum):
    """The header's members of an enum without their common prefix
    (SH_SEAT_NOT_PLAYED: NOT_PLAYED) -> value."""
    values = header.enums[enum]
    prefix = os.path.commonprefix([n + "_" for n in values])
    prefix = prefix[:prefix.rindex("_") + 1]
    return {n[len(prefix):]: v for n, v in values.items()}


def camel(name):
    """seat_status -> SeatStatus, ACCEPT_H0 -> AcceptH0."""
    return "".join(w.capitalize() for w in name.split("_"))


def python_class(struct):
    """The ctypes class of a C struct: sh_seat_info -> SeatInfo_."""
    return camel(struct[3:]) + "_"


def python_field(field):
    """A field's name in Python: a keyword gets an underscore (from -> from_)."""
    return field + "_" if keyword.iskeyword(field) else field


def ctypes_of(header, ct):
    """The ctypes spelling of a C type ("no type" for a type the table lacks)."""
    base = ct.base
    kind = header.kind(base)
    if kind is None:
        return "no type"
    ptrs = len(ct.ptrs)
    if ptrs and base in CTYPES_POINTER:
        t, ptrs = CTYPES_POINTER[base], ptrs - 1
    elif kind in ("struct", "handle"):
        t = python_class(base)
    else:
        t = "c_int" if kind == "enum" else CTYPES[base]
    for _ in range(ptrs):
        t = f"POINTER({t})"
    if ct.array is not None:
        t = f"{t} * {_array_len(header, ct.array)}"
    return t


def ctypes_allowed(header, ct):
    """The spellings a binding may use: the table's, and for an argument that
    points to plain values (not a handle, not a struct) c_void_p too: the same
    machine pointer, which lets a caller pass a buffer's address (numpy's
    .ctypes.data) without a cast per call."""
    want = ctypes_of(header, ct)
    ok = {want}
    if len(ct.ptrs) == 1 and header.kind(ct.base) in ("scalar", "enum"):
        ok.add("c_void_p")
    return ok


def rust_of(header, ct):
    """The Rust spelling of a C type: const T * -> *const T, T * -> *mut T
    ("no type" for a type the table lacks)."""
    kind = header.kind(ct.base)
    if kind is None:
        return "no type"
    if kind in ("struct", "handle"):
        t = ct.base
    else:
        t = "c_int" if kind == "enum" else RUST[ct.base]
    for i, _ in enumerate(ct.ptrs):
        pointee_const = ct.const if i == 0 else ct.ptrs[i - 1]
        t = ("*const " if pointee_const else "*mut ") + t
    if not ct.ptrs and ct.base == "void":
        t = "()"
    if ct.array is not None:
        t = f"[{t}; {_array_len(header, ct.array)}]"
    return t


def _array_len(header, text):
    v = _int_value(text)
    return v if v is not None else header.value(text)


# ---- Python: _lib.py read as source ---------------------------------------


class PythonDecls:
    def __init__(self, root, rel):
        self.rel = rel
        tree = ast.parse(read(os.path.join(root, rel)), rel)
        self.aliases, self.classes, self.functions = {}, {}, None
        self.ints = {}
        for node in tree.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 \
                    and isinstance(node.targets[0], ast.Name):
                name = node.targets[0].id
                if name == "FUNCTIONS" and isinstance(node.value, ast.Dict):
                    self.functions = node
                elif isinstance(node.value, ast.Constant) and isinstance(node.value.value, int):
                    self.ints[name] = node.value.value
                else:
                    self.aliases[name] = node.value
            elif isinstance(node, ast.ClassDef) and any(
                    self.render(b) == "Structure" for b in node.bases):
                fields = None
                for stmt in node.body:
                    if isinstance(stmt, ast.Assign) and any(
                            isinstance(t, ast.Name) and t.id == "_fields_"
                            for t in stmt.targets):
                        fields = stmt.value
                self.classes[node.name] = (node, fields)

    def render(self, node):
        """A ctypes type expression in one spelling: aliases resolved,
        "ctypes." dropped, POINTER(x), "x * n" for arrays."""
        if isinstance(node, ast.Name):
            if node.id in self.aliases:
                return self.render(self.aliases[node.id])
            return node.id
        if isinstance(node, ast.Attribute):
            return node.attr
        if isinstance(node, ast.Constant) and node.value is None:
            return "None"
        if isinstance(node, ast.Call) and self.render(node.func) == "POINTER" \
                and len(node.args) == 1:
            return f"POINTER({self.render(node.args[0])})"
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
            n = node.right
            if isinstance(n, ast.Constant):
                n = n.value
            elif isinstance(n, ast.Name) and n.id in self.ints:
                n = self.ints[n.id]
            else:
                n = ast.unparse(n)
            return f"{self.render(node.left)} * {n}"
        return ast.unparse(node)


def check_python(root, header, say):
    """Says each difference; returns what it compared, by kind."""
    count = {"functions": 0, "structs": 0, "enums": 0, "constants": 0}
    rel = "capi/python/sternhalma/_lib.py"
    py = PythonDecls(root, rel)
    where = lambda node: f"{rel}:{node.lineno}"  # noqa: E731
    if py.functions is None:
        say(f"{rel}: no FUNCTIONS table (name: (restype, [argtypes]))")
        return count
    seen = {}
    for key, value in zip(py.functions.value.keys, py.functions.value.values):
        name = key.value if isinstance(key, ast.Constant) else ast.unparse(key)
        if name in seen:
            say(f"{where(key)}: {name}: declared again (first at line {seen[name]})")
            continue
        seen[name] = key.lineno
        if name not in header.functions:
            say(f"{where(key)}: {name}: not a function of the header")
            continue
        ret, params, _ = header.functions[name]
        count["functions"] += 1
        if not (isinstance(value, ast.Tuple) and len(value.elts) == 2
                and isinstance(value.elts[1], ast.List)):
            say(f"{where(key)}: {name}: not (restype, [argtypes])")
            continue
        res, args = value.elts[0], value.elts[1].elts
        have = py.render(res)
        if have != ctypes_of(header, ret):
            say(f"{where(key)}: {name}: returns {have}; the header says {ret}, "
                f"{ctypes_of(header, ret)} in ctypes")
        if len(args) != len(params):
            say(f"{where(key)}: {name}: {len(args)} arguments; the header has {len(params)} "
                f"({', '.join(str(ct) for _, ct in params) or 'void'})")
            continue
        for k, (arg, (pname, ct)) in enumerate(zip(args, params), 1):
            have = py.render(arg)
            if have not in ctypes_allowed(header, ct):
                say(f"{where(arg)}: {name}: argument {k} ({pname}) is {have}; the header "
                    f"says {ct}, {ctypes_of(header, ct)} in ctypes")
    for name, (_, _, line) in header.functions.items():
        if name not in seen and ("python", name) not in NOT_DECLARED:
            say(f"{rel}: {name}: declared by the header (line {line}), not in FUNCTIONS")
    # Structs: every struct of the header as its class; fields in order.
    for struct, fields in header.structs.items():
        cls = python_class(struct)
        if cls not in py.classes:
            say(f"{rel}: {struct}: no ctypes class {cls}")
            continue
        node, have = py.classes[cls]
        count["structs"] += 1
        if fields is None:
            if have is not None:
                say(f"{where(node)}: {cls}: _fields_ for {struct}, an opaque handle")
            continue
        if not isinstance(have, ast.List):
            say(f"{where(node)}: {cls}: _fields_ must be a list of (name, type) for {struct}")
            continue
        items = [(e.elts[0].value, e.elts[1], e) for e in have.elts
                 if isinstance(e, ast.Tuple) and len(e.elts) == 2
                 and isinstance(e.elts[0], ast.Constant)]
        if len(items) != len(have.elts):
            say(f"{where(node)}: {cls}: _fields_ must be a list of (name, type) for {struct}")
            continue
        if [n for n, _, _ in items] != [python_field(f) for f, _ in fields]:
            say(f"{where(node)}: {cls}: fields {', '.join(n for n, _, _ in items)}; the "
                f"header's {struct} has {', '.join(f for f, _ in fields)}")
            continue
        for (fname, tnode, e), (_, ct) in zip(items, fields):
            want = ctypes_of(header, ct)
            if py.render(tnode) != want:
                say(f"{where(e)}: {cls}.{fname} is {py.render(tnode)}; the header says {ct}, "
                    f"{want} in ctypes")
    known = {python_class(s) for s in header.structs}
    for cls, (node, _) in py.classes.items():
        if cls not in known:
            say(f"{where(node)}: {cls}: a ctypes struct the header does not declare")
    # Enums: the IntEnum named as the C enum (sh_seat_status: SeatStatus)
    # has the header's members without their common prefix, with its values.
    enum_class = {camel(e[3:]): e for e in header.enums}
    pkg = os.path.join(root, "capi", "python", "sternhalma")
    for f in sorted(os.listdir(pkg)):
        if not f.endswith(".py"):
            continue
        rel_e = f"capi/python/sternhalma/{f}"
        for node in ast.parse(read(os.path.join(pkg, f)), f).body:
            if not (isinstance(node, ast.ClassDef) and node.name in enum_class):
                continue
            want = enum_members(header, enum_class[node.name])
            have = {t.id: stmt.value.value for stmt in node.body if isinstance(stmt, ast.Assign)
                    for t in stmt.targets if isinstance(t, ast.Name)
                    and isinstance(stmt.value, ast.Constant)}
            if have != want:
                say(f"{rel_e}:{node.lineno}: {node.name}: "
                    f"{', '.join(f'{k} = {v}' for k, v in have.items())}; the header's "
                    f"{enum_class[node.name]} is "
                    f"{', '.join(f'{k} = {v}' for k, v in want.items())}")
            count["enums"] += 1
    for rel_d, dicts in PYTHON_ENUM_DICTS.items():
        found = {}
        for node in ast.parse(read(os.path.join(root, rel_d)), rel_d).body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 \
                    and isinstance(node.targets[0], ast.Name) and node.targets[0].id in dicts:
                found[node.targets[0].id] = node
        for name, enum in dicts.items():
            if name not in found:
                say(f"{rel_d}: no {name}, the words of {enum}")
                continue
            node = found[name]
            want = {k.lower(): v for k, v in enum_members(header, enum).items()}
            try:
                have = ast.literal_eval(node.value)
            except ValueError:
                have = None
            if have != want:
                say(f"{rel_d}:{node.lineno}: {name} is {ast.unparse(node.value)}; the header's "
                    f"{enum} is {want}")
            count["enums"] += 1
    # Constants: NAME = value for the header's prefix + NAME.
    for rel_c, prefix in (("capi/python/sternhalma/_constants.py", "SH_"),
                          ("capi/python/sternhalma/rl/_common.py", "SH_ENV_")):
        path = os.path.join(root, rel_c)
        if not os.path.exists(path):
            continue
        for node in ast.parse(read(path), rel_c).body:
            if not (isinstance(node, ast.Assign) and len(node.targets) == 1
                    and isinstance(node.targets[0], ast.Name)):
                continue
            cname = prefix + node.targets[0].id
            if not header.has_constant(cname) or header.value(cname) is None:
                continue
            try:
                have = _eval_int(node.value, {})
            except ValueError:
                continue  # a value taken from elsewhere (another module's name)
            if have != header.value(cname):
                say(f"{rel_c}:{node.lineno}: {node.targets[0].id} = {have}; the header's "
                    f"{cname} is {header.value(cname)}")
            count["constants"] += 1
    return count


def _eval_int(node, names):
    """An integer expression of literals, names in `names`, + - * << ** and
    parentheses; ValueError for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) \
            and not isinstance(node.value, bool):
        return node.value
    if isinstance(node, ast.Name) and node.id in names:
        return names[node.id]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_eval_int(node.operand, names)
    if isinstance(node, ast.BinOp):
        a, b = _eval_int(node.left, names), _eval_int(node.right, names)
        ops = {ast.Add: lambda: a + b, ast.Sub: lambda: a - b, ast.Mult: lambda: a * b,
               ast.LShift: lambda: a << b, ast.Pow: lambda: a ** b}
        if type(node.op) in ops:
            return ops[type(node.op)]()
    raise ValueError(ast.dump(node))


# ---- Rust: every .rs file under capi/rust ---------------------------------


def _rust_files(root):
    top = os.path.join(root, "capi", "rust")
    for d, dirs, files in os.walk(top):
        dirs[:] = sorted(x for x in dirs if x != "target" and not x.startswith("."))
        for f in sorted(files):
            if f.endswith(".rs"):
                yield os.path.relpath(os.path.join(d, f), root).replace(os.sep, "/")


def _rust_strip(text):
    """Comments blanked (line breaks kept) and string literals emptied."""
    return re.sub(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\])*"',
                  lambda m: '""' if m.group(0).startswith('"') else _blank(m), text,
                  flags=re.S)


def _split_top(text, sep=","):
    """Splits at `sep` outside brackets."""
    parts, depth, cur = [], 0, ""
    for i, ch in enumerate(text):
        if ch in "([{<":
            depth += 1
        elif ch in ")]}" or ch == ">" and text[i - 1:i] != "-":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur)
    return parts


def _rust_type(t, aliases):
    """A Rust type in one spelling: paths dropped (std::os::raw::c_int ->
    c_int), aliases of the crate and core::ffi's fixed ones resolved."""
    t = re.sub(r"\s+", " ", t.strip())
    m = re.fullmatch(r"\*\s*(const|mut)\s+(.*)", t)
    if m:
        return f"*{m.group(1)} {_rust_type(m.group(2), aliases)}"
    m = re.fullmatch(r"\[(.*);(.*)\]", t)
    if m:
        return f"[{_rust_type(m.group(1), aliases)}; {m.group(2).strip()}]"
    t = re.sub(r"\s", "", t).split("::")[-1]
    seen = set()
    while t in aliases and t not in seen:
        seen.add(t)
        t = aliases[t]
    return RUST_FIXED.get(t, t)


def _rust_eval(text, consts):
    """The value of a constant expression: literals (1_000_000, 1000.0,
    0xFF, 2u64), other constants, - + * << and `as` casts. None if not."""
    t = re.sub(r"\bas\s+[\w:]+", "", text)
    t = re.sub(r"(?<![\w.])((?:0x[0-9A-Fa-f_]+)|(?:[0-9][0-9_]*(?:\.[0-9_]+)?(?:e[+-]?\d+)?))"
               r"(?:_?(?:[iu](?:8|16|32|64|128|size)|f32|f64))?\b",
               lambda m: m.group(1).replace("_", ""), t)
    t = re.sub(r"(?:\w+::)+(SH_\w+)", r"\1", t)
    try:
        return _eval_int(ast.parse(t.strip(), mode="eval").body, consts)
    except (SyntaxError, ValueError):
        return None


def _line(text, pos):
    return text.count("\n", 0, pos) + 1


def check_rust(root, header, say):
    """Says each difference; returns what it compared, by kind."""
    count = {"functions": 0, "structs": 0, "enums": 0, "constants": 0}
    files = list(_rust_files(root))
    sources = {f: _rust_strip(read(os.path.join(root, f)))
               for f in files}
    aliases = {}
    for text in sources.values():
        for m in re.finditer(r"\btype\s+(\w+)\s*=\s*([^;]+);", text):
            aliases[m.group(1)] = re.sub(r"\s", "", m.group(2)).split("::")[-1]
    norm = lambda t: _rust_type(t, aliases)  # noqa: E731
    # Constants first: array lengths and other constants may name them.
    consts, const_at = {}, {}
    for f, text in sources.items():
        for m in re.finditer(r"\bpub\s+const\s+(SH_\w+)\s*:\s*([^=]+?)\s*=\s*([^;]+);", text):
            name, ty, expr = m.group(1), norm(m.group(2)), m.group(3)
            at = f"{f}:{_line(text, m.start(1))}"
            if name in const_at:
                say(f"{at}: {name}: defined again (first at {const_at[name]})")
                continue
            const_at[name] = at
            count["constants"] += 1
            value = _rust_eval(expr, consts)
            consts[name] = value
            if not header.has_constant(name):
                say(f"{at}: {name}: not a constant of the header")
            elif header.value(name) is None:
                pass  # a size the header computes from a layout (SH_EVENT_SIZE_V1)
            elif value is None:
                say(f"{at}: {name}: {expr.strip()} is not a constant the check can evaluate")
            elif value != header.value(name):
                say(f"{at}: {name} = {value}; the header says {header.value(name)}")
            elif isinstance(value, int) and not _fits(value, ty):
                say(f"{at}: {name}: {value} does not fit its type {ty}")
    # Functions, in extern "C" blocks.
    decl_at = {}
    for f, text in sources.items():
        for blk in re.finditer(r'\bextern\s+""\s*\{', text):
            depth, i = 1, blk.end()
            while depth and i < len(text):
                depth += {"{": 1, "}": -1}.get(text[i], 0)
                i += 1
            body_start, body = blk.end(), text[blk.end():i - 1]
            for m in re.finditer(r"\bfn\s+(\w+)\s*\(", body):
                name = m.group(1)
                at = f"{f}:{_line(text, body_start + m.start(1))}"
                j, depth = m.end(), 1
                while depth:
                    depth += {"(": 1, ")": -1}.get(body[j], 0)
                    j += 1
                args = _split_top(body[m.end():j - 1])
                rest = body[j:body.index(";", j)]
                ret = norm(rest.split("->", 1)[1]) if "->" in rest else "()"
                if name in decl_at:
                    say(f"{at}: {name}: declared again (first at {decl_at[name]})")
                    continue
                decl_at[name] = at
                if name not in header.functions:
                    say(f"{at}: {name}: not a function of the header")
                    continue
                cret, params, _ = header.functions[name]
                count["functions"] += 1
                want = norm(rust_of(header, cret))
                if ret != want:
                    say(f"{at}: {name}: returns {ret}; the header says {cret}, {want} in Rust")
                if len(args) != len(params):
                    say(f"{at}: {name}: {len(args)} arguments; the header has {len(params)} "
                        f"({', '.join(str(ct) for _, ct in params) or 'void'})")
                    continue
                for k, (arg, (pname, ct)) in enumerate(zip(args, params), 1):
                    have = norm(arg.split(":", 1)[1]) if ":" in arg else arg.strip()
                    want = norm(rust_of(header, ct))
                    if have != want:
                        say(f"{at}: {name}: argument {k} ({pname}) is {have}; the header "
                            f"says {ct}, {want} in Rust")
    for name, (_, _, line) in header.functions.items():
        if name not in decl_at and ("rust", name) not in NOT_DECLARED:
            say(f"capi/rust: {name}: declared by the header (line {line}), in no extern \"C\" "
                "block")
    # Enums named as the C enum (sh_seat_status: SeatStatus), in `enum X {`
    # or a macro's `X, name, {` form: the header's members, CamelCase
    # (NOT_PLAYED: NotPlayed), with its values.
    enum_names = {camel(e[3:]): e for e in header.enums}
    for f, text in sources.items():
        for m in re.finditer(r"\benum\s+(\w+)\s*\{|\b(\w+)\s*,\s*\w+\s*,\s*\{", text):
            name = m.group(1) or m.group(2)
            if name not in enum_names:
                continue
            j, depth = m.end(), 1
            while depth:
                depth += {"{": 1, "}": -1}.get(text[j], 0)
                j += 1
            have, nxt = {}, 0
            for item in _split_top(re.sub(r"#\[[^\]]*\]", "", text[m.end():j - 1])):
                im = re.fullmatch(r"\s*(\w+)\s*(?:=\s*(.*?))?\s*", item, re.S)
                if not im:
                    continue
                if im.group(2) is not None:
                    nxt = _rust_eval(im.group(2), consts)
                have[im.group(1)] = nxt
                nxt = nxt + 1 if isinstance(nxt, int) else None
            want = {camel(k): v for k, v in enum_members(header, enum_names[name]).items()}
            count["enums"] += 1
            if have != want:
                say(f"{f}:{_line(text, m.start())}: {name}: "
                    f"{', '.join(f'{k} = {v}' for k, v in have.items())}; the header's "
                    f"{enum_names[name]} is {', '.join(f'{k} = {v}' for k, v in want.items())}")
    # Structs: the #[repr(C)] ones named sh_*.
    struct_at = {}
    for f, text in sources.items():
        for name, pos, kind, body in _rust_structs(text):
            at = f"{f}:{_line(text, pos)}"
            if name in struct_at:
                say(f"{at}: {name}: defined again (first at {struct_at[name]})")
                continue
            struct_at[name] = at
            fields = []
            for item in _split_top(body):
                fm = re.fullmatch(r"\s*(pub(?:\([^)]*\))?\s+)?(\w+)\s*:\s*(.*?)\s*", item,
                                  re.S)
                if fm:
                    fields.append((fm.group(2), norm(fm.group(3)), bool(fm.group(1))))
            if name not in header.structs:
                say(f"{at}: {name}: a struct the header does not declare")
                continue
            want = header.structs[name]
            count["structs"] += 1
            if want is None:
                if any(pub for _, _, pub in fields) or kind == "enum" and body.strip():
                    say(f"{at}: {name}: public fields; the header's {name} is opaque")
                continue
            if [n for n, _, _ in fields] != [fn for fn, _ in want]:
                say(f"{at}: {name}: fields {', '.join(n for n, _, _ in fields)}; the header's "
                    f"has {', '.join(fn for fn, _ in want)}")
                continue
            for (fname, have, _), (_, ct) in zip(fields, want):
                have = re.sub(r";\s*(SH_\w+)\]$",
                              lambda mm: f"; {consts.get(mm.group(1), mm.group(1))}]", have)
                if have != norm(rust_of(header, ct)):
                    say(f"{at}: {name}.{fname} is {have}; the header says {ct}, "
                        f"{norm(rust_of(header, ct))} in Rust")
    for name in header.structs:
        if name not in struct_at:
            say(f"capi/rust: {name}: no #[repr(C)] struct")
    return count


def _rust_structs(text):
    """(name, position, "struct" or "enum", body) of each #[repr(C)] struct
    or enum named sh_*, and of each `pub enum sh_x {}`, the -sys crates'
    opaque type, in the order they appear."""
    found = []
    for m in re.finditer(r"#\[repr\(C\)\]\s*(?:#\[[^\]]*\]\s*)*pub\s+(struct|enum)\s+(sh_\w+)"
                         r"\s*(\{|;)", text):
        body = ""
        if m.group(3) == "{":
            j, depth = m.end(), 1
            while depth:
                depth += {"{": 1, "}": -1}.get(text[j], 0)
                j += 1
            body = text[m.end():j - 1]
        found.append((m.group(2), m.start(2), m.group(1), body))
    seen = {pos for _, pos, _, _ in found}
    for m in re.finditer(r"\bpub\s+enum\s+(sh_\w+)\s*\{\s*\}", text):
        if m.start(1) not in seen:
            found.append((m.group(1), m.start(1), "enum", ""))
    return sorted(found, key=lambda d: d[1])


def _fits(value, ty):
    if ty in RUST_INT_RANGE:
        bits = RUST_INT_RANGE[ty]
        return -2**(bits - 1) <= value < 2**(bits - 1)
    if ty in RUST_UINT_RANGE:
        return 0 <= value < 2**RUST_UINT_RANGE[ty]
    return True


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))
    header = Header(os.path.join(root, "capi", "sternhalma.h"))
    out = []
    for name, (ret, params, line) in header.functions.items():
        for ct in [ret] + [ct for _, ct in params]:
            if header.kind(ct.base) is None:
                out.append(f"capi/sternhalma.h:{line}: {name}: {ct.base} is in neither the "
                           "ctypes nor the Rust table of tests/abi_check.py: add it")
    for struct, fields in header.structs.items():
        for fname, ct in fields or []:
            if header.kind(ct.base) is None:
                out.append(f"capi/sternhalma.h: {struct}.{fname}: {ct.base} is in neither the "
                           "ctypes nor the Rust table of tests/abi_check.py: add it")
    python = check_python(root, header, out.append)
    rust = check_rust(root, header, out.append)
    for line in out:
        print(line)
    print(f"header: {len(header.functions)} functions, {len(header.structs)} structs, "
          f"{len(header.defines) + len(header.constants)} constants; compared: Python "
          + ", ".join(f"{n} {k}" for k, n in python.items()) + "; Rust "
          + ", ".join(f"{n} {k}" for k, n in rust.items())
          + f"; {len(out)} difference{'s' if len(out) != 1 else ''}")
    return 1 if out else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
