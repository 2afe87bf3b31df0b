"""The Hostil Hostal SVG renderer: a pure, escaping, crash-free function of the view model,
drawn as a board of panels (``hotellab.core.board``) whose things carry targets."""

from __future__ import annotations

import copy
import json
import pathlib
import xml.etree.ElementTree as ET

import pytest

import hotellab as hl
from hotellab.games.hostil_hostal.render import render_svg
from hotellab.testing import board_targets

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
    assert root.get("width") == root.get("viewBox").split()[2]  # 1 unit = 1 CSS px
    # the Inn, 3 rooms, the rest track and 3 seats' areas: 8 panels, none wider than 360 px
    panels = [e for e in root if e.get("class") == "hl-panel"]
    assert len(panels) == 8 and all(float(p.get("width")) <= 360 for p in panels)
    assert [p.get("aria-label") for p in panels][:4] == [
        "The Inn: night track, Lobby and the rooms' places", "Room 2A, floor 2", "Room 1A, floor 1", "Room 3B, floor 1"]
    assert root.findtext(f"{SVG}title") == "Hostil Hostal, night 1 of 3: the board"
    assert "Red to act" in root.findtext(f"{SVG}desc")
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
    assert "reform 2a: rug 3 (was 0)" in t


def test_guests_cards_and_hands_are_drawn():
    v = sample()
    svg = render_svg(v)
    t = texts(svg)
    root = ET.fromstring(svg)
    labels = board_targets(svg)
    # each bed is a target naming its guests (the fixture: 1A bed 4 holds Red's and Blue's)
    assert labels["bed:1A:4"] == "1A bed 4 (bottom middle, -1): Red's guest and Blue's guest"
    assert labels["bed:1A:2"] == "1A bed 2 (top right, +1): Orange's guest (sedated)"
    assert labels["bed:1A:1"] == "1A bed 1 (top middle, +2): free"
    # one disc per guest in a bed (a sedated one hollow with a "z") and in the Lobby
    guests = sum(len(b["guests"]) for r in v["rooms"] for b in r["beds"])
    beds = [g for g in root.iter(f"{SVG}g") if (g.get("data-target") or "").startswith("bed:")]
    assert sum(len(g.findall(f"{SVG}circle")) for g in beds) == guests
    assert t.count("z") == 1
    lobby = [g for g in root.iter(f"{SVG}g") if g.get("data-target") == "lobby"][0]
    assert len(lobby.findall(f"{SVG}circle")) == len(v["lobby"]["guests"]) == 1
    # the rest track: one marker per seat, titled "name: score"
    marks = {c.findtext(f"{SVG}title") for c in root.iter(f"{SVG}circle")}
    assert {f"{s['name']}: {s['score']}" for s in v["seats"]} <= marks
    # cards in the rooms by slot: the number when the view shows it, a card back when null
    assert labels["card:1A:0"] == "1A, card 1: Blue's #6 Chocolate, face down"
    assert labels["card:1A:1"] == "1A, card 2: Red's card, face down"
    assert labels["card:3B:0"] == "3B, card 1: Orange's #12 Mr. Tools, face up"
    assert "6" in t and "12" in t
    # every visible hand: numbers and names (a long name on two lines)
    for seat in v["seats"]:
        for k, card in enumerate(seat["hand"]):
            assert labels[f"hand:{seat['seat']}:{k}"] == f"{seat['name']}'s hand, card {k + 1}: #{card['number']} {card['name']}"
            assert signed(card["number"]) in t
            assert card["name"] in t or card["name"].split(" ")[-1].split("-", 1)[-1] in t


def test_lobby_night_track_misfortune_and_scores():
    v = sample()
    svg = render_svg(v)
    t = texts(svg)
    labels = board_targets(svg)
    assert "Lobby" in t and labels["lobby"] == "Lobby: 1 guest (Red 1), no rest"
    for i in range(1, v["nights"] + 1):
        assert str(i) in t
    assert labels["night"] == "Night track: night 1 of 3, night phase, round 2"
    assert labels["misfortune"] == "Misfortune die: 3"
    for seat in v["seats"]:
        assert seat["name"] in t and str(seat["score"]) in t
    # Blue holds the first-player token, Red is to act, Orange has passed (the fixture)
    assert labels["score:0"] == "Blue: 15 rest points, first player"
    assert labels["score:1"] == "Red: 17 rest points, to act"
    assert labels["score:2"] == "Orange: 12 rest points, passed"
    # the status line is the widget's, above the board: not drawn again
    assert v["status"] not in t


def test_hidden_hand_is_drawn_as_card_backs():
    v = sample()
    v["perspective"] = 0
    for s in v["seats"][1:]:
        s["hand"] = None
    svg = render_svg(v)
    t = texts(svg)
    labels = board_targets(svg)
    # Red holds 4 cards, Orange 3 (the fixture): backs named by slot only
    assert [labels[f"hand:1:{k}"] for k in range(4)] == [f"Red's hand, card {k + 1}, face down" for k in range(4)]
    assert [labels[f"hand:2:{k}"] for k in range(3)] == [f"Orange's hand, card {k + 1}, face down" for k in range(3)]
    assert "hand:1:4" not in labels
    assert "Auuuuu" not in svg and "Party" not in svg  # names of hidden cards are gone
    assert "Grrr" in t  # Blue's own hand is shown
    assert ET.fromstring(svg).findtext(f"{SVG}title").endswith("as Blue sees it")
    # the viewer's own area comes right after the rest track
    panels = [e.get("aria-label") for e in ET.fromstring(svg) if e.get("class") == "hl-panel"]
    assert panels[-3:] == [f"{n}'s area: guests, deck, hand and discard" for n in ("Blue", "Red", "Orange")]


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
    labels = board_targets(svg)
    assert labels["hand:1:0"] == "Red's hand, card 1: #4 </text><script>x</script>"
    assert labels["score:0"].startswith(evil)


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
            svg = render_svg(view)
            t = texts(svg)
            labels = board_targets(svg)  # also: no target drawn twice, none without a label
            for room in view["rooms"]:
                assert room["label"] in t
                for i, c in enumerate(room["cards"]):  # a hidden card's label names no card
                    assert ("#" in labels[f"card:{room['label']}:{i}"]) == (c["number"] is not None)
            if p is not None:
                for seat in view["seats"]:
                    if seat["hand"] is None:
                        n = seat["hand_size"]
                        assert [labels[f"hand:{seat['seat']}:{k}"] for k in range(n)] == [
                            f"{seat['name']}'s hand, card {k + 1}, face down" for k in range(n)]
                        assert f"hand:{seat['seat']}:{n}" not in labels
