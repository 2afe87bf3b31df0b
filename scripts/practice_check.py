"""Prove the practised-coverage count (issue 19): for every practised rule that the game's
mutation table changes, change the engine on purpose and see a learner step's computed answer
change in the game's tutorial.

    .venv/bin/python scripts/practice_check.py GAME [--json out.json]

Each practised rule-table entry (``hl.coverage(notebooks/GAME.ipynb).practised``) is matched
with the statements of the mutation table that implement it: the statements of its section
(or of a section inside it or around it) whose quote shares a word of four letters or more
with the rule's quote (all of the section's statements when none does). Their mutations are
applied one at a time to a copy of the tree (as ``scripts/mutation_check.py`` does; this
checkout is never changed), and :func:`hotellab.lesson.practice.answer_fingerprint` of the
tutorial's lessons is computed there and compared with the unchanged one. A rule is *proven*
when one of its mutations changes an answer (or stops a lesson from playing). Prints one line
per practised rule and the counts; exits 1 when a practised rule with mutations is not proven.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from mutation_check import _copy_tree  # noqa: E402  (the same copy of the tree)

FINGERPRINT = ("import json, sys; from hotellab.lesson.practice import answer_fingerprint, tutorial_scenarios; "
               "print(json.dumps(answer_fingerprint(tutorial_scenarios(sys.argv[1]))))")


def statements(game: str) -> list[dict]:
    """The game's mutation table as ``{"id", "section", "quote", "mutations": [[(file, old,
    new), ...], ...]}`` rows, from its rule map (``hotellab/games/<game>/rule_map.toml``)."""
    table = tomllib.loads((ROOT / "hotellab" / "games" / game / "rule_map.toml").read_text("utf-8"))["statement"]
    return [{"id": s["id"], "section": s["section"], "quote": s["quote"],
             "mutations": [[tuple(e) for e in m["edits"]] for m in s.get("mutation", ())]} for s in table]


def short(section: str) -> str:
    """A rule-table section as Hostil Hostal's mutation table names it ("Phase 3 - Dawn / Rest"
    is "Dawn / Rest", "Event Card Guide / #3 Grrr" is "#3 Grrr", "Variation for 2 Players /
    Dawn phase / Out! (card #3, Grrr)" is "2P / Dawn / Grrr"); other games' sections unchanged."""
    s = re.sub(r"^Phase \d - ", "", section).replace("Event Card Guide / ", "")
    s = s.replace("Variation for 2 Players", "2P").replace(" phase", "").replace("Let's Begin (Setup)", "Setup")
    s = s.replace("End of the Game and Winner", "End").replace("\u00a1Wake", "Wake")
    s = re.sub(r"Out! \(card #3, Grrr\)", "Grrr", s)
    return re.sub(r" \(card #\d+\)", "", s).strip()


def related(section: str, rules) -> list:
    """The rule-table entries a statement of ``section`` speaks of: the same section, else
    sections inside it or around it (``A / B`` and ``A``); sections compared as :func:`short`
    writes them."""
    same = [r for r in rules if short(r.section) == section or r.section == section]
    if same:
        return same
    return [r for r in rules if any(x.startswith(section + " /") or section.startswith(x + " /")
                                    for x in (r.section, short(r.section)))]


def fingerprint(tree: Path, notebook: str):
    # no bytecode cache: a mutated file restored within the same second, at the same size, would
    # match its mutated .pyc, which later runs would then load (a proof or a miss by timing)
    out = subprocess.run([sys.executable, "-c", FINGERPRINT, notebook], cwd=tree, capture_output=True, text=True,
                         env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE": "1"},
                         timeout=600)
    if out.returncode != 0:
        return [["import", -1, "error", out.stderr.strip().splitlines()[-1][:200] if out.stderr.strip() else "failed"]]
    return json.loads(out.stdout)


def _words(text: str) -> set:
    return {w for w in re.findall(r"[a-ząćęłńóśźż]{4,}", text.lower())}


def statements_of(rule, table: list[dict]) -> list[dict]:
    """The statements of ``table`` that implement ``rule`` (see the module doc)."""
    near = [s for s in table if related(s["section"], [rule])]
    words = _words(rule.quote)
    close = [s for s in near if words & _words(s["quote"])]
    return close or near


def main() -> int:
    import hotellab as hl

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("--json", help="write the results here")
    args = ap.parse_args()
    nb = ROOT / "notebooks" / f"{args.game}.ipynb"
    cov = hl.coverage(nb)
    table = statements(args.game)
    package = Path("hotellab") / "games" / args.game
    results = []
    with tempfile.TemporaryDirectory(prefix=f"{args.game}_practice_") as tmp:
        tree = Path(tmp) / "tree"
        _copy_tree(tree)
        notebook = str(tree / "notebooks" / f"{args.game}.ipynb")
        base = fingerprint(tree, notebook)
        if any(r[2] == "error" for r in base):
            print("the unchanged tutorial does not play:", [r for r in base if r[2] == "error"][:3])
            return 2
        for rule in cov.practised:
            stmts = statements_of(rule, table)
            muts = [(st["id"], m) for st in stmts for m in st["mutations"]]
            row = {"rule": rule.section, "quote": rule.quote, "statements": [st["id"] for st in stmts],
                   "mutations": len(muts), "changed": None}
            if muts:
                row["changed"] = False
                for sid, edits in muts:
                    originals = {}
                    try:
                        for file, old, new in edits:
                            path = tree / package / file
                            originals.setdefault(path, path.read_text("utf-8"))
                            now = path.read_text("utf-8")
                            if now.count(old) != 1:
                                raise SystemExit(f"{sid}: {old!r} is not in {file} exactly once")
                            path.write_text(now.replace(old, new), "utf-8")
                        after = fingerprint(tree, notebook)
                    finally:
                        for path, text in originals.items():
                            path.write_text(text, "utf-8")
                    if after != base:
                        diff = next((a for a, b in zip(after, base) if a != b), ["(a step more or less)"])
                        row.update(changed=True, by=sid, first_change=diff)
                        break
            results.append(row)
            mark = "PROVEN by " + row["by"] if row["changed"] else "UNPROVEN" if row["changed"] is False else "no mutation"
            print(f"{mark:<22} {rule.section}: {rule.quote[:60]}", flush=True)
    with_m = [r for r in results if r["mutations"]]
    summary = {"game": args.game, "practised": len(results), "with_mutations": len(with_m),
               "proven": sum(1 for r in with_m if r["changed"]),
               "unproven": [r["rule"] for r in with_m if not r["changed"]],
               "practised_fraction": round(cov.practised_fraction, 3)}
    print(json.dumps(summary, ensure_ascii=False))
    if args.json:
        Path(args.json).write_text(json.dumps({"summary": summary, "rules": results}, indent=1, ensure_ascii=False),
                                   "utf-8")
    return 1 if summary["unproven"] else 0


if __name__ == "__main__":
    sys.exit(main())
