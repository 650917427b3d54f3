"""A PEP 517 build backend using only the standard library.

Why: pip builds in an isolated environment and would fetch setuptools (or
meson-python) from the network; `pip install ./capi/python` must work
offline. The wheel carries libsternhalma, built here with the system's Meson
from the C++ sources, so `import sternhalma` needs no environment variable
and no system install:

- in the source tree the sources are two folders up (the repository);
- an sdist carries them under `_src/`, so a wheel builds from it too.

The library is built with -Dtests=false -Dbench=false (neither doctest nor
Google Benchmark is needed) and only its target is compiled.
"""
import base64
import hashlib
import io
import os
import shutil
import subprocess
import sysconfig
import tarfile
import tempfile
import zipfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _pyproject():
    """pyproject.toml's tables as {table: {key: value}}, read with the standard
    library on every Python the package supports (tomllib is 3.11+): the keys
    read here are one-line `key = "text"` or `key = ["text", ...]`, which are
    Python literals too. The package's one copy of the project version is [project] version
    (tests/version_test.py checks it against meson.build)."""
    import ast
    tables, section = {}, None
    with open(os.path.join(HERE, "pyproject.toml"), encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line.startswith("["):
                section = tables.setdefault(line.strip("[]").strip(), {})
            elif section is not None and "=" in line and not line.startswith("#"):
                key, value = (part.strip() for part in line.split("=", 1))
                try:
                    section[key] = ast.literal_eval(value)
                except (ValueError, SyntaxError):
                    section[key] = value  # an inline table (license): not read here
    if "version" not in tables.get("project", {}):
        raise RuntimeError("pyproject.toml has no [project] version")
    return tables


PYPROJECT = _pyproject()
NAME, VERSION = "sternhalma", PYPROJECT["project"]["version"]
DIST = f"{NAME}-{VERSION}"
# Extras: `pip install 'sternhalma[rl]'` adds numpy, which sternhalma.rl needs.
EXTRAS = "".join(
    f"Provides-Extra: {extra}\n" + "".join(f'Requires-Dist: {req}; extra == "{extra}"\n' for req in reqs)
    for extra, reqs in PYPROJECT.get("project.optional-dependencies", {}).items())
METADATA = f"""Metadata-Version: 2.1
Name: {NAME}
Version: {VERSION}
Summary: Chinese checkers rules engine: Python binding of libsternhalma's C ABI
Requires-Python: >=3.8
License: MIT
{EXTRAS}"""

# What the library's build needs from the repository (tests, bench and the
# bindings stay out: -Dtests=false -Dbench=false).
SOURCES = ["meson.build", "meson_options.txt", "include", "lib", "cli", "cmake", "capi/meson.build",
           "capi/sternhalma.h", "capi/sternhalma.map", "capi/capi_internal.h", "capi/*.cpp"]
NEEDS = ("Building the sternhalma wheel compiles libsternhalma: it needs Meson, Ninja, "
         "a C++20 compiler, pkg-config and Abseil (Debian: apt-get install meson "
         "ninja-build g++ pkg-config libabsl-dev). Alternatively build the library "
         "yourself and point STERNHALMA_LIB at libsternhalma.so.")


def _source_root():
    for root in (os.path.join(HERE, "_src"), os.path.dirname(os.path.dirname(HERE))):
        try:
            with open(os.path.join(root, "meson.build")) as f:
                if "project('sternhalma'" in f.read(200):
                    return root
        except OSError:
            pass
    raise RuntimeError(f"the C++ sources of sternhalma are not next to {HERE} (neither "
                       "_src/ of an sdist nor the repository two folders up). " + NEEDS)


def _meson():
    found = os.environ.get("STERNHALMA_MESON") or shutil.which("meson")
    if not found and os.path.exists("/usr/bin/meson"):
        found = "/usr/bin/meson"
    if not found:
        raise RuntimeError("meson not found. " + NEEDS)
    return found


def _build_library(tmp):
    """Builds libsternhalma.so from the sources into tmp; its path."""
    src, meson = _source_root(), _meson()
    # pip's isolated environment points PYTHONPATH at its own site packages;
    # Meson is a program of the system's Python and must not see them.
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONNOUSERSITE", "PYTHONSAFEPATH")}
    build = os.path.join(tmp, "build")
    for cmd in ([meson, "setup", build, src, "-Dtests=false", "-Dbench=false",
                 "-Dbuildtype=release", "-Ddefault_library=shared"],
                [meson, "compile", "-C", build, "capi/sternhalma:shared_library"]):
        r = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if r.returncode != 0:
            tail = r.stdout.decode("utf-8", "replace")[-4000:]
            raise RuntimeError(f"{' '.join(cmd)} failed:\n{tail}\n{NEEDS}")
    lib = os.path.realpath(os.path.join(build, "capi", "libsternhalma.so"))
    if not os.path.exists(lib):
        raise RuntimeError(f"meson built no {lib}. " + NEEDS)
    return lib


def _package_files():
    root = os.path.join(HERE, NAME)
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in ("__pycache__", "_native")]
        for f in sorted(filenames):
            if f.endswith(".py") or f == "py.typed":
                full = os.path.join(dirpath, f)
                yield full, os.path.relpath(full, HERE).replace(os.sep, "/")


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def _platform_tag():
    return sysconfig.get_platform().replace("-", "_").replace(".", "_")


def _write_wheel(wheel_directory, entries, tag, purelib):
    filename = f"{NAME}-{VERSION}-{tag}.whl"
    info = f"{DIST}.dist-info"
    wheel = (f"Wheel-Version: 1.0\nGenerator: sternhalma-backend\n"
             f"Root-Is-Purelib: {'true' if purelib else 'false'}\nTag: {tag}\n")
    entries = list(entries) + [(f"{info}/METADATA", METADATA.encode()),
                               (f"{info}/WHEEL", wheel.encode())]
    record = [_record_line(n, d) for n, d in entries] + [f"{info}/RECORD,,"]
    with zipfile.ZipFile(os.path.join(wheel_directory, filename), "w",
                         zipfile.ZIP_DEFLATED) as z:
        for n, d in entries:
            info_ = zipfile.ZipInfo(n, date_time=(2026, 1, 1, 0, 0, 0))
            info_.external_attr = (0o755 if n.endswith(".so") else 0o644) << 16
            info_.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info_, d)
        z.writestr(f"{info}/RECORD", "\n".join(record) + "\n")
    return filename


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    entries = []
    for full, rel in _package_files():
        with open(full, "rb") as f:
            entries.append((rel, f.read()))
    with tempfile.TemporaryDirectory(prefix="sternhalma-wheel-") as tmp:
        with open(_build_library(tmp), "rb") as f:
            entries.append((f"{NAME}/_native/libsternhalma.so", f.read()))
    return _write_wheel(wheel_directory, entries, f"py3-none-{_platform_tag()}", False)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    # The package stays in the tree; it finds a build*/capi/ library or STERNHALMA_LIB.
    return _write_wheel(wheel_directory, [(f"_{NAME}_editable.pth", (HERE + "\n").encode())],
                        "py3-none-any", True)


def _add_bytes(t, name, data):
    ti = tarfile.TarInfo(name)
    ti.size = len(data)
    ti.mode = 0o644
    t.addfile(ti, io.BytesIO(data))


def build_sdist(sdist_directory, config_settings=None):
    import glob
    src = _source_root()
    filename = f"{DIST}.tar.gz"
    with tarfile.open(os.path.join(sdist_directory, filename), "w:gz") as t:
        for rel in ["pyproject.toml", "README.md", "_build/backend.py"]:
            t.add(os.path.join(HERE, rel), f"{DIST}/{rel}")
        for full, rel in _package_files():
            t.add(full, f"{DIST}/{rel}")
        for pattern in SOURCES:
            for full in sorted(glob.glob(os.path.join(src, pattern))):
                rel = os.path.relpath(full, src)
                t.add(full, f"{DIST}/_src/{rel}",
                      filter=lambda ti: None if "__pycache__" in ti.name else ti)
        _add_bytes(t, f"{DIST}/PKG-INFO", METADATA.encode())
    return filename


if __name__ == "__main__":
    # python3 capi/python/_build/backend.py sdist|wheel DIR
    import sys
    if len(sys.argv) != 3 or sys.argv[1] not in ("sdist", "wheel"):
        sys.exit("usage: backend.py sdist|wheel DIR")
    os.makedirs(sys.argv[2], exist_ok=True)
    made = (build_sdist if sys.argv[1] == "sdist" else build_wheel)(sys.argv[2])
    print(os.path.join(sys.argv[2], made))
