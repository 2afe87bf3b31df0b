"""The Hellton Palace board, drawn from a view model (``state.view(perspective)``) as panels.

:func:`render_svg` is a pure function of the view-model dict described in
``docs/dev/view_model.md``: the same view always gives the same text. Every text taken from
the view (player names, guest names, effects, prompts) is XML-escaped and colours are checked
against a strict pattern, so a view can never inject markup.

The board is made of panels (:func:`hotellab.core.board.board_svg`), each 352 px wide
and drawn at 1 unit = 1 CSS px, every text 12 px or more:

- **Red's hotel** and **Blue's hotel** (rulebook, Game Components: "2 Hotel boards"): a title
  bar (name, First / Second player, winner); a band with what the player is asked here (the
  pending prompt, "Opponent's choice" flagged) or the hotel's tour; the 3 floors of rooms
  (floor 3 on top; the rooms numbered as on the board, ruling HP-02), each with its guest's
  name, rent coin, irritation token, side of a double-sided card and door hanger (bottom
  effect first), the groom pawn in front of the room it serves; the Hall (3 doorbell places,
  the groom pawn when home) and the coins; the Basement's 3 pillar groups, under their
  columns; the 5 groom tiles (cost, hired side, the row a False Reservation faces).
- **the guest display**, one panel per row, highest row first ("3 rows of 6 cards"), each
  card with its number, rent, door hanger and the other side of a double-sided card;
- **a key** to the door-hanger pictograms ("What?" and "Who? Where?").

Targets (``data-target`` ids, :func:`hotellab.core.board.target`), in this reading order:
``room:<seat>:<n>`` (rooms 1 to 9, the order of the groom's tour), ``hall:<seat>``,
``coins:<seat>``, ``pillars:<seat>:<column>``, ``groom:<seat>:<groom id>`` (mason,
false_reservation, placer, false_placer, diplomat), then ``display:<row>:<place>`` (row 3 to 1,
places 1 to 6). Each action kind's ``target`` (``explain.py``) maps every action to one of them.

>>> import hotellab as hl
>>> state = hl.load_game("hellton_palace").new_initial_state()
>>> svg = render_svg(state.view())
>>> svg.startswith("<svg") and svg.endswith("</svg>")
True
>>> "&lt;b&gt;" in render_svg({"status": "<b>", "seats": [{"name": "<b>"}], "display": []})
True
"""

from __future__ import annotations

import json
from collections import OrderedDict
from functools import lru_cache

from .._svg import INK as _INK, MIN_FONT, Panel, board_svg, target
from .._svg import as_dict as _dict, as_list as _list, colour as svg_colour, esc as _e, num as _f, number as _num, rect
from .._svg import text as _text

__all__ = ["render_svg"]

# -- geometry (CSS px) ---------------------------------------------------------------------------
PAD = 5
RW, RH = 112, 122  # a room
CH = 136  # a guest card of the display (as wide as a room)
GAP = 3
PANEL_W = 2 * PAD + 3 * RW + 2 * GAP  # 352: two panels and their gap fit a 720 px docs column
TITLE_H = 28
BAND_H = 36  # the prompt / tour band: two lines
HALL_H = 40
BASE_H = 40
TILE_H = 22
FS = MIN_FONT  # 12: the one text size of rooms and cards
LH = 14  # their line height

_MUTED = "#645c52"  # 5:1 on the rooms' light fills
_PURPLE = "#5b3590"
_OPP = "#17703b"  # the green target of "chosen by your opponent", dark enough for text
_WALL = "#3b2f3f"
_ROOM = "#f7efe2"
_ROOM_EMPTY = "#ece4d6"
_PAPER = "#fbf7f0"
_TOKEN = "#d7263d"
_GOLD = "#e0b422"
_PILLAR = "#8d8478"
_FALLBACK = ("#c8352b", "#2f62c9")


# Text widths are estimated from per-character advances of DejaVu Sans (the widest of the
# fonts the SVG may get, so narrower fonts only leave more room), in em; bold is ~14% wider.
_ADV = {}
for _w, _cs in ((0.25, "'"), (0.3, " ,.IJijl\u00b7\u2019"), (0.35, "-/:;\\f|"), (0.4, "!()[]rt"), (0.45, '"'),
                (0.5, "*_`sz\u2013"), (0.55, "?Lc"), (0.6, "FPTYaekovxy"), (0.65, "$0123456789EKSbdghnpqu{}#"),
                (0.7, "ABCRVXZ"), (0.75, "DGHNU"), (0.8, "&OQw"), (0.84, "\u2190\u2192\u2194\u2195"), (0.85, "+<=>M^~"), (0.95, "%m"), (1.0, "@W\u2014")):
    for _c in _cs:
        _ADV[_c] = _w
_BOLD = 1.14


@lru_cache(maxsize=8192)
def _width(text: str, size: float, bold: bool = False) -> float:
    """Estimated advance of ``text`` at ``size`` (unknown characters count 0.9 em)."""
    return sum(_ADV.get(c, 0.9) for c in text) * size * (_BOLD if bold else 1.0)


def _ellipsis(text: str, size: float, width: float, bold: bool = False) -> str:
    if _width(text, size, bold) <= width:
        return text
    while text and _width(text + "\u2026", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "\u2026"


@lru_cache(maxsize=4096)
def _wrap(text: str, width: float, max_lines: int, bold: bool = False) -> tuple:
    """Greedy word wrap of ``text`` at :data:`FS` into at most ``max_lines`` lines of
    ``width``; a word wider than a line, or text beyond the last line, is cut short with "..."."""
    lines: list[str] = []
    cur = ""
    for word in text.split():
        trial = f"{cur} {word}" if cur else word
        if _width(trial, FS, bold) <= width or not cur:
            cur = trial
            continue
        lines.append(cur)
        cur = word
    if cur or not lines:
        lines.append(cur)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] += " \u2026"
    return tuple(_ellipsis(t, FS, width, bold) for t in lines)


def _line(out, x, y, text, width, *, size=FS, anchor=None, **kw) -> None:
    """One line of text no wider than ``width``, cut short with "..." when it is wider (the
    whole text then in a tooltip)."""
    shown = _ellipsis(text, size, width, kw.get("bold", False))
    if shown != text:
        out.append(f"<g><title>{_e(text)}</title>")
    _text(out, x, y, shown, size, anchor=anchor, **kw)
    if shown != text:
        out.append("</g>")


def _seat_colour(seat: dict, i: int) -> str:
    """The seat's colour from the view, when it is a safe colour; else its fallback."""
    return svg_colour(seat.get("color"), _FALLBACK[i % 2])


def _seat_name(seat: dict, i: int) -> str:
    return str(seat.get("name") or f"Seat {i + 1}")


# -- pictograms -----------------------------------------------------------------------------------
def _icon(out, x, y, icon):
    """A door-hanger "What?" pictogram centred at (x, y), at most 14 px across."""
    if icon == "token":
        out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="5.5" fill="{_TOKEN}"/>')
    elif icon == "token_if_satisfied":
        out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="4.5" fill="#fff" stroke="{_TOKEN}" stroke-width="2.2"/>')
    elif icon == "tantrum":  # the token with a burst: drawn, no text (no glyph under 12 px)
        out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="6.5" fill="{_TOKEN}"/>'
                   f'<path d="M{_f(x)} {_f(y - 4)}v5M{_f(x)} {_f(y + 2.6)}v1.4" stroke="#fff" stroke-width="2"/>')
    elif icon == "pillar":
        rect(out, x - 3, y - 6, 6, 12, _PILLAR, stroke="#5c554c", rx=0)
    elif icon == "doorbell":
        out.append(f'<path d="M{_f(x - 5)} {_f(y + 4)}h10l-2-3v-4a3 3 0 0 0-6 0v4z" fill="{_GOLD}" stroke="#8a6d00"/>'
                   f'<circle cx="{_f(x)}" cy="{_f(y + 5.5)}" r="1.5" fill="#8a6d00"/>')
    elif icon == "flip":
        out.append(f'<path d="M{_f(x + 4.5)} {_f(y - 1)}a4.6 4.6 0 1 1-1.4-3.6" fill="none" stroke="{_PURPLE}" stroke-width="1.8"/>'
                   f'<path d="M{_f(x + 4.8)} {_f(y - 6.2)}v4.4h-4.4z" fill="{_PURPLE}"/>')
    elif icon == "copy":  # two overlapping cards
        rect(out, x - 5, y - 5, 7, 8, "#fff", stroke=_PURPLE, sw=1.3, rx=1)
        rect(out, x - 2, y - 2, 7, 8, "#e9dff5", stroke=_PURPLE, sw=1.3, rx=1)


def _token(out, x, y, r=8):
    out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{r}" fill="{_TOKEN}" stroke="#7a0f1d"/>')
    _text(out, x, y + 4.3, "!", FS, fill="#fff", anchor="middle", bold=True)


def _coin(out, x, y, value, r=9.5):
    out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{r}" fill="{_GOLD}" stroke="#8a6d00" stroke-width="1.5"/>')
    _text(out, x, y + 4.3, str(value), FS, anchor="middle", bold=True)


def _pawn(out, x, y, colour):
    """The groom pawn, its foot at (x, y)."""
    out.append(f'<circle cx="{_f(x)}" cy="{_f(y - 14)}" r="4.5" fill="{colour}" stroke="#000a"/>'
               f'<path d="M{_f(x - 6.5)} {_f(y)}q6.5 -16 13 0z" fill="{colour}" stroke="#000a"/>')


def _bell(out, x, y, here: bool):
    """A doorbell place of the Hall counter, its foot at (x, y): the token, or an empty place."""
    d = f"M{_f(x - 9)} {_f(y)}h18l-3-5v-7a6 6 0 0 0-12 0v7z"
    if here:
        out.append(f'<path d="{d}" fill="{_GOLD}" stroke="#8a6d00" stroke-width="1.5"/><circle cx="{_f(x)}" cy="{_f(y + 2.5)}" r="2.5" fill="#8a6d00"/>')
    else:
        out.append(f'<path d="{d}" fill="none" stroke="#9c9182" stroke-dasharray="3 2"/>')


# -- door hangers ---------------------------------------------------------------------------------
# The words under a pictogram, short enough for a 112 px room; the full rule is in the effect's
# tooltip and in the room's or card's label. Basic effects: the "What?" is the pictogram (see the
# key panel), the words say "Who? Where?".
_WHERE_SHORT = {
    "adjacent": "adjacent \u2194\u2195", "adjacent_row": "adjacent \u2194", "adjacent_col": "adjacent \u2195",
    "all": "all \u2194\u2195", "all_row": "all \u2194", "all_col": "all \u2195",
    "choice": "your choice", "opponent_choice": "opponent's choice",
}
_SPECIAL_SHORT = {
    "doorbell_if_hired": "if you hired a groom", "pillar_per_opponent_groom": "per opponent's groom",
    "doorbell_if_twin_satisfied": "if the twin is satisfied", "pillar_per_doorbell": "per doorbell, your choice",
    "doorbell_if_same_doorbells": "if as many doorbells", "copy_twin": "copy the twin's hanger",
    "irritate_self_per_irritated_adjacent": "self, per irritated neighbour",
    "irritate_per_pillar": "per pillar here, your choice", "pillar_per_satisfied_adjacent": "per satisfied neighbour",
    "pillar_per_irritated_adjacent": "per irritated neighbour", "irritate_per_doorbell": "per doorbell, your choice",
    "doorbell_if_poorer": "if the opponent is richer", "pillar_left_right": "left and right columns",
    "irritate_self_per_irritated": "self, per irritated in line",
}


def _effect_words(eff: dict) -> str:
    what, where = eff.get("what"), eff.get("where")
    if what in _SPECIAL_SHORT:
        return _SPECIAL_SHORT[what]
    if what == "pillar":
        return _WHERE_SHORT.get(where, "this column")
    if what == "doorbell":
        return "from your Hall"
    if what == "flip":
        return "flip this card"
    if where in _WHERE_SHORT:
        return _WHERE_SHORT[where]
    return str(eff.get("text") or "?")


def _effect_full(eff: dict) -> str:
    return str(eff.get("text") or _effect_words(eff))


EFF_X = 15  # words start this far right of the pictogram's line start


def _hanger_lines(hanger: list, y, width: float, narrow_below=1e9, narrow=0.0) -> list[tuple[dict, float, tuple]]:
    """Per effect (bottom first): its first baseline and its lines of words (at most 3) in
    ``width``, less ``narrow`` for a line whose baseline is below ``narrow_below``."""
    out = []
    for e in (_dict(h) for h in hanger[:4]):
        widths = tuple(width - EFF_X - (narrow if y + j * LH > narrow_below else 0) for j in range(3))
        lines = _wrap_widths(_effect_words(e), widths)
        out.append((e, y, lines))
        y += len(lines) * LH + 2
    return out


@lru_cache(maxsize=4096)
def _wrap_widths(text: str, widths: tuple) -> tuple:
    """Greedy word wrap of ``text`` at :data:`FS`, line k no wider than ``widths[k]``; at most
    ``len(widths)`` lines, the last cut short with "..." when the text goes on."""
    lines: list[str] = []
    cur = ""
    words = text.split()
    for k, word in enumerate(words):
        trial = f"{cur} {word}" if cur else word
        if not cur or _width(trial, FS) <= widths[len(lines)]:
            cur = trial
            continue
        if len(lines) == len(widths) - 1:
            cur = " ".join([cur] + words[k:])
            break
        lines.append(cur)
        cur = word
    lines.append(cur)
    return tuple(_ellipsis(t, FS, widths[j]) for j, t in enumerate(lines))


def _draw_hanger(out, x, y, width, hanger: list, narrow_below=1e9, narrow=0.0) -> float:
    """The door hanger from baseline ``y``, bottom effect first (it applies first): the
    pictogram, then the words. Returns the baseline of the last line drawn."""
    last = y
    for eff, yy, lines in _hanger_lines(hanger, y, width, narrow_below, narrow):
        out.append(f"<g><title>{_e(eff.get('rule') or _effect_full(eff))}</title>")
        _icon(out, x + 6, yy - 4, eff.get("icon"))
        for j, line in enumerate(lines):
            _text(out, x + EFF_X, yy + j * LH, line, FS, fill=_OPP if eff.get("where") == "opponent_choice" else _INK)
        out.append("</g>")
        last = yy + (len(lines) - 1) * LH
    return last


def _name_lines(name: str, width: float) -> tuple[tuple, bool]:
    """A guest's name in one or two lines: bold when every word fits bold."""
    bold = all(_width(w, FS, True) <= width for w in name.split())
    return _wrap(name, width, 2, bold), bold


def hanger_text(hanger: list) -> str:
    """The door hanger in words, bottom effect first: "1. irritate: adjacent guests; 2. ..."."""
    parts = [f"{k + 1}. {_effect_full(_dict(e))}" for k, e in enumerate(hanger[:4])]
    return "; ".join(parts) if parts else "no door hanger"


# -- parts ----------------------------------------------------------------------------------------
_CACHE: OrderedDict = OrderedDict()
_CACHE_MAX = 1024


def _cached(key, draw) -> str:
    try:
        k = json.dumps(key, sort_keys=True)
    except (TypeError, ValueError):
        k = None
    if k is not None and k in _CACHE:
        _CACHE.move_to_end(k)
        return _CACHE[k]
    out: list[str] = []
    draw(out)
    text = "".join(out)
    if k is not None:
        _CACHE[k] = text
        if len(_CACHE) > _CACHE_MAX:
            _CACHE.popitem(last=False)
    return text


def _other_side(g: dict) -> dict | None:
    sides = _list(g.get("sides"))
    if not g.get("double") or len(sides) != 2 or not all(isinstance(s, dict) for s in sides):
        return None
    return sides[0] if g.get("side") == "b" else sides[1]


def _room(out, room: dict, groom_colour):
    """A room at (0, 0): its number, and its guest (name, rent, token, side, door hanger)."""
    g = room.get("guest")
    g = g if isinstance(g, dict) else None
    rect(out, 0, 0, RW, RH, _ROOM if g else _ROOM_EMPTY, stroke="#8b7355", sw=1.5, rx=6)
    rect(out, 5, 5, 22, 18, _WALL, rx=3)
    _text(out, 16, 18.5, str(room.get("number", "?")), FS, fill="#fff", anchor="middle", bold=True)
    if g is None:
        _text(out, RW / 2, RH / 2 + 4, "free room", FS, fill=_MUTED, anchor="middle", italic=True)
    else:
        _coin(out, RW - 14, 14, g.get("rent", "?"))
        if room.get("irritated"):
            _token(out, RW - 36, 14)
        if g.get("double"):
            _text(out, 32, 18.5, f"side {g.get('side', '?')}", FS, fill=_PURPLE)
        lines, bold = _name_lines(str(g.get("name") or "?"), RW - 10)
        for k, line in enumerate(lines):
            _text(out, 5, 38 + k * LH, line, FS, bold=bold)
        _draw_hanger(out, 5, 38 + len(lines) * LH + 4, RW - 10, _list(g.get("hanger")),
                     narrow_below=RH - 30 if groom_colour else 1e9, narrow=16)
    if groom_colour:
        rect(out, 1.5, 1.5, RW - 3, RH - 3, "none", stroke=groom_colour, sw=3, rx=5)
        _pawn(out, RW - 12, RH - 6, groom_colour)


def _room_label(name: str, room: dict, groom_here: bool) -> str:
    n = room.get("number", "?")
    where = f"floor {room.get('floor', '?')}, column {room.get('col', '?')}"
    g = room.get("guest")
    if not isinstance(g, dict):
        text = f"{name}'s room {n} ({where}): free"
    else:
        side = f", side {g.get('side')}" if g.get("double") else ""
        mood = "irritated" if room.get("irritated") else "satisfied"
        text = (f"{name}'s room {n} ({where}): {g.get('name', '?')}{side}, rent {g.get('rent', '?')}, {mood}; "
                f"door hanger: {hanger_text(_list(g.get('hanger')))}")
    return text + ("; the groom pawn is here" if groom_here else "")


def _band(out, view: dict, seat: dict, i: int, seats: list, y) -> None:
    """Two lines under the title: what is asked in this hotel now, else the hotel's tour."""
    pending = _dict(view.get("pending"))
    width = PANEL_W - 2 * PAD
    if pending.get("prompt") and pending.get("hotel") == i:
        p = pending.get("player")
        who = _seat_name(seats[p], p) if isinstance(p, int) and 0 <= p < len(seats) else "?"
        flag = "Opponent's choice: " if pending.get("opponent_choice") else ""
        lines = _wrap(f"{flag}{who}, {pending['prompt']}", width, 2)
        for k, line in enumerate(lines):
            _text(out, PAD, y + 14 + k * 15, line, FS, fill=_OPP if flag else _PURPLE, bold=bool(flag), italic=not flag)
        return
    score = _num(seat.get("score"))
    tour = ("tour complete" if score == 10 else f"last room served: {score}" if score else "tour: not started")
    info = f"{tour} · irritated guests: {seat.get('irritated', '?')}"
    _line(out, PAD, y + 14, info, width, fill=_MUTED)


def _title_bar(out, view: dict, seat: dict, name: str, colour: str) -> None:
    """The title bar: the hotel's name and role (First / Second player), and a badge for the
    winner or the seat to act."""
    role = "First player" if seat.get("first_player") else "Second player"
    wins = isinstance(view.get("winners"), list) and seat.get("seat") in view["winners"]
    acting = not wins and seat.get("seat") == view.get("current_player")
    badge = "\u2605 wins" if wins else "to act" if acting else ""
    badge_w = _width(badge, FS, True) + 14 if badge else 0
    _line(out, PAD + 2, 19.5, f"{name}'s hotel · {role}", PANEL_W - 2 * PAD - badge_w - 8, size=14, fill="#fff", bold=True)
    if badge:
        bx = PANEL_W - PAD - badge_w
        rect(out, bx, 5, badge_w, 19, "#ffe27a", stroke="#8a6d00", rx=9.5)
        _text(out, bx + badge_w / 2, 19, badge, FS, anchor="middle", bold=True)


def _rooms(out, seat: dict, i: int, name: str, colour: str, y_rooms) -> None:
    """The rooms, 1 to 9 (the tour's order), floor 3 on top; the groom pawn in front of the room
    it serves."""
    groom = seat.get("groom")
    rooms = [r for r in _list(seat.get("rooms")) if isinstance(r, dict)]
    for r in sorted(rooms, key=lambda r: _num(r.get("number"), 99)):
        floor, col = _num(r.get("floor"), 1), _num(r.get("col"), 1)
        if floor not in (1, 2, 3) or col not in (1, 2, 3):
            continue
        rx = PAD + (col - 1) * (RW + GAP)
        ry = y_rooms + (3 - floor) * (RH + GAP)
        here = groom == r.get("number")
        gc = colour if here else None
        body = _cached(("room", r, gc), lambda o, r=r, gc=gc: _room(o, r, gc))
        out.append(target(f"room:{i}:{r.get('number')}", _room_label(name, r, here))
                   + f'<g transform="translate({_f(rx)},{_f(ry)})">{body}</g></g>')


def _hall_and_coins(out, seat: dict, i: int, name: str, colour: str, y_hall) -> None:
    """The Hall (its 3 doorbell places, the groom pawn at home) and the coins beside it."""
    bells = int(_num(seat.get("doorbells"), 0))
    home = seat.get("groom") == "hall"
    hall_w = 2 * RW + GAP
    out.append(target(f"hall:{i}", f"{name}'s Hall: {bells} doorbell{'s' if bells != 1 else ''} on the counter"
                      + ("; the groom pawn is here" if home else "; the groom pawn is on the tour")))
    rect(out, PAD, y_hall, hall_w, HALL_H, "#efe3f4", stroke="#7c6f97", rx=6)
    _text(out, PAD + 8, y_hall + 25, "Hall", 14, bold=True)
    for k in range(3):
        _bell(out, PAD + 62 + k * 27, y_hall + 29, k < bells)
    if home:
        _pawn(out, PAD + 160, y_hall + 33, colour)
        _text(out, PAD + 172, y_hall + 25, "groom", FS, fill=_MUTED)
    out.append("</g>")
    cx = PAD + hall_w + GAP
    coins = seat.get("coins", "?")
    out.append(target(f"coins:{i}", f"{name}'s coins: {coins}; the satisfied guests' rents: {seat.get('rents', '?')}"))
    rect(out, cx, y_hall, RW, HALL_H, "#fff8e1", stroke="#b8962a", rx=6)
    _coin(out, cx + 17, y_hall + HALL_H / 2, coins, r=11)
    _text(out, cx + 34, y_hall + 17, f"coins: {coins}", FS, bold=True)
    _text(out, cx + 34, y_hall + 32, f"rents: {seat.get('rents', '?')}", FS, fill=_MUTED)
    out.append("</g>")


def _basement(out, seat: dict, i: int, name: str, y_base) -> None:
    """The Basement: a pillar group under each column."""
    pillars = _list(seat.get("pillars"))
    per = int(_num(seat.get("pillars_per_group"), 4))
    per = max(1, min(per, 6))
    for c in range(3):
        gx = PAD + c * (RW + GAP)
        k = int(_num(pillars[c], 0)) if c < len(pillars) else 0
        out.append(target(f"pillars:{i}:{c + 1}", f"{name}'s Basement, pillars under column {c + 1}: {k} of {per}"))
        rect(out, gx, y_base, RW, BASE_H, "#e7e1d8", stroke="#8d8478", rx=6)
        for j in range(per):
            px = gx + 7 + j * 11
            if j < k:
                rect(out, px, y_base + 7, 8, 26, _PILLAR, stroke="#5c554c", rx=2)
            else:
                rect(out, px, y_base + 7, 8, 26, "none", stroke="#9c9182", rx=2, dash="3 2")
        tx = gx + 12 + per * 11
        low = k <= 1
        _text(out, tx, y_base + 17, f"col. {c + 1}", FS, fill=_MUTED)
        _text(out, tx, y_base + 32, f"{k}/{per}", FS, fill="#b0182c" if low else _INK, bold=True)
        out.append("</g>")


def _groom_tiles(out, tiles: list, i: int, name: str, colour: str, y_tiles) -> None:
    """The 5 groom tiles, a row each: cost, name, hired side (and the row a False Reservation
    faces)."""
    _text(out, PAD + 2, y_tiles + 12, f"{name}'s groom tiles", FS, bold=True)
    for k, t in enumerate(tiles):
        ty = y_tiles + 18 + k * (TILE_H + 3)
        hired = bool(t.get("hired"))
        gname = str(t.get("name", "?"))
        state = "hired" if hired else "not hired"
        row = _num(t.get("row"))
        row_word = {1: "lowest", 2: "middle", 3: "highest"}.get(row)
        if hired and row_word:
            state += f", faces the {row_word} row"
        effect = str(t.get("effect") or "")
        label = f"{name}'s groom tile: {gname}, {t.get('cost', '?')} coins, {state}" + (f". {effect}" if effect else "")
        out.append(target(f"groom:{i}:{t.get('id', k)}", label))
        out.append(f"<title>{_e(t.get('effect', ''))}</title>")
        ink = "#fff" if hired else _INK
        rect(out, PAD, ty, PANEL_W - 2 * PAD, TILE_H, colour if hired else "#fff", stroke=colour, sw=1.5, rx=5)
        _coin(out, PAD + 12, ty + TILE_H / 2, t.get("cost", "?"), r=8.5)
        shown = gname[4:] if gname.startswith("the ") else gname
        sw = _width(state, FS)
        _line(out, PAD + 27, ty + 15.5, shown, PANEL_W - 2 * PAD - 27 - sw - 14, fill=ink, bold=True)
        _text(out, PANEL_W - PAD - 7, ty + 15.5, state, FS, fill=ink, anchor="end", italic=not hired)
        out.append("</g>")


def _hotel(view: dict, seat: dict, i: int, seats: list) -> Panel:
    """A player's hotel panel (Game Components, "2 Hotel boards"): title bar, the prompt or tour
    band, the rooms, the Hall and the coins, the Basement's pillar groups and the groom tiles."""
    colour = _seat_colour(seat, i)
    name = _seat_name(seat, i)
    out: list[str] = []
    rooms_h = 3 * RH + 2 * GAP
    y_rooms = TITLE_H + BAND_H
    y_hall = y_rooms + rooms_h + GAP
    y_base = y_hall + HALL_H + GAP
    y_tiles = y_base + BASE_H + 10
    tiles = [t for t in _list(seat.get("grooms")) if isinstance(t, dict)]
    height = y_tiles + 18 + len(tiles) * (TILE_H + 3) + PAD
    rect(out, 1.5, 1.5, PANEL_W - 3, height - 3, _PAPER, stroke=colour, sw=3, rx=9)
    out.append(f'<path d="M1.5 {TITLE_H}V10.5a9 9 0 0 1 9-9h{PANEL_W - 21}a9 9 0 0 1 9 9V{TITLE_H}z" fill="{colour}"/>')
    _title_bar(out, view, seat, name, colour)
    _band(out, view, seat, i, seats, TITLE_H)
    _rooms(out, seat, i, name, colour, y_rooms)
    _hall_and_coins(out, seat, i, name, colour, y_hall)
    _basement(out, seat, i, name, y_base)
    _groom_tiles(out, tiles, i, name, colour, y_tiles)
    return Panel(f"{name}'s hotel", PANEL_W, height, out)


def _card(out, card: dict):
    """A guest card of the display at (0, 0): number, rent, name, door hanger, other side."""
    rect(out, 0, 0, RW, CH, "#fffdf8", stroke="#8b7355", rx=6)
    _coin(out, RW - 14, 14, card.get("rent", "?"))
    _text(out, 6, 18.5, f"#{card.get('card', '?')}" + (" *" if card.get("intro") else ""), FS, fill=_MUTED)
    lines, bold = _name_lines(str(card.get("name") or "?"), RW - 10)
    for k, line in enumerate(lines):
        _text(out, 5, 38 + k * LH, line, FS, bold=bold)
    last = _draw_hanger(out, 5, 38 + len(lines) * LH + 4, RW - 10, _list(card.get("hanger")))
    other = _other_side(card)
    if other is not None:
        words = _wrap(f"side b: {other.get('name', '?')} ({other.get('rent', '?')})", RW - 10, 2)
        y0 = max(last + LH + 2, CH - 6 - (len(words) - 1) * LH)
        for k, line in enumerate(words):
            _text(out, 5, y0 + k * LH, line, FS, fill=_PURPLE)


def _card_label(row_name: str, k: int, card) -> str:
    if not isinstance(card, dict):
        return f"{row_name}, place {k + 1}: empty"
    other = _other_side(card)
    side_b = f"; side b: {other.get('name', '?')}, rent {other.get('rent', '?')}" if other else ""
    return (f"{row_name}, place {k + 1}: {card.get('name', '?')} (card {card.get('card', '?')}), rent "
            f"{card.get('rent', '?')}; door hanger: {hanger_text(_list(card.get('hanger')))}{side_b}")


_ROW_NAMES = {1: "Lowest row", 2: "Middle row", 3: "Highest row"}


def _display_row(r: dict, seats: list) -> Panel:
    row = _num(r.get("row"), 0)
    row_name = _ROW_NAMES.get(row, f"Row {row}")
    out: list[str] = []
    height = 30 + 2 * CH + GAP + PAD
    rect(out, 0.5, 0.5, PANEL_W - 1, height - 1, "#f3efe8", stroke="#b5a88f", rx=9)
    frs = [s for s in _list(r.get("false_reservation")) if isinstance(s, int) and 0 <= s < len(seats)]
    bx = PANEL_W - PAD
    if frs:  # a False Reservation tile faces this row
        who = " and ".join(f"{_seat_name(seats[s], s)}'s" for s in frs)
        banner = f"{who} False Reservation" + ("s" if len(frs) > 1 else "")
        bw = min(_width(banner, FS, True) + 14, 190)
        colour = _seat_colour(seats[frs[0]], frs[0]) if len(frs) == 1 else _WALL
        bx -= bw
        out.append(f'<g><title>{_e(banner)} faces this row</title>')
        rect(out, bx, 6, bw, 19, colour, rx=4)
        _line(out, bx + 7, 20, banner, bw - 14, fill="#fff", bold=True)
        out.append("</g>")
    head = f"{row_name} \u2192 floor {row}"
    room = bx - PAD - 12
    _line(out, PAD + 2, 20, head, room, size=13 if _width(head, 13, True) <= room else FS, bold=True)
    cards = _list(r.get("cards"))[:6]
    for k in range(6):
        c = cards[k] if k < len(cards) else None
        cx = PAD + (k % 3) * (RW + GAP)
        cy = 30 + (k // 3) * (CH + GAP)
        out.append(target(f"display:{row}:{k + 1}", _card_label(row_name, k, c)))
        if isinstance(c, dict):
            body = _cached(("card", c), lambda o, c=c: _card(o, c))
            out.append(f'<g transform="translate({_f(cx)},{_f(cy)})">{body}</g>')
        else:
            rect(out, cx, cy, RW, CH, "none", stroke="#a89d8b", rx=6, dash="4 3")
        out.append("</g>")
    return Panel(f"Guest display, {row_name.lower()}", PANEL_W, height, out)


_KEY_WHAT = (("token", "irritate"), ("token_if_satisfied", "irritate if satisfied"),
             ("tantrum", "tantrum if irritated"), ("pillar", "remove a pillar"),
             ("doorbell", "remove a doorbell"), ("flip", "flip this card"))


def _key() -> Panel:
    """The door hangers' pictograms in words (Description of the Effects)."""
    out: list[str] = []
    height = 172
    rect(out, 0.5, 0.5, PANEL_W - 1, height - 1, "#fff", stroke="#b5a88f", rx=9)
    _text(out, PAD + 2, 20, "Door hangers: bottom effect first", 14, bold=True)
    for k, (icon, words) in enumerate(_KEY_WHAT):
        x = PAD + 2 + (k % 2) * 172
        y = 42 + (k // 2) * 20
        _icon(out, x + 6, y - 4, icon)
        _text(out, x + EFF_X, y, words, FS)
    _text(out, PAD + 2, 106, "Who? adjacent or all guests: \u2194 in the row,", FS)
    _text(out, PAD + 2, 121, "\u2195 in the column; your choice; the", FS)
    _text(out, PAD + 2, 136, "opponent's choice (in green).", FS, fill=_OPP)
    _token(out, PAD + 10, 154)
    _text(out, PAD + 24, 158, "irritated guest", FS)
    _coin(out, PAD + 142, 154, 2)
    _text(out, PAD + 157, 158, "rent", FS)
    _pawn(out, PAD + 210, 162, _WALL)
    _text(out, PAD + 222, 158, "groom pawn", FS)
    return Panel("Key to the door hangers", PANEL_W, height, out)


# -- the board ------------------------------------------------------------------------------------
def _describe(view: dict, seats: list) -> tuple[str, str]:
    """The board's title and its description for a screen reader."""
    turn = _num(view.get("turn"))
    winners = view.get("winners")
    if isinstance(winners, list):
        when = "game over"
    elif turn:
        when = f"turn {turn}"
    else:
        when = "setup"
    title = f"Hellton Palace, {when}: the board"
    parts = []
    for i, s in enumerate(seats[:2]):
        rooms = [r for r in _list(s.get("rooms")) if isinstance(r, dict)]
        guests = sum(1 for r in rooms if isinstance(r.get("guest"), dict))
        pil = ", ".join(str(p) for p in _list(s.get("pillars")))
        parts.append(f"{_seat_name(s, i)}'s hotel: {guests} guest{'s' if guests != 1 else ''} "
                     f"({s.get('irritated', '?')} irritated), {s.get('doorbells', '?')} doorbells in the Hall, "
                     f"pillars {pil or '?'} under columns 1 to 3, {s.get('coins', '?')} coins.")
    if isinstance(winners, list):
        names = [_seat_name(seats[w], w) for w in winners if isinstance(w, int) and 0 <= w < len(seats)]
        parts.append(f"{' and '.join(names)} wins." if names else "The players share the defeat.")
    else:
        pending = _dict(view.get("pending"))
        p = pending.get("player")
        if isinstance(p, int) and 0 <= p < len(seats) and pending.get("prompt"):
            parts.append(f"{_seat_name(seats[p], p)} to act: {pending['prompt']}.")
        weak = []
        for i, s in enumerate(seats[:2]):
            pil = [v for v in (_num(x) for x in _list(s.get("pillars"))) if v is not None]
            bells = _num(s.get("doorbells"))
            if bells is not None and pil:
                weak.append((min(bells, min(pil)), i))
        if len(weak) == 2 and weak[0][0] != weak[1][0]:
            i = min(weak)[1]
            parts.append(f"Closer to falling: {_seat_name(seats[i], i)}'s hotel.")
    parts.append(f"The guest display has {view.get('cards_left', '?')} cards left.")
    return title, " ".join(parts)


def render_svg(view: dict) -> str:
    """Draw the board of a Hellton Palace view model as SVG text: panels (the two hotels, the
    guest display's three rows, a key) made with :func:`hotellab.core.board.board_svg`.

    :param view: a view-model dict as returned by ``state.view(perspective)`` (format in
        ``docs/dev/view_model.md``). Missing or malformed fields are drawn as unknown ("?") or
        left out; the function never raises for a dict input.
    :returns: one ``<svg>`` element (no XML prolog) of panels 352 px wide.
    :raises TypeError: when ``view`` is not a dict.
    """
    if not isinstance(view, dict):
        raise TypeError(f"render_svg takes a view-model dict, got {type(view).__name__}")
    seats = [s for s in _list(view.get("seats")) if isinstance(s, dict)]
    # Panel order: the two hotels first, the First player's (Red) then the Second's, side by
    # side as they face each other on the table. Almost every decision happens in a hotel (a
    # room to serve, a guest or a column chosen, the grooms, the Hall, the coins) and the
    # order never changes from turn to turn, so a reader (or the arrow keys) finds each hotel
    # where it was. Then the shared guest display, highest row first as it lies on the table
    # (the floor a row's guests go to, top to bottom), then the key to the door hangers.
    panels = [_hotel(view, s, i, seats) for i, s in enumerate(seats[:2])]
    rows = [r for r in _list(view.get("display")) if isinstance(r, dict)]
    panels += [_display_row(r, seats) for r in sorted(rows, key=lambda r: -(_num(r.get("row"), 0)))]
    panels.append(_key())
    title, desc = _describe(view, seats)
    return board_svg(panels, title=title, desc=desc,
                     font="system-ui, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif")
