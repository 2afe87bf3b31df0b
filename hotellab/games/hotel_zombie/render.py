"""SVG table of Hotel Zombie, drawn from a view model (``state.view(perspective)``).

:func:`render_svg` is a pure function of the view-model dict described in
``docs/dev/view_model.md``: the same view always gives the same text. Every text taken from
the view is XML-escaped and colours are checked (``hotellab/games/_svg.py``), so a view can
never inject markup.

Layout, in viewBox units (the SVG scales to its container):

- the status line, and the Hotel counter as a track of 20 rooms (the current one marked);
- one column per seat: name, Game Plan (or "?" while secret), health bar, damage,
  decorations and skill; the hand (card names, or its size when hidden), deck, discard and
  play area; the mansion cards of the round: face-down backs (named only in the omniscient
  view), then the revealed cards with
  what became of them (defeated, hit, stolen, assisted, waiting...), the infected it must
  decide on, and the group's remaining damage it could count on;
- the supply (cards left and cost), the mansion deck and discard, the Kill Steal queue, the
  pending decision and the score lines (decorations by source, skill points).

>>> import hotellab as hl
>>> state = hl.load_game("hotel_zombie", num_players=2).new_initial_state()
>>> svg = render_svg(state.view(0))
>>> svg.startswith("<svg") and svg.endswith("</svg>")
True
>>> "&lt;b&gt;" in render_svg({"status": "<b>", "seats": []})
True
"""

from __future__ import annotations

from .._svg import as_dict as _d, as_list as _l, is_colour, num as _f, number as _n, text as _t

__all__ = ["render_svg"]

W = 1000
M = 10
COL_GAP = 8
_BG = "#f7f3ea"
_PANEL = "#efe6d3"
_EDGE = "#8b7355"
_BACK = "#4a3b2f"
_MUTED = "#6f665a"
_RED = "#b3261e"
_GREEN = "#1e7b34"
_OUTCOME = {"defeated": ("#1e7b34", "defeated"), "hit": ("#b3261e", "hit, discarded"),
            "stolen": ("#b3261e", "hit; Kill Steal"), "assisted": ("#2b6cd4", "assisted"),
            "unassisted": ("#b3261e", "unassisted hit"), "item": ("#8a6d00", "item")}


def _colour(c, default=_EDGE) -> str:
    return c if is_colour(c) else default


def _rect(out, x, y, w, h, fill, stroke=None, rx=3):
    s = f' stroke="{_colour(stroke)}"' if stroke else ""
    out.append(f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" rx="{rx}" '
               f'fill="{_colour(fill, "#ffffff")}"{s}/>')


def _names(view) -> dict:
    return _d(view.get("names"))


def _nm(names, cid) -> str:
    return str(names.get(cid, cid)) if isinstance(cid, str) else "?"


def _counts(ids, names) -> str:
    """'Ammo Box x3, Pistol' — a pile's cards by name, in order of first appearance."""
    seen: dict = {}
    for c in ids:
        k = _nm(names, c)
        seen[k] = seen.get(k, 0) + 1
    return ", ".join(k + (f" x{v}" if v > 1 else "") for k, v in seen.items())


def _wrap(text: str, width: int) -> list[str]:
    """Lines of at most ``width`` characters, broken at ', ' or spaces."""
    words = text.split(" ")
    lines, cur = [], ""
    for w in words:
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    if cur:
        lines.append(cur)
    return lines


def render_svg(view: dict) -> str:
    """The table as SVG text (see the module doc)."""
    view = _d(view)
    seats = [s for s in _l(view.get("seats")) if isinstance(s, dict)]
    names = _names(view)
    out: list[str] = []
    y = 22
    _t(out, M, y, view.get("status", ""), 15, bold=True)
    # the Hotel counter track
    counter = _n(view.get("counter"), 0)
    last = _n(view.get("last_counter"), 20)
    y += 12
    _t(out, M, y + 14, "Hotel counter", 11, fill=_MUTED)
    cw = (W - 2 * M - 90) / max(1, int(last))
    for k in range(1, int(last) + 1):
        x = M + 90 + (k - 1) * cw
        fill = "#c9a227" if k == counter else ("#d8cbb0" if k < counter else "#ffffff")
        _rect(out, x, y, cw - 3, 20, fill, _EDGE, 2)
        _t(out, x + (cw - 3) / 2, y + 14, str(k), 10, anchor="middle", bold=k == counter)
    y += 30
    n = max(1, len(seats))
    colw = (W - 2 * M - (n - 1) * COL_GAP) / n
    chars = int(colw / 6.2)
    col_bottom = y
    for i, s in enumerate(seats):
        x0 = M + i * (colw + COL_GAP)
        col_bottom = max(col_bottom, _seat(out, s, x0, y, colw, chars, names, view))
    y = col_bottom + 10
    y = _table(out, view, y, names)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {_f(y + M)}" font-family="sans-serif" '
            f'font-size="12"><rect width="{W}" height="{_f(y + M)}" fill="{_BG}"/>' + "".join(out) + "</svg>")


def _seat(out, s, x0, y0, w, chars, names, view) -> float:
    """One seat's column; returns its bottom."""
    colour = _colour(s.get("color"), "#555555")
    start = len(out)
    out.append("")  # the panel, drawn once the height is known
    y = y0 + 18
    current = view.get("current_player") == s.get("seat")
    _t(out, x0 + 8, y, ("\u25b6 " if current else "") + str(s.get("name", "?")), 14, bold=True, fill=colour)
    plan = s.get("plan")
    plan_text = {"explore": "Explore the Hotel", "inventory": "Inventory Mgmt"}.get(plan) if plan else (
        "Game Plan: ? (secret)" if s.get("plan_chosen") else "")
    if plan_text:
        _t(out, x0 + w - 8, y, plan_text, 10.5, anchor="end", fill=_MUTED)
    y += 8
    # health bar
    hp, mx = _n(s.get("health"), 0), max(1, _n(s.get("max_health"), 100))
    bw = w - 16
    _rect(out, x0 + 8, y, bw, 9, "#ffffff", _EDGE, 2)
    frac = max(0.0, min(1.0, hp / mx))
    if frac > 0:
        _rect(out, x0 + 8, y, bw * frac, 9, _GREEN if frac > 0.3 else _RED, None, 2)
    y += 22
    fallen = " \u2014 FALLEN" if s.get("fallen") else ""
    _t(out, x0 + 8, y, f"Health {hp}/{mx}{fallen}", 11.5, bold=bool(fallen), fill=_RED if fallen else "#2d2a26")
    dmg = s.get("damage")
    _t(out, x0 + w - 8, y, f"Damage {'? (secret)' if dmg is None else _n(dmg, 0)}", 11.5, anchor="end", bold=True)
    y += 16
    _t(out, x0 + 8, y, f"\u2605 {_n(s.get('decorations'), 0)} decorations", 11.5, bold=True, fill="#8a6d00")
    _t(out, x0 + w - 8, y, f"Skill {_n(s.get('skill'), 0)}", 11.5, anchor="end")
    y += 16
    hand = s.get("hand")
    if isinstance(hand, list):
        lines = _wrap("Hand: " + (_counts(hand, names) or "empty"), chars)
    else:
        size = s.get("hand_size")
        lines = [f"Hand: {'?' if size is None else _n(size, 0)} cards (hidden)"]
    for ln in lines[:4]:
        _t(out, x0 + 8, y, ln, 10.5)
        y += 13
    play = _l(s.get("play_area"))
    if play:
        for ln in _wrap("Play area: " + _counts(play, names), chars)[:3]:
            _t(out, x0 + 8, y, ln, 10.5, fill=_MUTED)
            y += 13
    if s.get("deck_size") is None and s.get("discard") is None:  # the turns are secret (ruling HZ-03)
        tp = _d(view.get("turn")).get("seat")
        seat = s.get("seat")
        when = ("Turn played in secret" if isinstance(tp, int) and isinstance(seat, int) and seat < tp else
                "Playing the turn in secret" if seat == tp else
                "Turn to come (secret)" if isinstance(tp, int) else "Turns secret until all are done")
        _t(out, x0 + 8, y, f"{when} \u00b7 trophies {len(_l(s.get('trophies')))}", 10.5, fill=_MUTED)
    else:
        _t(out, x0 + 8, y, f"Deck {_n(s.get('deck_size'), 0)} \u00b7 discard {len(_l(s.get('discard')))} "
           f"\u00b7 trophies {len(_l(s.get('trophies')))}", 10.5, fill=_MUTED)
    bought, trashed = _l(s.get("bought")), _l(s.get("trashed"))
    if bought or trashed:
        y += 13
        text = ("Bought: " + _counts(bought, names) if bought else "") + (
            ("; " if bought else "") + "trashed: " + _counts(trashed, names) if trashed else "")
        _t(out, x0 + 8, y, text[:chars], 10.5, fill=_MUTED)
    y += 8
    # mansion cards of the round
    down = int(_n(s.get("face_down"), 0) or 0)
    revealed = [r for r in _l(s.get("revealed")) if isinstance(r, dict)]
    waiting = [r for r in _l(s.get("waiting")) if isinstance(r, dict)]
    fighting = _d(s.get("fighting"))
    taken = s.get("takes")
    if taken is not None or down or revealed or waiting or fighting:
        y += 6
        _t(out, x0 + 8, y + 10, f"Mansion cards{f' (took {taken})' if taken is not None else ''}", 10.5, bold=True)
        y += 16
        for r in revealed:
            col, word = _OUTCOME.get(str(r.get("outcome")), (_MUTED, str(r.get("outcome"))))
            by = [_seat_name(view, q) for q in _l(r.get("by"))]
            extra = f" by {' & '.join(by)}" if by else ""
            _rect(out, x0 + 8, y, w - 16, 16, "#ffffff", col)
            _t(out, x0 + 13, y + 12, f"{_nm(names, r.get('id'))}: {word}{extra}"[:chars], 10, fill=col)
            y += 19
        if fighting:
            _rect(out, x0 + 8, y, w - 16, 16, "#fff1d6", _RED)
            _t(out, x0 + 13, y + 12, f"{_nm(names, fighting.get('id'))} {_n(fighting.get('health'), 0)} health: "
               "hit or wait?", 10, bold=True, fill=_RED)
            y += 19
        for r in waiting:
            helpers = [_seat_name(view, q) for q in _l(r.get("helpers"))]
            extra = f" (helped by {' & '.join(helpers)})" if helpers else ""
            _rect(out, x0 + 8, y, w - 16, 16, "#e4ecfb", "#2b6cd4")
            _t(out, x0 + 13, y + 12, f"waiting: {_nm(names, r.get('id'))} {_n(r.get('left'), 0)} left{extra}"[:chars],
               10, fill="#2b6cd4")
            y += 19
        known = _l(s.get("face_down_cards"))  # the omniscient view names them
        for k in range(down):
            _rect(out, x0 + 8 + k * 44, y, 40, 22, _BACK, _EDGE)
            label = _nm(names, known[k])[:6] if k < len(known) else "?"
            _t(out, x0 + 28 + k * 44, y + 15, label, 10 if known else 11, anchor="middle", fill="#f2e6c9")
        if down:
            y += 26
        gd = _n(s.get("group_damage"), None)
        if gd is not None and (waiting or fighting or down):
            _t(out, x0 + 8, y + 10, f"Group's remaining damage: {gd}", 10, fill=_MUTED)
            y += 14
    y += 8
    out[start] = (f'<rect x="{_f(x0)}" y="{_f(y0)}" width="{_f(w)}" height="{_f(y - y0)}" rx="6" fill="{_PANEL}" '
                  f'stroke="{colour}" stroke-width="{3 if current else 1.5}"/>')
    return y


def _seat_name(view, q) -> str:
    seats = _l(view.get("seats"))
    if isinstance(q, int) and 0 <= q < len(seats) and isinstance(seats[q], dict):
        return str(seats[q].get("name", q))
    return str(q)


def _table(out, view, y, names) -> float:
    """Supply, mansion, Kill Steal queue, pending decision, score lines."""
    turn = _d(view.get("turn"))
    if turn and turn.get("step") is None:
        _t(out, M, y + 12, f"{_seat_name(view, turn.get('seat'))}'s turn (secret until every turn is done)", 12,
           bold=True)
        y += 18
    elif turn:
        _t(out, M, y + 12, f"{_seat_name(view, turn.get('seat'))}'s turn ({turn.get('step')}): actions "
           f"{turn.get('actions')}, buys {turn.get('buys')}, gold {turn.get('gold')}, ammo {turn.get('ammo')}"
           + (f", free Trash {turn.get('trash')}" if turn.get("trash") else ""), 12, bold=True)
        y += 18
    pend = _d(view.get("pending"))
    if pend.get("prompt"):
        _t(out, M, y + 12, str(pend.get("prompt")), 12, fill="#7a3e00")
        y += 18
    for k in _l(view.get("kill_steal")):
        if isinstance(k, dict):
            _t(out, M, y + 12, f"Open to Kill Steal: {_seat_name(view, k.get('seat'))}'s {_nm(names, k.get('id'))} "
               f"({k.get('health')} health)", 11.5, fill=_RED)
            y += 16
    y += 4
    supply = [c for c in _l(view.get("supply")) if isinstance(c, dict)]
    per_row = 7
    cw = (W - 2 * M) / per_row
    for i, c in enumerate(supply):
        x = M + (i % per_row) * cw
        yy = y + (i // per_row) * 34
        cnt = _n(c.get("count"), 0)
        _rect(out, x, yy, cw - 4, 30, "#ffffff" if cnt else "#e6e0d4", _EDGE)
        _t(out, x + 5, yy + 13, str(c.get("name", "?")), 10.5, bold=True)
        _t(out, x + 5, yy + 26, f"{c.get('cost')} gold \u00b7 {cnt} left", 10, fill=_MUTED)
    y += ((len(supply) + per_row - 1) // per_row) * 34 + 6
    man = _d(view.get("mansion"))
    trash = _l(view.get("trash"))
    _t(out, M, y + 12, f"Mansion deck {man.get('deck_size', 0)} \u00b7 mansion discard {len(_l(man.get('discard')))}"
       f" \u00b7 trash {len(trash)}", 11.5, fill=_MUTED)
    y += 20
    lines: dict = {}
    for it in _l(view.get("breakdown")):
        if isinstance(it, dict):
            lines.setdefault(it.get("player"), []).append(f"{it.get('category')}: {it.get('points')}")
    for p, ls in lines.items():
        for ln in _wrap(f"{_seat_name(view, p)} \u2014 " + "; ".join(ls), 150)[:2]:
            _t(out, M, y + 12, ln, 10.5)
            y += 14
    win = view.get("winners")
    if isinstance(win, list):
        txt = ("The group loses: " + ", ".join(_seat_name(view, s.get("seat")) for s in _l(view.get("seats"))
                                               if isinstance(s, dict) and s.get("fallen")) + " fell in battle"
               if view.get("group_loses") else "Winner: " + ", ".join(_seat_name(view, q) for q in win))
        _t(out, M, y + 16, txt, 15, bold=True, fill=_RED if view.get("group_loses") else _GREEN)
        y += 22
    return y
