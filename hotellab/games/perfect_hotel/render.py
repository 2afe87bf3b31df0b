"""SVG table of Perfect Hotel, drawn from a view model (``state.view(perspective)``).

:func:`render_svg` is a pure function of the view-model dict described in
``docs/dev/view_model.md``: the same view always gives the same text. Every text taken from
the view (player names, kind names, status, prompts, score lines) is XML-escaped and colours
are checked against a strict pattern, so a view can never inject markup.

Layout, in viewBox units (the SVG scales to its container):

- the status line (and the pending prompt) on top;
- the House Deck (its count, and the Tourist mark when its top card shows one), the three
  Award Cards with the seats that would get them now, the game of the match;
- the six Tag Rows under their Build Tags (name, points, cards of the kind; "High-Season"
  when the tag is upside-down): a face-up card shows its kind and star, a face-down card its
  back, edged in the colour of the seat that placed it ("?" where the star is hidden; "T" on
  a Tourist Group back);
- one column per seat: name, score, the hotel as a stack of floors from the ground up (width
  by cards; kind, size, Tourists, stars; "Annex" on an Annex floor), and the hand (faces when
  the view shows them: the kind's full name on a card in the kind's colour, or a short name
  such as "Rest" when a long hand needs narrower cards, and the star on a second line; else
  backs, with the Tourist mark on as many as it holds);
- the score panel: each seat's lines (per kind, Tourist penalty, Star Bonus, awards) with a
  number that points to the rule in the legend below it (a rule citing a reconstructed value,
  a kind's points, says so).

>>> import hotellab as hl
>>> state = hl.load_game("perfect_hotel", num_players=3).new_initial_state()
>>> svg = render_svg(state.view(0))
>>> svg.startswith("<svg") and svg.endswith("</svg>")
True
>>> "&lt;b&gt;" in render_svg({"status": "<b>", "seats": [], "rows": []})
True
"""

from __future__ import annotations

from .._svg import INK as _INK, as_dict as _dict, as_list as _list, esc as _e, is_colour, num as _f, number as _num

__all__ = ["render_svg"]

W = 1110
M = 14
HEAD = 34
TOP_H = 92  # deck and awards band
TAG_H = 44
COL_W = (W - 2 * M) / 6
RC_W, RC_H, RC_STEP = 118, 22, 25  # a card in a Tag Row
FLOOR_H = 30
CARD_UNIT = 19  # floor width per card
HAND_W, HAND_H = 34, 46  # a card back in a hidden hand
FACE_W, FACE_GAP = 66, 4  # widest card face in a shown hand (the full kind name fits)
# names for narrow hand cards: kinds with a name of 4 letters or fewer keep it
_SHORT = {"bedroom": "Bed", "restaurant": "Rest", "lounge": "Lnge", "garden": "Gdn"}

_MUTED = "#7a7165"
_PAPER = "#fbf7ef"
_PANEL = "#f3ead8"
_EDGE = "#8b7355"
_BACK = "#5b4a3a"
_NEG = "#b3261e"
_POS = "#1e7b34"
_FALLBACK = ("#2b6cd4", "#d43b2b", "#2f9e44", "#d9a400")


def _signed(v) -> str:
    v = _num(v)
    if v is None:
        return "?"
    v = int(v) if float(v).is_integer() else round(v, 1)
    return f"\u2212{-v}" if v < 0 else (f"+{v}" if v > 0 else "0")


def _colour(c, default=_EDGE) -> str:
    return c if is_colour(c) else default


def _text(out, x, y, s, size=12, *, anchor="start", bold=False, fill=_INK, italic=False):
    weight = ' font-weight="bold"' if bold else ""
    style = ' font-style="italic"' if italic else ""
    out.append(f'<text x="{_f(x)}" y="{_f(y)}" font-size="{_f(size)}" text-anchor="{anchor}" '
               f'fill="{_colour(fill, _INK)}"{weight}{style}>{_e(s)}</text>')


def _rect(out, x, y, w, h, fill, *, stroke=_EDGE, sw=1, rx=3, dash=None, opacity=None):
    extra = f' stroke-dasharray="{dash}"' if dash else ""
    extra += f' fill-opacity="{opacity}"' if opacity is not None else ""
    out.append(f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" rx="{rx}" '
               f'fill="{_colour(fill, "#ffffff")}" stroke="{_colour(stroke)}" stroke-width="{_f(sw)}"{extra}/>')


def _seat_colour(seats, i) -> str:
    if 0 <= i < len(seats) and isinstance(seats[i], dict):
        return _colour(seats[i].get("color"), _FALLBACK[i % 4])
    return _FALLBACK[i % 4]


def _seat_name(seats, i) -> str:
    if isinstance(i, int) and 0 <= i < len(seats) and isinstance(seats[i], dict):
        return str(seats[i].get("name", f"Seat {i}"))
    return f"Seat {i}"


def _back(out, x, y, w, h, tourist, edge=_EDGE):
    """A card back; a Tourist Group card's back carries the mark (a "T" badge)."""
    _rect(out, x, y, w, h, _BACK, stroke=edge, sw=2 if edge != _EDGE else 1)
    if tourist:
        cx, cy = x + w / 2, y + h / 2
        out.append(f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(min(w, h) / 3)}" fill="#f2c94c"/>')
        _text(out, cx, cy + 4, "T", 11, anchor="middle", bold=True)


def _face(out, x, y, w, h, card, kind_colour):
    """A card face: its kind's colour and name (or Tourist Group), its star."""
    if card.get("tourist"):
        _rect(out, x, y, w, h, "#fff3c4", stroke="#b8860b")
        _text(out, x + w / 2, y + h / 2 + 4, "Tourist", 10, anchor="middle", bold=True, fill="#8a6d00")
        return
    _rect(out, x, y, w, h, kind_colour, stroke=_EDGE)
    label = str(card.get("name") or "")
    _text(out, x + w / 2, y + h / 2 + 4, label, 10, anchor="middle", bold=True, fill="#ffffff")


def _hand_face(out, x, y, w, h, card, kinds, kind_colour):
    """A card face in a shown hand, ``w`` wide: the kind's full name when it fits (about 6
    units a letter at this size), else its short name (Rest, Lnge...); the star on a second line."""
    kind = card.get("kind")
    if card.get("tourist"):
        label, fill, colour, stroke = ("Tourist" if w >= 50 else "T"), "#8a6d00", "#fff3c4", "#b8860b"
    else:
        name = str(_dict(kinds.get(kind)).get("name") or card.get("name") or "").replace("\u2605", "").strip()
        label = name
        if 6 * len(name) + 5 > w:
            label = _SHORT.get(kind, name[:4]) if w >= 28 else name[:2]
        fill, colour, stroke = "#ffffff", kind_colour, _EDGE
    _rect(out, x, y, w, h, colour, stroke=stroke)
    star = bool(card.get("star"))
    _text(out, x + w / 2, y + (h / 2 - 2 if star else h / 2 + 4), label, 10.5, anchor="middle", bold=True, fill=fill)
    if star:
        _text(out, x + w / 2, y + h / 2 + 13, "\u2605", 12, anchor="middle", fill="#fff6c8")


def _legend(line: dict) -> str:
    """A score line's legend entry: its rule section, marked when the value it cites is
    reconstructed (not printed in the rulebook: a kind's points, ruling PH-02)."""
    rule = str(line.get("rule", ""))
    return rule + (" \u2014 points reconstructed (not printed in the rulebook)" if line.get("reconstructed") is True else "")


def render_svg(view: dict) -> str:
    """The SVG text of ``view`` (a Perfect Hotel view model); never raises for missing keys."""
    view = _dict(view)
    seats = [s for s in _list(view.get("seats")) if isinstance(s, dict)]
    rows = [r for r in _list(view.get("rows")) if isinstance(r, dict)]
    kinds = {k.get("id"): k for k in _list(view.get("kinds")) if isinstance(k, dict)}
    kcol = {kid: _colour(k.get("colour")) for kid, k in kinds.items()}
    out: list[str] = []
    y = M
    # -- status --------------------------------------------------------------------------
    _text(out, M, y + 16, view.get("status", ""), 17, bold=True)
    y += 24
    pending = _dict(view.get("pending"))
    persp = view.get("perspective")
    line = []
    if pending:
        line.append(f"{_seat_name(seats, pending.get('player'))}: {pending.get('prompt', '')}")
    line.append("seen by " + (_seat_name(seats, persp) if isinstance(persp, int) else "everyone (omniscient)"))
    _text(out, M, y + 12, " \u2014 ".join(line), 12, fill=_MUTED)
    y += HEAD - 14
    # -- deck, awards, match ---------------------------------------------------------------
    deck = _dict(view.get("deck"))
    top = y + 6
    size = _num(deck.get("size"), 0)
    if size:
        for i in range(min(3, int(size))):
            _back(out, M + 6 - 2 * i, top + 6 - 2 * i, 52, 72, False)
        _back(out, M, top, 52, 72, bool(deck.get("top_tourist")))
    else:
        _rect(out, M, top, 52, 72, _PAPER, dash="4 3")
    _text(out, M + 62, top + 24, "House Deck", 13, bold=True)
    _text(out, M + 62, top + 42, f"{_f(size)} cards", 13)
    if deck.get("top_tourist"):
        _text(out, M + 62, top + 58, "top card: Tourist mark", 11, fill=_MUTED)
    ax = M + 210
    for aw in _list(view.get("awards")):
        if not isinstance(aw, dict):
            continue
        _rect(out, ax, top, 190, 72, "#fffaf0", stroke="#b8860b", sw=1.5)
        _text(out, ax + 8, top + 18, aw.get("name", ""), 13, bold=True)
        _text(out, ax + 8, top + 34, aw.get("text", ""), 11, fill=_MUTED)
        holders = [h for h in _list(aw.get("holders")) if isinstance(h, int)]
        tied = [h for h in _list(aw.get("tied")) if isinstance(h, int)]
        if holders:
            who = ", ".join(_seat_name(seats, h) for h in holders)
            _text(out, ax + 8, top + 54, f"now: {who} ({_signed(aw.get('points'))})", 11)
            for j, h in enumerate(holders[:4]):
                out.append(f'<circle cx="{_f(ax + 176 - 14 * j)}" cy="{_f(top + 14)}" r="5" fill="{_seat_colour(seats, h)}"/>')
        elif tied:
            _text(out, ax + 8, top + 54, f"now: nobody ({len(tied)}-way tie)", 11)
            for j, h in enumerate(tied[:4]):
                out.append(f'<circle cx="{_f(ax + 176 - 14 * j)}" cy="{_f(top + 14)}" r="5" fill="none" '
                           f'stroke="{_seat_colour(seats, h)}" stroke-width="2"/>')
        else:
            _text(out, ax + 8, top + 54, "now: nobody", 11, fill=_MUTED)
        ax += 200
    games = _num(view.get("games"), 1)
    if games and games > 1:
        _text(out, W - M, top + 18, f"Game {_f(_num(view.get('game_no'), 1))} of {_f(games)}", 13, anchor="end", bold=True)
        track = _list(view.get("point_track"))
        for gi, res in enumerate(track[:5]):
            pts = " / ".join(_f(_num(v, 0)) for v in _list(res))
            _text(out, W - M, top + 34 + 13 * gi, f"game {gi + 1}: {pts}", 11, anchor="end", fill=_MUTED)
    y = top + TOP_H - 6
    # -- Tag Rows ----------------------------------------------------------------------------
    longest = max([len(_list(r.get("cards"))) for r in rows] + [2])
    rows_h = TAG_H + 8 + longest * RC_STEP + 6
    for i, r in enumerate(rows):
        x = M + i * COL_W
        colour = _colour(r.get("colour"))
        _rect(out, x + 4, y, COL_W - 8, rows_h, _PANEL, stroke=_PANEL)
        high = bool(r.get("high_season"))
        _rect(out, x + 4, y, COL_W - 8, TAG_H, colour, stroke=_INK if high else colour, sw=2 if high else 1)
        name = str(r.get("name", ""))
        _text(out, x + 12, y + 18, name, 14, bold=True, fill="#ffffff")
        _text(out, x + 12, y + 35, f"{_f(_num(r.get('points'), 0))} pts \u00b7 {_f(_num(r.get('count'), 0))} cards", 11, fill="#ffffff")
        if high:
            _text(out, x + COL_W - 12, y + 18, "\u21c5 High-Season", 10, anchor="end", bold=True, fill="#ffffff")
        leaders = [h for h in _list(r.get("leaders")) if isinstance(h, int)]
        for j, h in enumerate(leaders[:4]):
            out.append(f'<circle cx="{_f(x + COL_W - 18 - 12 * j)}" cy="{_f(y + 33)}" r="4.5" '
                       f'fill="{_seat_colour(seats, h)}" stroke="#ffffff"/>')
        cy = y + TAG_H + 8
        for c in _list(r.get("cards")):
            if not isinstance(c, dict):
                continue
            edge = _seat_colour(seats, c.get("seat")) if isinstance(c.get("seat"), int) else _EDGE
            cx = x + (COL_W - RC_W) / 2
            if c.get("face_up"):
                _face(out, cx, cy, RC_W, RC_H, c, colour)
            elif c.get("tourist"):
                _back(out, cx, cy, RC_W, RC_H, True, edge)
            else:
                _rect(out, cx, cy, RC_W, RC_H, _BACK, stroke=edge, sw=2)
                star = c.get("star")
                mark = "\u2605" if star else ("\u2013" if star is False else "?")
                _text(out, cx + RC_W / 2, cy + 15, f"{name} {mark}", 10, anchor="middle", fill="#e9dfcc")
            cy += RC_STEP
    y += rows_h + 12
    # -- hotels and hands ----------------------------------------------------------------
    n = max(len(seats), 1)
    sw = (W - 2 * M) / n
    floors_max = max([len(_list(s.get("hotel"))) for s in seats] + [3])
    hotel_h = floors_max * (FLOOR_H + 3) + 10
    for i, s in enumerate(seats):
        x = M + i * sw
        colour = _seat_colour(seats, i)
        _rect(out, x + 4, y, sw - 8, 34 + hotel_h + 16 + HAND_H + 26, _PAPER, stroke=colour, sw=2, rx=6)
        first = " \u25b8 first" if s.get("first_player") else ""
        _text(out, x + 14, y + 22, f"{s.get('name', '')}{first}", 15, bold=True, fill=colour)
        _text(out, x + sw - 14, y + 23, _signed(s.get("score")).lstrip("+"), 20, anchor="end", bold=True)
        ground = y + 34 + hotel_h
        out.append(f'<line x1="{_f(x + 14)}" y1="{_f(ground)}" x2="{_f(x + sw - 14)}" y2="{_f(ground)}" '
                   f'stroke="{_EDGE}" stroke-width="2"/>')
        floors = [f for f in _list(s.get("hotel")) if isinstance(f, dict)]
        if not floors:
            _text(out, x + sw / 2, ground - 12, "no floor yet", 11, anchor="middle", fill=_MUTED, italic=True)
        for j, fl in enumerate(floors):
            fy = ground - (j + 1) * (FLOOR_H + 3)
            label = f"{_f(_num(fl.get('level'), j + 1))}F {fl.get('name', '')} {_f(_num(fl.get('size'), 0))}"
            extras = []
            if _num(fl.get("tourists"), 0):
                extras.append(f"T\u00d7{_f(fl['tourists'])}")
            if _num(fl.get("stars"), 0):
                extras.append(f"\u2605{_f(fl['stars'])}")
            if fl.get("annex"):
                extras.append("Annex")
            if extras:
                label += " \u00b7 " + " ".join(extras)
            width = min(sw - 30, max(40 + CARD_UNIT * _num(fl.get("size"), 0), 6.6 * len(label) + 14))
            fx = x + (sw - width) / 2
            fc = kcol.get(fl.get("kind"), _EDGE)
            _rect(out, fx, fy, width, FLOOR_H, fc, stroke=_INK if fl.get("annex") else fc, sw=2 if fl.get("annex") else 1)
            _text(out, fx + width / 2, fy + 19, label, 11, anchor="middle", bold=True, fill="#ffffff")
        hy = ground + 14
        hand = s.get("hand")
        hsize = int(_num(s.get("hand_size"), 0))
        tours = int(_num(s.get("hand_tourists"), 0))
        _text(out, x + 14, hy + 10, f"Hand: {hsize} card{'s' if hsize != 1 else ''}"
              + (f" ({tours} Tourist)" if tours else ""), 11, fill=_MUTED)
        hx, hy2 = x + 14, hy + 16
        step = min(HAND_W + 4, (sw - 36 - HAND_W) / max(hsize - 1, 1)) if hsize > 1 else HAND_W + 4
        drawn = [c for c in _list(s.get("drawn")) if isinstance(c, dict)]
        if isinstance(hand, list):
            faces = [c for c in hand if isinstance(c, dict)]
            # cards side by side without overlap: as wide as the full names need, narrower
            # (short names) when the hand is long
            fw = min(FACE_W, (sw - 28) / max(len(faces), 1) - FACE_GAP)
            for j, c in enumerate(faces):
                _hand_face(out, hx + j * (fw + FACE_GAP), hy2, fw, HAND_H, c, kinds, kcol.get(c.get("kind"), _EDGE))
            if drawn:
                _text(out, x + sw - 14, hy + 10, "drew: " + ", ".join(str(c.get("name", "")) for c in drawn), 10,
                      anchor="end", fill=_MUTED)
        else:
            for j in range(hsize):
                _back(out, hx + j * step, hy2, HAND_W, HAND_H, j >= hsize - tours)
    y += 34 + hotel_h + 16 + HAND_H + 26 + 12
    # -- score panel -------------------------------------------------------------------
    lines = [b for b in _list(view.get("breakdown")) if isinstance(b, dict)]
    rules: list[str] = []
    for b in lines:
        rule = _legend(b)
        if rule not in rules:
            rules.append(rule)
    per_seat = [[b for b in lines if b.get("player") == i] for i in range(len(seats))]
    nlines = max([len(p) for p in per_seat] + [1])
    panel_h = 30 + nlines * 16 + 10 + len(rules) * 15 + 10
    _rect(out, M, y, W - 2 * M, panel_h, _PANEL, stroke=_PANEL, rx=6)
    final = isinstance(view.get("winners"), list)
    _text(out, M + 10, y + 20, "Score breakdown" + ("" if final else " (as the hotels stand now)"), 13, bold=True)
    for i, lst in enumerate(per_seat):
        x = M + 10 + i * sw
        for j, b in enumerate(lst):
            ly = y + 40 + j * 16
            pts = _num(b.get("points"), 0)
            ref = rules.index(_legend(b)) + 1
            _text(out, x, ly, f"{b.get('category', '')} [{ref}]", 11)
            _text(out, x + sw - 26, ly, _signed(pts), 11, anchor="end", bold=True,
                  fill=_NEG if pts < 0 else _POS if pts > 0 else _INK)
    ry = y + 30 + nlines * 16 + 14
    for j, rule in enumerate(rules):
        _text(out, M + 10, ry + j * 15, f"[{j + 1}] {rule}", 10.5, fill=_MUTED)
    y += panel_h + M
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {_f(y)}" width="100%" '
            f'font-family="Helvetica, Arial, sans-serif" role="img" aria-label="Perfect Hotel table">'
            f'<rect x="0" y="0" width="{W}" height="{_f(y)}" fill="#fffdf8"/>')
    return head + "".join(out) + "</svg>"
