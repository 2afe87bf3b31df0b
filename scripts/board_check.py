"""Measure a game's boards in Chromium: the smallest rendered text (CSS px) and the texts that
overlap, at the JupyterLab default width, the docs' column and a 400 px window.

    .venv/bin/python scripts/board_check.py GAME [--games N] [--shots DIR]

Renders the boards of states from N random games (every player count) as hotellab's static
HTML (``Game.render_html``: the panels wrap as in the widgets) in Debian's Chromium
(/usr/bin/chromium) and prints, per width, the smallest text and each overlapping pair of texts
(first 10). ``--shots DIR`` saves a screenshot per width of the last state. Exit status 1 when
a text is under 11 px or two texts overlap. tests/test_board_text.py runs the same measure.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import hotellab as hl

WIDTHS = {"jupyterlab": 1000, "docs": 720, "narrow": 400}  # the board's container width, CSS px

from hotellab.testing import BOARD_TEXT_JS as MEASURE  # noqa: E402  (one copy: the tests measure the same)


def states(game_id: str, games: int, seed: int = 0):
    cls = hl.core.game.game_class(game_id)
    rng = random.Random(seed)
    for n in range(cls.min_players, min(cls.max_players, 4) + 1):
        for _ in range(games):
            g = hl.load_game(game_id, num_players=n)
            s = g.new_initial_state()
            picks = sorted(rng.sample(range(1, 300), 3))
            k = 0
            while not s.is_terminal and k <= picks[-1]:
                if k in picks:
                    yield s
                s = s.apply(s.sample_chance(rng) if s.is_chance_node else rng.choice(s.legal_actions()))
                k += 1
            yield s


def page(boards: list[str], width: int) -> str:
    body = "".join(f'<div class="case" style="width:{width}px;margin:0 0 24px">{b}</div>' for b in boards)
    return f"<!doctype html><html><body style='margin:8px;font-family:system-ui'>{body}</body></html>"


def measure(game_id: str, games: int = 2, shots: Path | None = None) -> dict:
    from playwright.sync_api import sync_playwright

    boards = []
    for s in states(game_id, games):
        boards.append(s.game.render_html(s.view(None)))
        if s.current_player >= 0:
            boards.append(s.game.render_html(s.view(s.current_player)))
    out = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run"])
        for name, w in WIDTHS.items():
            pg = browser.new_page(viewport={"width": w + 16, "height": 900})
            pg.set_content(page(boards, w))
            out[name] = pg.evaluate(MEASURE)
            if shots:
                shots.mkdir(parents=True, exist_ok=True)
                pg.set_content(page(boards[-1:], w))
                pg.screenshot(path=str(shots / f"{game_id}_{name}.png"), full_page=True)
            pg.close()
        browser.close()
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--shots", type=Path)
    a = ap.parse_args(argv)
    res = measure(a.game, a.games, a.shots)
    bad = False
    for name, r in res.items():
        print(f"{a.game} at {WIDTHS[name]} px ({name}): {r['count']} texts, smallest {r['min']:.1f} px "
              f"({r['minText']!r}), {len(r['overlaps'])} overlapping pairs, boards wider than the page: {r['wide'][:5]}")
        for o in r["overlaps"][:10]:
            print("   overlap:", o)
        bad = bad or r["min"] < 11 or bool(r["overlaps"])
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
