"""Rule sweeps: how a game's balance moves when an option or a component value changes.

>>> import hotellab as hl
>>> s = hl.sweep("perfect_hotel", {"star_bonus": [False, True]}, ["random"], n_games=20,
...              workers=1, progress=False)
>>> list(s.table.columns[:4])
['star_bonus', 'games', 'win_rate_0', 'win_low_0']

A *grid* maps keys to lists of values; every combination of values (the cartesian product, in
the grid's order, the last key changing fastest) is a *cell*, played with one
:func:`hotellab.simulate` call of ``n_games`` games and the same ``seed``: game ``i`` of every
cell has the same seed (common random numbers), so two cells differ by the rule changed and
much less by luck. A key is

- ``"num_players"``: the player count;
- an option of the game (``Game.option_specs()``, checked as ``hl.load_game`` checks it);
- a data path (:mod:`hotellab.core.data`), ``"<file>.<table>[<selector>].<field>"``, e.g.
  ``"cards.kind[id=pool].points"``: that value of the game's ``data/<file>.toml`` is replaced
  for the cell, in this process and in the workers (processes or Dask), and put back
  afterwards (also when the sweep raises).

Needs pandas, scipy and plotly (``pip install "hotellab[sim]"``).
"""

from __future__ import annotations

import html
import itertools
from dataclasses import dataclass, field

from ..core.errors import OptionError
from ..sim import require

__all__ = ["sweep", "Sweep", "MEASURES"]

MEASURES = ("branching", "forced_share", "lead_changes", "decisive_at", "drama")
"""Per-game designer measures that a simulation table may carry; without
``hotellab.analysis.designer_metrics`` a sweep gives the mean of each one present as
``mean_<measure>``."""


@dataclass
class Sweep:
    """The result of :func:`sweep`.

    - ``table``: pandas DataFrame, one row per cell in grid order: the grid keys as columns
      (their values), then ``games``; for each seat ``s`` (a non-human seat such as Hostil
      Hostal's automata included) ``win_rate_s`` (0..1, ties count for every tied seat),
      ``win_low_s`` / ``win_high_s`` (its 95% Wilson interval); ``first_seat_advantage``
      (seat 0's win rate minus the other player seats' mean, -1..1) and ``first_seat_p``
      (two-sided binomial test of seat 0's wins against the fair share); ``fair_share``;
      ``mean_length`` (actions per game); ``mean_score_s``; ``draw_rate`` (share of games
      that two or more player seats win); the designer's metrics of
      ``hotellab.analysis.designer_metrics`` under their names (``no_winner_rate``,
      ``length_cv``, ``lead_changes``, ``decisiveness``, ``drama``, ``branching``, ...; where
      that function is missing, ``mean_<measure>`` of each of :data:`MEASURES` the tables
      carry); one column per entry of ``metrics``. A seat that a cell does not have (a sweep
      over ``num_players``) is NaN.
    - ``tables``: cell -> the cell's simulation table; a cell is the tuple of its values in
      grid-key order (a list value as a tuple).
    - ``cells``: the cells in order, each a dict key -> value.
    - ``figure``: plotly ``go.Figure`` of seat 0's win rate (:meth:`plot`).
    - ``interrupted``: True when Ctrl-C stopped the sweep: ``table``, ``tables`` and
      ``cells`` then hold the cells that have games (the last one possibly with fewer than
      ``n_games``: its ``games`` column says how many); a cell without a finished game is
      left out. ``settings["planned_cells"]`` is the number of cells of the grid.
    """

    game_id: str
    grid: dict
    table: object
    tables: dict
    cells: list
    settings: dict = field(default_factory=dict)
    interrupted: bool = False

    @property
    def keys(self) -> list:
        return list(self.grid)

    @property
    def figure(self):
        """:meth:`plot` of ``"win_rate_0"``: the first seat's win rate against the value (one
        grid key: points with their 95% Wilson intervals, and the fair share dashed), a heatmap
        over two keys, one line per combination of the others over three or more."""
        return self.plot("win_rate_0")

    def plot(self, metric: str = "win_rate_0"):
        """A plotly ``go.Figure`` of the column ``metric`` of :attr:`table` across the cells
        (see :attr:`figure`); a ``win_rate_s`` has its interval as error bars. Raises
        OptionError (field ``metric``) for a column the table does not have, ValueError for a
        sweep interrupted before any cell had a game."""
        if len(self.table) == 0:
            raise ValueError("Sweep.plot: the sweep was interrupted before any cell had a finished game; "
                             "nothing to plot")
        if metric not in self.table.columns or metric in self.grid:
            raise OptionError(f"Sweep.plot: no metric {metric!r}; metrics: "
                              f"{', '.join(c for c in self.table.columns if c not in self.grid)}", field="metric")
        return _figure(self.table, self.keys, metric, self._title(metric))

    def _title(self, metric: str) -> str:
        s = self.settings
        what = {"win_rate_0": "First seat's win rate"}.get(metric, metric)
        return (f"{what} — {self.game_id}, {s.get('n_games', '?'):,} games per cell, agents "
                f"{s.get('agents_text', '?')}")

    def summary(self) -> str:
        """A few lines: what was swept, and per cell seat 0's win rate with its interval, the
        first-seat advantage and the mean length; then the cells where seat 0 fares best and
        worst. An interrupted sweep says so first, and how many cells and games finished."""
        s, t = self.settings, self.table
        keys = ", ".join(f"{k} ({len(v)} values)" for k, v in self.grid.items())
        lines = [f"{self.game_id}: sweep of {keys}: {len(t)} cells of {s.get('n_games', '?'):,} games each "
                 f"(agents {s.get('agents_text', '?')}, seating {s.get('seating', '?')}, seed {s.get('seed', '?')}; "
                 "every cell plays the same seeds)."]
        if self.interrupted:
            planned = s.get("planned_cells", "?")
            short = [i for i, g in enumerate(t["games"]) if g < s.get("n_games", 0)] if len(t) else []
            part = (f"; the last one has {int(t['games'].iloc[short[-1]])} of {s.get('n_games'):,} games"
                    if short else "")
            lines.insert(0, f"Interrupted (Ctrl-C): {len(t)} of {planned} cells have games{part}; the other "
                            "cells were not played.")
        for r, cell in zip(t.itertuples(index=False), self.cells):
            row = dict(zip(t.columns, list(r)))
            name = ", ".join(f"{k}={_show(v)}" for k, v in cell.items())
            if row["games"] != s.get("n_games", row["games"]):
                name += f" ({row['games']} game{'' if row['games'] == 1 else 's'})"
            lines.append(f"{name}: seat 0 wins {row['win_rate_0']:.1%} (95% CI {row['win_low_0']:.1%}-"
                         f"{row['win_high_0']:.1%}), first-seat advantage {_pp(row['first_seat_advantage'])} "
                         f"(p = {row['first_seat_p']:.3g}), mean length {row['mean_length']:.0f} actions.")
        if len(t) > 1:
            best, worst = int(t["win_rate_0"].idxmax()), int(t["win_rate_0"].idxmin())
            name = lambda i: ", ".join(f"{k}={_show(v)}" for k, v in self.cells[i].items())  # noqa: E731
            lines.append(f"Seat 0 fares best at {name(best)} ({t['win_rate_0'].iloc[best]:.1%}) and worst at "
                         f"{name(worst)} ({t['win_rate_0'].iloc[worst]:.1%}).")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        text = "<br>".join(html.escape(line) for line in self.summary().splitlines())
        return f"<p>{text}</p>" + self.table.to_html(index=False, float_format=lambda x: f"{x:.4g}")

    def __repr__(self) -> str:
        stopped = ", interrupted" if self.interrupted else ""
        return f"<Sweep {self.game_id} over {', '.join(self.grid)}: {len(self.cells)} cells{stopped}>"


def _show(value) -> str:
    return repr(value) if isinstance(value, str) else str(value)


def _pp(x: float) -> str:
    return "n/a" if x != x else f"{x * 100:+.1f} points"


def _hashable(value):
    return tuple(_hashable(v) for v in value) if isinstance(value, (list, tuple)) else value


def _grid(game_id: str, grid, num_players, options) -> tuple[dict, dict]:
    """``(grid as key -> list, kind of each key: "num_players" | "option" | "data")``,
    checked; OptionError naming the key for anything wrong."""
    from ..core.data import check_overrides, data_files, is_data_path
    from ..core.game import game_class

    cls = game_class(game_id)
    if not isinstance(grid, dict) or not grid:
        raise OptionError(f"sweep: grid must be a non-empty dict of keys and lists of values, got "
                          f"{grid!r:.60}", field="grid")
    names = [s.name for s in cls.OPTIONS]
    out, kinds = {}, {}
    for key, values in grid.items():
        if isinstance(values, (list, tuple, range)):
            values = list(values)
        else:
            raise OptionError(f"sweep: grid[{key!r}] must be a list of values, got {type(values).__name__} "
                              f"{values!r:.40}", field=str(key))
        if not values:
            raise OptionError(f"sweep: grid[{key!r}] has no values", field=str(key))
        seen: list = []
        for i, v in enumerate(values):
            if _hashable(v) in seen:  # two equal values would be one cell (one key of Sweep.tables)
                j = seen.index(_hashable(v))
                raise OptionError(f"sweep: grid[{key!r}] repeats the value {v!r} (values {j} and {i} are equal); "
                                  "give each value once", field=str(key))
            seen.append(_hashable(v))
        if key == "num_players":
            if num_players is not None:
                raise OptionError("sweep: num_players is both a grid key and an argument; give it once",
                                  field="num_players")
            kinds[key] = "num_players"
        elif isinstance(key, str) and key in names:
            if options and key in options:
                raise OptionError(f"sweep: option {key!r} is both a grid key and in options; give it once",
                                  field=key)
            kinds[key] = "option"
        elif is_data_path(key):
            for v in values:
                check_overrides(game_id, {key: v})
            kinds[key] = "data"
        else:
            raise OptionError(
                f"sweep: grid key {key!r} is neither num_players, nor an option of {game_id} (options: "
                f"{', '.join(names) or 'none'}), nor a data path '<file>.<table>[<selector>].<field>' of its "
                f"files ({', '.join(f + '.toml' for f in data_files(game_id))})", field=str(key))
        out[key] = values
    return out, kinds


def _cell_metrics(t, metrics) -> dict:
    """The cell's row of ``Sweep.table`` (without the grid keys); ``t`` has at least one game."""
    from . import first_player_advantage, wilson_interval

    n = len(t)
    seats = int(t["seats"].iloc[0])
    players = int(t["num_players"].iloc[0])
    row: dict = {"games": n}
    for s in range(seats):
        k = int(t[f"win_{s}"].sum())
        lo, hi = wilson_interval(k, n)
        row[f"win_rate_{s}"], row[f"win_low_{s}"], row[f"win_high_{s}"] = k / n, lo, hi
    fp = first_player_advantage(t)
    row["first_seat_advantage"] = fp["advantage"]
    row["first_seat_p"] = fp["p_value"]
    row["fair_share"] = fp["fair"]
    row["mean_length"] = float(t["length"].mean())
    for s in range(seats):
        row[f"mean_score_{s}"] = float(t[f"score_{s}"].mean())
    winning = sum(t[f"win_{s}"].astype(int) for s in range(players))  # player seats that won, per game
    row["draw_rate"] = float((winning > 1).mean())
    designer = _designer_metrics(t, row)
    if designer is None:  # no hotellab.analysis.designer_metrics: the measures' means
        for m in MEASURES:
            if m in t.columns:
                row[f"mean_{m}"] = float(t[m].mean())
    else:
        row.update(designer)
    for name, fn in (metrics or {}).items():
        row[name] = fn(t)
    return row


def _designer_metrics(t, row: dict):
    """``{metric: value}`` of ``hotellab.analysis.designer_metrics(t)`` (one row per metric,
    ``metric`` and ``value`` columns) for the metrics the row does not have yet, or None when
    that function does not exist."""
    from .. import analysis

    fn = getattr(analysis, "designer_metrics", None)
    if fn is None:
        return None
    got = fn(t)
    if not {"metric", "value"} <= set(getattr(got, "columns", ())):
        return None
    return {str(m): float(v) for m, v in zip(got["metric"], got["value"])
            if str(m) not in row and f"mean_{m}" not in row}


def _agents_text(agents) -> str:
    from ..sim._names import agent_name

    if agents is None:
        return "random"
    if isinstance(agents, str):
        return agents
    try:
        return ",".join(a if isinstance(a, str) else agent_name(a) for a in agents)
    except TypeError:
        return str(agents)


def sweep(game_id: str, grid: dict, agents=None, n_games: int = 100, *, seed: int = 0,
          num_players: int | None = None, options: dict | None = None, seating: str = "rotate",
          workers: int | None = None, backend: str = "processes", scheduler: str | None = None, progress=True,
          metrics=None) -> Sweep:
    """Play ``n_games`` games in every cell of ``grid`` and measure each cell's balance.

    - ``game_id``: a game id (:func:`hotellab.list_games`).
    - ``grid``: ``{key: [values]}`` (see :mod:`hotellab.analysis.sweep`): ``"num_players"``,
      option names, data paths such as ``"cards.kind[id=pool].points"``.
    - ``agents``, ``seed``, ``workers``, ``backend``, ``scheduler``, ``seating`` (default
      "rotate": every agent at every seat equally often): as :func:`hotellab.simulate` (with
      ``backend="dask"`` and no ``scheduler`` each cell starts a LocalCluster of its own; give
      a running cluster's address to keep one for every cell); ``num_players`` and
      ``options``: fixed for every cell (a grid key may not repeat them).
    - ``n_games``: games per cell (an int >= 1); every cell plays the same seeds.
    - ``progress``: True (a tqdm bar over the cells), False, or a callable
      ``progress(done, total)`` called after each cell.
    - ``metrics``: None, or ``{column: function(table) -> number}``: more columns of
      ``Sweep.table``, each computed from the cell's simulation table.

    Returns a :class:`Sweep` (``.table``, ``.tables``, ``.figure``, ``.summary()``).

    Every cell is checked before the first one is played: an unknown key, an option value
    ``load_game`` refuses, a data path naming no file, table, record or field, a value of the
    wrong type, or a value the game's own data checks refuse (e.g. Perfect Hotel's counts
    that must add up to 57) is an OptionError (a ValueError) whose ``field`` is the key, and
    so is a value given twice; agents that do not fit a cell's player count (a sweep over
    ``num_players`` with one agent per seat of one count) are an OptionError (field
    ``agents``) naming the cell; UnknownGameError for an unknown game. The component data in this process is the files'
    again when the sweep returns or raises. Errors of :func:`hotellab.simulate` (agents,
    workers, backend, a game that raises) come from the first cell.

    Ctrl-C (KeyboardInterrupt, in a cell's games or between cells) stops the sweep: the cells
    finished so far are returned, the interrupted one with its finished games (a cell without
    any is left out), with ``Sweep.interrupted = True``, a RuntimeWarning, and a first line of
    ``summary()`` saying so.
    """
    pd = require("pandas", "sim", "hotellab.sweep")
    require("plotly", "sim", "hotellab.sweep")
    from ..core.data import data_value
    from ..sim import _stacklevel

    _check_arguments(game_id, n_games, options, metrics, progress)
    grid, kinds = _grid(game_id, grid, num_players, options)
    keys = list(grid)
    cells = [dict(zip(keys, values)) for values in itertools.product(*grid.values())]
    files = {k: data_value(game_id, k) for k in keys if kinds[k] == "data"}

    def config(cell):
        return _cell_config(game_id, cell, kinds, files, num_players, options)

    _check_cells(game_id, cells, config, agents)  # a bad cell is an error before any game is played

    def play(cell):
        return _play_cell(game_id, config(cell), agents, n_games, seed, workers, backend, scheduler, seating)

    rows, tables, played, interrupted = _play_cells(game_id, cells, keys, play, n_games, metrics, progress)
    if interrupted:
        import warnings

        last = rows[-1]["games"] if rows else n_games
        short = f" (the last with {last} of {n_games} games)" if last < n_games else ""
        warnings.warn(f"sweep: interrupted; {len(played)} of {len(cells)} cells have games{short}; the others "
                      "were not played", RuntimeWarning, stacklevel=_stacklevel())
    settings = {"n_games": n_games, "seed": seed, "seating": seating, "agents": agents,
                "agents_text": _agents_text(agents), "num_players": num_players, "options": dict(options or {}),
                "workers": workers, "backend": backend, "scheduler": scheduler, "kinds": kinds,
                "planned_cells": len(cells)}
    if not rows:
        return Sweep(game_id=game_id, grid=grid, table=pd.DataFrame(columns=keys + ["games"]), tables={},
                     cells=[], settings=settings, interrupted=True)
    return Sweep(game_id=game_id, grid=grid, table=_sweep_table(pd, rows, tables, keys), tables=tables,
                 cells=played, settings=settings, interrupted=interrupted)


def _check_arguments(game_id, n_games, options, metrics, progress) -> None:
    """OptionError naming the field for a :func:`sweep` argument of the wrong kind."""
    if not isinstance(game_id, str):
        raise OptionError(f"sweep: game_id must be a game id (text), got {type(game_id).__name__}", field="game_id")
    if isinstance(n_games, bool) or not isinstance(n_games, int) or n_games < 1:
        raise OptionError(f"sweep: n_games must be an int >= 1 (games per cell), got {n_games!r}", field="n_games")
    if options is not None and not isinstance(options, dict):
        raise OptionError(f"sweep: options must be a dict of option names and values, got "
                          f"{type(options).__name__}", field="options")
    if metrics is not None and (not isinstance(metrics, dict)
                                or not all(isinstance(k, str) and callable(f) for k, f in metrics.items())):
        raise OptionError("sweep: metrics must be a dict of column names and functions table -> number",
                          field="metrics")
    if not (progress is True or progress is False or progress is None or callable(progress)):
        raise OptionError(f"sweep: progress must be True, False or a callable progress(done, total), got "
                          f"{progress!r}", field="progress")


def _cell_config(game_id: str, cell: dict, kinds: dict, files: dict, num_players, options) -> tuple:
    """``(players, options, data overrides)`` of one cell of the grid."""
    from ..core.data import check_overrides

    players = cell.get("num_players", num_players)
    opts = {**(options or {}), **{k: v for k, v in cell.items() if kinds[k] == "option"}}
    # a value equal to the file's is no override: that cell plays the game's own modules
    data = {k: v for k, v in cell.items() if kinds[k] == "data"
            and check_overrides(game_id, {k: v})[k] != files[k]}
    return players, opts, data


def _check_cells(game_id: str, cells: list, config, agents) -> None:
    """Load every cell's game (its options and data checked) and fit the agents to it:
    OptionError for the first cell that cannot be played."""
    from ..core.data import data_overrides
    from ..core.game import load_game
    from ..sim import _resolve_agents

    for cell in cells:
        players, opts, data = config(cell)
        with data_overrides(game_id, data):
            game = load_game(game_id, num_players=players, options=opts)
        try:
            _resolve_agents(game, agents)
        except OptionError as exc:
            name = ", ".join(f"{k}={_show(v)}" for k, v in cell.items())
            raise OptionError(f"sweep: agents do not fit the cell {name}: {exc}", field="agents") from None


def _play_cell(game_id: str, config: tuple, agents, n_games: int, seed: int, workers, backend, scheduler,
               seating):
    """The simulation table of one cell (``config``: :func:`_cell_config`'s), its data
    overrides in force while it plays and carried to the workers in the game's options."""
    from ..core.data import DATA_OPTION, canonical, data_overrides
    from ..core.game import load_game
    from ..sim import simulate

    players, opts, data = config
    with data_overrides(game_id, data) as checked:
        game = load_game(game_id, num_players=players, options=opts)
        if checked:
            import copy

            game = copy.copy(game)  # its options carry the overrides to the workers
            game.options = {**game.options, DATA_OPTION: canonical(checked)}
        return simulate(game, agents, n_games, seed, workers, backend, scheduler, seating=seating, progress=False)


def _play_cells(game_id: str, cells: list, keys: list, play, n_games: int, metrics, progress) -> tuple:
    """Play the cells in order (``play(cell)`` -> its table) until the last or an interruption;
    returns ``(rows, tables, played cells, interrupted)``."""
    bar = None
    if progress is True:
        from tqdm.auto import tqdm

        bar = tqdm(total=len(cells), desc=f"sweep {game_id}", unit="cell")
    rows, tables, played, interrupted = [], {}, [], False
    try:
        for done, cell in enumerate(cells, 1):
            table = play(cell)
            interrupted = bool(table.attrs.get("interrupted")) or len(table) < n_games
            if len(table):  # a cell without a finished game has no row
                table.attrs["cell"] = dict(cell)
                row = {**{k: cell[k] for k in keys}, **_cell_metrics(table, metrics)}
                tables[tuple(_hashable(cell[k]) for k in keys)] = table
                rows.append(row)
                played.append(cell)
            if interrupted:
                break
            if bar is not None:
                bar.update(1)
            elif callable(progress):
                progress(done, len(cells))
    except KeyboardInterrupt:  # in a cell's games here (workers=1) or between cells
        interrupted = True
    finally:
        if bar is not None:
            bar.close()
    return rows, tables, played, interrupted


def _sweep_table(pd, rows: list, tables: dict, keys: list):
    """The sweep's table, one row per cell: the grid's keys, the games, each seat's win rate
    and its interval, then the other measures with the seats' mean scores after the length."""
    out = pd.DataFrame(rows)
    seats = max(int(t["seats"].iloc[0]) for t in tables.values())
    lead = keys + ["games"] + [f"{m}_{s}" for s in range(seats) for m in ("win_rate", "win_low", "win_high")]
    rest = [c for c in out.columns if c not in lead]
    scores = [f"mean_score_{s}" for s in range(seats)]
    rest = [c for c in rest if c not in scores]
    at = rest.index("mean_length") + 1
    return out[lead + rest[:at] + scores + rest[at:]]


def _number(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _axis(values: list) -> list:
    """The values as they go on an axis: numbers stay numbers (a numeric axis) when all are;
    else text ("False", "[1, 2]")."""
    values = list(values)
    return values if all(_number(v) for v in values) else [str(v) for v in values]


def _figure(table, keys: list, metric: str, title: str):
    go = require("plotly.graph_objects", "sim", "Sweep.figure")
    seat = metric[len("win_rate_"):] if metric.startswith("win_rate_") else None
    rate = seat is not None and f"win_low_{seat}" in table.columns
    percent = rate or metric in ("first_seat_advantage", "fair_share", "draw_rate")

    def bars(part):
        if not rate:
            return None
        return dict(type="data", symmetric=False, array=(part[f"win_high_{seat}"] - part[metric]).tolist(),
                    arrayminus=(part[metric] - part[f"win_low_{seat}"]).tolist())

    fig = go.Figure()
    if len(keys) == 2:
        xs = list(dict.fromkeys(_hashable(v) for v in table[keys[0]]))
        ys = list(dict.fromkeys(_hashable(v) for v in table[keys[1]]))
        z = [[None] * len(xs) for _ in ys]
        text = [[""] * len(xs) for _ in ys]
        for r in table.to_dict("records"):
            i, j = ys.index(_hashable(r[keys[1]])), xs.index(_hashable(r[keys[0]]))
            z[i][j] = r[metric]
            if rate:
                text[i][j] = f"{r[metric]:.1%}<br>({r[f'win_low_{seat}']:.0%}-{r[f'win_high_{seat}']:.0%})"
            else:
                text[i][j] = f"{r[metric]:.1%}" if percent else f"{r[metric]:.3g}"
        mid = float(table["fair_share"].mean()) if rate and "fair_share" in table.columns else None
        fig.add_trace(go.Heatmap(z=z, x=[str(x) for x in xs], y=[str(y) for y in ys], text=text,
                                 texttemplate="%{text}", colorscale="RdBu_r", zmid=mid,
                                 colorbar=dict(title=metric, tickformat=".0%" if percent else None),
                                 hovertemplate=(f"{keys[0]}=%{{x}}<br>{keys[1]}=%{{y}}<br>{metric}: "
                                                "%{text}<extra></extra>")))
        fig.update_layout(xaxis_title=keys[0], yaxis_title=keys[1], xaxis_type="category", yaxis_type="category")
    else:
        groups = [((), table)] if len(keys) == 1 else list(table.groupby(
            [table[k].map(_hashable) for k in keys[1:]], sort=False))
        for n, (name, part) in enumerate(groups):
            name = name if isinstance(name, tuple) else (name,)
            label = ", ".join(f"{k}={v}" for k, v in zip(keys[1:], name)) or metric
            fig.add_trace(go.Scatter(x=_axis(part[keys[0]]), y=part[metric].tolist(), mode="lines+markers",
                                     name=label, error_y=bars(part)))
        if metric == "win_rate_0" and "fair_share" in table.columns and len(keys) == 1:
            fig.add_trace(go.Scatter(x=_axis(table[keys[0]]), y=table["fair_share"].tolist(), mode="lines",
                                     name="fair share", line=dict(dash="dash", color="#555")))
        fig.update_layout(xaxis_title=keys[0], yaxis_title=metric)
        if percent:
            fig.update_layout(yaxis_tickformat=".0%")
        if not all(_number(v) for v in table[keys[0]]):
            fig.update_layout(xaxis_type="category")
    fig.update_layout(title=title, template="plotly_white", height=400)
    return fig
