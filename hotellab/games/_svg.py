"""Small helpers shared by the games' SVG renderers (``hotellab/games/<id>/render.py``).

>>> esc('<b title="x">&')
'&lt;b title=&quot;x&quot;&gt;&amp;'
>>> num(3), num(2.25), num(4.0)
('3', '2.2', '4')
>>> is_colour("#2b6cd4"), is_colour("red"), is_colour("url(#x)")
(True, True, False)
"""

from __future__ import annotations

import re
from html import escape as _html_escape

# a colour a renderer may put into an attribute: #rgb..#rrggbbaa or a colour name
COLOUR_RE = re.compile(r"^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20})$")


def esc(text) -> str:
    """XML-escape any value for text content or a double-quoted attribute."""
    return _html_escape(str(text), quote=True)


def num(v) -> str:
    """A coordinate in viewBox units: digits when whole, else one decimal."""
    if type(v) is int:
        return str(v)
    r = round(float(v), 1)
    i = int(r)
    return str(i) if r == i else str(r)


def is_colour(value) -> bool:
    """True when ``value`` is text safe to use as an SVG colour (see :data:`COLOUR_RE`)."""
    return isinstance(value, str) and bool(COLOUR_RE.match(value))
