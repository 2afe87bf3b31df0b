"""One state storage for every game: fields declared once, copied on write, packed values
read through named accessors.

A game's state class declares its fields as class attributes (and nothing else):

- ``SHARED``: fields whose values are immutable (ints, strs, tuples, frozensets, Nodes): a
  copy shares them; a step replaces a value (:func:`replaced` makes a tuple with one item
  changed).
- ``OWNED``: fields holding a list or dict that steps change in place: a copy shares them
  too, and a step first takes its own copy with :meth:`Stored.own` (one bit per field), so an
  apply step copies only what it changes (copy-on-write).

:class:`Stored` (a mixin of :class:`~hotellab.core.state.State`) makes ``__slots__`` and a
``_copy`` from these declarations when the class is made (the copy is compiled once: as fast
as one written out by hand). :class:`Packing` names the bits of a packed int, so the packing
is declared in one place and read by name.

>>> P = Packing(("room", 4), ("bed", 2), ("seat", 3))
>>> v = P.pack(room=5, bed=1, seat=2)
>>> P.get(v, "room"), P.get(v, "bed"), P.get(v, "seat")
(5, 1, 2)
>>> P.get(P.set(v, "bed", 3), "bed"), P.unpack(v)
(3, {'room': 5, 'bed': 1, 'seat': 2})
>>> replaced((1, 2, 3), 1, 9)
(1, 9, 3)
"""

from __future__ import annotations

__all__ = ["replaced", "Packing", "Stored"]


def replaced(tup: tuple, i: int, value) -> tuple:
    """``tup`` with item ``i`` (0 <= i < len(tup)) replaced by ``value``: a new tuple (the
    one tuple-replace of the package)."""
    return tup[:i] + (value,) + tup[i + 1:]


class Packing:
    """The layout of a packed int: ``Packing((name, bits), ...)``, the first name in the lowest
    bits. ``get``, ``set``, ``pack`` and ``unpack`` read and write the parts by name; values
    must fit their bits (``pack`` raises ValueError naming the part that does not).
    ``accessor(name)`` gives a fast one-argument reader for hot code."""

    def __init__(self, *parts: tuple[str, int]):
        self.parts = tuple(parts)
        self.shift: dict[str, int] = {}
        self.mask: dict[str, int] = {}
        at = 0
        for name, bits in parts:
            if name in self.shift:
                raise ValueError(f"Packing: part {name!r} is named twice")
            self.shift[name] = at
            self.mask[name] = (1 << bits) - 1
            at += bits
        self.bits = at

    def get(self, packed: int, name: str) -> int:
        return (packed >> self.shift[name]) & self.mask[name]

    def set(self, packed: int, name: str, value: int) -> int:
        s, m = self.shift[name], self.mask[name]
        return (packed & ~(m << s)) | ((value & m) << s)

    def pack(self, **values: int) -> int:
        out = 0
        for name, value in values.items():
            if name not in self.shift:
                raise ValueError(f"Packing: no part {name!r}; parts: {', '.join(self.shift)}")
            m = self.mask[name]
            if not 0 <= value <= m:
                raise ValueError(f"Packing: {name}={value} does not fit in {m.bit_length()} bits")
            out |= value << self.shift[name]
        return out

    def unpack(self, packed: int) -> dict[str, int]:
        return {name: (packed >> self.shift[name]) & self.mask[name] for name, _ in self.parts}

    def accessor(self, name: str):
        """A function ``packed -> part`` for hot code (no dict lookups per call)."""
        s, m = self.shift[name], self.mask[name]
        return lambda packed: (packed >> s) & m


class Stored:
    """Mixin that makes a state's ``_copy`` from ``SHARED`` and ``OWNED`` (see the module's
    docstring). The class must still list the fields in ``__slots__`` (Python
    needs them when the class is made): ``__slots__ = SHARED + OWNED + ("_own",)``."""

    __slots__ = ()
    SHARED: tuple[str, ...] = ()
    OWNED: tuple[str, ...] = ()
    COPY_KEPT: tuple[str, ...] = ()  # fields of a base class that a copy shares (the core's State)
    COPY_RESET: dict = {}  # fields of a base class a copy sets to a constant (literals only: caches)

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        if "SHARED" not in cls.__dict__ and "OWNED" not in cls.__dict__:
            return
        fields = tuple(cls.SHARED) + tuple(cls.OWNED)
        slots = set()
        for k in cls.__mro__:
            slots.update(k.__dict__.get("__slots__", ()))
        missing = [f for f in fields + ("_own",) if f not in slots]
        if missing:
            raise TypeError(f"{cls.__name__}: declared fields {missing} are not in __slots__")
        cls._OWN_BIT = {name: 1 << i for i, name in enumerate(cls.OWNED)}
        cls._OWN_ALL = (1 << len(cls.OWNED)) - 1
        # the base class's fields (COPY_KEPT shared, COPY_RESET set to a constant) and the
        # declared ones, written out in one function: no call per field
        kept = tuple(getattr(cls, "COPY_KEPT", ()))
        reset = dict(getattr(cls, "COPY_RESET", {}))
        body = [f"    new.{f} = self.{f}" for f in kept + fields]
        body += [f"    new.{f} = {v!r}" for f, v in reset.items()]
        src = ("def _copy(self):\n"
               "    new = _new(_cls)\n"
               + "\n".join(body) + ("\n" if body else "")
               + "    new._own = 0\n    return new\n")
        ns: dict = {"_new": object.__new__, "_cls": cls}
        exec(compile(src, f"<{cls.__name__}._copy>", "exec"), ns)  # noqa: S102 - made from declared names only
        copy = ns["_copy"]
        copy.__doc__ = (f"A new {cls.__name__} sharing every field with this one (copy-on-write of "
                        f"{', '.join(cls.OWNED) or 'no list'}: see :meth:`own`).")
        cls._copy = copy

    def own(self, name: str):
        """The list or dict field ``name`` (one of ``OWNED``), owned by this state: copied on
        the first write after a copy, so the state it was copied from never changes."""
        bit = self._OWN_BIT[name]
        value = getattr(self, name)
        if not self._own & bit:
            value = value.copy()
            setattr(self, name, value)
            self._own |= bit
        return value

    def own_all(self):
        """Take this state's own copy of every ``OWNED`` field (for code that edits a fresh
        copy's fields directly, such as a position reader or a test helper); returns self."""
        for name in self.OWNED:
            self.own(name)
        return self
