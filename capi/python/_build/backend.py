"""A PEP 517 build backend using only the standard library.

Why: pip builds in an isolated environment and would fetch setuptools from
the network; this package is pure Python (ctypes), so a wheel is just a zip
of the `sternhalma` directory plus metadata, which zipfile writes offline.
"""
import base64
import hashlib
import io
import os
import tarfile
import zipfile

NAME, VERSION = "sternhalma", "0.1.0"
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIST = f"{NAME}-{VERSION}"
METADATA = f"""Metadata-Version: 2.1
Name: {NAME}
Version: {VERSION}
Summary: Chinese checkers rules engine: Python binding of libsternhalma's C ABI
Requires-Python: >=3.8
License: MIT
"""
WHEEL = """Wheel-Version: 1.0
Generator: sternhalma-backend
Root-Is-Purelib: true
Tag: py3-none-any
"""


def _package_files():
    root = os.path.join(HERE, NAME)
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
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


def _write_wheel(wheel_directory, entries):
    filename = f"{NAME}-{VERSION}-py3-none-any.whl"
    info = f"{DIST}.dist-info"
    entries = list(entries) + [(f"{info}/METADATA", METADATA.encode()),
                               (f"{info}/WHEEL", WHEEL.encode())]
    record = [_record_line(n, d) for n, d in entries] + [f"{info}/RECORD,,"]
    with zipfile.ZipFile(os.path.join(wheel_directory, filename), "w",
                         zipfile.ZIP_DEFLATED) as z:
        for n, d in entries:
            z.writestr(n, d)
        z.writestr(f"{info}/RECORD", "\n".join(record) + "\n")
    return filename


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    entries = []
    for full, rel in _package_files():
        with open(full, "rb") as f:
            entries.append((rel, f.read()))
    return _write_wheel(wheel_directory, entries)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    return _write_wheel(wheel_directory, [(f"_{NAME}_editable.pth", (HERE + "\n").encode())])


def build_sdist(sdist_directory, config_settings=None):
    filename = f"{DIST}.tar.gz"
    with tarfile.open(os.path.join(sdist_directory, filename), "w:gz") as t:
        for rel in ["pyproject.toml", "README.md", "_build/backend.py"]:
            t.add(os.path.join(HERE, rel), f"{DIST}/{rel}")
        for full, rel in _package_files():
            t.add(full, f"{DIST}/{rel}")
        data = METADATA.encode()
        ti = tarfile.TarInfo(f"{DIST}/PKG-INFO")
        ti.size = len(data)
        t.addfile(ti, io.BytesIO(data))
    return filename
