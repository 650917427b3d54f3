#!/usr/bin/env python3
"""Keeps the rule book (docs/rules.md, docs/rules/*.md) true to the library.

    rulebook_test.py STERNHALMA DOCS_DIR

- Every console example runs as written (bash, in one scratch folder, the
  built `sternhalma` first on the PATH) and prints what the book shows:
  `$ ` starts a command, the lines after it are its output (standard error
  included), `# exit N` at its end is the status it must end with (else 0),
  and a line `...` stands for any lines. A block whose info string has
  `file=NAME` is written to the scratch folder first.
- The presets tables (header `preset | `option` | ...`) equal
  `sternhalma presets --rules ID` for every preset `sternhalma presets`
  lists, option by option; a preset the program lists and the book lacks, a
  preset the book lists and the program lacks, and an option the book
  leaves out are failures.
- The options table (header `option | values | ...`) names every option in
  the library's order; every value it gives is accepted by `--set`, and for
  an option with a fixed list of words it gives exactly the library's list.
- The perft table (header `preset | 1 | 2 | 3`) equals `sternhalma perft`.
- The rows table of the board (header `row | cells | indices | ...`) names
  the cells the library has, and numbers them 0..120 in order.
- Every relative link names a file of the book and, with `#`, one of its
  headings.

Standard library only; every failure is reported, then the exit status is 1.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

FAILURES = []


def fail(where, what):
    FAILURES.append(f"{where}: {what}")


def book_files(docs):
    files = [os.path.join(docs, "rules.md")]
    sub = os.path.join(docs, "rules")
    files += sorted(os.path.join(sub, f) for f in os.listdir(sub) if f.endswith(".md"))
    return files


def blocks(path, text):
    """Fenced blocks, also indented in a list: (info string, first line number, lines)."""
    out, lines, i = [], text.split("\n"), 0
    while i < len(lines):
        m = re.match(r"^( *)```(.*)$", lines[i])
        if not m:
            i += 1
            continue
        indent, info, start, body = m.group(1), m.group(2).strip(), i + 1, []
        i += 1
        while i < len(lines) and lines[i] != indent + "```":
            body.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i])
            i += 1
        if i == len(lines):
            fail(f"{path}:{start}", "code block never closed")
        out.append((info, start, body))
        i += 1
    return out


def tables(text):
    """Markdown tables: lists of rows, each a list of stripped cells."""
    out, cur = [], []
    for line in text.split("\n") + [""]:
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not all(re.fullmatch(r":?-+:?", c) for c in cells):
                cur.append(cells)
        elif cur:
            out.append(cur)
            cur = []
    return out


def ticked(cell):
    return re.findall(r"`([^`]*)`", cell)


def one_value(cell):
    v = ticked(cell)
    return v[0] if len(v) == 1 and cell == f"`{v[0]}`" else None


def run(cmd, cwd, env, timeout=120):
    p = subprocess.run(["bash", "-o", "pipefail", "-c", cmd], cwd=cwd, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, timeout=timeout)
    return p.returncode, p.stdout.decode("utf-8", "replace")


def matches(expected, got):
    """Lines equal, a `...` line standing for any lines (none too)."""
    if not expected:
        return not got
    if expected[0] == "...":
        return any(matches(expected[1:], got[k:]) for k in range(len(got) + 1))
    return bool(got) and expected[0] == got[0] and matches(expected[1:], got[1:])


def console(path, start, body, cwd, env):
    cmds, cur = [], None
    for n, line in enumerate(body):
        if line.startswith("$ "):
            cur = [start + 1 + n, line[2:], []]
            cmds.append(cur)
        elif cur is None:
            fail(f"{path}:{start + 1 + n}", "console block does not start with '$ '")
            return 0
        else:
            cur[2].append(line)
    for lineno, cmd, expected in cmds:
        m = re.search(r"#\s*exit\s+(\d+)\s*$", cmd)
        want = int(m.group(1)) if m else 0
        code, out = run(cmd, cwd, env)
        got = out.split("\n")
        if got and got[-1] == "":
            got.pop()
        where = f"{path}:{lineno} `{cmd}`"
        if code != want:
            fail(where, f"exit status {code}, the book says {want}; output:\n{out}")
        elif not matches(expected, got):
            fail(where, "output differs from the book's\n--- book\n" + "\n".join(expected) +
                 "\n--- sternhalma\n" + out)
    return len(cmds)


def sternhalma(exe, *args):
    p = subprocess.run([exe, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def library_presets(exe):
    code, out, err = sternhalma(exe, "presets")
    if code != 0:
        sys.exit(f"sternhalma presets failed: {err}")
    ids = [line.split()[0] for line in out.splitlines() if line.strip()]
    rules = {}
    for pid in ids:
        code, out, err = sternhalma(exe, "presets", "--rules", pid)
        if code != 0:
            sys.exit(f"sternhalma presets --rules {pid} failed: {err}")
        rules[pid] = dict(line.split(" = ", 1) for line in out.splitlines())
    return ids, rules


def check_presets(path_of, tabs, ids, lib):
    book = {}  # preset -> option -> value
    columns = []  # (options of a table, presets it has a row for)
    for path, t in tabs:
        head = t[0]
        if head[0] != "preset" or len(head) < 2 or not all(one_value(h) for h in head[1:]):
            continue
        names = [one_value(h) for h in head[1:]]
        columns.append((names, {one_value(row[0]) for row in t[1:]}))
        for row in t[1:]:
            pid = one_value(row[0])
            if pid is None or len(row) != len(head):
                fail(path, f"presets table row {row!r}: expected `id` and {len(names)} values")
                continue
            vals = book.setdefault(pid, {"id": pid})
            for name, cell in zip(names, row[1:]):
                v = one_value(cell)
                if v is None:
                    fail(path, f"preset {pid}, option {name}: {cell!r} is not one `value`")
                vals[name] = v
    where = path_of("presets.md")
    for pid in ids:
        if pid not in book:
            fail(where, f"preset {pid} (listed by `sternhalma presets`) is missing from the "
                        f"rule book's presets tables: add its row to each table")
            continue
        left_out = set()
        for names, has in columns:
            if pid not in has:
                left_out.update(names)
                fail(where, f"preset {pid} has no row in the presets table of {', '.join(names)}")
        for name, value in lib[pid].items():
            if name in left_out:
                continue
            if name not in book[pid]:
                fail(where, f"preset {pid}: option {name} is in no presets table (library: {value!r})")
            elif book[pid][name] != value:
                fail(where, f"preset {pid}: option {name} is {book[pid][name]!r} in the book, "
                            f"{value!r} in `sternhalma presets --rules {pid}`")
        for name in book[pid]:
            if name not in lib[pid]:
                fail(where, f"preset {pid}: the book gives option {name}, which the library does not have")
    for pid in book:
        if pid not in lib:
            fail(where, f"the rule book describes preset {pid}, which `sternhalma presets` does not list")
    return len(book)


def option_words(exe, name):
    """The library's fixed list of words for an option, or None."""
    code, _, err = sternhalma(exe, "moves", "classic-2", "--set", f"id=rulebook-check;{name}=?")
    m = re.search(r"is not one of ([^\n]*)", err)
    return [w.strip() for w in m.group(1).split(",")] if code != 0 and m else None


def accepted(exe, name, value, bases):
    for base in bases:
        code, _, _ = sternhalma(exe, "moves", base, "--set", f"id=rulebook-check;{name}={value}")
        if code == 0:
            return True
    return False


def check_options(path_of, tabs, exe, ids, lib):
    where = path_of("options.md")
    rows = None
    for path, t in tabs:
        if t[0][:3] == ["option", "values", "default"]:
            if rows is not None:
                fail(path, "a second options table")
            rows = t[1:]
    if rows is None:
        fail(where, "no options table (header 'option | values | default | ...')")
        return 0
    names = [one_value(r[0]) for r in rows]
    lib_names = list(lib[ids[0]].keys())
    if names != lib_names:
        fail(where, f"options table names {names}, the library {lib_names} (same order)")
    for row in rows:
        name, values = one_value(row[0]), ticked(row[1])
        if name not in lib_names:
            continue
        if not values:
            fail(where, f"option {name}: no `value` in the values column")
        for v in values:
            if not accepted(exe, name, v, ids):
                fail(where, f"option {name}: the book's value {v!r} is refused on every preset")
        words = option_words(exe, name)
        if words is not None and sorted(words) != sorted(values):
            fail(where, f"option {name}: the book lists {values}, the library's words are {words}")
    return len(rows)


def check_perft(path_of, tabs, exe, ids):
    where = path_of("presets.md")
    seen = set()
    for path, t in tabs:
        if t[0] != ["preset", "1", "2", "3"]:
            continue
        for row in t[1:]:
            pid = one_value(row[0])
            seen.add(pid)
            for depth, want in zip(("1", "2", "3"), row[1:]):
                code, out, err = sternhalma(exe, "perft", pid, depth)
                got = out.strip().split("\n")[-1] if code == 0 else err.strip()
                if got != want:
                    fail(path, f"perft {pid} {depth}: the book says {want}, sternhalma {got}")
    for pid in ids:
        if pid not in seen:
            fail(where, f"preset {pid} has no row in the perft table")
    return len(seen)


def check_rows(path_of, tabs, exe):
    """The board's rows table against the cells the library reads."""
    def is_cell(name):
        code, _, err = sternhalma(exe, "moves", f"table-6 W W:{name} 0")
        if code != 0 and "unknown cell" not in err:
            fail(path_of("board.md"), f"cell check of {name}: {err.strip()}")
        return code == 0

    where, index, rows = path_of("board.md"), 0, 0
    for path, t in tabs:
        if t[0][:3] != ["row", "cells", "indices"]:
            continue
        for row in t[1:]:
            rows += 1
            n, cells, idx = row[0], ticked(row[1]), row[2]
            first, last = cells[0], cells[-1]
            lo, hi = ord(first[0]), ord(last[0])
            if first[1:] != n or last[1:] != n:
                fail(where, f"row {n}: cells {row[1]} are not of row {n}")
                continue
            count = hi - lo + 1
            want_idx = f"{index}" if count == 1 else f"{index}–{index + count - 1}"
            if idx != want_idx:
                fail(where, f"row {n}: indices {idx}, counting from 0 row by row gives {want_idx}")
            index += count
            for c in (first, last):
                if not is_cell(c):
                    fail(where, f"row {n}: {c} is not a cell of the library")
            for c in (chr(lo - 1) + n, chr(hi + 1) + n):
                if "a" <= c[0] <= "q" and is_cell(c):
                    fail(where, f"row {n}: {c} is a cell, but the book's row stops before it")
    if rows and index != 121:
        fail(where, f"the rows table holds {index} cells, the star 121")
    return rows


def anchor(heading):
    h = re.sub(r"[`*]", "", heading.strip().lower())
    h = re.sub(r"[^\w\- ]", "", h)
    return h.replace(" ", "-")


def check_links(files):
    heads = {}
    for f in files:
        text = open(f, encoding="utf-8").read()
        text = re.sub(r"```.*?```", "", text, flags=re.S)
        heads[os.path.realpath(f)] = {anchor(m) for m in re.findall(r"^#+ (.*)$", text, re.M)}
    n = 0
    for f in files:
        text = re.sub(r"```.*?```", "", open(f, encoding="utf-8").read(), flags=re.S)
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target):
                continue
            n += 1
            file, _, frag = target.partition("#")
            dest = os.path.realpath(os.path.join(os.path.dirname(f), file)) if file else os.path.realpath(f)
            if not os.path.exists(dest):
                fail(f, f"link {target}: no file {dest}")
            elif frag and frag not in heads.get(dest, set()):
                fail(f, f"link {target}: no heading #{frag} in {os.path.basename(dest)}")
    return n


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: rulebook_test.py STERNHALMA DOCS_DIR")
    exe, docs = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    files = book_files(docs)

    def path_of(name):
        return os.path.join(docs, "rules", name)

    texts = {f: open(f, encoding="utf-8").read() for f in files}
    tabs = [(f, t) for f in files for t in tables(re.sub(r"```.*?```", "", texts[f], flags=re.S))]
    ids, lib = library_presets(exe)

    scratch = tempfile.mkdtemp(prefix="rulebook-")
    bindir = os.path.join(scratch, "bin")
    work = os.path.join(scratch, "work")
    os.makedirs(bindir)
    os.makedirs(work)
    os.symlink(exe, os.path.join(bindir, "sternhalma"))
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""), LC_ALL="C")
    try:
        all_blocks = [(f, b) for f in files for b in blocks(f, texts[f])]
        names = set()
        for f, (info, start, body) in all_blocks:
            m = re.search(r"\bfile=(\S+)", info)
            if m:
                if m.group(1) in names:
                    fail(f"{f}:{start}", f"a second block for file {m.group(1)}")
                names.add(m.group(1))
                with open(os.path.join(work, m.group(1)), "w", encoding="utf-8") as out:
                    out.write("\n".join(body) + "\n")
        commands = sum(console(f, start, body, work, env)
                       for f, (info, start, body) in all_blocks if info == "console")
        presets = check_presets(path_of, tabs, ids, lib)
        options = check_options(path_of, tabs, exe, ids, lib)
        perfts = check_perft(path_of, tabs, exe, ids)
        rows = check_rows(path_of, tabs, exe)
        links = check_links(files)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    if commands == 0:
        fail(docs, "no console example found (```console blocks with '$ ' lines)")
    if rows == 0:
        fail(path_of("board.md"), "no rows table (header 'row | cells | indices | ...')")
    for f in FAILURES:
        print("FAIL", f)
    print(f"rule book: {commands} commands, {presets} presets, {options} options, "
          f"{perfts} perft rows, {rows} board rows, {links} links; {len(FAILURES)} failures")
    sys.exit(1 if FAILURES else 0)


if __name__ == "__main__":
    main()
