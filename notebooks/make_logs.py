"""Regenerate the saved games that the notebooks replay.

    .venv/bin/python notebooks/make_logs.py

Each log is a whole game played by the built-in agents from a fixed seed, so running this
again writes the same files (unless the rules or the agents change, which is then worth a
look at the diff). Seed 2 was picked because its game shows most of the event cards'
decisions (2x1, Grrr and where the thrown-out guest goes, 17º, Sniff, the fleas' dice) and
three reforms.
"""

from __future__ import annotations

from pathlib import Path

import hotellab as hl

HERE = Path(__file__).resolve().parent
LOGS = HERE / "logs"

GAMES = {
    "hostil_hostal_3p_greedy.json": dict(
        game="hostil_hostal", num_players=3, options={}, agents=["greedy", "random", "greedy"], seed=2,
    ),
    "perfect_hotel_3p_greedy.json": dict(
        game="perfect_hotel", num_players=3, options={}, agents=["greedy", "random", "greedy"], seed=2,
    ),
    # Hellton Palace: greedy against greedy; seed 2 plays 6 turns with grooms hired, choices of
    # guests and columns, and ends with the Second player's last turn and the comparison of the
    # last rooms served.
    "hellton_palace_greedy.json": dict(
        game="hellton_palace", num_players=2, options={}, agents=["greedy", "greedy"], seed=2,
    ),
    # Hotel Zombie: four greedy players; seed 2 survives all 20 rounds (most games end with a
    # player falling) with assists, a Kill Steal, unassisted hits and herbs; Jill wins.
    "hotel_zombie_4p_greedy.json": dict(
        game="hotel_zombie", num_players=4, options={}, agents=["greedy", "greedy", "greedy", "greedy"], seed=2,
    ),
    # Boutique Hotel Manager: two greedy players and a random one; seed 2 has a marketing bid, a
    # stay carried past Sunday into week 2, two rooms bought in the expansion (by Red, the
    # random player) and Red at 0 stars in the last rating; Blue wins.
    "boutique_hotel_3p_greedy.json": dict(
        game="boutique_hotel", num_players=3, options={}, agents=["greedy", "random", "greedy"], seed=2,
    ),
}


def main() -> None:
    LOGS.mkdir(exist_ok=True)
    for name, spec in GAMES.items():
        game = hl.load_game(spec["game"], num_players=spec["num_players"], options=spec["options"])
        log = hl.play(game, agents=spec["agents"], seed=spec["seed"])
        log.meta = {**log.meta, "made_by": "notebooks/make_logs.py"}
        path = LOGS / name
        log.save(path)
        final = hl.Replay(log).final_state
        print(f"{path.relative_to(HERE.parent)}: {len(log.actions)} actions, scores {final.scores}, "
              f"winners {[log.players[w] for w in final.winners()]}")


if __name__ == "__main__":
    main()
