"""The table of Boutique Hotel Manager as SVG, drawn from a view model (``state.view(perspective)``).

:func:`render_svg` is a pure function of the view-model dict described in
``docs/dev/view_model.md``: the same view always gives the same text. Every text taken from
the view is XML-escaped and colours are checked, so a view can never inject markup.

The board is made of panels (:class:`hotellab.core.board.Panel`, 1 unit = 1 CSS px, text 12 px
or more), one per component as it lies on the table ("Jak grać w Boutique Hotel Manager",
Komponenty and Instrukcje przygotowania):

- **the table** (the middle of the table): the week and its phases, the guest cards of the
  reservation phase or the walk-in days, the guest card turned up (its stay tokens, the door
  symbol, breakfast or not), the white check-in die (the walk-in's budget in that phase), the
  guest deck, the prices the hotels quoted, the walk-in ranking and the tokens left;
- **one hotel board per player** ("Plansze hoteli"), in seat order: the hotel's name, its money
  cards and sealed bid, its rating marker on the star track; the 8 price dice (7 days and
  breakfast; face-down while set in secret); the rooms 1-8 as rows over the week's squares
  (Monday-Sunday, then the nights past Sunday "po stronie mat hotelowych", FAQ) with the stay
  tokens (square: check-in day, circle: a further night; green: room only, brown: breakfast)
  and the connection tokens (a bar joining two rooms of a door stay); a room not yet built is
  greyed; under the grid the staff each day needs (Faza planowania: cleaning = booked rooms,
  check-in = squares, kitchen = brown tokens) beside the 3 staff dice hired; the last rating;
  the money by source.

Targets (``data-target``; the action kinds' ``target`` in ``moves.py`` give the same ids): ``die:<seat>:<die>``
(the price dice ``mon`` .. ``sun``, ``breakfast``), ``day:<seat>:<day>`` (a day's column of a
hotel board), ``room:<seat>:<number>`` (a room's row, 1-8), ``staff:<seat>:<kind>`` (the staff
dice ``cleaning``, ``checkin``, ``kitchen``), ``money:<seat>`` (the money cards, where a sealed
bid is placed), ``rating:<seat>`` (the rating marker), ``guest:card`` (the guest card turned up)
and ``checkin:die`` (the white die). A hidden die or bid is named by its slot and said to be
face down, never by its value.

>>> import hotellab as hl
>>> state = hl.load_game("boutique_hotel", num_players=2).new_initial_state()
>>> svg = render_svg(state.view(0))
>>> svg.startswith("<svg") and svg.endswith("</svg>")
True
>>> 'data-target="die:0:mon"' in svg and 'data-target="room:1:8"' in svg
True
>>> "&lt;b&gt;" in render_svg({"seats": [{"seat": 0, "name": "<b>"}]})
True
"""

from __future__ import annotations

from .._svg import (
    INK, Panel, as_dict as _dict, as_list as _list, board_svg, colour, num, number as _num, rect, target,
    text as _t,
)

__all__ = ["render_svg", "DICE", "STAFF"]

DICE = ("mon", "tue", "wed", "thu", "fri", "sat", "sun", "breakfast")
"""The price dice as the actions name them (components.DICE)."""
STAFF = ("cleaning", "checkin", "kitchen")
"""The staff dice as the actions name them (components.STAFF)."""
_STAFF_WORDS = ("cleaning", "check-in", "kitchen")
_DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MAX_STARS = 5
_ROOMS = 8

# colours: text is INK, or _MUTED (5.4:1 or more on every fill here), on light fills
_GREEN = "#4f8f42"   # a green stay token (room only)
_BROWN = "#8b5a2b"   # a brown stay token (with breakfast)
_MUTED = "#5f574d"
_EDGE = "#8b7355"
_PAPER = "#fbf7ef"
_BESIDE = "#efe8da"  # the squares beside the board (nights past Sunday)
_LINE = "#cfc6b5"
_UNBUILT = "#e6e1d8"
_NEG = "#a52a1f"     # 6.7:1 on the paper
_POS = "#1c6e2f"     # 5.9:1 on the paper, 5.1:1 on its tint
_LINK = "#4a9fd0"    # the transparent connection token
_STAR = "#c98a00"

# the hotel board: a label column, 7 day columns, 3 narrower columns past Sunday
HW = 324
X_L = 10
X0 = 62
CW = 27
EW = 22
RH = 24
TW = 320  # the table's panel: a 1000 px page holds the table and two hotel boards in a row


def _int(v, default=0) -> int:
    return int(_num(v, default))


def _tint(colour: str, keep: float = 0.18) -> str:
    """``colour`` mixed with white (``keep`` of the colour): a light fill for INK text."""
    c = colour.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    if len(c) < 6 or not all(ch in "0123456789abcdefABCDEF" for ch in c[:6]):
        return "#eeeeee"
    rgb = [int(c[i:i + 2], 16) for i in (0, 2, 4)]
    return "#" + "".join(f"{round(255 - (255 - v) * keep):02x}" for v in rgb)


def _col_x(c: int) -> float:
    """Left edge of calendar column ``c`` (0-6 the days, 7-9 the nights past Sunday)."""
    return X0 + c * CW if c < 7 else X0 + 7 * CW + (c - 7) * EW


def _col_w(c: int) -> int:
    return CW if c < 7 else EW


_PIPS = {1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
         4: ((-1, -1), (1, -1), (-1, 1), (1, 1)), 5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
         6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1))}


def _die(out, x, y, s, face, *, fill="#ffffff", stroke=INK, pip=INK, dashed=False):
    """A die of side ``s`` at (x, y): ``face`` 1-6 as pips, 0 an empty place (a dashed
    outline), None face down (dark, '?')."""
    if face is None:
        rect(out, x, y, s, s, "#4a4238", stroke="#4a4238", rx=s / 6)
        _t(out, x + s / 2, y + s / 2 + 5, "?", 14, anchor="middle", bold=True, fill="#ffffff")
        return
    rect(out, x, y, s, s, fill if face else "none", stroke=stroke if face else _EDGE, rx=s / 6,
         dash="3 2" if dashed or not face else None)
    if face in _PIPS:
        step, r = s * 0.27, max(1.6, s * 0.085)
        for dx, dy in _PIPS[face]:
            out.append(f'<circle cx="{num(x + s / 2 + dx * step)}" cy="{num(y + s / 2 + dy * step)}" r="{num(r)}" fill="{pip}"/>')


def _token(out, x, y, w, h, ch):
    """A stay token in the square at (x, y) w x h: s/c green square/circle, S/C brown."""
    if not ch or ch not in "scSC":
        return
    fill = _BROWN if ch.isupper() else _GREEN
    k = min(w, h) - 8
    if ch in "sS":
        rect(out, x + (w - k) / 2, y + (h - k) / 2, k, k, fill, rx=1.5)
    else:
        out.append(f'<circle cx="{num(x + w / 2)}" cy="{num(y + h / 2)}" r="{num(k / 2)}" fill="{fill}"/>')


def _star(out, cx, cy, r, filled):
    import math

    pts = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        pts.append(f"{num(cx + rr * math.cos(a))},{num(cy + rr * math.sin(a))}")
    fill = _STAR if filled else "none"
    out.append(f'<polygon points="{" ".join(pts)}" fill="{fill}" stroke="{_STAR if filled else _EDGE}" stroke-width="1.2"/>')


def _signed(v: int) -> str:
    return f"+{v}" if v > 0 else (f"\u2212{-v}" if v < 0 else "0")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# ---------------------------------------------------------------------------- a hotel board
def _die_face(seat: dict, i: int, preparing: bool):
    """(face, words, hidden) of seat's price die ``i``: face 1-6, 0 (not set) or None (face
    down, hidden from this view); words for its label; hidden True while set in secret."""
    prices = _list(seat.get("prices"))
    nset = _int(seat.get("secret_set"))
    secret = seat.get("secret")
    if preparing and i < nset:
        if isinstance(secret, list) and i < len(secret):
            v = _int(secret[i])
            return v, f"set in secret: {v * 100}", True
        return None, "set face down", True
    v = _int(prices[i]) if i < len(prices) else 0
    if 1 <= v <= 6:
        if preparing:
            return v, f"{v * 100} last week, not set yet", False
        return v, f"{v * 100}", False
    return 0, "not set yet", False


def _room_words(days: str, built: bool, start: bool, name: str, number: int) -> str:
    head = f"{name}'s room {number}" + (" (Start)" if start else "")
    if not built:
        return f"{head}: not built (1000 in the expansion)"
    parts, free = [], []
    for d in range(7):
        ch = days[d] if d < len(days) else "."
        if ch in "scSC":
            w = "check-in" if ch in "sS" else "night"
            parts.append(f"{_DAYS[d]} {w}" + (" with breakfast" if ch.isupper() else ""))
        else:
            free.append(_DAYS[d])
    past = sum(1 for ch in days[7:10] if ch in "scSC")
    if past:
        parts.append(f"{_plural(past, 'night')} past Sunday beside the board")
    if not parts:
        return f"{head}: free all week"
    return f"{head}: " + ", ".join(parts) + (f"; free {', '.join(free)}" if free else "; full all week")


def _hotel(view: dict, seat: dict, deciding: int | None) -> Panel:
    """A hotel board ("Plansze hoteli"), top to bottom: the head (name, money, rating), the
    price dice, the week's rooms, the staff, the last rating and the money by source."""
    s = _int(seat.get("seat"), -1)
    name = str(seat.get("name", "?"))
    edge = colour(seat.get("color"), _EDGE)
    out: list[str] = []
    _hotel_head(out, seat, s, name, edge, deciding == s)
    _price_dice(out, seat, s, name, view.get("node") == "set_price")
    need = _demand(seat)
    y = _week_grid(out, seat, s, name, need)
    y = _staff_rows(out, seat, s, name, need, y)
    y = _rating_and_sources(out, seat, y)
    height = y + 8
    frame = 3 if deciding == s else 1.5
    out.insert(0, f'<rect x="{num(frame / 2)}" y="{num(frame / 2)}" width="{num(HW - frame)}" '
                  f'height="{num(height - frame)}" rx="10" fill="{_PAPER}" stroke="{edge}" stroke-width="{frame}"/>')
    return Panel(f"{name}'s hotel board", HW, height, out)


def _hotel_head(out: list, seat: dict, s: int, name: str, edge: str, to_play: bool) -> None:
    """The hotel's name, its money cards (and a sealed bid: Faza rezerwacji, the marketing
    bid) and its rating marker on the star track."""
    rect(out, 1, 1, HW - 2, 56, _tint(edge), rx=9)
    out.append(f'<circle cx="{X_L + 7}" cy="20" r="7" fill="{edge}" stroke="{INK}" stroke-width="0.8"/>')
    _t(out, X_L + 20, 25, f"{name}'s hotel", 15, bold=True)
    hidden = seat.get("money") is None  # a lesson asks for it (the view's answer_hidden)
    money = "?" if hidden else _int(seat.get("money"))
    cards = [c for c in _list(seat.get("cards")) if _num(c) is not None]
    bid_placed = bool(seat.get("bid_placed"))
    bid = _num(seat.get("bid"))
    words = f"{name}'s money: {money} in money cards"
    if hidden:
        words = f"{name}'s money: shown once you have answered"
    elif cards:
        words += " (" + ", ".join(str(_int(c)) for c in cards) + ") and the blank card"
    else:
        words += " (the blank card only)"
    if bid_placed:
        words += f"; a marketing bid of {_int(bid)}" if bid is not None else "; a marketing bid face down"
    out.append(target(f"money:{s}", words))
    fan = min(len(cards), 6) + 1  # the blank card too
    fx = HW - 62 - 6 * fan - 12
    for k in range(fan):
        rect(out, fx + 6 * k, 10 + (k % 2), 14, 19, "#ffffff" if k < fan - 1 else "#f4efe4", stroke=_EDGE, rx=2)
    _t(out, HW - X_L, 25, str(money), 15, anchor="end", bold=True)
    if bid_placed:
        _t(out, HW - X_L, 47, f"bid {_int(bid)}" if bid is not None else "bid face down", 12, anchor="end",
           bold=True, fill=_NEG)
    out.append("</g>")
    stars = _int(seat.get("stars"))
    lost = bool(seat.get("lost"))
    rating = f"{name}'s rating: " + ("0 stars, out of the game" if lost else f"{_plural(stars, 'star')} of {_MAX_STARS}")
    out.append(target(f"rating:{s}", rating))
    _t(out, X_L, 47, "Rating", 12, fill=_MUTED)
    for k in range(_MAX_STARS):
        _star(out, 64 + k * 16, 42, 7, k < stars)
    if lost:
        _t(out, 146, 47, "lost", 12, bold=True, fill=_NEG)
    out.append("</g>")
    if to_play:
        rect(out, 150, 34, 56, 18, INK, rx=9)
        _t(out, 178, 47, "to play", 12, anchor="middle", bold=True, fill="#ffffff")


def _price_dice(out: list, seat: dict, s: int, name: str, preparing: bool) -> None:
    """The 8 price dice (Faza przygotowania: 7 days and breakfast), face down while set in
    secret."""
    y = 64
    _t(out, X_L, y + 12, "Price dice" + (" (secret)" if preparing else ""), 12, fill=_MUTED)
    bx = _col_x(7) + (3 * EW) / 2
    _t(out, bx, y + 12, "breakfast", 12, anchor="middle", fill=_MUTED)
    for i, die in enumerate(DICE):
        face, words, hidden = _die_face(seat, i, preparing)
        cx = _col_x(i) + CW / 2 if i < 7 else bx
        day = _DAY_NAMES[i] if i < 7 else "breakfast"
        out.append(target(f"die:{s}:{die}", f"{name}'s {day} price die: {words}"))
        stale = preparing and not hidden and bool(face)  # last week's die, not set again yet
        if stale:
            out.append('<g opacity="0.45">')
        _die(out, cx - 12, y + 17, 24, face, fill="#e8e0d0" if hidden else "#f4e6cf" if i == 7 else "#ffffff",
             dashed=hidden)
        if stale:
            out.append("</g>")
        price = "?" if face is None else (str(face * 100) if face else "\u2013")
        _t(out, cx, y + 56, price, 12, anchor="middle", fill=INK if face and not stale else _MUTED)
        out.append("</g>")


def _demand(seat: dict) -> list:
    """Per staff kind (cleaning, check-in, kitchen), the staff each day Monday-Sunday needs."""
    dem = _dict(seat.get("demand"))
    return [[_int(v) for v in _list(dem.get(k))[:7]] + [0] * (7 - len(_list(dem.get(k))[:7]))
            for k in ("rooms", "checkins", "breakfasts")]


def _week_grid(out: list, seat: dict, s: int, name: str, need: list) -> float:
    """The week: a column per day, a row per room, the stay tokens and the connection
    tokens; returns the y under it."""
    y = 128
    gy = y + 20  # the grid's top
    gh = _ROOMS * RH
    _t(out, X_L, y + 14, "Room", 12, fill=_MUTED)
    for d in range(7):
        x = _col_x(d)
        words = (f"{name}'s {_DAY_NAMES[d]}: {_plural(need[0][d], 'room')} booked, "
                 f"{_plural(need[1][d], 'check-in')}, {_plural(need[2][d], 'breakfast')}")
        out.append(target(f"day:{s}:{DICE[d]}", words))
        rect(out, x, y, CW, gh + 24, "none", rx=0)  # the column's extent (for the outline)
        _t(out, x + CW / 2, y + 14, _DAYS[d], 12, anchor="middle")
        out.append("</g>")
    for c in range(7, 10):
        _t(out, _col_x(c) + EW / 2, y + 14, f"+{c - 6}", 12, anchor="middle", fill=_MUTED)
    rect(out, X0, gy, 7 * CW, gh, "#ffffff", rx=0)
    rect(out, _col_x(7), gy, 3 * EW, gh, _BESIDE, rx=0)
    rooms = {(_int(r.get("number"))): r for r in _list(seat.get("rooms")) if isinstance(r, dict)}
    for n in range(1, _ROOMS + 1):
        _room_row(out, _dict(rooms.get(n)), s, name, n, gy + (n - 1) * RH)
    built_rows = {n for n in range(1, _ROOMS + 1) if _dict(rooms.get(n)).get("built")}
    _connections(out, seat, built_rows, gy)
    lines = "".join(f"M{num(X0)} {num(gy + i * RH)}h{7 * CW + 3 * EW}" for i in range(_ROOMS + 1))
    lines += "".join(f"M{num(_col_x(c))} {num(gy)}v{gh}" for c in range(10)) + f"M{num(_col_x(9) + EW)} {num(gy)}v{gh}"
    out.append(f'<path d="{lines}" stroke="{_LINE}" fill="none"/>')
    out.append(f'<path d="M{num(X_L - 4)} {num(gy + 4 * RH)}H{num(_col_x(9) + EW)}" stroke="{_EDGE}" stroke-width="1.5"/>')
    return gy + gh + 8


def _room_row(out: list, room: dict, s: int, name: str, n: int, ry: float) -> None:
    """Room ``n``'s row: its number (and "Start"), its stay tokens, or greyed when not built."""
    built = bool(room.get("built"))
    start = bool(room.get("start"))
    days = str(room.get("days", ""))
    out.append(target(f"room:{s}:{n}", _room_words(days, built, start, name, n)))
    rect(out, X_L - 4, ry + 1, X0 - X_L + 2, RH - 2, "#ffffff" if built else _UNBUILT, stroke=_LINE if built else None,
         rx=4)
    _t(out, X_L + 2, ry + 17, str(n), 13, bold=True, fill=INK if built else _MUTED)
    if start:
        _t(out, X_L + 14, ry + 16, "Start", 12, fill=_MUTED)
    if built:
        for d in range(min(10, len(days))):
            _token(out, _col_x(d), ry, _col_w(d), RH, days[d])
    else:
        rect(out, X0, ry, 7 * CW + 3 * EW, RH, _UNBUILT, rx=0)
        _t(out, X0 + 7 * CW / 2, ry + 16, "not built \u00b7 1000", 12, anchor="middle", fill=_MUTED)
    out.append("</g>")


def _connections(out: list, seat: dict, built_rows: set, gy: float) -> None:
    """The connection tokens: a bar over the squares of the rooms a door stay joins, drawn
    over built rooms only (rooms 3 and 7 touch on the board, not in this grid: no bar over
    4-6)."""
    for conn in _list(seat.get("connections")):
        if not (isinstance(conn, list) and len(conn) == 3):
            continue
        a, b, d = (_int(v) for v in conn)
        if not (1 <= a <= _ROOMS and 1 <= b <= _ROOMS and 1 <= d <= 10):
            continue
        x = _col_x(d - 1) + _col_w(d - 1) / 2
        lo, hi = sorted((a, b))
        y1, y2 = gy + (lo - 1) * RH + RH / 2, gy + (hi - 1) * RH + RH / 2
        for r in range(lo, hi + 1):
            if r in built_rows:
                t0, t1 = max(y1, gy + (r - 1) * RH), min(y2, gy + r * RH)
                if t1 > t0:
                    out.append(f'<path d="M{num(x)} {num(t0)}V{num(t1)}" stroke="{_LINK}" stroke-opacity="0.8" stroke-width="6"/>')


def _staff_rows(out: list, seat: dict, s: int, name: str, need: list, y: float) -> float:
    """Staff (Faza planowania): what each day needs, beside the staff dice hired; returns
    the y under it."""
    _t(out, X_L, y + 13, "Staff needed each day", 12, fill=_MUTED)
    _t(out, _col_x(7) + 3 * EW / 2, y + 13, "hired", 12, anchor="middle", fill=_MUTED)
    staff = _list(seat.get("staff"))
    y += 18
    for k in range(3):
        hired = _int(staff[k], -1) if k < len(staff) else -1
        _staff_row(out, s, name, k, need[k], hired, y + k * 26)
    return y + 3 * 26 + 6


def _staff_row(out: list, s: int, name: str, k: int, need: list, hired: int, ry: float) -> None:
    """One staff kind's row: the need of each day (the busiest marked), the die hired and
    how many short."""
    top = max(need)
    words = f"{name}'s {_STAFF_WORDS[k]} staff die: "
    words += "not hired yet" if hired < 0 else ("no die, 0 workers" if hired == 0 else _plural(hired, "worker"))
    words += f"; the busiest day needs {top}"
    if 0 <= hired < top:
        words += f", {top - hired} short"
    out.append(target(f"staff:{s}:{STAFF[k]}", words))  # the row: the die's place and the need it meets
    _t(out, X_L, ry + 17, _STAFF_WORDS[k], 12)
    for d in range(7):
        v = need[d]
        cx = _col_x(d) + CW / 2
        if v and v == top:
            rect(out, cx - 10, ry + 3, 20, 19, _tint(_STAR, 0.3), rx=4)
        _t(out, cx, ry + 17, str(v) if v else "\u00b7", 12, anchor="middle", bold=bool(v) and v == top,
           fill=INK if v else _MUTED)
    sx = _col_x(7) + 2
    if hired == 0:  # no die placed: 0 workers
        rect(out, sx, ry + 2, 22, 22, "#ffffff", stroke=_EDGE, rx=3.7)
        _t(out, sx + 11, ry + 17, "0", 12, anchor="middle", fill=_MUTED)
    else:
        _die(out, sx, ry + 2, 22, min(hired, 6) if hired > 0 else 0, fill="#ffffff")
    if 0 <= hired < top:
        _t(out, HW - 6, ry + 17, f"\u2212{top - hired}", 12, anchor="end", bold=True, fill=_NEG)
    elif hired >= 0 and top:
        _t(out, HW - 6, ry + 17, "ok", 12, anchor="end", fill=_POS)
    out.append("</g>")


def _rating_and_sources(out: list, seat: dict, y: float) -> float:
    """The last rating (Faza oceny) and the money by source; returns the y under them."""
    rating = _dict(seat.get("rating"))
    if rating:
        ch = _int(rating.get("change"))
        lost_k = _list(rating.get("lost"))
        short = [f"{_STAFF_WORDS[k]} {_int(lost_k[k])}" for k in range(min(3, len(lost_k))) if _int(lost_k[k])]
        line = f"Last rating: {_signed(ch)} star{'' if abs(ch) == 1 else 's'}"
        _t(out, X_L, y + 13, line + ("" if short else " (no shortfall)"), 12, bold=True, fill=_NEG if ch < 0 else _POS)
        y += 20
        if short:
            _t(out, X_L, y + 11, "short: " + ", ".join(short), 12, fill=_NEG)
            y += 18
    items = [b for b in _list(seat.get("breakdown")) if isinstance(b, dict)]
    if items:
        _t(out, X_L, y + 13, "Money by source", 12, fill=_MUTED)
        y += 18
        half = HW / 2
        for i, b in enumerate(items[:8]):
            col, row = i % 2, i // 2
            x = X_L + col * half
            by = y + row * 17 + 13
            pts = _int(b.get("points"))
            cat = str(b.get("category", ""))
            _t(out, x, by, cat.replace(" revenue", "").replace("Starting money", "Start").replace("Staff wages", "Wages"), 12)
            _t(out, x + half - 2 * X_L, by, _signed(pts) if i else str(pts), 12, anchor="end", bold=True,
               fill=_NEG if pts < 0 else (_POS if pts > 0 and i else INK))
        y += ((min(len(items), 8) + 1) // 2) * 17
    return y


# ---------------------------------------------------------------------------- the table
_PHASES = ("Prices", "Reservations", "Planning", "Walk-ins", "Rating", "Expansion")
_PHASE_WORDS = ("the week's preparation (prices set in secret)", "the reservation phase", "the planning phase",
                "the walk-in phase", "the rating phase", "the expansion phase")


def _phase_index(view: dict) -> int:
    node, day = view.get("node"), _int(view.get("day"))
    if node == "set_price":
        return 0
    if node == "hire_staff":
        return 2
    if node == "expand":
        return 5
    if node == "end":
        return -1
    if day or node in ("ranking_bid", "ranking_roll", "budget_roll"):
        return 3
    return 1


def _guest_card(out, view: dict, x, y) -> float:
    """The guest card turned up (or its empty place); returns its height."""
    guest = _dict(view.get("guest"))
    w = 118
    if not guest:
        h = 96
        out.append(target("guest:card", "Guest card: none turned up"))
        rect(out, x, y, w, h, "none", stroke=_EDGE, rx=8, dash="5 4")
        _t(out, x + w / 2, y + h / 2 - 2, "no guest", 12, anchor="middle", fill=_MUTED)
        _t(out, x + w / 2, y + h / 2 + 14, "card", 12, anchor="middle", fill=_MUTED)
        out.append("</g>")
        return h
    nights = [max(1, min(4, _int(n, 1))) for n in _list(guest.get("nights"))][:3] or [1]
    doors = _list(guest.get("doors"))
    bf = bool(guest.get("breakfast"))
    h = 30 + 28 * len(nights) + 26
    words = f"Guest card {guest.get('number', '?')}: {guest.get('text', '')}"
    out.append(target("guest:card", words))
    rect(out, x, y, w, h, "#fffaf0", stroke=_BROWN if bf else _GREEN, sw=2, rx=8)
    _t(out, x + 10, y + 20, f"Guest {guest.get('number', '?')}", 13, bold=True)
    fill = _BROWN if bf else _GREEN
    for i, n in enumerate(nights):
        ty = y + 30 + i * 28
        for j in range(n):
            tx = x + 12 + j * 24
            if j == 0:
                rect(out, tx, ty, 18, 18, fill, rx=1.5)
            else:
                out.append(f'<circle cx="{num(tx + 9)}" cy="{num(ty + 9)}" r="9" fill="{fill}"/>')
        if i < len(doors) and doors[i] and i + 1 < len(nights):  # a door symbol: the rooms touch
            dx, dy = x + 12, ty + 18
            out.append(f'<path d="M{num(dx + 9)} {num(dy)}V{num(dy + 10)}" stroke="{_LINK}" stroke-width="6" stroke-opacity="0.75"/>')
            rect(out, x + w - 22, ty + 16, 10, 14, "#ffffff", stroke=INK, rx=1)
            out.append(f'<circle cx="{num(x + w - 14.5)}" cy="{num(ty + 23)}" r="1.2" fill="{INK}"/>')
    _t(out, x + 10, y + h - 10, "breakfast" if bf else "room only", 12, bold=bf, fill=INK)
    out.append("</g>")
    return h


def _table(view: dict, seats: list, names: dict) -> Panel:
    """The middle of the table, top to bottom: the week and its phases, the phase's cards or
    days, the guest card with the white die and the deck, the prices quoted, the walk-in
    ranking and the tokens left."""
    out: list[str] = []
    x = 10
    cur = _phase_index(view)
    y = _table_head(out, view, names, cur)
    y = _phase_progress(out, view, cur, y)
    y = _card_die_and_deck(out, view, y)
    colours = {s.get("seat"): colour(s.get("color"), _EDGE) for s in seats}
    y = _quotes(out, view, names, colours, y)
    y = _ranking(out, view, seats, names, colours, y)
    y = _tokens(out, view, x, y)
    height = y + 6
    out.insert(0, f'<rect x="0.75" y="0.75" width="{TW - 1.5}" height="{num(height - 1.5)}" rx="10" fill="#f3ead8" '
                  f'stroke="{_EDGE}" stroke-width="1.5"/>')
    return Panel("The table: phases, guest card, check-in die, deck", TW, height, out)


def _table_head(out: list, view: dict, names: dict, cur: int) -> float:
    """The week, the winners at the end, the week's phases (W pigułce) with the current one
    dark; returns the y under them."""
    x = 10
    week = _int(view.get("week"), 1)
    weeks = _int(view.get("weeks"), 2)
    _t(out, x, 24, "The table", 15, bold=True)
    _t(out, TW - 10, 24, f"Week {week} of {weeks}", 13, anchor="end", bold=True)
    y = 34
    winners = view.get("winners")
    if isinstance(winners, list) and view.get("answer_hidden") and not winners:
        rect(out, x, y, TW - 20, 26, _tint(_POS, 0.15), stroke=_POS, rx=6)  # a lesson asks who wins
        _t(out, TW / 2, y + 18, "Game over", 13, anchor="middle", bold=True, fill=_POS)
        y += 34
    elif isinstance(winners, list):
        won = [names.get(w, "?") for w in winners]
        rect(out, x, y, TW - 20, 26, _tint(_POS, 0.15), stroke=_POS, rx=6)
        _t(out, TW / 2, y + 18, ("Game over: " + " and ".join(won) + (" win" if len(won) > 1 else " wins"))
           if won else "Game over: nobody wins", 13, anchor="middle", bold=True, fill=_POS)
        y += 34
    cw = (TW - 20 - 12) / 3
    for i, ph in enumerate(_PHASES):
        cx, cy = x + (i % 3) * (cw + 6), y + (i // 3) * 26
        on = i == cur
        rect(out, cx, cy, cw, 22, INK if on else "#ffffff", stroke=INK if on else _LINE, rx=11)
        _t(out, cx + cw / 2, cy + 15.5, ph, 12, anchor="middle", bold=on, fill="#ffffff" if on else _MUTED)
    return y + 2 * 26 + 8


def _phase_progress(out: list, view: dict, cur: int, y: float) -> float:
    """The guest cards of the reservation phase (played, now, to come), or the 7 walk-in
    days; returns the y under them."""
    x = 10
    if cur == 1:
        total, played = _int(view.get("cards_this_week")), _int(view.get("card_turn"))
        _t(out, x, y + 12, f"Guest cards this week: {min(played + 1, total) if total else 0} of {total}", 12, fill=_MUTED)
        y += 18
        sw = min(20.0, (TW - 20) / max(1, total))
        for k in range(total):
            fill = "#c9b896" if k < played else (INK if k == played else "#ffffff")  # played, now, to come
            rect(out, x + k * sw, y, sw - 4, 14, fill, stroke=_EDGE, rx=2)
        y += 22
    elif cur == 3:
        day = _int(view.get("day"))
        _t(out, x, y + 12, f"Walk-in days: {_plural(_int(view.get('walkins_per_day')), 'guest')} a day", 12, fill=_MUTED)
        y += 18
        dw = (TW - 20) / 7
        for d in range(7):
            on = d + 1 == day
            past = d + 1 < day
            rect(out, x + d * dw, y, dw - 4, 20, INK if on else ("#e9e2d4" if past else "#ffffff"), stroke=_LINE, rx=4)
            _t(out, x + d * dw + (dw - 4) / 2, y + 14.5, _DAYS[d], 12, anchor="middle", bold=on,
               fill="#ffffff" if on else _MUTED if past else INK)
        y += 28
    return y


def _card_die_and_deck(out: list, view: dict, y: float) -> float:
    """The guest card, the white die (the check-in day, or a walk-in's budget), the guest
    deck and the guests lost; returns the y under them."""
    x = 10
    top = y
    ch = _guest_card(out, view, x, y)
    dx = x + 132
    budget = _int(view.get("budget"))
    ci = _int(view.get("check_in_day"))
    if budget:
        face, head, val = budget, "Budget die", f"{budget * 100} a night"
        words = f"White die: the walk-in's budget, {budget * 100} a night"
    elif 1 <= ci <= 7:
        face, head, val = ci if ci <= 6 else 0, "Check-in die", _DAY_NAMES[ci - 1]
        words = f"Check-in die: {_DAY_NAMES[ci - 1]}"
    else:
        face, head, val = 0, "Check-in die", "not rolled"
        words = "Check-in die: not rolled"
    out.append(target("checkin:die", words))
    _die(out, dx, y, 38, face, fill="#ffffff")
    _t(out, dx + 48, y + 14, head, 12, fill=_MUTED)
    _t(out, dx + 48, y + 32, val, 13, bold=bool(face))
    out.append("</g>")
    y += 50
    for k in range(3):
        rect(out, dx + 2 * k, y + 2 * k, 26, 34, "#6b4e2e", stroke="#ffffff", rx=3)
    _t(out, dx + 48, y + 14, "Guest deck", 12, fill=_MUTED)
    _t(out, dx + 48, y + 32, f"{_int(view.get('deck_left'))} left", 13, bold=True)
    y += 46
    _t(out, dx, y + 12, f"Lost guests: {_int(view.get('lost_guests'))}", 12)
    return max(top + ch, y + 18) + 12


def _quotes(out: list, view: dict, names: dict, colours: dict, y: float) -> float:
    """The prices quoted for the stay (the lowest bold) and who booked it."""
    x = 10
    quotes = [q for q in _list(view.get("quotes")) if isinstance(q, dict)]
    if not quotes:
        return y
    booked = set(b for b in _list(view.get("booked_by")) if isinstance(b, int))
    _t(out, x, y + 12, "Prices for this stay", 12, bold=True)
    y += 18
    low = min(_int(q.get("price")) for q in quotes)
    for q in quotes:
        sq = q.get("seat")
        out.append(f'<circle cx="{x + 6}" cy="{num(y + 8)}" r="5" fill="{colours.get(sq, _EDGE)}"/>')
        _t(out, x + 18, y + 13, names.get(sq, "?"), 12)
        p = _int(q.get("price"))
        _t(out, x + 120, y + 13, str(p), 12, anchor="end", bold=p == low)
        if sq in booked:
            _t(out, x + 132, y + 13, "booked", 12, bold=True, fill=_POS)
        y += 18
    return y + 6


def _ranking(out: list, view: dict, seats: list, names: dict, colours: dict, y: float) -> float:
    """The walk-in ranking, in order (with a tie's die rolls)."""
    x = 10
    ranking = [r for r in _list(view.get("ranking")) if isinstance(r, int)]
    if not ranking:
        return y
    _t(out, x, y + 12, "Walk-ins go to, in order", 12, bold=True)
    y += 18
    rolls = {s.get("seat"): _num(s.get("roll")) for s in seats}
    for i, r in enumerate(ranking):
        out.append(f'<circle cx="{x + 6}" cy="{num(y + 8)}" r="5" fill="{colours.get(r, _EDGE)}"/>')
        roll = rolls.get(r)
        _t(out, x + 18, y + 13, f"{i + 1}. {names.get(r, '?')}" + (f" (rolled {_int(roll)})" if roll else ""), 12)
        y += 18
    return y + 6


def _tokens(out: list, view: dict, x: float, y: float) -> float:
    """The stay and connection tokens left in the supply (Komponenty; BH-32 to BH-34)."""
    tokens = _dict(view.get("tokens"))
    if not tokens:
        return y
    stay, conn = _dict(tokens.get("stay")), _dict(tokens.get("connection"))
    if stay.get("left") is None:
        _t(out, x, y + 12, "Tokens: unlimited supply", 12, fill=_MUTED)
        return y + 18
    _t(out, x, y + 12, f"Stay tokens left: {_int(stay.get('left'))} of {_int(stay.get('supply'))}", 12, fill=_MUTED)
    _t(out, x, y + 30, f"Connection tokens left: {_int(conn.get('left'))} of {_int(conn.get('supply'))}",
       12, fill=_MUTED)
    return y + 36


# ---------------------------------------------------------------------------- the board
def _deciding(view: dict) -> int | None:
    pending = _dict(view.get("pending"))
    p = pending.get("player")
    if isinstance(p, int) and p >= 0:
        return p
    cp = view.get("current_player")
    return cp if isinstance(cp, int) and not isinstance(cp, bool) and cp >= 0 else None


def _describe(view: dict, seats: list, names: dict, deciding) -> str:
    week = _int(view.get("week"), 1)
    cur = _phase_index(view)
    phase = "the game is over" if cur < 0 else _PHASE_WORDS[cur]
    first = f"Week {week} of {_int(view.get('weeks'), 2)}, {phase}"
    if deciding is not None and cur >= 0:
        first += f"; {names.get(deciding, '?')} to play"
    guest = _dict(view.get("guest"))
    if guest:
        first += f"; guest card {guest.get('number', '?')} is turned up ({guest.get('text', '')})"
    hotels = "; ".join(
        f"{s.get('name', '?')} " + ("" if s.get("money") is None else f"{_int(s.get('money'))} money, ")
        + f"{_plural(_int(s.get('stars')), 'star')}, "
        f"{_plural(sum(1 for r in _list(s.get('rooms')) if isinstance(r, dict) and r.get('built')), 'room')}, "
        f"{_plural(_int(s.get('stays')), 'stay')}" + (" (lost)" if s.get("lost") else "")
        for s in seats)
    out = first + ". " + (hotels + ". " if hotels else "")
    active = [s for s in seats if not s.get("lost") and s.get("money") is not None]  # None: a lesson hides it
    if active:
        top = max(_int(s.get("money")) for s in active)
        lead = [str(s.get("name", "?")) for s in active if _int(s.get("money")) == top]
        out += (" and ".join(lead) + (" lead" if len(lead) > 1 else " leads") + f" with {top} money.")
    return out


def render_svg(view: dict) -> str:
    """The SVG text of ``view`` (a Boutique Hotel Manager view model): the table, then each
    hotel board in seat order; never raises for missing keys."""
    view = _dict(view)
    seats = [s for s in _list(view.get("seats")) if isinstance(s, dict)]
    names = {s.get("seat"): str(s.get("name", "?")) for s in seats}
    deciding = _deciding(view)
    # The order a person reads the table: the middle of the table first (the guest card and
    # the die every hotel prices against, the phase the week is in), then the hotel boards in
    # seat order, so that a board keeps its place from move to move (the deciding hotel is
    # framed and marked "to play" instead of moved first).
    panels = [_table(view, seats, names)] + [_hotel(view, s, deciding) for s in seats]
    week = _int(view.get("week"), 1)
    title = f"{view.get('title') or 'Boutique Hotel Manager'}, week {week}: the board"
    return board_svg(panels, title=title, desc=_describe(view, seats, names, deciding))
