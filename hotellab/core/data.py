"""The games' component data (``hotellab/games/<game>/data/*.toml``) and overrides of it.

Every game's ``components`` module reads its files with :func:`read_data` (``read_data(DATA,
"cards.toml")``: the parsed TOML, a dict). An *override* replaces one value of those files for
a while, e.g. to ask what a reconstructed value (one the rulebook does not print) does to the
game. It is named by a *data path* (:func:`parse_data_path`)::

    "cards.kind[id=pool].points"     file data/cards.toml, array of tables [[kind]], the record
                                     whose id is "pool", its field points
    "cards.kind[2].points"           the same by the record's index (0-based)
    "rooms.room[number=1,side=B].rug"  a record picked by two fields
    "board.track.max_stars"          a plain table: [track] max_stars
    "dice.wear.faces"                an array of integers, replaced whole
    "guests.guest[id=3].side[0].rent"  nested arrays of tables

and its value must have the type of the value it replaces (an integer for an integer, a
float or an integer for a float, an array of the same kind of items for an array).

A game's modules bind their constants when they are imported (``KINDS = _load()``,
``from .components import KINDS``), so an override reaches the rules only through a fresh
import of the game's package. :func:`data_overrides` (a context manager) and
:func:`use_data` (what a simulation worker calls) do this: they take the game's modules out
of ``sys.modules``, import the package again while :func:`read_data` applies the overrides,
and later put the original module objects back, so that the classes, functions and games
made before are the very same objects again and nothing made before the override ever sees
it. Each module of such a *generation* carries its overrides (a module global,
:data:`STAMP`), so a loader called lazily (Hostil Hostal's ``lru_cache`` functions) reads
them too, and the original modules never do. Generations are kept (at most
:data:`KEEP_GENERATIONS` per game) so that switching back and forth reuses them.

This state is per process and not thread-safe: switch data in one thread at a time, and do
not play a game made under one data while another is in place (its function-level imports,
``from .components import ...`` inside a function, would read the other).

Raises :class:`~hotellab.core.errors.OptionError` (a ValueError) whose ``field`` is the data
path, naming it, for a malformed path, an unknown file, table, record or field, a value of
the wrong type, or a value the game's own data checks refuse.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import sys
import tomllib
from collections import OrderedDict
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

from .errors import OptionError, json_type
from .game import _REGISTRY, game_class

__all__ = ["read_data", "parse_data_path", "DataPath", "check_overrides", "data_overrides", "use_data",
           "data_files", "data_folder", "data_value", "is_data_path", "current_class", "canonical",
           "DATA_OPTION", "STAMP", "KEEP_GENERATIONS"]

STAMP = "__hotellab_data__"
"""The module global that holds the overrides a generation's module was imported under."""

DATA_OPTION = "@data"
"""The reserved key under which a game's options carry component-data overrides (canonical
JSON text, see :func:`canonical`) to :func:`hotellab.simulate`'s workers. It is no option:
``load_game`` refuses it; the workers' ``_game`` takes it out and calls :func:`use_data`."""

KEEP_GENERATIONS = 8
"""Generations (module sets imported under some overrides) kept per game for reuse."""

_IMPORTING: dict[str, dict] = {}  # data folder -> overrides, while a generation is being imported


# ----------------------------------------------------------------------------- data paths
class DataPath(NamedTuple):
    """A parsed data path: ``key`` (the text), ``file`` (the file's stem, "cards"), ``steps``:
    one ``(name, selector)`` per dotted part after the file, ``selector`` None, an int (an
    index) or a tuple of ``(field, text)`` pairs (the record whose fields read so)."""

    key: str
    file: str
    steps: tuple


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*\Z")


def _split(key: str) -> list[str]:
    """``key`` cut at the dots that are not inside brackets."""
    parts, depth, cur = [], 0, ""
    for ch in key:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
            if depth < 0:
                raise ValueError("a ']' without its '['")
        if ch == "." and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if depth:
        raise ValueError("a '[' without its ']'")
    parts.append(cur)
    return parts


def parse_data_path(key) -> DataPath:
    """Read a data path ``"<file>.<table>[<selector>].<field>"`` (see the module notes).

    >>> parse_data_path("cards.kind[id=pool].points")
    DataPath(key='cards.kind[id=pool].points', file='cards', steps=(('kind', (('id', 'pool'),)), ('points', None)))
    >>> parse_data_path("cards.kind[2].points").steps[0]
    ('kind', 2)

    Raises OptionError (``field`` the key) for text that is not such a path."""

    def bad(why: str):
        return OptionError(f"data path {key!r}: {why}; a data path reads "
                           "'<file>.<table>[<selector>].<field>', e.g. 'cards.kind[id=pool].points' or "
                           "'cards.kind[2].points'", field=str(key))

    if not isinstance(key, str):
        raise OptionError(f"a grid key must be text (an option, num_players or a data path), got "
                          f"{type(key).__name__} {key!r}", field=str(key))
    try:
        parts = _split(key)
    except ValueError as exc:
        raise bad(str(exc)) from None
    if len(parts) < 2:
        raise bad("it names a file and no value")
    file, steps = parts[0], []
    if not _NAME.match(file):
        raise bad(f"{file!r} is not a file name (data/<file>.toml, without .toml)")
    for part in parts[1:]:
        m = re.fullmatch(r"([A-Za-z_][A-Za-z0-9_-]*)(?:\[([^\[\]]*)\])?", part)
        if not m:
            raise bad(f"{part!r} is not a name with an optional [selector]")
        name, sel = m.group(1), m.group(2)
        if sel is None:
            steps.append((name, None))
            continue
        sel = sel.strip()
        if re.fullmatch(r"\d+", sel):
            steps.append((name, int(sel)))
            continue
        conds = []
        for cond in sel.split(","):
            field, eq, text = cond.partition("=")
            field, text = field.strip(), text.strip().strip("'\"")
            if not eq or not _NAME.match(field) or not text:
                raise bad(f"selector [{sel}] must be an index (0, 1, ...) or field=value[,field=value]")
            conds.append((field, text))
        steps.append((name, tuple(conds)))
    return DataPath(key, file, tuple(steps))


def is_data_path(key) -> bool:
    """Whether ``key`` looks like a data path (text with a dot), not an option name."""
    return isinstance(key, str) and "." in key


def _text(value) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def _locate(doc: dict, path: DataPath, where: str):
    """``(container, slot, value)`` of the value ``path`` names in the parsed file ``doc``."""
    node, trail = doc, path.file

    def missing(why: str):
        return OptionError(f"data path {path.key!r}: {why} ({where})", field=path.key)

    for k, (name, sel) in enumerate(path.steps):
        if not isinstance(node, dict):
            raise missing(f"{trail} is {json_type(node)}, not a table with a field {name!r}")
        if name not in node:
            fields = ", ".join(sorted(node)) or "none"
            raise missing(f"{trail} has no {'field' if k == len(path.steps) - 1 else 'table'} {name!r} "
                          f"(it has: {fields})")
        parent, slot, node = node, name, node[name]
        trail = f"{trail}.{name}"
        if sel is None:
            continue
        if not isinstance(node, list):
            raise missing(f"{trail} is {json_type(node)}, not an array: it takes no [selector]")
        if isinstance(sel, int):
            if not 0 <= sel < len(node):
                raise missing(f"{trail} has {len(node)} entries, no index {sel} (0 to {len(node) - 1})")
            parent, slot, node = node, sel, node[sel]
        else:
            found = [i for i, rec in enumerate(node)
                     if isinstance(rec, dict) and all(f in rec and _text(rec[f]) == t for f, t in sel)]
            cond = ",".join(f"{f}={t}" for f, t in sel)
            if not found:
                field = sel[0][0]
                seen = ", ".join(_text(r.get(field)) for r in node if isinstance(r, dict))
                raise missing(f"{trail} has no record with {cond} ({field} values: {seen})")
            if len(found) > 1:
                raise missing(f"{trail} has {len(found)} records with {cond} (indices "
                              f"{', '.join(map(str, found))}): add a field to the selector or use an index")
            parent, slot, node = node, found[0], node[found[0]]
        trail = f"{trail}[{sel if isinstance(sel, int) else ','.join(f'{f}={t}' for f, t in sel)}]"
    if isinstance(node, dict) or (isinstance(node, list) and any(isinstance(x, dict) for x in node)):
        what = "a table" if isinstance(node, dict) else "an array of tables"
        raise OptionError(f"data path {path.key!r}: {trail} is {what}, not a value: name one of its fields "
                          f"({where})", field=path.key)
    return parent, slot, node


def _converted(old, new, key: str):
    """``new`` checked against the type of ``old`` (and an int made a float for a float)."""

    def wrong():
        return OptionError(f"data path {key!r}: the value must be {json_type(old)} like the file's "
                           f"{old!r}, got {json_type(new)} {new!r}", field=key)

    if isinstance(old, bool):
        if not isinstance(new, bool):
            raise wrong()
        return new
    if isinstance(old, int):
        if isinstance(new, bool) or not isinstance(new, int):
            raise wrong()
        return new
    if isinstance(old, float):
        if isinstance(new, bool) or not isinstance(new, (int, float)):
            raise wrong()
        return float(new)
    if isinstance(old, list):
        if not isinstance(new, (list, tuple)):
            raise wrong()
        if old:
            try:
                return [_converted(old[0], x, key) for x in new]
            except OptionError:
                raise wrong() from None
        return list(new)
    if type(new) is not type(old):
        raise wrong()
    return new


# ----------------------------------------------------------------------------- reading
def data_folder(where) -> Path:
    """The data folder of a game: ``where`` is the folder itself (a Path or text with a
    slash) or a game id. Raises UnknownGameError / OptionError when there is none."""
    if isinstance(where, os.PathLike) or (isinstance(where, str) and ("/" in where or os.sep in where)):
        return Path(where)
    return _state(where).folder


def _raw(folder: Path, name: str) -> dict:
    return tomllib.loads((folder / name).read_text("utf-8"))


def read_data(where, name: str, overrides: dict | None = None) -> dict:
    """The parsed TOML file ``name`` ("cards.toml") of a game's data folder (``where``: the
    folder, as a components module passes its ``DATA``, or a game id), with the overrides
    that apply to it: ``overrides`` when given ({data path: value}), else those the calling
    module was imported under (a generation of :func:`data_overrides` / :func:`use_data`;
    none for the modules imported the ordinary way). A fresh dict every call.

    Raises OSError for a missing file, tomllib.TOMLDecodeError for bad TOML, OptionError
    (field: the data path) for an override that names nothing in the file or has the wrong
    type."""
    folder = data_folder(where)
    if overrides is None:
        caller = sys._getframe(1).f_globals
        overrides = caller.get(STAMP)
        if overrides is None:
            overrides = _IMPORTING.get(_folder_key(folder), {})
    doc = _raw(folder, name)
    stem = Path(name).stem
    for key, value in overrides.items():
        path = parse_data_path(key)
        if path.file != stem:
            continue
        parent, slot, old = _locate(doc, path, f"data/{name}")
        parent[slot] = _converted(old, value, key)
    return doc


def data_files(game_id: str) -> list[str]:
    """The stems of a game's data files, sorted (["cards"] for Perfect Hotel)."""
    return sorted(p.stem for p in data_folder(game_id).glob("*.toml"))


def check_overrides(game_id: str, overrides: dict) -> dict:
    """``overrides`` ({data path: value}) checked against the game's files as they are: each
    path names an existing value and each value has its type. Returns them with each value
    converted (an int given for a float made a float, a tuple a list), in key order.

    Raises OptionError (``field`` the data path) naming the path and what is wrong; for an
    unknown file it lists the game's files."""
    if not isinstance(overrides, dict):
        raise OptionError(f"{game_id}: data overrides must be a dict of data paths and values, got "
                          f"{type(overrides).__name__}", field="data")
    folder = data_folder(game_id)
    files = data_files(game_id)
    out = {}
    docs: dict = {}
    for key in sorted(overrides):
        path = parse_data_path(key)
        if path.file not in files:
            raise OptionError(f"{game_id}: data path {key!r}: no file data/{path.file}.toml; the game's data "
                              f"files: {', '.join(f + '.toml' for f in files)}", field=key)
        doc = docs.get(path.file)
        if doc is None:
            doc = docs[path.file] = _raw(folder, path.file + ".toml")
        _, _, old = _locate(doc, path, f"{game_id} data/{path.file}.toml")
        out[key] = _converted(old, overrides[key], key)
    return out


def data_value(game_id: str, key: str):
    """The value the data path ``key`` names in the game's file as it is (no override).

    >>> data_value("perfect_hotel", "cards.kind[id=pool].points")
    7

    Raises OptionError (``field`` the key) as :func:`check_overrides` does."""
    path = parse_data_path(key)
    files = data_files(game_id)
    if path.file not in files:
        raise OptionError(f"{game_id}: data path {key!r}: no file data/{path.file}.toml; the game's data "
                          f"files: {', '.join(f + '.toml' for f in files)}", field=key)
    return _locate(_raw(data_folder(game_id), path.file + ".toml"), path, f"{game_id} data/{path.file}.toml")[2]


def canonical(overrides: dict | None) -> str:
    """The overrides as canonical JSON text ("" for none): the same overrides, the same text."""
    if not overrides:
        return ""
    return json.dumps(overrides, sort_keys=True, separators=(",", ":"), default=str)


# ----------------------------------------------------------------------------- generations
def _folder_key(folder: Path) -> str:
    return str(Path(folder).resolve())


class _Package:
    """The modules of one game's package in this process: the original ones, the generations
    made under overrides, and which is in ``sys.modules`` now."""

    def __init__(self, game_id: str, cls):
        mod = sys.modules.get(cls.__module__) or importlib.import_module(cls.__module__)
        package = getattr(mod, "__package__", None) or cls.__module__.rpartition(".")[0]
        pkg = sys.modules.get(package) or importlib.import_module(package)
        if not getattr(pkg, "__file__", None):
            raise OptionError(f"{game_id}: its package {package} has no data folder; its component data "
                              "cannot be overridden", field="data")
        self.game_id = game_id
        self.package = package
        self.folder = Path(pkg.__file__).parent / "data"
        if not self.folder.is_dir():
            raise OptionError(f"{game_id}: its package {package} has no data folder ({self.folder}); its "
                              "component data cannot be overridden", field="data")
        self.cls_module, self.cls_name = cls.__module__, cls.__qualname__
        self.original: dict | None = None  # name -> module, once taken out of sys.modules
        self.current = ""  # canonical text of the overrides in sys.modules ("" the original)
        self.serial = 0  # the generation in sys.modules (0: the original)
        self.generations: OrderedDict = OrderedDict()  # text -> (serial, modules)
        self.pins: dict[str, int] = {}  # text -> open data_overrides blocks using it
        self.count = 0

    def _mine(self, name: str) -> bool:
        return name == self.package or name.startswith(self.package + ".")

    def _take_out(self) -> dict:
        mods = {n: m for n, m in list(sys.modules.items()) if self._mine(n)}
        for n in mods:
            del sys.modules[n]
        return mods

    def _put_in(self, mods: dict) -> None:
        sys.modules.update(mods)
        parent, _, child = self.package.rpartition(".")
        if parent in sys.modules and self.package in mods:
            setattr(sys.modules[parent], child, mods[self.package])
        cls = _resolve(self.cls_module, self.cls_name)
        if cls is not None:
            _REGISTRY[self.game_id] = cls

    def switch(self, text: str, overrides: dict) -> tuple:
        if text == self.current:
            return (text, self.serial)
        now = self._take_out()
        if self.current:
            overrides_now = json.loads(self.current)
            for m in now.values():  # modules imported lazily under the generation belong to it
                vars(m).setdefault(STAMP, overrides_now)
            self.generations[self.current] = (self.serial, now)
        else:
            self.original = now
        if not text:
            self._put_in(self.original)
            self.current, self.serial = "", 0
            return ("", 0)
        kept = self.generations.get(text)
        if kept is not None:
            self.generations.move_to_end(text)
            self._put_in(kept[1])
            self.current, self.serial = text, kept[0]
            return (text, self.serial)
        try:
            mods = self._import(overrides)
        except BaseException:
            # what was in place comes back: the original, or the generation of before
            self._take_out()
            self._put_in(now)
            if self.current:
                self.generations.pop(self.current, None)
            raise
        self.count += 1
        self.current, self.serial = text, self.count
        self.generations[text] = (self.serial, mods)
        self._put_in(mods)
        self._evict()
        return (text, self.serial)

    def _import(self, overrides: dict) -> dict:
        key = _folder_key(self.folder)
        parent, _, child = self.package.rpartition(".")
        holder = sys.modules.get(parent)
        if holder is not None and hasattr(holder, child):
            # `import hotellab.games.x.components as C` looks the package up as an attribute of
            # its parent first: without the attribute it finds the new package in sys.modules
            delattr(holder, child)
        _IMPORTING[key] = overrides
        try:
            importlib.import_module(self.package)
            for name in self.original:
                importlib.import_module(name)
            mods = {n: m for n, m in sys.modules.items() if self._mine(n)}
            for m in mods.values():
                vars(m)[STAMP] = overrides
            stray = _strays(mods, self.package)
            if stray:
                raise RuntimeError(f"{self.game_id}: a fresh import of {self.package} still holds objects of the "
                                   f"modules it replaces ({'; '.join(stray[:3])}); its component data cannot be "
                                   "overridden this way")
            _warm(mods)
        finally:
            _IMPORTING.pop(key, None)
        return mods

    def _evict(self) -> None:
        for text in list(self.generations):
            if len(self.generations) <= KEEP_GENERATIONS:
                break
            if text != self.current and not self.pins.get(text):
                del self.generations[text]


def _resolve(module: str, qualname: str):
    obj = sys.modules.get(module)
    for part in qualname.split("."):
        obj = getattr(obj, part, None)
    return obj


def _strays(mods: dict, package: str) -> list[str]:
    """Globals of the modules ``mods`` (a generation) that are modules, functions or classes
    of ``package`` but not of the generation: "state.C is another hotellab.games.x.components"."""
    out = []
    for name, mod in mods.items():
        for gname, value in vars(mod).items():
            if isinstance(value, type(sys)):
                own = value.__name__
                ok = value is mods.get(own)
            else:
                own = getattr(value, "__module__", None)
                if not (isinstance(own, str) and (callable(value))):
                    continue
                home = mods.get(own)
                if home is None:
                    continue
                ok = (getattr(home, getattr(value, "__name__", ""), None) is value
                      or getattr(value, "__globals__", vars(home)) is vars(home))
            if isinstance(own, str) and (own == package or own.startswith(package + ".")) and not ok:
                out.append(f"{name.rpartition('.')[2]}.{gname} is another {own}")
    return out


def current_class(cls):
    """The class of the same module and name as ``cls`` in the modules in place now (after
    :func:`use_data`, a generation's), or ``cls`` itself when there is none (a class
    defined in a function, or in a module not imported here)."""
    found = _resolve(cls.__module__, cls.__qualname__)
    return found if isinstance(found, type) else cls


def _warm(mods: dict) -> None:
    """Call each loader that reads lazily (a function of the package cached with
    ``functools.lru_cache`` that takes no argument), so that its data checks run now."""
    import inspect

    for mod in mods.values():
        for value in list(vars(mod).values()):
            if not (callable(value) and hasattr(value, "cache_info")
                    and getattr(value, "__module__", None) == mod.__name__):
                continue
            try:
                params = inspect.signature(value).parameters.values()
            except (TypeError, ValueError):
                continue
            if all(p.default is not p.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params):
                value()


_PACKAGES: dict[str, _Package] = {}


def _state(game_id: str, cls=None) -> _Package:
    st = _PACKAGES.get(game_id)
    if st is None:
        if cls is None:
            cls = game_class(game_id)
        st = _PACKAGES[game_id] = _Package(game_id, cls)
    return st


def _refused(game_id: str, overrides: dict, exc: BaseException) -> OptionError:
    keys = ", ".join(f"{k}={v!r}" for k, v in overrides.items())
    field = next(iter(overrides)) if len(overrides) == 1 else ", ".join(overrides)
    return OptionError(f"{game_id}: the game's data checks refuse {keys}: {type(exc).__name__}: {exc}",
                       field=field)


def use_data(game_id: str, overrides=None, cls=None) -> tuple:
    """Put the game's modules for ``overrides`` ({data path: value}, its canonical JSON text,
    or None / {} / "" for the files as they are) in ``sys.modules`` of this process, unless
    they are there already, and return a token ``(text, generation)`` that changes whenever
    the modules in place do (a cache of games keys on it). ``cls``: the game's class, when
    the game is not found by its id (registered in another process).

    For the files as they are and a game never overridden here it does nothing (cheap: a
    simulation worker calls it before every game). The overrides are not checked first (see
    :func:`check_overrides`); one that names nothing, or that the game's own data checks
    refuse (``_load``'s ValueError), is an OptionError naming the data path(s), and the
    original modules stay in place."""
    if isinstance(overrides, str):
        text = overrides
        overrides = json.loads(text) if text else {}
    else:
        overrides = dict(overrides or {})
        text = canonical(overrides)
    st = _PACKAGES.get(game_id)
    if st is None:
        if not text:
            return ("", 0)
        st = _state(game_id, cls)
    if st.current == text:
        return (text, st.serial)
    try:
        return st.switch(text, overrides)
    except OptionError as exc:
        if exc.field in overrides:
            raise
        raise _refused(game_id, overrides, exc) from exc
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        raise _refused(game_id, overrides, exc) from exc


@contextmanager
def data_overrides(game_id: str, overrides: dict | None):
    """Within the block, the game ``game_id`` is played with its component data changed by
    ``overrides`` ({data path: value}; None or {} for the files as they are): games loaded
    in the block (``hl.load_game``, which finds the class of the new generation) use it.
    Afterwards, also on an error, the modules that were in place before are back (the very
    same objects). Yields the checked overrides (:func:`check_overrides`).

    >>> import hotellab as hl
    >>> from hotellab.core.data import data_overrides
    >>> with data_overrides("perfect_hotel", {"cards.kind[id=pool].points": 9}):
    ...     hl.load_game("perfect_hotel").state_class.__module__
    'hotellab.games.perfect_hotel.state'

    Raises OptionError naming the data path (see :func:`check_overrides`, :func:`use_data`).
    """
    checked = check_overrides(game_id, overrides) if overrides else {}
    if not checked and game_id not in _PACKAGES:  # never overridden here: nothing to change
        yield checked
        return
    st = _state(game_id)
    before = st.current
    text = canonical(checked)
    use_data(game_id, checked)
    st.pins[text] = st.pins.get(text, 0) + 1
    try:
        yield checked
    finally:
        st.pins[text] -= 1
        if not st.pins[text]:
            del st.pins[text]
        use_data(game_id, before)
