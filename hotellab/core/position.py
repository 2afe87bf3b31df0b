"""Declared positions: a plain table of where everything is, and whose decision is next.

A position is what a teacher writes down to set up a rulebook figure, and what
``state.to_position()`` writes out of any game: a JSON- and TOML-able dict in the rulebook's
words. The core owns its header; each game owns the rest (``State._to_position`` and
``State._from_position``, declared in :mod:`hotellab.core.state`).

Header fields::

    format = "hotellab-position"   # required when reading a file; optional in a scenario
    version = 1
    game = "hostil_hostal"          # optional: when given, must be the game's id
    num_players = 3                 # optional: when given, must match the game
    [options]                       # optional: when given, must resolve to the game's options

Errors are :class:`~hotellab.core.errors.PositionError` with the field's path.

Helpers for games' ``_from_position``: :func:`field` reads a required field with its type,
:func:`check_range` checks a number's range, :func:`check_partition` checks that every
component is in exactly one place.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .errors import OptionError, PositionError, Problem, capped, json_type  # noqa: F401 (Problem: re-exported)

POSITION_FORMAT = "hotellab-position"
POSITION_VERSION = 1
HEADER_FIELDS = ("format", "version", "game", "num_players", "options")


def position_header(game) -> dict:
    """The header of ``game``'s positions (format, version, game, num_players, options)."""
    return {
        "format": POSITION_FORMAT,
        "version": POSITION_VERSION,
        "game": game.id,
        "num_players": game.num_players,
        "options": dict(game.options),
    }


def split_header(game, table) -> dict:
    """Check the header fields that ``table`` gives against ``game`` and return the game's
    part of the table (a shallow copy without the header). Raises PositionError naming the
    field."""
    if not isinstance(table, dict):
        raise PositionError(f"a position must be a table (dict), got {json_type(table)}")
    if "format" in table and table["format"] != POSITION_FORMAT:
        raise PositionError(f"must be {POSITION_FORMAT!r}, got {table['format']!r}", field="format")
    if "version" in table and table["version"] != POSITION_VERSION:
        raise PositionError(
            f"unsupported position version {table['version']!r}; this hotellab reads version "
            f"{POSITION_VERSION}", field="version")
    if "game" in table and table["game"] != game.id:
        raise PositionError(f"the position is for game {table['game']!r}, not {game.id!r}", field="game")
    if "num_players" in table and table["num_players"] != game.num_players:
        raise PositionError(
            f"the position has {table['num_players']!r} players; this game has {game.num_players}",
            field="num_players")
    if "options" in table:
        try:
            opts = type(game).resolve_options(table["options"])
        except OptionError as exc:
            raise PositionError(str(exc), field="options") from None
        if opts != game.options:
            raise PositionError(
                f"the position's options {opts} differ from the game's {game.options}", field="options")
    return {k: v for k, v in table.items() if k not in HEADER_FIELDS}


_TYPE_WORDS = {int: "a whole number", str: "text", list: "a list", dict: "a table", bool: "true or false"}


def field(table: dict, name: str, kind: type | tuple, where: str = "", *, default: Any = ..., rule=None):
    """``table[name]`` checked to be of type ``kind`` (bool is never an int here). A missing
    field raises PositionError unless ``default`` is given. ``where`` prefixes the path."""
    path = f"{where}.{name}" if where else name
    if not isinstance(table, dict):
        raise PositionError(f"must be a table, got {json_type(table)}", field=where or None)
    if name not in table:
        if default is not ...:
            return default
        raise PositionError("is missing", field=path, rule=rule)
    value = table[name]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    ok = isinstance(value, kinds) and not (isinstance(value, bool) and bool not in kinds)
    if not ok:
        want = " or ".join(_TYPE_WORDS.get(k, k.__name__) for k in kinds)
        raise PositionError(f"must be {want}, got {value!r}", field=path, rule=rule)
    return value


def check_range(value, lo, hi, path: str, *, rule=None) -> int:
    """``value`` as an int with ``lo <= value <= hi``; else PositionError naming ``path``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(f"must be a whole number, got {value!r}", field=path, rule=rule)
    if not lo <= value <= hi:
        raise PositionError(f"must be from {lo} to {hi}, got {value}", field=path, rule=rule)
    return value


def check_unknown(table: dict, known, where: str = "") -> None:
    """PositionError for a key of ``table`` that is not in ``known`` (a typo must not be
    silently ignored), and for a ``table`` that is not a table at all (null, a list...)."""
    if not isinstance(table, dict):
        raise PositionError(f"must be a table, got {json_type(table)}", field=where or None)
    extra = sorted(set(table) - set(known))
    if extra:
        path = f"{where}.{extra[0]}" if where else extra[0]
        raise PositionError(f"unknown field; known fields: {', '.join(sorted(known))}", field=path)


def check_partition(places: dict[str, list], expected: Counter | dict, what: str, *, rule=None) -> None:
    """Check that the components listed in ``places`` (place path -> list of components) are
    exactly the multiset ``expected``: each component in exactly one place, none missing,
    none extra. Raises PositionError naming the first place with an extra component, or the
    missing ones."""
    seen: Counter = Counter()
    for path, items in places.items():
        for item in items:
            seen[item] += 1
            if seen[item] > expected.get(item, 0):
                raise PositionError(
                    f"{what} {item!r} is in more places than the game has copies of it "
                    f"({expected.get(item, 0)})", field=path, rule=rule)
    missing = Counter(expected) - seen
    if missing:
        items = ", ".join(f"{k!r}" + (f" x{n}" if n > 1 else "") for k, n in sorted(missing.items(), key=str))
        raise PositionError(f"{what} not placed anywhere: {items}; every {what} must be in exactly one place",
                            field=None, rule=rule)


# == positions as schemas =====================================================================
class Problems:
    """Collects every problem of a position (python-chess's ``status()`` reports them all at
    once; so does :meth:`PositionSchema.problems`). A game's ``build`` adds one with
    :meth:`add` and goes on reading; the core raises one PositionError listing them all."""

    def __init__(self):
        self.items: list[Problem] = []

    def add(self, field: str | None, message: str, rule=None) -> None:
        self.items.append(Problem(field, message, rule))

    def check(self, ok: bool, field: str | None, message: str, rule=None) -> bool:
        """Add the problem when ``ok`` is false; returns ``ok``."""
        if not ok:
            self.add(field, message, rule)
        return ok

    def collect(self, fn, *args, **kw):
        """``fn(*args, **kw)``, or None with its PositionError added as a problem (for the
        field helpers above, which raise at the first problem)."""
        try:
            return fn(*args, **kw)
        except PositionError as exc:
            self.items.extend(exc.problems or [Problem(exc.field, _bare(exc), exc.rule)])
            return None

    def __bool__(self) -> bool:
        return bool(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __iter__(self):
        return iter(self.items)

    def error(self) -> PositionError:
        """One PositionError: the first problem's field and rule, every problem in the text."""
        first = self.items[0]
        text = first.message
        if first.rule is not None and first.rule.section not in text:
            text += f" — {first.rule.section}"
        if len(self.items) > 1:
            text += f" (and {len(self.items) - 1} more problem{'s' if len(self.items) > 2 else ''}:\n" + \
                "\n".join(f"  - {p}" for p in self.items[1:]) + ")"
        return PositionError(text, field=first.field, rule=first.rule, problems=self.items)


def _bare(exc: PositionError) -> str:
    """The message of ``exc`` without its "field 'x': " prefix and rule suffix."""
    text = str(exc)
    if exc.field and text.startswith(f"field '{exc.field}': "):
        text = text[len(f"field '{exc.field}': "):]
    if exc.rule is not None and text.endswith(f" — {exc.rule.section}"):
        text = text[: -len(f" — {exc.rule.section}")]
    return text


def loc_path(loc) -> str | None:
    """A pydantic error location ``("rooms", 2, "beds", 1)`` as a field path
    ``"rooms[2].beds[1]"``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or None


class PositionSchema:
    """A game's position, declared once: ``Game.position = PositionSchema("<module>")``.

    The module (imported on first use, so that pydantic loads only when positions are read)
    defines:

    - ``Position``: a pydantic model of the game's part of the position (the header is the
      core's); each field's ``description`` says what it holds in the rulebook's words and
      its ``json_schema_extra={"rule": "<section>"}`` the rule it follows;
    - ``write(state) -> dict``: the state's position (JSON- and TOML-able);
    - ``build(game, position, problems) -> State``: the state ``position`` (a validated
      ``Position``) declares; it adds every rule the position breaks to ``problems``
      (:class:`Problems`) and goes on where it can.

    The core then gives the reader (:meth:`read`: raises one PositionError listing every
    problem), :meth:`problems` (every problem, raising nothing) and the docs page
    (:meth:`markdown`). Problems come in two layers: every problem of shape first (types,
    missing and unknown fields, each with its path and its field's rule); ``build`` checks the
    rules once the shape is sound."""

    def __init__(self, module: str):
        self.module_name = module
        self._module = None

    @property
    def module(self):
        if self._module is None:
            import importlib

            self._module = importlib.import_module(self.module_name)
        return self._module

    @property
    def model(self):
        return self.module.Position

    def write(self, state) -> dict:
        return self.module.write(state)

    def _validate(self, game, table, problems: Problems):
        from pydantic import ValidationError

        if not isinstance(table, dict):
            problems.add(None, f"a position must be a table (dict), got {json_type(table)}")
            return None
        try:
            return self.model.model_validate(table)
        except ValidationError as exc:
            fields = self.model.model_fields
            for e in exc.errors(include_url=False):
                loc = e["loc"]
                section = _rule_at(self.model, loc)
                rule = _rule_named(game, section) if section else None
                msg = e["msg"]
                if e["type"] == "extra_forbidden":
                    msg = f"unknown field; known fields: {', '.join(sorted(fields))}" if len(loc) == 1 else \
                        "unknown field"
                elif e["type"] == "missing":
                    msg = "is missing"
                else:
                    msg = f"{msg[0].lower()}{msg[1:]}, got {capped(repr(e.get('input')), 200)}"
                problems.add(loc_path(loc), msg, rule)
            return None

    def problems(self, game, table) -> list[Problem]:
        """Every problem of ``table`` (the game's part of a position, or a whole position with
        its header) as a list of :class:`Problem` ([] for a position that is sound)."""
        problems = Problems()
        try:
            body = split_header(game, table)
        except PositionError as exc:
            return [Problem(exc.field, _bare(exc), exc.rule)]
        pos = self._validate(game, body, problems)
        if pos is not None:
            try:
                self.module.build(game, pos, problems)
            except PositionError as exc:
                problems.items.extend(exc.problems or [Problem(exc.field, _bare(exc), exc.rule)])
        return problems.items

    def read(self, game, table: dict):
        """The state ``table`` (the game's part of a position) declares. Raises one
        PositionError naming the first problem's field and rule and listing every problem."""
        problems = Problems()
        pos = self._validate(game, table, problems)
        if problems:
            raise problems.error()
        state = self.module.build(game, pos, problems)
        if problems:
            raise problems.error()
        return state

    def markdown(self, title: str = "") -> str:
        """The position's docs page (Markdown): every field with its type, meaning and rule,
        from the model (``docs/games/<game>-position.md`` is written from it)."""
        schema = self.model.model_json_schema()
        defs = schema.get("$defs", {})
        lines = [f"# {title}: positions" if title else "# Positions", "",
                 "Generated from the game's position schema (`hotellab.core.position.PositionSchema`); "
                 "do not edit by hand.",
                 "A position also has the core's header (`format`, `version`, `game`, `num_players`, `options`).",
                 ""]
        _schema_table(lines, schema, defs, "")
        return "\n".join(lines).rstrip() + "\n"


def _model_in(annotation):
    """The pydantic model inside a field's type (``M``, ``list[M]``, ``dict[str, M]``,
    ``M | None``...), or None."""
    import typing

    from pydantic import BaseModel

    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = _model_in(arg)
        if found is not None:
            return found
    return None


def _rule_at(model, loc) -> str | None:
    """The rule section of the deepest field on the error location ``loc`` that declares one
    (``json_schema_extra={"rule": ...}``): a nested field's own rule, else its parent's."""
    section, current = None, model
    for part in loc:
        fields = getattr(current, "model_fields", None)
        if not isinstance(part, str) or fields is None or part not in fields:
            continue  # a list index or a table's key: the same model goes on
        f = fields[part]
        if isinstance(f.json_schema_extra, dict) and "rule" in f.json_schema_extra:
            section = f.json_schema_extra["rule"]
        current = _model_in(f.annotation)
    return section


def _rule_named(game, section: str):
    """The game's RuleRef of ``section`` (the first of its rule table), or a bare one."""
    from .rules import RuleRef

    for r in getattr(game, "rule_table", ()):
        if r.section == section:
            return r
    return RuleRef(game.id, section)


def _type_text(prop: dict, defs: dict) -> str:
    if "$ref" in prop:
        return f"table `{prop['$ref'].rsplit('/', 1)[-1]}`"
    if "anyOf" in prop:
        return " or ".join(_type_text(p, defs) for p in prop["anyOf"])
    if "enum" in prop:
        return "one of " + ", ".join(f"`{v}`" for v in prop["enum"])
    if "const" in prop:
        return f"`{prop['const']}`"
    t = prop.get("type", "any")
    if t == "array":
        item = prop.get("items") or prop.get("prefixItems")
        if isinstance(item, list):
            return "list of " + ", ".join(_type_text(i, defs) for i in item)
        return f"list of {_type_text(item, defs)}" if item else "list"
    if t == "object" and "additionalProperties" in prop and isinstance(prop["additionalProperties"], dict):
        return f"table of {_type_text(prop['additionalProperties'], defs)}"
    words = {"integer": "whole number", "string": "text", "boolean": "true or false", "number": "number",
             "object": "table", "null": "none"}
    out = words.get(t, t)
    lo, hi = prop.get("minimum"), prop.get("maximum")
    if lo is not None or hi is not None:
        out += f" ({lo if lo is not None else '…'}–{hi if hi is not None else '…'})"
    return out


def _schema_table(lines: list, schema: dict, defs: dict, name: str, seen=None) -> None:
    seen = set() if seen is None else seen
    props = schema.get("properties", {})
    required = set(schema.get("required", ()))
    if name:
        lines += [f"## `{name}`", ""]
    if schema.get("description") and name:
        lines += [schema["description"].strip(), ""]
    if props:
        lines += ["| field | type | meaning | rule |", "|---|---|---|---|"]
        for key, prop in props.items():
            desc = (prop.get("description") or "").replace("\n", " ").replace("|", "\\|")
            if key not in required and "default" in prop:
                desc += f" (default `{prop['default']}`)"
            lines.append(f"| `{key}` | {_type_text(prop, defs)} | {desc} | {prop.get('rule', '')} |")
        lines.append("")
    if not name:
        for ref, sub in defs.items():
            if ref not in seen:
                seen.add(ref)
                _schema_table(lines, sub, defs, ref, seen)
