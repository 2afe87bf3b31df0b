"""Write the golden playthroughs (tests/golden/<game>.txt) and print what changed.

    .venv/bin/python scripts/regen_golden.py                 # every bundled game
    .venv/bin/python scripts/regen_golden.py hostil_hostal   # only the named ones
    .venv/bin/python scripts/regen_golden.py perfect_hotel --players 3 --seed 1 \\
        --agents random,greedy,random --options games=2,high_season=true
    .venv/bin/python scripts/regen_golden.py --check         # print the diff, write nothing

A playthrough records, for every state of one seeded game, the status, phase, deciding seat,
legal actions, chance outcomes, scores and a hash of each seat's observation, then the action
and its events (see hotellab.testing.playthrough). Its first line holds the game's spec
(players, options, seed, agents): a rewrite keeps it unless flags change it. Review the diff
this prints before committing: every line that changed is a behaviour that changed.
"""

from __future__ import annotations

import argparse
import difflib
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
HEADER = re.compile(r"^# hotellab playthrough: game=(\S+) num_players=(\d+) options=(\{.*\}) seed=(-?\d+) agents=(\S+)$")


def read_spec(path: Path) -> dict | None:
    """The spec in a golden file's first line, or None when there is no such file."""
    if not path.exists():
        return None
    first = path.read_text("utf-8").split("\n", 1)[0]
    m = HEADER.match(first)
    if not m:
        raise SystemExit(f"{path}: first line is not a playthrough header: {first[:120]!r}")
    return {"game": m.group(1), "num_players": int(m.group(2)), "options": json.loads(m.group(3)),
            "seed": int(m.group(4)), "agents": m.group(5).split(",")}


def default_spec(game_id: str) -> dict:
    """3 players where the game allows (else the nearest count), default options, seed 1,
    random agents."""
    from hotellab.core.game import game_class

    cls = game_class(game_id)
    n = min(max(3, cls.min_players), cls.max_players)
    return {"game": game_id, "num_players": n, "options": {}, "seed": 1, "agents": ["random"] * n}


def render(spec: dict) -> str:
    import hotellab as hl
    from hotellab.testing import playthrough_text

    game = hl.load_game(spec["game"], num_players=spec["num_players"], options=spec["options"])
    return playthrough_text(game, seed=spec["seed"], agents=spec["agents"])


def _value(text: str):
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    try:
        return int(text)
    except ValueError:
        return text


def main(argv=None) -> int:
    import hotellab as hl

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="*", help="game ids (default: every bundled game)")
    ap.add_argument("--players", type=int)
    ap.add_argument("--seed", type=int)
    ap.add_argument("--agents", help="comma-separated, one per player seat")
    ap.add_argument("--options", help="key=value,key=value")
    ap.add_argument("--check", action="store_true", help="print the diff only; write nothing")
    args = ap.parse_args(argv)
    from hotellab.core.game import game_class

    ids = args.games or [g for g in hl.list_games() if game_class(g).__module__.startswith("hotellab.games.")]
    changed = 0
    for gid in ids:
        path = GOLDEN / f"{gid}.txt"
        spec = read_spec(path) or default_spec(gid)
        if args.players is not None:
            spec["num_players"] = args.players
            spec["agents"] = (spec["agents"] * args.players)[: args.players]
        if args.seed is not None:
            spec["seed"] = args.seed
        if args.agents:
            spec["agents"] = args.agents.split(",")
        if args.options:
            spec["options"] = {k: _value(v) for k, v in (kv.split("=", 1) for kv in args.options.split(","))}
        new = render(spec)
        old = path.read_text("utf-8") if path.exists() else ""
        if new == old:
            print(f"{gid}: unchanged ({new.count(chr(10))} lines)")
            continue
        changed += 1
        diff = list(difflib.unified_diff(old.splitlines(), new.splitlines(), f"a/{path.name}", f"b/{path.name}",
                                         n=1, lineterm=""))
        print(f"{gid}: {len(diff)} diff lines" + ("" if old else " (new file)"))
        for line in diff[:200]:
            print(line)
        if len(diff) > 200:
            print(f"... {len(diff) - 200} more diff lines")
        if not args.check:
            from hotellab.core.files import write_whole

            path.parent.mkdir(parents=True, exist_ok=True)
            write_whole(path, new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
