"""The size of the game contract and of the code (issue 22), for this checkout and, with
``--baseline``, another one beside it:

    .venv/bin/python bench/contract_size.py [--baseline /path/to/old/checkout]

Prints, per checkout: lines of each game package and of the core (``wc -l`` of the .py
files), the hooks a game must write (``REQUIRED_HOOKS`` where the core declares it, else
the "Required hooks" the state module's docstring lists, plus ``Game.render_svg``) and the
optional ones, the hooks each bundled game writes itself, the functions of cyclomatic
complexity above 40 (radon's grade F) and the game functions over 100 lines. Results go to
bench/results/contract_size.json.
"""

from __future__ import annotations

import argparse
import ast
import json
import subprocess
import sys
from pathlib import Path

from _common import ROOT, save

GAMES = ("boutique_hotel", "hellton_palace", "hostil_hostal", "hotel_zombie", "perfect_hotel")

# Run in a child process with the checkout first on sys.path: the hooks each game's State and
# Game classes define themselves (methods named like the base classes' hooks).
CHILD = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import hotellab as hl
from hotellab.core.game import Game, game_class
from hotellab.core.state import State
hooks = {n for n in vars(State) if n.startswith("_") and not n.startswith("__") and callable(getattr(State, n))}
hooks |= {"initial", "adjacency_graph", "resample_hidden", "explain_chance", "canonical_chance", "current_rule",
          "round_label", "heuristic_value", "events_for", "action_to_string"}
hooks -= {"_missing", "_outcomes", "_emit", "_emit_later", "_find_legal", "_illegal_reason",
          "_rule_suffix", "_check_seat", "_node", "_kinds"}
out = {}
for gid in ("boutique_hotel", "hellton_palace", "hostil_hostal", "hotel_zombie", "perfect_hotel"):
    cls = game_class(gid)
    written = set()
    for k in cls.state_class.__mro__:
        if k in (State, object):
            continue
        for n, v in vars(k).items():
            if n in hooks and not (n == "_copy" and getattr(v, "__code__", None) is not None
                                   and v.__code__.co_filename.startswith("<")):
                written.add(n)
    fwd = [n for n in vars(cls) if n in ("build_view", "adjacency_graph_of") and callable(vars(cls)[n])
           and not isinstance(vars(cls)[n], staticmethod)]
    out[gid] = sorted(written) + [f"Game.{n}" for n in fwd]
print(json.dumps(out))
"""


def _lines(paths) -> int:
    return sum(len(p.read_text("utf-8").splitlines()) for p in paths)


def measure(root: Path) -> dict:
    pkg = root / "hotellab"
    lines = {g: _lines(sorted((pkg / "games" / g).glob("*.py"))) for g in GAMES}
    lines["core"] = _lines(sorted((pkg / "core").glob("*.py")))
    doc = (pkg / "core" / "state.py").read_text("utf-8")
    tree = ast.parse(doc)
    consts = {t.id: ast.literal_eval(n.value) for n in tree.body if isinstance(n, ast.Assign)
              for t in n.targets if isinstance(t, ast.Name) and t.id in ("REQUIRED_HOOKS", "OPTIONAL_HOOKS")}
    if consts:
        required, optional = list(consts["REQUIRED_HOOKS"]), list(consts["OPTIONAL_HOOKS"])
    else:  # before issue 22: the docstring's lists
        text = ast.get_docstring(tree)
        req = text.split("Required hooks", 1)[1].split("Optional hooks", 1)[0]
        opt = text.split("Optional hooks", 1)[1]
        required = sorted(set(__import__("re").findall(r"``(\w+)``", req))) + ["Game.render_svg"]
        optional = sorted(set(__import__("re").findall(r"``(\w+)``", opt)))
    from radon.complexity import cc_visit

    grade_f, long_funcs = [], []
    for path in sorted(pkg.rglob("*.py")):
        if "labextension" in path.parts:
            continue
        src = path.read_text("utf-8")
        for b in cc_visit(src):
            for x in [b] + list(getattr(b, "methods", [])):
                entry = f"{path.relative_to(root)}:{x.fullname} ({x.complexity})"
                if x.complexity > 40 and entry not in grade_f:  # a class's methods come twice
                    grade_f.append(entry)
        if "games" in path.parts:
            for n in ast.walk(ast.parse(src)):
                if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.end_lineno - n.lineno + 1 > 100:
                    long_funcs.append(f"{path.relative_to(root)}:{n.name} ({n.end_lineno - n.lineno + 1})")
    written = json.loads(subprocess.run([sys.executable, "-c", CHILD, str(root)], capture_output=True, text=True,
                                        check=True, cwd=root).stdout)
    return {"lines": lines, "required_hooks": required, "optional_hooks": optional, "written_hooks": written,
            "grade_f": grade_f, "game_functions_over_100_lines": long_funcs}


def report(name: str, m: dict) -> None:
    print(f"== {name}")
    print("  lines: " + ", ".join(f"{k} {v}" for k, v in m["lines"].items()))
    print(f"  required hooks: {len(m['required_hooks'])}; optional: {len(m['optional_hooks'])}")
    for g, hooks in m["written_hooks"].items():
        print(f"  {g} writes {len(hooks)} hooks: {', '.join(hooks)}")
    print(f"  functions of grade F: {len(m['grade_f'])}" + "".join(f"\n    {x}" for x in m["grade_f"]))
    print(f"  game functions over 100 lines: {len(m['game_functions_over_100_lines'])}"
          + "".join(f"\n    {x}" for x in m["game_functions_over_100_lines"]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--baseline", type=Path, help="another checkout to measure beside this one")
    args = ap.parse_args()
    out = {"this": measure(ROOT)}
    if args.baseline:
        out["baseline"] = measure(args.baseline.resolve())
        report(f"baseline ({args.baseline})", out["baseline"])
    report("this checkout", out["this"])
    save("contract_size", out)


if __name__ == "__main__":
    main()
