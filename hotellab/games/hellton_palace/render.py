"""SVG table of Hellton Palace, drawn from a view model (``state.view(perspective)``).

:func:`render_svg` is a pure function of the view-model dict described in
``docs/dev/view_model.md``: the same view always gives the same text. Every text taken from
the view (player names, guest names, effects, status and prompts) is XML-escaped and colours
are checked against a strict pattern, so a view can never inject markup.

Layout, in viewBox units (the SVG scales to its container):

- the status line and the pending prompt on top (an opponent's choice is flagged);
- the two hotels side by side, the First player's (Red) on the left: a title bar (name,
  coins, irritated guests, tour measure), floors 3 to 1 of rooms (number, guest, rent, its
  irritation token, its door hanger as icons with text, bottom effect first; the groom pawn
  in front of the room it serves), the Hall (3 doorbell places, the groom pawn when it is
  home) and the Basement (3 groups of 4 pillar places, under the columns);
- under each hotel its 5 groom tiles (cost, hired or not; the False Reservation shows the
  row it faces);
- the guest display: 3 rows of 6 cards, the highest row on top, each labelled with its floor.

No text is squeezed: guest names and door-hanger effects wrap (names to two lines, effects to
two, shortened wording or a third line only when two do not hold them) from a character-width
estimate, never under the rent coin or the irritation token; the smallest font size is 11
units, readable when the board is shown about 1000 px wide.

>>> import hotellab as hl
>>> state = hl.load_game("hellton_palace").new_initial_state()
>>> svg = render_svg(state.view())
>>> svg.startswith("<svg") and svg.endswith("</svg>")
True
>>> "&lt;b&gt;" in render_svg({"status": "<b>", "seats": [], "display": []})
True
"""

from __future__ import annotations

import json
from collections import OrderedDict
from functools import lru_cache

from .._svg import INK as _INK, as_dict as _dict, as_list as _list, esc as _e, is_colour, num as _f, number as _num, text as _text

__all__ = ["render_svg"]

M = 12
RW, RH = 196, 128  # a room
GAP = 6
PAD = 10
HOTEL_W = 3 * RW + 2 * GAP + 2 * PAD
TITLE_H = 40
HALL_H = 48
BASE_H = 52
TILE_H = 58
CARD_W, CARD_H = 201, 112

_MUTED = "#7a7165"
_WALL = "#3b2f3f"
_ROOM = "#f7efe2"
_ROOM_EMPTY = "#ece4d6"
_TOKEN = "#d7263d"
_GOLD = "#e0b422"
_PILLAR = "#8d8478"
_GREEN = "#1f9e54"
_FALLBACK = ("#c8352b", "#2f62c9")


# Text widths are estimated from per-character advances of DejaVu Sans (the widest of the
# fonts the SVG asks for, so narrower fonts only leave more room), in em; bold is ~13% wider.
_ADV = {}
for _w, _cs in ((0.25, "'"), (0.3, " ,.IJijl\u00b7\u2019"), (0.35, "-/:;\\f|"), (0.4, "!()[]rt"), (0.45, '"'),
                (0.5, "*_`sz\u2013"), (0.55, "?Lc"), (0.6, "FPTYaekovxy"), (0.65, "$0123456789EKSbdghnpqu{}#"),
                (0.7, "ABCRVXZ"), (0.75, "DGHNU"), (0.8, "&OQw"), (0.85, "+<=>M^~"), (0.95, "%m"), (1.0, "@W\u2014")):
    for _c in _cs:
        _ADV[_c] = _w
_BOLD = 1.14
_MIN = 11  # the smallest font size: still ~8.6 px when the board is shown 1000 px wide


@lru_cache(maxsize=8192)
def _width(text: str, size: float, bold: bool = False) -> float:
    """Estimated advance of ``text`` at ``size`` (unknown characters count 0.9 em)."""
    return sum(_ADV.get(c, 0.9) for c in text) * size * (_BOLD if bold else 1.0)


def _wrap(text: str, size: float, widths, bold: bool = False):
    """Greedy word wrap of ``text`` into lines no wider than ``widths[k]`` (the last width is
    used for any further line); None when a single word is wider than its line."""
    lines: list[str] = []
    cur = ""
    for word in text.split():
        trial = f"{cur} {word}" if cur else word
        if _width(trial, size, bold) <= widths[min(len(lines), len(widths) - 1)]:
            cur = trial
            continue
        if not cur:
            return None
        lines.append(cur)
        cur = word
        if _width(cur, size, bold) > widths[min(len(lines), len(widths) - 1)]:
            return None
    if cur or not lines:
        lines.append(cur)
    return lines


def _ellipsis(text: str, size: float, width: float, bold: bool = False) -> str:
    if _width(text, size, bold) <= width:
        return text
    while text and _width(text + "\u2026", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "\u2026"


@lru_cache(maxsize=4096)
def _layout(text: str, sizes: tuple, widths: tuple, max_lines: int, bold: bool = False):
    """(size, lines): the first size of ``sizes`` at which ``text`` wraps into at most
    ``max_lines`` lines; failing that, the last size with the text cut short ("...")."""
    for size in sizes:
        lines = _wrap(text, size, widths, bold)
        if lines is not None and len(lines) <= max_lines:
            return size, tuple(lines)
    size = sizes[-1]
    lines = _wrap(text, size, widths, bold) or [text]
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] += " \u2026"
    return size, tuple(_ellipsis(t, size, widths[min(k, len(widths) - 1)], bold) for k, t in enumerate(lines))


def _line(out, x, y, text, size, width, *, min_size=_MIN, anchor=None, **kw):
    """One line of text no wider than ``width``: a smaller font down to ``min_size``, then cut
    short with "..." (the whole text in a tooltip). Returns the size used."""
    size = float(size)
    while size > min_size and _width(text, size, kw.get("bold", False)) > width:
        size = max(min_size, size - 0.5)
    shown = _ellipsis(text, size, width, kw.get("bold", False))
    if shown != text:
        out.append(f"<g><title>{_e(text)}</title>")
    _text(out, x, y, shown, size, anchor=anchor, **kw)
    if shown != text:
        out.append("</g>")
    return size


def _colour(seat: dict, i: int) -> str:
    c = seat.get("color")
    return c if is_colour(c) else _FALLBACK[i % 2]


# -- icons ------------------------------------------------------------------------------------
def _icon(out, x, y, icon):
    """A door-hanger "What?" pictogram centred at (x, y)."""
    if icon == "token":
        out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="5" fill="{_TOKEN}"/>')
    elif icon == "token_if_satisfied":
        out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="4.5" fill="#fff" stroke="{_TOKEN}" stroke-width="2"/>')
    elif icon == "tantrum":
        out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="6.5" fill="{_TOKEN}"/>')
        _text(out, x, y + 4, "!", 11, fill="#fff", anchor="middle", bold=True)
    elif icon == "pillar":
        out.append(f'<rect x="{_f(x - 3)}" y="{_f(y - 6)}" width="6" height="12" fill="{_PILLAR}" stroke="#5c554c"/>')
    elif icon == "doorbell":
        out.append(f'<path d="M{_f(x - 5)} {_f(y + 4)}h10l-2-3v-4a3 3 0 0 0-6 0v4z" fill="{_GOLD}" stroke="#8a6d00"/>'
                   f'<circle cx="{_f(x)}" cy="{_f(y + 5.5)}" r="1.5" fill="#8a6d00"/>')
    elif icon == "flip":
        _text(out, x, y + 4, "\u21bb", 12, fill="#6b3fa0", anchor="middle", bold=True)
    elif icon == "copy":  # two overlapping cards, drawn (no font has a copy glyph everywhere)
        out.append(f'<rect x="{_f(x - 5)}" y="{_f(y - 5)}" width="7" height="8" rx="1" fill="#fff" stroke="#6b3fa0" stroke-width="1.3"/>'
                   f'<rect x="{_f(x - 2)}" y="{_f(y - 2)}" width="7" height="8" rx="1" fill="#e9dff5" stroke="#6b3fa0" stroke-width="1.3"/>')


# Shorter words for the "Who? Where?" part, used only when an effect's full text does not fit
# in two lines (its glyph shows the same; the full text stays in the effect's tooltip).
_SHORT = (("adjacent (adjacent guests)", "adjacent"), ("adjacent (adjacent guests in the", "adjacent (in the"),
          ("all guests in the row and column", "all in row & column"),
          ("adjacent guests in the row", "adjacent in row"), ("adjacent guests in the column", "adjacent in column"),
          ("all guests in the row", "all in the row"), ("all guests in the column", "all in the column"),
          ("the opponent's choice", "opponent's choice"))
HANGER_SIZE = 11
HANGER_LH = 12.5  # line height of effect text
HANGER_GAP = 3.5  # between two effects


@lru_cache(maxsize=4096)
def _effect_lines(words: str, widths: tuple):
    """The lines of one effect's words (``widths``: of lines 1, 2, 3): at most 2 lines (the full
    words, else the short ones), else 3."""
    lines = _wrap(words, HANGER_SIZE, widths)
    if lines is not None and len(lines) <= 2:
        return tuple(lines)
    short = words
    for long_words, short_words in _SHORT:
        short = short.replace(long_words, short_words)
    lines = _wrap(short, HANGER_SIZE, widths)
    if lines is not None and len(lines) <= 2:
        return tuple(lines)
    return _layout(short, (HANGER_SIZE,), widths, 3)[1]


def _hanger(out, x, y, width, hanger, *, narrow_below=1e9, narrow=0.0) -> float:
    """The door hanger from baseline ``y``, bottom effect first (it applies first): order,
    icon, where-glyph, then the words wrapped under each other. Lines whose baseline is below
    ``narrow_below`` are ``narrow`` shorter (room for the groom pawn). Returns the last baseline."""
    yy = y
    last = y
    for k, eff in enumerate(hanger[:4]):
        eff = _dict(eff)
        words = str(eff.get("text") or "")
        out.append(f"<g><title>{_e(eff.get('rule') or words)}</title>")
        _text(out, x, yy, f"{k + 1}.", HANGER_SIZE, fill=_MUTED)
        _icon(out, x + 19, yy - 4, eff.get("icon"))
        glyph = str(eff.get("glyph") or "")
        gx = x + 28
        if glyph:
            colour = _GREEN if eff.get("where") == "opponent_choice" else _INK
            _text(out, gx, yy, glyph, HANGER_SIZE, fill=colour, bold=True)
            gx += _width(glyph, HANGER_SIZE, True) + 4
        full = x + width - gx
        widths = tuple(full - (narrow if yy + j * HANGER_LH > narrow_below else 0) for j in range(3))
        lines = _effect_lines(words, widths)
        for j, line in enumerate(lines):
            _text(out, gx, yy + j * HANGER_LH, line, HANGER_SIZE)
        out.append("</g>")
        last = yy + (len(lines) - 1) * HANGER_LH
        yy = last + HANGER_LH + HANGER_GAP
    if not hanger:
        _text(out, x, y, "no door hanger", HANGER_SIZE, fill=_MUTED, italic=True)
    return last


def _token(out, x, y, r=9, title="irritated"):
    out.append(f'<g><title>{_e(title)}</title><circle cx="{_f(x)}" cy="{_f(y)}" r="{r}" fill="{_TOKEN}" stroke="#7a0f1d"/>')
    _text(out, x, y + 4, "!", 12, fill="#fff", anchor="middle", bold=True)
    out.append("</g>")


def _coin(out, x, y, value, r=10):
    out.append(f'<g><title>rent: {_e(value)} coin(s)</title><circle cx="{_f(x)}" cy="{_f(y)}" r="{r}" fill="{_GOLD}" stroke="#8a6d00" stroke-width="1.5"/>')
    _text(out, x, y + 4, str(value), 12, anchor="middle", bold=True)
    out.append("</g>")


def _pawn(out, x, y, colour, title):
    out.append(f'<g><title>{_e(title)}</title><circle cx="{_f(x)}" cy="{_f(y - 7)}" r="5" fill="{colour}" stroke="#000a"/>'
               f'<path d="M{_f(x - 7)} {_f(y + 7)}q7 -14 14 0z" fill="{colour}" stroke="#000a"/></g>')


# -- parts ------------------------------------------------------------------------------------
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


NAME_LH = 14


def _guest_head(out, g: dict, x, y, width, sub_width, sub: str) -> float:
    """A guest's name (bold, one or two lines, ``width`` wide from ``x``) and the small line
    under it (``sub``, from the left edge); returns the baseline where the door hanger starts."""
    name = str(g.get("name") or "?")
    one = [z for z in (13, 12) if _width(name, z, True) <= width]
    size, lines = (one[0], (name,)) if one else _layout(name, (13, 12), (width,), 2, bold=True)
    for k, line in enumerate(lines):
        _text(out, x, y + k * NAME_LH, line, size, bold=True)
    yy = y + (len(lines) - 1) * NAME_LH
    if sub:
        yy = max(yy + 14, y + 15)
        _line(out, 8, yy, sub, HANGER_SIZE, sub_width, fill="#6b3fa0")
    return yy + 17


def _room(out, room: dict, x, y, groom_colour):
    g = room.get("guest")
    g = g if isinstance(g, dict) else None
    fill = _ROOM if g else _ROOM_EMPTY
    out.append(f'<g transform="translate({_f(x)},{_f(y)})">')
    out.append(f'<rect width="{RW}" height="{RH}" rx="6" fill="{fill}" stroke="#8b7355" stroke-width="1.5"/>')
    out.append(f'<rect x="6" y="6" width="22" height="18" rx="3" fill="{_WALL}"/>')
    _text(out, 17, 19.5, str(room.get("number", "?")), 12, fill="#fff", anchor="middle", bold=True)
    if g is None:
        _text(out, RW / 2, RH / 2 + 4, "free room", 11, fill="#a89d8b", anchor="middle", italic=True)
    else:
        name = str(g.get("name") or "?")
        _coin(out, RW - 14, 16, g.get("rent", "?"))
        if room.get("irritated"):
            _token(out, RW - 37, 16, title=f"{name} is irritated (no rent; a second token means a tantrum)")
        sub = []
        if g.get("double"):
            sides = _list(g.get("sides"))
            other = sides[1 if g.get("side") == "a" else 0].get("name") if len(sides) == 2 and isinstance(sides[0], dict) else "?"
            sub.append(f"side {g.get('side', 'a')} \u21bb {other}")
        if g.get("intro"):
            sub.append("*" if sub else "* intro")
        # the name stops short of the irritation token's place (kept free even when there is
        # no token, so a name does not move when its guest gets irritated)
        top = _guest_head(out, g, 34, 19, RW - 50 - 34, RW - 16, " \u00b7 ".join(sub))
        _hanger(out, 8, top, RW - 14, _list(g.get("hanger")), narrow_below=RH - 27, narrow=22)
    if groom_colour:
        out.append(f'<rect x="1" y="1" width="{RW - 2}" height="{RH - 2}" rx="6" fill="none" stroke="{groom_colour}" stroke-width="3"/>')
        _pawn(out, RW - 14, RH - 12, groom_colour, "the groom pawn is in front of this room")
    out.append("</g>")


def _hotel(out, seat: dict, i: int, x, y, view: dict) -> float:
    colour = _colour(seat, i)
    name = str(seat.get("name") or f"Seat {i + 1}")
    out.append(f'<g transform="translate({_f(x)},{_f(y)})">')
    h_rooms = 3 * RH + 2 * GAP
    total_h = TITLE_H + h_rooms + HALL_H + BASE_H + 2 * PAD
    out.append(f'<rect width="{HOTEL_W}" height="{total_h}" rx="10" fill="#fbf7f0" stroke="{colour}" stroke-width="3"/>')
    out.append(f'<rect width="{HOTEL_W}" height="{TITLE_H}" rx="10" fill="{colour}"/>'
               f'<rect y="{TITLE_H - 10}" width="{HOTEL_W}" height="10" fill="{colour}"/>')
    title = f"{name}'s hotel · " + ("First player" if seat.get("first_player") else "Second player")
    info = f"coins {seat.get('coins', '?')} · irritated {seat.get('irritated', '?')} · rents {seat.get('rents', '?')}"
    score = _num(seat.get("score"))
    if score is not None:
        info += " · tour " + ("complete" if score == 10 else f"room {score}" if score else "—")
    wins = isinstance(view.get("winners"), list) and seat.get("seat") in view["winners"]
    badge = "\u2605 wins"
    badge_w = _width(badge, 13, True) + 14 if wins else 0
    # the info keeps its size while it fits; the title (then the info, down to 11) gives way
    room_w = HOTEL_W - 2 * PAD - 12 - (badge_w + 10 if wins else 0)
    info_size = 12 if _width(info, 12) + _width(title, 13, True) <= room_w else _MIN
    info_w = _width(info, info_size)
    title_size = _line(out, PAD, 26, title, 16, room_w - info_w, min_size=12, fill="#fff", bold=True)
    _text(out, HOTEL_W - PAD, 26, info, info_size, fill="#fff", anchor="end")
    if wins:
        bx = PAD + min(_width(title, title_size, True), room_w - info_w) + 10
        out.append(f'<g><title>{_e(name)} wins</title><rect x="{_f(bx)}" y="9" width="{_f(badge_w)}" height="22" rx="11" fill="#ffe27a" stroke="#8a6d00"/>')
        _text(out, bx + badge_w / 2, 25, badge, 13, fill=_INK, anchor="middle", bold=True)
        out.append("</g>")
    groom = seat.get("groom")
    rooms = {r.get("number"): r for r in _list(seat.get("rooms")) if isinstance(r, dict)}
    for n, r in rooms.items():
        floor, col = _num(r.get("floor"), 1), _num(r.get("col"), 1)
        rx = PAD + (col - 1) * (RW + GAP)
        ry = TITLE_H + PAD + (3 - floor) * (RH + GAP)
        gc = colour if groom == n else None
        key = ("room", r, gc)
        out.append(_cached(key, lambda o, r=r, gc=gc: _room(o, r, 0, 0, gc)).join(
            (f'<g transform="translate({_f(rx)},{_f(ry)})">', "</g>")))
    # the Hall
    hy = TITLE_H + PAD + h_rooms + 8
    out.append(f'<rect x="{PAD}" y="{_f(hy)}" width="{HOTEL_W - 2 * PAD}" height="{HALL_H - 10}" rx="6" fill="#efe3f4" stroke="#7c6f97"/>')
    _text(out, PAD + 10, hy + 17, "Hall", 14, bold=True)
    _text(out, PAD + 10, hy + 32, "counter: doorbells", 11, fill=_MUTED)
    bells = _num(seat.get("doorbells"), 0)
    for k in range(3):
        bx = PAD + 150 + k * 34
        if k < bells:
            out.append(f'<g><title>doorbell {k + 1}</title><path d="M{bx - 11} {hy + 28}h22l-4-6v-8a7 7 0 0 0-14 0v8z" fill="{_GOLD}" stroke="#8a6d00" stroke-width="1.5"/>'
                       f'<circle cx="{bx}" cy="{hy + 31}" r="3" fill="#8a6d00"/></g>')
        else:
            out.append(f'<g><title>a doorbell is gone</title><path d="M{bx - 11} {hy + 28}h22l-4-6v-8a7 7 0 0 0-14 0v8z" fill="none" stroke="#b9ad9c" stroke-dasharray="3 2"/></g>')
    if groom == "hall":
        _pawn(out, HOTEL_W - PAD - 30, hy + 21, colour, "the groom pawn waits in the Hall")
        _text(out, HOTEL_W - PAD - 44, hy + 26, "groom", 11, fill=_MUTED, anchor="end")
    # the Basement
    by = hy + HALL_H
    out.append(f'<rect x="{PAD}" y="{_f(by)}" width="{HOTEL_W - 2 * PAD}" height="{BASE_H - 8}" rx="6" fill="#e7e1d8" stroke="#8d8478"/>')
    pillars = _list(seat.get("pillars"))
    per = int(_num(seat.get("pillars_per_group"), 4))
    for c in range(3):
        cx = PAD + c * (RW + GAP)
        k = int(_num(pillars[c], 0)) if c < len(pillars) else 0
        _text(out, cx + 10, by + 18, f"pillars {c + 1}: {k}/{per}", 11, fill=_TOKEN if k <= 1 else _MUTED, bold=k <= 1)
        for j in range(per):
            px = cx + 108 + j * (80 // max(per, 1))
            if j < k:
                out.append(f'<rect x="{px}" y="{_f(by + 6)}" width="12" height="32" rx="2" fill="{_PILLAR}" stroke="#5c554c"/>')
            else:
                out.append(f'<rect x="{px}" y="{_f(by + 6)}" width="12" height="32" rx="2" fill="none" stroke="#b9ad9c" stroke-dasharray="3 2"/>')
    _text(out, PAD + 10, by + 34, "Basement", 11, fill=_MUTED, italic=True)
    out.append("</g>")
    # groom tiles
    ty = y + total_h + 6
    tiles = [t for t in _list(seat.get("grooms")) if isinstance(t, dict)]
    tw = (HOTEL_W - 4 * GAP) / 5 if tiles else 0
    for k, t in enumerate(tiles):
        tx = x + k * (tw + GAP)
        hired = bool(t.get("hired"))
        out.append(f'<g><title>{_e(t.get("name", ""))} ({_e(t.get("cost", "?"))} coins): {_e(t.get("effect", ""))}</title>')
        out.append(f'<rect x="{_f(tx)}" y="{_f(ty)}" width="{_f(tw)}" height="{TILE_H - 8}" rx="5" '
                   f'fill="{colour if hired else "#fff"}" fill-opacity="{".85" if hired else "1"}" stroke="{colour}" stroke-width="1.5"/>')
        ink = "#fff" if hired else _INK
        label = str(t.get("name", "?")).replace("the ", "")
        size, lines = _layout(label, (11,), (tw - 30,), 2, bold=True)
        for j, line in enumerate(lines):
            _text(out, tx + 6, ty + 15 + j * 12.5, line, size, fill=ink, bold=True)
        _coin(out, tx + tw - 12, ty + 13, t.get("cost", "?"), r=8)
        state = "hired" if hired else "not hired"
        if t.get("row"):
            state += f" · row {t['row']}"
        _line(out, tx + 6, ty + 43, state, 11, tw - 10, fill=ink, italic=not hired)
        out.append("</g>")
    return total_h + TILE_H


def _card(out, card: dict, x, y):
    out.append(f'<g transform="translate({_f(x)},{_f(y)})"><rect width="{CARD_W}" height="{CARD_H}" rx="6" fill="#fffdf8" stroke="#8b7355"/>')
    _coin(out, CARD_W - 14, 15, card.get("rent", "?"), r=10)
    sub = [f"#{card.get('card', '?')}"]
    if card.get("intro"):
        sub.append("* intro")
    sides = _list(card.get("sides"))
    if card.get("double") and len(sides) == 2 and isinstance(sides[1], dict):
        sub.append(f"\u21bb {sides[1].get('name', '?')} ({sides[1].get('rent', '?')})")
    text = " \u00b7 ".join(sub)
    if _width(text, HANGER_SIZE) > CARD_W - 14:
        text = text.replace("* intro", "*")
    top = _guest_head(out, card, 8, 19, CARD_W - 8 - 30, CARD_W - 14, text)
    _hanger(out, 6, top, CARD_W - 12, _list(card.get("hanger")))
    out.append("</g>")


def _display(out, view: dict, x, y, width, seats: list) -> float:
    rows = [r for r in _list(view.get("display")) if isinstance(r, dict)]
    _text(out, x, y + 16, f"Guest display — {view.get('cards_left', '?')} card(s) left; a row's guest goes on its floor", 14, bold=True)
    yy = y + 26
    for r in sorted(rows, key=lambda r: -_num(r.get("row"), 0)):
        label = str(r.get("label") or f"row {r.get('row')}")
        _text(out, x, yy + 14, label, 11, fill=_MUTED, bold=True)
        frs = [s for s in _list(r.get("false_reservation")) if isinstance(s, int)]
        lx = x + 190
        for s in frs:
            c = _colour(seats[s], s) if s < len(seats) and isinstance(seats[s], dict) else "#888"
            who = seats[s].get("name", f"seat {s}") if s < len(seats) and isinstance(seats[s], dict) else f"seat {s}"
            banner = f"{who}'s False Reservation faces this row"
            bw = min(_width(banner, 11, True) + 12, x + width - lx)
            out.append(f'<rect x="{_f(lx)}" y="{_f(yy + 2)}" width="{_f(bw)}" height="16" rx="4" fill="{c}"/>')
            _line(out, lx + 6, yy + 14, banner, 11, bw - 12, fill="#fff", bold=True)
            lx += bw + 6
        cy = yy + 20
        for k, c in enumerate(_list(r.get("cards"))[:6]):
            cx = x + k * (CARD_W + 6)
            if isinstance(c, dict):
                out.append(_cached(("card", c), lambda o, c=c: _card(o, c, 0, 0)).join(
                    (f'<g transform="translate({_f(cx)},{_f(cy)})">', "</g>")))
            else:
                out.append(f'<rect x="{_f(cx)}" y="{_f(cy)}" width="{CARD_W}" height="{CARD_H}" rx="6" fill="none" stroke="#cfc5b4" stroke-dasharray="4 3"/>')
        yy = cy + CARD_H + 8
    return yy - y


def render_svg(view: dict) -> str:
    """Draw the table of a Hellton Palace view model as SVG text.

    :param view: a view-model dict as returned by ``state.view(perspective)`` (format in
        ``docs/dev/view_model.md``). Missing or malformed fields are drawn as unknown ("?") or
        left out; the function never raises for a dict input.
    :returns: one ``<svg>`` element (no XML prolog), about 1284 x 1142 units, with
        ``width="100%"``.
    :raises TypeError: when ``view`` is not a dict.
    """
    if not isinstance(view, dict):
        raise TypeError(f"render_svg takes a view-model dict, got {type(view).__name__}")
    seats = [s for s in _list(view.get("seats")) if isinstance(s, dict)]
    width = 2 * M + 2 * HOTEL_W + 20
    out: list[str] = []
    status = str(view.get("status") or "")
    _line(out, M, 24, status, 17, width - 2 * M, min_size=13, bold=True)
    pending = _dict(view.get("pending"))
    if pending.get("prompt"):
        p = pending.get("player")
        who = seats[p].get("name", "") if isinstance(p, int) and 0 <= p < len(seats) else ""
        flag = "OPPONENT'S CHOICE — " if pending.get("opponent_choice") else ""
        prompt = f"{flag}{who}: {pending.get('prompt')}"
        colour = _GREEN if pending.get("opponent_choice") else "#6b3fa0"
        _line(out, M, 46, prompt, 13, width - 2 * M - 160, fill=colour, italic=True, bold=bool(flag))
    persp = view.get("perspective")
    ptxt = "omniscient view" if persp is None else f"as seen by {seats[persp].get('name', persp) if isinstance(persp, int) and 0 <= persp < len(seats) else persp}"
    _text(out, width - M, 46, ptxt, 11, fill=_MUTED, anchor="end")
    y = 58
    used = 0
    for i, s in enumerate(seats[:2]):
        used = max(used, _hotel(out, s, i, M + i * (HOTEL_W + 20), y, view))
    if not seats:
        used = 20
    y += used + 12
    y += _display(out, view, M, y, width - 2 * M, seats)
    height = y + M
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_f(width)} {_f(height)}" width="100%" '
        f'role="img" aria-label="{_e(status or "Hellton Palace table")}" '
        f'font-family="system-ui,\'Segoe UI\',Roboto,\'DejaVu Sans\',sans-serif" fill="{_INK}">'
        + "".join(out) + "</svg>"
    )
