"""The Hotel Zombie table as a board of panels, drawn from a view model (``state.view(perspective)``).

:func:`render_svg` is a pure function of the view-model dict described in
``docs/dev/view_model.md``: the same view always gives the same text. Every text taken from
the view is XML-escaped and colours are checked (``hotellab/games/_svg.py``), so a view can
never inject markup. The board is made of panels (``hotellab.core.board``), each one component
of the table as the players see it, at most 360 px wide, no text under 12 px:

- **The Hotel**: the Hotel counter as the 20 rooms of the hotel, one per round (``room:<k>``),
  each explored room with what was found there; the mansion deck (``mansion:deck``), the
  mansion discard (``mansion:discard``) and the trash (``trash``); the end of the game.
- **One panel per player**, in seat order: decorations and skill (``trophies:<seat>``), the
  Game Plan card (``plan:<seat>``), health (``health:<seat>``), damage (``damage:<seat>``), the
  turn being played (``turn:<seat>``); the hand as stacks of alike cards
  (``hand:<seat>:<card>``, or face-down backs ``hand:<seat>:<slot>`` when hidden), the deck
  (``deck:<seat>``), the discard pile (``discard:<seat>``) and the play area
  (``play:<seat>:<i>``); the round's mansion cards: revealed (``found:<seat>:<i>``), the
  infected being fought (``fight:<seat>``), one hit and open to a Kill Steal
  (``steal:<seat>:<i>``), waiting for an assist (``waiting:<seat>:<i>``) and face down
  (``down:<seat>:<i>``); the group's damage that could assist.
- **The card table**: the supply piles (``supply:<card>``), by kind.

The Hotel comes first (where the group is: the round and the mansion deck every explorer
draws from), then the players in seat order (a panel does not move when the turn passes, so
the keyboard's reading order stays the same), then the card table everyone buys from.

>>> import hotellab as hl
>>> state = hl.load_game("hotel_zombie", num_players=2).new_initial_state()
>>> svg = render_svg(state.view(0))
>>> svg.startswith("<svg") and svg.endswith("</svg>")
True
>>> "&lt;b&gt;" in render_svg({"title": "<b>", "seats": []})
True
"""

from __future__ import annotations

import re

from .._svg import INK, Panel, as_dict as _d, as_list as _l, board_svg, colour, num, number as _n, rect, target, text

__all__ = ["render_svg"]

PW = 360  # every panel's width (PANEL_MAX_WIDTH)
M = 10  # the panels' margin
IN = PW - 2 * M  # the width inside a panel
LINE = 15  # the distance between two lines of 12 px text
_BG = "#f7f3ea"
_SEAT_BG = "#fbf8f1"
_EDGE = "#8b7355"
_MUTED = "#5c544a"  # 5.9:1 on the panels' light fills
_RED = "#a11d1d"
_GREEN = "#1e6b30"
_BLUE = "#1f56b0"
_GOLD = "#6f5400"
_BACK = "#4a3b2f"
_BACK_INK = "#f2e6c9"
_WHITE = "#ffffff"
# a player card's kind: band colour (white text on it), card fill, word on the band
_KIND = {"ammunition": ("#7a5f00", "#fbf3d9", "ammo"), "weapon": ("#44505e", "#eef1f4", "weapon"),
         "action": ("#1e6b30", "#e8f4ea", "action")}
_OUTCOME = {"defeated": (_GREEN, "defeated"), "hit": (_RED, "hit taken"), "stolen": (_RED, "Kill Stolen"),
            "assisted": (_BLUE, "assisted"), "unassisted": (_RED, "unassisted"), "item": (_GREEN, "used")}
_PLAN = {"explore": "Explore the Hotel", "inventory": "Inventory Management"}

# DejaVu Sans advance widths (em) by character class: Chromium's system-ui on Linux; other
# fonts are narrower, so a text measured here fits everywhere
_NARROW = set(" ,.:;'!|ilj()[]")
_SEMI = set("frtI-/\"")
_WIDE = set("mwMW+×★%@")


def _tw(s: str, size: float = 12, bold: bool = False) -> float:
    """An upper estimate of the width of ``s`` at ``size`` px in DejaVu Sans."""
    w = 0.0
    for ch in s:
        if ch in _NARROW:
            w += 0.32
        elif ch in _SEMI:
            w += 0.42
        elif ch in _WIDE:
            w += 0.9
        elif ch.isupper():
            w += 0.72
        else:
            w += 0.64
    return w * size * (1.1 if bold else 1.0)


def _fit(s: str, maxw: float, size: float = 12, bold: bool = False) -> str:
    """``s`` cut with an ellipsis to fit ``maxw`` px."""
    s = str(s)
    if _tw(s, size, bold) <= maxw:
        return s
    while s and _tw(s + "\u2026", size, bold) > maxw:
        s = s[:-1]
    return s.rstrip() + "\u2026"


def _wrap(tokens: list[str], maxw: float, size: float = 12, bold: bool = False, sep: str = " ") -> list[str]:
    """The tokens joined by ``sep`` in lines of at most ``maxw`` px (a token too long is cut)."""
    lines: list[str] = []
    cur = ""
    for tok in tokens:
        trial = cur + sep + tok if cur else tok
        if cur and _tw(trial, size, bold) > maxw:
            lines.append(cur)
            cur = tok
        else:
            cur = trial
        if sep != " " and " " in cur and _tw(cur, size, bold) > maxw:  # a token too long breaks at its spaces
            words = cur.split(" ")
            cur = ""
            for w in words:
                t2 = cur + " " + w if cur else w
                if cur and _tw(t2, size, bold) > maxw:
                    lines.append(cur)
                    cur = w
                else:
                    cur = t2
    if cur:
        lines.append(cur)
    return [_fit(ln, maxw, size, bold) for ln in lines]


def _plural(k, word: str) -> str:
    return f"{k} {word}{'' if k == 1 else 's'}"


def _names(view) -> dict:
    return _d(view.get("names"))


def _nm(names, cid) -> str:
    return str(names.get(cid, cid)) if isinstance(cid, str) else "?"


def _seat_name(view, q) -> str:
    seats = _l(view.get("seats"))
    if isinstance(q, int) and not isinstance(q, bool) and 0 <= q < len(seats) and isinstance(seats[q], dict):
        return str(seats[q].get("name", q))
    return str(q)


def _tid(*parts) -> str:
    """A target id from parts: characters outside [A-Za-z0-9_.-] become '_'."""
    return ":".join(re.sub(r"[^A-Za-z0-9_.-]", "_", str(p)) for p in parts)


# ---------------------------------------------------------------- card facts
def _supply_info(view) -> dict:
    """{card id: supply entry} (name, kind, cost, text, count)."""
    return {c.get("id"): c for c in _l(view.get("supply")) if isinstance(c, dict) and isinstance(c.get("id"), str)}


def _mansion_info(view) -> dict:
    return {m.get("id"): m for m in _l(view.get("mansion_cards")) if isinstance(m, dict)}


def _card_tokens(info: dict) -> list[str]:
    """A player card's text as short tokens: 'gold 10', 'dmg 15', '+2 cards'."""
    txt = re.sub(r"\s*\([^)]*\)", "", str(info.get("text", "")))
    out = []
    for part in re.split(r"[.,]\s*", txt):
        part = part.strip()
        if not part:
            continue
        part = part.replace("Damage", "dmg").replace("damage", "dmg").replace("Needs", "needs")
        part = part.replace("needs no ammo", "no ammo")
        out.append(part[0].lower() + part[1:] if part[0].isupper() else part)
    return out


def _card_words(info: dict, count: int = 1) -> str:
    """A player card for a label: 'Pistol ×2, weapon, cost 20 gold: Damage 15. Needs 10 ammo.'"""
    many = f" \u00d7{count}" if count > 1 else ""
    return (f"{info.get('name', '?')}{many}, {info.get('kind', 'card')}, cost {info.get('cost', '?')} gold: "
            f"{info.get('text', '')}").strip()


def _mansion_tokens(m: dict) -> list[str]:
    if m.get("infected"):
        return [f"health {_n(m.get('health'), 0)}"]
    out = []
    if _n(m.get("heal"), 0):
        out.append(f"heal {m.get('heal')}")
    if _n(m.get("bonus"), 0):
        out.append(f"+{m.get('bonus')} dmg")
    return out or ["no effect"]


def _mansion_words(m: dict, names) -> str:
    name = _nm(names, m.get("id"))
    if m.get("infected"):
        return (f"{name}, infected: health {m.get('health')}, hits for {m.get('damage')}, "
                f"{_plural(m.get('decorations'), 'decoration')}")
    return f"{name}, item: " + ", ".join(_mansion_tokens(m))


# ---------------------------------------------------------------- drawing cards
def _player_card(out, x, y, w, h, info: dict, band_left: str, band_right: str, bold_name=True,
                 dim=False) -> None:
    """A player card (a hand stack or a supply pile): a band of its kind's colour with two
    words, its name, its effect."""
    band, fill, _ = _KIND.get(str(info.get("kind")), ("#5c544a", "#f4f0e8", "card"))
    if dim:
        fill = "#e6e0d4"
    rect(out, x, y, w, h, fill, stroke=band, sw=1.2, rx=5)
    out.append(f'<path d="M{num(x)} {num(y + 5)}a5 5 0 0 1 5 -5h{num(w - 10)}a5 5 0 0 1 5 5v13h{num(-w)}z" '
               f'fill="{band}"/>')
    text(out, x + 5, y + 13.5, band_left, 12, fill=_WHITE)
    if band_right:
        text(out, x + w - 5, y + 13.5, band_right, 12, fill=_WHITE, anchor="end", bold=True)
    yy = y + 18 + LINE - 1
    for ln in _wrap(str(info.get("name", "?")).split(" "), w - 10, 12, bold_name):
        text(out, x + 5, yy, ln, 12, bold=bold_name)
        yy += LINE
    for ln in _wrap(_card_tokens(info), w - 10, 12, False, ", "):
        text(out, x + 5, yy, ln, 12, fill=_MUTED)
        yy += LINE


def _player_card_height(info: dict, w) -> float:
    n = len(_wrap(str(info.get("name", "?")).split(" "), w - 10, 12, True))
    n += len(_wrap(_card_tokens(info), w - 10, 12, False, ", "))
    return 18 + n * LINE + 6


def _mansion_card(out, x, y, w, h, m: dict, names, status: list, col: str, hi=False) -> None:
    """A revealed mansion card: an infected (dark red band: decorations, the damage it
    deals) or an item (green band), its name, health or effect, and what became of it."""
    infected = bool(m.get("infected"))
    band = "#8b1e1e" if infected else _GREEN
    fill = "#fdf0ef" if infected else "#e8f4ea"
    if hi:
        fill = "#fff1d6"
    rect(out, x, y, w, h, fill, stroke=col if hi else band, sw=2.5 if hi else 1.2, rx=5)
    out.append(f'<path d="M{num(x)} {num(y + 5)}a5 5 0 0 1 5 -5h{num(w - 10)}a5 5 0 0 1 5 5v13h{num(-w)}z" '
               f'fill="{band}"/>')
    if infected:
        text(out, x + 5, y + 13.5, f"\u2605{_n(m.get('decorations'), 0)}", 12, fill=_WHITE, bold=True)
        text(out, x + w - 5, y + 13.5, f"hits {_n(m.get('damage'), 0)}", 12, fill=_WHITE, anchor="end")
    else:
        text(out, x + 5, y + 13.5, "item", 12, fill=_WHITE)
    yy = y + 18 + LINE - 1
    for ln in _wrap(_nm(names, m.get("id")).split(" "), w - 10, 12):  # regular: "Gunpowder" fits
        text(out, x + 5, yy, ln, 12)
        yy += LINE
    for ln in _mansion_tokens(m):
        text(out, x + 5, yy, _fit(ln, w - 10), 12)
        yy += LINE
    for ln in status:
        text(out, x + 5, yy, _fit(ln, w - 10, 12, True), 12, fill=col, bold=True)
        yy += LINE


def _mansion_card_height(m: dict, names, status: list, w) -> float:
    n = len(_wrap(_nm(names, m.get("id")).split(" "), w - 10, 12)) + len(_mansion_tokens(m))
    n += len(status)
    return 18 + n * LINE + 6


def _back(out, x, y, w, h, lines: list[str]) -> None:
    """A face-down card: the back, with words in light ink."""
    rect(out, x, y, w, h, _BACK, stroke=_EDGE, rx=5)
    rect(out, x + 4, y + 4, w - 8, h - 8, "none", stroke="#8b7355")
    yy = y + h / 2 - (len(lines) - 1) * LINE / 2 + 4
    for ln in lines:
        text(out, x + w / 2, yy, _fit(ln, w - 12), 12, fill=_BACK_INK, anchor="middle")
        yy += LINE


def _grid(items, cols, w, gap, x0, y0, heights, draw) -> float:
    """Lay ``items`` out in rows of ``cols`` (each row as tall as its tallest); ``draw(item,
    x, y, h)``. Returns the bottom."""
    y = y0
    for r in range(0, len(items), cols):
        row = items[r:r + cols]
        h = max(heights[r:r + cols])
        for i, it in enumerate(row):
            draw(it, x0 + i * (w + gap), y, h)
        y += h + gap
    return y - gap if items else y0


# ---------------------------------------------------------------- the board
def render_svg(view: dict) -> str:
    """The board as SVG text (see the module doc)."""
    view = _d(view)
    seats = [s for s in _l(view.get("seats")) if isinstance(s, dict)]
    panels = [_hotel_panel(view)]
    panels += [_seat_panel(view, s) for s in seats]
    panels.append(_supply_panel(view))
    return board_svg(panels, title=_title(view), desc=_desc(view, seats))


def _title(view) -> str:
    game = str(view.get("title") or "Hotel Zombie: Extermination")
    counter = _n(view.get("counter"), None)
    last = _n(view.get("last_counter"), 20)
    if isinstance(view.get("winners"), list):
        return f"{game}, game over: the board"
    if view.get("phase") == "setup" or counter is None:
        return f"{game}, setup: the board"
    return f"{game}, Hotel counter {counter} of {last}: the board"


def _score(s):
    """A seat's decorations, or None when the view leaves them out (a lesson asks for them:
    the board draws '?')."""
    v = s.get("score") if "score" in s else s.get("decorations")
    return _n(v, None)


def _desc(view, seats) -> str:
    if not seats:
        return "No players."
    phase = {"game plan": "Game Plan", "turns": "Game Plan (the turns)", "mansion cards": "Game Plan (mansion cards)",
             "combat": "Combat", "regroup": "Regroup", "setup": "Setup", "end": "the end"}.get(
        str(view.get("phase")), str(view.get("phase", "")))
    cp = view.get("current_player")
    who = f"; {_seat_name(view, cp)} decides" if isinstance(cp, int) and 0 <= cp < len(seats) else ""
    first = (f"{len(seats)} players, Hotel counter {_n(view.get('counter'), 0)} of {_n(view.get('last_counter'), 20)}, "
             f"{phase}{who}.")
    hidden = any(_score(s) is None for s in seats)
    each = "; ".join(f"{s.get('name', '?')} health {_n(s.get('health'), '?')}"
                     + ("" if hidden else f", {_plural(_score(s), 'decoration')}") for s in seats)
    win = view.get("winners")
    if isinstance(win, list):
        last = ("The group loses: " + " and ".join(str(s.get("name")) for s in seats if s.get("fallen"))
                + " fell in battle." if view.get("group_loses") else
                "Most decorations wins: " + " and ".join(_seat_name(view, q) for q in win) + ".")
    elif hidden:
        last = "The decorations are not shown."
    else:
        best = max(_score(s) for s in seats)
        lead = [str(s.get("name")) for s in seats if _score(s) == best]
        last = (f"Most decorations: {' and '.join(lead)} ({best})." if best else "No decorations yet.")
    man = _d(view.get("mansion"))
    return f"{first} {each}. {last} Mansion deck: {_plural(_n(man.get('deck_size'), 0), 'card')}."


def _panel_frame(body: list, h, stroke=_EDGE, sw=1.5, fill=_BG) -> None:
    body.insert(0, f'<rect x="1" y="1" width="{PW - 2}" height="{num(h - 2)}" rx="8" fill="{colour(fill, _EDGE)}" '
                   f'stroke="{colour(stroke, _EDGE)}" stroke-width="{num(sw)}"/>')


# ---------------------------------------------------------------- the hotel
def _hotel_panel(view) -> Panel:
    out: list[str] = []
    counter = _n(view.get("counter"), 0)
    last = int(_n(view.get("last_counter"), 20) or 20)
    started = view.get("phase") not in ("setup", None)
    text(out, M, 24, "The Hotel", 15, bold=True)
    text(out, PW - M, 24, f"Hotel counter {counter} of {last}" if started else "Setup", 12, anchor="end",
         bold=True)
    found: dict = {}
    for e in _l(view.get("explored")):
        if isinstance(e, dict):
            found.setdefault(e.get("room"), []).append(e)
    names = _names(view)
    cols, gap = 4, 4
    cw = (IN - (cols - 1) * gap) / cols
    ch = 42
    y0 = 36
    for k in range(1, last + 1):
        r, c = divmod(k - 1, cols)
        now = started and k == counter
        past = k < counter or (now and view.get("phase") == "end")
        _room(out, M + c * (cw + gap), y0 + r * (ch + gap), cw, ch, k, found.get(k, []), names, now, past)
    rows = (last + cols - 1) // cols
    y = y0 + rows * (ch + gap) + 12
    text(out, M, y, "\u2714 defeated  \u2718 took a hit  \u271a item", 12, fill=_MUTED)
    y = _hotel_piles(out, view, names, y + 10)
    y = _end_banner(out, view, y)
    h = y + M
    _panel_frame(out, h)
    return Panel(f"The Hotel: counter {counter} of {last}", PW, h, out)


def _room(out, x, y, cw, ch, k: int, cards: list, names, now: bool, past: bool) -> None:
    """Room ``k`` of the hotel (the round at Hotel counter ``k``): the current one marked, a
    room already explored with what was found there (defeated, hit, item)."""
    won = sum(1 for e in cards if e.get("outcome") in ("defeated", "assisted", "stolen"))
    lost = sum(1 for e in cards if e.get("outcome") in ("hit", "unassisted"))
    items = sum(1 for e in cards if e.get("outcome") == "item")
    if now:
        state = "explored now" if cards else "this round"
    elif past:
        state = "explored" if cards else "no one explored it"
    else:
        state = "not reached yet"
    words = []
    if won:
        words.append(f"{won} infected defeated")
    if lost:
        words.append(f"{lost} hit")
    if items:
        words.append(_plural(items, "item"))
    if cards:
        words.append("found: " + ", ".join(_nm(names, e.get("id")) for e in cards))
    out.append(target(_tid("room", k), f"Room {k} (Hotel counter {k}), {state}"
                      + (": " + "; ".join(words) if words else "")))
    fill = "#f2d16b" if now else ("#ddd2bb" if past else _WHITE)
    rect(out, x, y, cw, ch, fill, stroke="#b8860b" if now else _EDGE, sw=2.5 if now else 1, rx=4)
    text(out, x + 6, y + 16, f"Room {k}", 12, bold=now or past)
    if now:  # a marker, the hotel's "you are here"
        tx, ty = x + cw - 14, y + 6
        out.append(f'<path d="M{num(tx)} {num(ty)}l10 6l-10 6z" fill="{INK}"/>')
    marks = [f"{sign}{cnt}" for sign, cnt in (("\u2714", won), ("\u2718", lost), ("\u271a", items)) if cnt]
    if marks:
        m = " ".join(marks)
        text(out, x + 6, y + 34, m if _tw(m) <= cw - 10 else "".join(marks), 12, fill=INK)
    elif now:
        text(out, x + 6, y + 34, "this round", 12, fill=INK)
    elif past:
        text(out, x + 6, y + 34, "quiet", 12, fill=_MUTED)
    out.append("</g>")


def _hotel_piles(out, view, names, y) -> float:
    """The mansion deck, the mansion discard pile and the trash, side by side."""
    man = _d(view.get("mansion"))
    dk = _n(man.get("deck_size"), 0)
    disc = len(_l(man.get("discard")))
    trash = len(_l(view.get("trash")))
    avail = _n(man.get("available"), None)
    pw, gap = (IN - 16) / 3, 8
    out.append(target("mansion:deck", f"Mansion deck, {_plural(dk, 'card')} face down"
                      + (f"; {avail} can be dealt this round" if avail is not None else "")))
    _back(out, M, y, pw, 50, ["Mansion deck", _plural(dk, "card")])
    out.append("</g>")
    names_disc = _l(man.get("discard"))
    out.append(target("mansion:discard", f"Mansion discard pile, {_plural(disc, 'card')}"
                      + (": " + ", ".join(_counts(names_disc, names)) if names_disc else "")))
    rect(out, M + pw + gap, y, pw, 50, "#efe6d3", stroke=_EDGE, rx=5)
    text(out, M + pw + gap + pw / 2, y + 21, "Mansion discard", 12, anchor="middle")
    text(out, M + pw + gap + pw / 2, y + 37, _plural(disc, "card"), 12, anchor="middle", bold=True)
    out.append("</g>")
    tr = _l(view.get("trash"))
    out.append(target("trash", f"Trash, {_plural(trash, 'player card')}"
                      + (": " + ", ".join(_counts(tr, names)) if tr else "")))
    x = M + 2 * (pw + gap)
    rect(out, x, y, pw, 50, "#efe6d3", stroke=_EDGE, rx=5)
    text(out, x + pw / 2, y + 21, "Trash", 12, anchor="middle")
    text(out, x + pw / 2, y + 37, _plural(trash, "card"), 12, anchor="middle", bold=True)
    out.append("</g>")
    return y + 50


def _end_banner(out, view, y) -> float:
    """The end of the game: the winners, or the group's loss."""
    win = view.get("winners")
    if not isinstance(win, list):
        return y
    seats = [s for s in _l(view.get("seats")) if isinstance(s, dict)]
    if view.get("group_loses"):
        who = " and ".join(str(s.get("name")) for s in seats if s.get("fallen"))
        lines, col = ["The group loses:", f"{who} fell in battle"], _RED
    else:
        lines, col = ["Most decorations wins:", " and ".join(_seat_name(view, q) for q in win)], _GREEN
    y += 8
    rect(out, M, y, IN, 2 * LINE + 14, "#ffffff", stroke=col, sw=2, rx=5)
    for i, ln in enumerate(lines):
        text(out, M + 8, y + 19 + i * LINE, _fit(ln, IN - 16, 13, True), 13, bold=True, fill=col)
    return y + 2 * LINE + 14


def _counts(ids, names) -> list[str]:
    """['Ammo Box ×3', 'Pistol']: a pile's cards by name, in order of first appearance."""
    seen: dict = {}
    for c in ids:
        k = _nm(names, c)
        seen[k] = seen.get(k, 0) + 1
    return [k + (f" \u00d7{v}" if v > 1 else "") for k, v in seen.items()]


# ---------------------------------------------------------------- a player
def _seat_panel(view, s) -> Panel:
    out: list[str] = []
    names = _names(view)
    seat = s.get("seat")
    sid = seat if isinstance(seat, int) and not isinstance(seat, bool) else "x"
    name = str(s.get("name", "?"))
    seat_col = colour(s.get("color"), "#555555")
    current = view.get("current_player") == seat and isinstance(seat, int)
    _seat_header(out, s, sid, name, seat_col, current)
    y = _plan_and_damage(out, s, sid, name, 36)
    y = _health(out, s, sid, name, y)
    turn = _d(view.get("turn"))
    y = _turn_box(out, turn, seat, sid, name, y)
    if s.get("deck_size") is None and s.get("discard") is None:  # another seat's turn (ruling HZ-03)
        tp = turn.get("seat")
        when = ("Turn played in secret" if isinstance(tp, int) and isinstance(seat, int) and seat < tp else
                "Playing the turn in secret" if seat == tp else
                "Turn to come (secret)" if isinstance(tp, int) else "Turn secret until all are done")
        text(out, M, y + 12, when, 12, fill=_MUTED, italic=True)
        y += 22
    sup = _supply_info(view)
    # the hand; the deck, the discard pile, the play area; the round's mansion cards
    y = _hand(out, view, s, sid, name, sup, names, y)
    y = _piles(out, s, sid, name, sup, names, y)
    y = _mansion_row(out, view, s, sid, name, _mansion_info(view), names, y)
    h = y + M
    _panel_frame(out, h, seat_col, 3.5 if current else 1.5, _SEAT_BG)
    return Panel(f"{name}'s cards" + (" (to act)" if current else ""), PW, h, out)


_SOURCE_WORDS = {"own": "own kill", "assisted": "assisted kill", "kill_steal": "Kill Steal"}


def _seat_header(out, s, sid, name, seat_col, current) -> None:
    """Row 1: who, and the trophies (decorations) and skill."""
    out.append(f'<circle cx="{M + 7}" cy="20" r="7" fill="{seat_col}" stroke="{INK}" stroke-width="1"/>')
    deco = _score(s)
    skill = _n(s.get("skill"), 0)
    trophies = [t for t in _l(s.get("trophies")) if isinstance(t, dict)]
    src: dict = {}
    for t in trophies:
        src[t.get("source")] = src.get(t.get("source"), 0) + 1
    how = ", ".join(f"{v} {_SOURCE_WORDS.get(k, k)}{'s' if v != 1 else ''}" for k, v in src.items())
    score = f"\u2605 {'?' if deco is None else deco} \u00b7 skill {skill}"
    sw = _tw(score, 13, True)
    text(out, M + 20, 25, _fit(name + ("  \u25b6 to act" if current else ""), IN - 30 - sw, 15, True), 15, bold=True)
    out.append(target(_tid("trophies", sid), f"{name}'s trophies: " + (
        "decorations not shown" if deco is None else _plural(deco, "decoration")
        + (f" from {len(trophies)} infected ({how})" if trophies else ""))
                      + f"; {_plural(skill, 'skill point')}"))
    text(out, PW - M, 25, score, 13, anchor="end", bold=True, fill=_GOLD)
    out.append("</g>")


def _plan_and_damage(out, s, sid, name, y) -> float:
    """Row 2: the Game Plan card (face down while secret) and the damage."""
    plan = s.get("plan")
    if plan in _PLAN:
        ptext, plabel = _PLAN[plan], f"{name}'s Game Plan: {_PLAN[plan]}"
    elif s.get("plan_chosen"):
        ptext, plabel = "Game Plan: secret", f"{name}'s Game Plan: chosen, face down"
    else:
        ptext, plabel = "Game Plan: not chosen", f"{name}'s Game Plan: not chosen yet"
    out.append(target(_tid("plan", sid), plabel))
    pw = _tw(ptext, 12) + 14
    rect(out, M, y, pw, 22, "#e4ecfb" if plan in _PLAN else "#efe6d3", stroke=_BLUE if plan in _PLAN else _EDGE, rx=4)
    text(out, M + 7, y + 15.5, ptext, 12, fill=_BLUE if plan in _PLAN else INK)
    out.append("</g>")
    dmg = s.get("damage")
    dtext = f"Damage {_n(dmg, '?')}"
    secret = s.get("deck_size") is None and s.get("discard") is None  # another seat's turn (ruling HZ-03)
    out.append(target(_tid("damage", sid), f"{name}'s damage: "
                      + str(_n(dmg, "secret until every turn is done" if secret else "not shown"))))
    dw = _tw(dtext, 12, True) + 14
    rect(out, PW - M - dw, y, dw, 22, _WHITE, stroke=_RED, rx=4)
    text(out, PW - M - 7, y + 15.5, dtext, 12, anchor="end", bold=True, fill=_RED)
    out.append("</g>")
    return y + 30


def _health(out, s, sid, name, y) -> float:
    """Row 3: health, as a number and a bar."""
    hp, mx = _n(s.get("health"), None), max(1, _n(s.get("max_health"), 100) or 100)
    fallen = bool(s.get("fallen"))
    out.append(target(_tid("health", sid), f"{name}'s health: " + ("not shown" if hp is None else f"{hp} of {mx}")
                      + (", fallen in battle" if fallen else "")))
    htext = f"Health {'?' if hp is None else hp}/{mx}" + (" \u2014 fallen" if fallen else "")
    text(out, M, y + 13, htext, 12, bold=True, fill=_RED if fallen else INK)
    bx = M + _tw(htext, 12, True) + 10
    bw = PW - M - bx
    rect(out, bx, y + 3, bw, 12, _WHITE, stroke=_EDGE)
    frac = 0.0 if hp is None else max(0.0, min(1.0, hp / mx))
    if frac > 0:
        rect(out, bx, y + 3, bw * frac, 12, "#2f8f46" if frac > 0.3 else "#c0392b")
    out.append("</g>")
    return y + 26


_STEP_WORDS = {"actions": "play actions", "buys": "buy resources", "weapons": "declare weapons"}


def _turn_box(out, turn: dict, seat, sid, name, y) -> float:
    """The turn being played, when it is this seat's and seen: its step and counts."""
    if not (turn and turn.get("seat") == seat and turn.get("step") is not None):
        return y
    step = _STEP_WORDS.get(str(turn.get("step")), str(turn.get("step")))
    acts, buys = _n(turn.get("actions"), 0), _n(turn.get("buys"), 0)
    gold, ammo = _n(turn.get("gold"), 0), _n(turn.get("ammo"), 0)
    free = _n(turn.get("trash"), 0)
    counts = f"{_plural(acts, 'action')} \u00b7 {_plural(buys, 'buy')} \u00b7 {gold} gold \u00b7 {ammo} ammo"
    out.append(target(_tid("turn", sid), f"{name}'s turn, step {step}: {counts}"
                      + (f", {free} free Trash" if free else "")))
    rect(out, M, y, IN, 2 * LINE + 10, "#fff6dc", stroke="#b8860b", rx=4)
    text(out, M + 7, y + 17, _fit(f"Turn: {step}" + (f" \u00b7 {free} free Trash" if free else ""), IN - 14, 12, True),
         12, bold=True)
    text(out, M + 7, y + 17 + LINE, _fit(counts, IN - 14), 12)
    out.append("</g>")
    return y + 2 * LINE + 18


def _hand(out, view, s, sid, name, sup, names, y) -> float:
    hand = s.get("hand")
    size = s.get("hand_size")
    if isinstance(hand, list):
        stacks: dict = {}
        for c in hand:
            if isinstance(c, str):
                stacks[c] = stacks.get(c, 0) + 1
        text(out, M, y + 12, f"Hand \u00b7 {_plural(len(hand), 'card')}" if hand else "Hand: empty", 12, bold=True)
        y += 18
        if not stacks:
            return y
        cols, gap = 3, 6
        w = (IN - (cols - 1) * gap) / cols
        items = list(stacks.items())
        infos = [dict(sup.get(c) or {"name": _nm(names, c)}) for c, _ in items]
        # a stack's top card is 3 px smaller (the cards under it show): measured at that width
        heights = [_player_card_height(i, w - 3) + 3 if cnt > 1 else _player_card_height(i, w)
                   for i, (_, cnt) in zip(infos, items)]

        def draw(it, x, yy, h):
            k = items.index(it)
            cid, cnt = it
            info = infos[k]
            out.append(target(_tid("hand", sid, cid), f"{name}'s hand: {_card_words(info, cnt)}"))
            if cnt > 1:  # a stack: the cards under it show
                rect(out, x + 3, yy + 3, w, h, "#d6ccb8", stroke=_EDGE, rx=5)
            _player_card(out, x, yy, w - (3 if cnt > 1 else 0), h - (3 if cnt > 1 else 0), info,
                         _KIND.get(str(info.get("kind")), ("", "", "card"))[2], f"\u00d7{cnt}" if cnt > 1 else "")
            out.append("</g>")
        return _grid(items, cols, w, gap, M, y, heights, draw) + 10
    if isinstance(size, int) and not isinstance(size, bool):
        text(out, M, y + 12, f"Hand \u00b7 {_plural(size, 'card')}, face down" if size else "Hand: empty", 12,
             bold=True)
        y += 18
        cols, gap, w, h = 7, 4, (IN - 6 * 4) / 7, 40
        for i in range(size):
            r, c = divmod(i, cols)
            out.append(target(_tid("hand", sid, i), f"{name}'s hand, card {i + 1}, face down"))
            _back(out, M + c * (w + gap), y + r * (h + gap), w, h, [str(i + 1)])
            out.append("</g>")
        return y + (-(-size // cols)) * (h + gap) + 6 if size else y
    text(out, M, y + 12, "Hand: secret", 12, bold=True)
    return y + 22


def _piles(out, s, sid, name, sup, names, y) -> float:
    deck = s.get("deck_size")
    disc = s.get("discard")
    play = [c for c in _l(s.get("play_area")) if isinstance(c, str)]
    pw, ph = 96, 44
    if deck is not None:
        out.append(target(_tid("deck", sid), f"{name}'s deck, {_plural(_n(deck, 0), 'card')} face down"))
        _back(out, M, y, pw, ph, ["Deck", _plural(_n(deck, 0), "card")])
        out.append("</g>")
    if isinstance(disc, list):
        dn = [c for c in disc if isinstance(c, str)]
        out.append(target(_tid("discard", sid), f"{name}'s discard pile, {_plural(len(dn), 'card')}"
                          + (": " + ", ".join(_counts(dn, names)) if dn else "")))
        x = M + pw + 8
        rect(out, x, y, pw, ph, "#efe6d3", stroke=_EDGE, rx=5)
        text(out, x + pw / 2, y + 18, "Discard", 12, anchor="middle")
        text(out, x + pw / 2, y + 34, _plural(len(dn), "card"), 12, anchor="middle", bold=True)
        out.append("</g>")
    if deck is None and not isinstance(disc, list):
        return y
    # the play area, beside the piles: chips in rows
    x0 = M + 2 * (pw + 8)
    text(out, x0, y + 12, "Play area" if play else "Play area: empty", 12, fill=_MUTED)
    x, yy = x0, y + 18
    for i, c in enumerate(play):
        info = sup.get(c) or {"name": _nm(names, c)}
        label = _fit(str(info.get("name", "?")), PW - M - x0 - 12)
        cw = _tw(label, 12) + 12
        if x > x0 and x + cw > PW - M:
            x, yy = x0, yy + 26
        band = _KIND.get(str(info.get("kind")), (_EDGE, "", ""))[0]
        out.append(target(_tid("play", sid, i), f"{name}'s play area, card {i + 1}: {_card_words(info)}"))
        rect(out, x, yy, cw, 22, _KIND.get(str(info.get("kind")), ("", "#f4f0e8", ""))[1], stroke=band, sw=1.2, rx=4)
        text(out, x + 6, yy + 15.5, label, 12)
        out.append("</g>")
        x += cw + 5
    bottom = max(y + ph, yy + 22 if play else y + ph)
    y = bottom + 8
    bought, trashed = _l(s.get("bought")), _l(s.get("trashed"))
    if bought or trashed:
        words = (["Bought:"] + ", ".join(_counts(bought, names)).split(" ") if bought else []) + (
            ([";"] if bought else []) + ["Trashed:"] + ", ".join(_counts(trashed, names)).split(" ") if trashed else [])
        said = " ".join(words).replace(" ;", ";")
        for ln in _wrap(said.split(" "), IN)[:2]:
            text(out, M, y + 12, ln, 12, fill=_MUTED)
            y += LINE
        y += 6
    return y


def _mansion_row(out, view, s, sid, name, mans, names, y) -> float:
    """The round's mansion cards of a seat: revealed (with what became of each), the infected
    being fought, those hit and open to a Kill Steal, those waiting for an assist, the face-down
    ones; then the group's damage that could assist."""
    down = int(_n(s.get("face_down"), 0) or 0)
    waiting = [r for r in _l(s.get("waiting")) if isinstance(r, dict)]
    fighting = _d(s.get("fighting"))
    cards = _mansion_cards(view, s, sid, name, mans, names, waiting, fighting)
    taken = s.get("takes")
    if taken is None and not cards:
        return y
    text(out, M, y + 12, "Mansion cards" + (f" \u00b7 took {taken}" if taken is not None else ""), 12, bold=True)
    y += 18
    cols, gap = 4, 5
    w = (IN - (cols - 1) * gap) / cols
    heights = [_mansion_card_height(c[2], names, c[3], w) if c[2] is not None else 62 for c in cards]
    base = max([62] + heights)
    heights = [base] * len(cards)

    def draw(c, x, yy, h):
        tid, label, m, status, col, hi = c
        out.append(target(tid, label))
        if m is None:
            _back(out, x, yy, w, h, ["face", "down"] + status)
        else:
            _mansion_card(out, x, yy, w, h, m, names, status, col, hi)
        out.append("</g>")
    y = _grid(cards, cols, w, gap, M, y, heights, draw) + (8 if cards else 0)
    gd = _n(s.get("group_damage"), None)
    if gd is not None and (waiting or fighting or down):
        text(out, M, y + 12, f"The group's damage that could assist: {gd}", 12, fill=_MUTED)
        y += 20
    return y


def _mansion_cards(view, s, sid, name, mans, names, waiting, fighting) -> list[tuple]:
    """The seat's mansion cards of the round, in order, each ``(target id, label, mansion
    card or None for a back, status lines, colour, highlighted)``."""
    def card(r):
        return dict(mans.get(r.get("id")) or {"id": r.get("id")})
    cards = []
    for i, r in enumerate(x for x in _l(s.get("revealed")) if isinstance(x, dict)):
        m = card(r)
        col, word = _OUTCOME.get(str(r.get("outcome")), (_MUTED, str(r.get("outcome"))))
        by = [_seat_name(view, q) for q in _l(r.get("by"))]
        un = r.get("outcome") == "unassisted"
        lines = (["hit taken:", "no assist"] if un else [word]) + (
            [f"{'helped:' if un else 'by'} {' & '.join(by)}"] if by else [])
        said = ("the group could not assist: hit taken" if un else word) + (
            f"{', helped by' if un else ' by'} {' and '.join(by)}" if by else "")
        cards.append((_tid("found", sid, i), f"{name}'s revealed mansion card {i + 1}: {_mansion_words(m, names)}; "
                      + said, m, lines, col, False))
    if fighting:
        m = card(fighting)
        ch = s.get("fight_choice")
        lines = {"hit": ["takes", "the hit"], "wait": ["waits"]}.get(
            ch, ["chose in", "secret"] if s.get("fight_chosen") else ["hit or", "wait?"])
        cards.append((_tid("fight", sid), f"{name} cannot defeat the revealed {_mansion_words(m, names)}; "
                      f"damage {_n(s.get('damage'), 0)}: " + " ".join(lines), m, lines, _RED, True))
    steals = [k for k in _l(view.get("kill_steal")) if isinstance(k, dict) and k.get("seat") == s.get("seat")]
    for i, k in enumerate(steals):
        m = card(k)
        cards.append((_tid("steal", sid, i), f"{name} took the hit from the {_mansion_words(m, names)}: "
                      "open to a Kill Steal", m, ["hit taken:", "Kill Steal?"], _RED, True))
    for i, r in enumerate(waiting):
        m = card(r)
        helpers = [_seat_name(view, q) for q in _l(r.get("helpers"))]
        left = _n(r.get("left"), 0)
        cards.append((_tid("waiting", sid, i), f"{name}'s mansion card waiting for assistance: "
                      f"{_mansion_words(m, names)}; {left} health left"
                      + (f", assisted by {' and '.join(helpers)}" if helpers else ""), m, ["waiting:", f"{left} left"],
                      _BLUE, True))
    known = _l(s.get("face_down_cards"))
    shown = len(cards)  # the face-down cards come after every revealed one
    for i in range(int(_n(s.get("face_down"), 0) or 0)):
        cid = known[i] if i < len(known) and isinstance(known[i], str) else None
        cards.append((_tid("down", sid, i), f"{name}'s mansion card {shown + i + 1}, face down"
                      + (f" ({_nm(names, cid)})" if cid else ""), None, [_nm(names, cid)] if cid else [], "", False))
    return cards


# ---------------------------------------------------------------- the card table
def _supply_panel(view) -> Panel:
    out: list[str] = []
    text(out, M, 24, "The card table", 15, bold=True)
    text(out, PW - M, 24, "cost \u00b7 cards left", 12, anchor="end", fill=_MUTED)
    piles = [c for c in _l(view.get("supply")) if isinstance(c, dict)]
    cols, gap = 3, 6
    w = (IN - (cols - 1) * gap) / cols
    y = 36
    for kind in ("ammunition", "weapon", "action"):
        group = [c for c in piles if c.get("kind") == kind]
        if not group:
            continue
        heights = [_player_card_height(c, w) for c in group]

        def draw(c, x, yy, h):
            cnt = _n(c.get("count"), 0)
            out.append(target(_tid("supply", c.get("id", "x")), f"Supply pile: {_card_words(c)}; "
                              f"{_plural(cnt, 'card')} left"))
            _player_card(out, x, yy, w, h, c, f"{c.get('cost', '?')} gold", f"{cnt} left", dim=not cnt)
            out.append("</g>")
        y = _grid(group, cols, w, gap, M, y, heights, draw) + 10
    rest = [c for c in piles if c.get("kind") not in _KIND]
    for c in rest:
        out.append(target(_tid("supply", c.get("id", "x")), f"Supply pile: {c.get('name', '?')}"))
        text(out, M, y + 12, _fit(str(c.get("name", "?")), IN), 12)
        out.append("</g>")
        y += 18
    h = y - 10 + M + 2
    _panel_frame(out, h)
    return Panel("The card table (supply)", PW, h, out)
