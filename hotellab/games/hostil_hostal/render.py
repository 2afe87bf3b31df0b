"""SVG board of Hostil Hostal, drawn from a view model (``state.view(perspective)``).

:func:`render_svg` is a pure function of the view-model dict described in
``docs/dev/view_model.md``: the same view always gives the same text, and nothing else
(no state, no clock, no randomness) is read. Every text taken from the view (player names,
card names, status and prompts) is XML-escaped, and colours are checked against a strict
pattern, so a view can never inject markup.

Layout, in viewBox units (the SVG scales to its container):

- the status line (and the pending prompt, if any) on top;
- the Inn: floor 2 above floor 1, one column per ``col``; the Lobby is column 0 of floor 1
  and the rest-track panel (seats, scores, first player) fills the free column 0 of floor 2;
- each room: label, room total (rest each unsedated guest gets at dawn), wear die (top
  right), beds by ``(row, col)`` with their big numbers, guests on them (hollow with a "z"
  when sedated), rug and reform, and the face-down cards played there ("?" when hidden);
- the Lobby: night track with the marker, round, misfortune die once rolled, its guests;
- a rest track (score line with one marker per seat);
- each seat's hand: the cards when the view shows them, else card backs (``hand_size``),
  and the public discard pile.

>>> import hotellab as hl
>>> state = hl.load_game("hostil_hostal", num_players=3).new_initial_state()
>>> svg = render_svg(state.view(0))
>>> svg.startswith("<svg") and svg.endswith("</svg>")
True
>>> "&lt;b&gt;" in render_svg({"status": "<b>", "seats": [], "rooms": []})
True
"""

from __future__ import annotations

import json
from collections import OrderedDict

from .._svg import INK as _INK, as_dict as _dict, as_list as _list, esc as _e, is_colour, num as _f, number as _num, text as _text

__all__ = ["render_svg"]

# -- geometry (viewBox units) -------------------------------------------------------------
M = 12  # outer margin
RW, RH = 252, 214  # a room tile (and the Lobby / seat panel)
GAP = 12  # between tiles
HEAD = 34  # status line band (a second line, prompt and perspective, adds 20)
TRACK_H = 58  # rest-track strip
HAND_H = 56  # one row of hands
CARD_W, CARD_H = 70, 44  # a card in a hand
NAME_W = 124  # name column of a hand
BED_AREA_Y, BED_AREA_H = 40, 108  # inside a room
RUG_Y = 154
ROOM_CARD_Y = 182
RC_W, RC_H = 17, 25  # a card lying in a room

# -- colours ------------------------------------------------------------------------------
_TILE = "#f6eedf"
_TILE_EDGE = "#8b7355"
_LOBBY = "#ece6f4"
_MUTED = "#7a7165"
_NEG = "#b3261e"
_POS = "#1e7b34"
_WEAR_DIE = "#c0392b"
_MISFORTUNE_DIE = "#f2c94c"
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
    """Like :func:`_signed` but with a "+" for positive values."""
    v2 = _num(v)
    return ("+" + _signed(v2)) if v2 is not None and v2 > 0 else _signed(v2)


def _tone(v) -> str:
    v = _num(v, 0)
    return _NEG if v < 0 else (_POS if v > 0 else _MUTED)


class _Seats:
    """Seat colours and names, looked up defensively (unknown seat -> grey, "seat N")."""

    def __init__(self, seats: list):
        self.colour: dict[int, str] = {}
        self.name: dict[int, str] = {}
        for i, s in enumerate(seats):
            s = _dict(s)
            seat = _int(s.get("seat"), i)
            c = s.get("color")
            if not (is_colour(c)):
                c = s.get("colour")
                if not (is_colour(c)):
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
        out.append(
            f'<g>{title}<rect x="{_f(x)}" y="{_f(y)}" width="{_f(size)}" height="{_f(size)}" rx="5" '
            f'fill="#fff" stroke="{fill}" stroke-dasharray="3 2"/>'
        )
        _text(out, x + size / 2, y + size * 0.7, "?", size * 0.55, fill=fill, anchor="middle", bold=True)
        out.append("</g>")
        return
    out.append(
        f'<g>{title}<rect x="{_f(x)}" y="{_f(y)}" width="{_f(size)}" height="{_f(size)}" rx="5" '
        f'fill="{fill}" stroke="#0006"/>'
    )
    pips = _PIPS.get(v) if v == int(v) else None
    if pips:
        r = size * 0.09
        out.append(f'<g fill="{pip}">')
        for px, py in pips:
            out.append(f'<circle cx="{_f(x + px * size)}" cy="{_f(y + py * size)}" r="{_f(r)}"/>')
        out.append("</g>")
    else:
        _text(out, x + size / 2, y + size * 0.68, _signed(v), size * 0.5, fill=pip, anchor="middle", bold=True)
    out.append("</g>")


def _guest(out, cx, cy, r, colour, sedated, name):
    if sedated:
        out.append(
            f'<g><title>{_e(name)} (sedated)</title><circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r - 1)}" '
            f'fill="#fff" stroke="{colour}" stroke-width="2.5"/>'
        )
        _text(out, cx, cy + r * 0.4, "z", r * 1.15, fill=colour, anchor="middle", bold=True, italic=True)
        out.append("</g>")
    else:
        out.append(
            f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" fill="{colour}" stroke="#0008" '
            f'stroke-width="1.2"><title>{_e(name)}</title></circle>'
        )


def _small_card(out, x, y, colour, number, face_up, title, *, w=RC_W, h=RC_H, dashed=False):
    """A card lying in a room: card back in the seat colour with its number ("?" if hidden);
    face-up cards are white with a coloured edge."""
    dash = ' stroke-dasharray="3 2"' if dashed else ""
    if face_up:
        out.append(
            f'<g><title>{_e(title)}</title><rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" '
            f'rx="3" fill="#fff" stroke="{colour}" stroke-width="2"{dash}/>'
        )
        ink = colour
    else:
        out.append(
            f'<g><title>{_e(title)}</title><rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" '
            f'rx="3" fill="{colour}" stroke="#0007"{dash}/>'
        )
        ink = "#fff"
    label = "?" if _num(number) is None else _signed(number)
    _text(out, x + w / 2, y + h / 2 + 4, label, 11 if len(label) < 3 else 9, fill=ink, anchor="middle", bold=True)
    out.append("</g>")


# -- parts of the board ---------------------------------------------------------------------
def _room(out, room: dict, x: float, y: float, seats: _Seats, automata_cards: list):
    label = room.get("label")
    if label is None:
        label = f"{room.get('number', '?')}{room.get('side', '')}"
    out.append(f'<g transform="translate({_f(x)},{_f(y)})">')
    out.append(f'<rect width="{RW}" height="{RH}" rx="10" fill="{_TILE}" stroke="{_TILE_EDGE}" stroke-width="2"/>')
    _text(out, 12, 26, label, 20, bold=True)
    # room total: what each unsedated guest rests here at dawn
    total = _num(room.get("total"))
    if total is not None:
        out.append("<g><title>room total: uncovered bed numbers + rug; each unsedated guest rests this much at dawn</title>")
        _text(out, 64, 25, "total", 11, fill=_MUTED)
        _text(out, 95, 26, _signed(total), 19, fill=_tone(total), bold=True)
        out.append("</g>")
    _text(out, RW - 44, 25, "wear", 11, fill=_MUTED, anchor="end")
    _die(out, RW - 38, 7, 28, room.get("wear"), _WEAR_DIE, "#fff", f"Room {label} wear")

    # beds, laid out by (row, col)
    beds = [b for b in _list(room.get("beds")) if isinstance(b, dict)]
    rows = max((_int(b.get("row")) for b in beds), default=0) + 1
    cols = max((_int(b.get("col")) for b in beds), default=0) + 1
    rows, cols = max(rows, 1), max(cols, 1)
    cw = min((RW - 20) / cols, 78)
    ch = min(BED_AREA_H / rows, 56)
    gx = (RW - cw * cols) / 2
    gy = BED_AREA_Y + (BED_AREA_H - ch * rows) / 2
    for b in beds:
        bx = gx + _int(b.get("col")) * cw + 3
        by = gy + _int(b.get("row")) * ch + 3
        bw, bh = cw - 6, ch - 6
        guests = [g for g in _list(b.get("guests")) if isinstance(g, dict)]
        value = b.get("value")
        out.append(
            f'<rect x="{_f(bx)}" y="{_f(by)}" width="{_f(bw)}" height="{_f(bh)}" rx="5" fill="#fffdf8" stroke="#b9a583"/>'
            f'<rect x="{_f(bx + bw * 0.32)}" y="{_f(by + 3)}" width="{_f(bw * 0.36)}" height="{_f(min(7, bh * 0.15))}" rx="3" fill="#e4d8c2"/>'
        )
        if not guests:
            size = min(bh * 0.55, bw * 0.5, 26)
            _text(out, bx + bw / 2, by + bh / 2 + size * 0.42, _signed(value), size, fill=_tone(value) if _num(value, 0) < 0 else _INK, anchor="middle", bold=True)
        else:
            _text(out, bx + 4, by + 11, _signed(value), 10, fill=_MUTED, bold=True)
            n = len(guests)
            r = max(3.0, min(11.0, (bw - 8) / (2.2 * n), bh * 0.32))
            step = 2.2 * r
            cx0 = bx + bw / 2 - step * (n - 1) / 2
            cy = by + bh / 2 + 4
            for i, g in enumerate(guests):
                seat = g.get("seat")
                _guest(out, cx0 + i * step, cy, r, seats.c(seat), bool(g.get("sedated")), seats.n(seat))

    # rug and reform
    rug = room.get("rug")
    out.append(f'<rect x="12" y="{RUG_Y}" width="74" height="22" rx="4" fill="#c9a46a" stroke="#8b6a3a"/>'
               f'<path d="M12 {RUG_Y + 4}h-4M12 {RUG_Y + 11}h-4M12 {RUG_Y + 18}h-4M86 {RUG_Y + 4}h4M86 {RUG_Y + 11}h4M86 {RUG_Y + 18}h4" stroke="#8b6a3a" fill="none"/>')
    _text(out, 49, RUG_Y + 16, f"rug {_signed(rug)}", 12, anchor="middle", bold=True)
    reform = room.get("reform")
    if isinstance(reform, dict):
        rid = reform.get("id", "?")
        side = reform.get("side", "")
        out.append(f'<rect x="96" y="{RUG_Y}" width="{RW - 108}" height="22" rx="4" fill="#fff" stroke="#6a8caf"/>')
        base = room.get("base_rug")
        txt = f"reform {rid}{side} · rug {_signed(reform.get('rug', rug))}"
        if _num(base) is not None:
            txt += f" (was {_signed(base)})"
        _text(out, 102, RUG_Y + 15, txt, 11, fill="#34597e", extra=_fit(txt, 6.3, RW - 120))

    # cards lying in the room (and the automata bids of the 2-player variant)
    cards = [c for c in _list(room.get("cards")) if isinstance(c, dict)]
    allc = [(c, False) for c in cards] + [(c, True) for c in automata_cards]
    if allc:
        stepx = min(RC_W + 4, (RW - 24) / len(allc))
        for i, (c, bid) in enumerate(allc):
            seat = c.get("seat")
            num = c.get("number")
            name = c.get("name")
            who = seats.n(seat)
            if bid:
                title = f"{who}: automata bid {'?' if _num(num) is None else _signed(num)}"
            elif _num(num) is None:
                title = f"{who}: face-down card"
            else:
                title = f"{who}: {name or 'card'} ({_signed(num)}){'' if c.get('face_up') else ', face down'}"
            _small_card(out, 12 + i * stepx, ROOM_CARD_Y, seats.c(seat), num, bool(c.get("face_up")), title, dashed=bid)
    else:
        _text(out, 12, ROOM_CARD_Y + 17, "no cards", 11, fill="#b3a994", italic=True)
    out.append("</g>")


_ROOM_CACHE: OrderedDict = OrderedDict()
_ROOM_CACHE_MAX = 512


def _room_svg(room: dict, x: float, y: float, seats: _Seats, bids: list) -> str:
    """:func:`_room` as text, memoised on the room's content: between two states of a game
    most rooms do not change, and a replay renders every state for every perspective."""
    try:
        key = (json.dumps(room, sort_keys=True), json.dumps(bids, sort_keys=True), x, y, seats.key)
    except (TypeError, ValueError):  # not JSON-able: draw without the cache
        key = None
    if key is not None:
        hit = _ROOM_CACHE.get(key)
        if hit is not None:
            _ROOM_CACHE.move_to_end(key)
            return hit
    out: list[str] = []
    _room(out, room, x, y, seats, bids)
    text = "".join(out)
    if key is not None:
        _ROOM_CACHE[key] = text
        if len(_ROOM_CACHE) > _ROOM_CACHE_MAX:
            _ROOM_CACHE.popitem(last=False)
    return text


def _lobby(out, view: dict, x: float, y: float, seats: _Seats):
    out.append(f'<g transform="translate({_f(x)},{_f(y)})">')
    out.append(f'<rect width="{RW}" height="{RH}" rx="10" fill="{_LOBBY}" stroke="#7c6f97" stroke-width="2"/>')
    _text(out, 12, 26, "Lobby", 20, bold=True)
    mis = view.get("misfortune")
    if _num(mis) is not None:
        _text(out, RW - 44, 25, "misfortune", 11, fill=_MUTED, anchor="end")
        _die(out, RW - 38, 7, 28, mis, _MISFORTUNE_DIE, _INK, "Misfortune die")
    # night track
    nights = max(1, min(_int(view.get("nights"), 3), 12))
    night = _num(view.get("night"))
    _text(out, 12, 56, "night", 11, fill=_MUTED)
    step = min(32, (RW - 60) / nights)
    for i in range(1, nights + 1):
        cx = 60 + (i - 1) * step + 11
        cur = night is not None and i == night
        done = night is not None and i < night
        fill = "#4b3f72" if cur else ("#c9bfe0" if done else "#fff")
        out.append(f'<circle cx="{_f(cx)}" cy="51" r="11" fill="{fill}" stroke="#4b3f72"/>')
        _text(out, cx, 55.5, str(i), 12, fill="#fff" if cur else "#4b3f72", anchor="middle", bold=cur)
    rnd = _num(view.get("round"))
    phase = view.get("phase")
    bits = []
    if phase:
        bits.append(f"{phase} phase")
    if rnd is not None:
        bits.append(f"round {_signed(rnd)}")
    if bits:
        _text(out, 12, 82, " · ".join(bits), 12, fill="#4b3f72")
    # guests waiting in the lobby
    guests = _list(_dict(view.get("lobby")).get("guests"))
    _text(out, 12, 104, "no rest in the Lobby" if not guests else f"{len(guests)} guest{'s' if len(guests) != 1 else ''} (no rest)", 11, fill=_MUTED, italic=True)
    per_row = 9
    r = 10 if len(guests) <= 3 * per_row else 6
    sp = 2 * r + 5
    per_row = int((RW - 24) // sp)
    for i, g in enumerate(guests):
        seat = g.get("seat") if isinstance(g, dict) else g
        sed = bool(g.get("sedated")) if isinstance(g, dict) else False
        cx = 12 + r + (i % per_row) * sp
        cy = 122 + r + (i // per_row) * sp
        if cy > RH - 30:
            break
        _guest(out, cx, cy, r, seats.c(seat), sed, seats.n(seat))
    rd = _num(view.get("reform_deck_size"))
    if rd is not None:
        _text(out, 12, RH - 10, f"reform deck: {_signed(rd)}", 11, fill=_MUTED)
    out.append("</g>")


def _seat_panel(out, view: dict, x: float, y: float, seats: _Seats):
    """The rest-track panel: one row per seat with name, score and markers."""
    rows = [s for s in _list(view.get("seats")) if isinstance(s, dict)]
    out.append(f'<g transform="translate({_f(x)},{_f(y)})">')
    out.append(f'<rect width="{RW}" height="{RH}" rx="10" fill="#fbf8f2" stroke="#c8bba4" stroke-width="1.5"/>')
    _text(out, 12, 24, "Rest points", 15, bold=True)
    cur = view.get("current_player")
    first = view.get("first_player")
    winners = view.get("winners")
    if not rows:
        out.append("</g>")
        return
    rh = min(34, (RH - 36) / len(rows))
    for i, s in enumerate(rows):
        seat = _int(s.get("seat"), i)
        ry = 34 + i * rh
        col = seats.c(seat)
        if cur == seat:
            out.append(f'<rect x="5" y="{_f(ry)}" width="{RW - 10}" height="{_f(rh - 2)}" rx="6" fill="{col}" fill-opacity=".16" stroke="{col}"/>')
        mid = ry + rh / 2
        out.append(f'<circle cx="20" cy="{_f(mid - 1)}" r="8" fill="{col}" stroke="#0008"/>')
        name = seats.n(seat)
        if len(name) > 18:
            name = name[:17] + "…"
        if s.get("automata") and "automata" not in name.lower():
            name += " (automata)"
        big = rh >= 26
        _text(out, 34, mid - (3 if big else -4), name, 13 if big else 11, bold=cur == seat)
        if big:
            info = []
            for key, lab in (("hand_size", "hand"), ("deck_size", "deck"), ("guests_in_supply", "supply"), ("guests_in_lobby", "lobby")):
                v = _num(s.get(key))
                if v is not None:
                    info.append(f"{lab} {_signed(v)}")
            _text(out, 34, mid + 10, " · ".join(info), 9.5, fill=_MUTED)
        if s.get("passed") and not isinstance(winners, list):  # on the name line, left of the score
            _text(out, RW - 50, mid - 3, "passed", 9.5, anchor="end", fill=_MUTED, italic=True)
        if first == seat:  # the first-player token, after the name
            fx = min(34 + len(name) * (8.2 if big else 7) + 12, RW - 70)
            fy = mid - (8 if big else 0)
            out.append(f'<g><title>first player</title><circle cx="{_f(fx)}" cy="{_f(fy)}" r="7.5" fill="{_MISFORTUNE_DIE}" stroke="#8a6d00"/>')
            _text(out, fx, fy + 4, "1", 11, anchor="middle", bold=True)
            out.append("</g>")
        _text(out, RW - 14, mid + 6, _signed(s.get("score")), 18, anchor="end", bold=True)
        if isinstance(winners, list) and seat in winners:
            out.append(f'<text x="{RW - 48}" y="{_f(mid + 5)}" font-size="16" text-anchor="end" fill="#c99a06"><title>winner</title>\u2605</text>')
    out.append("</g>")


def _track(out, view: dict, x: float, y: float, width: float, seats: _Seats):
    """A score line with one marker per seat (equal scores stack)."""
    rows = [s for s in _list(view.get("seats")) if isinstance(s, dict)]
    scores = [(_int(s.get("seat"), i), _num(s.get("score"))) for i, s in enumerate(rows)]
    scores = [(seat, v) for seat, v in scores if v is not None]
    lo = min([0] + [int(v // 5 * 5) for _, v in scores])
    hi = max([40] + [int(-(-v // 5) * 5) for _, v in scores])
    x0, x1 = x + 92, x + width - 12
    ly = y + 36

    def px(v):
        return x0 + (v - lo) / (hi - lo) * (x1 - x0)

    _text(out, x, ly + 4, "Rest track", 13, bold=True)
    out.append(f'<path d="M{_f(x0)} {_f(ly)}H{_f(x1)}" stroke="{_TILE_EDGE}" stroke-width="2"/>')
    tick = 5 if hi - lo <= 80 else 10
    path = []
    for t in range(lo, hi + 1):
        if t % tick == 0:
            path.append(f"M{_f(px(t))} {_f(ly - 4)}v8")
            _text(out, px(t), ly + 18, _signed(t), 10, fill=_MUTED, anchor="middle")
    out.append(f'<path d="{"".join(path)}" stroke="{_TILE_EDGE}"/>')
    same: dict = {}
    for seat, v in scores:
        same.setdefault(v, []).append(seat)
    for v, group in same.items():  # equal scores sit side by side, centred on the score
        for k, seat in enumerate(group):
            cx = px(v) + (k - (len(group) - 1) / 2) * 11
            out.append(f'<circle cx="{_f(cx)}" cy="{_f(ly - 11)}" r="6" fill="{seats.c(seat)}" stroke="#000a"><title>{_e(seats.n(seat))}: {_e(_signed(v))}</title></circle>')


def _hands(out, view: dict, x: float, y: float, width: float, seats: _Seats) -> float:
    """One block per seat: its hand (cards, or backs when hidden) and its discard pile.
    Returns the height used."""
    rows = [s for s in _list(view.get("seats")) if isinstance(s, dict)]
    cx, cy = x, y
    for i, s in enumerate(rows):
        seat = _int(s.get("seat"), i)
        col = seats.c(seat)
        hand = s.get("hand")
        cards = [c for c in hand if isinstance(c, dict)] if isinstance(hand, list) else None
        n_backs = max(0, min(_int(s.get("hand_size")), 12)) if cards is None else 0
        discard = [d for d in _list(s.get("discard")) if _num(d) is not None]
        ncard = len(cards) if cards is not None else n_backs
        block = NAME_W + (ncard * (CARD_W + 4) if cards is not None else ncard * 16 + 14) + (min(len(discard), 12) * 19 + 60 if discard else 0)
        if cx > x and cx + block > x + width:
            cx, cy = x, cy + HAND_H
        name = seats.n(seat)
        if len(name) > 13:
            name = name[:12] + "…"
        out.append(f'<circle cx="{_f(cx + 7)}" cy="{_f(cy + 18)}" r="6" fill="{col}" stroke="#0008"/>')
        _text(out, cx + 17, cy + 22, name, 12, bold=True)
        _text(out, cx + 17, cy + 36, "hand" if cards is not None else (f"hand: {n_backs} hidden" if n_backs else "no cards in hand"), 10, fill=_MUTED)
        hx = cx + NAME_W
        if cards is not None:
            for c in cards:
                num, nm = c.get("number"), c.get("name")
                out.append(f'<rect x="{_f(hx)}" y="{_f(cy + 4)}" width="{CARD_W}" height="{CARD_H}" rx="4" fill="#fff" stroke="{col}" stroke-width="2"/>')
                _text(out, hx + 5, cy + 20, "?" if _num(num) is None else _signed(num), 14, fill=col, bold=True)
                words = str(nm) if nm is not None else ""
                if len(words) > 18:
                    words = words[:17] + "…"
                fit = f' textLength="{CARD_W - 8}" lengthAdjust="spacingAndGlyphs"' if len(words) > 12 else ""
                _text(out, hx + CARD_W / 2, cy + 39, words, 9.5, anchor="middle", extra=fit)
                hx += CARD_W + 4
        else:
            for _ in range(n_backs):
                out.append(f'<rect x="{_f(hx)}" y="{_f(cy + 6)}" width="26" height="38" rx="3" fill="{col}" stroke="#fff" stroke-width="1.5"/>')
                hx += 16
            if n_backs:
                hx += 14
        if discard:
            hx += 10
            _text(out, hx, cy + 20, "discard", 10, fill=_MUTED)
            hx += 46
            for d in discard[:12]:
                out.append(f'<rect x="{_f(hx)}" y="{_f(cy + 8)}" width="17" height="22" rx="2" fill="#f1ece3" stroke="#b5a88f"/>')
                _text(out, hx + 8.5, cy + 23, _signed(d), 10, fill=_MUTED, anchor="middle")
                hx += 19
        cx += block + 8
    return (cy - y + HAND_H) if rows else 0


def render_svg(view: dict) -> str:
    """Draw the board of a Hostil Hostal view model as SVG text.

    :param view: a view-model dict as returned by ``state.view(perspective)`` (format in
        ``docs/dev/view_model.md``). Missing or malformed fields are drawn as unknown
        ("?") or left out; the function never raises for a dict input.
    :returns: one ``<svg>`` element (no XML prolog), sized by its ``viewBox`` (about 1060 x
        800 units for 5 rooms, 800 wide for 3 rooms) with ``width="100%"``, so it scales to
        its container. Typical size: 10-20 kB, compressing about 8x with gzip.
    :raises TypeError: when ``view`` is not a dict.

    All text from the view is XML-escaped; colours that are not ``#hex`` or a plain colour
    word are replaced by a default palette.
    """
    if not isinstance(view, dict):
        raise TypeError(f"render_svg takes a view-model dict, got {type(view).__name__}")
    seats = _Seats(_list(view.get("seats")))
    rooms = [r for r in _list(view.get("rooms")) if isinstance(r, dict)]
    ncols = max([2] + [_int(r.get("col"), 1) + 1 for r in rooms])
    width = 2 * M + ncols * RW + (ncols - 1) * GAP

    out: list[str] = []
    # status line; below it the pending prompt (left) and whose view this is (right)
    status = view.get("status")
    status = "" if status is None else str(status)
    avail = width - 2 * M
    _text(out, M, 24, status, 17, bold=True, extra=_fit(status, 10.4, avail))
    persp = view.get("perspective")
    persp_txt = "omniscient view" if persp is None else f"as seen by {seats.n(persp)}"
    if len(persp_txt) > 40:
        persp_txt = persp_txt[:39] + "…"
    _text(out, width - M, 46, persp_txt, 12, fill=_MUTED, anchor="end")
    pending = view.get("pending")
    if isinstance(pending, dict) and pending.get("prompt"):
        who = seats.n(pending.get("player")) if isinstance(pending.get("player"), int) else ""
        prompt = f"{who}: {pending.get('prompt')}" if who else str(pending.get("prompt"))
        _text(out, M, 46, prompt, 13, fill="#6b3fa0", italic=True, extra=_fit(prompt, 7.4, avail - 7 * len(persp_txt) - 24))
    head = HEAD + 20

    # the Inn: floor 2 on top, floor 1 below
    def pos(floor, col):
        fy = head if floor >= 2 else head + RH + GAP
        return M + col * (RW + GAP), fy

    _seat_panel(out, view, *pos(2, 0), seats)
    _lobby(out, view, *pos(1, 0), seats)
    bids: dict = {}
    ap = view.get("automata_phase")
    for c in _list(_dict(ap).get("cards")):
        if isinstance(c, dict):
            bids.setdefault(c.get("room"), []).append(c)
    for r in rooms:
        floor = _int(r.get("floor"), 1)
        col = _int(r.get("col"), 1)
        out.append(_room_svg(r, *pos(floor, col), seats, bids.get(r.get("number"), [])))

    y = head + 2 * RH + GAP + 10
    _track(out, view, M, y, width - 2 * M, seats)
    y += TRACK_H
    y += _hands(out, view, M, y, width - 2 * M, seats)
    height = y + M
    label = _e(status) if status is not None else "Hostil Hostal board"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_f(width)} {_f(height)}" width="100%" '
        f'role="img" aria-label="{label}" font-family="system-ui,\'Segoe UI\',Roboto,\'DejaVu Sans\',sans-serif" '
        f'fill="{_INK}">' + "".join(out) + "</svg>"
    )
