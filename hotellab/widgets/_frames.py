"""Widget frames: one JSON-able dict per state and perspective, and their compact transport.

A frame (see ``docs/dev/view_model.md``, "Widget frames")::

    {"svg": "<svg ...>", "status": "...", "action": "p0 place 1 2" or None,
     "events": [{"text": "...", "rule": "Phase 3 - Dawn / Rest", "quote": "...",
                 "deltas": [[seat, points], ...]}],
     "scores": [15, 17, 12], "names": ["Blue", "Red", "Orange"]}

``quote`` and ``deltas`` are left out when empty. ``"phase"`` (``state.phase.name``) and
``"round"`` (``state.round_label()``, e.g. ``"Night 2"``) are there when the game declares
them: GameView groups its event list by them. Frames travel to the browser as *chunks*:
base64 text of the gzip of ``{"n": states, "f": [[frame, ...] per perspective]}``, where a
frame whose ``svg`` is the same as the one before it (same chunk and perspective) carries
``"svg": null``, and any other the numbers of its parts in the chunk's table ``"p"`` (each
distinct panel once). Nothing here imports anywidget, so :func:`frames` and
:func:`~hotellab.widgets.export_html` stay cheap to import.

Hidden information: a frame for perspective ``p`` is built only from ``state.view(p)``,
the events (which the engine writes for everyone to read; a state may define
``events_for(perspective)`` to filter them), and the action text, which shows its
arguments only when the action is ``p``'s own or a listed chance outcome (a die roll):
another seat's ``p1 play 7 2`` would give away card 7, a shuffle the order of a deck.
"""

from __future__ import annotations

import base64
import gzip
import json

from ..core.board import PartTable

from ..core.actions import CHANCE
from ..core.text import clean_text

__all__ = ["Source", "frames", "source_of", "encode_chunk"]


class Source:
    """The states of a Match, Replay, GameLog or State, with their actions and names.

    ``states``: a list of states (a Match's own list, or rebuilt from a log);
    ``actions[k]``: the action that led to ``states[k]`` (None for k = 0);
    ``names``: one display name per seat; ``match``: the Match when live, else None;
    ``renamed``: the names differ from the game's seat names, and ``swap`` puts them into a
    text in place of the seat names (identity otherwise).
    """

    def __init__(self, game, states: list, actions: list, names: list[str], match=None):
        self.game = game
        self.states = states
        self.actions = actions
        self.names = [clean_text(n) for n in names]  # no control character reaches a page
        self.match = match
        self.renamed = self.names != [str(n) for n in game.seat_names()]
        self.swap = game.renamer(self.names)

    def extend(self, states, actions) -> None:
        """Follow a live Match's lists (the same objects; kept for clarity and for a
        Match that replaced its lists)."""
        self.states = states
        self.actions = actions


class _MatchActions:
    """``actions[k]`` of a live Match's Source: the action that led to its state k in its
    canonical form, read from that state's history link (no copy of the match's list, no
    parsing: a step costs the same at any length)."""

    __slots__ = ("match",)

    def __init__(self, match):
        self.match = match

    def __len__(self) -> int:
        return len(self.match._states)

    def __getitem__(self, k: int):
        if k == 0:
            return None
        hist = self.match._states[k]._hist  # (parent history, the canonical action)
        return hist[1] if hist is not None else None


def match_parts(m) -> tuple[list, _MatchActions]:
    """The live lists of a Match: its states (its own list, not a copy) and the actions that
    led to them, so that following a match costs O(1) per step."""
    return m._states, _MatchActions(m)


def source_of(obj) -> Source:
    """Collect the states of ``obj`` (Match, Replay, GameLog or State).

    Raises TypeError for anything else.
    """
    from ..core.log import GameLog
    from ..core.match import Match
    from ..core.replay import Replay
    from ..core.state import State

    if isinstance(obj, Match):
        states, actions = match_parts(obj)
        return Source(obj.game, states, actions, obj.players, match=obj)
    if isinstance(obj, (GameLog, State)):
        obj = Replay(obj)
    if isinstance(obj, Replay):
        states = list(iter(obj))
        actions = [None] + list(obj.actions)
        names = obj.log.players
        if len(names) != obj.game.num_seats:
            names = obj.game.seat_names()
        return Source(obj.game, states, actions, names)
    raise TypeError(
        f"GameView/frames take a Match, Replay, GameLog or State, got {type(obj).__name__}"
    )


def _action_text(prev, action, perspective) -> str | None:
    """The action that led to a state, as ``perspective`` may read it: the seat's own action
    and listed chance outcomes as their text; another seat's action (or a shuffle) in the
    game's words for ``perspective`` (``action_to_string``), which leave out what that seat
    may not know, such as a card played face down or a choice made in secret (issue 24: the
    kind of another seat's secret Hotel Zombie turn action showed as "p0 declare ...")."""
    if action is None:
        return None
    if perspective is None or action.player == perspective:
        return str(action)
    if action.player == CHANCE and prev is not None:
        listed = prev.chance_outcomes()  # dice and other open draws are public
        if listed and any(a == action for a, _ in listed):
            return str(action)
    if prev is not None:  # the game's own words for that seat: secret parts left out
        return prev.action_to_string(action, perspective)
    who = "chance" if action.player == CHANCE else f"p{action.player}"
    return f"{who} {action.kind} \u2026"


def _events(state, perspective) -> list[dict]:
    evs = state.events if perspective is None else state.events_for(perspective)
    out = []
    for ev in evs:
        rule = getattr(ev, "rule", None)
        d = {"text": clean_text(ev.text), "rule": clean_text(getattr(rule, "section", rule) or "")}
        quote = getattr(rule, "quote", "")
        if quote:
            d["quote"] = clean_text(quote)
        if getattr(rule, "reconstructed", False):
            d["reconstructed"] = True  # a value the project supplied, not the rulebook's
        deltas = [[int(s), p] for s, p in (getattr(ev, "deltas", ()) or ()) if p]
        if deltas:
            d["deltas"] = deltas
        out.append(d)
    return out


def _rename(view: dict, names: list[str], swap) -> dict:
    """The view with the seats' names replaced by ``names`` and the seat names in its status
    line and prompt swapped too (a shallow copy)."""
    seats = view.get("seats")
    if not isinstance(seats, list):
        return view
    new = []
    for i, s in enumerate(seats):
        if isinstance(s, dict) and i < len(names) and s.get("name") != names[i]:
            s = {**s, "name": names[i]}
        new.append(s)
    out = {**view, "seats": new, "status": swap(view.get("status"))}
    pending = view.get("pending")
    if isinstance(pending, dict):
        out["pending"] = {**pending, "prompt": swap(pending.get("prompt"))}
    return out


def frame_of(src: Source, k: int, perspective) -> dict:
    """The frame of ``src.states[k]`` seen from ``perspective`` (None = omniscient)."""
    state = src.states[k]
    view = state.view(perspective)
    swap = src.swap
    if src.renamed:
        view = _rename(view, src.names, swap)
    status = view.get("status") if isinstance(view, dict) else None
    if not status:  # status_text() is written from the whole state: only where nothing is hidden
        hidden = perspective is not None and src.game.hidden_information
        status = "" if hidden else swap(state.status_text())
    prev = src.states[k - 1] if k > 0 else None
    events = _events(state, perspective)
    if src.renamed:
        for ev in events:
            ev["text"] = swap(ev["text"])
    action = _action_text(prev, src.actions[k], perspective)
    fr = {
        "svg": src.game.render_svg(view),
        "status": clean_text(status),
        "action": None if action is None else clean_text(action),
        "events": events,
        "scores": list(state.scores),
        "names": list(src.names),
    }
    phase, rnd = _phase_and_round(state)
    if phase:
        fr["phase"] = phase
    if rnd:
        fr["round"] = rnd
    return fr


def _phase_and_round(state) -> tuple[str, str]:
    """``state.phase.name`` and ``state.round_label()`` (the declared game contract), as
    clean text; "" for either when the game does not say (GameView then shows its event
    list ungrouped)."""
    try:
        phase = clean_text(state.phase.name)
    except Exception:  # a game without a phase table row for this node
        phase = ""
    try:
        rnd = state.round_label()
        rnd = clean_text(rnd) if rnd else ""
    except Exception:
        rnd = ""
    return phase, rnd


def frames(obj, perspective: int | None = None) -> list[dict]:
    """Every frame of ``obj`` (Match, Replay, GameLog or State) seen from ``perspective``.

    :param obj: a Match (its states so far), a Replay or GameLog (every state) or a State
        (every state of its history, from the initial one).
    :param perspective: a seat (0..num_seats-1) or None for the omniscient view.
    :returns: a list with ``len(replay)`` frame dicts (format in the module docstring);
        frame k shows the state after k actions.
    :raises TypeError: for another kind of ``obj``; ValueError for a seat out of range.

    >>> import hotellab as hl
    >>> log = hl.play(hl.load_game("hostil_hostal", num_players=3), seed=1)
    >>> fs = frames(log, perspective=0)
    >>> len(fs) == len(hl.Replay(log)) and fs[0]["svg"].startswith("<svg")
    True
    """
    src = source_of(obj)
    _check_perspective(src.game, perspective)
    return [frame_of(src, k, perspective) for k in range(len(src.states))]


def _check_perspective(game, perspective) -> None:
    if perspective is None:
        return
    n = game.num_seats
    if isinstance(perspective, bool) or not isinstance(perspective, int) or not 0 <= perspective < n:
        raise ValueError(f"perspective must be None or a seat from 0 to {n - 1}, got {perspective!r}")


def dumps(obj) -> str:
    """Compact JSON (UTF-8 kept as is)."""
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def encode_chunk(entries: list[list[dict]], level: int = 6) -> str:
    """base64(gzip(JSON)) of consecutive states' frames.

    :param entries: one list per state, holding that state's frame for each perspective
        (in the widget's perspective order).
    :param level: gzip level (1 fastest .. 9 smallest); a live step's tail uses 5 (a third faster than 6, a quarter larger).
    :returns: ASCII text; its JSON is ``{"n": len(entries), "f": [[frame, ...] per
        perspective], "p": [part, ...]}``: a frame's ``svg`` is null when it repeats the one
        before, else the numbers of its parts in ``p`` (each distinct panel of the chunk's
        boards once: :func:`hotellab.core.board.board_parts`).
    """
    nper = len(entries[0]) if entries else 0
    per = [[] for _ in range(nper)]
    last = [None] * nper
    table = PartTable()
    for entry in entries:
        for i, fr in enumerate(entry):
            svg = fr["svg"]
            if svg == last[i]:
                fr = {**fr, "svg": None}
            else:
                last[i] = svg
                fr = {**fr, "svg": table.encode(svg)}
            per[i].append(fr)
    raw = dumps({"n": len(entries), "f": per, "p": table.parts}).encode("utf-8")
    return base64.b64encode(gzip.compress(raw, compresslevel=level, mtime=0)).decode("ascii")


def decode_chunk(text: str) -> dict:
    """Inverse of :func:`encode_chunk` (for tests and tools): the chunk's JSON object,
    with null SVGs left as they are."""
    return json.loads(gzip.decompress(base64.b64decode(text)).decode("utf-8"))


def chunk_frames(text: str) -> list[list[dict]]:
    """One chunk's frames per perspective, every ``svg`` as text (a repeated board filled in,
    part numbers joined)."""
    c = decode_chunk(text)
    parts = c.get("p", [])
    out = []
    for fs in c["f"]:
        prev = None
        for fr in fs:
            if fr["svg"] is None:
                fr["svg"] = prev
            elif isinstance(fr["svg"], list):  # part numbers (an older chunk: the text)
                fr["svg"] = "".join(parts[j] for j in fr["svg"])
            prev = fr["svg"]
        out.append(fs)
    return out


def decode_frames(chunks: list[str]) -> list[list[dict]]:
    """All frames of a chunk list, per perspective, with repeated SVGs filled in."""
    per: list[list[dict]] = []
    for text in chunks:
        if not text:  # an empty _tail
            continue
        for i, fs in enumerate(chunk_frames(text)):
            if len(per) <= i:
                per.append([])
            per[i].extend(fs)
    return per
