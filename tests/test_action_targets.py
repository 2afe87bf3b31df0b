"""The board is the interface: ``state.action_targets(perspective)`` against what every game
draws (issue "The board is the interface", part 1). Over random games of every game and
player count: every listed action is legal, every target id is drawn as ``data-target`` in
the omniscient board and in the deciding seat's board, and the share of legal actions that
the board reaches is reported (``-s`` prints it) and held to a floor."""

import pytest

import hotellab as hl
from hotellab.testing import board_targets, check_action_targets

# The share of legal actions a click on the board reaches, over random games; the rest
# concern nothing drawn (pass, finish, yes/no) and stay labelled buttons. Measured when the
# board became the interface (closing note of the issue); a floor, not a target.
FLOOR = {"hostil_hostal": 0.9, "hellton_palace": 0.9, "perfect_hotel": 0.9, "boutique_hotel": 0.8,
         "hotel_zombie": 0.7}


@pytest.mark.parametrize("game_id", hl.list_games())
def test_every_target_is_drawn_and_every_listed_action_legal(game_id):
    cls = hl.core.game.game_class(game_id)
    on, legal = 0, 0
    for n in range(cls.min_players, min(cls.max_players, 4) + 1):
        c = check_action_targets(hl.load_game(game_id, num_players=n), games=3, seed=n)
        on, legal = on + c["on_board"], legal + c["legal"]
    share = on / legal if legal else 0.0
    print(f"{game_id}: {on} of {legal} legal actions on the board ({share:.0%})")
    # a plug-in game need not draw targets (its moves stay buttons); the bundled five have floors
    assert share >= FLOOR.get(game_id, 0), f"{game_id}: only {share:.0%} of legal actions reachable from the board"


def test_action_targets_of_another_seat_and_of_a_bad_seat():
    g = hl.load_game("perfect_hotel", num_players=2)
    m = hl.Match(g, seed=1)
    while m.state.is_chance_node:
        m.step()
    cp = m.state.current_player
    assert m.state.action_targets(1 - cp) == {}
    assert m.state.action_targets(cp) == m.state.action_targets()
    with pytest.raises(ValueError, match="seat must be an int from 0 to 1"):
        m.state.action_targets(5)


def test_board_targets_reads_labels_and_refuses_duplicates():
    svg = ('<svg xmlns="http://www.w3.org/2000/svg"><g data-target="a" data-label="A, free"/>'
           '<g data-target="b" data-label="B"/></svg>')
    assert board_targets(svg) == {"a": "A, free", "b": "B"}
    with pytest.raises(ValueError, match="drawn twice"):
        board_targets(svg.replace('"b"', '"a"'))
    with pytest.raises(ValueError, match="no data-label"):
        board_targets(svg.replace(' data-label="B"', ""))
