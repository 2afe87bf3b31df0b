"""The Hostil Hostal SVG renderer: a pure, escaping, crash-free function of the view model."""

from __future__ import annotations

import copy
import json
import pathlib
import xml.etree.ElementTree as ET

import pytest

import hotellab as hl
from hotellab.games.hostil_hostal.render import render_svg

SAMPLE = pathlib.Path(__file__).parent / "fixtures" / "hh_view_sample.json"
SVG = "{http://www.w3.org/2000/svg}"


def sample() -> dict:
    return json.loads(SAMPLE.read_text("utf-8"))


def texts(svg: str) -> list[str]:
    """Every <text> content of an SVG (parsing it also proves it is well-formed XML)."""
    root = ET.fromstring(svg)
    return ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]


def signed(v: int) -> str:
    return f"\u2212{-v}" if v < 0 else str(v)


def test_sample_is_an_svg_with_a_viewbox():
    svg = render_svg(sample())
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    x, y, w, h = (float(v) for v in root.get("viewBox").split())
    assert (x, y) == (0, 0) and w > 700 and h > 500
    assert root.get("width") == "100%"
    assert "\n" not in svg and "  " not in svg  # compact: no pretty-printing whitespace


def test_every_bed_number_room_label_and_total_is_drawn():
    v = sample()
    t = texts(render_svg(v))
    for room in v["rooms"]:
        assert room["label"] in t
        assert signed(room["total"]) in t
        assert f"rug {signed(room['rug'])}" in t
        for bed in room["beds"]:
            assert signed(bed["value"]) in t, (room["label"], bed)
    assert "reform 2a \u00b7 rug 3 (was 0)" in t


def test_guests_cards_and_hands_are_drawn():
    v = sample()
    svg = render_svg(v)
    t = texts(svg)
    root = ET.fromstring(svg)
    # one circle per guest in a bed or in the Lobby, titled with the owner's name
    guests = sum(len(b["guests"]) for r in v["rooms"] for b in r["beds"]) + len(v["lobby"]["guests"])
    names = {s["name"] for s in v["seats"]}
    awake = [c for c in root.iter(f"{SVG}circle") if c.findtext(f"{SVG}title") in names]
    asleep = [g for g in root.iter(f"{SVG}g") if (g.findtext(f"{SVG}title") or "").endswith("(sedated)")]
    assert len(awake) + len(asleep) == guests
    # the rest track: one marker per seat, titled "name: score"
    marks = {c.findtext(f"{SVG}title") for c in root.iter(f"{SVG}circle")}
    assert {f"{s['name']}: {s['score']}" for s in v["seats"]} <= marks
    # the sedated guest is hollow with a "z"
    assert t.count("z") == 1
    assert len(asleep) == 1 and asleep[0].find(f"{SVG}circle").get("fill") == "#fff"
    # face-down cards: the number when known, "?" when null
    card_titles = [g.findtext(f"{SVG}title") for g in root.iter(f"{SVG}g")]
    assert "Red: face-down card" in card_titles
    assert "Blue: Chocolate (6), face down" in card_titles
    assert "Orange: Mr. Tools (12)" in card_titles
    assert "?" in t and "6" in t and "12" in t
    # every visible hand: numbers and names
    for seat in v["seats"]:
        for card in seat["hand"]:
            assert signed(card["number"]) in t
            assert card["name"] in t or card["name"][:11] + "\u2026" in t


def test_lobby_night_track_misfortune_and_scores():
    v = sample()
    svg = render_svg(v)
    t = texts(svg)
    assert "Lobby" in t and "1 guest (no rest)" in t
    for i in range(1, v["nights"] + 1):
        assert str(i) in t
    assert "Misfortune die: 3" in svg  # the die's title
    for seat in v["seats"]:
        assert seat["name"] in t and str(seat["score"]) in t
    assert "first player" in svg
    assert v["status"] in t
    assert "omniscient view" in t


def test_hidden_hand_is_drawn_as_card_backs():
    v = sample()
    v["perspective"] = 0
    for s in v["seats"][1:]:
        s["hand"] = None
    t = texts(render_svg(v))
    assert t.count("hand: 4 hidden") == 1 and t.count("hand: 3 hidden") == 1
    assert "Auuuuu" not in t and "Party" not in t  # names of hidden cards are gone
    assert "as seen by Blue" in t


def test_text_is_escaped():
    v = sample()
    evil = "<b>Eve&Co</b>"
    v["seats"][0]["name"] = evil
    v["status"] = "<script>alert(1)</script> & more"
    v["rooms"][0]["label"] = '"><image href=x onerror=alert(1)>'
    v["seats"][1]["hand"][0]["name"] = "</text><script>x</script>"
    v["pending"] = {"player": 0, "prompt": "<i>choose</i>"}
    svg = render_svg(v)
    assert "<b>" not in svg and "<script" not in svg and "<image" not in svg and "<i>" not in svg
    assert "&lt;b&gt;Eve&amp;Co&lt;/b&gt;" in svg
    t = texts(svg)  # still well-formed, and the text reads as written
    assert evil in t
    assert "<script>alert(1)</script> & more" in t
    assert f"{evil}: <i>choose</i>" in t


def test_colours_cannot_inject_markup():
    v = sample()
    v["seats"][0]["color"] = '"/><script>alert(1)</script><x a="'
    v["seats"][0]["colour"] = "url(javascript:alert(1))"
    svg = render_svg(v)
    assert "<script" not in svg and "javascript" not in svg
    ET.fromstring(svg)


def test_pure_function():
    v = sample()
    before = copy.deepcopy(v)
    a = render_svg(v)
    b = render_svg(v)
    assert a == b
    assert v == before


def test_not_a_dict():
    with pytest.raises(TypeError):
        render_svg(["not", "a", "view"])


def _variants():
    """Views that must not crash: player counts, room counts, empty/full beds, nulls."""
    base = sample()
    out = {"empty": {}, "nulls": {k: None for k in base}}
    v = copy.deepcopy(base)
    v["rooms"] = []
    v["seats"] = []
    out["no rooms, no seats"] = v
    for n in (2, 3, 4, 5):
        v = copy.deepcopy(base)
        v["seats"] = [dict(copy.deepcopy(base["seats"][0]), seat=i, name=f"P{i}", hand=None if i else []) for i in range(n)]
        rooms = []
        for r in range(min(n, 5) if n > 2 else 3):
            room = copy.deepcopy(base["rooms"][r % 3])
            room.update(number=r + 1, floor=1 if r < 3 else 2, col=(r % 3) + 1, wear=None)
            rooms.append(room)
        v["rooms"] = rooms
        out[f"{n} players"] = v
    v = copy.deepcopy(base)
    for room in v["rooms"]:
        for bed in room["beds"]:
            bed["guests"] = [{"seat": s % 3, "sedated": s == 2} for s in range(5)]
        room["cards"] = [{"seat": s % 3, "number": None, "name": None, "face_up": False} for s in range(30)]
    v["lobby"] = {"guests": list(range(3)) * 20}
    out["full"] = v
    v = copy.deepcopy(base)
    v["rooms"][0]["beds"] = []
    v["rooms"][1]["beds"][0] = {"garbage": True}
    v["rooms"][2]["wear"] = 17
    v["rooms"][2]["total"] = 2.5
    v["misfortune"] = "six"
    v["nights"] = "many"
    v["seats"][0]["score"] = None
    v["seats"][1]["hand"] = [None, {"number": "x"}]
    v["automata_phase"] = {"cards": [{"seat": 9, "room": 1, "number": None}, "junk"]}
    v["reform_deck_size"] = True
    out["odd values"] = v
    return out


@pytest.mark.parametrize("name", list(_variants()))
def test_never_crashes(name):
    svg = render_svg(_variants()[name])
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    ET.fromstring(svg)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_state_of_real_games_renders(players):
    """Every state of a whole game, from every perspective, gives well-formed SVG that
    draws each room and never shows a card number the perspective may not see."""
    game = hl.load_game("hostil_hostal", num_players=players)
    replay = hl.Replay(hl.play(game, agents=["random"] * players, seed=players))
    perspectives = [None, *range(game.num_seats)]
    for k, state in enumerate(replay):
        for p in perspectives if k % 5 == 0 or state.is_terminal else [None, 0]:
            view = state.view(p)
            t = texts(render_svg(view))
            for room in view["rooms"]:
                assert room["label"] in t
            if p is not None:
                for seat in view["seats"]:
                    if seat["hand"] is None:
                        n = seat["hand_size"]
                        assert (f"hand: {n} hidden" if n else "no cards in hand") in t
