"""The printable player aid (``hotellab aid GAME``): made from the game's phase, rule and
option tables, it prints to exactly one A4 page in Chromium (checked by printing it to PDF
and counting pages with pypdf), and all text from data is escaped."""

from __future__ import annotations

import io
import importlib.util
import os
from pathlib import Path

import pytest

import hotellab as hl
from hotellab.aid import player_aid_html

_ob_spec = importlib.util.spec_from_file_location("hl_offline_browser", Path(__file__).with_name("offline_browser.py"))
_ob = importlib.util.module_from_spec(_ob_spec)
_ob_spec.loader.exec_module(_ob)
CHROMIUM, NO_CHROMIUM = _ob.CHROMIUM, _ob.NO_CHROMIUM
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]


def _games():
    return [g for g in hl.list_games()]


@pytest.mark.parametrize("game_id", _games())
def test_aid_holds_the_phase_table_and_options(game_id):
    from hotellab.core.game import game_class

    cls = game_class(game_id)
    page = player_aid_html(game_id)
    assert page.startswith("<!DOCTYPE html>") and "@page { size: A4" in page
    for ph in cls.phases:
        assert f">{ph.name}</span> ({ph.rule.section})".replace("&", "&amp;").replace("'", "&#x27;") in page
    for spec in cls.OPTIONS:
        assert f'<td class="n">{spec.name}</td>' in page


def test_aid_escapes_data_text(monkeypatch):
    from hotellab.core import game as core_game

    class Evil(hl.Game):
        id = "evil_aid"
        title = "<script>alert(1)</script>"
        phases = rule_table = ()

    monkeypatch.setitem(core_game._REGISTRY, "evil_aid", Evil)  # this test only
    page = player_aid_html("evil_aid")
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_cli_writes_the_aid(tmp_path):
    from typer.testing import CliRunner

    from hotellab.cli import app

    out = tmp_path / "aid.html"
    res = CliRunner().invoke(app, ["aid", "toy_porter", "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert "Night Porter (toy) — player aid" in out.read_text("utf-8")
    res = CliRunner().invoke(app, ["aid", "no_such_game"])
    assert res.exit_code == 2 and "unknown game 'no_such_game'" in res.output


@pytest.mark.browser
@pytest.mark.xdist_group("browser")
@pytest.mark.skipif(not os.access(CHROMIUM, os.X_OK), reason=NO_CHROMIUM)
def test_every_aid_prints_to_one_a4_page(tmp_path):
    from playwright.sync_api import sync_playwright
    from pypdf import PdfReader

    pages = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            page = browser.new_page()
            for gid in _games():
                page.set_content(player_aid_html(gid), wait_until="load")
                pdf = page.pdf(prefer_css_page_size=True, print_background=True)
                reader = PdfReader(io.BytesIO(pdf))
                box = reader.pages[0].mediabox
                pages[gid] = (len(reader.pages), round(float(box.width)), round(float(box.height)))
        finally:
            browser.close()
    # A4 is 595 x 842 points
    assert pages == {gid: (1, 595, 842) for gid in _games()}, pages


def test_aid_text_is_cut_at_words_and_written_with_normal_permissions(tmp_path):
    import os
    import stat

    from hotellab.aid import _short, write_player_aid

    assert _short("one two three four five six", 16) == "one two three…"
    path = write_player_aid("perfect_hotel", tmp_path / "aid.html")
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask
