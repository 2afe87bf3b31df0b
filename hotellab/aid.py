"""A one-page printable player aid for a game, made from its declared tables and data.

``hotellab aid GAME --out aid.html`` (or :func:`player_aid_html`) writes one HTML page, laid
out for A4 (print it from a browser, or ``chromium --headless --print-to-pdf``):

- the game, its player counts and options (with their rulebook sections);
- the turn structure: the phase table in rulebook order, each phase's rule quoted;
- the components: what the game's :meth:`~hotellab.Game.aid_components` hook lists
  (cards, effects, grooms... with their text and, where the game has one, an icon);
- the rules: one line per section of the rule table (its first quote), in rulebook order;
- scoring and the end of the game: the rule table's end and scoring rules;
- key rulings: the ids and titles of ``docs/rulings/<game>.md`` when the file is there.

All text from data goes in as text (escaped), never as markup.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from .core.files import write_whole

__all__ = ["player_aid_html", "write_player_aid"]

_CSS = """
@page { size: A4; margin: 9mm; }
* { box-sizing: border-box; }
html { background: #fff; }
body { font: 7.4pt/1.28 "DejaVu Sans", "Liberation Sans", Arial, sans-serif; color: #1d1d1d;
       margin: 0; }
h1 { font-size: 14pt; margin: 0 0 1mm; }
.sub { color: #555; margin: 0 0 2mm; }
.cols { column-count: 3; column-gap: 5mm; }
section { break-inside: avoid-column; margin: 0 0 2.2mm; }
section.long { break-inside: auto; }
h2 { font-size: 8.6pt; margin: 0 0 0.8mm; padding: 0.4mm 1mm; background: #efe9dc;
     border-left: 2.4pt solid #8b6d3f; break-after: avoid-column; break-after: avoid; }
tr, li { break-inside: avoid; }
ol, ul { margin: 0; padding-left: 3.6mm; }
li { margin: 0 0 0.6mm; }
.q { color: #444; font-style: italic; }
.sec { font-weight: 600; }
.rec { color: #8a5a00; }
table { border-collapse: collapse; width: 100%; }
td { vertical-align: top; padding: 0.3mm 0.8mm; border-bottom: 0.3pt solid #ddd; }
td.n { font-weight: 600; white-space: nowrap; }
.icon { width: 9pt; height: 9pt; vertical-align: -1.5pt; margin-right: 1pt; }
footer { margin-top: 1.5mm; color: #777; font-size: 6.4pt; }
@media screen { body { max-width: 200mm; margin: 6mm auto; } }
"""

_END_WORDS = re.compile(r"(end of the game|game end|scor|winner|majorit|penalt|point calculation|award|koniec|punkt)", re.I)
_RULING = re.compile(r"(?:\*\*|\|\s*)([A-Z]{2}-\d{2})\b[\s|.*]*([^|*\n]{3,90})")


def _e(text) -> str:
    return html.escape(str(text), quote=True)


def _short(text: str, n: int = 150) -> str:
    """``text`` on one line, cut at a word boundary with "…" when longer than ``n``."""
    text = " ".join(str(text).split())
    if len(text) <= n:
        return text
    cut = text[: n - 1]
    if " " in cut[n // 2:]:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,;:") + "…"


def _rulings(game_id: str, limit: int = 20) -> list[tuple[str, str]]:
    """(id, title) of the game's rulings file, when the docs are beside the package."""
    here = Path(__file__).resolve().parent
    for base in (here.parent / "docs" / "rulings", Path.cwd() / "docs" / "rulings"):
        path = base / f"{game_id}.md"
        if path.exists():
            out, seen = [], set()
            for m in _RULING.finditer(path.read_text("utf-8")):
                rid, title = m.group(1), m.group(2).strip(" .|")
                if rid not in seen and title:
                    seen.add(rid)
                    out.append((rid, title))
            out.sort(key=lambda r: int(r[0].split("-")[1]))
            return out[:limit]
    return []


def player_aid_html(game_id: str, *, num_players: int | None = None) -> str:
    """The player aid of ``game_id`` as one HTML page (text). Raises UnknownGameError or
    PluginError for a game that cannot be loaded."""
    from .core.game import load_game

    game = load_game(game_id, num_players=num_players)
    cls = type(game)
    parts = [f"<h1>{_e(game.title)} — player aid</h1>"]
    players = (f"{cls.min_players} players" if cls.min_players == cls.max_players
               else f"{cls.min_players}–{cls.max_players} players")
    parts.append(f'<p class="sub">{_e(cls.rulebook or game.title)} · {_e(players)} · made by hotellab from '
                 "the game's rule and data tables</p>")
    cols = []

    # turn structure
    items = []
    for ph in cls.phases:
        q = f' <span class="q">“{_e(_short(ph.rule.quote, 100))}”</span>' if ph.rule.quote else ""
        items.append(f'<li><span class="sec">{_e(ph.name)}</span> ({_e(ph.rule.section)}){q}</li>')
    if items:
        cols.append(f"<section><h2>Turn structure</h2><ol>{''.join(items)}</ol></section>")

    # options
    if cls.OPTIONS:
        rows = "".join(
            f'<tr><td class="n">{_e(s.name)}</td><td>{_e(" | ".join(map(str, s.allowed)))} '
            f"(default {_e(s.default)}) — {_e(_short(s.doc, 90))}</td></tr>" for s in cls.OPTIONS)
        cols.append(f"<section><h2>Options</h2><table>{rows}</table></section>")

    # components
    for heading, entries in game.aid_components():
        rows = []
        for entry in entries:
            name, text = entry[0], entry[1]
            icon = entry[2] if len(entry) > 2 and entry[2] else ""
            icon_html = (f'<img class="icon" alt="" src="data:image/svg+xml;utf8,{_e(icon)}">' if icon else "")
            rows.append(f'<tr><td class="n">{icon_html}{_e(name)}</td><td>{_e(_short(text, 150))}</td></tr>')
        cols.append(f'<section class="long"><h2>{_e(heading)}</h2><table>{"".join(rows)}</table></section>')

    # rules: the rulebook's sections in order, each with the parts the rule table cites;
    # scoring and the end with their quotes
    groups: dict[str, list[str]] = {}
    scoring, seen = [], set()
    for r in cls.rule_table:
        top, _, rest = r.section.partition(" / ")
        subs = groups.setdefault(top, [])
        if rest and rest not in subs:
            subs.append(rest)
        if _END_WORDS.search(r.section) and r.section not in seen and r.quote:
            seen.add(r.section)
            rec = ' <span class="rec">(reconstructed)</span>' if r.reconstructed else ""
            scoring.append(f'<li><span class="sec">{_e(r.section)}</span> '
                           f'<span class="q">“{_e(_short(r.quote, 95))}”</span>{rec}</li>')
    if groups:
        items = "".join(f'<li><span class="sec">{_e(top)}</span>'
                        + (": " + " · ".join(_e(s) for s in subs) if subs else "") + "</li>"
                        for top, subs in groups.items())
        cols.append(f'<section class="long"><h2>Rules, in rulebook order</h2><ul>{items}</ul></section>')
    if scoring:
        cols.append(f'<section class="long"><h2>Scoring and the end</h2><ul>{"".join(scoring[:16])}</ul></section>')

    rulings = _rulings(game.id)
    if rulings:
        items = "".join(f'<li><span class="sec">{_e(i)}</span> {_e(_short(t, 80))}</li>' for i, t in rulings)
        cols.append(f"<section><h2>Key rulings (docs/rulings/{_e(game.id)}.md)</h2><ul>{items}</ul></section>")

    parts.append(f'<div class="cols">{"".join(cols)}</div>')
    parts.append("<footer>Quotes are the rulebook's words; values marked reconstructed are hotellab's, "
                 "where the rulebook gives none.</footer>")
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            f"<title>{_e(game.title)} — player aid</title><style>{_CSS}</style></head>"
            f"<body>{''.join(parts)}</body></html>\n")


def write_player_aid(game_id: str, path, **kw) -> Path:
    """Write :func:`player_aid_html` to ``path`` whole or not at all (temporary file, then
    ``os.replace``). Returns the path."""
    return write_whole(path, player_aid_html(game_id, **kw))
