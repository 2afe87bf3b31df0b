"""Write the tables that ``notebooks/design_lab.ipynb`` reads (notebooks/data/design_lab/):

- ``ladder_<game>.parquet``: the ladder random < greedy < mcts:100 < mcts:1000 of every game
  (``hl.analysis.skill_matrix(..., pairs="ladder")``, 2 players or the smallest count, seed 1).
  ``--ladder-from bench/results`` copies the tables ``bench/mcts.py --only ladder`` saved
  instead of playing them again (the long part: about 40 minutes at 40 games per pair);
- ``selfplay_<game>.parquet``: ``--selfplay`` agents at every seat (default ``mcts:50``),
  seats fixed, for the seat advantage under skilled play.

    .venv/bin/python notebooks/make_design_lab_data.py --ladder-from bench/results --selfplay-games 60
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "data" / "design_lab"
GAMES = ["perfect_hotel", "hellton_palace", "hostil_hostal", "hotel_zombie", "boutique_hotel"]
LADDER = ["random", "greedy", "mcts:100", "mcts:1000"]


def main(argv=None) -> int:
    import hotellab as hl
    from hotellab.sim import save_table

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", action="append", help="only these games (repeatable)")
    ap.add_argument("--ladder-from", type=Path, help="copy ladder_<game>.parquet from this folder")
    ap.add_argument("--ladder-games", type=int, default=40, help="games per pair when the ladder is played here")
    ap.add_argument("--selfplay", default="mcts:50")
    ap.add_argument("--selfplay-games", type=int, default=60)
    ap.add_argument("--skip-ladder", action="store_true")
    ap.add_argument("--skip-selfplay", action="store_true")
    args = ap.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    for gid in args.game or GAMES:
        if not args.skip_ladder:
            target = OUT / f"ladder_{gid}.parquet"
            if args.ladder_from is not None:
                src = args.ladder_from / f"ladder_{gid}.parquet"
                if not src.exists():
                    print(f"{src} is missing: run bench/mcts.py --only ladder first", file=sys.stderr)
                    return 1
                tmp = target.with_name(f".{target.name}.tmp")
                shutil.copyfile(src, tmp)
                tmp.replace(target)
            else:
                hl.analysis.skill_matrix(gid, LADDER, n_games=args.ladder_games, seed=1, pairs="ladder").save(target)
            print("wrote", target)
        if not args.skip_selfplay:
            table = hl.simulate(gid, [args.selfplay], n_games=args.selfplay_games, seed=1)
            print("wrote", save_table(table, OUT / f"selfplay_{gid}.parquet"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
