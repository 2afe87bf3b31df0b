"""Action kinds as data: each game declares its moves once, in one :class:`ActionTable`, and
the core parses, checks, dispatches, words and documents every action through it.

An :class:`ActionKind` says, for one kind of action (``"place"``, ``"roll"``...):

- its text grammar: the arguments (:class:`Arg`: a name, a type and the words allowed), so
  ``"p0 place 2 3"`` is read and checked by the core, and the docs' grammar page is written
  from the table (:meth:`ActionTable.grammar_markdown`);
- the rule (:class:`~hotellab.core.rules.RuleRef`) that allows it, and who takes it
  (``"player"`` or ``"chance"``);
- ``legal(state, node)``: its legal instances at the node (a list of Actions); a kind listed
  together with another names it in ``listed_with``: where both are allowed, the other's
  ``legal`` lists it, and its own ``legal`` (if any) serves only the nodes that do not allow
  the other kind;
- ``check(state, action)``: why an instance that is not legal is refused (a
  :class:`~hotellab.core.state.Refusal` naming its rule, a sentence, or None for the core's
  generic sentence);
- ``apply(state, action)``: how a legal instance changes the state (a fresh copy);
- ``words(state, action, perspective)``: how it reads for people (``action_to_string``);
- ``target(state, action)``: the id of what on the board it concerns (``data-target``), or
  None when it concerns nothing drawn.

The state's pending decision is a :class:`~hotellab.core.node.Node`, whose ``actions`` name
the kinds allowed there. ``docs/dev/new_game.md`` shows a whole table.

>>> from hotellab.core.rules import RuleRef
>>> def place(state, action): pass
>>> kinds = ActionTable([ActionKind("place", (Arg("room", int), Arg("bed", int)),
...                                  RuleRef("toy", "Turn"), "put a guest in a bed", place)])
>>> kinds.grammar_line("place")
'p<seat> place <room> <bed>'
>>> print(kinds.malformed(Action("place", (2,), 0)))
p0 place 2: place takes 2 arguments (<room> <bed>), got 1 — Turn
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from .actions import CHANCE, Action
from .errors import capped
from .rules import RuleRef

__all__ = ["Arg", "ActionKind", "ActionTable", "INT", "WORD", "INTS"]

INT = int
"""An argument that is a whole number (``3``)."""
WORD = str
"""An argument that is a word without spaces (``fire``, ``deck0``)."""
INTS = tuple
"""An argument that is a tuple of whole numbers, written ``3,0,2`` (one element: ``3,``)."""

_TYPE_WORDS = {int: "a whole number", str: "a word", tuple: "numbers written 3,0,2"}


@dataclass(frozen=True)
class Arg:
    """One argument of an action kind: ``name`` (as the grammar shows it), ``type`` (INT,
    WORD or INTS), ``choices`` (the values allowed, when they are a fixed set: e.g. the
    words ``("row", "hand")``) and ``doc`` (what it is, in the rulebook's words)."""

    name: str
    type: type = int
    doc: str = ""
    choices: tuple | None = None

    def __post_init__(self):
        if self.type not in _TYPE_WORDS:
            raise TypeError(f"argument <{self.name}>: type must be INT, WORD or INTS (int, str or tuple), "
                            f"got {self.type!r}")

    def problem(self, value) -> str | None:
        """None when ``value`` has this argument's type (and is one of ``choices``), else
        what is wrong, in words."""
        t = self.type
        ok = (type(value) is int if t is int else
              type(value) is str if t is str else  # a str subclass may compare or hash as it likes
              isinstance(value, tuple) and all(type(x) is int for x in value))
        if not ok:
            return f"<{self.name}> must be {_TYPE_WORDS.get(t, t.__name__)}, got {capped(repr(value), 200)}"
        if self.choices is not None and value not in self.choices:
            shown = ", ".join(str(c) for c in self.choices[:12])
            return f"<{self.name}> must be one of {shown}, got {capped(repr(value), 200)}"
        return None


@dataclass(frozen=True)
class ActionKind:
    """One kind of action, declared once (see the module's docstring).

    ``name`` (the word after the seat), ``args`` (tuple of :class:`Arg`; with ``repeat`` the
    last one may repeat, zero or more times), ``rule`` (RuleRef), ``doc`` (one line: what
    the action does), ``apply(state, action) -> None``; optional: ``legal(state, node) ->
    list[Action]``, ``listed_with`` (the kind whose ``legal`` lists this one too, at the
    nodes that allow both; its own ``legal`` serves the other nodes),
    ``check(state, action) -> Refusal | str | None``, ``words(state, action, perspective) ->
    str``, ``target(state, action) -> str | None``, ``who`` ("player" or "chance") and, for a
    chance kind whose outcomes cannot be listed (a shuffle), ``canonical(state, action) ->
    Action`` (the form the log keeps)."""

    name: str
    args: tuple[Arg, ...]
    rule: RuleRef
    doc: str
    apply: Callable[[Any, Action], None]
    legal: Callable[[Any, Any], list[Action]] | None = None
    listed_with: str | None = None
    check: Callable[[Any, Action], Any] | None = None
    words: Callable[[Any, Action, int | None], str] | None = None
    target: Callable[[Any, Action], str | None] | None = None
    who: str = "player"
    repeat: bool = False
    canonical: Callable[[Any, Action], Action] | None = None

    def __post_init__(self):
        if self.who not in ("player", "chance"):
            raise ValueError(f"action kind {self.name!r}: who must be 'player' or 'chance', got {self.who!r}")
        if not isinstance(self.rule, RuleRef):
            raise TypeError(f"action kind {self.name!r}: rule must be a RuleRef, got {type(self.rule).__name__}")


@dataclass
class ActionTable:
    """A game's action kinds, in rulebook order: ``table[name]`` is the :class:`ActionKind`.

    Raises ValueError for two kinds of one name, or a ``listed_with`` naming no kind."""

    kinds: Iterable[ActionKind]
    by_name: dict = field(init=False, repr=False)
    appliers: dict = field(init=False, repr=False)
    listers: dict = field(init=False, repr=False)  # allowed kinds -> the lister made by lister()

    def __post_init__(self):
        self.kinds = tuple(self.kinds)
        self.by_name = {}
        for k in self.kinds:
            if k.name in self.by_name:
                raise ValueError(f"two action kinds are named {k.name!r}")
            self.by_name[k.name] = k
        for k in self.kinds:
            if k.listed_with is not None and k.listed_with not in self.by_name:
                raise ValueError(f"action kind {k.name!r} is listed with {k.listed_with!r}, which is no kind")
        self.appliers = {k.name: k.apply for k in self.kinds}
        self.listers = {}

    def __getitem__(self, name: str) -> ActionKind:
        return self.by_name[name]

    def __contains__(self, name) -> bool:
        return name in self.by_name

    def __iter__(self):
        return iter(self.kinds)

    def __len__(self) -> int:
        return len(self.kinds)

    # -- listing and checking ----------------------------------------------------------
    def legal(self, state, node) -> list[Action]:
        """The legal actions at ``node``: each allowed kind's ``legal(state, node)``, in the
        order of ``node.actions`` (a kind listed with another kind the node also allows is
        skipped: that kind's ``legal`` lists it)."""
        lister = self.listers.get(node[2])
        if lister is None:
            lister = self.lister(node)
        return lister(state, node)

    def lister(self, node):
        """The function ``(state, node) -> list[Action]`` that lists the legal actions at a
        node allowing ``node.actions`` (see :meth:`legal`): the one kind's ``legal`` itself
        when one kind lists them all (the core calls it directly: no call in between), made
        once per tuple of allowed kinds. Raises ValueError naming a kind the table lacks."""
        allowed = node[2]
        lister = self.listers.get(allowed)
        if lister is not None:
            return lister
        unknown = [n for n in allowed if n not in self.by_name]
        if unknown:
            raise ValueError(f"node {node[0]!r} allows {', '.join(map(repr, unknown))}, which the game's action "
                             f"table does not have; its kinds are {', '.join(self.by_name)}")
        kinds = [self.by_name[n] for n in allowed]
        unlisted = [k.name for k in kinds if k.legal is None and k.listed_with not in allowed]
        if unlisted:
            raise ValueError(f"node {node[0]!r} allows {', '.join(map(repr, unlisted))}, which no kind it allows "
                             f"lists: give the kind a legal(state, node), or allow the kind it is listed_with")
        gens = tuple(k.legal for k in kinds if k.legal is not None and k.listed_with not in allowed)
        if len(gens) == 1:
            lister = gens[0]
        else:
            def lister(state, node, gens=gens) -> list[Action]:
                out: list[Action] = []
                for gen in gens:
                    out += gen(state, node)
                return out
        self.listers[allowed] = lister
        return lister

    def malformed(self, action: Action) -> str | None:
        """None when ``action`` fits its kind's grammar, else a sentence naming the kind, the
        argument and the rule (an unknown kind names the kinds there are)."""
        k = self.by_name.get(action.kind)
        if k is None:
            return (f"{action}: {action.kind!r} is not an action of this game; its actions are "
                    f"{', '.join(self.by_name)}")
        if (action.player == CHANCE) != (k.who == "chance"):
            who = "a chance outcome ('chance ...')" if k.who == "chance" else "a seat's action ('p<seat> ...')"
            return f"{action}: {k.name} is {who} — {k.rule.section}"
        n, got = len(k.args), len(action.args)
        if got != n and not (k.repeat and got >= n - 1):
            names = " ".join(f"<{a.name}>" for a in k.args) + (" ..." if k.repeat else "")
            least = n - 1 if k.repeat else n
            return (f"{action}: {k.name} takes {'at least ' if k.repeat else ''}{least} "
                    f"argument{'s' if least != 1 else ''} ({names}), got {got} — {k.rule.section}")
        for i, value in enumerate(action.args):
            arg = k.args[min(i, n - 1)]
            why = arg.problem(value)
            if why is not None:
                return f"{action}: {why} — {k.rule.section}"
        return None

    # -- documentation -------------------------------------------------------------
    def grammar_line(self, name: str) -> str:
        """The text form of kind ``name``, e.g. ``p<seat> place <room> <bed>``."""
        k = self.by_name[name]
        who = "chance" if k.who == "chance" else "p<seat>"
        args = " ".join(f"<{a.name}>" for a in k.args) + (" ..." if k.repeat else "")
        return f"{who} {k.name} {args}".rstrip()

    def grammar_markdown(self, title: str = "") -> str:
        """The grammar page (Markdown) of every kind: its text form, what it does, its rule
        and each argument, in table order; ``docs/games/<game>-actions.md`` is written from
        it (``python scripts/game_pages.py``)."""
        lines = [f"# {title}: actions" if title else "# Actions", "",
                 "Generated from the game's action table (`hotellab.core.kinds`); do not edit by hand.",
                 "Each action is written `<who> <kind> <arg> ...`: `p<seat>` for a seat, `chance` for a",
                 "chance outcome; a number list is written `3,0,2`.", ""]
        for k in self.kinds:
            lines += [f"## `{k.name}`", "", f"`{self.grammar_line(k.name)}`", "", k.doc.strip(), "",
                      f"Rule: {k.rule.section}" + (f" (“{k.rule.quote}”)" if k.rule.quote else ""), ""]
            if k.args:
                lines += ["| argument | type | meaning |", "|---|---|---|"]
                for a in k.args:
                    t = _TYPE_WORDS.get(a.type, a.type.__name__)
                    if a.choices is not None:
                        t += ": " + ", ".join(f"`{c}`" for c in a.choices)
                    lines.append(f"| `{a.name}` | {t} | {a.doc} |")
                lines.append("")
            if k.listed_with:
                lines += [f"Listed together with `{k.listed_with}`.", ""]
        return "\n".join(lines).rstrip() + "\n"
