"""Boards drawn as panels, with targets: the shape every game's renderer gives its SVG.

A board is a set of panels (a player's hotel board, the card row, the supply...), each drawn
at 1 viewBox unit = 1 CSS px, at most :data:`PANEL_MAX_WIDTH` wide and with no text under
:data:`MIN_FONT`. The front end (``hotellab/widgets/js/board.js``) lays the panels out side by
side and wraps them on a narrow page, so a board reflows instead of shrinking and its text
stays readable (WCAG 1.4.4, 1.4.10). A thing that actions concern is wrapped in a
:func:`target` group whose id ``State._action_target`` returns: the board is then the
interface (a click, or the arrow keys and Enter, make the move). See ``docs/dev/board.md``.
"""

from __future__ import annotations

import fnmatch
import re
import xml.etree.ElementTree as ET
from html import escape as _html_escape

from .text import clean_text

PANEL_MAX_WIDTH = 360  # CSS px: two fit in a docs column, one in a 400 px window
MIN_FONT = 12  # viewBox units = CSS px: 11 px or more even when a panel shrinks to 92 %
BOARD_WIDTH = 1100  # the width a static picture (the root SVG) lays its panels out in
PANEL_GAP = 12  # CSS px between panels


def esc(text) -> str:
    """XML-escape any value for text content or a double-quoted attribute. Characters that
    XML forbids (control characters such as U+000C, lone surrogates, U+FFFE; see
    :mod:`hotellab.core.text`) become U+FFFD, so a name from a file never makes a board
    invalid XML.

    >>> esc("Ann\x0cLee & <Bob>")
    'Ann\ufffdLee &amp; &lt;Bob&gt;'
    """
    return _html_escape(clean_text(text), quote=True)


def num(v) -> str:
    """A coordinate in viewBox units: digits when whole, else one decimal."""
    if type(v) is int:
        return str(v)
    r = round(float(v), 1)
    i = int(r)
    return str(i) if r == i else str(r)


def target(tid: str, label: str, extra: str = "") -> str:
    """The opening tag of a thing actions may concern: ``<g data-target="tid"
    data-label="label">``; close it with ``</g>``. ``tid`` is the stable id that
    ``State._action_target`` returns for an action on the thing (e.g. ``"bed:2A:1"``);
    ``label`` says what the thing is and its state in words ("2A, bed 1, +2, free"), the
    accessible name a screen reader hears before the thing's moves.

    >>> target("bed:2A:1", "2A, bed 1, free")
    '<g data-target="bed:2A:1" data-label="2A, bed 1, free">'
    """
    return f'<g data-target="{esc(tid)}" data-label="{esc(label)}"{extra}>'


class Panel:
    """One component of a board, drawn in its own coordinates (0..width, 0..height CSS px):
    ``title`` names it for a screen reader ("Blue's hotel"), ``body`` is its SVG elements.
    Raises ValueError when it is wider than :data:`PANEL_MAX_WIDTH` or not positive."""

    __slots__ = ("title", "width", "height", "body")

    def __init__(self, title: str, width: float, height: float, body: list[str] | None = None):
        if not 0 < width <= PANEL_MAX_WIDTH or not 0 < height:
            raise ValueError(f"panel {title!r} is {width} x {height}: panels are 1..{PANEL_MAX_WIDTH} px wide")
        self.title, self.width, self.height = title, width, height
        self.body = body if body is not None else []

    def svg(self, x=0, y=0) -> str:
        return (f'<svg class="hl-panel" x="{num(x)}" y="{num(y)}" width="{num(self.width)}" '
                f'height="{num(self.height)}" viewBox="0 0 {num(self.width)} {num(self.height)}" '
                f'aria-label="{esc(self.title)}">{"".join(self.body)}</svg>')


def board_svg(panels: list[Panel], *, title: str, desc: str = "", width: int = BOARD_WIDTH,
              gap: int = PANEL_GAP, font: str = "system-ui, sans-serif") -> str:
    """The root SVG of a board made of ``panels``, laid out left to right in rows of at
    most ``width`` px (a static picture: ``_repr_html_``, an image export). The front end
    takes the panels out and lets the page wrap them. ``title`` and ``desc`` name and
    describe the whole board (its ``<title>`` and ``<desc>``).

    >>> s = board_svg([Panel("A", 100, 50), Panel("B", 100, 80)], title="T", width=150)
    >>> s.count('class="hl-panel"'), 'viewBox="0 0 100 142"' in s
    (2, True)
    """
    x = y = row_h = 0
    placed, used_w = [], 0
    for p in panels:
        if x and x + p.width > width:
            x, y, row_h = 0, y + row_h + gap, 0
        placed.append(p.svg(x, y))
        used_w = max(used_w, x + p.width)
        x += p.width + gap
        row_h = max(row_h, p.height)
    height = y + row_h
    d = f"<desc>{esc(desc)}</desc>" if desc else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="hl-board-svg" viewBox="0 0 {num(used_w)} {num(height)}" '
            f'width="{num(used_w)}" height="{num(height)}" font-family="{esc(font)}" role="group" '
            f'aria-label="{esc(title)}"><title>{esc(title)}</title>{d}{"".join(placed)}</svg>')


_PANEL_RE = re.compile(r'<svg class="hl-panel" x="[^"]*" y="[^"]*" (.*?)</svg>', re.S)
_ROOT_RE = re.compile(r'<svg [^>]*?font-family="([^"]*)"[^>]*aria-label="([^"]*)"><title>.*?</title>(?:<desc>(.*?)</desc>)?', re.S)


def board_html(svg: str) -> str:
    """HTML for a board SVG in a page without hotellab's front end (``_repr_html_``): a
    board of panels (:func:`board_svg`) as a wrapping row of SVGs at their own size, so
    it reflows on a narrow page; any other SVG as it is, scrolling sideways when wide.

    >>> board_html(board_svg([Panel("A", 10, 10)], title="T")).startswith('<div class="hotellab-board hl-panels"')
    True
    """
    root = _ROOT_RE.match(svg)
    panels = _PANEL_RE.findall(svg) if root else []
    if not panels:
        return f'<div class="hotellab-board" style="max-width:100%;overflow-x:auto">{svg}</div>'
    font, title, desc = root.group(1), root.group(2), root.group(3) or ""
    items = "".join(f'<svg xmlns="http://www.w3.org/2000/svg" class="hl-panel" role="group" '
                    f'font-family="{font}" style="max-width:100%;height:auto" {body}</svg>' for body in panels)
    d = f'<p style="position:absolute;left:-9999px">{desc}</p>' if desc else ""
    return (f'<div class="hotellab-board hl-panels" role="group" aria-label="{title}" style="display:flex;'
            f'flex-wrap:wrap;gap:{PANEL_GAP}px;align-items:flex-start;position:relative">{d}{items}</div>')


def board_targets(svg: str) -> dict[str, str]:
    """``{target id: label}`` of every ``data-target`` element of a board SVG, in drawing
    (reading) order. Raises ValueError for a target drawn twice or one without a label (a
    screen reader would hear nothing), ``xml.etree.ElementTree.ParseError`` for malformed SVG.

    >>> board_targets('<svg><g data-target="bed:1A:0" data-label="1A, bed 0, free"/></svg>')
    {'bed:1A:0': '1A, bed 0, free'}
    """
    root = ET.fromstring(svg)
    out: dict[str, str] = {}
    for el in root.iter():
        tid = el.get("data-target")
        if tid is None:
            continue
        if tid in out:
            raise ValueError(f"target {tid!r} is drawn twice")
        label = (el.get("data-label") or "").strip()
        if not label:
            raise ValueError(f"target {tid!r} has no data-label")
        out[tid] = label
    return out


def match_targets(patterns, targets) -> list[str]:
    """The ids of ``targets`` (an iterable of target ids, in board order) that any of the
    fnmatch ``patterns`` matches (``"bed:2A:*"``), in board order. Raises ValueError naming
    the first pattern that matches nothing.

    >>> match_targets(["bed:2A:*"], ["bed:1A:0", "bed:2A:0", "bed:2A:1"])
    ['bed:2A:0', 'bed:2A:1']
    """
    ids = list(targets)
    for p in patterns:
        if not fnmatch.filter(ids, p):
            raise ValueError(f"{p!r} matches no target drawn on the board (it has {len(ids)}: "
                             f"{', '.join(ids[:6])}{', ...' if len(ids) > 6 else ''})")
    return [t for t in ids if any(fnmatch.fnmatchcase(t, p) for p in patterns)]


_PANEL_START = re.compile(r'<svg class="hl-panel"')


def board_parts(svg: str) -> list[str]:
    """A board SVG cut into parts that join back into it: the root's head, one part per panel
    and the root's end (a board without panels: one part). Frames and lessons carry each
    distinct part once (:class:`PartTable`): consecutive states change a panel or two, and a
    board is larger than gzip's 32 KB window, so whole boards would not share their panels.

    >>> parts = board_parts(board_svg([Panel("A", 10, 10), Panel("B", 10, 10)], title="T"))
    >>> len(parts), parts[1].startswith('<svg class="hl-panel"'), parts[-1]
    (4, True, '</svg>')
    """
    cuts = [m.start() for m in _PANEL_START.finditer(svg)]
    if not cuts:
        return [svg]
    end = svg.rfind("</svg>")
    bounds = [0, *cuts, end, len(svg)]
    return [svg[a:b] for a, b in zip(bounds, bounds[1:]) if b > a]


class PartTable:
    """The distinct parts of many boards, each once: :meth:`encode` gives a board as a list of
    part numbers; ``"".join(table.parts[i] for i in numbers)`` is the board again.

    >>> t = PartTable(); a = t.encode("<svg>x</svg>"); t.encode("<svg>x</svg>") == a, t.parts == ["<svg>x</svg>"]
    (True, True)
    """

    __slots__ = ("parts", "_index")

    def __init__(self):
        self.parts: list[str] = []
        self._index: dict[str, int] = {}

    def encode(self, svg: str) -> list[int]:
        out = []
        for part in board_parts(svg):
            i = self._index.get(part)
            if i is None:
                i = self._index[part] = len(self.parts)
                self.parts.append(part)
            out.append(i)
        return out
