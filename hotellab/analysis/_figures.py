"""plotly figures of the balance analytics (``go.Figure``: it survives export to HTML)."""

from __future__ import annotations

import plotly.graph_objects as go

_COLOURS = ["#4c78a8", "#f58518", "#54a24b", "#e45756", "#72b7b2", "#b279a2", "#eeca3b"]


def _title(config: dict, what: str) -> str:
    return f"{what} — {config['game_id']}, {config['num_players']} players, {config['games']:,} games"


def _bars(rates, name: str, colour: str):
    return go.Bar(
        x=[f"seat {s}" for s in rates["seat"]], y=rates["rate"], name=name, marker_color=colour,
        error_y=dict(type="data", symmetric=False, array=rates["high"] - rates["rate"],
                     arrayminus=rates["rate"] - rates["low"]),
        customdata=list(zip(rates["wins"], rates["games"], rates["low"], rates["high"])),
        hovertemplate="%{x}: %{y:.1%} (%{customdata[0]} of %{customdata[1]})<br>"
                      "95% Wilson interval %{customdata[2]:.1%} to %{customdata[3]:.1%}<extra>" + name + "</extra>",
    )


def win_rates_figure(rates, by_agent, config: dict) -> go.Figure:
    """Each seat's win rate with its 95% Wilson interval (error bars) and the fair share
    (dashed line); one bar per agent at each seat when the line-ups vary."""
    fig = go.Figure()
    agents = list(dict.fromkeys(by_agent["agent"]))
    if len(by_agent) == len(rates):  # one agent per seat
        fig.add_trace(_bars(rates, "all games", _COLOURS[0]))
    else:
        for i, a in enumerate(agents):
            fig.add_trace(_bars(by_agent[by_agent["agent"] == a], str(a), _COLOURS[i % len(_COLOURS)]))
    fair = float(rates["fair"].iloc[0])
    fig.add_hline(y=fair, line_dash="dash", line_color="#555",
                  annotation_text=f"fair share {fair:.1%}", annotation_position="top right")
    fig.update_layout(title=_title(config, "Win rate by seat"), yaxis_tickformat=".0%",
                      yaxis_title="games won (ties count for every tied seat)", barmode="group",
                      template="plotly_white", height=380)
    return fig


def scores_figure(long, config: dict) -> go.Figure:
    """Score distribution per seat, one colour per agent: boxes drawn from their statistics
    (quartiles, median, mean; whiskers at the 5th and 95th percentiles), so the figure stays
    small whatever the number of games."""
    fig = go.Figure()
    for i, a in enumerate(dict.fromkeys(long["agent"])):
        part = long[long["agent"] == a]
        q = part.groupby("seat")["score"].quantile([0.05, 0.25, 0.5, 0.75, 0.95]).unstack()
        mean = part.groupby("seat")["score"].mean()
        fig.add_trace(go.Box(
            x=[f"seat {s}" for s in q.index], name=str(a), marker_color=_COLOURS[i % len(_COLOURS)],
            lowerfence=q[0.05].tolist(), q1=q[0.25].tolist(), median=q[0.5].tolist(),
            q3=q[0.75].tolist(), upperfence=q[0.95].tolist(), mean=mean.reindex(q.index).tolist(),
        ))
    fig.update_layout(title=_title(config, "Final scores by seat and agent (whiskers: 5th-95th percentile)"),
                      boxmode="group", yaxis_title="final score", template="plotly_white", height=380)
    return fig


def length_figure(table, config: dict) -> go.Figure:
    """How many games had each length: actions (chance outcomes included) and decisions."""
    fig = go.Figure()
    for i, (col, name) in enumerate((("length", "actions"), ("decisions", "decisions"))):
        counts = table[col].value_counts().sort_index()
        fig.add_trace(go.Bar(x=counts.index.tolist(), y=counts.tolist(), name=name,
                             marker_color=_COLOURS[i], opacity=0.7))
    fig.update_layout(title=_title(config, "Game length"), barmode="overlay", bargap=0,
                      xaxis_title="per game", yaxis_title="games", template="plotly_white", height=340)
    return fig


def categories_figure(cats, config: dict) -> go.Figure:
    """Mean points per seat per game from each breakdown category (penalties below zero)."""
    cats = cats.sort_values("per_game")
    fig = go.Figure(go.Bar(
        x=cats["per_game"], y=cats["category"], orientation="h",
        marker_color=["#54a24b" if v >= 0 else "#e45756" for v in cats["per_game"]],
        customdata=cats["share"], hovertemplate="%{y}: %{x:.2f} points per seat per game"
                                                "<br>%{customdata:.1%} of all points moved<extra></extra>",
    ))
    fig.update_layout(title=_title(config, "Where the points come from"), xaxis_title="points per seat per game",
                      template="plotly_white", height=max(300, 28 * len(cats) + 120), margin=dict(l=220))
    return fig


def comparison_figure(rates_a, rates_b, labels) -> go.Figure:
    """Seat win rates of two tables side by side, with 95% Wilson intervals."""
    fig = go.Figure([_bars(rates_a, str(labels[0]), _COLOURS[0]), _bars(rates_b, str(labels[1]), _COLOURS[1])])
    fig.update_layout(title=f"Win rate by seat: {labels[0]} vs {labels[1]}", barmode="group",
                      yaxis_tickformat=".0%", template="plotly_white", height=360)
    return fig


def luck_figure(table, config: dict) -> go.Figure:
    """ICC(1) by seed of each player seat's win and score, with 95% intervals (error bars):
    the share of the outcome's variance that the seed (the chance outcomes) explains."""
    fig = go.Figure()
    for i, (measure, name) in enumerate((("win", "win"), ("score", "score"))):
        part = table[table["measure"] == measure]
        icc = part["icc"].fillna(0.0)
        fig.add_trace(go.Bar(
            x=[f"seat {s}" for s in part["seat"]], y=part["icc"], name=name, marker_color=_COLOURS[i],
            error_y=dict(type="data", symmetric=False, array=(part["high"] - icc).clip(lower=0).fillna(0).tolist(),
                         arrayminus=(icc - part["low"]).clip(lower=0).fillna(0).tolist()),
            customdata=list(zip(part["low"], part["high"], part["p_value"])),
            hovertemplate="%{x}, " + name + ": ICC %{y:.2f}<br>95% interval %{customdata[0]:.2f} to "
                          "%{customdata[1]:.2f}<br>F test p = %{customdata[2]:.3g}<extra></extra>",
        ))
    reps = f"{int(table['seeds'].iloc[0])} seeds x {int(table['repeats'].iloc[0])} repeats" if len(table) else ""
    fig.update_layout(title=f"Luck: the seed's share of the variance (ICC(1)) — {config['game_id']}, "
                            f"{config['num_players']} players, {reps}",
                      yaxis=dict(title="ICC(1) by seed (0: the agents decide, 1: the seed does)", range=[-0.2, 1.05]),
                      barmode="group", template="plotly_white", height=360)
    return fig
