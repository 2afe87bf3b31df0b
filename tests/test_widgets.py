"""GameView, frames() and export_html(): frames, hidden information, live play, static pages."""

from __future__ import annotations

import json
import pathlib
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
import traitlets

import hotellab as hl
from hotellab.core.actions import CHANCE
from hotellab.widgets import GameView, export_html, frames
from hotellab.widgets._bundle import front_end
from hotellab.widgets._frames import decode_chunk, encode_chunk, decode_frames

WIDGETS = pathlib.Path(hl.__file__).parent / "widgets"
EVIL = "<b>Eve&Co</b>"


@pytest.fixture(scope="module")
def game():
    return hl.load_game("hostil_hostal", num_players=3)


@pytest.fixture(scope="module")
def log(game):
    return hl.play(game, agents=["random"] * 3, seed=1)


@pytest.fixture(scope="module")
def replay(log):
    return hl.Replay(log)


def all_frames(view: GameView) -> list[list[dict]]:
    """Decode exactly what the widget sends to the browser: _chunks + _tail."""
    return decode_frames([*view._chunks, view._tail])


def svg_text(svg: str) -> str:
    root = ET.fromstring(svg)
    return "\n".join("".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text"))


def strings(obj):
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for v in obj.values():
            yield from strings(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from strings(v)


# -- frames -------------------------------------------------------------------------------------
def test_frames_one_per_state(replay, log):
    fs = frames(replay)
    assert len(fs) == len(replay)
    assert set(fs[0]) - {"phase", "round"} == {"svg", "status", "action", "events", "scores", "names"}
    assert fs[0]["action"] is None and fs[0]["events"] == []
    for k in (1, len(replay) // 2, len(replay) - 1):
        state = replay.state_at(k)
        assert fs[k]["action"] == str(replay.action_at(k))
        assert fs[k]["scores"] == state.scores
        assert fs[k]["status"] == state.status_text()
        assert fs[k]["names"] == log.players
        assert fs[k]["svg"] == state.game.render_svg(state.view(None))
        assert [e["text"] for e in fs[k]["events"]] == [e.text for e in state.events]
        assert [e["rule"] for e in fs[k]["events"]] == [e.rule.section for e in state.events]
    # a GameLog and a final State give the same frames
    assert frames(log) == fs
    assert len(frames(replay.final_state, 1)) == len(replay)


def test_frames_reject_bad_input(replay):
    with pytest.raises(TypeError):
        frames("not a game")
    with pytest.raises(ValueError):
        frames(replay, perspective=3)


def test_frame_events_carry_rule_and_deltas(replay):
    fs = frames(replay)
    with_delta = [e for f in fs for e in f["events"] if "deltas" in e]
    assert with_delta, "a whole game scores points"
    for f in fs:
        for e in f["events"]:
            assert e["rule"]  # every event names its rulebook section
            for seat, pts in e.get("deltas", []):
                assert 0 <= seat < 3 and pts != 0


# -- hidden information -----------------------------------------------------------------------------
def hidden_names(state, p) -> set[str]:
    """Card names another seat holds that seat ``p`` cannot read anywhere in its view."""
    from hotellab.games.hostil_hostal.components import cards

    omni, mine = state.view(None), state.view(p)
    # discard piles are public (ruling HH-12): a card name seen there is no secret, even when
    # another colour's copy of the same card is still hidden in a hand
    public = [cards()[n].name for seat in mine["seats"] for n in seat["discard"]]
    visible = "\n".join([*strings(mine), *public])
    out = set()
    for s_omni, s_mine in zip(omni["seats"], mine["seats"]):
        if s_mine["hand"] is None:
            out |= {c["name"] for c in s_omni["hand"]}
    for r_omni, r_mine in zip(omni["rooms"], mine["rooms"]):
        for c_omni, c_mine in zip(r_omni["cards"], r_mine["cards"]):
            if c_mine["number"] is None:
                out.add(c_omni["name"])
    return {n for n in out if n not in visible}


def test_perspective_widget_ships_nothing_hidden(replay):
    view = GameView(replay, perspective=0)
    assert view._meta["perspectives"] == [0]
    decoded = all_frames(view)
    assert len(decoded) == 1 and len(decoded[0]) == len(replay)
    leaks_checked = 0
    for k, state in enumerate(replay):
        fr = decoded[0][k]
        # the board is drawn from seat 0's view and nothing else
        assert fr["svg"] == state.game.render_svg(state.view(0))
        hidden = hidden_names(state, 0)
        text = svg_text(fr["svg"]) + "\n" + json.dumps(fr["events"]) + "\n" + str(fr["action"])
        for name in hidden:
            assert not re.search(rf"(?<![\w#]){re.escape(name)}(?!\w)", text), (k, name)
            leaks_checked += 1
        # the numbers of other seats' face-down cards are not in the SVG either
        mine = state.view(0)
        assert mine["perspective"] == 0
        a = replay.action_at(k)
        if a is not None and a.player not in (0, CHANCE):  # in the game's words for seat 0
            assert fr["action"] == replay.state_at(k - 1).action_to_string(a, 0)
    assert leaks_checked > 50  # the game really had hidden cards to leak
    # the omniscient widget does show them (so the check above can fail)
    omni = frames(replay, None)
    assert any(
        name in svg_text(omni[k]["svg"]) for k, s in enumerate(replay) if k % 10 == 0 for name in hidden_names(s, 0)
    )


def test_perspective_frames_hide_shuffles_and_other_seats_moves(replay):
    fs = frames(replay, perspective=1)
    for k in range(1, len(replay)):
        a = replay.action_at(k)
        prev = replay.state_at(k - 1)
        if a.player == 1:
            assert fs[k]["action"] == str(a)
        elif a.player == CHANCE and a in dict(prev.chance_outcomes()):
            assert fs[k]["action"] == str(a)  # dice are public
        else:  # another seat's move or a shuffle: the game's words for seat 1, order left out
            assert fs[k]["action"] == prev.action_to_string(a, 1)
            if a.player == CHANCE:
                assert str(a) not in fs[k]["action"]


def test_a_secret_hotel_zombie_turn_shows_no_action_kind_to_another_seat():
    """Issue 24 (item 6's widget channel): during the secret Game Plan turns another seat's
    frame named the action's kind ("p0 declare ..."); it now reads as the game words it for
    that seat, the same for every secret kind (play, trash, buy, declare)."""
    import hotellab as hl

    game = hl.load_game("hotel_zombie", num_players=2)
    rep = hl.Replay(hl.play(game, agents=["greedy", "greedy"], seed=2))
    fs = frames(rep, perspective=1)
    seen = set()
    for k in range(1, len(rep)):
        a = rep.action_at(k)
        if a.player == 0 and a.kind in ("play", "trash", "buy", "declare"):
            seen.add(a.kind)
            assert a.kind not in fs[k]["action"] and "secret" in fs[k]["action"], fs[k]["action"]
    assert seen >= {"buy", "declare"}  # the game had secret turn actions to hide


def test_omniscient_widget_ships_every_perspective(replay):
    view = GameView(replay)
    assert view._meta["perspectives"] == [None, 0, 1, 2]
    decoded = all_frames(view)
    assert [len(x) for x in decoded] == [len(replay)] * 4
    k = len(replay) // 2
    state = replay.state_at(k)
    for i, p in enumerate([None, 0, 1, 2]):
        assert decoded[i][k]["svg"] == state.game.render_svg(state.view(p))
    assert view.frames(2)[k]["svg"] == decoded[3][k]["svg"]
    view.perspective = 2
    with pytest.raises(traitlets.TraitError):
        GameView(replay, perspective=0).perspective = 1


# -- the widget ---------------------------------------------------------------------------------
def test_gameview_from_every_source(game, log, replay):
    n = len(replay)
    for obj in (log, replay, replay.final_state):
        v = GameView(obj, perspective=1)
        assert len(v) == n and v.index == 0 and not v._meta["live"]
        assert v._meta["names"] == ["Blue", "Red", "Orange"]
        assert v._meta["colors"][0].startswith("#")
    m = hl.Match(game, seed=1, agents=["random"] * 3)
    m.run(max_steps=20)
    v = GameView(m)
    assert len(v) == 21 and v.index == 20 and v._meta["live"]
    with pytest.raises(TypeError):
        GameView(42)
    with pytest.raises(ValueError):
        GameView(log, perspective=-1)
    assert GameView(log, 0, index=-1).index == n - 1
    assert GameView(log, 0, speed=4).speed == 4.0


def test_chunks_are_compact_and_decode(replay):
    v = GameView(replay, perspective=0)
    chunks = [*v._chunks, v._tail]
    raw = sum(len(json.dumps(f)) for f in frames(replay, 0))
    sent = sum(len(c) for c in chunks)
    assert sent * 8 < raw  # gzip + repeated-SVG elision
    c = decode_chunk(chunks[0])
    assert c["n"] == len(c["f"][0])
    # unchanged boards are not repeated: a state whose board equals the one before it
    fr = frames(replay, 0)[:3]
    c = decode_chunk(encode_chunk([[fr[0]], [fr[0]], [fr[1]]]))
    twice, parts = c["f"][0], c["p"]
    assert "".join(parts[i] for i in twice[0]["svg"]) == fr[0]["svg"] and twice[1]["svg"] is None
    assert "".join(parts[i] for i in twice[2]["svg"]) == fr[1]["svg"]
    # a panel the two boards share is carried once: the second board adds only what changed
    shared = set(twice[0]["svg"]) & set(twice[2]["svg"])
    assert shared and len(parts) < len(twice[0]["svg"]) + len(twice[2]["svg"])
    assert decode_frames([encode_chunk([[fr[0]], [fr[0]], [fr[1]]])])[0][2]["svg"] == fr[1]["svg"]


def test_mimebundle(replay):
    v = GameView(replay, perspective=1, index=10)
    data, _meta = v._repr_mimebundle_()
    w = data["application/vnd.jupyter.widget-view+json"]
    assert w["model_id"] == v.model_id
    state = replay.state_at(10)
    # text/html: a player of the same frames, whose picture (before any script runs) is the
    # shown board as an <img> (sanitisers drop inline SVG and leave its text run together)
    page = data["text/html"]
    assert "hotellab-player" in page and "<svg" not in page.split("<script")[0]
    import base64

    img = re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', page).group(1)
    assert base64.b64decode(img).decode("utf-8") == state.game.render_svg(state.view(1))
    assert "text/plain" in data


class Sent(list):
    def __call__(self, content, buffers=None):
        self.append(content)


def live_view(game, perspective=None, players=None):
    m = hl.Match(game, seed=4, agents=[None, "random", "random"], players=players)
    v = GameView(m, perspective=perspective)
    v.send = Sent()
    return m, v


def test_live_match_step_apply_undo_and_errors(game):
    m, v = live_view(game)
    for _ in range(60):  # chance and agents until seat 0 (no agent) must decide
        v._on_msg(v, {"type": "step"}, [])
        if v._error:
            break
    assert "has no agent" in v._error and v.send[-1]["error"] == v._error
    n = len(v)
    assert n == len(m.states) and v.index == n - 1
    assert m.state.current_player == 0
    acts = v._actions
    assert acts and {a["value"] for a in acts} == {str(a) for a in m.state.legal_actions()}
    assert acts[0]["label"] == m.state.action_to_string(m.state.legal_actions()[0])
    # apply a legal action
    v._on_msg(v, {"type": "apply", "action": acts[0]["value"]}, [])
    assert v._error == "" and v.send[-1] == {"type": "done", "error": ""}
    assert len(v) == n + 1 == len(m.states) and v.index == n
    assert str(m.log.actions[-1]) == acts[0]["value"]
    # an illegal one: the message names why, nothing changes
    v._on_msg(v, {"type": "apply", "action": "p0 place 99 99"}, [])
    assert v._error and len(v) == n + 1
    v._on_msg(v, {"type": "apply", "action": "gibberish"}, [])
    assert "cannot read action" in v._error
    # undo
    v._on_msg(v, {"type": "undo"}, [])
    assert v._error == "" and len(v) == n == len(m.states)
    assert len(all_frames(v)[0]) == n
    # frames stay equal to fresh ones after all this
    fresh = frames(m)
    assert [f["svg"] for f in all_frames(v)[0]] == [f["svg"] for f in fresh]


def test_live_match_appends_chunks_and_follows_outside_changes(game):
    # Issue 11, fault 3 (kind: per-step traffic stays flat): a live step appends one chunk
    # (the new state's frames) and sends only it, as a "chunks" message; the _chunks trait
    # is updated in place and never re-sent whole.
    m = hl.Match(game, seed=4, agents=["random"] * 3)
    m.run(max_steps=70)
    v = GameView(m, perspective=0)
    v.send = Sent()
    updates = spy_updates(v)
    assert v._store.sizes == [64, 7]  # the 71 states there at the start, in chunks of 64
    for i in range(30):
        before = list(v._chunks)
        v._on_msg(v, {"type": "step"}, [])
        msg = [c for c in v.send if c.get("type") == "chunks"][-1]
        assert msg == {"type": "chunks", "start": len(before), "chunks": [v._chunks[-1]], "seq": i + 1}
        assert v._chunks[:-1] == before  # append-only
    assert len(v) == 101 and v._store.sizes == [64, 7] + [1] * 30
    assert all("_chunks" not in keys and "_tail" not in keys for keys, _, _ in updates)
    for _ in range(30):  # undo outside the widget, deep into the appended chunks
        m.undo()
    m.step()
    v.send.clear()
    v.refresh()
    assert len(v) == len(m.states) == 72 and v._store.sizes == [64, 7, 1]
    assert v.send == [{"type": "chunks", "start": 2, "chunks": [v._chunks[2]], "seq": 31}]
    assert v.index == 71
    assert all_frames(v)[0] == frames(m, 0)
    # an undo that cuts inside a 64-state chunk re-encodes that chunk only
    for _ in range(10):
        m.undo()
    v.send.clear()
    v.refresh()
    assert v._store.sizes == [62] and len(v) == 62
    assert v.send[0]["start"] == 0 and v.send[0]["chunks"] == v._chunks
    assert all_frames(v)[0] == frames(m, 0)
    # a page that missed a message (its front end saw a gap) asks for the whole list once
    updates.clear()
    v.send.clear()
    v._on_msg(v, {"type": "resync"}, [])
    assert updates[0][0] == ["_chunks"] and v.send == [{"type": "resynced"}]


def spy_updates(v):
    """Record each state update the widget sends: (trait names, _head, index) at that time."""
    sent = []
    orig = v.send_state

    def send_state(key=None):
        keys = [key] if isinstance(key, str) else sorted(key or [])
        sent.append((keys, dict(v._head), v.index))
        return orig(key)

    v.send_state = send_state
    return sent


def test_live_step_sends_the_new_frame_first(game):
    m, v = live_view(game)
    updates = spy_updates(v)
    v._on_msg(v, {"type": "step"}, [])
    k = len(m.states) - 1
    (keys1, head1, index1), (keys2, head2, _) = updates[:2]
    # first the new frame of the shown perspective, plain, with the index; nothing else
    assert keys1 == ["_head", "index"] and index1 == k
    assert head1 == {"k": k, "p": None, "frame": frames(m)[k]}
    # then the new state's chunk as a message (it reuses that frame), and the head emptied
    assert "_head" in keys2 and head2 == {} and "_chunks" not in keys2
    assert v.send[-2]["type"] == "chunks" and v.send[-2]["chunks"] == v._chunks[-1:]
    assert v._head == {} and v.index == k and v.send[-1] == {"type": "done", "error": ""}
    assert all_frames(v)[0] == frames(m)
    # the browser switched to seat 2: the head is seat 2's
    v.perspective = 2
    updates.clear()
    v._on_msg(v, {"type": "step"}, [])
    k = len(m.states) - 1
    assert updates[0][1] == {"k": k, "p": 2, "frame": frames(m, 2)[k]}
    assert all_frames(v)[3] == frames(m, 2)
    # undo, errors and refresh send no head
    updates.clear()
    v._on_msg(v, {"type": "undo"}, [])
    v._on_msg(v, {"type": "apply", "action": "gibberish"}, [])
    m.step()
    v.refresh()
    assert updates and all(head == {} for _, head, _ in updates)
    assert v.index == len(m.states) - 1 == len(v) - 1


def test_live_perspective_widget_lists_only_its_own_actions(game):
    m, v = live_view(game, perspective=1)
    seen_other = seen_own = False
    for _ in range(80):
        v._on_msg(v, {"type": "step"}, [])
        s = m.state
        if s.is_chance_node:
            continue
        if s.current_player == 1:
            seen_own = True
            assert v._actions
        else:
            seen_other = True
            assert v._actions == []
        if v._error:
            break
    assert seen_other


def test_player_names_are_escaped_everywhere(game, tmp_path):
    m, v = live_view(game, players=[EVIL, "Red", "Orange"])
    fr = v.frames(None)[-1]
    assert "<b>" not in fr["svg"] and "&lt;b&gt;Eve&amp;Co&lt;/b&gt;" in fr["svg"]
    assert fr["names"][0] == EVIL  # the front end inserts names with textContent
    page = export_html(m, tmp_path / "x.html", title=EVIL).read_text("utf-8")
    assert "<b>Eve" not in page
    assert "<title>&lt;b&gt;Eve&amp;Co&lt;/b&gt;</title>" in page


def test_nonlive_view_refuses_requests(replay):
    v = GameView(replay, perspective=0)
    v.send = Sent()
    v._on_msg(v, {"type": "step"}, [])
    assert "not a live Match" in v._error


# -- static page ------------------------------------------------------------------------------------
def page_data(text: str) -> dict:
    m = re.search(r'<script type="application/json" id="hl-data">(.*?)</script>', text, re.S)
    return json.loads(m.group(1))


def test_export_html(replay, tmp_path):
    path = export_html(replay, tmp_path / "game.html", perspective=2)
    assert path == tmp_path / "game.html"
    text = path.read_text("utf-8")
    assert text.startswith("<!doctype html>")
    data = page_data(text)
    assert data["esm"] == front_end("gameview")["esm"]  # gameview.js with its modules joined in
    assert data["css"] == front_end("gameview")["css"]
    state = data["state"]
    assert state["_meta"]["perspectives"] == [2] and state["perspective"] == 2
    decoded = decode_frames([*state["_chunks"], state["_tail"]])
    assert len(decoded) == 1 and len(decoded[0]) == len(replay)
    assert text.count("</script>") == 2  # the data cannot close its script element early
    assert "widget.render({ model, el:" in text


def test_export_live_match_is_a_record(game, tmp_path):
    m = hl.Match(game, seed=2, agents=["random"] * 3)
    m.run(max_steps=10)
    data = page_data(export_html(m, tmp_path / "m.html").read_text("utf-8"))
    assert data["state"]["_meta"]["live"] is False and data["state"]["_actions"] == []


# -- front-end source rules -----------------------------------------------------------------------
FRONT_END_JS = [WIDGETS / "gameview.js", WIDGETS / "lesson.js", *sorted((WIDGETS / "js").glob("*.js"))]


def test_front_end_never_uses_html_strings():
    for f in FRONT_END_JS:
        src = f.read_text("utf-8")
        for bad in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"):
            assert bad not in src, f"{f.name} uses {bad}"
    js = front_end("gameview")["esm"]
    assert 'parseFromString(text, "image/svg+xml")' in js
    assert "DecompressionStream(\"gzip\")" in js
    assert "export default { initialize, render }" in js


def test_css_and_js_classes_are_prefixed():
    css = front_end("gameview")["css"] + front_end("lesson")["css"]
    css_classes = set(re.findall(r"\.([A-Za-z_][\w-]*)", re.sub(r"/\*.*?\*/", "", css, flags=re.S)))
    assert css_classes and all(c.startswith("hl-") for c in css_classes), css_classes
    js = "".join(f.read_text("utf-8") for f in FRONT_END_JS)
    used = re.findall(r'\bh\("\w+", "([^"]+)"', js) + re.findall(r'"(hl-[\w-]+)"', js)
    for cls in used:
        for token in cls.split():
            assert token.startswith("hl-"), token


def test_import_hotellab_loads_no_widgets_or_plotly():
    code = (
        "import sys, hotellab; "
        "bad = [m for m in ('anywidget', 'ipywidgets', 'plotly', 'hotellab.widgets', 'hotellab.viz') if m in sys.modules]; "
        "print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
    code = "import sys, hotellab.widgets as w; w.frames; print('anywidget' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"  # frames and export_html work without loading anywidget


def test_a_one_seat_view_refuses_the_omniscient_perspective(replay):
    # traitlets does not validate None (allow_none): the widget checks and puts it back
    view = GameView(replay, perspective=0)
    with pytest.raises(traitlets.TraitError, match="not in this widget's frames"):
        view.perspective = None
    assert view.perspective == 0


def test_live_actions_name_their_player():
    # the front end shows a seat's view only that seat's buttons (another seat's labels name
    # the cards in its hand)
    m = hl.Match(hl.load_game("hostil_hostal", num_players=3), seed=2, agents=["random"] * 3)
    m.run(until=lambda s: not s.is_chance_node)
    acts = GameView(m)._actions
    assert acts and {a["player"] for a in acts} == {m.state.current_player}


def test_custom_player_names_replace_the_seat_names_everywhere():
    # a Match or log with player names: the status line, prompt, events and action buttons use
    # them instead of the colours, as text (never as HTML)
    game = hl.load_game("hostil_hostal", num_players=3)
    names = ["Ann", "Bob", "<b>Cy</b>"]
    m = hl.Match(game, seed=1, agents=["random"] * 3, players=names)
    m.run(until=lambda s: not s.is_chance_node and s.current_player == 2)
    fr = frames(m)[-1]
    assert fr["status"].endswith("— <b>Cy</b> to act")
    assert "Orange" not in fr["status"]
    assert all(a["label"].startswith("<b>Cy</b>: ") for a in GameView(m)._actions)
    log = hl.play(game, seed=1, players=names)
    texts = [e["text"] for f in frames(log) for e in f["events"]]
    assert any(t.startswith("Bob ") for t in texts)
    assert not any(re.search(r"\b(Blue|Red|Orange)\b", t) for t in texts)


def test_a_game_without_hidden_information_ships_one_set_of_frames():
    # Game.hidden_information = False promises that every seat's view is the omniscient one;
    # check the promise along a whole game, then that the omniscient widget carries one set of
    # frames (its perspective selector has nothing to switch to), while a seat's widget works.
    import random as _random

    for gid in hl.list_games():
        game = hl.load_game(gid)
        if game.hidden_information:
            continue
        log = hl.play(game, seed=4)
        replay = hl.Replay(log)
        rng = _random.Random(0)
        for k in sorted(rng.sample(range(len(replay)), min(25, len(replay)))):
            st = replay.state_at(k)
            full = st.view()
            for p in range(game.num_seats):
                assert {**st.view(p), "perspective": None} == full, (gid, k, p)
        view = hl.widgets.GameView(replay)
        assert view._meta["perspectives"] == [None]
        with pytest.raises(Exception, match="not in this widget's frames"):
            view.perspective = 1
        seat = hl.widgets.GameView(replay, perspective=1)
        assert seat._meta["perspectives"] == [1] and len(seat.frames()) == len(replay)


def test_a_seat_view_plays_only_that_seats_actions(game):
    # A GameView built with perspective=0 is Blue's: a request from the page to play another
    # seat's action is refused before the rules look at it (their message could describe that
    # seat's hidden hand), and nothing is applied; Blue's own action is played.
    m = hl.Match(game, seed=4, agents=[None, None, None])
    m.run(max_steps=50)  # setup chance until the first decision: Blue (seat 0) places a guest
    assert m.state.current_player == 0
    v = GameView(m, perspective=0)
    v.send = Sent()
    n = len(m.states)
    mine = str(m.state.legal_actions()[0])           # "p0 place 2 0"
    forged = mine.replace("p0 ", "p1 ", 1)           # the same move claimed by Red
    v._on_msg(v, {"type": "apply", "action": forged}, [])
    assert v._error == f"this view is Blue's: it cannot play {forged!r}, another seat's action"
    assert len(m.states) == n
    v._on_msg(v, {"type": "apply", "action": mine}, [])
    assert v._error == "" and len(m.states) == n + 1 and str(m.log.actions[-1]) == mine


def test_frames_carry_phase_and_round_for_the_grouped_event_list(replay):
    # GameView groups its event list by round and phase: each frame carries the state's
    # state.phase.name and state.round_label() (Hostil Hostal: "Night 1".."Night 3"; phases
    # Dusk, Night, Dawn, Day from the rulebook's "Phases" section).
    fs = frames(replay)
    seen = set()
    for k in range(0, len(replay), 7):
        state = replay.state_at(k)
        assert fs[k]["phase"] == state.phase.name
        assert fs[k].get("round", None) == (state.round_label() or None)
        seen.add((fs[k].get("round"), fs[k]["phase"]))
    assert ("Night 2", "Night") in seen and len({r for r, _ in seen}) >= 3
    js = (WIDGETS / "gameview.js").read_text("utf-8")
    assert "function groupKey(f)" in js and '"hl-group"' in js


def test_live_one_state_chunks_are_merged_every_64():
    # Every 64 one-state chunks are merged into one 64-state chunk, so a live-played record
    # is as compact as a replay's (measured with bench/traffic.py: a 5-player, 5-night seat
    # view's frames 1.49 MB unmerged, 0.44 MB merged); the message then carries the merged
    # chunk in their place, once per 64 steps.
    g = hl.load_game("hostil_hostal", num_players=5, options={"nights": 5})
    m = hl.Match(g, seed=1, agents=["random"] * 5)
    v = GameView(m, perspective=0)
    v.send = Sent()
    assert v._store.sizes == [1]
    for _ in range(62):
        v._on_msg(v, {"type": "step"}, [])
    assert v._store.sizes == [1] * 63
    v.send.clear()
    v._on_msg(v, {"type": "step"}, [])  # the 64th state
    assert v._store.sizes == [64] and len(v._chunks) == 1
    assert [c for c in v.send if c["type"] == "chunks"] == [
        {"type": "chunks", "start": 0, "chunks": [v._chunks[0]], "seq": 63}]
    v._on_msg(v, {"type": "step"}, [])
    assert v._store.sizes == [64, 1]
    assert all_frames(v)[0] == frames(m, 0)
    # an undo into the merged chunk cuts it, and play goes on
    for _ in range(3):
        m.undo()
    v.refresh()
    assert v._store.sizes == [62] and all_frames(v)[0] == frames(m, 0)


def test_a_reconstructed_rule_is_marked_in_the_frames():
    """issue 15: a RuleRef citing a value the project supplied (Perfect Hotel's kind points
    other than Bedroom's, ruling PH-02) is shown as such in the event list."""
    import hotellab as hl
    from hotellab.widgets._frames import _events

    replay = hl.Replay(hl.play(hl.load_game("perfect_hotel", num_players=2), seed=1))
    events = [e for k in range(len(replay)) for e in _events(replay.state_at(k), None)]
    marked = [e for e in events if e.get("reconstructed")]
    assert marked and all("majority" in e["text"] and "Bedroom" not in e["text"] for e in marked)
    assert not any(e.get("reconstructed") for e in events if "Bedroom majority" in e["text"])


# -- marks on the timeline (issue 21) -------------------------------------------------------------
def test_marks_are_checked_against_the_replay(replay):
    """The fixture's game: 128 states; states 0-7 are chance nodes (the setup's shuffles and
    deals, printed from the replay), state 8 is seat 0's first decision, 9 seat 1's, 10 seat
    2's. A move is made at a state 0..126 (state 127 is the end)."""
    from hotellab.core.errors import OptionError

    n = len(replay)
    assert n == 128 and replay[n - 1].is_terminal
    good = {"step": 8, "text": "fine"}
    bad = [
        ({"step": n - 1, "text": "x"}, "marks[1]: step 127 is out of range: a move is made at a state 0..126"),
        ({"step": -1, "text": "x"}, "marks[1]: step -1 is out of range"),
        ({"step": True, "text": "x"}, "marks[1]: 'step' must be a whole number"),
        ({"step": 8.5, "text": "x"}, "marks[1]: 'step' must be a whole number"),
        ({"text": "x"}, "marks[1]: 'step' must be a whole number"),
        ({"step": 9}, "marks[1]: no text for the mark at step 9"),
        ({"step": 9, "text": "  "}, "marks[1]: no text for the mark at step 9"),
        ({"step": 9, "text": "x", "seat": 0}, "marks[1]: seat 0 did not make the move at step 9 (seat 1 decides there)"),
        ({"step": 3, "text": "x", "seat": 0}, "marks[1]: seat 0 did not make the move at step 3 (a chance node decides there)"),
        ({"step": 9, "text": "x", "cost": 1.5}, "marks[1]: 'cost' must be a number from 0 to 1, got 1.5"),
        ("step 9", "marks[1]: a mark is a dict"),
    ]
    for entry, words in bad:
        with pytest.raises(OptionError, match=re.escape(words)) as err:
            GameView(replay, marks=[good, entry])
        assert err.value.field == "marks"
        with pytest.raises(OptionError, match=re.escape(words)):
            export_html(replay, "/nonexistent/never-written.html", marks=[good, entry])
    with pytest.raises(OptionError, match="marks must be a costly_moves DataFrame") as err:
        GameView(replay, marks="step 9")
    assert err.value.field == "marks"
    # valid marks: sorted by step, the seat read from the state (9 -> seat 1, 3 -> chance)
    v = GameView(replay, marks=[{"step": 9, "text": "b", "cost": 0.25}, {"step": 3, "text": "a\x00"}])
    assert v._meta["marks"] == [
        {"step": 3, "text": "a\ufffd", "seat": None, "cost": None},  # control characters never reach the page
        {"step": 9, "text": "b", "seat": 1, "cost": 0.25},
    ]
    assert "marks" not in GameView(replay)._meta  # no marks: the metadata as before


def test_marks_of_a_seat_view_are_its_own_moves_only(replay):
    """States 8, 11, 12 are seat 0's decisions, 9 and 13 seat 1's, 10 seat 2's, 3 a chance
    node (see the test above): seat 1's view keeps 9 and 13, seat 0's 8, 11 and 12, and
    neither keeps the chance node's mark (a deal may be hidden)."""
    marks = [{"step": k, "text": f"move at {k}"} for k in (3, 8, 9, 10, 11, 12, 13)]
    assert [m["step"] for m in GameView(replay, perspective=1, marks=marks)._meta["marks"]] == [9, 13]
    assert [m["step"] for m in GameView(replay, perspective=0, marks=marks)._meta["marks"]] == [8, 11, 12]
    every = GameView(replay, marks=marks)._meta["marks"]
    assert [(m["step"], m["seat"]) for m in every] == [(3, None), (8, 0), (9, 1), (10, 2), (11, 0), (12, 0), (13, 1)]
    # the page of a seat holds no other seat's mark text
    v = GameView(replay, perspective=2, marks=marks)
    assert [m["text"] for m in v._meta["marks"]] == ["move at 10"]


def test_marks_from_costly_moves_travel_with_exported_pages(tmp_path):
    """The docs' example: the tutor's DataFrame as marks. Each mark's text is the row's
    played and best words and its cost (what the note shows), its seat the row's seat (the
    seat deciding at that state), and the marks reach the standalone page, the text/html
    player of the widget and seat 0's page (only seat 0's rows)."""
    pytest.importorskip("pandas")
    log = hl.play(hl.load_game("perfect_hotel"), agents=["random", "greedy"], seed=3)
    replay = hl.Replay(log)
    moves = hl.analysis.costly_moves(log, agent="mcts:30", threshold=0.1, progress=False)
    assert len(moves) >= 2 and set(moves["seat"]) == {0, 1}
    rows = sorted(moves.to_dict("records"), key=lambda r: r["step"])
    want = [{"step": r["step"], "seat": r["seat"], "cost": round(r["cost"], 4),
             "text": f"{r['played']}; better: {r['best']} (\u2212{round(r['cost'], 4):.2f})"} for r in rows]
    v = GameView(replay, marks=moves)
    assert v._meta["marks"] == want
    assert all(replay[m["step"]].current_player == m["seat"] for m in want)
    page = page_data(export_html(replay, tmp_path / "m.html", marks=moves).read_text("utf-8"))
    assert page["state"]["_meta"]["marks"] == want
    seat0 = page_data(export_html(replay, tmp_path / "s.html", perspective=0, marks=moves).read_text("utf-8"))
    assert seat0["state"]["_meta"]["marks"] == [m for m in want if m["seat"] == 0]
    # marks of another game, or of another log of the same game, are refused
    from hotellab.core.errors import OptionError

    other = hl.Replay(hl.play(hl.load_game("perfect_hotel"), agents=["random", "greedy"], seed=4))
    with pytest.raises(OptionError, match="the marks were made for another game") as err:
        GameView(other, marks=moves)
    assert err.value.field == "marks"
    zombie = hl.Replay(hl.play(hl.load_game("hotel_zombie"), seed=1))
    with pytest.raises(OptionError, match="made for a perfect_hotel game"):
        GameView(zombie, marks=moves)
    with pytest.raises(OptionError, match="no move yet"):
        GameView(hl.Match(hl.load_game("perfect_hotel"), seed=1), marks=[{"step": 0, "text": "x"}])
    html_out = v._repr_mimebundle_()[0]["text/html"]
    player = json.loads(re.search(r'<script type="application/json" id="[^"]+-data">(.*?)</script>', html_out, re.S).group(1))
    assert player["_meta"]["marks"] == want


def test_marks_of_a_live_view_survive_its_steps(game):
    """A live Match re-sends _meta after each step; the marks stay in it. Seed 4's match runs
    the setup's 8 chance steps and stops at state 8, where seat 0 (no agent) decides."""
    m = hl.Match(game, seed=4, agents=[None, "random", "random"])
    m.run(max_steps=20)
    assert len(m.states) == 9 and m.states[8].current_player == 0
    m.step(m.states[8].legal_actions()[0])
    v = GameView(m, marks=[{"step": 8, "text": "seat 0's first move", "cost": 0.3}])
    v.send = Sent()
    v._on_msg(v, {"type": "step"}, [])  # seat 1's agent plays
    assert v.send[-1] == {"type": "done", "error": ""} and len(v) == 11
    assert v._meta["marks"] == [{"step": 8, "text": "seat 0's first move", "seat": 0, "cost": 0.3}]
