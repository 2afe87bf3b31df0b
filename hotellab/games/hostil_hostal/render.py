"""SVG board of Hostil Hostal, drawn from a view model (``state.view(perspective)``).

:func:`render_svg` is a pure function of the view-model dict described in
``docs/dev/view_model.md``: the same view always gives the same text, and nothing else
(no state, no clock, no randomness) is read. Every text taken from the view (player names,
card names) is XML-escaped, and colours are checked against a strict pattern, so a view can
never inject markup.

The board is made of panels (``hotellab.core.board``), each a component as it lies on the
table, at most 360 CSS px wide with no text under 12 px. Shared things come first, because
every decision of the game lands on them (a bed, a room, the Lobby) and everyone reads them
first; then the rest track; then the players' areas, the viewer's own first:

1. **The Inn** (Let's Begin (Setup) / 1): the night track and round, the misfortune die, and
   a map of the building (floor 2 above floor 1, the Lobby left of floor 1) with each room's
   label and total; the Lobby is the target ``lobby`` (Phase 2 - Night / Move a guest: "to
   the lobby").
2. **One panel per room**, floor 2 left to right, then floor 1 (the map's reading order):
   the room's header (label, room total, wear die) is the target ``room:<label>``; its five
   beds by (row, col), each the target ``bed:<label>:<index>`` (index as in the action
   texts, 0-4 row by row) with its big number or its guests (hollow with a "z" when
   sedated); the rug (and reform); the cards lying in the room, each the target
   ``card:<label>:<slot>`` (slot = its place in the room's row of cards, never its number:
   a face-down card's id says nothing of it) and the automata's bids (2 players).
3. **The rest track** (Phase 3 - Dawn / Rest): a score line with one marker per seat, and a
   row per seat with its rest points, the first-player token and "passed".
4. **Each seat's area**: guests in supply, deck, hand (each card the target
   ``hand:<seat>:<slot>``; a hidden hand is drawn as card backs named by slot only) and the
   discard pile.

>>> import hotellab as hl
>>> state = hl.load_game("hostil_hostal", num_players=3).new_initial_state()
>>> svg = render_svg(state.view(0))
>>> svg.startswith("<svg") and svg.endswith("</svg>")
True
>>> "&lt;b&gt;" in render_svg({"seats": [{"name": "<b>"}], "rooms": []})
True
"""

from __future__ import annotations

import json
from collections import OrderedDict

from .._svg import (
    INK as _INK, Panel, as_dict as _dict, as_list as _list, board_svg, esc as _e, is_colour, num as _f,
    number as _num, target as _target, text as _text,
)

__all__ = ["render_svg"]

# -- geometry (viewBox units = CSS px) ------------------------------------------------------
INN_W = 360  # the Inn panel (map of the building)
RW = 264  # a room panel
AREA_W = 324  # the rest track and a seat's area: three side by side fit in 1000 px
HEAD_H = 42  # a room's header band
BED_Y, BED_ROW_H = 46, 58  # the beds' grid inside a room
RUG_Y = 166
CARDS_Y = 198
RC_W, RC_H, RC_STEP = 26, 32, 30  # a card lying in a room
CARD_W, CARD_H, CARD_STEP = 74, 66, 78  # a card in a hand
DC_W, DC_H, DC_STEP = 22, 26, 25  # a card in a discard pile

# -- colours (text colours keep 4.5:1 on the fills they sit on) ------------------------------
_TILE = "#f6eedf"
_TILE_EDGE = "#8b7355"
_HEAD = "#efe3cc"
_LOBBY = "#ece6f4"
_LOBBY_INK = "#4b3f72"
_MUTED = "#5c5349"
_NEG = "#a8231b"
_POS = "#17692b"
_WEAR_DIE = "#c0392b"
_MISFORTUNE_DIE = "#f2c94c"
_PAPER = "#fbf8f2"
_FALLBACK = ("#2b6cd4", "#d43b2b", "#e8892a", "#2e9d4f", "#d9b310", "#7b52c4")

# die pip positions on a unit square, per face
_PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}
_DASH = ' stroke-dasharray="4 2"'
_PLACE = (("top", "bottom"), ("left", "middle", "right"))


def _int(v, default=0) -> int:
    v = _num(v)
    return int(v) if v is not None else default


def _signed(v) -> str:
    """Display text of a number with a typographic minus: 3, −1, 0, 2.5."""
    v = _num(v)
    if v is None:
        return "?"
    if isinstance(v, float) and v == int(v):
        v = int(v)
    if isinstance(v, float):
        v = round(v, 1)
    return f"\u2212{-v}" if v < 0 else str(v)


def _plus(v) -> str:
    """Like :func:`_signed` but with a "+" for positive values (the action texts' "+3")."""
    v2 = _num(v)
    return ("+" + _signed(v2)) if v2 is not None and v2 > 0 else _signed(v2)


def _words(v) -> str:
    """A number in a label for a screen reader: "+3", "-1" (ASCII minus), "unknown"."""
    v = _num(v)
    if v is None:
        return "unknown"
    if isinstance(v, float) and v == int(v):
        v = int(v)
    return f"{v:+}" if v else "0"


def _tone(v) -> str:
    v = _num(v, 0)
    return _NEG if v < 0 else (_POS if v > 0 else _MUTED)


def _short(name: str, n: int) -> str:
    return name if len(name) <= n else name[: n - 1] + "…"


class _Seats:
    """Seat colours and names, looked up defensively (unknown seat -> grey, "Seat N")."""

    def __init__(self, seats: list):
        self.colour: dict[int, str] = {}
        self.name: dict[int, str] = {}
        for i, s in enumerate(seats):
            s = _dict(s)
            seat = _int(s.get("seat"), i)
            c = s.get("color")
            if not is_colour(c):
                c = s.get("colour")
                if not is_colour(c):
                    c = _FALLBACK[seat % len(_FALLBACK)]
            self.colour[seat] = c
            name = s.get("name")
            self.name[seat] = str(name) if name is not None else f"Seat {seat + 1}"
        self.key = tuple(sorted(self.colour.items())) + tuple(sorted(self.name.items()))

    def c(self, seat) -> str:
        return self.colour.get(seat, "#888888") if isinstance(seat, int) else "#888888"

    def n(self, seat) -> str:
        return self.name.get(seat, f"Seat {seat}") if isinstance(seat, int) else "?"


# -- primitives -----------------------------------------------------------------------------


def _fit(text: str, per_char: float, avail: float) -> str:
    """Attributes that squeeze a text into ``avail`` units when its estimated width
    (``per_char`` units a character) would overflow; "" when it fits."""
    if len(text) * per_char <= avail or avail <= 40:
        return ""
    return f' textLength="{_f(avail)}" lengthAdjust="spacingAndGlyphs"'


def _die(out, x, y, size, value, fill, pip, caption):
    """A die face at (x, y) showing ``value`` (1-6 as pips, other numbers as digits,
    None as a dashed "?")."""
    v = _num(value)
    title = f"<title>{_e(caption)}: {_e(_signed(v) if v is not None else 'not rolled')}</title>"
    if v is None:
        out.append(f'<g>{title}<rect x="{_f(x)}" y="{_f(y)}" width="{_f(size)}" height="{_f(size)}" rx="5" '
                   f'fill="#fff" stroke="{_MUTED}" stroke-dasharray="3 2"/>')
        _text(out, x + size / 2, y + size * 0.7, "?", max(12, size * 0.55), fill=_MUTED, anchor="middle", bold=True)
        out.append("</g>")
        return
    out.append(f'<g>{title}<rect x="{_f(x)}" y="{_f(y)}" width="{_f(size)}" height="{_f(size)}" rx="5" '
               f'fill="{fill}" stroke="#0006"/>')
    pips = _PIPS.get(v) if v == int(v) else None
    if pips:
        r = size * 0.09
        out.append(f'<g fill="{pip}">')
        for px, py in pips:
            out.append(f'<circle cx="{_f(x + px * size)}" cy="{_f(y + py * size)}" r="{_f(r)}"/>')
        out.append("</g>")
    else:
        _text(out, x + size / 2, y + size * 0.68, _signed(v), max(12, size * 0.5), fill=pip, anchor="middle", bold=True)
    out.append("</g>")


def _guest(out, cx, cy, r, colour, sedated):
    """A guest meeple: a disc in the seat colour; a sedated one is hollow with a "z"."""
    if sedated:
        out.append(f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r - 1)}" fill="#fff" stroke="{colour}" stroke-width="2.5"/>')
        _text(out, cx, cy + 4, "z", 12, anchor="middle", bold=True, italic=True)
    else:
        out.append(f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" fill="{colour}" stroke="#0008" stroke-width="1.2"/>')


def _guest_words(guests: list, seats: _Seats) -> str:
    """"Blue's guest", "Blue's guest (sedated) and Red's guest"."""
    parts = [f"{seats.n(g.get('seat'))}'s guest" + (" (sedated)" if g.get("sedated") else "") for g in guests]
    return " and ".join(parts)


def _room_label(room: dict) -> str:
    label = room.get("label")
    if label is None:
        label = f"{room.get('number', '?')}{room.get('side', '')}"
    return str(label)


def _tid(label: str) -> str:
    """A room label as a target id part ([A-Za-z0-9_.-] only)."""
    out = "".join(ch if ch.isascii() and (ch.isalnum() or ch in "_.-") else "_" for ch in label)
    return out or "_"


# -- the Inn ---------------------------------------------------------------------------------
def _inn_panel(view: dict, rooms: list, seats: _Seats) -> Panel:
    """The night track, round, misfortune die and a map of the building with the Lobby."""
    out: list[str] = []
    out.append(f'<rect x="1" y="1" width="{INN_W - 2}" height="%H%" rx="10" fill="{_PAPER}" stroke="#c8bba4"/>')
    _text(out, 12, 26, "The Inn", 17, bold=True)
    mis = view.get("misfortune")
    if _num(mis) is not None:
        out.append(_target("misfortune", f"Misfortune die: {_signed(mis)}"))
        _die(out, INN_W - 40, 8, 28, mis, _MISFORTUNE_DIE, _INK, "Misfortune die")
        _text(out, INN_W - 46, 27, "misfortune die", 12, fill=_MUTED, anchor="end")
        out.append("</g>")
    # night track (Setup 4: 3 or 5 nights), the phase and the round
    nights = max(1, min(_int(view.get("nights"), 3), 5))
    night = _num(view.get("night"))
    phase = view.get("phase")
    rnd = _num(view.get("round"))
    track = f"Night track: night {_signed(night)} of {nights}" if night is not None else "Night track"
    if phase:
        track += f", {phase} phase" + (f", round {_signed(rnd)}" if rnd is not None and phase == "night" else "")
    out.append(_target("night", track))
    _text(out, 12, 59, "night", 12, fill=_MUTED)
    for i in range(1, nights + 1):
        cx = 56 + (i - 1) * 27
        cur = night is not None and i == night and phase != "setup"
        done = night is not None and (i < night or (i == night and phase == "end"))
        fill = _LOBBY_INK if cur else ("#c9bfe0" if done else "#fff")
        out.append(f'<circle cx="{_f(cx)}" cy="55" r="11" fill="{fill}" stroke="{_LOBBY_INK}"/>')
        _text(out, cx, 59.5, str(i), 12, fill="#fff" if cur else _LOBBY_INK, anchor="middle", bold=cur)
    bits = []
    if phase:
        bits.append(f"{phase} phase")
    if rnd is not None and phase == "night":
        bits.append(f"round {_signed(rnd)}")
    if bits:
        _text(out, 56 + nights * 27, 59, " · ".join(str(b) for b in bits), 12, fill=_LOBBY_INK)
    out.append("</g>")
    rd = _num(view.get("reform_deck_size"))
    if rd is not None:
        _text(out, INN_W - 12, 59, f"reforms {_signed(rd)}", 12, fill=_MUTED, anchor="end")

    # the building: floor 2 above floor 1; the Lobby is column 0 of floor 1
    ncols = max([3] + [min(_int(r.get("col"), 1), 5) + 1 for r in rooms])
    top, ch, gap = 78, 66, 6
    cw = (INN_W - 24 - gap * (ncols - 1)) / ncols

    def cell(floor, col):
        return 12 + col * (cw + gap), top + (0 if floor >= 2 else ch + gap)

    x2, y2 = cell(2, 0)
    out.append(f'<path d="M{_f(x2 + 4)} {_f(y2 + ch - 8)}H{_f(x2 + cw - 4)}" stroke="#c8bba4" stroke-dasharray="4 3"/>')
    _text(out, x2 + 4, y2 + ch - 14, "floor 2", 12, fill=_MUTED)
    for r in rooms:
        floor, col = _int(r.get("floor"), 1), min(_int(r.get("col"), 1), 5)
        x, y = cell(floor, col)
        label = _room_label(r)
        out.append(f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(cw)}" height="{ch}" rx="6" fill="{_TILE}" stroke="{_TILE_EDGE}" stroke-width="1.5"/>')
        _text(out, x + 8, y + 24, label, 17, bold=True, extra=_fit(label, 11, cw - 16))
        total = _num(r.get("total"))
        if total is not None:
            _text(out, x + 8, y + 50, f"total {_signed(total)}", 12, fill=_tone(total) if total else _MUTED, bold=True)
    # the Lobby (Phase 2 - Night / Move a guest: "to the lobby"; no rest there)
    x, y = cell(1, 0)
    guests = _list(_dict(view.get("lobby")).get("guests"))
    who = [seats.n(g.get("seat") if isinstance(g, dict) else g) for g in guests]
    if who:
        counts: dict = {}
        for w in who:
            counts[w] = counts.get(w, 0) + 1
        inside = ", ".join(f"{k} {v}" for k, v in counts.items())
        label = f"Lobby: {len(who)} guest{'s' if len(who) != 1 else ''} ({inside}), no rest"
    else:
        label = "Lobby: no guests"
    out.append(_target("lobby", label))
    out.append(f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(cw)}" height="{ch}" rx="6" fill="{_LOBBY}" stroke="#7c6f97" stroke-width="1.5"/>')
    _text(out, x + 8, y + 20, "Lobby", 15, bold=True, fill=_LOBBY_INK)
    r = 5
    per_row = max(1, int((cw - 12) // (2 * r + 3)))
    shown = guests[: per_row * 3]
    for i, g in enumerate(shown):
        seat = g.get("seat") if isinstance(g, dict) else g
        sed = bool(g.get("sedated")) if isinstance(g, dict) else False
        gx = x + 8 + r + (i % per_row) * (2 * r + 3)
        gy = y + 32 + (i // per_row) * (2 * r + 3)
        out.append(f'<circle cx="{_f(gx)}" cy="{_f(gy)}" r="{r}" fill="{"#fff" if sed else seats.c(seat)}" '
                   f'stroke="{seats.c(seat) if sed else "#0008"}"/>')
    if len(guests) > len(shown):
        _text(out, x + cw - 6, y + 20, f"+{len(guests) - len(shown)}", 12, anchor="end", fill=_LOBBY_INK)
    out.append("</g>")
    height = top + 2 * ch + gap + 12
    out[0] = out[0].replace("%H%", _f(height - 2))
    return Panel("The Inn: night track, Lobby and the rooms' places", INN_W, height, out)


# -- a room ----------------------------------------------------------------------------------
def _room_body(room: dict, seats: _Seats, bids: list) -> tuple[list[str], float]:
    label = _room_label(room)
    tl = _tid(label)
    out: list[str] = []
    beds = [b for b in _list(room.get("beds")) if isinstance(b, dict)]
    cards = [c for c in _list(room.get("cards")) if isinstance(c, dict)]
    allc = [(c, False) for c in cards] + [(c, True) for c in bids if isinstance(c, dict)]
    per_row = int((RW - 24 + (RC_STEP - RC_W)) // RC_STEP)
    crow = max(1, -(-len(allc) // per_row))
    height = CARDS_Y + crow * (RC_H + 6) + 8
    out.append(f'<rect x="1" y="1" width="{RW - 2}" height="{_f(height - 2)}" rx="10" fill="{_TILE}" stroke="{_TILE_EDGE}" stroke-width="2"/>')
    _room_header(out, room, label, tl, beds, cards)
    _room_beds(out, beds, label, tl, seats)
    _room_rug(out, room, label, tl)
    _room_cards(out, allc, len(cards), label, tl, seats, per_row)
    return out, height


def _room_header(out: list, room: dict, label: str, tl: str, beds: list, cards: list) -> None:
    """The room's header (label, total, wear die): targets room:<label> and wear:<label>."""
    total = _num(room.get("total"))
    rug = room.get("rug")
    guests = sum(len(_list(b.get("guests"))) for b in beds)
    rlabel = (f"Room {label}: total {_words(total)} (uncovered beds and rug), rug {_words(rug)}, "
              f"wear {_signed(room.get('wear')) if _num(room.get('wear')) is not None else 'unknown'}, "
              f"{guests} guest{'s' if guests != 1 else ''}, {len(cards)} card{'s' if len(cards) != 1 else ''}")
    out.append(_target(f"room:{tl}", rlabel))
    out.append(f'<rect x="5" y="5" width="{RW - 95}" height="{HEAD_H - 6}" rx="7" fill="{_HEAD}"/>')
    _text(out, 13, 31, label, 21, bold=True, extra=_fit(label, 13, 52))
    if total is not None:
        _text(out, 72, 30, "total", 12, fill=_MUTED)
        _text(out, 104, 31, _signed(total), 20, fill=_tone(total), bold=True)
    out.append("</g>")
    wear = room.get("wear")
    out.append(_target(f"wear:{tl}", f"{label} wear die: {_signed(wear) if _num(wear) is not None else 'not rolled'}"))
    _text(out, RW - 46, 29, "wear", 12, fill=_MUTED, anchor="end")
    _die(out, RW - 40, 9, 28, wear, _WEAR_DIE, "#fff", f"Room {label} wear")
    out.append("</g>")


def _room_beds(out: list, beds: list, label: str, tl: str, seats: _Seats) -> None:
    """The beds by (row, col), in index order (row by row): targets bed:<label>:<index>."""
    cols = max([3] + [_int(b.get("col")) + 1 for b in beds])
    rows = max([2] + [_int(b.get("row")) + 1 for b in beds])
    cw = (RW - 20) / cols
    rh = BED_ROW_H * 2 / rows
    for k, b in enumerate(beds):
        idx = _int(b.get("index"), k)
        row, col = _int(b.get("row")), _int(b.get("col"))
        bx, by = 10 + col * cw + 3, BED_Y + row * rh + 3
        bw, bh = cw - 6, rh - 6
        gs = [g for g in _list(b.get("guests")) if isinstance(g, dict)]
        value = b.get("value")
        place = ""
        if 0 <= row < 2 and 0 <= col < 3:
            place = f"{_PLACE[0][row]} {_PLACE[1][col]}, "
        state = _guest_words(gs, seats) if gs else "free"
        vw = f"{int(value):+d}" if _num(value) is not None and value == int(value) else _signed(value)  # as in the action texts
        out.append(_target(f"bed:{tl}:{idx}", f"{label} bed {idx} ({place}{vw}): {state}"))
        out.append(f'<rect x="{_f(bx)}" y="{_f(by)}" width="{_f(bw)}" height="{_f(bh)}" rx="5" fill="#fffdf8" stroke="#b9a583"/>'
                   f'<rect x="{_f(bx + bw * 0.34)}" y="{_f(by + 3)}" width="{_f(bw * 0.32)}" height="6" rx="3" fill="#e4d8c2"/>')
        if not gs:
            size = min(bh * 0.5, 24)
            _text(out, bx + bw / 2, by + bh / 2 + size * 0.4, _signed(value), size, fill=_NEG if _num(value, 0) < 0 else _INK,
                  anchor="middle", bold=True)
        else:
            _text(out, bx + 5, by + 15, _signed(value), 12, fill=_NEG if _num(value, 0) < 0 else _MUTED, bold=True)
            n = min(len(gs), 4)
            r = 10 if n <= 2 else 8
            step = 2 * r + 3
            cx0 = bx + bw / 2 + 6 - step * (n - 1) / 2
            for i, g in enumerate(gs[:n]):
                _guest(out, cx0 + i * step, by + bh / 2 + 6, r, seats.c(g.get("seat")), bool(g.get("sedated")))
        out.append("</g>")


def _room_rug(out: list, room: dict, label: str, tl: str) -> None:
    """The rug and the reform (Day / Reform): target rug:<label>."""
    rug = room.get("rug")
    reform = room.get("reform")
    rug_label = f"{label} rug: {_words(rug)}"
    if isinstance(reform, dict):
        rug_label += f", reform {reform.get('id', '?')}{reform.get('side', '')}"
        if _num(room.get("base_rug")) is not None:
            rug_label += f" (the room's own rug {_words(room.get('base_rug'))})"
    out.append(_target(f"rug:{tl}", rug_label))
    out.append(f'<rect x="12" y="{RUG_Y}" width="66" height="24" rx="4" fill="#d9b98a" stroke="#8b6a3a"/>'
               f'<path d="M12 {RUG_Y + 5}h-4M12 {RUG_Y + 12}h-4M12 {RUG_Y + 19}h-4M78 {RUG_Y + 5}h4M78 {RUG_Y + 12}h4M78 {RUG_Y + 19}h4" stroke="#8b6a3a" fill="none"/>')
    _text(out, 45, RUG_Y + 17, f"rug {_signed(rug)}", 12, anchor="middle", bold=True)
    if isinstance(reform, dict):
        txt = f"reform {reform.get('id', '?')}{reform.get('side', '')}: rug {_signed(reform.get('rug', rug))}"
        base = room.get("base_rug")
        if _num(base) is not None:
            txt += f" (was {_signed(base)})"
        out.append(f'<rect x="88" y="{RUG_Y}" width="{RW - 100}" height="24" rx="4" fill="#fff" stroke="#6a8caf"/>')
        _text(out, 94, RUG_Y + 17, txt, 12, fill="#2f4f70", extra=_fit(txt, 6.6, RW - 112))
    out.append("</g>")


def _room_cards(out: list, allc: list, ncards: int, label: str, tl: str, seats: _Seats, per_row: int) -> None:
    """The cards lying in the room (targets card:<label>:<slot>) and the automata's bids
    (bid:<label>:<k>)."""
    if not allc:
        _text(out, 12, CARDS_Y + 20, "no cards", 12, fill=_MUTED, italic=True)
    for i, (c, bid) in enumerate(allc):
        x = 12 + (i % per_row) * RC_STEP
        y = CARDS_Y + (i // per_row) * (RC_H + 6)
        seat = c.get("seat")
        num = c.get("number")
        who = seats.n(seat)
        col = seats.c(seat)
        known = _num(num) is not None
        if bid:
            out.append(_target(f"bid:{tl}:{i - ncards}", f"{who}'s automata card on {label}: " + (f"#{_signed(num)}" if known else "face down")))
            out.append(f'<rect x="{_f(x)}" y="{_f(y)}" width="{RC_W}" height="{RC_H}" rx="3" fill="#fff" stroke="{col}" stroke-width="2" stroke-dasharray="3 2"/>')
            _text(out, x + RC_W / 2, y + 21, _signed(num) if known else "A", 12, anchor="middle", bold=True)
            out.append("</g>")
            continue
        up = bool(c.get("face_up"))
        name = c.get("name")
        what = f"#{_signed(num)} {name}" if known and name else (f"#{_signed(num)}" if known else "")
        state = "face up" if up else "face down"
        clabel = f"{label}, card {i + 1}: {who}'s " + (f"{what}, {state}" if what else "card, face down")
        out.append(_target(f"card:{tl}:{i}", clabel))
        if up or known:
            out.append(f'<rect x="{_f(x)}" y="{_f(y)}" width="{RC_W}" height="{RC_H}" rx="3" fill="#fff" stroke="{col}" '
                       f'stroke-width="2.5"{"" if up else _DASH}/>')
            _text(out, x + RC_W / 2, y + 21, _signed(num) if known else "?", 12, anchor="middle", bold=True)
        else:
            out.append(f'<rect x="{_f(x)}" y="{_f(y)}" width="{RC_W}" height="{RC_H}" rx="3" fill="{col}" stroke="#0007"/>'
                       f'<rect x="{_f(x + 4)}" y="{_f(y + 4)}" width="{RC_W - 8}" height="{RC_H - 8}" rx="2" fill="none" stroke="#fff" stroke-opacity=".8"/>')
        out.append("</g>")


_ROOM_CACHE: OrderedDict = OrderedDict()
_ROOM_CACHE_MAX = 512


def _room_panel(room: dict, seats: _Seats, bids: list) -> Panel:
    """A room's panel, its body memoised on the room's content: between two states of a game
    most rooms do not change, and a replay renders every state for every perspective."""
    try:
        key = (json.dumps(room, sort_keys=True), json.dumps(bids, sort_keys=True), seats.key)
    except (TypeError, ValueError):  # not JSON-able: draw without the cache
        key = None
    hit = _ROOM_CACHE.get(key) if key is not None else None
    if hit is not None:
        _ROOM_CACHE.move_to_end(key)
    else:
        body, height = _room_body(room, seats, bids)
        hit = ("".join(body), height)
        if key is not None:
            _ROOM_CACHE[key] = hit
            if len(_ROOM_CACHE) > _ROOM_CACHE_MAX:
                _ROOM_CACHE.popitem(last=False)
    floor = _int(room.get("floor"), 1)
    return Panel(f"Room {_room_label(room)}, floor {floor}", RW, hit[1], [hit[0]])


# -- the rest track ----------------------------------------------------------------------------
def _track_panel(view: dict, rows: list, seats: _Seats) -> Panel:
    out: list[str] = []
    cur = view.get("current_player")
    first = view.get("first_player")
    winners = view.get("winners")
    scores = [(_int(s.get("seat"), i), _num(s.get("score"))) for i, s in enumerate(rows)]
    known = [(seat, v) for seat, v in scores if v is not None]
    height = 92 + max(1, len(rows)) * 28 + 6
    out.append(f'<rect x="1" y="1" width="{AREA_W - 2}" height="{height - 2}" rx="10" fill="{_PAPER}" stroke="#c8bba4"/>')
    _text(out, 12, 26, "Rest track", 17, bold=True)
    lo = min([0] + [int(v // 5 * 5) for _, v in known])
    hi = max([40] + [int(-(-v // 5) * 5) for _, v in known])
    x0, x1, ly = 22, AREA_W - 22, 62
    tick = 5 if hi - lo <= 50 else 10 if hi - lo <= 100 else 20 * (1 + (hi - lo) // 200)

    def px(v):
        return x0 + (v - lo) / (hi - lo) * (x1 - x0)

    out.append(f'<path d="M{_f(x0)} {ly}H{_f(x1)}" stroke="{_TILE_EDGE}" stroke-width="2"/>')
    path = []
    for t in range(lo, hi + 1):
        if t % tick == 0:
            path.append(f"M{_f(px(t))} {ly - 4}v8")
            _text(out, px(t), ly + 20, _signed(t), 12, fill=_MUTED, anchor="middle")
    out.append(f'<path d="{"".join(path)}" stroke="{_TILE_EDGE}"/>')
    same: dict = {}
    for seat, v in known:
        same.setdefault(v, []).append(seat)
    for v, group in same.items():  # equal scores sit side by side, centred on the score
        for k, seat in enumerate(group):
            cx = px(v) + (k - (len(group) - 1) / 2) * 11
            out.append(f'<circle cx="{_f(cx)}" cy="{ly - 12}" r="6" fill="{seats.c(seat)}" stroke="#000a">'
                       f'<title>{_e(seats.n(seat))}: {_e(_signed(v))}</title></circle>')
    drawn: set = set()
    for i, s in enumerate(rows):
        seat = _int(s.get("seat"), i)
        if seat in drawn:  # a malformed view naming a seat twice: one row
            continue
        drawn.add(seat)
        y = 92 + i * 28
        facts = [f"{_words(s.get('score')).lstrip('+')} rest points"]
        if first == seat:
            facts.append("first player")
        if s.get("passed") and not isinstance(winners, list):
            facts.append("passed")
        if isinstance(winners, list) and seat in winners:
            facts.append("winner")
        if cur == seat:
            facts.append("to act")
        out.append(_target(f"score:{seat}", f"{seats.n(seat)}: {', '.join(facts)}"))
        if cur == seat:
            out.append(f'<rect x="6" y="{y}" width="{AREA_W - 12}" height="26" rx="6" fill="{seats.c(seat)}" fill-opacity=".14" stroke="{seats.c(seat)}"/>')
        out.append(f'<circle cx="20" cy="{y + 13}" r="7" fill="{seats.c(seat)}" stroke="#0008"/>')
        name = _short(seats.n(seat), 20)
        _text(out, 34, y + 18, name, 13, bold=cur == seat)
        if first == seat:  # the first-player token
            out.append(f'<g><title>first player</title><circle cx="196" cy="{y + 13}" r="9" fill="{_MISFORTUNE_DIE}" stroke="#8a6d00"/>')
            _text(out, 196, y + 17.5, "1", 12, anchor="middle", bold=True)
            out.append("</g>")
        if s.get("passed") and not isinstance(winners, list):
            _text(out, 212, y + 18, "passed", 12, fill=_MUTED, italic=True)
        if isinstance(winners, list) and seat in winners:
            out.append(f'<text x="{AREA_W - 62}" y="{y + 19}" font-size="16" text-anchor="end" fill="#8a6d00"><title>winner</title>\u2605</text>')
        _text(out, AREA_W - 14, y + 19, _signed(s.get("score")), 17, anchor="end", bold=True)
        out.append("</g>")
    return Panel("Rest track: rest points of every seat", AREA_W, height, out)


# -- a seat's area -----------------------------------------------------------------------------
def _card_lines(name: str) -> list[str]:
    """A card name in at most two lines of about 10 characters."""
    name = _short(name, 20)
    if len(name) <= 10 or " " not in name and "-" not in name:
        return [_short(name, 11)]
    cut = name.rfind(" ", 0, 12)
    if cut <= 0:
        cut = name.find("-") + 1 if "-" in name else name.find(" ")
        return [name[:cut], _short(name[cut:], 11)]
    return [name[:cut], _short(name[cut + 1:], 11)]


def _area_panel(view: dict, s: dict, i: int, seats: _Seats) -> Panel:
    seat = _int(s.get("seat"), i)
    col = seats.c(seat)
    name = seats.n(seat)
    cur = view.get("current_player")
    hand = s.get("hand")
    cards = [c if isinstance(c, dict) else {} for c in hand] if isinstance(hand, list) else None
    n_backs = max(0, min(_int(s.get("hand_size")), 16)) if cards is None else 0
    ncard = len(cards) if cards is not None else n_backs
    per_row = 4
    hand_rows = max(1, -(-ncard // per_row))
    discard = [d for d in _list(s.get("discard")) if _num(d) is not None]
    d_per_row = int((AREA_W - 80) // DC_STEP)
    d_rows = max(1, -(-len(discard) // d_per_row))
    auto = [c for c in _list(_dict(view.get("automata_phase")).get("cards"))
            if isinstance(c, dict) and c.get("seat") == seat and c.get("room") is None]
    hand_y = 62
    disc_y = hand_y + hand_rows * (CARD_H + 8) + 4
    height = disc_y + d_rows * (DC_H + 5) + (26 if auto else 0) + 10
    out: list[str] = []
    out.append(f'<rect x="1" y="1" width="{AREA_W - 2}" height="{_f(height - 2)}" rx="10" fill="{_PAPER}" stroke="{col}" stroke-width="2"/>')
    if cur == seat:
        out.append(f'<rect x="5" y="5" width="{AREA_W - 10}" height="30" rx="7" fill="{col}" fill-opacity=".16"/>')
    out.append(f'<circle cx="20" cy="20" r="8" fill="{col}" stroke="#0008"/>')
    title = _short(name, 20) + ("" if not s.get("automata") or "automata" in name.lower() else " (automata)")
    _text(out, 34, 26, title, 15, bold=True)
    if cur == seat:
        _text(out, AREA_W - 12, 25, "to act", 12, anchor="end", bold=True)
    # guests in supply (Setup: 4 guests each) and the deck
    hidden = s.get("guests_in_supply") is None  # a lesson asks for it
    sup = 0 if hidden else max(0, min(_int(s.get("guests_in_supply")), 8))
    out.append(_target(f"supply:{seat}", f"{name}'s supply: " + (
        "shown once you have answered" if hidden else f"{sup} guest{'s' if sup != 1 else ''}")))
    _text(out, 12, 52, "supply", 12, fill=_MUTED)
    for k in range(sup):
        out.append(f'<circle cx="{62 + k * 15}" cy="48" r="6" fill="{col}" stroke="#0008"><title>guest in supply</title></circle>')
    if hidden:
        _text(out, 56, 52, "?", 12, bold=True)
    elif not sup:
        _text(out, 56, 52, "no guests", 12, fill=_MUTED, italic=True)
    out.append("</g>")
    deck = _num(s.get("deck_size"))
    if deck is not None:
        out.append(_target(f"deck:{seat}", f"{name}'s deck: {_signed(deck)} card{'s' if deck != 1 else ''}, face down"))
        out.append(f'<rect x="{AREA_W - 74}" y="39" width="13" height="17" rx="2" fill="{col}" stroke="#0007"/>')
        _text(out, AREA_W - 12, 52, f"deck {_signed(deck)}", 12, fill=_MUTED, anchor="end")
        out.append("</g>")
    # the hand: targets hand:<seat>:<slot>
    whose = f"{name}'s hand"
    if ncard == 0:
        _text(out, 12, hand_y + 22, "no cards in hand", 12, fill=_MUTED, italic=True)
    for k in range(ncard):
        x = 12 + (k % per_row) * CARD_STEP
        y = hand_y + (k // per_row) * (CARD_H + 8)
        if cards is not None:
            c = cards[k]
            num, nm = c.get("number"), c.get("name")
            nm = str(nm) if nm is not None else ""
            what = f"#{_signed(num)} {nm}".strip() if _num(num) is not None else (nm or "a card")
            out.append(_target(f"hand:{seat}:{k}", f"{whose}, card {k + 1}: {what}"))
            out.append(f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5" fill="#fff" stroke="{col}" stroke-width="2.5"/>'
                       f'<rect x="{x + 1.5}" y="{y + 1.5}" width="{CARD_W - 3}" height="7" rx="3" fill="{col}"/>')
            _text(out, x + 7, y + 27, "?" if _num(num) is None else _signed(num), 16, bold=True)
            for j, line in enumerate(_card_lines(nm)):
                _text(out, x + CARD_W / 2, y + 44 + j * 15, line, 12, anchor="middle", extra=_fit(line, 6.6, CARD_W - 8))
        else:
            out.append(_target(f"hand:{seat}:{k}", f"{whose}, card {k + 1}, face down"))
            out.append(f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5" fill="{col}" stroke="#0007"/>'
                       f'<rect x="{x + 6}" y="{y + 6}" width="{CARD_W - 12}" height="{CARD_H - 12}" rx="3" fill="none" stroke="#fff" stroke-width="1.5" stroke-opacity=".85"/>')
        out.append("</g>")
    # the discard pile (public)
    out.append(_target(f"discard:{seat}", f"{name}'s discard pile: " + (", ".join(f"#{_signed(d)}" for d in discard) or "empty")))
    _text(out, 12, disc_y + 18, "discard", 12, fill=_MUTED)
    if not discard:
        _text(out, 70, disc_y + 18, "empty", 12, fill=_MUTED, italic=True)
    for k, d in enumerate(discard):
        x = 70 + (k % d_per_row) * DC_STEP
        y = disc_y + (k // d_per_row) * (DC_H + 5)
        out.append(f'<rect x="{x}" y="{y}" width="{DC_W}" height="{DC_H}" rx="2" fill="#f1ece3" stroke="#b5a88f"/>')
        _text(out, x + DC_W / 2, y + 18, _signed(d), 12, fill=_MUTED, anchor="middle")
    out.append("</g>")
    if auto:  # 2 players: the automata card this seat drew, not yet on a room
        n = auto[-1].get("number")
        txt = f"automata card drawn: #{_signed(n)}" if _num(n) is not None else "automata card drawn, face down"
        out.append(_target(f"bid:drawn:{seat}", f"{name}'s {txt}"))
        _text(out, 12, height - 16, txt, 12, italic=True)
        out.append("</g>")
    return Panel(f"{name}'s area: guests, deck, hand and discard", AREA_W, height, out)


# -- title and description ------------------------------------------------------------------
def _title(view: dict, seats: _Seats) -> str:
    phase = view.get("phase")
    night, nights = _num(view.get("night")), _num(view.get("nights"))
    if phase == "setup" or night is None:
        when = "setup"
    elif phase == "end":
        when = f"game over after night {_signed(night)}"
    else:
        when = f"night {_signed(night)}" + (f" of {_signed(nights)}" if nights is not None else "") + (f", {phase}" if phase and phase != "night" else "")
    p = view.get("perspective")
    seen = f" as {seats.n(p)} sees it" if isinstance(p, int) else ""
    return f"Hostil Hostal, {when}: the board{seen}"


def _desc(view: dict, rooms: list, rows: list, seats: _Seats) -> str:
    parts = []
    if rooms:
        floors = {}
        for r in rooms:
            floors.setdefault(_int(r.get("floor"), 1), []).append((_int(r.get("col"), 1), _room_label(r)))
        where = "; ".join(f"floor {f}: {', '.join(l for _, l in sorted(v))}" for f, v in sorted(floors.items(), reverse=True))
        in_beds = sum(len(_list(_dict(b).get("guests"))) for r in rooms for b in _list(r.get("beds")))
        ncards = sum(len(_list(r.get("cards"))) for r in rooms)
        lobby = len(_list(_dict(view.get("lobby")).get("guests")))
        parts.append(f"The Inn has {len(rooms)} rooms ({where}) with {in_beds} guest{'s' if in_beds != 1 else ''} in beds, "
                     f"{lobby} in the Lobby and {ncards} card{'s' if ncards != 1 else ''} in the rooms.")
    else:
        parts.append("The rooms are not chosen yet.")
    cur = view.get("current_player")
    if isinstance(cur, int) and cur >= 0:
        parts.append(f"{seats.n(cur)} to act.")
    known = [(_num(s.get("score")), seats.n(_int(s.get("seat"), i))) for i, s in enumerate(rows)]
    known = [(v, n) for v, n in known if v is not None]
    if known:
        best = max(v for v, _ in known)
        lead = [n for v, n in known if v == best]
        others = ", ".join(f"{n} {_signed(v)}" for v, n in sorted(known, key=lambda t: -t[0]) if n not in lead)
        verb = "leads" if len(lead) == 1 else "lead"
        who = lead[0] if len(lead) == 1 else ", ".join(lead[:-1]) + " and " + lead[-1]
        parts.append(f"Rest track: {who} {verb} with {_signed(best)}" + (f"; {others}." if others else "."))
    winners = view.get("winners")
    if isinstance(winners, list) and winners:
        parts.append(f"Winner{'s' if len(winners) > 1 else ''}: {', '.join(seats.n(w) for w in winners)}.")
    return " ".join(parts)


def render_svg(view: dict) -> str:
    """Draw the board of a Hostil Hostal view model as SVG text: a board of panels
    (``hotellab.core.board.board_svg``), each at most 360 px wide with no text under 12 px.

    :param view: a view-model dict as returned by ``state.view(perspective)`` (format in
        ``docs/dev/view_model.md``). Missing or malformed fields are drawn as unknown
        ("?") or left out; the function never raises for a dict input.
    :returns: one ``<svg>`` element (no XML prolog) whose panels the front end lays out
        side by side (a static picture lays them out in rows of 1100 px).
    :raises TypeError: when ``view`` is not a dict.

    All text from the view is XML-escaped; colours that are not ``#hex`` or a plain colour
    word are replaced by a default palette.
    """
    if not isinstance(view, dict):
        raise TypeError(f"render_svg takes a view-model dict, got {type(view).__name__}")
    seats = _Seats(_list(view.get("seats")))
    rooms = [r for r in _list(view.get("rooms")) if isinstance(r, dict)]
    rows = [s for s in _list(view.get("seats")) if isinstance(s, dict)]
    panels = [_inn_panel(view, rooms, seats)]
    bids: dict = {}
    for c in _list(_dict(view.get("automata_phase")).get("cards")):
        if isinstance(c, dict) and c.get("room") is not None:
            bids.setdefault(c.get("room"), []).append(c)
    # the rooms as the map reads: floor 2 left to right, then floor 1
    order = sorted(range(len(rooms)), key=lambda k: (-_int(rooms[k].get("floor"), 1), _int(rooms[k].get("col"), 1), k))
    seen: set = set()
    for k in order:
        r = rooms[k]
        label = _tid(_room_label(r))
        if label in seen:  # a malformed view naming a room twice: draw it once
            continue
        seen.add(label)
        panels.append(_room_panel(r, seats, bids.get(r.get("number"), [])))
    panels.append(_track_panel(view, rows, seats))
    # the players' areas: the viewer's own first (the hand they decide with), then seat order
    persp = view.get("perspective")
    idx = sorted(range(len(rows)), key=lambda i: (_int(rows[i].get("seat"), i) != persp, i))
    done: set = set()
    for i in idx:
        seat = _int(rows[i].get("seat"), i)
        if seat in done:
            continue
        done.add(seat)
        panels.append(_area_panel(view, rows[i], i, seats))
    return board_svg(panels, title=_title(view, seats), desc=_desc(view, rooms, rows, seats),
                     font="system-ui, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif")
