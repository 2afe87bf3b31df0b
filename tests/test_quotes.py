"""Every rule citation quotes the rulebook's own words.

A RuleRef's ``quote`` must be found in the rulebook text, in order, fragment by fragment
(fragments are cut with "…" or "..."), after normalising case, quotation marks, dashes and
white space. A value the project supplied is cited with ``reconstructed=True`` instead, and
such a RuleRef is not checked here. The rulebooks are read from ``../shared/rulebooks/``
beside the checkout (where CI has them); without them the test is skipped and says why.

Checked: each game's rule table, phase table, option specs, and every event and score line
of a seeded random game of each player count.
"""

from __future__ import annotations

import random
import re
import unicodedata
from pathlib import Path

import pytest

import hotellab as hl
from hotellab.core.game import game_class

RULEBOOKS = Path(__file__).resolve().parent.parent.parent / "shared" / "rulebooks"
FILES = {
    "hostil_hostal": "hostil_hostal.txt",
    "perfect_hotel": "perfect_hotel.txt",
    "hellton_palace": "hellton_palace.txt",
    "boutique_hotel": "boutique_hotel_manager.pl.txt",
    "hotel_zombie": "hotel_zombie.txt",
}


def normalise(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).lower()
    text = re.sub(r"[\u2018\u2019\u201a\u201b`´]", "'", text)
    text = re.sub(r"[\u201c\u201d\u201e\u201f«»]", '"', text)
    text = re.sub(r"[\u2010-\u2015\u2212]", "-", text)
    text = re.sub(r"[*_#•]", " ", text)  # markdown emphasis and bullets in the text files
    return re.sub(r"\s+", " ", text).strip()


def fragments(quote: str) -> list[str]:
    parts = re.split(r"\s*(?:\u2026|\.\.\.|\[\u2026\]|\[\.\.\.\])\s*", quote)
    return [normalise(p).strip(" .,;:") for p in parts if normalise(p).strip(" .,;:")]


def quote_found(quote: str, book: str) -> bool:
    pos = 0
    for frag in fragments(quote):
        i = book.find(frag, pos)
        if i < 0:
            return False
        pos = i + len(frag)
    return True


def _refs(gid: str) -> dict:
    cls = game_class(gid)
    refs = {}
    for r in cls.rule_table:
        refs.setdefault(r, "rule table")
    for ph in cls.phases:
        refs.setdefault(ph.rule, f"phase {ph.name}")
    for spec in cls.OPTIONS:
        refs.setdefault(spec.rule, f"option {spec.name}")
    for n in range(cls.min_players, cls.max_players + 1):
        state = hl.load_game(gid, num_players=n).new_initial_state()
        rng = random.Random(n)
        for _ in range(5000):
            for ev in state.events:
                refs.setdefault(ev.rule, f"event {ev.text[:60]!r}")
            if state.is_terminal:
                break
            state = state.apply(state.sample_chance(rng) if state.is_chance_node
                                else rng.choice(state.legal_actions()))
        for item in state.score_breakdown():
            refs.setdefault(item.rule, f"score line {item.category!r}")
    return refs


def test_quote_matching_is_strict():
    """The matcher accepts the rulebook's words cut with an ellipsis and refuses a paraphrase
    (Hostil Hostal, "Phase 2 - Night / Pass")."""
    book = normalise("If a player has placed all of their own guests, they can pass. Passing means ...")
    assert quote_found("If a player has placed all of their own guests, they can pass.", book)
    assert quote_found("If a player has placed … they can pass", book)
    assert not quote_found("A player who placed every guest may pass", book)
    assert not quote_found("they can pass … If a player has placed", book)  # out of order


@pytest.mark.parametrize("game_id", sorted(FILES))
def test_every_quote_is_the_rulebooks_words(game_id):
    if game_id not in hl.list_games():
        pytest.skip(f"{game_id} is not registered yet")
    path = RULEBOOKS / FILES[game_id]
    if not path.exists():
        pytest.skip(f"the rulebook {FILES[game_id]} is missing: the rulebooks are read from {RULEBOOKS} (../shared/rulebooks/ beside the checkout)")
    book = normalise(path.read_text("utf-8"))
    bad = []
    for ref, where in _refs(game_id).items():
        assert ref.game == game_id, f"{where}: RuleRef names game {ref.game!r}"
        if ref.quote and not ref.reconstructed and not quote_found(ref.quote, book):
            bad.append(f"{ref.section}: {ref.quote!r} ({where})")
    assert not bad, f"{len(bad)} quotes are not the rulebook's words:\n" + "\n".join(bad)
