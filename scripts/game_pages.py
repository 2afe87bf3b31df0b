"""Write each game's generated docs pages from its declarations (issue 22):

    .venv/bin/python scripts/game_pages.py [--check]

- ``docs/games/<game>-actions.md``: the action grammar, from ``Game.actions``
  (:meth:`hotellab.core.kinds.ActionTable.grammar_markdown`);
- ``docs/games/<game>-position.md``: the position's fields, from ``Game.position``
  (:meth:`hotellab.core.position.PositionSchema.markdown`);
- ``docs/games/<game>-rule-map.md``: the rule map, from ``hotellab/games/<game>/rule_map.toml``
  (each rule statement, the code that implements it, its tests and its mutations).

Each page is written whole or not at all. With ``--check`` nothing is written: the script
lists the pages that are missing or differ from what it would write, and exits 1 when any
does (``tests/test_docs.py`` runs it).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import hotellab as hl  # noqa: E402
from hotellab import testing  # noqa: E402
from hotellab.core.files import write_whole  # noqa: E402


def _cell(text) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def rule_map_markdown(game_id: str, title: str) -> str:
    """The rule-map page of ``game_id`` (Markdown), in rulebook order."""
    table = testing.rule_map(game_id)
    rules = [s for s in table if "same_as" not in s and s.get("kind") != "presentation"]
    muts = sum(len(s.get("mutation", [])) for s in rules)
    lines = [f"# {title}: rule map", "",
             f"Generated from `hotellab/games/{game_id}/rule_map.toml` by `scripts/game_pages.py`; do not edit by hand.",
             "", f"{len(table)} rule statements of the rulebook, in its order: {len(rules)} rules of play with "
             f"{muts} mutations (deliberate changes of the engine that a test must catch: "
             f"`python scripts/mutation_check.py {game_id}`), {sum('same_as' in s for s in table)} said again, "
             f"{sum(s.get('kind') == 'presentation' for s in table)} about the table only.", "",
             "| id | section | rule (the rulebook's words) | code | tests | mutations |",
             "|---|---|---|---|---|---|"]
    for s in table:
        code = s.get("code", "") if "same_as" not in s else f"as {s['same_as']}"
        tests = "<br>".join(f"`{t}`" for t in s.get("tests", []))
        lines.append(f"| {s['id']} | {_cell(s['section'])} | {_cell(s['quote'])} | {_cell(code)} | {tests} | "
                     f"{len(s.get('mutation', []))} |")
    return "\n".join(lines) + "\n"


def pages() -> dict[Path, str]:
    """Every generated page: path -> text."""
    out: dict[Path, str] = {}
    maps = set(testing.rule_map_games())
    for gid in hl.list_games():
        cls = hl.core.game.game_class(gid)
        if not (ROOT / "hotellab" / "games" / gid).is_dir():
            continue  # a plug-in: its docs are its own
        base = ROOT / "docs" / "games" / gid
        if cls.actions is not None:
            out[base.with_name(f"{gid}-actions.md")] = cls.actions.grammar_markdown(cls.title)
        if cls.position is not None:
            out[base.with_name(f"{gid}-position.md")] = cls.position.markdown(cls.title)
        if gid in maps:
            out[base.with_name(f"{gid}-rule-map.md")] = rule_map_markdown(gid, cls.title)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 when a page is missing or stale")
    args = ap.parse_args(argv)
    stale = []
    for path, text in pages().items():
        old = path.read_text("utf-8") if path.exists() else None
        if old != text:
            stale.append(path)
            if not args.check:
                write_whole(path, text)
    for p in stale:
        print(("stale: " if args.check else "wrote: ") + str(p.relative_to(ROOT)))
    return 1 if (args.check and stale) else 0


if __name__ == "__main__":
    sys.exit(main())
