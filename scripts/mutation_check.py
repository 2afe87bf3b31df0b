"""Mutation checks of a game's engine (issue 15): for each rule statement in the game's
``hotellab/games/<game>/rule_map.toml``, change the engine on purpose and confirm that a test
fails.

    .venv/bin/python scripts/mutation_check.py GAME [--all-failures] [ID ...]

GAME is any game with a rule map: boutique_hotel, hellton_palace, hostil_hostal, hotel_zombie or
perfect_hotel (each statement of the table names its tests and its mutations).

The tree (``hotellab/``, ``tests/``, ``notebooks/scenarios``, ``pyproject.toml``) is copied to
a temporary folder; each mutation is applied to the copy, the statement's own tests (its
``tests`` list) run there (the copy first on PYTHONPATH), and the copy is restored. A mutation
that none of them catches is a survivor (the whole folder then runs, to say whether any other
test catches it). This checkout is never changed.
Prints one line per mutation (caught by which test, or SURVIVED) and the counts; exits 1 when a
mutation survives.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _copy_tree(dest: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
    shutil.copytree(ROOT / "hotellab", dest / "hotellab", ignore=ignore)
    shutil.copytree(ROOT / "tests", dest / "tests", ignore=ignore)
    shutil.copytree(ROOT / "notebooks", dest / "notebooks", ignore=ignore)  # lessons read notebooks and logs
    shutil.copy(ROOT / "pyproject.toml", dest / "pyproject.toml")
    shared = ROOT.parent / "shared"
    if shared.exists() and not (dest.parent / "shared").exists():
        (dest.parent / "shared").symlink_to(shared)


def _run(tree: Path, game: str, tests: list[str] | None, all_failures: bool = False) -> tuple[bool, list[str]]:
    """Run ``tests`` (node ids; None: every test of tests/<game> but the table's own check,
    which compares the table with the unchanged code) in ``tree``: (failed?, failures)."""
    # no bytecode cache in the tree: a mutated file restored within the same second, at the same
    # size, would match its mutated .pyc, which later runs would then load
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONDONTWRITEBYTECODE="1")
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--no-header", "-rfE",
           "--hypothesis-seed=0"]
    if tests is None:
        cmd += [f"tests/{game}"] + [f"--ignore={p.relative_to(ROOT)}"
                                     for p in (ROOT / "tests" / game).glob("test_*_rule_statements.py")]
    else:
        cmd += [f"tests/{game}/{t}" for t in tests]
    if not all_failures:
        cmd.append("-x")
    out = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True, timeout=600)
    failed = re.findall(r"^(?:FAILED|ERROR) (\S+)", out.stdout, re.M)
    return out.returncode != 0, failed or ([out.stdout[-300:]] if out.returncode else [])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", help="game id: its hotellab/games/<game>/rule_map.toml holds the mutations")
    ap.add_argument("ids", nargs="*", help="statement ids (default: all)")
    ap.add_argument("--all-failures", action="store_true", help="run every test, list every failure")
    args = ap.parse_args()
    table_path = ROOT / "hotellab" / "games" / args.game / "rule_map.toml"
    if not table_path.exists():
        raise SystemExit(f"no rule-statement table at {table_path.relative_to(ROOT)}")
    table = tomllib.loads(table_path.read_text("utf-8"))["statement"]
    package = Path("hotellab") / "games" / args.game
    tried = caught = 0
    survivors = []
    with tempfile.TemporaryDirectory(prefix=f"{args.game}_mutants_") as tmp:
        tree = Path(tmp) / "tree"
        _copy_tree(tree)
        bad, failed = _run(tree, args.game, None)
        if bad:
            print("the unchanged copy fails its tests:", failed)
            return 2
        for s in table:
            if args.ids and s["id"] not in args.ids:
                continue
            for j, m in enumerate(s.get("mutation", ())):
                originals = {}
                for file, old, new in m["edits"]:
                    path = tree / package / file
                    text = originals.setdefault(path, path.read_text("utf-8"))
                    cur = path.read_text("utf-8")
                    if cur.count(old) != 1:
                        raise SystemExit(f"{s['id']} mutation {j + 1}: {old!r} is not in {file} exactly once")
                    path.write_text(cur.replace(old, new), "utf-8")
                try:
                    bad, failed = _run(tree, args.game, s["tests"], args.all_failures)
                    other = [] if bad else _run(tree, args.game, None)[1]
                finally:
                    for path, text in originals.items():
                        path.write_text(text, "utf-8")
                tried += 1
                caught += bad
                label = f"{s['id']}.{j + 1}"
                if bad:
                    print(f"{label:<9} caught by {', '.join(f.split('::')[-1] for f in failed[:3])}", flush=True)
                else:
                    survivors.append(label)
                    also = f"; caught only by {', '.join(other[:2])}" if other else "; no test fails"
                    print(f"{label:<9} SURVIVED its listed tests ({s['section']}: {s['quote'][:50]}){also}",
                          flush=True)
    statements = len(table)
    rules = [s for s in table if s.get("kind") != "presentation" and "same_as" not in s]
    print(f"\n{statements} statements ({len(rules)} distinct rules of play); "
          f"mutations tried {tried}, caught {caught}, survived {len(survivors)} {survivors or ''}")
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main())
