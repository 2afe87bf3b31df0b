"""SVG table of Boutique Hotel Manager, drawn from a view model (``state.view(perspective)``).

:func:`render_svg` is a pure function of the view-model dict described in
``docs/dev/view_model.md``: the same view always gives the same text. Every text taken from
the view is XML-escaped and colours are checked, so a view can never inject markup.

Layout, in viewBox units (the SVG scales to its container):

- the status line and the pending prompt on top;
- on the right, the table's centre: the current guest card (its rooms as boxes of nights, a
  door between rooms that must be adjacent, green or brown for breakfast), the check-in day,
  the walk-in's budget, the prices the hotels quoted, the walk-in ranking, the deck;
- one block per hotel: name, money, stars, staff dice; the price dice over the calendar (a
  "?" die is set in secret; the number under it says how many are set); the calendar grid,
  built rooms x days (Monday-Sunday, then 3 nights past Sunday beside the board), with the
  stay tokens (square: check-in day, circle: further night; green: room only, brown:
  breakfast) and the connection tokens (a bar joining two rooms of a stay); the rooms not yet
  built are listed under it, then the demand per day (rooms / check-ins / breakfasts);
- the money breakdown of each hotel, each line with its rule.

>>> import hotellab as hl
>>> state = hl.load_game("boutique_hotel", num_players=2).new_initial_state()
>>> svg = render_svg(state.view(0))
>>> svg.startswith("<svg") and svg.endswith("</svg>")
True
>>> "&lt;b&gt;" in render_svg({"status": "<b>", "seats": []})
True
"""

from __future__ import annotations

from .._svg import as_dict as _dict, as_list as _list, is_colour, num as _f, number as _num, text as _t

__all__ = ["render_svg"]

W = 960
M = 12
CELL = 22
LABEL_W = 62
GRID_X = M + LABEL_W
SIDE_X = 660
_GREEN = "#5b9e4d"
_BROWN = "#8b5a2b"
_MUTED = "#7a7165"
_EDGE = "#8b7355"
_PAPER = "#fbf7ef"
_PANEL = "#f3ead8"
_GREY = "#e4e0d8"
_NEG = "#b3261e"
_POS = "#1e7b34"
_DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


def _c(v, default=_EDGE) -> str:
    return v if is_colour(v) else default


def _rect(out, x, y, w, h, fill, stroke=_EDGE, rx=3, extra=""):
    out.append(f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" rx="{rx}" '
               f'fill="{_c(fill, "#ffffff")}" stroke="{_c(stroke)}"{extra}/>')


def _token(out, x, y, ch):
    """A stay token in the cell at (x, y): s/c green square/circle, S/C brown."""
    if ch not in "scSC" or not ch:
        return
    fill = _BROWN if ch.isupper() else _GREEN
    if ch in "sS":
        out.append(f'<rect x="{_f(x + 4)}" y="{_f(y + 4)}" width="{CELL - 8}" height="{CELL - 8}" fill="{fill}"/>')
    else:
        out.append(f'<circle cx="{_f(x + CELL / 2)}" cy="{_f(y + CELL / 2)}" r="{_f(CELL / 2 - 4)}" fill="{fill}"/>')


def _die(out, x, y, label, fill="#ffffff", size=CELL):
    _rect(out, x + 1, y + 1, size - 2, size - 2, fill, rx=4)
    _t(out, x + size / 2, y + size / 2 + 3, label, 8.5, anchor="middle", bold=True)


def _hotel(out, seat: dict, y: float, days_shown: int) -> float:
    """Draw one hotel from ``y``; return the y under it."""
    colour = _c(seat.get("color"))
    name = str(seat.get("name", "?"))
    stars = int(_num(seat.get("stars"), 0))
    lost = bool(seat.get("lost"))
    _rect(out, M, y, SIDE_X - 2 * M, 24, colour, stroke=colour, rx=4)
    head = f"{name} — money {_num(seat.get('money'), 0)} — " + "\u2605" * stars + "\u2606" * max(0, 5 - stars)
    if lost:
        head += " — lost (0 stars)"
    _t(out, M + 8, y + 17, head, 13, bold=True, fill="#ffffff")
    staff = _list(seat.get("staff"))
    words = ("clean", "check-in", "kitchen")
    sx = SIDE_X - M - 3 * 70
    for k in range(3):
        v = staff[k] if k < len(staff) else -1
        v = _num(v, -1)
        _rect(out, sx + k * 70, y + 3, 66, 18, "#ffffff", stroke="#ffffff", rx=3)
        _t(out, sx + k * 70 + 33, y + 16, f"{words[k]} {'-' if v < 0 else int(v)}", 10, anchor="middle", bold=True)
    y += 28
    # price dice
    _t(out, M, y + 15, "price", 11, fill=_MUTED)
    prices = _list(seat.get("prices"))
    secret = seat.get("secret")
    nset = int(_num(seat.get("secret_set"), 0))
    for d in range(7):
        v = _num(prices[d], 0) if d < len(prices) else 0
        _die(out, GRID_X + d * CELL, y, str(int(v) * 100) if v else "\u2013")
    bx = GRID_X + (days_shown + 1) * CELL
    bv = _num(prices[7], 0) if len(prices) > 7 else 0
    _die(out, bx, y, str(int(bv) * 100) if bv else "\u2013", fill="#f1e0c8")
    _t(out, bx + CELL + 4, y + 15, "breakfast", 10, fill=_MUTED)
    if nset:
        shown = " ".join(str(int(_num(v, 0))) for v in _list(secret)) if isinstance(secret, list) else "?" * nset
        _t(out, bx + CELL + 60, y + 15, f"secret dice set: {nset}/8 {shown}", 10, fill=_NEG)
    y += CELL + 4
    # calendar header
    for d in range(days_shown):
        label = _DAYS[d % 7] if d < 7 else f"+{d - 6}"
        _t(out, GRID_X + d * CELL + CELL / 2, y + 10, label, 9, anchor="middle", fill=_MUTED if d >= 7 else "#2d2a26")
    y += 13
    rooms = [r for r in _list(seat.get("rooms")) if isinstance(r, dict)]
    built = [r for r in rooms if r.get("built")]
    spare = [str(int(_num(r.get("number"), 0))) for r in rooms if not r.get("built")]
    row_y = {}
    h = len(built) * CELL
    if built:
        # the grid: one background per part (the week, beside the board) and one path of lines
        out.append(f'<rect x="{_f(GRID_X)}" y="{_f(y)}" width="{7 * CELL}" height="{h}" fill="#ffffff"/>')
        out.append(f'<rect x="{_f(GRID_X + 7 * CELL)}" y="{_f(y)}" width="{(days_shown - 7) * CELL}" height="{h}" fill="{_PAPER}"/>')
        lines = "".join(f"M{_f(GRID_X)} {_f(y + i * CELL)}h{days_shown * CELL}" for i in range(len(built) + 1))
        lines += "".join(f"M{_f(GRID_X + d * CELL)} {_f(y)}v{h}" for d in range(days_shown + 1))
        out.append(f'<path d="{lines}" stroke="#cfc6b5" fill="none"/>')
    for i, room in enumerate(built):
        ry = y + i * CELL
        number = int(_num(room.get("number"), i + 1))
        row_y[number] = ry
        _t(out, M, ry + 15, f"room {number}" + (" S" if room.get("start") else ""), 10)
        days = str(room.get("days", ""))
        for d in range(min(days_shown, len(days))):
            _token(out, GRID_X + d * CELL, ry, days[d])
    for conn in _list(seat.get("connections")):
        if not (isinstance(conn, list) and len(conn) == 3):
            continue
        a, b, d = (int(_num(v, 0)) for v in conn)
        if a in row_y and b in row_y and 1 <= d <= days_shown:
            x = GRID_X + (d - 1) * CELL + CELL / 2
            y1, y2 = sorted((row_y[a] + CELL / 2, row_y[b] + CELL / 2))
            out.append(f'<path d="M{_f(x)} {_f(y1)}V{_f(y2)}" stroke="#6fb7d9" stroke-opacity="0.7" stroke-width="5"/>')
    y += h + 3
    if spare:
        _t(out, M, y + 9, "not built: rooms " + ", ".join(spare) + " (1000 each in the expansion)", 8.5, fill=_MUTED)
        y += 11
    dem = _dict(seat.get("demand"))
    xs = " ".join(_f(GRID_X + d * CELL + CELL / 2) for d in range(7))
    for k, (key, word) in enumerate((("rooms", "rooms"), ("checkins", "check-ins"), ("breakfasts", "breakfasts"))):
        vals = _list(dem.get(key))
        _t(out, M, y + 10 + k * 11, word, 8.5, fill=_MUTED)
        digits = "".join(str(min(9, int(_num(v, 0)))) if _num(v, 0) else "\u00b7" for v in vals[:7])
        if len(digits) == 7:  # one character per day, each at its column (SVG per-glyph x)
            out.append(f'<text x="{xs}" y="{_f(y + 10 + k * 11)}" font-size="8.5" text-anchor="middle">{digits}</text>')
    rating = _dict(seat.get("rating"))
    if rating:
        lost_k = _list(rating.get("lost"))
        need = _list(rating.get("demand"))
        have = _list(rating.get("hired"))
        parts = [f"{w} {int(_num(need[k], 0))}/{int(_num(have[k], 0))}" for k, w in enumerate(words) if k < min(len(need), len(have))]
        ch = int(_num(rating.get("change"), 0))
        _t(out, GRID_X + days_shown * CELL + 10, y + 10, "last rating (needed/hired): " + ", ".join(parts), 9, fill=_MUTED)
        _t(out, GRID_X + days_shown * CELL + 10, y + 22, f"stars {'+' if ch >= 0 else ''}{ch}"
           + (f" (short: {sum(int(_num(v, 0)) for v in lost_k)})" if ch < 0 else ""), 9,
           fill=_NEG if ch < 0 else _POS)
    return y + 38


def _centre(out, view: dict, seats: list, y: float) -> float:
    x = SIDE_X
    w = W - SIDE_X - M
    at = len(out)
    yy = y + 18
    guest = _dict(view.get("guest"))
    _t(out, x + 10, yy, "Guest card" + (f" {guest.get('number')}" if guest else ": none on the table"), 12, bold=True)
    yy += 10
    if guest:
        nights = _list(guest.get("nights"))
        doors = _list(guest.get("doors"))
        bf = bool(guest.get("breakfast"))
        fill = _BROWN if bf else _GREEN
        for i, n in enumerate(nights):
            n = int(_num(n, 1))
            for j in range(n):
                cx = x + 14 + j * 20
                cy = yy + 4 + i * 22
                if j == 0:
                    _rect(out, cx, cy, 14, 14, fill, stroke=fill, rx=1)
                else:
                    out.append(f'<circle cx="{_f(cx + 7)}" cy="{_f(cy + 7)}" r="7" fill="{fill}"/>')
            if i < len(doors) and doors[i]:
                _t(out, x + 14 + 4 * 20 + 4, yy + 4 + i * 22 + 19, "\u2195 door", 9, fill=_MUTED)
        yy += 22 * max(1, len(nights)) + 8
        _t(out, x + 10, yy, str(guest.get("text", "")), 10)
        yy += 16
    day = _num(view.get("check_in_day"), 0)
    if day:
        _t(out, x + 10, yy, f"check-in: {_DAYS[int(day) - 1] if 1 <= day <= 7 else day}", 11)
        yy += 15
    budget = _num(view.get("budget"), 0)
    if budget:
        _t(out, x + 10, yy, f"walk-in budget: {int(budget) * 100} a night", 11)
        yy += 15
    names = {s.get("seat"): str(s.get("name", "?")) for s in seats}
    quotes = [q for q in _list(view.get("quotes")) if isinstance(q, dict)]
    if quotes:
        _t(out, x + 10, yy, "prices: " + ", ".join(f"{names.get(q.get('seat'), '?')} {q.get('price')}" for q in quotes), 10.5)
        yy += 15
    booked = _list(view.get("booked_by"))
    if booked:
        _t(out, x + 10, yy, "booked by: " + ", ".join(names.get(s, "?") for s in booked), 10.5, fill=_POS)
        yy += 15
    ranking = _list(view.get("ranking"))
    if ranking:
        _t(out, x + 10, yy, "walk-in ranking: " + " > ".join(names.get(s, "?") for s in ranking), 10.5)
        yy += 15
    bids = [s for s in seats if s.get("bid_placed")]
    if bids:
        _t(out, x + 10, yy, "sealed bids: " + ", ".join(
            f"{s.get('name')} {s.get('bid') if s.get('bid') is not None else '?'}" for s in bids), 10.5, fill=_NEG)
        yy += 15
    _t(out, x + 10, yy, f"guest deck: {_num(view.get('deck_left'), 0)} left; lost guests: {_num(view.get('lost_guests'), 0)}",
       10, fill=_MUTED)
    yy += 14
    _t(out, x + 10, yy, f"cards this week: {_num(view.get('cards_this_week'), 0)}; walk-ins a day: "
       f"{_num(view.get('walkins_per_day'), 0)}", 10, fill=_MUTED)
    tokens = _dict(view.get("tokens"))
    if tokens:
        stay, conn = _dict(tokens.get("stay")), _dict(tokens.get("connection"))
        if stay.get("left") is None:
            text = "tokens: unlimited supply (option)"
        else:
            text = (f"tokens left: {_num(stay.get('left'), 0)} of {_num(stay.get('supply'), 0)} stay, "
                    f"{_num(conn.get('left'), 0)} of {_num(conn.get('supply'), 0)} connection")
        yy += 14
        _t(out, x + 10, yy, text, 10, fill=_MUTED)
    yy += 20
    _t(out, x + 10, yy, "Money by source", 12, bold=True)
    yy += 14
    for s in seats:
        _t(out, x + 10, yy, str(s.get("name", "?")), 10.5, bold=True, fill=_c(s.get("color")))
        yy += 12
        for b in _list(s.get("breakdown")):
            if not isinstance(b, dict):
                continue
            pts = int(_num(b.get("points"), 0))
            _t(out, x + 16, yy, f"{b.get('category', '')}", 9.5)
            _t(out, x + w - 10, yy, f"{pts:+d}" if pts else "0", 9.5, anchor="end", bold=True,
               fill=_NEG if pts < 0 else _POS if pts > 0 else "#2d2a26")
            yy += 11
        yy += 3
    out.insert(at, f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(yy - y)}" rx="6" fill="{_PANEL}"/>')
    return yy


def render_svg(view: dict) -> str:
    """The SVG text of ``view`` (a Boutique Hotel Manager view model); never raises for
    missing keys."""
    view = _dict(view)
    seats = [s for s in _list(view.get("seats")) if isinstance(s, dict)]
    out: list[str] = []
    y = M
    _t(out, M, y + 14, str(view.get("status", "")), 15, bold=True)
    y += 20
    pending = _dict(view.get("pending"))
    persp = view.get("perspective")
    line = []
    if pending:
        line.append(str(pending.get("prompt", "")))
    line.append(f"phase: {view.get('phase', '')}")
    line.append("seen by " + (next((str(s.get("name")) for s in seats if s.get("seat") == persp), "?")
                              if isinstance(persp, int) else "everyone (omniscient)"))
    _t(out, M, y + 12, " \u2014 ".join(line), 11, fill=_MUTED)
    y += 22
    winners = view.get("winners")
    if isinstance(winners, list):
        names = [str(s.get("name")) for s in seats if s.get("seat") in winners]
        _t(out, M, y + 12, ("Winner: " + ", ".join(names)) if names else "Nobody wins", 13, bold=True, fill=_POS)
        y += 20
    top = y
    for s in seats:
        y = _hotel(out, s, y, 10)
    y = max(y, _centre(out, view, seats, top) + M)
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {_f(y)}" width="100%" '
            f'font-family="Helvetica, Arial, sans-serif" role="img" aria-label="Boutique Hotel Manager table">'
            f'<rect x="0" y="0" width="{W}" height="{_f(y)}" fill="#fffdf8"/>')
    return head + "".join(out) + "</svg>"
