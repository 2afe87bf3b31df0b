"""The skill matrix: every agent against every other, seats rotated, win rates with intervals.

>>> import hotellab as hl
>>> m = hl.analysis.skill_matrix("perfect_hotel", ["random", "mcts:20"], n_games=10, seed=1,
...                              workers=1, progress=False)
>>> bool(m.matrix.loc["mcts:20", "random"] > 0.5)
True

A *pair* (a, b) plays ``n_games`` games of the game at ``num_players`` (default: its smallest
count), the seats filled a, b, a, b, ... and the line-up turned by one seat each game
(``seating="rotate"``), so each agent sits at each seat equally often. A game's result for
``a``: 1 when every winning player seat is a's, 0 when every one is b's, and 1/2 otherwise (a
draw: winners of both, or no player wins, as when Hostil Hostal's automata wins or a Hotel
Zombie party falls). The *score* of ``a`` against ``b`` is the mean result, with a 95% Wilson
interval over the games (draws counted as half a win). Scores of a pair add up to 1.

This is the Tabletop Games framework's round-robin tournament (Gaina et al., "Design and
Implementation of TAG", 2020) and the win-rate matrix of its balance studies; the luck measure
(how often the weaker agent of a pair wins) follows Goodman et al., "Measuring the Luck of
Games" (2025).
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field

from ._stats import wilson_interval

__all__ = ["skill_matrix", "SkillMatrix", "pair_results", "from_table"]


def pair_results(table, a: str, b: str) -> dict:
    """Wins, draws and losses of agent ``a`` against agent ``b`` in a simulation table whose
    player seats hold only these two (see the module notes): a dict with ``games``, ``wins``,
    ``draws``, ``losses``, ``score`` (``(wins + draws / 2) / games``), ``low``, ``high`` (95%
    Wilson interval) and ``margin`` (the mean over the games of a's seats' mean score minus
    b's: where most games are draws, as in Hotel Zombie, it still shows who plays better;
    NaN without ``score_`` columns). Raises ValueError for an empty table."""
    n = len(table)
    if not n:
        raise ValueError("pair_results: the table has no games")
    players = int(table["num_players"].iloc[0])
    wins = draws = losses = 0
    agent_cols = [table[f"agent_{s}"].to_numpy() for s in range(players)]
    win_cols = [table[f"win_{s}"].to_numpy(dtype=bool) for s in range(players)]
    scored = all(f"score_{s}" in table.columns for s in range(players))
    score_cols = [table[f"score_{s}"].to_numpy(dtype=float) for s in range(players)] if scored else []
    margin = 0.0
    for i in range(n):
        if scored:
            sa = [score_cols[s][i] for s in range(players) if agent_cols[s][i] == a]
            sb = [score_cols[s][i] for s in range(players) if agent_cols[s][i] == b]
            margin += (sum(sa) / len(sa) if sa else 0.0) - (sum(sb) / len(sb) if sb else 0.0)
        got_a = any(win_cols[s][i] and agent_cols[s][i] == a for s in range(players))
        got_b = any(win_cols[s][i] and agent_cols[s][i] == b for s in range(players))
        if got_a and not got_b:
            wins += 1
        elif got_b and not got_a:
            losses += 1
        else:
            draws += 1
    points = wins + draws / 2
    lo, hi = wilson_interval(points, n)
    return {"games": n, "wins": wins, "draws": draws, "losses": losses, "score": points / n, "low": lo, "high": hi,
            "margin": margin / n if scored else float("nan")}


@dataclass
class SkillMatrix:
    """What :func:`skill_matrix` found.

    - ``agents``: the agents in the order given;
    - ``table``: pandas, one row per ordered pair: ``agent``, ``opponent``, ``games``,
      ``wins``, ``draws``, ``losses``, ``score`` (0 to 1), ``low``/``high`` (95% Wilson),
      ``margin`` (mean score difference, see :func:`pair_results`);
    - ``matrix``: pandas, ``agent`` rows by ``opponent`` columns of scores (NaN on the
      diagonal);
    - ``tables``: ``{(a, b): simulation table}`` of every pair, rows as :func:`hotellab.simulate`
      gives them;
    - ``seconds``: wall time; ``interrupted``: True when Ctrl-C stopped the run (the pairs and
      games finished are kept);
    - ``figure``: a plotly heatmap of ``matrix`` with the intervals in the hover text.
    """

    agents: list
    table: object
    matrix: object
    tables: dict
    config: dict
    seconds: float
    interrupted: bool = False
    figure: object = None
    _extra: dict = field(default_factory=dict)

    def ladder(self, order=None):
        """Each agent against the one before it in ``order`` (default: the order given): one
        row per step with ``agent``, ``below``, ``games``, ``draws``, ``score`` of ``agent``
        over ``below``, ``low``/``high``, ``margin`` (mean score difference) and ``verdict``: "stronger" when the interval lies above 1/2,
        "weaker" below, "no evidence" when it contains 1/2 (where a budget stops helping)."""
        pd = _pd()
        order = list(self.agents if order is None else order)
        rows = []
        t = self.table.set_index(["agent", "opponent"])
        for below, agent in zip(order, order[1:]):
            if (agent, below) not in t.index:
                continue
            r = t.loc[(agent, below)]
            verdict = "stronger" if r["low"] > 0.5 else "weaker" if r["high"] < 0.5 else "no evidence"
            rows.append({"agent": agent, "below": below, "games": int(r["games"]), "draws": int(r["draws"]),
                         "score": r["score"], "low": r["low"], "high": r["high"], "margin": r.get("margin"),
                         "verdict": verdict})
        return pd.DataFrame(rows, columns=["agent", "below", "games", "draws", "score", "low", "high", "margin",
                                           "verdict"])

    def strength(self):
        """Each agent's mean score over its opponents (0 to 1), strongest first: a pandas
        Series. Only for a full matrix (``pairs="all"``): in a ladder the agents met different
        opponents, so their means do not compare (ValueError)."""
        if self.config.get("pairs", "all") != "all":
            raise ValueError("strength() compares agents over the same opponents: it needs the full matrix "
                             "(skill_matrix(..., pairs='all')); a ladder's steps are in ladder()")
        return self.matrix.mean(axis=1, skipna=True).sort_values(ascending=False)

    def upsets(self) -> dict:
        """The luck measure of Goodman et al. (2025): over every pair, the share of games that
        the weaker agent of the pair (by its score against the other) won, draws counting
        half: ``{"upset_rate": ..., "games": ..., "pairs": ...}``. 0 for a game of pure skill
        between agents of different strength, near 1/2 for a game of pure luck."""
        games = points = 0.0
        pairs = 0
        t = self.table
        for a, b in itertools.combinations(self.agents, 2):
            r = t[(t["agent"] == a) & (t["opponent"] == b)]
            if not len(r):
                continue
            r = r.iloc[0]
            weaker = min(r["score"], 1 - r["score"])
            games += r["games"]
            points += weaker * r["games"]
            pairs += 1
        return {"upset_rate": points / games if games else float("nan"), "games": int(games), "pairs": pairs}

    def summary(self) -> str:
        """A few sentences: the game, the strength order, each ladder step and the upset rate."""
        c = self.config
        lines = [f"{c['game_id']}, {c['num_players']} players, {c['n_games']} games per pair, "
                 f"{len(self.agents)} agents" + (f" ({self.seconds:.0f} s)" if self.seconds else "") + (" — interrupted" if self.interrupted else "") + "."]
        if self.config.get("pairs", "all") == "all":
            lines.append("Strength (mean score against the others): "
                         + ", ".join(f"{a} {v:.2f}" for a, v in self.strength().items()) + ".")
        for r in self.ladder().itertuples():
            extra = f"; {r.draws} of {r.games} drawn, score margin {r.margin:+.2f}" if r.draws else ""
            lines.append(f"{r.agent} over {r.below}: {r.score:.2f} (95% CI {r.low:.2f}-{r.high:.2f}): {r.verdict}{extra}.")
        u = self.upsets()
        lines.append(f"The weaker agent of a pair took {u['upset_rate']:.1%} of the games (luck measure).")
        return "\n".join(lines)

    def save(self, path):
        """Every pair's games as one Parquet table (``hotellab.sim.save_table``), whole or not
        at all; returns the path. OptionError for a file name ending other than ``.parquet``
        or ``.pq`` (the file is Parquet whatever its name)."""
        from pathlib import Path

        from ..core.errors import OptionError
        from ..sim import save_table

        if Path(path).suffix.lower() not in (".parquet", ".pq"):
            raise OptionError(f"SkillMatrix.save writes Parquet: name the file *.parquet, got {str(path)!r}",
                              field="path")

        pd = _pd()
        return save_table(pd.concat(list(self.tables.values()), ignore_index=True), path)

    @classmethod
    def load(cls, path) -> "SkillMatrix":
        """A matrix rebuilt from the Parquet table :meth:`save` wrote (or any simulation table
        whose line-ups hold two agents each): see :func:`from_table`."""
        from ..sim import load_table

        return from_table(load_table(path))

    def _repr_html_(self) -> str:
        body = "".join(f"<p>{_esc(line)}</p>" for line in self.summary().splitlines())
        return body + self.matrix.to_html(float_format=lambda x: f"{x:.2f}", na_rep="—")


def from_table(table, agents=None) -> SkillMatrix:
    """The :class:`SkillMatrix` of a simulation table that holds the games of several pairs
    (as :meth:`SkillMatrix.save` writes them): the games are grouped by the two agents of their
    line-up. ``agents``: their order (default: by first appearance). ``seconds`` is 0 (not
    known). Raises ValueError for an empty table, one that mixes game configurations, or a
    line-up with another number of distinct agents than two."""
    from . import config_of

    pd = _pd()
    cfg = config_of(table)
    players = cfg["num_players"]
    pair_of = []
    for line in table["lineup"]:
        names = list(dict.fromkeys(line.split(",")[:players]))
        if len(names) != 2:
            raise ValueError(f"from_table: the line-up {line!r} does not hold two agents")
        pair_of.append(tuple(names))
    seen = list(dict.fromkeys(n for pr in pair_of for n in pr))
    order = list(agents) if agents is not None else seen
    rank = {a: i for i, a in enumerate(order)}
    keys = pd.Series([tuple(sorted(pr, key=lambda a: rank.get(a, len(rank)))) for pr in pair_of],
                     index=table.index)
    tables, rows = {}, []
    for key in dict.fromkeys(keys):
        t = table[keys.map(lambda k: k == key)].reset_index(drop=True)
        tables[key] = t
        for a, b in (key, key[::-1]):
            rows.append({"agent": a, "opponent": b, **pair_results(t, a, b)})
    long = pd.DataFrame(rows, columns=["agent", "opponent", "games", "wins", "draws", "losses", "score", "low",
                                       "high", "margin"])
    matrix = pd.DataFrame(float("nan"), index=pd.Index(order, name="agent"), columns=pd.Index(order, name="opponent"))
    for r in long.itertuples():
        matrix.loc[r.agent, r.opponent] = r.score
    n = int(long["games"].max()) if len(long) else 0
    config = {"game_id": cfg["game_id"], "num_players": players, "options": cfg["options"], "n_games": n,
              "seed": None, "pairs": "all" if len(tables) == len(order) * (len(order) - 1) // 2 else "ladder"}
    out = SkillMatrix(agents=order, table=long, matrix=matrix, tables=tables, config=config, seconds=0.0)
    out.figure = skill_figure(out)
    return out


def _esc(text: str) -> str:
    import html

    return html.escape(text)


def _pd():
    from ..sim import require

    return require("pandas", "sim", "hotellab.analysis.skill_matrix")


def skill_matrix(game, agents, n_games: int = 100, *, seed: int = 0, num_players: int | None = None,
                 options: dict | None = None, workers: int | None = None, backend: str = "processes",
                 scheduler: str | None = None, progress=True, pairs: str = "all",
                 **simulate_kwargs) -> SkillMatrix:
    """Every agent of ``agents`` against every other: :func:`hotellab.simulate` of ``n_games``
    games per pair, seats rotated, the same ``seed`` for every pair (common random numbers).

    - ``game``: a game id or :class:`~hotellab.Game`; ``num_players`` default: the game's
      smallest player count (ignored for a Game); ``options`` as in ``hl.load_game``;
    - ``agents``: at least two distinct agent names (``"random"``, ``"greedy"``,
      ``"mcts:N"``...) or agent objects (named by their ``name``), weakest first if you want
      :meth:`SkillMatrix.ladder` to read as a ladder;
    - ``pairs``: "all" (every agent against every other: the matrix) or "ladder" (each agent
      against the next one only, which is what :meth:`SkillMatrix.ladder` reads; the other
      cells stay NaN) — a ladder of k agents costs k - 1 pairs instead of k(k - 1)/2;
    - ``workers``, ``backend``, ``scheduler`` and other keywords go to ``simulate`` (local
      processes or Dask); ``progress``: one bar over all games.

    Returns a :class:`SkillMatrix`. Ctrl-C stops the run and keeps the pairs and games
    finished (``interrupted=True``). Raises OptionError for fewer than two agents, two agents
    with the same name or ``n_games < 1``; ImportError naming ``hotellab[sim]`` without pandas.
    """
    from ..core.errors import OptionError
    from ..sim import _resolve_game, simulate
    from ..sim._names import agent_name

    pd = _pd()
    if isinstance(agents, str):
        agents = [a.strip() for a in agents.split(",")]
    agents = list(agents)
    names = [agent_name(a) for a in agents]
    if len(agents) < 2:
        raise OptionError(f"skill_matrix needs at least two agents, got {len(agents)}", field="agents")
    bad = [n for n in names if "," in n or not n.strip()]
    if bad:
        raise OptionError(f"skill_matrix: an agent's name may not be empty or hold a comma (a table's line-up "
                          f"is the names joined by commas); got {bad[0]!r}", field="agents")
    if "seating" in simulate_kwargs:
        raise OptionError("skill_matrix turns the seats itself (seating='rotate'): leave out seating=",
                          field="seating")
    if len(set(names)) != len(names):
        dup = sorted({n for n in names if names.count(n) > 1})
        raise OptionError(f"skill_matrix: agents must have different names (a table tells them apart by "
                          f"name); {', '.join(dup)} is given twice", field="agents")
    if isinstance(n_games, bool) or not isinstance(n_games, int) or n_games < 1:
        raise OptionError(f"skill_matrix: n_games must be a whole number >= 1, got {n_games!r}", field="n_games")
    if pairs not in ("all", "ladder"):
        raise OptionError(f"skill_matrix: pairs must be 'all' or 'ladder', got {pairs!r}", field="pairs")
    g = _resolve_game(game, num_players, options)
    todo = (list(itertools.combinations(range(len(agents)), 2)) if pairs == "all"
            else [(i, i + 1) for i in range(len(agents) - 1)])
    total = len(todo) * n_games
    bar = _bar(progress, total, g.id)
    done_before = 0

    def tick(done, _total):
        if bar is not None:
            bar.update(done_before + done - bar.n)

    t0 = time.perf_counter()
    tables, rows = {}, []
    interrupted = False
    try:
        for i, j in todo:
            line = [agents[(i, j)[s % 2]] for s in range(g.num_players)]
            table = simulate(g, line, n_games=n_games, seed=seed, workers=workers, backend=backend,
                             scheduler=scheduler, seating="rotate", progress=tick if bar is not None else False,
                             **simulate_kwargs)
            done_before += len(table)
            if len(table):
                tables[(names[i], names[j])] = table
                for a, b in ((names[i], names[j]), (names[j], names[i])):
                    rows.append({"agent": a, "opponent": b, **pair_results(table, a, b)})
            if table.attrs.get("interrupted"):
                interrupted = True
                break
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if bar is not None:
            bar.close()
    cols = ["agent", "opponent", "games", "wins", "draws", "losses", "score", "low", "high", "margin"]
    long = pd.DataFrame(rows, columns=cols)
    matrix = pd.DataFrame(float("nan"), index=pd.Index(names, name="agent"),
                          columns=pd.Index(names, name="opponent"))
    for r in long.itertuples():
        matrix.loc[r.agent, r.opponent] = r.score
    config = {"game_id": g.id, "num_players": g.num_players, "options": dict(g.options), "n_games": n_games,
              "seed": seed, "pairs": pairs}
    out = SkillMatrix(agents=names, table=long, matrix=matrix, tables=tables, config=config,
                      seconds=time.perf_counter() - t0, interrupted=interrupted)
    out.figure = skill_figure(out)
    return out


def skill_figure(m: SkillMatrix):
    """A heatmap of ``m.matrix``: the row agent's score against the column agent (0 to 1,
    1/2 white), each cell labelled with its score and its 95% interval in the hover text."""
    import plotly.graph_objects as go

    names = list(m.matrix.index)
    t = m.table.set_index(["agent", "opponent"])
    z, text, hover = [], [], []
    for a in names:
        zr, tr, hr = [], [], []
        for b in names:
            if a == b or (a, b) not in t.index:
                zr.append(None)
                tr.append("")
                hr.append("")
                continue
            r = t.loc[(a, b)]
            zr.append(float(r["score"]))
            tr.append(f"{r['score']:.2f}")
            hr.append(f"{a} against {b}: {r['score']:.1%} (95% CI {r['low']:.1%}-{r['high']:.1%}); "
                      f"{int(r['wins'])} won, {int(r['draws'])} drawn, {int(r['losses'])} lost")
        z.append(zr)
        text.append(tr)
        hover.append(hr)
    fig = go.Figure(go.Heatmap(z=z, x=names, y=names, text=text, texttemplate="%{text}", customdata=hover,
                               hovertemplate="%{customdata}<extra></extra>", zmin=0, zmax=1, zmid=0.5,
                               colorscale="RdBu", colorbar=dict(title="score")))
    c = m.config
    fig.update_layout(title=f"Skill matrix — {c['game_id']}, {c['num_players']} players, "
                            f"{c['n_games']} games per pair (row agent's score)",
                      xaxis_title="opponent", yaxis_title="agent", yaxis_autorange="reversed",
                      template="plotly_white", height=120 + 60 * len(names), font=dict(size=13))
    return fig


def _bar(progress, total: int, what: str):
    if progress is not True:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:  # tqdm comes with the sim extra; without it, no bar
        return None
    return tqdm(total=total, desc=f"skill matrix {what}", unit="game")
