"""Small helpers shared by the games' SVG renderers (``hotellab/games/<id>/render.py``).

>>> esc('<b title="x">&')
'&lt;b title=&quot;x&quot;&gt;&amp;'
>>> num(3), num(2.25), num(4.0)
('3', '2.2', '4')
>>> is_colour("#2b6cd4"), is_colour("red"), is_colour("url(#x)")
(True, True, False)
>>> number(True, 0), number(2.5), as_list("x"), as_dict(None)
(0, 2.5, [], {})
>>> out = []; text(out, 10, 20.25, "a<b", 11, bold=True); out
['<text x="10" y="20.2" font-size="11" font-weight="700">a&lt;b</text>']
"""

from __future__ import annotations

import re

from ..core.board import (  # noqa: F401  (the renderers' helpers, in one place)
    BOARD_WIDTH, MIN_FONT, PANEL_GAP, PANEL_MAX_WIDTH, Panel, board_svg, esc, num, target,
)

INK = "#2d2a26"  # the renderers' text colour; text() leaves fill out for it (the SVG's default)

# a colour a renderer may put into an attribute: #rgb..#rrggbbaa or a colour name
COLOUR_RE = re.compile(r"^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20})$")


def is_colour(value) -> bool:
    """True when ``value`` is text safe to use as an SVG colour (see :data:`COLOUR_RE`)."""
    return isinstance(value, str) and bool(COLOUR_RE.match(value))


def number(v, default=None):
    """``v`` when it is a real number (int or float, not bool), else ``default``: view data
    is read defensively, since a view may come from a file."""
    return v if isinstance(v, (int, float)) and not isinstance(v, bool) else default


def as_list(v) -> list:
    """``v`` when it is a list, else ``[]``."""
    return v if isinstance(v, list) else []


def as_dict(v) -> dict:
    """``v`` when it is a dict, else ``{}``."""
    return v if isinstance(v, dict) else {}


def text(out: list, x, y, s, size=12, *, fill=INK, anchor=None, bold=False, italic=False, extra="") -> None:
    """Append a ``<text>`` element with escaped content ``s`` at (x, y), font ``size`` units;
    ``fill`` is written only when it is not :data:`INK`; ``extra`` is further attributes,
    already escaped."""
    a = f' text-anchor="{anchor}"' if anchor else ""
    b = ' font-weight="700"' if bold else ""
    i = ' font-style="italic"' if italic else ""
    f = f' fill="{fill}"' if fill != INK else ""
    out.append(f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}"{a}{b}{i}{f}{extra}>{esc(s)}</text>')



def colour(value, default: str = INK) -> str:
    """``value`` when it is a safe colour (:func:`is_colour`), else ``default``."""
    return value if is_colour(value) else default


def rect(out: list, x, y, w, h, fill, *, stroke=None, sw=1, rx=3, dash=None, extra="") -> None:
    """Append a ``<rect>`` at (x, y) of ``w`` x ``h`` units with corner radius ``rx``: ``fill``
    and ``stroke`` are colours (checked with :func:`is_colour`: an unsafe fill becomes white,
    an unsafe stroke none), ``sw`` the stroke width, ``dash`` a stroke-dasharray; ``extra`` is
    further attributes, already escaped. No stroke is written when ``stroke`` is None.

    >>> out = []; rect(out, 1, 2, 30, 20.25, "#fff", stroke="#333", dash="2 2"); out[0]
    '<rect x="1" y="2" width="30" height="20.2" rx="3" fill="#fff" stroke="#333" stroke-width="1" stroke-dasharray="2 2"/>'
    """
    s = f' stroke="{colour(stroke, "none")}" stroke-width="{num(sw)}"' if stroke else ""
    d = f' stroke-dasharray="{dash}"' if dash else ""
    out.append(f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="{num(rx)}" '
               f'fill="{colour(fill, "#ffffff")}"{s}{d}{extra}/>')
