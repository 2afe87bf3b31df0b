"""Golden playthroughs: for every bundled game, one seeded game recorded whole in
``tests/golden/<game>.txt`` — every state's status, phase, deciding seat, legal actions,
chance outcomes, scores and a hash of each seat's observation, then the action and its
events (see :func:`hotellab.testing.playthrough`; OpenSpiel keeps the same kind of files).

A changed legal move, rule, event, score or a leak into an observation changes a line, and
this test shows the first lines that differ. After an intended change, run
``.venv/bin/python scripts/regen_golden.py <game>``, read the diff it prints, and commit.
"""

from __future__ import annotations

import difflib
import importlib.util
from pathlib import Path

import pytest

import hotellab as hl
from hotellab.core.game import game_class

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("regen_golden", ROOT / "scripts" / "regen_golden.py")
regen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(regen)


def _bundled():
    out = []
    for gid in hl.list_games():
        try:
            if game_class(gid).__module__.startswith("hotellab.games."):
                out.append(gid)
        except hl.PluginError:
            out.append(gid)  # fails below with the plug-in's error
    return out


@pytest.mark.parametrize("game_id", _bundled())
def test_golden_playthrough(game_id):
    path = regen.GOLDEN / f"{game_id}.txt"
    assert path.exists(), f"no golden playthrough for {game_id}: run scripts/regen_golden.py {game_id}"
    spec = regen.read_spec(path)
    assert spec["game"] == game_id
    old = path.read_text("utf-8")
    new = regen.render(spec)
    if new != old:
        diff = list(difflib.unified_diff(old.splitlines(), new.splitlines(), "golden", "now", n=1, lineterm=""))
        pytest.fail(f"{game_id}: the playthrough changed ({len(diff)} diff lines); if intended, run "
                    f"scripts/regen_golden.py {game_id} and review:\n" + "\n".join(diff[:60]))
