"""Sphinx configuration of the sternhalma site (scripts/docs.sh builds it).

The pages are MyST Markdown. The Python reference is autodoc of the
package in capi/python against the built library: scripts/docs.sh sets
STERNHALMA_LIB (as the Python tests do), and a public name without a
docstring, or one left out of the reference, is a warning, which the
build (-W) turns into an error. The C/C++, Rust and JS references are
built by docs/tools/{cpp,rust,js}.sh next to this site's HTML (c/, rust/,
js/); pages link to them with the {site} role.
"""
import ast
import os
import pathlib
import re
import sys

from docutils import nodes
from sphinx.util import logging

DOCS = pathlib.Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT / "capi" / "python"))

project = "sternhalma"
author = "the sternhalma authors"
copyright = "the sternhalma authors"


def _version():
    """The project's version, from its one source (the top meson.build)."""
    text = (ROOT / "meson.build").read_text()
    return re.search(r"^\s*version\s*:\s*'([^']+)'", text, re.M).group(1)


version = release = _version()

extensions = ["myst_parser", "sphinx.ext.autodoc"]
source_suffix = {".md": "markdown"}
root_doc = "index"
# docs/tools holds the build's scripts and the other references' toolchains.
exclude_patterns = ["tools", "_build", "**/node_modules"]
# The rule book links headings as GitHub renders them (text.md#game-record).
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence", "deflist"]
nitpicky = True
# Type hints name typing's and ctypes' classes, which have no page here.
nitpick_ignore_regex = [
    ("py:class", r"(typing|collections\.abc|ctypes|numpy|np)\..*"),
    ("py:class", r"(int|float|str|bytes|bool|object|None|list|tuple|dict|type|Ellipsis)"),
    ("py:class", r"(array\.array|enum\.IntEnum|enum\.Enum)"),
    ("py:class", r"(Optional|Union|List|Tuple|Dict|Sequence|Iterator|Iterable|Callable|Any|TextIO)"),
    ("py:class", r"(sternhalma\.)?(MoveLike|_[A-Za-z].*)"),
    ("py:(class|exc)", r"(ValueError|TypeError|RuntimeError|OSError|IndexError|KeyError|Exception|IntEnum|tuple)"),
]

# A class's members alphabetically: the classes name the package as their
# module (sternhalma/__init__.py), not the file that defines them, so there is
# no source order for autodoc to read.
autodoc_member_order = "alphabetical"
autodoc_typehints = "signature"
# A move argument takes a Move, "k3-k5", ("k3", "k5") or (22, 40): the module's
# docstring says so once, and signatures name the alias instead of its Union.
autodoc_type_aliases = {"MoveLike": "MoveLike"}
# Members a class inherits from the package's own bases (a handle's copy())
# are part of its page; those of Python's builtins are not.
autodoc_default_options = {
    "members": True, "undoc-members": True,
    "inherited-members": ",".join([
        "object", "tuple", "int", "float", "str", "Enum", "IntEnum", "ReprEnum", "BaseException",
        "Exception", "ValueError", "TypeError", "LookupError", "IndexError", "KeyError",
        "RuntimeError", "OSError", "MemoryError", "ArithmeticError", "OverflowError"]),
}

html_theme = "alabaster"
html_title = f"sternhalma {release}"
html_static_path = ["_static"]
html_css_files = ["site.css"]
html_theme_options = {
    "description": "Chinese checkers rules engine: C++20, a C ABI, Python, Rust and JavaScript",
    "fixed_sidebar": True,
    "show_relbars": True,
    "page_width": "1100px",
    "sidebar_width": "250px",
}
html_sidebars = {"**": ["about.html", "navigation.html", "searchbox.html"]}
html_show_sourcelink = False
html_show_sphinx = False
html_copy_source = False

_log = logging.getLogger("sternhalma.docs")

# The Python modules whose public names (__all__) the reference documents.
PY_MODULES = ["sternhalma", "sternhalma.rl", "sternhalma.cluster"]


def _site_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    """{site}`Title <c/index.html>`: a link to a file of the built site that
    Sphinx does not make (the C/C++, Rust and JS references), relative to the
    page it is on; the link check (docs/tools/linkcheck.py) proves it resolves."""
    m = re.fullmatch(r"\s*(.*?)\s*<([^<>]+)>\s*", text, re.S)
    title, target = (m.group(1), m.group(2)) if m else (text, text)
    docname = inliner.document.settings.env.docname
    uri = "../" * docname.count("/") + target
    return [nodes.reference(rawtext, title, refuri=uri)], []


def _public_names(module):
    import importlib
    return list(importlib.import_module(module).__all__)


def _attr_docs(modname):
    """The attribute docstrings ("NAME = value" followed by a string) of the
    package's source files under modname, by name: constants carry their
    documentation this way, and autodoc only reads those of the module it is
    documenting (sternhalma), not of the part that defines them."""
    import importlib
    mod = importlib.import_module(modname)
    base = pathlib.Path(mod.__file__).parent
    docs = {}
    for path in sorted(base.glob("*.py")):
        body = ast.parse(path.read_text()).body
        for prev, node in zip(body, body[1:]):
            if (isinstance(prev, ast.Assign) and len(prev.targets) == 1
                    and isinstance(prev.targets[0], ast.Name) and isinstance(node, ast.Expr)
                    and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
                docs.setdefault(prev.targets[0].id, node.value.value)
        # "#: text" comments before an assignment, as Sphinx reads them.
        lines = path.read_text().splitlines()
        for i, line in enumerate(lines):
            m = re.match(r"([A-Z_][A-Z0-9_]*)\s*=", line)
            if m and i and lines[i - 1].lstrip().startswith("#:"):
                docs.setdefault(m.group(1), lines[i - 1].split("#:", 1)[1].strip())
    return docs


_ATTR_DOCS = {}


def _sections():
    """Rule book section number -> the page that holds it, read from the table
    of section numbers in docs/rules.md (the one place that maps them)."""
    pages = {}
    for line in (DOCS / "rules.md").read_text().splitlines():
        m = re.match(r"\|\s*([\d,\s]+?)\s*\|.*?\]\((rules/[\w-]+)\.md", line)
        if m:
            for n in re.findall(r"\d+", m.group(1)):
                pages[n] = m.group(2)
    return pages


_SECTIONS = _sections()
_CITE = re.compile(r"rule(\s+)book(\s+)§(\d+)")


def _link_citations(lines):
    """"rule book §N" in a docstring (a line break may fall inside it) becomes
    a link to the page of section N."""
    def link(m):
        page = _SECTIONS.get(m.group(3))
        return f":doc:`rule{m.group(1)}book{m.group(2)}§{m.group(3)} </{page}>`" if page else m.group(0)
    lines[:] = _CITE.sub(link, "\n".join(lines)).split("\n")


def _where(obj):
    """"file:line" of an object's definition, for a warning (None if unknown)."""
    import inspect
    target = obj.fget if isinstance(obj, property) else obj
    try:
        target = inspect.unwrap(target)  # the method under its lock (_threads)
        return f"{inspect.getsourcefile(target)}:{max(1, inspect.getsourcelines(target)[1])}"
    except (TypeError, OSError):
        return None


def _process_docstring(app, what, name, obj, options, lines):
    """Constants get their attribute docstring; any public name still without
    a docstring is a warning (autodoc would print it bare and say nothing)."""
    modname = next((m for m in sorted(PY_MODULES, key=len, reverse=True)
                    if name.startswith(m + ".")), None)
    if modname is None:
        if name in PY_MODULES:
            _link_citations(lines)
        return
    short = name[len(modname) + 1:]
    if what in ("data", "attribute") and not any(line.strip() for line in lines) and "." not in short:
        if modname not in _ATTR_DOCS:
            _ATTR_DOCS[modname] = _attr_docs(modname)
        doc = _ATTR_DOCS[modname].get(short)
        if doc:
            import inspect
            lines[:] = inspect.cleandoc(doc).splitlines()
    _link_citations(lines)
    if not any(line.strip() for line in lines):
        _log.warning("%s: public name without a docstring", name, type="sternhalma",
                     subtype="docstring", location=_where(obj))


def _class_signature(app, what, name, obj, options, signature, return_annotation):
    """A handle's constructor arguments are its __init__'s: autodoc would read
    those of the __new__ that every class owning C handles inherits from
    _Serialised (it makes the object's lock, and takes anything)."""
    if what != "class" or not isinstance(obj, type) or signature != "(*args, **kwargs)":
        return None
    init = next((c.__dict__["__init__"] for c in obj.__mro__ if "__init__" in c.__dict__), None)
    if init is None or init is object.__init__:
        return None
    from sphinx.util import inspect as sphinx_inspect
    sig = sphinx_inspect.signature(init, bound_method=True)
    return sphinx_inspect.stringify_signature(sig, show_return_annotation=False), None


def _skip_member(app, what, name, obj, skip, options):
    """Members the reference leaves out: private names, a module's members, namedtuple fields
    (their class's docstring says what each field is) and enum members (the
    enum's docstring says what it is; each member is the library's word)."""
    if name.startswith("_"):
        return True
    # The pages place a module's names themselves, in groups (automodule
    # gives the module's docstring only); _check_complete proves none is left out.
    if what == "module":
        return True
    doc = getattr(obj, "__doc__", None) or ""
    if isinstance(obj, property) and doc.startswith("Alias for field number"):
        return True
    import enum
    if isinstance(obj, enum.Enum):
        return True
    return None


def _check_complete(app, env):
    """Every public name of the documented modules has an entry in the
    reference: a name added to __all__ and to no page is a warning."""
    import importlib
    documented = set(env.get_domain("py").objects)
    for module in PY_MODULES:
        for short in _public_names(module):
            full = f"{module}.{short}"
            if full not in documented:
                _log.warning("%s: public name missing from the Python reference "
                             "(docs/reference/)", full, type="sternhalma", subtype="reference",
                             location=_where(importlib.import_module(module)))


def _included():
    """Repository file -> the page that includes it whole ({include}), e.g.
    bench/README.md -> performance: a link to that file is a link to the page."""
    pages = {}
    for page in DOCS.rglob("*.md"):
        if "tools" in page.relative_to(DOCS).parts:
            continue
        for m in re.finditer(r"^```\{include\}\s+(\S+)", page.read_text(), re.M):
            target = (page.parent / m.group(1)).resolve()
            pages[target] = page.relative_to(DOCS).with_suffix("").as_posix()
    return pages


_INCLUDED = _included()


def _repository_link(app, env, node, contnode):
    """Links from a page to a Markdown file or a folder of the repository
    outside docs/ (pages are also read on GitHub, where such links work; MyST
    copies any other file into the site): to a file a page includes, a link
    to that page; to any other that exists, its path as text, since the site
    carries no copy of it. A link to a file that
    does not exist stays a warning."""
    # MyST asks with reftype "any" for a [text](target) it could not resolve.
    if node.get("reftype") not in ("myst", "any") or node.get("refdomain"):
        return None
    target, _, fragment = node["reftarget"].partition("#")
    if not target:
        return None
    path = (pathlib.Path(env.doc2path(node["refdoc"])).parent / target).resolve()
    if path in _INCLUDED:
        uri = app.builder.get_relative_uri(node["refdoc"], _INCLUDED[path])
        ref = nodes.reference("", "", internal=True, refuri=uri + (f"#{fragment}" if fragment else ""))
        ref += contnode
        return ref
    if path.exists() and ROOT in path.parents and DOCS not in path.parents and path != DOCS:
        text = contnode.astext()
        rel = path.relative_to(ROOT).as_posix()
        return nodes.inline("", text if text == rel else f"{text} ({rel})")
    return None


def setup(app):
    app.add_role("site", _site_role)
    app.connect("autodoc-process-docstring", _process_docstring)
    app.connect("autodoc-skip-member", _skip_member)
    app.connect("autodoc-process-signature", _class_signature)
    app.connect("env-check-consistency", _check_complete)
    app.connect("missing-reference", _repository_link)
    return {"parallel_read_safe": True}
