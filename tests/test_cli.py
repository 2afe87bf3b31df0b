"""The ``hotellab`` command line: list, play, replay, lab (hotellab/cli.py).

Every expected value is recomputed through the public API (GameLog, Replay, State), so the
tests check that the command prints what the library says, whatever the rules decide.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from typer.testing import CliRunner

import hotellab as hl
from hotellab import cli

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def run(*args: str, env: dict | None = None):
    return runner.invoke(cli.app, [str(a) for a in args], env=env)


def lines_of(output: str) -> list[str]:
    return [line.rstrip() for line in output.splitlines()]


def fmt(v) -> str:
    return str(int(v)) if isinstance(v, float) and v.is_integer() else str(v)


@pytest.fixture(scope="module")
def log_path(tmp_path_factory) -> Path:
    """A whole 3-player game played by the CLI, saved as JSON."""
    path = tmp_path_factory.mktemp("cli") / "game.json"
    result = run("play", "hostil_hostal", "--players", "3", "--seed", "1", "--agents", "random,greedy,random", "--out", path)
    assert result.exit_code == 0, result.output
    return path


# -- list -------------------------------------------------------------------------------------


def _option_text(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def test_list_shows_every_game_with_title_players_and_options():
    result = run("list")
    assert result.exit_code == 0, result.output
    out = result.stdout
    for gid in hl.list_games():
        g = hl.load_game(gid)
        cls = type(g)
        players = (f"{cls.min_players}" if cls.min_players == cls.max_players
                   else f"{cls.min_players}-{cls.max_players}")  # "2 players" for a 2-player game
        assert f"{gid}  {g.title}  {players} players" in out
        for spec in g.option_specs():  # booleans print as --options takes them: true / false
            allowed = "|".join(_option_text(v) for v in spec.allowed)
            assert f"{spec.name}={allowed}  default {_option_text(spec.default)}" in out
            assert f"[{spec.rule.section}]" in out


def test_list_hostil_hostal_line():
    out = run("list").stdout
    assert "hostil_hostal  Hostil Hostal  2-5 players" in out
    assert "nights=3|5  default 3" in out


# -- play -------------------------------------------------------------------------------------


def test_play_prints_the_summary_of_the_saved_log(log_path: Path):
    log = hl.GameLog.load(log_path)
    assert log.game == "hostil_hostal" and log.num_players == 3 and log.seed == 1
    assert log.agents == ["random", "greedy", "random"]
    final = log.final_state()
    assert final.is_terminal
    names = log.players
    # the same summary is printed by `replay` (tested below) and by `play`
    out = lines_of(run("replay", log_path).stdout)
    assert f"Game: Hostil Hostal (hostil_hostal), 3 players" in out
    assert f"Players: {', '.join(names)}" in out
    assert f"Actions: {len(log.actions)}" in out
    assert f"Final scores: {', '.join(f'{n} {fmt(s)}' for n, s in zip(names, final.scores))}" in out
    won = final.winners()
    assert f"Winners: {', '.join(names[i] for i in won) if won else 'none (everyone loses)'}" in out


def test_play_output_and_determinism(tmp_path: Path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    r1 = run("play", "hostil_hostal", "-n", "4", "--seed", "11", "--out", a)
    r2 = run("play", "hostil_hostal", "-n", "4", "--seed", "11", "--out", b)
    assert r1.exit_code == 0 and r2.exit_code == 0, r1.output + r2.output
    assert json.loads(a.read_text())["actions"] == json.loads(b.read_text())["actions"]
    assert r1.stdout.replace(str(a), "X") == r2.stdout.replace(str(b), "X")
    log = hl.GameLog.load(a)
    assert log.agents == ["random"] * 4  # one agent name serves every seat
    out = lines_of(r1.stdout)
    assert "Seed: 11" in out and f"Actions: {len(log.actions)}" in out
    assert out[-1] == f"Wrote {a}"


def test_play_with_an_mcts_agent(tmp_path: Path):
    out = tmp_path / "m.json"
    r = run("play", "perfect_hotel", "--agents", "mcts:8,random", "--seed", "2", "--out", out)
    assert r.exit_code == 0, r.output
    log = hl.GameLog.load(out)
    assert log.agents == ["mcts:8", "random"]
    # the same game as the library plays with the same seed and agents
    assert log.actions == hl.play(hl.load_game("perfect_hotel"), agents=["mcts:8", "random"], seed=2).actions


def test_play_without_out_writes_nothing(tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("play", "hostil_hostal", "--seed", "2")
    assert result.exit_code == 0, result.output
    assert "Game: Hostil Hostal (hostil_hostal), 2 players" in result.stdout
    assert "Wrote" not in result.stdout
    assert list(tmp_path.iterdir()) == []


def test_play_options_are_parsed_as_ints(tmp_path: Path):
    path = tmp_path / "five.json"
    result = run("play", "hostil_hostal", "-n", "3", "--seed", "4", "--options", "nights=5", "--out", path)
    assert result.exit_code == 0, result.output
    log = hl.GameLog.load(path)
    assert log.options["nights"] == 5 and isinstance(log.options["nights"], int)
    assert "nights=5" in result.stdout
    assert "night 5" in log.final_state().status_text()


def test_play_several_options_repeated_or_comma_separated(tmp_path: Path):
    specs = {s.name: s for s in hl.load_game("hostil_hostal").option_specs()}
    other = {name: next(v for v in s.allowed if v != s.default) for name, s in specs.items()}
    items = [f"{k}={v}" for k, v in other.items()]
    p1, p2 = tmp_path / "1.json", tmp_path / "2.json"
    args = []
    for item in items:
        args += ["--options", item]
    r1 = run("play", "hostil_hostal", "-n", "3", "--seed", "5", "--out", p1, *args)
    r2 = run("play", "hostil_hostal", "-n", "3", "--seed", "5", "--out", p2, "--options", ",".join(items))
    assert r1.exit_code == 0 and r2.exit_code == 0, r1.output + r2.output
    assert hl.GameLog.load(p1).options == other == hl.GameLog.load(p2).options


def test_play_two_players_includes_the_automata_seat(tmp_path: Path):
    path = tmp_path / "two.json"
    result = run("play", "hostil_hostal", "--players", "2", "--seed", "3", "--agents", "greedy,random", "--out", path)
    assert result.exit_code == 0, result.output
    log = hl.GameLog.load(path)
    game = hl.load_game("hostil_hostal", 2)
    assert len(log.players) == game.num_seats == 3
    assert f"Players: {', '.join(log.players)}" in result.stdout
    scores = log.final_state().scores
    assert len(scores) == 3
    assert f"Final scores: {', '.join(f'{n} {fmt(s)}' for n, s in zip(log.players, scores))}" in result.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["play", "no_such_game"], "unknown game 'no_such_game'; known games: "),
        (["play", "hostil_hostal", "--options", "colour=red"], "unknown option 'colour'; known options:"),
        (["play", "hostil_hostal", "--options", "nights=4"], "option 'nights' cannot be 4; allowed: 3, 5"),
        (["play", "hostil_hostal", "--options", "nights"], "must be written key=value"),
        (["play", "hostil_hostal", "--players", "9"], "num_players=9 is not allowed"),
        (["play", "hostil_hostal", "--agents", "wizard"], "unknown agent 'wizard'; known agents: greedy, random"),
        (["play", "hostil_hostal", "-n", "3", "--agents", "random,greedy"], "needs 3 agents"),
        (["play", "hostil_hostal", "--agents", "mcts:0"], "the budget must be a whole number of iterations >= 1"),
        (["play", "hostil_hostal", "--agents", "random,mcts:20:rollout=smart"], "rollout must be 'random' or 'greedy'"),
        # the example names an option of the game asked for (perfect_hotel: its first option)
        (["play", "perfect_hotel", "--options", "games"], "must be written key=value, e.g. high_season=true"),
        (["play", "hellton_palace", "--players", "3"], "the rulebook allows exactly 2 players"),
    ],
)
def test_bad_input_prints_the_library_message_and_exits_2(args, message):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert result.stderr.startswith("error: ")
    assert "Traceback" not in result.output
    assert result.stdout == ""


# -- replay -----------------------------------------------------------------------------------


def test_replay_summary(log_path: Path):
    result = run("replay", log_path)
    assert result.exit_code == 0, result.output
    log = hl.GameLog.load(log_path)
    replay = hl.Replay(log)
    out = lines_of(result.stdout)
    assert out[0] == "Game: Hostil Hostal (hostil_hostal), 3 players"
    assert f"Actions: {len(replay) - 1}" in out
    assert f"Final state: {replay.final_state.status_text()}" in out
    assert not any(line.startswith("State ") for line in out)


def test_replay_step_shows_status_events_with_rules_and_scores(log_path: Path):
    replay = hl.Replay(hl.GameLog.load(log_path))
    names = replay.log.players
    # the step with the most events (a dawn), and a step with none
    k = max(range(len(replay)), key=lambda i: len(replay[i].events))
    state = replay[k]
    assert state.events
    out = lines_of(run("replay", log_path, "--step", k).stdout)
    assert f"State {k} of {len(replay) - 1}: {state.status_text()}" in out
    assert f"Action: {replay.action_at(k)}" in out
    event_lines = [line for line in out if line.startswith("  - ")]
    assert len(event_lines) == len(state.events)
    for line, ev in zip(event_lines, state.events):
        assert line.startswith(f"  - {ev.text}")
        assert line.endswith(f"[{ev.rule.section}]")
        for seat, pts in ev.deltas:
            assert f"{names[seat]} {'+' if pts >= 0 else ''}{fmt(pts)}" in line
    assert out[-1] == f"Scores: {', '.join(f'{n} {fmt(s)}' for n, s in zip(names, state.scores))}"


def test_replay_step_zero_and_negative(log_path: Path):
    replay = hl.Replay(hl.GameLog.load(log_path))
    out0 = lines_of(run("replay", log_path, "--step", "0").stdout)
    assert f"State 0 of {len(replay) - 1}: {replay[0].status_text()}" in out0
    assert "Action: (initial state)" in out0
    out_last = lines_of(run("replay", log_path, "--step", "-1").stdout)
    assert f"State {len(replay) - 1} of {len(replay) - 1}: {replay.final_state.status_text()}" in out_last


def test_replay_step_out_of_range(log_path: Path):
    n = len(hl.Replay(hl.GameLog.load(log_path)))
    result = run("replay", log_path, "--step", n)
    assert result.exit_code == 2
    assert f"replay has states 0 to {n - 1} (or -{n} to -1), asked for {n}" in result.stderr
    assert result.stdout == ""


def test_replay_malformed_logs_exit_2_and_say_where(log_path: Path, tmp_path: Path):
    data = json.loads(log_path.read_text())
    cases = {}
    bad_action = dict(data, actions=list(data["actions"]))
    bad_action["actions"][5] = "p0 fly_to_the_moon 3"
    cases["action.json"] = (json.dumps(bad_action), "entry 5")
    cases["version.json"] = (json.dumps(dict(data, version=99)), "field 'version'")
    cases["notjson.json"] = ("{ not json", "not JSON")
    cases["game.json"] = (json.dumps(dict(data, game="chess")), "chess")
    for name, (text, message) in cases.items():
        path = tmp_path / name
        path.write_text(text)
        result = run("replay", path)
        assert result.exit_code == 2, (name, result.output)
        assert message in result.stderr, (name, result.stderr)
        assert str(path) in result.stderr
        assert "Traceback" not in result.output
    missing = run("replay", tmp_path / "missing.json")
    assert missing.exit_code == 2 and "cannot read" in missing.stderr


def test_replay_html_writes_a_standalone_page(log_path: Path, tmp_path: Path):
    out = tmp_path / "replay.html"
    result = run("replay", log_path, "--html", out)
    assert result.exit_code == 0, result.output
    assert lines_of(result.stdout)[-1] == f"Wrote {out}"
    page = out.read_text("utf-8")
    assert "<html" in page.lower() and "</html>" in page.lower()
    assert "Hostil Hostal" in page
    seat = run("replay", log_path, "--html", tmp_path / "seat1.html", "--perspective", "1")
    assert seat.exit_code == 0, seat.output
    assert (tmp_path / "seat1.html").read_text("utf-8").lower().startswith(("<!doctype html", "<html"))
    bad = run("replay", log_path, "--html", tmp_path / "x.html", "--perspective", "9")
    assert bad.exit_code == 2 and "--perspective must be a seat from 0 to 2" in bad.stderr
    assert not (tmp_path / "x.html").exists()


# -- lab --------------------------------------------------------------------------------------


def test_lab_finds_the_bundled_tutorial(monkeypatch):
    monkeypatch.delenv("HOTELLAB_NOTEBOOKS", raising=False)
    nb_dir = cli.find_notebooks_dir()
    assert nb_dir == ROOT / "notebooks"
    assert (nb_dir / "hostil_hostal.ipynb").is_file()
    result = run("lab", "--dry-run", "--no-browser")
    assert result.exit_code == 0, result.output
    cd_line, cmd = lines_of(result.stdout)
    assert cd_line == f"cd {nb_dir}"
    assert cmd.startswith(f"{sys.executable} -m jupyterlab --ServerApp.root_dir={nb_dir} --no-browser")
    assert "--LabApp.default_url=/lab/tree/hostil_hostal.ipynb" in cmd.split(" ")
    assert cmd.endswith(" hostil_hostal.ipynb")


def test_lab_dir_env_and_extra_arguments(tmp_path: Path):
    (tmp_path / "hostil_hostal.ipynb").write_text("{}")
    result = run("lab", "--dry-run", "--port", "8999", "--dir", tmp_path, "--ServerApp.token=abc")
    assert result.exit_code == 0, result.output
    cmd = lines_of(result.stdout)[1].split(" ")
    assert f"--ServerApp.root_dir={tmp_path}" in cmd and "--port=8999" in cmd
    assert "--ServerApp.token=abc" in cmd and "--no-browser" not in cmd
    assert cmd[-1] == "hostil_hostal.ipynb"
    assert ("--allow-root" in cmd) == (os.geteuid() == 0)
    env_dir = tmp_path / "elsewhere"
    env_dir.mkdir()
    result = run("lab", "--dry-run", env={"HOTELLAB_NOTEBOOKS": str(env_dir)})
    assert lines_of(result.stdout)[0] == f"cd {env_dir}"
    assert not lines_of(result.stdout)[1].endswith("hostil_hostal.ipynb")  # no tutorial there
    missing = run("lab", "--dir", tmp_path / "nope")
    assert missing.exit_code == 2 and "cannot find the hotellab notebooks" in missing.stderr


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.slow
def test_lab_serves_the_tutorial():
    """`hotellab lab --no-browser` starts a JupyterLab server that serves the tutorial."""
    port = _free_port()
    exe = Path(sys.executable).with_name("hotellab")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "hotellab"]
    proc = subprocess.Popen(
        [*cmd, "lab", "--no-browser", "--port", str(port), "--ServerApp.token=hotellab-test",
         "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    url = f"http://127.0.0.1:{port}/api/contents/hostil_hostal.ipynb?content=0&token=hotellab-test"
    try:
        deadline = time.monotonic() + 90
        while True:
            assert proc.poll() is None, proc.stdout.read()
            try:
                with urllib.request.urlopen(url, timeout=5) as resp:
                    info = json.load(resp)
                break
            except urllib.error.HTTPError:
                raise  # the server answers, but not with the tutorial
            except OSError:  # not listening yet
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        assert info["name"] == "hostil_hostal.ipynb" and info["type"] == "notebook"
        page = f"http://127.0.0.1:{port}/lab/tree/hostil_hostal.ipynb?token=hotellab-test"
        with urllib.request.urlopen(page, timeout=10) as resp:
            assert resp.status == 200 and b"JupyterLab" in resp.read()
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        proc.stdout.close()


# -- small pieces -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, allowed, expected",
    [("5", (), 5), ("-2", (), -2), ("B", ("A", "B"), "B"), ("true", (False, True), True),
     ("no", (False, True), False), ("abc", (), "abc"), ("3", (3, 5), 3)],
)
def test_parse_option_value(text, allowed, expected):
    value = cli.parse_option_value(text, allowed)
    assert value == expected and type(value) is type(expected)


def test_version_and_python_dash_m():
    assert run("--version").stdout.strip() == f"hotellab {hl.__version__}"
    proc = subprocess.run([sys.executable, "-m", "hotellab", "list"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "hostil_hostal  Hostil Hostal" in proc.stdout


def test_unwritable_out_fails_before_the_game(tmp_path):
    """A bad --out or --html path is refused at once (exit 2), before a game is played."""
    missing = run("play", "hostil_hostal", "--players", "3", "--out", str(tmp_path / "nope" / "g.json"))
    assert missing.exit_code == 2
    assert "does not exist" in missing.stderr and "Winner" not in missing.stdout
    folder = run("play", "hostil_hostal", "--players", "3", "--out", str(tmp_path))
    assert folder.exit_code == 2 and "it is a folder" in folder.stderr


def test_perspective_needs_html(tmp_path):
    log = tmp_path / "g.json"
    assert run("play", "hostil_hostal", "--players", "3", "--out", str(log)).exit_code == 0
    result = run("replay", str(log), "--perspective", "0")
    assert result.exit_code == 2 and "give --html FILE too" in result.stderr


def test_option_words_are_read_in_any_case(tmp_path):
    # "Intro" is the option value 'intro' (Hellton Palace, Setup / 6): one allowed word matches
    path = str(tmp_path / "hp.json")
    result = run("play", "hellton_palace", "--seed", "2", "--options", "cards=Intro,grooms=ANY", "--out", path)
    assert result.exit_code == 0, result.output
    assert hl.GameLog.load(path).options == {"cards": "intro", "grooms": "any"}


def test_play_refuses_odd_input_before_playing(tmp_path):
    """An empty agent name, an option given twice, a negative step limit and a folder that
    takes no file are refused at once, with exit status 2."""
    from typer.testing import CliRunner

    from hotellab.cli import app

    r = CliRunner().invoke(app, ["play", "hostil_hostal", "--players", "3", "--agents", "greedy,,random"])
    assert r.exit_code == 2 and "empty name at position 2" in r.output
    r = CliRunner().invoke(app, ["play", "hostil_hostal", "--options", "nights=3,nights=5"])
    assert r.exit_code == 2 and "option 'nights' is given twice" in r.output
    r = CliRunner().invoke(app, ["play", "hostil_hostal", "--max-steps", "-1"])
    assert r.exit_code == 2
    r = CliRunner().invoke(app, ["play", "hostil_hostal", "--out", "/proc/x.json"])
    assert r.exit_code == 2 and "cannot write /proc/x.json" in r.output and "Final scores" not in r.output


def _command_docs():
    import inspect

    return [(name, inspect.getdoc(cmd.callback)) for name, cmd in
            ((c.name or c.callback.__name__, c) for c in cli.app.registered_commands)]


@pytest.mark.parametrize("width", [60, 80, 120])
@pytest.mark.parametrize("name,doc", _command_docs(), ids=[n for n, _ in _command_docs()])
def test_help_text_reflows_to_the_terminal(name, doc, width):
    """Issue 24, item 9: ``hotellab publish --help`` broke lines mid-sentence (the
    docstring's own line breaks kept, then wrapped again at 80 columns). For every command at
    three widths: the description holds the docstring's words in order, and a paragraph's line
    ends only where the next word would not fit."""
    import re

    res = runner.invoke(cli.app, [name, "--help"], env={"COLUMNS": str(width), "TERM": "dumb"})
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.strip().startswith("Usage:")) + 1
    end = next((i for i, ln in enumerate(lines) if ln.strip() in ("Arguments:", "Options:")), len(lines))
    body = [ln.rstrip() for ln in lines[start:end]]
    words = lambda text: re.sub(r"[`*]", "", text).split()  # noqa: E731 - markdown marks are not shown
    assert words(" ".join(body)) == words(doc), (name, body)
    paragraphs, cur = [], []
    for ln in body + [""]:
        if ln.strip():
            cur.append(ln)
        elif cur:
            paragraphs.append(cur)
            cur = []
    for para in paragraphs:
        for line, nxt in zip(para, para[1:]):
            # click wraps help text to the terminal, at most 80 columns (its max_content_width)
            assert len(line) + 1 + len(nxt.split()[0]) > min(width, 80) - 2, (name, width, line, nxt)
    # found by trial: at 60 columns the options' help was cut short ("Comma-sepa…",
    # "--options,-…"), and flags read as if they took a value ("--help <bool>")
    assert "\u2026" not in res.output, res.output
    assert "<bool>" not in res.output, res.output
    assert all(len(ln) <= max(width, 80) for ln in lines), res.output


def test_simulate_keeps_the_finished_games_when_some_are_lost(tmp_path, monkeypatch):
    """Issue 24, item 2, at the command line: a run that lost games with a worker prints and
    writes the games it finished, names the lost ones on stderr and exits with status 1 (it
    printed the one-line message and wrote nothing)."""
    pytest.importorskip("pandas")
    real = hl.simulate

    def losing(game, agents, n_games, seed, **kw):
        table = real(game, agents, n_games, seed, **{**kw, "workers": 1, "progress": False})
        raise hl.SimulationError(f"2 of {n_games} games were lost: games 3 and 7 (seeds ...) ended "
                                 "their worker twice", table=table.drop(index=[3, 7]), lost=[3, 7])

    monkeypatch.setattr(hl, "simulate", losing)
    out = tmp_path / "t.csv"
    res = CliRunner().invoke(cli.app, ["simulate", "hellton_palace", "--games", "10", "--out", str(out),
                                       "--no-progress"])
    assert res.exit_code == 1, res.output
    assert "Hellton Palace: 8 games" in res.stdout
    assert "error: 2 of 10 games were lost" in res.stderr and "kept the 8 finished games of 10" in res.stderr
    assert out.read_text("utf-8").count("\n") == 8 + 1  # the header and the 8 finished games


@pytest.mark.parametrize("args,words", [
    # found by trial: the messages named simulate's Python arguments (n_games, backend='dask')
    (["--games", "-1"], "error: simulate: --games must be an int >= 0, got -1"),
    (["--workers", "0"], "error: simulate: --workers must be an int >= 1, got 0"),
    (["--scheduler", "tcp://127.0.0.1:1"], "error: simulate: --scheduler is the address of a Dask scheduler; "
                                           "use it with --backend dask"),
])
def test_simulate_errors_name_the_flags(args, words):
    res = CliRunner().invoke(cli.app, ["simulate", "perfect_hotel", *args, "--no-progress"])
    assert res.exit_code == 2 and words in res.stderr, res.output
