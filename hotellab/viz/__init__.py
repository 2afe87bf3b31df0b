"""Plotly figures of a game: score breakdown, score timeline and the adjacency graph.

Every function returns a plain :class:`plotly.graph_objects.Figure` (not the widget subclass,
which adds megabytes per figure to a notebook). Text from data (player names, categories, rule
sections) is HTML-escaped, since plotly renders a subset of HTML in labels and hovers.

>>> import hotellab as hl
>>> log = hl.play(hl.load_game("hostil_hostal", num_players=3), seed=1)
>>> replay = hl.Replay(log)
>>> fig = score_breakdown_figure(replay.final_state)
>>> fig.layout.barmode
'relative'
"""

from __future__ import annotations

import html
import re

import plotly.graph_objects as go

from .layout import board_layout, room_cell

__all__ = ["score_breakdown_figure", "score_timeline_figure", "adjacency_figure", "board_layout"]

_PALETTE = (
    "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7",
    "#9c755f", "#86bcb6", "#d37295", "#8cd17d", "#a0cbe8", "#ffbe7d", "#499894", "#f1ce63",
)
_SEAT_FALLBACK = ("#2b6cd4", "#d43b2b", "#e8892a", "#2e9d4f", "#d9b310", "#7b52c4")
_FONT = dict(family="system-ui, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif", size=13)


def _e(text) -> str:
    return html.escape(str(text), quote=False)


def _seat_info(state, names=None) -> tuple[list[str], list[str]]:
    """Display names and colours of every seat (from the omniscient view when it has them)."""
    game = state.game
    n = game.num_seats
    try:
        seats = state.view(None).get("seats") or []
    except Exception:  # a game without a view still gets a figure
        seats = []
    default = list(game.seat_names())
    out_names, colours = [], []
    for i in range(n):
        s = seats[i] if i < len(seats) and isinstance(seats[i], dict) else {}
        if names is not None and i < len(names):
            out_names.append(str(names[i]))
        else:
            out_names.append(str(s.get("name") or default[i]))
        c = s.get("color")
        colours.append(c if isinstance(c, str) and c.startswith("#") else _SEAT_FALLBACK[i % len(_SEAT_FALLBACK)])
    return out_names, colours


def _base_layout(fig: go.Figure, title: str) -> None:
    fig.update_layout(
        title=dict(text=title, x=0.01, xanchor="left"),
        font=_FONT,
        template="plotly_white",
        margin=dict(l=50, r=20, t=60, b=50),
        legend=dict(orientation="v", yanchor="top", y=1, x=1.01),
    )


_DETAIL = re.compile(r"\s*\([^()]*\)$")


def _category_group(category: str) -> str:
    """The legend entry of a score category: its text without a last parenthesis of detail
    ("Bedroom majority (4 cards)" -> "Bedroom majority"), so one kind of line keeps one
    colour whatever its counts."""
    return _DETAIL.sub("", category) or category


def score_breakdown_figure(state, *, names: list[str] | None = None) -> go.Figure:
    """Stacked bars of where each seat's points come from.

    :param state: any state of a game; ``state.score_breakdown()`` gives the items.
    :param names: display names per seat (default: the view's seat names).
    :returns: a Figure with one ``go.Bar`` trace per category (in order of first
        appearance; x = seat index 0..num_seats-1 shown with the seat names, y = that seat's
        points in the category, summed over its items; seats without the category are left
        out) and a last ``go.Scatter`` trace named "total" with ``state.scores``. Bars stack
        relatively: negative categories hang below zero. The hover shows the seat, the
        category, the points and the rulebook section (``RuleRef.section``) of the item.
    """
    seat_names, _ = _seat_info(state, names)
    n = len(seat_names)
    items = list(state.score_breakdown())
    cats: list[str] = []
    sums: dict = {}
    rules: dict = {}
    details: dict = {}
    for it in items:
        cat = _category_group(it.category)
        if cat not in cats:
            cats.append(cat)
        key = (cat, it.player)
        sums[key] = sums.get(key, 0) + it.points
        sec = getattr(it.rule, "section", str(it.rule))
        rules.setdefault(key, [])
        if sec not in rules[key]:
            rules[key].append(sec)
        details.setdefault(key, [])
        if it.category not in details[key]:
            details[key].append(it.category)
    fig = go.Figure()
    for i, cat in enumerate(cats):
        xs, ys, cd = [], [], []
        for seat in range(n):
            if (cat, seat) in sums:
                xs.append(seat)
                ys.append(sums[(cat, seat)])
                cd.append([_e(seat_names[seat]), "; ".join(_e(r) for r in rules[(cat, seat)]),
                           "; ".join(_e(d) for d in details[(cat, seat)])])
        colour = "#b9b2a6" if cat == "Start" else _PALETTE[i % len(_PALETTE)]
        fig.add_trace(go.Bar(
            name=_e(cat), x=xs, y=ys, customdata=cd, marker=dict(color=colour, line=dict(width=0.5, color="#fff")),
            hovertemplate="<b>%{customdata[0]}</b><br>%{customdata[2]}"
            + ": %{y:+}<br><i>%{customdata[1]}</i><extra></extra>",
        ))
    scores = list(state.scores)
    fig.add_trace(go.Scatter(
        name="total", x=list(range(n)), y=scores, mode="markers+text",
        text=[f"{s:g}" if isinstance(s, (int, float)) else str(s) for s in scores],
        textposition="top center", textfont=dict(size=14, color="#222"),
        marker=dict(symbol="line-ew", size=34, line=dict(width=3, color="#222")),
        customdata=[_e(x) for x in seat_names],
        hovertemplate="<b>%{customdata}</b><br>total: %{y}<extra></extra>",
    ))
    _base_layout(fig, f"Score breakdown — {_e(state.status_text())}")
    fig.update_layout(
        barmode="relative", bargap=0.35,
        xaxis=dict(tickmode="array", tickvals=list(range(n)), ticktext=[_e(x) for x in seat_names]),
        yaxis=dict(title="points", zeroline=True, zerolinecolor="#888"),
    )
    return fig


def _as_replay(obj):
    from ..core.replay import Replay

    return obj if isinstance(obj, Replay) else Replay(obj)


def score_timeline_figure(replay, *, names: list[str] | None = None) -> go.Figure:
    """Each seat's score over the steps of a game.

    :param replay: a Replay (or a GameLog, Match or final State, replayed from the start).
    :param names: display names per seat (default: the log's player names).
    :returns: a Figure with one ``go.Scatter`` line per seat (x = step k, 0..len-1;
        y = ``replay.state_at(k).scores[seat]``; step-shaped) and, when the view model has a
        ``night`` field, a last trace "night ends" marking each seat's score at the last
        step of every night, plus dotted lines where a night begins. Hover: the step and
        the status line (public text only; no action, which could reveal hidden cards).
    """
    replay = _as_replay(replay)
    states = list(iter(replay))
    last = states[-1]
    if names is None:
        names = getattr(replay.log, "players", None)
        if names is not None and len(names) != last.game.num_seats:
            names = None
    seat_names, colours = _seat_info(last, names)
    n = len(seat_names)
    xs = list(range(len(states)))
    scores = [list(s.scores) for s in states]
    status = [_e(s.status_text()) for s in states]
    nights = []
    for s in states:
        try:
            nights.append(s.view(None).get("night"))
        except Exception:  # no view: no night marks
            nights.append(None)
    fig = go.Figure()
    for seat in range(n):
        fig.add_trace(go.Scatter(
            name=_e(seat_names[seat]), x=xs, y=[sc[seat] for sc in scores], mode="lines",
            line=dict(color=colours[seat], width=2.5, shape="hv"), customdata=status,
            hovertemplate="step %{x}: %{customdata}<br>" + _e(seat_names[seat]).replace("%", "%%")
            + ": <b>%{y}</b><extra></extra>",
        ))
    ends = [k - 1 for k in range(1, len(states)) if nights[k] != nights[k - 1] and nights[k - 1] is not None]
    if last.is_terminal and nights[-1] is not None:
        ends.append(len(states) - 1)
    if ends:
        ex, ey, ec, et = [], [], [], []
        for k in ends:
            for seat in range(n):
                ex.append(k)
                ey.append(scores[k][seat])
                ec.append(colours[seat])
                et.append(f"{_e(seat_names[seat])}: {scores[k][seat]} after night {nights[k]}")
        fig.add_trace(go.Scatter(
            name="night ends", x=ex, y=ey, mode="markers", text=et,
            marker=dict(symbol="diamond", size=10, color=ec, line=dict(width=1.5, color="#222")),
            hovertemplate="step %{x}: %{text}<extra></extra>",
        ))
    for k in range(1, len(states)):
        if nights[k] != nights[k - 1] and nights[k] is not None:
            fig.add_vline(x=k, line=dict(color="#999", width=1, dash="dot"),
                          annotation=dict(text=f"night {_e(nights[k])}", font=dict(size=11, color="#777")),
                          annotation_position="top right")
    _base_layout(fig, f"Scores over {len(states) - 1} steps")
    fig.update_layout(xaxis=dict(title="step (actions applied)"), yaxis=dict(title="points"), hovermode="closest")
    return fig


_EDGE_STYLE = {
    "orthogonal": dict(color="#6a5acd", width=4, dash="solid"),
    "below": dict(color="#c0392b", width=3, dash="dash"),
    "lobby": dict(color="#7c6f97", width=3, dash="dashdot"),
    "contains": dict(color="#cbbf9f", width=1, dash="solid"),
    "bed": dict(color="#8b7355", width=1.5, dash="dot"),
    "above": dict(color="#5b4a3a", width=3, dash="solid"),
    "row": dict(color="#6a5acd", width=4, dash="solid"),
    "column": dict(color="#c0392b", width=4, dash="solid"),
    "pillars": dict(color="#9a8f80", width=1, dash="dot"),
    "same_number": dict(color="#2e9d4f", width=1.5, dash="dash"),
}


def _hover(node, d: dict) -> str:
    lines = [f"<b>{_e(d.get('label', node))}</b>"]
    for k, v in d.items():
        if k == "label":
            continue
        lines.append(f"{_e(k)}: {_e(v)}")
    return "<br>".join(lines)


def adjacency_figure(state) -> go.Figure:
    """The adjacency graph of ``state`` (``state.adjacency_graph()``) laid out like the board.

    :returns: a Figure with one line trace per edge ``kind`` (styled by kind; names like
        "orthogonal", "below", "contains", "bed", "lobby", "above") followed by one marker trace
        per node ``kind`` ("lobby", "room", "bed", "floor"; a Perfect Hotel floor is a square in
        its kind's ``colour``, one column per hotel). Rooms sit by floor/col (floor 2 above), beds
        inside their room by row/col (coloured by the first guest's seat, white when empty,
        labelled with their value), the Lobby at column 0 of floor 1. Hovering a node lists
        its attributes. Positions come from :func:`hotellab.viz.layout.board_layout`.
    """
    G = state.adjacency_graph()
    pos = board_layout(G)
    names, colours = _seat_info(state)
    fig = go.Figure()
    _cell_shapes(fig, G)
    _edge_traces(fig, G, pos)
    _node_traces(fig, G, pos, colours)
    _hotel_heads(fig, G, pos, names, colours)
    _base_layout(fig, f"Adjacency — {_e(state.status_text())}")
    xs_all = [p[0] for p in pos.values()] or [0.0]
    fig.update_layout(
        # room for labels right of the last column and under the bottom row
        xaxis=dict(visible=False, range=[min(xs_all) - 0.6, max(xs_all) + 0.9]),
        yaxis=dict(visible=False, scaleanchor="x", scaleratio=1),
        plot_bgcolor="#fff", hovermode="closest",
    )
    return fig


def _cell_shapes(fig, G) -> None:
    """The board's cells as background rectangles: each room's and the Lobby's; a Perfect
    Hotel floor's square in its kind's colour (outlined dark when it is an annex)."""
    for node, d in G.nodes(data=True):
        if d.get("kind") in ("room", "lobby") and isinstance(d.get("floor"), int) and isinstance(d.get("col"), int):
            x0, y0, x1, y1 = room_cell(d["floor"], d["col"])
            fig.add_shape(type="rect", x0=x0, y0=y0, x1=x1, y1=y1, layer="below",
                          line=dict(color="#8b7355" if d["kind"] == "room" else "#7c6f97", width=1.5),
                          fillcolor="#f6eedf" if d["kind"] == "room" else "#ece6f4")
        elif d.get("kind") == "floor" and isinstance(d.get("floor"), int) and isinstance(d.get("col"), int):
            x0, y0, x1, y1 = room_cell(d["floor"], d["col"], margin=0.08)
            fill = d.get("colour") if isinstance(d.get("colour"), str) and d["colour"].startswith("#") else "#cbbf9f"
            fig.add_shape(type="rect", x0=x0, y0=y0, x1=x1, y1=y1, layer="below", opacity=0.35,
                          line=dict(color="#2d2a26" if d.get("annex") else fill, width=2), fillcolor=fill)


def _edge_traces(fig, G, pos) -> None:
    """One line trace per edge kind, the containing kinds first, styled by kind."""
    kinds: list[str] = []
    for _, _, d in G.edges(data=True):
        k = d.get("kind", "edge")
        if k not in kinds:
            kinds.append(k)
    order = ["contains", "bed", "orthogonal", "below", "lobby"]
    kinds.sort(key=lambda k: order.index(k) if k in order else len(order))
    for kind in kinds:
        xs, ys = [], []
        for a, b, d in G.edges(data=True):
            if d.get("kind", "edge") != kind:
                continue
            (x0, y0), (x1, y1) = pos[a], pos[b]
            xs += [x0, x1, None]
            ys += [y0, y1, None]
        style = _EDGE_STYLE.get(kind, dict(color="#555", width=1.5, dash="solid"))
        fig.add_trace(go.Scatter(name=f"edge: {_e(kind)}", x=xs, y=ys, mode="lines", line=style, hoverinfo="skip"))


def _node_traces(fig, G, pos, colours) -> None:
    """One marker trace per node kind (lobby, room, bed, then the others), labelled, with
    each node's attributes on hover."""
    node_kinds: list[str] = []
    for _, d in G.nodes(data=True):
        k = d.get("kind", "node")
        if k not in node_kinds:
            node_kinds.append(k)
    node_kinds.sort(key=lambda k: ["lobby", "room", "bed"].index(k) if k in ("lobby", "room", "bed") else 3)
    has_beds = any(d.get("kind") == "bed" for _, d in G.nodes(data=True))
    for kind in node_kinds:
        nodes = [(n, d) for n, d in G.nodes(data=True) if d.get("kind", "node") == kind]
        text, marker, tfont = _node_style(kind, nodes, colours)
        # labels beside their node run into the next column's when the figure is narrow
        # ("Restaurant 3Garden 2", "Red pillars 1Red pillars 2"): a floor's or other node's
        # label goes under it, centred in its cell, on two lines when long
        where = {"bed": "middle center", "room": "middle right", "lobby": "middle right"}.get(kind, "bottom center")
        if kind == "room" and not has_beds:
            # rooms without beds in them (Hellton Palace): the label goes inside the cell,
            # under the row's edge, smaller, clear of the next room's node
            where = "bottom right"
            tfont = dict(size=12, color="#2d2a26")
        fig.add_trace(go.Scatter(
            name=_e(kind), x=[pos[n][0] for n, _ in nodes], y=[pos[n][1] for n, _ in nodes],
            mode="markers+text", text=text, textposition=where,
            textfont=tfont, marker=marker, hovertext=[_hover(n, d) for n, d in nodes], hoverinfo="text",
        ))


def _node_style(kind: str, nodes: list, colours) -> tuple[list, dict, dict]:
    """``(labels, marker, text font)`` of the nodes of one kind: a bed coloured by its first
    guest's seat (white when empty) and labelled with its value; a room, a floor (in its
    kind's colour), the Lobby, or another node by its label."""
    if kind == "bed":
        fill, text = [], []
        for _, d in nodes:
            g = d.get("guests") or []
            seat = g[0] if g and isinstance(g[0], int) else None
            fill.append(colours[seat] if seat is not None and 0 <= seat < len(colours) else "#ffffff")
            v = d.get("value")
            text.append(f"{v:+d}" if isinstance(v, int) and v else str(v if v is not None else ""))
        return text, dict(symbol="square", size=26, color=fill, line=dict(width=1.5, color="#8b7355")), \
            dict(size=11, color="#222")
    if kind == "room":
        return [_e(d.get("label", n)) for n, d in nodes], dict(symbol="square", size=14, color="#8b7355"), \
            dict(size=15, color="#2d2a26")
    if kind == "floor":
        fill = [d.get("colour") if isinstance(d.get("colour"), str) and d["colour"].startswith("#") else "#8b7355"
                for _, d in nodes]
        return [_two_lines(_e(d.get("label", n)), 14) for n, d in nodes], \
            dict(symbol="square", size=16, color=fill, line=dict(width=1, color="#2d2a26")), \
            dict(size=12, color="#2d2a26")
    if kind == "lobby":
        return [_e(d.get("label", "Lobby")) for _, d in nodes], dict(symbol="diamond", size=20, color="#7c6f97"), \
            dict(size=15, color="#4b3f72")
    return [_two_lines(_e(d.get("label", n))) for n, d in nodes], dict(size=12, color="#555"), dict(size=12)


def _hotel_heads(fig, G, pos, names, colours) -> None:
    """Perfect Hotel: one column per hotel, headed by its owner's name in the seat's colour."""
    tops: dict = {}
    for n, d in G.nodes(data=True):
        seat = d.get("seat")
        if d.get("kind") == "floor" and isinstance(seat, int) and 0 <= seat < len(names) and n in pos:
            x, y = pos[n]
            tx, ty = tops.get(seat, (x, y))
            tops[seat] = (tx, max(ty, y))
    head_y = max((y for _, y in tops.values()), default=0.0) + 0.55
    for seat, (x, _y) in sorted(tops.items()):
        fig.add_annotation(x=x, y=head_y, text=f"<b>{_e(names[seat])}</b>", showarrow=False,
                           font=dict(size=14, color=colours[seat] if seat < len(colours) else "#2d2a26"),
                           yanchor="bottom")


def _two_lines(label: str, width: int = 10) -> str:
    """``label`` on two lines (a ``<br>`` at the space nearest its middle) when longer than
    ``width`` characters: "Red pillars 1" -> "Red pillars<br>1"... "Red<br>pillars 1"."""
    if len(label) <= width or " " not in label:
        return label
    mid = len(label) / 2
    i = min((i for i, c in enumerate(label) if c == " "), key=lambda i: abs(i - mid))
    return label[:i] + "<br>" + label[i + 1:]
