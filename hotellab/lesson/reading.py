"""Reading a learner's typed answer: one definition, in Python here and in ``lesson.js``.

Both read against the same table of cases (``hotellab/lesson/answer_cases.json``): pytest
checks this module with it and Node's test runner checks the page's reader with it
(``tests/js/lesson_answers.test.mjs``), so a lesson accepts the same answers in the kernel and
on a static page.

An answer spec (what the step's ``answer`` reads from the state) is a dict:

- ``{"type": "number", "value": 12}``: a whole or decimal number; ``+3``, ``-2``, ``−2``
  (typographic minus) and ``3.0`` are read; so is a number followed by ``points``/``pts``.
- ``{"type": "bool", "value": true}``: yes / no (``y``, ``true``, ``legal``, ``1`` ...).
- ``{"type": "seat", "value": 1, "seats": ["Blue", "Red"]}``: a seat (its index), typed as
  its name (case ignored) or its place at the table counted from 1 (``2``, ``player 2``: the
  second seat, index 1), as people count; a Python int is taken as the index itself.
- ``{"type": "list", "value": [20, 24], "ordered": true, "seats": [...]}``: numbers (or seat
  names when ``seats`` is given) separated by commas, semicolons, spaces or "and";
  ``ordered`` false compares them as a set (every winner, in any order); "nobody" is the
  empty list of seats.

Cleaning, everywhere: whitespace around the answer goes, and punctuation at either end
(``!?;:,`` before it, ``.!?;:,`` after it), never a sign. :func:`read` returns ``(value, problem)``: the value read, or
``None`` and a sentence saying what to type. :func:`judge` compares a read value with the
spec: ``{"ok", "off"}`` where ``off`` is given minus right for a number (0 when ok), and for a
list how many entries are wrong. :func:`off_words` says how far off in words.
"""

from __future__ import annotations

import math
import re

YES_WORDS = ("yes", "y", "true", "legal", "1")
NO_WORDS = ("no", "n", "false", "illegal", "0")
NOBODY = ("nobody", "no one", "none", "no-one")
"""An empty list of seats (no winner: a group loss) is typed as one of these."""
_NUMBER = re.compile(r"^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$")  # ASCII digits, as the page reads them
_EDGE = ".!?;:, \t\n"
_UNIT = re.compile(r"\s*(points?|pts?|pt)$")
_SPLIT = re.compile(r"(?:\s*[,;]\s*|\s+and\s+|\s+)")
CLOSE = 2
"""A number answer within this many of the right one is "close"."""


def clean(given) -> str:
    """``given`` as lower-case text: a typographic minus read as "-", whitespace around it
    gone, and punctuation at its ends (``!?;:,`` at the start, ``.!?;:,`` at the end)."""
    text = str(given if given is not None else "").replace("\u2212", "-").replace("\u2013", "-")
    text = text.replace("\ufeff", " ")  # a byte-order mark is space, as in the page
    return text.strip().lstrip("!?;:,").rstrip(".!?;:,").strip().lower()


def _number(text: str):
    t = _UNIT.sub("", text).strip()
    if not _NUMBER.match(t):
        return None
    x = float(t)
    return int(x) if x.is_integer() else x


def _seat(text: str, seats) -> int | None:
    """A seat typed by a person: its name, or its place at the table counted from 1 ("2",
    "player 2", "seat 2" is the second seat, index 1)."""
    names = [str(s).lower() for s in (seats or [])]
    if text in names:
        return names.index(text)
    n = _number(re.sub(r"^(player|seat)\s*", "", text))
    if isinstance(n, int) and 1 <= n <= len(names):
        return n - 1
    return None


def read(given, spec: dict):
    """``(value, None)`` for an answer that can be read against ``spec``, else ``(None,
    problem)`` with a sentence saying what to type."""
    kind = spec["type"]
    if isinstance(given, bool) and kind == "bool":
        return given, None
    text = clean(given)
    if kind == "bool":
        if text in YES_WORDS:
            return True, None
        if text in NO_WORDS:
            return False, None
        return None, "Answer yes or no."
    if kind == "number":
        n = _number(text) if not isinstance(given, (int, float)) or isinstance(given, bool) else given
        if isinstance(n, float) and not math.isfinite(n):
            n = None
        return (n, None) if n is not None else (None, "Type a number, for example 12.")
    seats = spec.get("seats") or []
    if kind == "seat":
        s = _seat(text, seats) if not isinstance(given, int) or isinstance(given, bool) else given
        names = ", ".join(seats)
        return (s, None) if s is not None else (None, f"Type a seat: its name ({names}) or its place at the table (1 to {len(seats)}).")
    if kind == "list":
        if isinstance(given, int) and not isinstance(given, bool):  # a Python int is an index, as for "seat"
            given = [given]
        if not isinstance(given, (list, tuple)) and seats and text in NOBODY:
            return [], None
        if not isinstance(given, (list, tuple)) and not text:
            return None, "Type your answer" + (" (seat names, or nobody)." if seats else " (numbers separated by commas).")
        if seats:  # "player 2, seat 3": the places, without their words
            text = re.sub(r"\b(player|seat)\s+(?=[0-9])", "", text)
        parts = list(given) if isinstance(given, (list, tuple)) else [p for p in _SPLIT.split(text) if p]
        out = []
        for p in parts:
            p = clean(p) if isinstance(p, str) else p
            v = (_seat(p, seats) if seats else _number(p)) if isinstance(p, str) else p
            if v is None:
                what = "seat names or places (1, 2 ...)" if seats else "numbers"
                return None, f"Type {what} separated by commas."
            out.append(v)
        return out, None
    raise ValueError(f"unknown answer type {kind!r}; types: number, bool, seat, list")


def judge(value, spec: dict) -> dict:
    """``{"ok": bool, "off": number}``: for a number, ``off`` = value - right; for a list, the
    number of entries that differ (a missing or extra entry counts); else 0 or 1."""
    right = spec["value"]
    kind = spec["type"]
    if kind == "number":
        off = value - right
        return {"ok": off == 0, "off": int(off) if float(off).is_integer() else off}
    if kind == "list":
        got, want = list(value), list(right)
        if spec.get("ordered", True) is False:
            got, want = sorted(got), sorted(want)
            missing = sum(max(0, want.count(x) - got.count(x)) for x in set(want))
            extra = sum(max(0, got.count(x) - want.count(x)) for x in set(got))
            off = max(missing, extra)
        else:
            off = sum(1 for a, b in zip(got, want) if a != b) + abs(len(got) - len(want))
        return {"ok": off == 0, "off": off, "count": len(got)}
    return {"ok": value == right, "off": 0 if value == right else 1}


def off_words(verdict: dict, spec: dict) -> str:
    """How far off a wrong answer is, in words, without the right answer: "Too high, but
    close." / "Too low, by more than 2." / "2 of the 3 are wrong." / "" when right. A set of
    seats (winners) gets no count: "That is not the answer." / "Not nobody: at least one seat
    does."."""
    if verdict["ok"]:
        return ""
    off = verdict["off"]
    if spec["type"] == "number":
        side = "Too high" if off > 0 else "Too low"
        return f"{side}, but close." if abs(off) <= CLOSE else f"{side}, by more than {CLOSE}."
    if spec["type"] == "list":
        n = len(spec["value"])
        if spec.get("seats") and spec.get("ordered", True) is False:
            # a set of seats (the winners): how many it holds would give it away (3 entries of 3
            # seats: every one), and "not that one" would be false of one seat of a shared win
            return "That is not the answer." if verdict.get("count", n) else "Not nobody: at least one seat does."
        if verdict.get("count", n) != n:
            return f"The answer has {n} {'entry' if n == 1 else 'entries'}, not {verdict['count']}."
        return f"{off} of the {n} {'is' if off == 1 else 'are'} wrong." if n > 1 else "Not that one."
    return "Not that seat." if spec["type"] == "seat" else ""
