"""Wheels and zip archives compiled to bytecode for the site's Python (``hotellab publish``).

The browser's Python (Pyodide) compiles every module it imports from source; for the kernel
(IPython, traitlets, prompt_toolkit...) that was seconds of a cold start. The site ships
instead archives whose modules are already compiled, by the same Python the site runs:
:func:`compile_archive` runs *inside* Pyodide (Node.js runs the site's own Pyodide core:
``bytecode.js`` beside this file), so the bytecode's magic number is the site's.

This module imports only the standard library: it is loaded into Pyodide as it is, without
hotellab. Two layouts:

- ``sourceless=True`` (third-party wheels, the standard library zip): each ``pkg/mod.py``
  becomes ``pkg/mod.pyc`` (the source is gone; tracebacks show file and line, not the line's
  text), as ``pyodide py-compile`` does;
- ``sourceless=False`` (hotellab's own wheel: tutorials' tracebacks show its source): the
  ``.py`` stays and ``pkg/__pycache__/mod.<cache tag>.pyc`` is added, an *unchecked*
  hash-based pyc (PEP 552), which Python uses without comparing it to the source (the source's
  file time after Pyodide unpacks a wheel is the time of unpacking).

``.pyi`` stubs, data files and ``*.dist-info`` / ``*.data`` entries stay as they are; a
module that does not compile (Python 2 code in a test folder, say) stays as source. A
wheel's ``RECORD`` lists the new files with their sha256 and size, and its ``WHEEL`` tag and
file name name the interpreter (``py3-none-any`` -> ``cp314-none-any``).
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import io
import marshal
import sys
import warnings
import zipfile

#: Python's own name for its bytecode (``cp314``) and the ``__pycache__`` tag (``cpython-314``)
INTERPRETER = f"cp{sys.version_info[0]}{sys.version_info[1]}"


def _pyc(code, source: bytes, *, unchecked_hash: bool) -> bytes:
    """A ``.pyc`` file's bytes: magic, flags, then a timestamp/size pair (timestamp pycs,
    for sourceless modules: never compared with a source) or the source's SipHash
    (``unchecked_hash``: flags 0b01, used without checking the source), then the code."""
    if unchecked_hash:
        head = (0b01).to_bytes(4, "little") + importlib.util.source_hash(source)
    else:
        head = (0).to_bytes(4, "little") + (0).to_bytes(4, "little") + (len(source) & 0xFFFFFFFF).to_bytes(4, "little")
    return importlib.util.MAGIC_NUMBER + head + marshal.dumps(code)


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _tag(tag: str, interpreter: str = INTERPRETER) -> str:
    """``py3-none-any`` -> ``cp314-none-any``; a tag of one interpreter stays as it is."""
    interp, _, rest = tag.partition("-")
    return f"{interpreter}-{rest}" if all(t.startswith("py") for t in interp.split(".")) else tag


def compiled_name(wheel_name: str, interpreter: str = INTERPRETER) -> str:
    """The compiled wheel's file name: pure-Python tags (``py3``, ``py2.py3``) become
    ``interpreter``'s (default: the running Python's, ``cp314`` in the site); a wheel already
    built for one interpreter keeps its name.

    >>> compiled_name("attrs-21.4.0-py2.py3-none-any.whl", "cp314")
    'attrs-21.4.0-cp314-none-any.whl'
    >>> compiled_name("pydantic_core-2.50.5-cp314-cp314-pyemscripten_2026_0_wasm32.whl", "cp314")
    'pydantic_core-2.50.5-cp314-cp314-pyemscripten_2026_0_wasm32.whl'
    """
    parts = wheel_name.removesuffix(".whl").split("-")
    if len(parts) < 5:
        return wheel_name
    head, tag = parts[:-3], _tag("-".join(parts[-3:]), interpreter)
    return "-".join([*head, tag]) + ".whl"


def compile_archive(data: bytes, name: str, *, sourceless: bool = True, prefix: str = "") -> tuple[bytes, dict]:
    """Compile the modules of the archive ``data`` (a wheel, or a zip of modules such as
    Pyodide's ``python_stdlib.zip``) named ``name``; returns ``(new archive bytes, counts)``
    with counts ``{"compiled", "kept_source", "files"}``.

    :param sourceless: see the module's docstring.
    :param prefix: the folder the archive's modules live in once installed
        (``/lib/python3.14/site-packages``), for the file names in tracebacks.
    :raises zipfile.BadZipFile: ``data`` is not a zip archive.
    """
    is_wheel = name.endswith(".whl")
    prefix = "/" + prefix.strip("/") if prefix.strip("/") else ""  # sysconfig may say //lib/...
    out = io.BytesIO()
    counts = {"compiled": 0, "kept_source": 0, "files": 0}
    record_name = None
    record = []
    with zipfile.ZipFile(io.BytesIO(data)) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as zout:
        def put(info_or_name, payload: bytes) -> None:
            if isinstance(info_or_name, zipfile.ZipInfo):
                zi = zipfile.ZipInfo(info_or_name.filename, date_time=info_or_name.date_time)
                zi.external_attr = info_or_name.external_attr
            else:
                zi = zipfile.ZipInfo(info_or_name, date_time=(1980, 1, 1, 0, 0, 0))
                zi.external_attr = 0o644 << 16
            zi.compress_type = zipfile.ZIP_DEFLATED
            zout.writestr(zi, payload)
            counts["files"] += 1
            if is_wheel:
                record.append(_record_line(zi.filename, payload))

        for info in zin.infolist():
            fname = info.filename
            top = fname.split("/", 1)[0]
            if info.is_dir():
                continue
            if fname.endswith((".pyc", ".pyo")) or "/__pycache__/" in "/" + fname:
                continue  # compiled by another Python: recompiled here
            if is_wheel and top.endswith(".dist-info") and fname.endswith("/RECORD"):
                record_name = fname
                continue
            payload = zin.read(info)
            if is_wheel and top.endswith(".dist-info") and fname.endswith("/WHEEL"):
                lines = [f"Tag: {_tag(ln.split(':', 1)[1].strip())}" if ln.startswith("Tag:") else ln
                         for ln in payload.decode("utf-8").splitlines()]
                put(info, ("\n".join(dict.fromkeys(lines)) + "\n").encode("utf-8"))
                continue
            if not fname.endswith(".py") or top.endswith((".dist-info", ".data")):
                put(info, payload)
                continue
            try:
                with warnings.catch_warnings():  # invalid escapes in old code: the module's own business
                    warnings.simplefilter("ignore")
                    code = compile(payload, f"{prefix}/{fname}" if prefix else fname, "exec",
                                   dont_inherit=True, optimize=0)
            except (SyntaxError, ValueError):
                counts["kept_source"] += 1
                put(info, payload)
                continue
            counts["compiled"] += 1
            if sourceless:
                put(fname + "c", _pyc(code, payload, unchecked_hash=False))
            else:
                put(info, payload)
                folder, _, base = fname.rpartition("/")
                cached = f"{folder + '/' if folder else ''}__pycache__/{base[:-3]}.{sys.implementation.cache_tag}.pyc"
                put(cached, _pyc(code, payload, unchecked_hash=True))
        if is_wheel:
            if record_name is None:
                raise zipfile.BadZipFile(f"{name}: a wheel without a RECORD")
            record.append(f"{record_name},,")
            zi = zipfile.ZipInfo(record_name, date_time=(1980, 1, 1, 0, 0, 0))
            zi.external_attr = 0o644 << 16
            zout.writestr(zi, ("\n".join(record) + "\n").encode("utf-8"), compress_type=zipfile.ZIP_DEFLATED)
    return out.getvalue(), counts
