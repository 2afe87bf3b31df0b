"""The docs site (Sphinx + myst-nb): it builds, holds every notebook as a tutorial page whose
game views and figures work with no network, its command-line examples are the commands'
real output, and it cites rulebooks by title, not by a file outside the repository.

The build test runs ``sphinx-build -b html docs`` into a temporary folder (intersphinx
unreachable offline only warns), then opens each tutorial page in Debian's Chromium with
every request to another host aborted: every game view draws and steps, every figure draws,
and the page asks no other host for anything. ``pytest -s`` prints the build time (also
written to ``bench/results/docs.json``) and the page sizes.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
NOTEBOOKS = ROOT / "notebooks"
RESULTS = ROOT / "bench" / "results"
NOTEBOOK_NAMES = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb") if not p.name.startswith("."))

_spec = importlib.util.spec_from_file_location("hl_offline_browser", Path(__file__).with_name("offline_browser.py"))
ob = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ob)


# ----------------------------------------------------------------------------- examples
def cli_examples(text: str) -> list[tuple[str, list[str]]]:
    """``(command, expected lines)`` for every ``$ hotellab ...`` line of the ```text blocks,
    in page order; the expected lines run up to the next ``$`` line or the block's end."""
    out = []
    for block in re.findall(r"```text\n(.*?)```", text, re.S):
        cur = None
        for line in block.splitlines():
            if line.startswith("$ hotellab"):
                cur = (line[2:], [])
                out.append(cur)
            elif cur is not None:
                cur[1].append(line)
    return [(cmd, _strip_blank(lines)) for cmd, lines in out]


def _strip_blank(lines):
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def matches(expected: list[str], actual: list[str]) -> bool:
    """``expected`` equals ``actual`` where each ``...`` line stands for any lines (or none)."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(matches(expected[1:], actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and actual[0] == expected[0] and matches(expected[1:], actual[1:])


def test_example_matcher():
    assert matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert matches(["...", "b"], ["b"])
    assert not matches(["a", "d"], ["a", "b", "d"])
    assert not matches(["a", "..."], ["b"])


def test_cli_page_examples_are_real_output(tmp_path):
    """Each ``$ hotellab ...`` example of docs/cli.md, run in one folder in page order (the
    play example writes the game.json the replay examples read), prints what the page shows
    (stdout, then stderr)."""
    examples = cli_examples((DOCS / "cli.md").read_text("utf-8"))
    assert len(examples) >= 5
    for cmd, expected in examples:
        args = shlex.split(cmd)[1:]
        r = subprocess.run([sys.executable, "-m", "hotellab", *args], cwd=tmp_path, capture_output=True,
                           text=True, timeout=300)
        actual = _strip_blank((r.stdout + r.stderr).splitlines())
        assert matches(expected, actual), (
            f"docs/cli.md: `{cmd}` prints\n" + "\n".join(actual) + "\n\nbut the page shows\n" + "\n".join(expected))


# ----------------------------------------------------------------------------- rulebooks
def test_rulebooks_page_has_every_game():
    """Every game hotellab ships (its entry points; the tests' toy plug-in is not one)."""
    from importlib.metadata import entry_points

    games = sorted(ep.name for ep in entry_points(group="hotellab.games") if ep.value.startswith("hotellab.games."))
    assert len(games) >= 3
    text = (DOCS / "rulebooks.md").read_text("utf-8")
    for gid in games:
        assert re.search(rf"^## .*\(`{gid}`\)$", text, re.M), f"docs/rulebooks.md has no section for {gid}"
        cls = next(ep for ep in entry_points(group="hotellab.games") if ep.name == gid).load()
        assert f'as: "{cls.rulebook}"' in text, f"docs/rulebooks.md does not give {gid}'s rulebook as cited: {cls.rulebook!r}"


def test_generated_game_pages_are_current():
    """docs/games/<game>-actions.md, -position.md and -rule-map.md are written from each game's
    action table, position schema and rule map (``scripts/game_pages.py``): none is stale."""
    r = subprocess.run([sys.executable, str(ROOT / "scripts" / "game_pages.py"), "--check"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, f"run `python scripts/game_pages.py`:\n{r.stdout}{r.stderr[-2000:]}"
    games = [p.name.split("-")[0] for p in (DOCS / "games").glob("*-rule-map.md")]
    assert len(games) >= 4


OWN_PAGES = ["index.md", "guide.md", "cli.md", "api.md", "rulebooks.md", "tutorials.md", "dev/view_model.md"]


@pytest.mark.parametrize("page", OWN_PAGES)
def test_pages_cite_rulebooks_not_files(page):
    """A citation names the rulebook (title, publisher, section), not a file that is not in
    the repository (the rulebook texts are not)."""
    text = (DOCS / page).read_text("utf-8")
    bad = re.findall(r"[\w./-]*rulebooks/[\w./-]+|\b\w+(?:\.pl)?\.txt\b", text)
    assert not bad, f"docs/{page} cites files: {bad}"


# ----------------------------------------------------------------------------- the site
@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.timeout(900)
@pytest.mark.xdist_group("publish")
def test_docs_build_and_tutorial_pages_work_offline(tmp_path):
    pytest.importorskip("sphinx")
    pytest.importorskip("myst_nb")
    out = tmp_path / "html"
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-q", "-d", str(tmp_path / "doctrees"),
                        str(DOCS), str(out)], capture_output=True, text=True, timeout=800)
    build_s = time.perf_counter() - t0
    assert r.returncode == 0, r.stderr[-3000:]
    warnings = [ln for ln in r.stderr.splitlines() if "WARNING" in ln and "inventor" not in ln]
    print(f"docs build: {build_s:.1f} s, {len(warnings)} warnings (intersphinx offline ones left out)")
    for name in NOTEBOOK_NAMES:
        assert (out / "tutorials" / f"{name}.html").is_file(), f"notebooks/{name}.ipynb has no docs page"
    tutorials_index = (out / "tutorials.html").read_text("utf-8")
    for name in NOTEBOOK_NAMES:
        assert f'href="tutorials/{name}.html"' in tutorials_index
    # each game's page links its tutorial (a notebook named after the game)
    for page in sorted((DOCS / "games").glob("*.md")):
        if page.stem in NOTEBOOK_NAMES:
            html_page = (out / "games" / f"{page.stem}.html").read_text("utf-8")
            assert f"../tutorials/{page.stem}.html" in html_page, f"docs/games/{page.name} does not link its tutorial"
    sizes = {}
    if not ob.have_chromium():
        pytest.skip(ob.NO_CHROMIUM)
    with ob.static_server(out) as base, ob.offline_page(base) as (page, blocked, errors):
        for name in NOTEBOOK_NAMES:
            f = out / "tutorials" / f"{name}.html"
            expected = f.read_text("utf-8").count('class="hotellab-player"')
            page.goto(f"{base}/tutorials/{name}.html")
            players = ob.check_players(page, expected=expected)
            figures = ob.check_figures(page)
            assert players["drawn"] == expected
            assert all(v["stepped"] for v in players["views"] if v["states"] > 0), (name, players["views"])
            sizes[name] = {"kb": round(f.stat().st_size / 1024), "game_views": expected, "figures": figures}
    print(f"docs tutorial pages: {len(set(blocked))} blocked requests, {len(errors)} console errors")
    # issue 23: every published page asks nothing of the network and logs no error
    assert not blocked, f"the docs pages asked other hosts for {sorted(set(blocked))[:5]}"
    assert not errors, errors[:5]
    print("docs tutorial pages:", json.dumps(sizes))
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "docs.json").write_text(json.dumps({"build_s": round(build_s, 1), "pages": sizes}, indent=2) + "\n")
