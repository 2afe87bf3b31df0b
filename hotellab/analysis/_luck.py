"""How much of a game's outcome the seed decides (issue 21): :func:`luck`.

Each of ``n_seeds`` game seeds is played ``repeats`` times: the chance outcomes follow the
game's seed every time, the agents' own random choices differ per repeat (``simulate``'s
``agent_seed``). The intra-class correlation ICC(1) of each player seat's win (and score) by
seed is the share of the outcome's variance that lies between seeds: after Goodman,
Perez-Liebana and Lucas 2025, "Seeding for Success: Skill and Stochasticity in Tabletop Games"
(many games per seed, MCTS agents of several budgets), summed up as one variance ratio.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.errors import OptionError
from ..sim import require
from ._metrics import icc1

class LuckInterrupted(RuntimeError):
    """Ctrl-C stopped :func:`luck` before 2 seeds had a game in each of 2 repeats: nothing to
    compute. ``games``: the games that finished (a pandas DataFrame, or None for none)."""

    def __init__(self, message: str, games=None):
        super().__init__(message)
        self.games = games


TABLE_COLUMNS = ["measure", "seat", "icc", "low", "high", "f", "p_value", "mean", "seeds", "repeats"]


@dataclass
class Luck:
    """What :func:`luck` finds. ``config`` (game, players, options, agents), ``n_seeds``,
    ``repeats``, ``seed``; ``table``: one row per (measure, player seat) with ``measure``
    ("win": the seat won, 1 or 0; "score": its final score), ``seat``, ``icc`` (ICC(1) by seed:
    the share of the variance between seeds; NaN when the measure never varies), ``low``/
    ``high`` (its 95% F interval), ``f`` and ``p_value`` (one-sided F test that the seeds
    differ), ``mean``, ``seeds``, ``repeats``; ``games``: every game played (the
    :func:`hotellab.simulate` tables of the repeats, one after the other, with their
    ``agent_seed`` = the repeat); ``figure``: a plotly ``go.Figure`` of the ICCs with their
    intervals; ``interrupted``: True when Ctrl-C stopped the run, then ``n_seeds`` and
    ``repeats`` are the seeds and repeats the table is computed from (the seeds with a game in
    every finished repeat), ``games`` those games only, and ``config["planned"]`` the
    ``(n_seeds, repeats)`` asked for and ``config["finished"]`` the games that finished."""

    config: dict
    n_seeds: int
    repeats: int
    seed: int
    table: object
    games: object
    figure: object = field(default=None, repr=False)
    interrupted: bool = False

    def summary(self) -> str:
        """A few sentences: how much of each seat's win (and score) the seed explains."""
        c = self.config
        lines = [f"{c['game_id']}, {c['num_players']} players, agents {c['lineup']}: {self.n_seeds} seeds x "
                 f"{self.repeats} repeats (the deal and the dice follow the seed; the agents' own random "
                 "choices differ per repeat)."]
        if self.interrupted:
            want = c.get("planned", ("?", "?"))
            lines.append(f"Interrupted (Ctrl-C): {c.get('finished', '?')} of {want[0]} x {want[1]} games finished; "
                         f"computed from the {self.n_seeds} seeds with a game in each of the {self.repeats} "
                         "repeats, the other games left out: the intervals are wider than planned.")
        for r in self.table.itertuples():
            what = f"seat {r.seat}'s {'win' if r.measure == 'win' else 'score'}"
            if not r.icc == r.icc:
                lines.append(f"- {what}: no variance (always {r.mean:.3g}), nothing to explain.")
                continue
            ci = f"95% CI {r.low:.2f} to {r.high:.2f}" if r.low == r.low else "no interval"
            lines.append(f"- {what}: ICC(1) {r.icc:.2f} ({ci}): the seed explains about "
                         f"{max(r.icc, 0.0):.0%} of its variance.")
        lines.append("Near 1: the seed (the chance outcomes) decides the outcome; near 0: the agents' "
                     "choices do. Measured with these agents: stronger agents can make more of a good deal.")
        return "\n".join(lines)

    def _repr_markdown_(self) -> str:
        return "\n\n".join(self.summary().splitlines())


def icc_by_seed(games):
    """The ICC(1) table of :class:`Luck` from ``games``: simulation rows of one configuration
    with the columns ``game`` (the seed's index), ``agent_seed`` (the repeat),
    ``num_players``, ``win_s`` and ``score_s``, every (game, agent_seed) pair once and every
    game in every repeat. Raises ValueError otherwise."""
    pd = require("pandas", "sim", "hotellab.analysis.luck")
    players = int(games["num_players"].iloc[0])
    rows = []
    for measure, prefix in (("win", "win_"), ("score", "score_")):
        for s in range(players):
            # one row per seed (the game's index in each repeat), one column per repeat
            wide = games.pivot(index="game", columns="agent_seed", values=f"{prefix}{s}").astype(float)
            if wide.isna().any().any():
                raise ValueError("luck: every seed needs a game in every repeat")
            got = icc1(wide.to_numpy())
            rows.append({"measure": measure, "seat": s, "icc": got["icc"], "low": got["low"], "high": got["high"],
                         "f": got["f"], "p_value": got["p_value"], "mean": got["mean"], "seeds": wide.shape[0],
                         "repeats": wide.shape[1]})
    return pd.DataFrame(rows, columns=TABLE_COLUMNS)


def luck(game, agents=None, n_seeds: int = 50, repeats: int = 5, seed: int = 0, **simulate_kwargs) -> Luck:
    """How much of the outcome the seed explains: play each of ``n_seeds`` game seeds
    ``repeats`` times, the chance outcomes following the seed and the agents' own random
    choices differing per repeat, and give the ICC(1) of each player seat's win and score by
    seed (:func:`icc1`), with 95% intervals.

    - ``game``, ``agents``, ``seed`` and ``simulate_kwargs`` (``num_players``, ``options``,
      ``workers``, ``backend``, ``seating``, ``progress``, ...; default ``progress=False``) go
      to :func:`hotellab.simulate`: seed ``i`` is the game seed ``game_seed(seed, i)``, repeat
      ``r`` runs with ``agent_seed=r``.
    - ``n_seeds`` (int >= 2) and ``repeats`` (int >= 2): ``n_seeds x repeats`` games in all.

    The repeats differ only where the agents draw from their generator: "random" for every
    choice and "mcts:N" for its search do; "greedy" only breaks ties with it, so greedy seats
    play most repeats alike. Agents that never draw play every repeat the same: then all of
    the variance is between seeds and the ICC is 1 by construction, which says nothing of luck.

    Ctrl-C (KeyboardInterrupt, or a :func:`hotellab.simulate` table marked
    ``attrs["interrupted"]``) stops the run after the repeat being played: the result is
    computed from the seeds that have a game in every repeat with a finished game (the others
    are dropped), with ``Luck.interrupted = True`` and a RuntimeWarning. With fewer than 2 such
    seeds or repeats there is nothing to compute: :class:`LuckInterrupted` (a RuntimeError)
    says so and how many games finished (``error.games`` holds them).

    Returns a :class:`Luck`. Raises OptionError (field ``n_seeds``, ``repeats``, or the
    keyword that ``luck`` sets itself: ``n_games``, ``agent_seed``) for a bad argument, and
    whatever :func:`hotellab.simulate` raises for the others.
    """
    pd = require("pandas", "sim", "hotellab.analysis.luck")
    for name, value in (("n_seeds", n_seeds), ("repeats", repeats)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 2:
            raise OptionError(f"luck: {name} must be an int >= 2, got {value!r}", field=name)
    for name in ("n_games", "agent_seed"):
        if name in simulate_kwargs:
            raise OptionError(f"luck: {name} is set by luck itself (n_games = n_seeds, agent_seed = the repeat); "
                              "leave it out", field=name)
    from ..sim import _stacklevel, simulate

    simulate_kwargs.setdefault("progress", False)
    tables, interrupted = [], False
    try:
        for r in range(repeats):
            got = simulate(game, agents, n_games=n_seeds, seed=seed, agent_seed=r, **simulate_kwargs)
            if len(got):
                tables.append(got)
            if got.attrs.get("interrupted") or len(got) < n_seeds:
                interrupted = True
                break
    except KeyboardInterrupt:
        interrupted = True
    games = pd.concat(tables, ignore_index=True) if tables else None
    use_seeds, use_repeats = n_seeds, repeats
    if interrupted:
        finished = 0 if games is None else len(games)
        # the seeds (game indices) with a game in every repeat that has one
        common = set.intersection(*(set(t["game"]) for t in tables)) if tables else set()
        if len(tables) < 2 or len(common) < 2:
            raise LuckInterrupted(
                f"luck: interrupted; {finished} of {n_seeds * repeats} games finished ({len(tables)} repeat"
                f"{'' if len(tables) == 1 else 's'} with games, {len(common)} seed"
                f"{'' if len(common) == 1 else 's'} with a game in each of "
                "them): the ICC needs at least 2 seeds with a game in each of at least 2 repeats",
                games=games)
        games = games[games["game"].isin(common)].reset_index(drop=True)
        use_seeds, use_repeats = len(common), len(tables)
        import warnings

        warnings.warn(f"luck: interrupted; {finished} of {n_seeds * repeats} games finished; computed from "
                      f"{use_seeds} seeds x {use_repeats} repeats ({finished - len(games)} games of other seeds "
                      "left out)", RuntimeWarning, stacklevel=_stacklevel())
    table = icc_by_seed(games)
    first = tables[0]
    config = {"game_id": first["game_id"].iloc[0], "num_players": int(first["num_players"].iloc[0]),
              "options": first["options"].iloc[0], "lineup": " / ".join(dict.fromkeys(first["lineup"])),
              "games": len(games)}
    if interrupted:
        config.update(planned=(n_seeds, repeats), finished=sum(len(t) for t in tables))
    from ._figures import luck_figure

    return Luck(config=config, n_seeds=use_seeds, repeats=use_repeats, seed=seed, table=table, games=games,
                figure=luck_figure(table, config), interrupted=interrupted)
