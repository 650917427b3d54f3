#!/usr/bin/env python3
"""Every code block of the documentation is run by a named test.

Lists every fenced block (```, also indented in a list) of README.md and
docs/**/*.md and fails unless one of these says who runs it:

- a comment on the line before the block (blank lines between allowed):
  `<!-- tested-by: FILE [FILE...] -->`, where every FILE exists and one of
  them reads the page (contains its path from the repository's root, e.g.
  `docs/guides/rl.md`), or the block's commands (each line of a `sh` block,
  its comment cut) all appear verbatim in the FILEs;
- a comment `<!-- not-run: REASON -->` before a block whose language is
  `text` or `ebnf` (a synopsis, a grammar, an output), with a reason;
- a MyST directive (```{include}, ```{toctree}, ...): no code;
- a page run as a whole by its own test (RUNNERS below): the test must
  exist and read the page's folder or path, and the page's blocks must be
  of the kinds that test runs.

A marker that points at a missing file, or at a test that neither reads
the page nor contains the commands, is an error too. Standard library
only:  tests/docs_examples_test.py [REPO_ROOT]
"""
import os
import re
import sys

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))

# Pages whose examples a test runs as a whole, and the blocks it runs: the
# rule book's `console` examples and `file=` blocks (tests/rulebook_test.py),
# and the engine protocol's sessions, engine loop and command lines
# (tests/engine_test.py). Each entry: page pattern, the test, what in the
# test names the page, and which blocks it runs (info string pattern).
RUNNERS = [
    (r"docs/rules\.md|docs/rules/[^/]+\.md", "tests/rulebook_test.py", '"rules"',
     r"console|\S+ file=\S+"),
    (r"docs/protocol\.md", "tests/engine_test.py", '"protocol.md"', r"text|python|sh"),
]
# Blocks of those pages that their test does not run, each with the reason
# (page, first line of the block).
NOT_RUN = {
    ("docs/rules/text.md", "<table id> <seat to move> <seat>:<cell>,<cell>,... <seat>:... <round>"):
        "the position text's grammar",
}
NOT_RUN_LANGUAGES = {"text", "ebnf"}
MARKER = re.compile(r"^\s*<!--\s*(tested-by|not-run):\s*(.*?)\s*-->\s*$")


def pages():
    out = [os.path.join(ROOT, "README.md")]
    for folder, dirs, files in os.walk(os.path.join(ROOT, "docs")):
        dirs[:] = sorted(d for d in dirs if d not in ("tools", "node_modules"))
        out += [os.path.join(folder, f) for f in sorted(files) if f.endswith(".md")]
    return out


def blocks(text):
    """(line number, info string, body lines, marker or None) of each fenced block."""
    lines, out, i = text.split("\n"), [], 0
    while i < len(lines):
        m = re.match(r"^( *)```(.*)$", lines[i])
        if not m:
            i += 1
            continue
        indent, info, start = m.group(1), m.group(2).strip(), i
        j = i - 1
        while j >= 0 and not lines[j].strip():
            j -= 1
        marker = MARKER.match(lines[j]) if j >= 0 else None
        body, i = [], i + 1
        while i < len(lines) and lines[i] != indent + "```":
            body.append(lines[i][len(indent):])
            i += 1
        if i == len(lines):
            raise SystemExit(f"block at line {start + 1} never closed")
        out.append((start + 1, info, body, marker))
        i += 1
    return out


def commands(body):
    """A shell block's commands: each line without its comment, continuations joined."""
    out, text = [], "\n".join(body).replace("\\\n", " ")
    for line in text.split("\n"):
        line = re.sub(r"\s+#.*$", "", line).strip()
        if line and not line.startswith("#"):
            out.append(re.sub(r"\s+", " ", line))
    return out


def check(rel, line, info, body, marker):
    """None when the block is accounted for, else what is wrong."""
    language = info.split()[0] if info else ""
    if language.startswith("{"):
        return None  # a MyST directive, not code
    if marker:
        kind, value = marker.group(1), marker.group(2)
        if kind == "not-run":
            if language not in NOT_RUN_LANGUAGES:
                return f"not-run is for {sorted(NOT_RUN_LANGUAGES)} blocks, this one is '{info}'"
            return None if value else "not-run without a reason"
        files = value.split()
        if not files:
            return "tested-by names no file"
        texts = []
        for f in files:
            path = os.path.join(ROOT, f)
            if not os.path.isfile(path):
                return f"tested-by {f}: no such file"
            texts.append(open(path, encoding="utf-8", errors="replace").read())
        if any(rel in t for t in texts):
            return None
        cmds = commands(body) if language == "sh" else []
        squeezed = [re.sub(r"\s+", " ", t) for t in texts]
        if cmds and all(any(c in t for t in squeezed) for c in cmds):
            return None
        return f"tested-by {' '.join(files)}: none of them reads {rel}" + (
            " or runs its commands" if cmds else "")
    for pattern, test, names, kinds in RUNNERS:
        if re.fullmatch(pattern, rel):
            if (rel, body[0] if body else "") in NOT_RUN:
                return None
            path = os.path.join(ROOT, test)
            if not os.path.isfile(path):
                return f"{test} (which runs this page) is missing"
            if names not in open(path, encoding="utf-8").read():
                return f"{test} no longer reads {rel}"
            if not re.fullmatch(kinds, info):
                return f"a '{info}' block, which {test} does not run"
            return None
    return "no <!-- tested-by: FILE --> or <!-- not-run: REASON --> before it"


def main():
    failures, count = [], 0
    for path in pages():
        rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
        for line, info, body, marker in blocks(open(path, encoding="utf-8").read()):
            count += 1
            problem = check(rel, line, info, body, marker)
            if problem:
                failures.append(f"{rel}:{line}: ```{info}: {problem}")
    for f in failures:
        print("FAIL", f)
    print(f"docs examples: {count} blocks, {len(failures)} not run by a named test")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
