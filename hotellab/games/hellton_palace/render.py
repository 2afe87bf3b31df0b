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
import re
from collections import OrderedDict
from html import escape as _html_escape

__all__ = ["render_svg"]

M = 12
RW, RH = 196, 112  # a room
GAP = 6
PAD = 10
HOTEL_W = 3 * RW + 2 * GAP + 2 * PAD
TITLE_H = 40
HALL_H = 58
BASE_H = 62
TILE_H = 58
CARD_W, CARD_H = 201, 96

_INK = "#2d2a26"
_MUTED = "#7a7165"
_WALL = "#3b2f3f"
_ROOM = "#f7efe2"
_ROOM_EMPTY = "#ece4d6"
_TOKEN = "#d7263d"
_GOLD = "#e0b422"
_PILLAR = "#8d8478"
_GREEN = "#1f9e54"
_COLOUR_RE = re.compile(r"^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20})$")
_FALLBACK = ("#c8352b", "#2f62c9")


def _e(text) -> str:
    return _html_escape(str(text), quote=True)


def _f(v) -> str:
    if type(v) is int:
        return str(v)
    r = round(v, 1)
    return str(int(r)) if r == int(r) else str(r)


def _num(v, default=None):
    return v if isinstance(v, (int, float)) and not isinstance(v, bool) else default


def _list(v) -> list:
    return v if isinstance(v, list) else []


def _dict(v) -> dict:
    return v if isinstance(v, dict) else {}


def _text(out, x, y, s, size=12, *, fill=_INK, anchor=None, bold=False, italic=False, extra=""):
    a = f' text-anchor="{anchor}"' if anchor else ""
    b = ' font-weight="700"' if bold else ""
    i = ' font-style="italic"' if italic else ""
    f = f' fill="{fill}"' if fill != _INK else ""
    out.append(f'<text x="{_f(x)}" y="{_f(y)}" font-size="{_f(size)}"{a}{b}{i}{f}{extra}>{_e(s)}</text>')


def _fit(text: str, per_char: float, avail: float) -> str:
    if len(text) * per_char <= avail or avail <= 30:
        return ""
    return f' textLength="{_f(avail)}" lengthAdjust="spacingAndGlyphs"'


def _colour(seat: dict, i: int) -> str:
    c = seat.get("color")
    return c if isinstance(c, str) and _COLOUR_RE.match(c) else _FALLBACK[i % 2]


# -- icons ------------------------------------------------------------------------------------
def _icon(out, x, y, icon):
    """A door-hanger "What?" pictogram centred at (x, y)."""
    if icon == "token":
        out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="5" fill="{_TOKEN}"/>')
    elif icon == "token_if_satisfied":
        out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="4.5" fill="#fff" stroke="{_TOKEN}" stroke-width="2"/>')
    elif icon == "tantrum":
        out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="5.5" fill="{_TOKEN}"/>')
        _text(out, x, y + 3.5, "!", 9, fill="#fff", anchor="middle", bold=True)
    elif icon == "pillar":
        out.append(f'<rect x="{_f(x - 3)}" y="{_f(y - 6)}" width="6" height="12" fill="{_PILLAR}" stroke="#5c554c"/>')
    elif icon == "doorbell":
        out.append(f'<path d="M{_f(x - 5)} {_f(y + 4)}h10l-2-3v-4a3 3 0 0 0-6 0v4z" fill="{_GOLD}" stroke="#8a6d00"/>'
                   f'<circle cx="{_f(x)}" cy="{_f(y + 5.5)}" r="1.5" fill="#8a6d00"/>')
    elif icon == "flip":
        _text(out, x, y + 4, "\u21bb", 12, fill="#6b3fa0", anchor="middle", bold=True)
    elif icon == "copy":
        _text(out, x, y + 4, "\u29c9", 12, fill="#6b3fa0", anchor="middle", bold=True)


def _hanger(out, x, y, width, hanger, *, size=9.5, step=14):
    """The door hanger, bottom effect first (it applies first): icon, where-glyph, words."""
    for k, eff in enumerate(hanger[:4]):
        eff = _dict(eff)
        yy = y + k * step
        _text(out, x, yy + 3.5, f"{k + 1}.", 8, fill=_MUTED)
        _icon(out, x + 16, yy, eff.get("icon"))
        glyph = str(eff.get("glyph") or "")
        gx = x + 26
        if glyph:
            colour = _GREEN if eff.get("where") == "opponent_choice" else _INK
            _text(out, gx, yy + 4, glyph, 11, fill=colour, bold=True)
            gx += 8 * len(glyph) + 3
        words = str(eff.get("text") or "")
        _text(out, gx, yy + 3.5, words, size, extra=_fit(words, size * 0.52, x + width - gx))
    if not hanger:
        _text(out, x, y + 3, "no door hanger", 9, fill=_MUTED, italic=True)


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
        _text(out, 34, 20, name, 13, bold=True, extra=_fit(name, 7.2, RW - 34 - 52))
        _coin(out, RW - 14, 16, g.get("rent", "?"))
        if room.get("irritated"):
            _token(out, RW - 38, 16, title=f"{name} is irritated (no rent; a second token means a tantrum)")
        sub = []
        if g.get("double"):
            sides = _list(g.get("sides"))
            other = sides[1 if g.get("side") == "a" else 0].get("name") if len(sides) == 2 and isinstance(sides[0], dict) else "?"
            sub.append(f"side {g.get('side', 'a')} \u21bb {other}")
        if g.get("intro"):
            sub.append("*")
        if sub:
            _text(out, 34, 33, " · ".join(sub), 9, fill="#6b3fa0", extra=_fit(" · ".join(sub), 5, RW - 40))
        _hanger(out, 8, 48, RW - 14, _list(g.get("hanger")))
    if groom_colour:
        out.append(f'<rect x="1" y="1" width="{RW - 2}" height="{RH - 2}" rx="6" fill="none" stroke="{groom_colour}" stroke-width="3"/>')
        _pawn(out, RW - 14, RH - 14, groom_colour, "the groom pawn is in front of this room")
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
    first = " · First player" if seat.get("first_player") else " · Second player"
    _text(out, PAD, 26, f"{name}'s hotel{first}", 16, fill="#fff", bold=True)
    info = f"coins {seat.get('coins', '?')} · irritated {seat.get('irritated', '?')} · rents {seat.get('rents', '?')}"
    score = _num(seat.get("score"))
    if score is not None:
        info += " · tour " + ("complete" if score == 10 else f"room {score}" if score else "—")
    _text(out, HOTEL_W - PAD, 26, info, 12, fill="#fff", anchor="end")
    if isinstance(view.get("winners"), list) and seat.get("seat") in view["winners"]:
        _text(out, HOTEL_W / 2 + 40, 27, "\u2605 wins", 15, fill="#ffe27a", bold=True)
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
    _text(out, PAD + 10, hy + 20, "Hall", 14, bold=True)
    _text(out, PAD + 10, hy + 36, "counter: doorbells", 10, fill=_MUTED)
    bells = _num(seat.get("doorbells"), 0)
    for k in range(3):
        bx = PAD + 150 + k * 34
        if k < bells:
            out.append(f'<g><title>doorbell {k + 1}</title><path d="M{bx - 11} {hy + 32}h22l-4-6v-8a7 7 0 0 0-14 0v8z" fill="{_GOLD}" stroke="#8a6d00" stroke-width="1.5"/>'
                       f'<circle cx="{bx}" cy="{hy + 35}" r="3" fill="#8a6d00"/></g>')
        else:
            out.append(f'<g><title>a doorbell is gone</title><path d="M{bx - 11} {hy + 32}h22l-4-6v-8a7 7 0 0 0-14 0v8z" fill="none" stroke="#b9ad9c" stroke-dasharray="3 2"/></g>')
    if groom == "hall":
        _pawn(out, HOTEL_W - PAD - 30, hy + 25, colour, "the groom pawn waits in the Hall")
        _text(out, HOTEL_W - PAD - 44, hy + 30, "groom", 10, fill=_MUTED, anchor="end")
    # the Basement
    by = hy + HALL_H
    out.append(f'<rect x="{PAD}" y="{_f(by)}" width="{HOTEL_W - 2 * PAD}" height="{BASE_H - 8}" rx="6" fill="#e7e1d8" stroke="#8d8478"/>')
    pillars = _list(seat.get("pillars"))
    per = int(_num(seat.get("pillars_per_group"), 4))
    for c in range(3):
        cx = PAD + c * (RW + GAP)
        k = int(_num(pillars[c], 0)) if c < len(pillars) else 0
        _text(out, cx + 10, by + 18, f"pillars {c + 1}: {k}/{per}", 10, fill=_TOKEN if k <= 1 else _MUTED, bold=k <= 1)
        for j in range(per):
            px = cx + 100 + j * 20
            if j < k:
                out.append(f'<rect x="{px}" y="{_f(by + 8)}" width="12" height="38" rx="2" fill="{_PILLAR}" stroke="#5c554c"/>')
            else:
                out.append(f'<rect x="{px}" y="{_f(by + 8)}" width="12" height="38" rx="2" fill="none" stroke="#b9ad9c" stroke-dasharray="3 2"/>')
    _text(out, PAD + 10, by + BASE_H - 14, "Basement", 10, fill=_MUTED, italic=True)
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
        _text(out, tx + 6, ty + 17, label, 11, fill=ink, bold=True, extra=_fit(label, 6.3, tw - 30))
        _coin(out, tx + tw - 12, ty + 13, t.get("cost", "?"), r=8)
        state = "hired" if hired else "not hired"
        if t.get("row"):
            state += f" · row {t['row']}"
        _text(out, tx + 6, ty + 36, state, 10, fill=ink, italic=not hired)
        out.append("</g>")
    return total_h + TILE_H


def _card(out, card: dict, x, y):
    out.append(f'<g transform="translate({_f(x)},{_f(y)})"><rect width="{CARD_W}" height="{CARD_H}" rx="6" fill="#fffdf8" stroke="#8b7355"/>')
    name = str(card.get("name") or "?")
    _text(out, 8, 17, name, 12, bold=True, extra=_fit(name, 6.8, CARD_W - 44))
    _coin(out, CARD_W - 13, 14, card.get("rent", "?"), r=9)
    sub = [f"#{card.get('card', '?')}"]
    if card.get("intro"):
        sub.append("* intro")
    sides = _list(card.get("sides"))
    if card.get("double") and len(sides) == 2 and isinstance(sides[1], dict):
        sub.append(f"\u21bb {sides[1].get('name', '?')} ({sides[1].get('rent', '?')})")
    _text(out, 8, 30, " · ".join(sub), 9, fill="#6b3fa0", extra=_fit(" · ".join(sub), 5, CARD_W - 14))
    _hanger(out, 6, 44, CARD_W - 10, _list(card.get("hanger")), size=9, step=13)
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
            out.append(f'<rect x="{_f(lx)}" y="{_f(yy + 2)}" width="260" height="16" rx="4" fill="{c}"/>')
            _text(out, lx + 6, yy + 14, f"{who}'s False Reservation faces this row", 10, fill="#fff", bold=True)
            lx += 266
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
    :returns: one ``<svg>`` element (no XML prolog), about 1260 x 1230 units, with
        ``width="100%"``.
    :raises TypeError: when ``view`` is not a dict.
    """
    if not isinstance(view, dict):
        raise TypeError(f"render_svg takes a view-model dict, got {type(view).__name__}")
    seats = [s for s in _list(view.get("seats")) if isinstance(s, dict)]
    width = 2 * M + 2 * HOTEL_W + 20
    out: list[str] = []
    status = str(view.get("status") or "")
    _text(out, M, 24, status, 17, bold=True, extra=_fit(status, 9.6, width - 2 * M))
    pending = _dict(view.get("pending"))
    if pending.get("prompt"):
        p = pending.get("player")
        who = seats[p].get("name", "") if isinstance(p, int) and 0 <= p < len(seats) else ""
        flag = "OPPONENT'S CHOICE — " if pending.get("opponent_choice") else ""
        prompt = f"{flag}{who}: {pending.get('prompt')}"
        colour = _GREEN if pending.get("opponent_choice") else "#6b3fa0"
        _text(out, M, 46, prompt, 13, fill=colour, italic=True, bold=bool(flag), extra=_fit(prompt, 7, width - 2 * M - 160))
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
