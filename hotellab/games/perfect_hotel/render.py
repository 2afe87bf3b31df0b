"""The Perfect Hotel board, drawn from a view model (``state.view(perspective)``) as panels.

:func:`render_svg` is a pure function of the view-model dict described in
``docs/dev/view_model.md``: the same view always gives the same text. Every text taken from
the view (player names, kind names, prompts, score lines) is XML-escaped and colours are
checked against a strict pattern, so a view can never inject markup.

The board is made of panels (:func:`hotellab.core.board.board_svg`), each one component of the
table as the Perfect Hotel Rulebook lays it out, 324 CSS px wide (three side by side in
JupyterLab, two in the docs' column, one on a narrow page) and no text under 12 px:

1. **House Deck and Award Cards** (Game Setup / 1 and 2): the deck as a stack of backs with its
   count and the Tourist mark of its top card; the Point Track in a match; the three Award
   Cards with the seats that would get them now.
2. **Tag Rows** (Game Setup / 3): one strip per Build Tag (name, points, cards of the kind,
   "High-Season" when it is upside-down, the seats that lead the kind) with its cards, each
   edged in the colour of the seat that placed it ("?" where a face-down card's star is
   hidden, "T" on a Tourist Group back).
3. **One panel per seat**, in seat (turn) order: its name, points, the hotel as floors from the
   ground up (B. Build / 2) and its hand (faces when the view shows them, else backs with the
   Tourist mark on as many as it holds).
4. **Score breakdown**: each seat's lines with a number that points to the rule in the legend
   below (a line citing a reconstructed value, a kind's points, says so).

The shared table comes first because every decision (research, or build from a row or the
hand) is read off the deck and the rows before one's own cards; the seats then follow in turn
order so that a panel never moves between turns (the deciding seat's panel is marked).

Targets (``data-target``, see :func:`hotellab.core.board.target`), in reading order:
``deck`` (the House Deck), ``award:<id>`` (``perfect_view``, ``sky_room``,
``cheap_hotel``), ``row:<kind>`` (a Tag Row, e.g. ``row:pool``), ``floor:<seat>:<level>``
(level 1 is the ground floor, as in :func:`.view.adjacency_graph`) and ``hand:<seat>:<slot>``
(slot 0 first; a hand is sorted by card number, so the Tourist Group cards are its last
slots; a hidden card is named by its slot only). Each action kind's ``target``
(``state.ACTIONS``) maps a legal action to one of them.

>>> import hotellab as hl
>>> state = hl.load_game("perfect_hotel", num_players=3).new_initial_state()
>>> svg = render_svg(state.view(0))
>>> svg.startswith("<svg") and svg.endswith("</svg>")
True
>>> "&lt;b&gt;" in render_svg({"title": "<b>", "seats": [], "rows": []})
True
"""

from __future__ import annotations

import re

from .. import _svg
from .._svg import INK as _INK, Panel, as_dict as _dict, as_list as _list, board_svg, num, number as _num, rect, target
from .._svg import text

__all__ = ["render_svg"]

W = 324  # panel width, CSS px: 3 panels in JupyterLab's 1000 px, 2 in the docs' 720 px
PAD = 10
INNER = W - 2 * PAD
TAG_W = 120  # a Build Tag
RC_W, RC_H, RC_STEP, RC_LINE = 25, 40, 29, 44  # a card in a Tag Row
RC_PER_LINE = (INNER - TAG_W - 8 + RC_STEP - RC_W) // RC_STEP
FLOOR_H, FLOOR_GAP = 28, 3
HC_W, HC_H, HC_GAP = 70, 54, 6  # a card in a hand
HC_PER_LINE = (INNER + HC_GAP) // (HC_W + HC_GAP)
AW_H = 60  # an Award Card

_MUTED = "#6b6258"  # 5.6:1 on the panel paper
_PAPER = "#fbf7ef"
_STRIP = "#f3ead8"
_EDGE = "#8b7355"
_BACK = "#5b4a3a"
_ON_BACK = "#f1e8d6"  # text on a card back: 7:1
_STAR = "#8a6100"  # a star on a white card: 5.5:1
_TOURIST_FILL, _TOURIST_EDGE = "#fff3c4", "#b8860b"
_NEG = "#b3261e"
_POS = "#17692b"
_FALLBACK = ("#2b6cd4", "#d43b2b", "#2f9e44", "#d9a400")
_TID_PART = re.compile(r"^[A-Za-z0-9_.-]{1,40}$")


def _w(s, size=12, bold=False) -> float:
    """The width of ``s`` in CSS px, a little generous (DejaVu Sans, the system-ui of
    Debian's Chromium, measures about 0.5 em a character of English text; bold 0.56)."""
    return len(str(s)) * size * (0.62 if bold else 0.55)


def _wrap(s: str, width: float, size=12) -> list[str]:
    """``s`` cut at spaces into lines of at most ``width`` px (see :func:`_w`); a no-break
    space keeps its two words on one line."""
    lines, cur = [], ""
    for word in str(s).split(" "):
        if not word:
            continue
        cand = f"{cur} {word}" if cur else word
        if cur and _w(cand, size) > width:
            lines.append(cur)
            cur = word
        else:
            cur = cand
    return lines + [cur] if cur else lines or [""]


def _signed(v) -> str:
    v = _num(v)
    if v is None:
        return "?"
    v = int(v) if float(v).is_integer() else round(v, 1)
    return f"\u2212{-v}" if v < 0 else (f"+{v}" if v > 0 else "0")


def _part(v, default) -> str:
    """A piece of a target id: ``v`` when it is a plain word (from the view), else ``default``."""
    return v if isinstance(v, str) and _TID_PART.match(v) else str(default)


def _token(out, cx, cy, colour, r=5, ring=False):
    """A Score Tracker: a disc in the seat's colour (a ring for a seat in a tie)."""
    if ring:
        out.append(f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="#ffffff" stroke="{colour}" stroke-width="2.5"/>')
    else:
        out.append(f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="{colour}" stroke="{_INK}" stroke-width="0.8"/>')


def _seat_colour(seats, i) -> str:
    if isinstance(i, int) and 0 <= i < len(seats):
        return _svg.colour(seats[i].get("color"), _FALLBACK[i % 4])
    return _FALLBACK[i % 4] if isinstance(i, int) else _EDGE


def _seat_name(seats, i) -> str:
    if isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(seats):
        return str(seats[i].get("name", f"Seat {i}"))
    return f"Seat {i}"


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _plural(n, word: str) -> str:
    return f"{num(n)} {word}{'' if n == 1 else 's'}"


def _back(out, x, y, w, h, tourist, edge=_EDGE):
    """A card back; a Tourist Group card's back carries the mark (a "T" badge)."""
    rect(out, x, y, w, h, _BACK, stroke=edge, sw=2.5 if edge != _EDGE else 1)
    if tourist:
        cx, cy = x + w / 2, y + h / 2
        out.append(f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(min(w / 2 - 3, 10))}" fill="#f2c94c"/>')
        text(out, cx, cy + 4.5, "T", 12, anchor="middle", bold=True)


def _kind_name(kinds, kind, card) -> str:
    name = _dict(kinds.get(kind)).get("name") or card.get("name") or ""
    return str(name).replace("\u2605", "").strip()


# -- panel 1: House Deck, Point Track, Award Cards ---------------------------------------------
def _table_panel(view, seats) -> Panel:
    out: list[str] = []
    deck = _dict(view.get("deck"))
    size = _num(deck.get("size"), 0)
    tourist = deck.get("top_tourist") is True
    y = PAD
    label = "House Deck, " + (f"{_plural(size, 'card')}, face down" if size else "empty")
    if size and tourist:
        label += "; its top card shows the Tourist mark"
    out.append(target("deck", label))
    if size:
        for i in range(min(2, int(size) - 1), 0, -1):
            _back(out, PAD + 3 * i, y + 3 * i, 48, 66, False)
        _back(out, PAD, y, 48, 66, tourist)
    else:
        rect(out, PAD, y, 48, 66, _PAPER, stroke=_EDGE, dash="4 3")
    text(out, PAD + 64, y + 20, "House Deck", 14, bold=True)
    text(out, PAD + 64, y + 39, _plural(size, "card") if size else "empty: the game ends", 13)
    if size and tourist:
        text(out, PAD + 64, y + 57, "top card: Tourist mark", 12, fill=_MUTED)
    out.append("</g>")
    y += 66 + 14
    games = _num(view.get("games"), 1)
    if games and games > 1:
        text(out, PAD, y + 12, f"Point Track: game {num(_num(view.get('game_no'), 1))} of {num(games)}", 13, bold=True)
        y += 18
        for gi, res in enumerate(_list(view.get("point_track"))[:5]):
            parts = [f"{_seat_name(seats, s)} {num(_num(v, 0))}" for s, v in enumerate(_list(res))]
            for line in _wrap(f"Game {gi + 1}: " + " \u00b7 ".join(parts), INNER):
                text(out, PAD, y + 13, line, 12, fill=_MUTED)
                y += 17
        y += 8
    for aw in _list(view.get("awards")):
        if not isinstance(aw, dict):
            continue
        aid = _part(aw.get("id"), f"award{len(out)}")
        name = str(aw.get("name", ""))
        holders = [h for h in _list(aw.get("holders")) if isinstance(h, int) and not isinstance(h, bool)]
        tied = [h for h in _list(aw.get("tied")) if isinstance(h, int) and not isinstance(h, bool)]
        if view.get("answer_hidden") in ("score", "scores", "category", "winners"):
            now = "now: shown once you have answered"  # a lesson asks for the points it gives
        elif holders:
            now = f"now: {_and([_seat_name(seats, h) for h in holders])} ({_signed(aw.get('points'))}"
            now += " each)" if len(holders) > 1 else ")"
        elif tied:
            now = f"now: nobody ({_and([_seat_name(seats, h) for h in tied])} tie)"
        else:
            now = "now: nobody"
        out.append(target(f"award:{aid}", f"{name} Award Card, {aw.get('text', '')}; {now}"))
        lines = _wrap(now, INNER - 20)
        h = AW_H + 16 * (len(lines) - 1)
        rect(out, PAD, y, INNER, h, "#fffaf0", stroke=_TOURIST_EDGE, sw=1.5, rx=5)
        text(out, PAD + 10, y + 19, name, 13, bold=True)
        text(out, PAD + 10, y + 36, aw.get("text", ""), 12, fill=_MUTED)
        for k, line in enumerate(lines):
            text(out, PAD + 10, y + 53 + 16 * k, line, 12)
        for j, s in enumerate((holders or tied)[:4]):
            _token(out, PAD + INNER - 12 - 14 * j, y + 14, _seat_colour(seats, s), ring=not holders)
        out.append("</g>")
        y += h + 8
    return Panel("House Deck and Award Cards", W, y + PAD - 8, out)


# -- panel 2: the Tag Rows ---------------------------------------------------------------------
def _row_card(out, x, y, c, kind_colour, seats):
    seat = c.get("seat")
    edge = _seat_colour(seats, seat) if isinstance(seat, int) and not isinstance(seat, bool) else _EDGE
    if c.get("face_up"):
        if c.get("tourist"):
            rect(out, x, y, RC_W, RC_H, _TOURIST_FILL, stroke=edge, sw=2.5)
            text(out, x + RC_W / 2, y + 25, "T", 12, anchor="middle", bold=True)
            return
        rect(out, x, y, RC_W, RC_H, "#ffffff", stroke=edge, sw=2.5)
        out.append(f'<rect x="{num(x + 2)}" y="{num(y + 2)}" width="{num(RC_W - 4)}" height="7" fill="{kind_colour}"/>')
        if c.get("star"):
            text(out, x + RC_W / 2, y + 29, "\u2605", 12, anchor="middle", fill=_STAR)
        return
    if c.get("tourist"):
        _back(out, x, y, RC_W, RC_H, True, edge)
        return
    _back(out, x, y, RC_W, RC_H, False, edge)
    star = c.get("star")
    mark = "\u2605" if star else ("" if star is False else "?")
    if mark:
        text(out, x + RC_W / 2, y + 25, mark, 12, anchor="middle", fill=_ON_BACK)


def _row_card_words(c, name, seats) -> str:
    seat = c.get("seat")
    who = f" from {_seat_name(seats, seat)}" if isinstance(seat, int) and not isinstance(seat, bool) else ""
    if c.get("tourist"):
        return f"a Tourist Group card{who}"
    if not c.get("face_up") and c.get("star") is None:
        return f"a face-down card{who}"
    star = " \u2605" if c.get("star") else ""
    return f"{name}{star}{who}" + ("" if c.get("face_up") else " (face down)")


def _rows_panel(rows, seats) -> Panel:
    out: list[str] = []
    y = PAD
    for i, r in enumerate(rows):
        colour = _svg.colour(r.get("colour"), _EDGE)
        name = str(r.get("name", ""))
        cards = [c for c in _list(r.get("cards")) if isinstance(c, dict)]
        lines = max(1, -(-len(cards) // RC_PER_LINE))
        high = bool(r.get("high_season"))
        leaders = [s for s in _list(r.get("leaders")) if isinstance(s, int) and not isinstance(s, bool)]
        tag_lines = 2 + bool(leaders) + high  # name, points; the leaders' tokens; High-Season
        h = max(52, lines * RC_LINE + 10, 12 + 16.5 * tag_lines)
        pts, count = num(_num(r.get("points"), 0)), num(_num(r.get("count"), 0))
        label = f"{name} Tag Row ({pts} points, {count} cards of the kind)"
        if high:
            label += ", High-Season"
        label += ": " + ("no cards" if not cards else _plural(len(cards), "card") + ", "
                         + ", ".join(_row_card_words(c, name, seats) for c in cards))
        if leaders:
            label += f"; most {name} cards in a hotel: {_and([_seat_name(seats, s) for s in leaders])}"
        out.append(target(f"row:{_part(r.get('kind'), i)}", label))
        rect(out, PAD, y, INNER, h, _STRIP, stroke=_STRIP, rx=5)
        rect(out, PAD, y, TAG_W, h, "#ffffff", stroke=_INK if high else colour, sw=2.5 if high else 1.5, rx=5,
              dash="5 3" if high else None)
        out.append(f'<rect x="{num(PAD + 1.5)}" y="{num(y + 1.5)}" width="7" height="{num(h - 3)}" rx="2" fill="{colour}"/>')
        text(out, PAD + 14, y + 19, name, 13, bold=True)
        text(out, PAD + 14, y + 36, f"{pts} pts \u00b7 {count} cards", 12, fill=_MUTED)
        ty = y + 36
        if leaders:
            ty += 16
            for j, s in enumerate(leaders[:4]):
                _token(out, PAD + 19 + 13 * j, ty - 4, _seat_colour(seats, s), r=5)
        if high:
            ty += 16
            text(out, PAD + 14, ty, "\u21c5 High-Season", 12, bold=True)
        x0 = PAD + TAG_W + 8
        if not cards:
            text(out, x0 + 4, y + 33, "no cards", 12, fill=_MUTED, italic=True)
        for j, c in enumerate(cards):
            _row_card(out, x0 + (j % RC_PER_LINE) * RC_STEP, y + 7 + (j // RC_PER_LINE) * RC_LINE, c, colour, seats)
        out.append("</g>")
        y += h + 6
    return Panel("Tag Rows", W, max(y + PAD - 6, 40), out)


# -- panels 3: one per seat: hotel and hand ----------------------------------------------------
def _floor_words(fl, j) -> tuple[str, list[str]]:
    level = _num(fl.get("level"), j + 1)
    size = _num(fl.get("size"), 0)
    parts = []
    if _num(fl.get("tourists"), 0):
        parts.append(f"T\u00d7{num(fl['tourists'])}")
    if _num(fl.get("stars"), 0):
        parts.append(f"\u2605{num(fl['stars'])}")
    if fl.get("annex") is True:
        parts.append("Annex")
    words = [_plural(size, "card")]
    if _num(fl.get("tourists"), 0):
        words.append(_plural(fl["tourists"], "Tourist Group card"))
    if _num(fl.get("stars"), 0):
        words.append(_plural(fl["stars"], "star"))
    if fl.get("annex") is True:
        words.append("an Annex")
    label = f"{num(level)}F {fl.get('name', '')} {num(size)}" + (" \u00b7 " + " ".join(parts) if parts else "")
    return label, words


def _hand_card(out, x, y, c, kinds, kcol, new):
    if c.get("tourist"):
        rect(out, x, y, HC_W, HC_H, _TOURIST_FILL, stroke=_TOURIST_EDGE, sw=1.5)
        text(out, x + HC_W / 2, y + 30, "Tourist", 12, anchor="middle", bold=True)
    else:
        kind = c.get("kind")
        colour = kcol.get(kind, _EDGE)
        rect(out, x, y, HC_W, HC_H, "#ffffff", stroke=colour, sw=2)
        out.append(f'<rect x="{num(x + 2)}" y="{num(y + 2)}" width="{num(HC_W - 4)}" height="9" fill="{colour}"/>')
        text(out, x + HC_W / 2, y + 30, _kind_name(kinds, kind, c), 12, anchor="middle")
        if c.get("star"):
            text(out, x + 13, y + 47, "\u2605", 12, anchor="middle", fill=_STAR)
    if new:
        text(out, x + HC_W - 6, y + 47, "new", 12, anchor="end", fill=_MUTED, italic=True)


def _seat_panel(i, s, seats, kinds, kcol, pending_player) -> Panel:
    out: list[str] = []
    name = _seat_name(seats, i)
    colour = _seat_colour(seats, i)
    deciding = pending_player == i
    score = _num(s.get("score"))
    y = PAD
    _token(out, PAD + 8, y + 12, colour, r=8)
    text(out, PAD + 24, y + 17, name, 15, bold=True)
    text(out, PAD + INNER, y + 17, _plural(score, "pt") if score is not None else "? pts", 15, anchor="end", bold=True)
    notes = (["first player"] if s.get("first_player") is True else []) + (["to play now"] if deciding else [])
    if notes:
        text(out, PAD + 24, y + 35, " \u00b7 ".join(notes), 12, fill=_MUTED)
        y += 18
    y += 30
    # the hotel, floors from the ground up (B. Build / 2)
    floors = [(j, fl) for j, fl in enumerate(_list(s.get("hotel"))) if isinstance(fl, dict)]
    hotel_h = max(len(floors), 1) * (FLOOR_H + FLOOR_GAP)
    ground = y + hotel_h
    if not floors:
        text(out, PAD + INNER / 2, ground - 10, "no floor yet", 12, anchor="middle", fill=_MUTED, italic=True)
    for n, (j, fl) in enumerate(floors):
        label, words = _floor_words(fl, j)
        level = _num(fl.get("level"), j + 1)
        fy = ground - (n + 1) * (FLOOR_H + FLOOR_GAP) + FLOOR_GAP
        size = _num(fl.get("size"), 0)
        width = min(INNER, max(_w(label, 12, True) + 28, 70 + 16 * size))
        fx = PAD + (INNER - width) / 2
        fc = kcol.get(fl.get("kind"), _svg.colour(fl.get("colour"), _EDGE))
        annex = fl.get("annex") is True
        out.append(target(f"floor:{i}:{num(level)}", f"{name}'s hotel, floor {num(level)}: {fl.get('name', '')}, "
                          + ", ".join(words)))
        rect(out, fx, fy, width, FLOOR_H, "#ffffff", stroke=_INK if annex else fc, sw=2 if annex else 1.5,
              dash="4 2" if annex else None)
        out.append(f'<rect x="{num(fx + 1.5)}" y="{num(fy + 1.5)}" width="8" height="{num(FLOOR_H - 3)}" rx="2" fill="{fc}"/>')
        out.append(f'<rect x="{num(fx + width - 9.5)}" y="{num(fy + 1.5)}" width="8" height="{num(FLOOR_H - 3)}" rx="2" '
                   f'fill="{fc}"/>')
        text(out, fx + width / 2, fy + 19, label, 12, anchor="middle", bold=True)
        out.append("</g>")
    out.append(f'<line x1="{num(PAD)}" y1="{num(ground + 1)}" x2="{num(PAD + INNER)}" y2="{num(ground + 1)}" '
               f'stroke="{_EDGE}" stroke-width="2.5"/>')
    y = ground + 20
    # the hand
    hand = s.get("hand")
    hsize = int(_num(s.get("hand_size"), 0) or 0)
    tours = int(_num(s.get("hand_tourists"), 0) or 0)
    text(out, PAD, y, f"Hand: {_plural(hsize, 'card')}" + (f" ({tours} Tourist)" if tours else ""), 12, fill=_MUTED)
    y += 8
    drawn = {c.get("id") for c in _list(s.get("drawn")) if isinstance(c, dict) and c.get("id") is not None}
    if isinstance(hand, list):
        slots = [(j, c) for j, c in enumerate(hand) if isinstance(c, dict)]
    else:
        slots = [(j, None) for j in range(max(hsize, 0))]
    for n, (j, c) in enumerate(slots):
        x = PAD + (n % HC_PER_LINE) * (HC_W + HC_GAP)
        cy = y + (n // HC_PER_LINE) * (HC_H + HC_GAP)
        if c is not None:
            new = c.get("id") in drawn
            what = "Tourist Group" if c.get("tourist") else _kind_name(kinds, c.get("kind"), c) + (
                " \u2605" if c.get("star") else "")
            out.append(target(f"hand:{i}:{j}", f"{name}'s hand, card {j + 1}: {what}" + (", just drawn" if new else "")))
            _hand_card(out, x, cy, c, kinds, kcol, new)
        else:
            mark = j >= hsize - tours
            out.append(target(f"hand:{i}:{j}", f"{name}'s hand, card {j + 1}, face down"
                              + (", Tourist mark on its back" if mark else "")))
            _back(out, x, cy, HC_W, HC_H, mark, colour)
        out.append("</g>")
    lines = -(-len(slots) // HC_PER_LINE)
    y += lines * (HC_H + HC_GAP) - HC_GAP if lines else 0
    body = [f'<rect x="1.5" y="1.5" width="{W - 3}" height="{num(y + PAD - 3)}" rx="7" fill="{_PAPER}" '
            f'stroke="{colour}" stroke-width="{3 if deciding else 1.5}"/>'] + out
    return Panel(f"{name}'s hotel and hand", W, y + PAD, body)


# -- panel 4: the score breakdown --------------------------------------------------------------
def _legend(line: dict) -> str:
    """A score line's legend entry: its rule section, marked when the value it cites is
    reconstructed (not printed in the rulebook: a kind's points, ruling PH-02)."""
    rule = str(line.get("rule", ""))
    return rule + (" \u2014 points reconstructed (not printed in the rulebook)" if line.get("reconstructed") is True else "")


def _score_panel(view, seats) -> Panel | None:
    lines = [b for b in _list(view.get("breakdown")) if isinstance(b, dict)]
    if not lines and not seats:
        return None
    rules: list[str] = []
    for b in lines:
        rule = _legend(b)
        if rule not in rules:
            rules.append(rule)
    out: list[str] = []
    y = PAD
    final = isinstance(view.get("winners"), list)
    text(out, PAD, y + 14, "Score breakdown", 14, bold=True)
    y += 20
    if view.get("answer_hidden") and not lines:  # a lesson's question asks for these lines
        text(out, PAD, y + 12, "shown once you have answered", 12, fill=_MUTED, italic=True)
        y += 18
        return Panel("Score breakdown", W, y + PAD, out)
    if not final:
        text(out, PAD, y + 12, "as the hotels stand now", 12, fill=_MUTED)
        y += 18
    for i in range(len(seats)):
        own = [b for b in lines if b.get("player") == i]
        y += 8
        _token(out, PAD + 6, y + 8, _seat_colour(seats, i), r=6)
        text(out, PAD + 18, y + 13, _seat_name(seats, i), 13, bold=True)
        y += 18
        if not own:
            text(out, PAD + 18, y + 12, "no points yet", 12, fill=_MUTED, italic=True)
            y += 17
        for b in own:
            pts = _num(b.get("points"), 0)
            ref = rules.index(_legend(b)) + 1
            words = _wrap(f"{b.get('category', '')}\u00a0[{ref}]", INNER - 18 - 36)
            for k, wline in enumerate(words):
                text(out, PAD + 18, y + 12 + 16 * k, wline, 12)
            text(out, PAD + INNER, y + 12, _signed(pts), 12, anchor="end", bold=True,
                  fill=_NEG if pts < 0 else _POS if pts > 0 else _INK)
            y += 16 * len(words) + 1
    y += 8
    for j, rule in enumerate(rules):
        for k, wline in enumerate(_wrap(f"[{j + 1}] {rule}", INNER - 2)):
            text(out, PAD + (0 if k == 0 else 14), y + 12, wline, 12, fill=_MUTED)
            y += 16
    return Panel("Score breakdown", W, y + PAD, out)


# -- the board ---------------------------------------------------------------------------------
def _title(view) -> str:
    title = str(view.get("title") or "Perfect Hotel")
    games = _num(view.get("games"), 1)
    if games and games > 1:
        title += f", game {num(_num(view.get('game_no'), 1))} of {num(games)}"
    return title + ": the board"


def _desc(view, rows, seats) -> str:
    """Two or three sentences that picture the position (rulebook words): the House Deck and
    the Tag Rows, who decides now, the hotels and the score leader."""
    deck = _dict(view.get("deck"))
    size = _num(deck.get("size"), 0)
    on_rows = [f"{r.get('name', '')} {len(_list(r.get('cards')))}" for r in rows if _list(r.get("cards"))]
    out = [f"The House Deck holds {_plural(size, 'card')}; the Tag Rows hold "
           + (", ".join(on_rows) if on_rows else "no cards") + "."]
    pending = _dict(view.get("pending"))
    if pending:
        out.append(f"{_seat_name(seats, pending.get('player'))} to play: {pending.get('prompt', '')}.")
    if seats:
        hotels = ", ".join(f"{_seat_name(seats, i)} "
                           + (_plural(len(_list(s.get("hotel"))), "floor") if _list(s.get("hotel")) else "no floor")
                           + f" and {_plural(_num(s.get('hand_size'), 0), 'card')} in hand" for i, s in enumerate(seats))
        scores = [(_num(s.get("score")), i) for i, s in enumerate(seats)]
        sentence = f"Hotels: {hotels}."
        if all(v is not None for v, _ in scores):
            best = max(v for v, _ in scores)
            lead = [_seat_name(seats, i) for v, i in scores if v == best]
            sentence += f" {'Leader' if len(lead) == 1 else 'Tied for the lead'}: {_and(lead)} with {num(best)} points."
        out.append(sentence)
    return " ".join(out)


def render_svg(view: dict) -> str:
    """The SVG text of ``view`` (a Perfect Hotel view model) as a board of panels; never
    raises for missing keys."""
    view = _dict(view)
    seats = [s for s in _list(view.get("seats")) if isinstance(s, dict)]
    rows = [r for r in _list(view.get("rows")) if isinstance(r, dict)]
    kinds = {k.get("id"): k for k in _list(view.get("kinds")) if isinstance(k, dict)}
    kcol = {kid: _svg.colour(k.get("colour"), _EDGE) for kid, k in kinds.items()}
    pending = _dict(view.get("pending")).get("player")
    panels = [_table_panel(view, seats), _rows_panel(rows, seats)]
    panels += [_seat_panel(i, s, seats, kinds, kcol, pending) for i, s in enumerate(seats)]
    score = _score_panel(view, seats)
    if score is not None:
        panels.append(score)
    return board_svg(panels, title=_title(view), desc=_desc(view, rows, seats))
