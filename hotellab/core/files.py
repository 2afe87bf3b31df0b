"""Files written whole or not at all: the data goes to a temporary file beside the target,
then ``os.replace`` puts it in place (readers see the old file or the new one, never half)."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path


def write_whole(path, data: str | bytes, *, encoding: str = "utf-8") -> Path:
    """Write ``data`` (text or bytes) to ``path`` whole or not at all: a temporary file in the
    same folder, flushed to disk, then ``os.replace``. Text is encoded before anything is
    touched, so a character that cannot be encoded leaves the old file as it was; on any
    failure the temporary file is removed. The permissions are those ``open()`` would give:
    an existing file's own, else the umask's for a new one.

    :raises FileNotFoundError: the folder does not exist (the message names it).
    :raises OSError: the folder cannot be written, or ``path`` is a folder.
    :raises UnicodeEncodeError: text that ``encoding`` cannot encode (nothing is written).
    """
    path = Path(path)
    raw = data.encode(encoding) if isinstance(data, str) else bytes(data)
    if not path.parent.is_dir():  # name the folder, not the temporary file inside it
        raise FileNotFoundError(errno.ENOENT, f"cannot write {path}: the folder {path.parent} does not exist")
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
            f.flush()
            os.fsync(f.fileno())
        try:
            mode = path.stat().st_mode & 0o7777
        except OSError:  # a new file
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def find_notebooks_dir() -> Path | None:
    """The folder of the tutorial notebooks.

    In order: ``$HOTELLAB_NOTEBOOKS``; ``notebooks/`` of the source checkout this package
    lives in (editable install); the copy installed with the package under
    ``<prefix>/share/hotellab/notebooks``. None when there is none.
    """
    import sys

    env = os.environ.get("HOTELLAB_NOTEBOOKS")
    if env:
        return Path(env).expanduser().resolve()
    checkout = Path(__file__).resolve().parent.parent.parent / "notebooks"
    if checkout.is_dir():
        return checkout
    for prefix in (sys.prefix, sys.base_prefix):
        shared = Path(prefix) / "share" / "hotellab" / "notebooks"
        if shared.is_dir():
            return shared
    return None
