"""The ``hotellab`` command: list games, play one with agents, replay a log, open JupyterLab.

::

    hotellab list
    hotellab play hostil_hostal --players 3 --seed 7 --agents random,greedy,random --out game.json
    hotellab play hostil_hostal --players 2 --options nights=5
    hotellab replay game.json --step 40
    hotellab replay game.json --html game.html
    hotellab lab
    hotellab simulate perfect_hotel --games 10000 --players 3 --agents random,greedy,random --out table.parquet

Every error the library raises on purpose (an unknown game, option or agent, a malformed
log) is printed as one line on stderr and the command exits with status 2; there is no
traceback.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Optional

import typer

app = typer.Typer(
    name="hotellab",
    help="Explore the rules of hotel-themed tabletop games: list, play, replay, lab.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # click's plain help: paragraphs rewrapped to the terminal, nothing cut short
)

TUTORIAL = "hostil_hostal.ipynb"
_INT = re.compile(r"^[+-]?\d+$")


def _fail(message: str, code: int = 2) -> "typer.Exit":
    """Print ``error: message`` on stderr and return the Exit to raise."""
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)


def _error_message(exc: BaseException) -> str:
    return str(exc) or type(exc).__name__


def _version(value: bool) -> None:
    if value:
        import hotellab

        typer.echo(f"hotellab {hotellab.__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version and exit."),
) -> None:
    """Explore the rules of hotel-themed tabletop games: list, play, replay, lab."""


# -- helpers shared by the commands ------------------------------------------------------------


def parse_option_value(text: str, allowed: tuple = ()) -> Any:
    """The value of ``key=value`` text: one of ``allowed`` whose text matches, else an int
    when the text looks like one, else the text.

    >>> parse_option_value("5")
    5
    >>> parse_option_value("true", (False, True))
    True
    >>> parse_option_value("A", ("A", "B"))
    'A'
    >>> parse_option_value("Intro", ("full", "intro"))
    'intro'
    """
    for value in allowed:
        if isinstance(value, bool):
            if text.lower() in (str(value).lower(), "1" if value else "0", "yes" if value else "no"):
                return value
        elif str(value) == text:
            return value
    # a word in another case ("UP", "Intro") when it matches exactly one allowed word
    folded = [v for v in allowed if isinstance(v, str) and v.lower() == text.lower()]
    if len(folded) == 1:
        return folded[0]
    if _INT.match(text):
        return int(text)
    return text


def parse_options(items: list[str] | None, specs=()) -> dict:
    """``["nights=5", "side=B,misfortune=strict"]`` -> ``{"nights": 5, ...}``.

    Raises ValueError for an item without ``=``.
    """
    allowed = {s.name: tuple(s.allowed) for s in specs}
    example = next((f"{s.name}={_fmt_value(s.allowed[-1])}" for s in specs), "name=value")
    out: dict[str, Any] = {}
    for item in items or []:
        for part in item.split(","):
            part = part.strip()
            if not part:
                continue
            if "=" not in part:
                raise ValueError(f"option {part!r} must be written key=value, e.g. {example}")
            key, value = (s.strip() for s in part.split("=", 1))
            if key in out:
                raise ValueError(f"option {key!r} is given twice ({key}={_fmt_value(out[key])} and {part}); give it once")
            out[key] = parse_option_value(value, allowed.get(key, ()))
    return out


def _fmt_value(v: Any) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


def _fmt_score(v: Any) -> str:
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    return str(v)


def _names(game, players: list[str] | None = None) -> list[str]:
    names = list(players) if players else game.seat_names()
    if len(names) < game.num_seats:
        names += [f"Seat {i}" for i in range(len(names), game.num_seats)]
    return names


def _scores_line(state, names: list[str]) -> str:
    return ", ".join(f"{names[i]} {_fmt_score(s)}" for i, s in enumerate(state.scores))


def _winners_line(state, names: list[str]) -> str:
    if not state.is_terminal:
        return f"none yet (the game is not over: {state.game.renamer(names)(state.status_text())})"
    won = state.winners()
    if not won:
        return "none (everyone loses)"
    return ", ".join(names[i] for i in won)


def _summary(log, state, title: str) -> list[str]:
    game_obj = state.game
    names = _names(game_obj, log.players)
    opts = " ".join(f"{k}={_fmt_value(v)}" for k, v in sorted(log.options.items())) or "none"
    lines = [
        f"Game: {title} ({log.game}), {log.num_players} players",
        f"Options: {opts}",
        f"Players: {', '.join(names)}",
    ]
    if log.agents:
        lines.append(f"Agents: {', '.join(a or 'human' for a in log.agents)}")
    if log.seed is not None:
        lines.append(f"Seed: {log.seed}")
    lines += [
        f"Actions: {len(log.actions)}",
        f"Final state: {game_obj.renamer(names)(state.status_text())}",
        f"Final scores: {_scores_line(state, names)}",
        f"Winners: {_winners_line(state, names)}",
    ]
    return lines


# -- list ------------------------------------------------------------------------------------


@app.command("list")
def list_cmd() -> None:
    """List every game with its title, player counts and options."""
    import hotellab as hl
    from hotellab.core.game import game_class

    for gid in hl.list_games():
        try:
            cls = game_class(gid)
            title = hl.load_game(gid, cls.min_players).title
        except Exception as exc:  # one broken game must not hide the others
            typer.echo(f"{gid}  (cannot load: {type(exc).__name__}: {_error_message(exc)})")
            continue
        players = (
            f"{cls.min_players} players" if cls.min_players == cls.max_players
            else f"{cls.min_players}-{cls.max_players} players"
        )
        typer.echo(f"{gid}  {title}  {players}")
        specs = cls.option_specs()
        if not specs:
            typer.echo("    (no options)")
        for spec in specs:
            allowed = "|".join(_fmt_value(v) for v in spec.allowed)
            line = f"    {spec.name}={allowed}  default {_fmt_value(spec.default)}"
            if spec.rule is not None and spec.rule.section:
                line += f"  [{spec.rule.section}]"
            if spec.doc:
                line += f"  {spec.doc}"
            typer.echo(line)


# -- play ------------------------------------------------------------------------------------


@app.command("play")
def play_cmd(
    game: str = typer.Argument(..., help="Game id (see `hotellab list`)."),
    players: Optional[int] = typer.Option(None, "--players", "-n", help="Number of players (default: the game's minimum)."),
    seed: int = typer.Option(0, "--seed", "-s", help="Seed for chance outcomes and agents."),
    agents: str = typer.Option("random", "--agents", "-a", help="Comma-separated agent per player seat (random, greedy, mcts:N for N iterations of information-set MCTS); one name is used for every seat."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Write the game log (JSON) here."),
    options: Optional[list[str]] = typer.Option(None, "--options", "--option", help="Game option key=value; repeat it or separate with commas."),
    max_steps: int = typer.Option(1_000_000, "--max-steps", min=1, help="Stop with an error after this many actions."),
    progress: Optional[bool] = typer.Option(None, "--progress/--no-progress", help="Show a progress bar (default: when stderr is a terminal)."),
) -> None:
    """Play a whole game with agents and print its summary (and save its log with --out)."""
    import hotellab as hl
    from hotellab.core.game import game_class

    from hotellab.agents import resolve_agents

    try:
        cls = game_class(game)
        opts = parse_options(options, cls.option_specs())
        g = hl.load_game(game, num_players=players, options=opts)
        agent_list = [a.strip() for a in agents.split(",")]
        if any(not a for a in agent_list):
            raise ValueError(f"--agents {agents!r} has an empty name at position "
                             f"{[i + 1 for i, a in enumerate(agent_list) if not a][0]}; e.g. --agents random,greedy")
        resolve_agents(g, agent_list)  # unknown agent or wrong count: ValueError
    except (hl.HotellabError, ValueError) as exc:
        raise _fail(_error_message(exc)) from None
    if out is not None:
        _check_writable(out)  # before the game, not after it
    if progress is None:
        progress = sys.stderr.isatty()
    try:
        log = hl.play(g, agents=agent_list, seed=seed, max_steps=max_steps, progress=progress)
    except (hl.HotellabError, RuntimeError) as exc:
        raise _fail(_error_message(exc)) from None
    state = log.final_state()
    for line in _summary(log, state, g.title):
        typer.echo(line)
    if out is not None:
        try:
            log.save(out)
        except OSError as exc:
            raise _fail(f"cannot write {out}: {exc.strerror}") from None
        typer.echo(f"Wrote {out}")


# -- replay ----------------------------------------------------------------------------------


def _check_writable(path: Path) -> None:
    """Exit 2 with a clear message when ``path`` cannot be written (a folder, a missing folder)."""
    if path.is_dir():
        raise _fail(f"cannot write {path}: it is a folder; give a file name")
    if not path.parent.is_dir():
        raise _fail(f"cannot write {path}: the folder {path.parent} does not exist")
    import tempfile

    try:  # the folder takes a new file (not /proc, not read-only), before any work is done
        with tempfile.NamedTemporaryFile(dir=path.parent, prefix=f".{path.name}.", suffix=".check"):
            pass
    except OSError as exc:
        raise _fail(f"cannot write {path}: {exc.strerror or exc}") from None


def _seat_of(text: str, names: list[str], seat_names: list[str]) -> int:
    """A seat from ``--perspective`` text: its number (0 = first) or its name (the log's
    player name or the game's seat name, any case). Exits 2 naming the seats otherwise."""
    t = text.strip()
    if _INT.match(t) and 0 <= int(t) < len(names):
        return int(t)
    for table in (names, seat_names):
        hits = [i for i, n in enumerate(table) if str(n).lower() == t.lower()]
        if len(hits) == 1:
            return hits[0]
    seats = ", ".join(f"{i} ({n})" for i, n in enumerate(names))
    raise _fail(f"--perspective must be a seat from 0 to {len(names) - 1} or a seat's name, got {text!r}; "
                f"seats: {seats}")


@app.command("replay")
def replay_cmd(
    log_path: Path = typer.Argument(..., metavar="LOG", help="A game log written by `hotellab play --out` or GameLog.save()."),
    step: Optional[int] = typer.Option(None, "--step", "-k", help="Show state K (0 = initial; negative counts from the end)."),
    html: Optional[Path] = typer.Option(None, "--html", help="Write a standalone HTML page with the replay widget."),
    perspective: Optional[str] = typer.Option(None, "--perspective", "-p", help="With --html: the page shows (and holds) only what this seat may see: a seat number (0 = first) or a seat name (e.g. Red)."),
) -> None:
    """Summarise a saved game; --step K shows one state, --html writes a page."""
    import hotellab as hl

    try:
        log = hl.GameLog.load(log_path)
        replay = hl.Replay(log)
    except hl.HotellabError as exc:
        raise _fail(_error_message(exc)) from None
    if perspective is not None:
        perspective = _seat_of(perspective, _names(replay.game, log.players), replay.game.seat_names())
    if perspective is not None and html is None:
        raise _fail("--perspective chooses what an --html page holds; give --html FILE too")
    if html is not None:
        _check_writable(html)
    state = None
    if step is not None:
        try:
            state = replay.state_at(step)
        except IndexError as exc:
            raise _fail(_error_message(exc)) from None
    names = _names(replay.game, log.players)
    for line in _summary(log, replay.final_state, replay.game.title):
        typer.echo(line)

    if state is not None:
        k = step if step >= 0 else step + len(replay)
        typer.echo("")
        swap = replay.game.renamer(names)
        typer.echo(f"State {k} of {len(replay) - 1}: {swap(state.status_text())}")
        action = replay.action_at(k)
        typer.echo(f"Action: {action if action is not None else '(initial state)'}")
        typer.echo("Events:" if state.events else "Events: none")
        for ev in state.events:
            deltas = ""
            if ev.deltas:
                deltas = " (" + ", ".join(
                    f"{names[s] if 0 <= s < len(names) else s} {'+' if p >= 0 else ''}{_fmt_score(p)}"
                    for s, p in ev.deltas
                ) + ")"
            typer.echo(f"  - {swap(ev.text)}{deltas}  [{ev.rule.section}]")
        typer.echo(f"Scores: {_scores_line(state, names)}")

    if html is not None:
        try:
            from hotellab.widgets import export_html
        except ImportError as exc:
            raise _fail(f"cannot write HTML: hotellab.widgets.export_html is not available ({exc})") from None
        try:
            if perspective is None:
                export_html(replay, html)
            else:
                export_html(replay, html, perspective=perspective)
        except OSError as exc:
            raise _fail(f"cannot write {html}: {exc.strerror or exc}") from None
        except hl.HotellabError as exc:
            raise _fail(_error_message(exc)) from None
        typer.echo(f"Wrote {html}")


# -- teaching: coverage and player aid ------------------------------------------------------


@app.command("coverage")
def coverage_cmd(
    path: Path = typer.Argument(..., metavar="FILE", help="A notebook (.ipynb), scenario (.toml) or log (.json)."),
    game: Optional[str] = typer.Option(None, "--game", help="The game to report when the notebook names several."),
    missing_only: bool = typer.Option(False, "--missing", help="List only the rules not exercised."),
) -> None:
    """Which rules of the game's rule table FILE exercises, in rulebook order."""
    import hotellab as hl

    try:
        cov = hl.coverage(path, game=game)
    except (hl.HotellabError, KeyError) as exc:
        raise _fail(_error_message(exc)) from None
    if missing_only:
        typer.echo(f"{len(cov.missing)} of {len(cov.table)} rules of {cov.game} not exercised:")
        for r in cov.missing:
            typer.echo(f"[ ] {r.section}" + (f' — "{r.quote}"' if r.quote else ""))
    else:
        typer.echo(cov.to_text())


@app.command("aid")
def aid_cmd(
    game: str = typer.Argument(..., help="Game id (see `hotellab list`)."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Where to write the page (default GAME-aid.html)."),
) -> None:
    """Write a one-page printable player aid (HTML, laid out for A4) for GAME."""
    import hotellab as hl
    from hotellab.aid import write_player_aid

    out = out or Path(f"{game}-aid.html")
    _check_writable(out)
    try:
        write_player_aid(game, out)
    except hl.HotellabError as exc:
        raise _fail(_error_message(exc)) from None
    except OSError as exc:
        raise _fail(f"cannot write {out}: {exc.strerror or exc}") from None
    typer.echo(f"Wrote {out} (print it to A4 from a browser)")


from hotellab.core.files import find_notebooks_dir  # noqa: E402 (re-exported: `hotellab lab`, publish)


# -- lab -------------------------------------------------------------------------------------


def lab_command(nb_dir: Path, *, no_browser: bool = False, port: int | None = None, extra=()) -> list[str]:
    """The JupyterLab command line that ``hotellab lab`` runs (in ``nb_dir``)."""
    cmd = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={nb_dir}"]
    if no_browser:
        cmd.append("--no-browser")
    if port is not None:
        cmd.append(f"--port={port}")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # containers and CI machines run as root
    if (nb_dir / TUTORIAL).is_file():
        # open the tutorial, and print its URL (not the bare /lab) when there is no browser
        cmd.append(f"--LabApp.default_url=/lab/tree/{TUTORIAL}")
    cmd.extend(extra)
    if (nb_dir / TUTORIAL).is_file():
        cmd.append(TUTORIAL)
    return cmd


@app.command(
    "lab",
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
)
def lab_cmd(
    ctx: typer.Context,
    no_browser: bool = typer.Option(False, "--no-browser", help="Do not open a web browser."),
    port: Optional[int] = typer.Option(None, "--port", help="Port of the JupyterLab server."),
    directory: Optional[Path] = typer.Option(None, "--dir", help="Notebook folder (default: the bundled notebooks)."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Print the JupyterLab command instead of running it."),
) -> None:
    """Open JupyterLab on the bundled notebooks, with the Hostil Hostal tutorial.

    Further arguments are passed to JupyterLab (e.g. --ServerApp.token=...).
    """
    nb_dir = directory.expanduser().resolve() if directory else find_notebooks_dir()
    if nb_dir is None or not nb_dir.is_dir():
        where = nb_dir or "notebooks/ of the source checkout or <prefix>/share/hotellab/notebooks"
        raise _fail(f"cannot find the hotellab notebooks (looked in {where}); pass --dir or set HOTELLAB_NOTEBOOKS")
    if not os.access(nb_dir, os.W_OK):
        # an installed copy in a read-only prefix: work on a copy in the current folder
        copy = Path.cwd() / "hotellab-notebooks"
        if not copy.exists():
            shutil.copytree(nb_dir, copy)
            typer.echo(f"Copied the notebooks to {copy}", err=True)
        nb_dir = copy
    cmd = lab_command(nb_dir, no_browser=no_browser, port=port, extra=list(ctx.args))
    if dry_run:
        typer.echo(f"cd {nb_dir}")
        typer.echo(" ".join(cmd))
        return
    import importlib.util

    if importlib.util.find_spec("jupyterlab") is None:  # the `lab` extra (not in the core: Pyodide)
        raise _fail('JupyterLab is not installed: pip install "hotellab[lab]" (bash scripts/lab.sh does)')
    if not (nb_dir / TUTORIAL).is_file():
        typer.echo(f"warning: {nb_dir / TUTORIAL} does not exist; opening the folder", err=True)
    typer.echo(f"Starting JupyterLab in {nb_dir} (Ctrl-C to stop)", err=True)
    if hasattr(os, "execv"):  # POSIX: become the server, so a signal to `hotellab lab` stops it
        sys.stdout.flush()
        sys.stderr.flush()
        try:
            os.chdir(nb_dir)
            os.execv(cmd[0], cmd)
        except OSError as exc:
            raise _fail(f"cannot start JupyterLab: {exc}") from None
    try:
        code = subprocess.call(cmd, cwd=nb_dir)
    except KeyboardInterrupt:
        code = 130
    except OSError as exc:
        raise _fail(f"cannot start JupyterLab: {exc}") from None
    raise typer.Exit(code)


# -- simulate --------------------------------------------------------------------------------


_SIMULATE_FLAGS = (("backend='dask'", "--backend dask"), ("n_games", "--games"), ("keep_logs", "--keep-logs"),
                   ("workers", "--workers"), ("scheduler", "--scheduler"), ("seating", "--seating"))


def _flag_words(message: str) -> str:
    """``hl.simulate``'s message in the command's words: its arguments named by the flags a
    person typed (``--games``, not ``n_games``)."""
    for arg, flag in _SIMULATE_FLAGS:
        message = re.sub(rf"(?<![\w-]){re.escape(arg)}(?![\w])", flag, message, count=1)
    return message


@app.command("simulate")
def simulate_cmd(
    game: str = typer.Argument(..., help="Game id (see `hotellab list`)."),
    games: int = typer.Option(1000, "--games", "-g", help="Number of games."),
    players: Optional[int] = typer.Option(None, "--players", "-n", help="Number of players (default: the game's minimum)."),
    seed: int = typer.Option(0, "--seed", "-s", help="The run's seed; game i is played with a seed derived from it and i."),
    agents: str = typer.Option("random", "--agents", "-a", help="Comma-separated agent per player seat (random, greedy, mcts:N for N iterations of information-set MCTS); one name is used for every seat."),
    options: Optional[list[str]] = typer.Option(None, "--options", "--option", help="Game option key=value; repeat it or separate with commas."),
    workers: Optional[int] = typer.Option(None, "--workers", "-w", help="Worker processes (default: the machine's cores)."),
    backend: str = typer.Option("processes", "--backend", help="processes or dask."),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", help="With --backend dask: the address of a running scheduler, e.g. tcp://host:8786 (default: a LocalCluster)."),
    keep_logs: int = typer.Option(0, "--keep-logs", help="Keep the logs of this many games (a sample) in the table's log column; -1 keeps all."),
    seating: str = typer.Option("fixed", "--seating", help="fixed (agent k at seat k) or rotate (game i turns the line-up by i seats)."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Write the table here: .parquet (pyarrow) or .csv."),
    progress: Optional[bool] = typer.Option(None, "--progress/--no-progress", help="Show a progress bar with games/s (default: when stderr is a terminal)."),
) -> None:
    """Play many games with agents; print seat win rates (95% Wilson intervals) and write the table."""
    import warnings

    import hotellab as hl
    from hotellab.core.game import game_class

    try:
        cls = game_class(game)
        opts = parse_options(options, cls.option_specs())
        g = hl.load_game(game, num_players=players, options=opts)
    except (hl.HotellabError, ValueError) as exc:
        raise _fail(_error_message(exc)) from None
    if out is not None:
        _check_writable(out)
        if out.suffix.lower() not in (".parquet", ".csv"):
            raise _fail(f"cannot write {out}: the table is written as .parquet or .csv")
    if progress is None:
        progress = sys.stderr.isatty()
    lost = None  # a SimulationError whose finished games are still printed and written
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # the interruption is reported below
            table = hl.simulate(g, agents, games, seed, workers=workers, backend=backend,
                                scheduler=scheduler, keep_logs=True if keep_logs < 0 else keep_logs,
                                seating=seating, progress=progress)
    except hl.SimulationError as exc:
        if exc.table is None or not len(exc.table):
            raise _fail(_error_message(exc)) from None
        table, lost = exc.table, exc
    except (hl.HotellabError, ValueError, ImportError, RuntimeError) as exc:
        raise _fail(_flag_words(_error_message(exc))) from None
    from hotellab.analysis import wilson_interval

    seconds = table.attrs.get("seconds") or 0.0
    rate = f", {len(table) / seconds:,.0f} games/s" if seconds else ""
    typer.echo(f"{g.title}: {len(table):,} games, {g.num_players} players, agents {agents} "
               f"({seconds:.1f} s{rate})")
    names = g.seat_names()
    for s in range(g.num_seats):
        if not len(table):
            break
        k = int(table[f"win_{s}"].sum())
        lo, hi = wilson_interval(k, len(table))
        if s >= g.num_players:
            agent = "plays itself"
        else:
            agent = table[f"agent_{s}"].iloc[0] if table[f"agent_{s}"].nunique() == 1 else "rotating"
        typer.echo(f"  seat {s} ({names[s]}, {agent}): wins {k / len(table):.1%}  [95% CI {lo:.1%} - {hi:.1%}]"
                   f"  mean score {table[f'score_{s}'].mean():.2f}")
    if len(table):
        typer.echo(f"  length: median {table['length'].median():.0f} actions")
    if out is not None:
        try:
            if out.suffix.lower() == ".csv":
                from hotellab.core.files import write_whole

                write_whole(out, table.to_csv(index=False))
            else:
                from hotellab.sim import save_table

                save_table(table, out)
        except ImportError as exc:
            raise _fail(_error_message(exc)) from None
        except OSError as exc:
            raise _fail(f"cannot write {out}: {exc.strerror}") from None
        typer.echo(f"Wrote {out}")
    if table.attrs.get("interrupted"):
        typer.echo(f"interrupted: kept the {len(table):,} finished games of {games:,}", err=True)
        raise typer.Exit(130)
    if lost is not None:  # the finished games are above (and in --out); the lost ones named here
        raise _fail(f"{_error_message(lost)}; kept the {len(table):,} finished games of {games:,}", code=1)


# -- publish ---------------------------------------------------------------------------------


@app.command("publish")
def publish_cmd(
    outdir: Path = typer.Argument(..., metavar="OUTDIR", help="Folder to write the site into (replaced if it exists)."),
    notebooks: Optional[Path] = typer.Option(None, "--notebooks", help="Notebook folder (default: the bundled tutorials)."),
) -> None:
    """Build a static JupyterLite site of the tutorials that readers run live in the browser.

    The site holds JupyterLite, the Pyodide kernel, the Pyodide core and every wheel the
    notebooks import (hotellab's too): any static file server serves it, with no other
    host. Building it needs the `publish` extra, and npm and pip with their registries to
    fill a cache (~/.cache/hotellab/publish) the first time. Serve it with e.g.
    `python -m http.server -d OUTDIR` and open /lab/index.html.
    """
    from hotellab.publish.site import PublishError, build_site

    if outdir.exists() and not outdir.is_dir():
        raise _fail(f"cannot write {outdir}: it is a file; give a folder")
    if outdir.exists() and any(outdir.iterdir()) and not (outdir / "jupyter-lite.json").is_file():
        raise _fail(f"{outdir} is a folder that is not a JupyterLite site; give a new or empty folder "
                    "(it is replaced)")
    if notebooks is not None and not notebooks.is_dir():
        raise _fail(f"--notebooks {notebooks} is not a folder")
    try:
        summary = build_site(outdir, notebooks, log=lambda m: typer.echo(m, err=True))
    except PublishError as exc:
        raise _fail(_error_message(exc)) from None
    typer.echo(f"Wrote {outdir}: {summary['bytes'] / 1e6:.1f} MB, {len(summary['notebooks'])} notebooks "
               f"({', '.join(summary['notebooks'])}), {len(summary['packages'])} Python packages")
    typer.echo(f"Serve it with: python -m http.server -d {outdir}  (then open /lab/index.html)")


def main() -> None:  # pragma: no cover - `python -m hotellab.cli`
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
