"""Hotel Zombie's moves as data: :data:`ACTIONS`, one :class:`~hotellab.core.kinds.ActionKind`
per kind of action in rulebook order (the shuffle of Setup and of a pile that runs out, the
Game Plan, the turn's play / trash / buy / declare / done, the mansion cards taken, Combat's
hit / wait, Kill Steal, assist and pass). For each kind: its grammar, its rule, its legal
instances at a node, why an instance is refused (naming the rule), its step of the rules
(``state.py``, ``combat.py``), how it reads for people and what on the board it concerns.

The core parses, checks, lists, applies, words and targets every action through this table
(``hotellab.core.kinds``); ``docs/games/hotel_zombie-actions.md`` is written from it.
"""

from __future__ import annotations

from ...core.actions import CHANCE, Action
from ...core.kinds import INT, INTS, WORD, ActionKind, ActionTable, Arg
# not "from . import components": that names the package, whose __init__ imports game and view
import hotellab.games.hotel_zombie.components as C
from ._common import (
    EXPLORE, INVENTORY, PLAN_NAMES, PLAN_WORDS, T_ACTIONS, T_BUYS, _ACT_MEMO, _CI, _IDS, _KIND, _NEED,
)
from .combat import Combat
from .rules import (
    R_BASE_GAME, R_BUY, R_CHOOSE_COUNT, R_DEALT, R_DECLARE, R_FAIL, R_HELP, R_INVENTORY, R_INVENTORY_NO_WEAPONS,
    R_KILL_STEAL, R_NORMAL_TURN, R_PLAN, R_PLAY_ACTION,
)
from .state import HotelZombieState as S

_PILES = ("mansion", "p0", "p1", "p2", "p3")


def _step(rule_step):
    """A kind's ``apply``: the step of the rules (a method of the state), then every automatic
    step up to the next decision or chance outcome (:meth:`~.state.HotelZombieState._settle`).
    The secret events (``hev``, ruling HZ-03) are those of this action only."""
    def apply(s, a: Action) -> None:
        s.hev = ()
        rule_step(s, a)
        s._settle()
    apply.__doc__ = rule_step.__doc__
    return apply


def _seat_words(s, a: Action) -> str | None:
    """The seat's name, or None for a seat the game does not have."""
    p = a.player
    return s._name(p) if type(p) is int and 0 <= p < s.num_players else None


def _hidden(a: Action, perspective) -> bool:
    return perspective is not None and perspective != a.player


# == Setup, and a pile that runs out: the shuffle ============================================
def _shuffle_check(s, a: Action):
    """The shuffle of the pile the node names: a permutation of its cards (sorted order)."""
    who, pile = s._shuffle_pile()
    n = len(pile)
    if a.args[0] != who:
        return s.refuse(f"{a}: expected 'chance shuffle {who} <permutation of 0..{n - 1}>' ({s.status_text()})",
                        s.current_rule())
    if sorted(a.args[1]) != list(range(n)):
        return s.refuse(f"{a}: the shuffle must be a permutation of 0..{n - 1} (the {n} cards of the discard pile "
                        "in sorted order, giving the new deck from the top)", s.current_rule())
    return None


def _shuffle_canonical(s, a: Action) -> Action:
    return Action("shuffle", (a.args[0], tuple(int(i) for i in a.args[1])), CHANCE)


def _shuffle_words(s, a: Action, perspective) -> str:
    who = a.args[0] if a.args else "?"
    seat = int(who[1:]) if isinstance(who, str) and who[1:].isdigit() else -1
    pile = "the mansion deck" if who == "mansion" else (
        f"{s._name(seat)}'s discard pile" if 0 <= seat < s.num_players else str(who))
    if perspective is not None:
        return f"Shuffle {pile}"
    perm = a.args[1] if len(a.args) > 1 and isinstance(a.args[1], tuple) else ()
    return f"Shuffle {pile}: " + ",".join(str(i) for i in perm)


# == Game Plan ================================================================================
_PLAN_ACTS = tuple([Action("plan", ("explore",), p), Action("plan", ("inventory",), p)] for p in range(4))


def _plan_legal(s, node) -> list[Action]:
    return _PLAN_ACTS[node[1]]


def _plan_words(s, a: Action, perspective) -> str:
    who = _seat_words(s, a)
    if who is None:
        return str(a)
    if _hidden(a, perspective):
        return f"{who}: choose a Game Plan (secret)"
    x = a.args[0]
    return f"{who}: {PLAN_NAMES[PLAN_WORDS.index(x)] if x in PLAN_WORDS else x}"


def _plan_target(s, a: Action) -> str:
    return f"plan:{a.player}"


# == the turn (ruling HZ-02): play, trash, buy, declare, done =================================
# every turn action of every seat, made once (a turn lists them without making any)
_PLAY, _TRASH, _BUY, _DECLARE = (tuple(tuple(Action(kind, (_IDS[c],), p) for c in range(C.NUM_CARDS))
                                       for p in range(4)) for kind in ("play", "trash", "buy", "declare"))
_DONE = tuple(Action("done", (), p) for p in range(4))


def _turn_legal(s, node) -> list[Action]:
    """The turn (ruling HZ-02): play action cards (while actions are left, before buying),
    trash (Inventory Management, before buying), buy (gold, buys, a pile not empty, before
    weapons), declare a weapon (explorers: ammo enough), done."""
    p = node[1]
    hand = s.hands[p]
    step = s.t_step
    out = []
    kinds = None
    if step == T_ACTIONS and (s.t_acts > 0 or s.t_trash):
        kinds = sorted(set(hand))
        if s.t_acts > 0:
            play = _PLAY[p]
            out += [play[c] for c in kinds if _KIND[c] == C.ACTION]
        if s.t_trash:
            trash = _TRASH[p]
            out += [trash[c] for c in kinds]
    if step <= T_BUYS and s.t_buys > 0:
        g = s.t_gold
        sup = s.supply_seen(p)
        key = (p, g, sup)
        buys = _ACT_MEMO.get(key)
        if buys is None:
            buy = _BUY[p]
            buys = [buy[c] for c in range(C.NUM_CARDS) if sup[c] > 0 and C.COST[c] <= g]
            if len(_ACT_MEMO) > 100_000:
                _ACT_MEMO.clear()
            _ACT_MEMO[key] = buys
        out += buys
    if s.plans[p] == EXPLORE:
        am = s.t_ammo
        declare = _DECLARE[p]
        out += [declare[c] for c in (kinds if kinds is not None else sorted(set(hand)))
                if _KIND[c] == C.WEAPON and _NEED[c] <= am]
    out.append(_DONE[p])
    return out


def _held(s, a: Action):
    """The card is in the seat's hand."""
    c = _CI[a.args[0]]
    if c not in s.hands[a.player]:
        return s.refuse(f"{a}: {s._name(a.player)} holds no {C.card_name(c)}", R_NORMAL_TURN)
    return None


def _play_check(s, a: Action):
    why = _held(s, a)
    if why is not None:
        return why
    c = _CI[a.args[0]]
    if _KIND[c] != C.ACTION:
        return s.refuse(f"{a}: {C.card_name(c)} is not an action card", R_PLAY_ACTION)
    if s.t_step != T_ACTIONS:
        return s.refuse(f"{a}: actions are played before buying and declaring — ruling HZ-02", R_NORMAL_TURN)
    return s.refuse(f"{a}: no action left this turn", R_NORMAL_TURN)


def _trash_check(s, a: Action):
    why = _held(s, a)
    if why is not None:
        return why
    if s.plans[a.player] != INVENTORY:
        return s.refuse(f"{a}: only Inventory Management gives a free Trash", R_INVENTORY)
    if not s.t_trash:
        return s.refuse(f"{a}: the 1 free Trash is used", R_INVENTORY)
    return s.refuse(f"{a}: the free Trash comes before buying — ruling HZ-05", R_INVENTORY)


def _buy_check(s, a: Action):
    p, c = a.player, _CI[a.args[0]]
    if s.t_step > T_BUYS:
        return s.refuse(f"{a}: weapons are declared after buying: no more buys this turn — ruling HZ-02",
                        R_NORMAL_TURN)
    if s.t_buys <= 0:
        return s.refuse(f"{a}: no buy left this turn — ruling HZ-02", R_NORMAL_TURN)
    if s.supply_seen(p)[c] <= 0:
        return s.refuse(f"{a}: the {C.card_name(c)} pile of the supply is empty", R_BUY)
    return s.refuse(f"{a}: {C.card_name(c)} costs {C.COST[c]} gold; {s._name(p)} has {s.t_gold} left", R_BUY)


def _declare_check(s, a: Action):
    why = _held(s, a)
    if why is not None:
        return why
    p, c = a.player, _CI[a.args[0]]
    if s.plans[p] != EXPLORE:
        return s.refuse(f"{a}: Inventory Management can not declare weapons", R_INVENTORY_NO_WEAPONS)
    if _KIND[c] != C.WEAPON:
        return s.refuse(f"{a}: {C.card_name(c)} is not a weapon", R_DECLARE)
    return s.refuse(f"{a}: {C.card_name(c)} needs {_NEED[c]} ammo; {s._name(p)} has {s.t_ammo} left", R_DECLARE)


def _card_words(s, a: Action, perspective) -> str:
    """play / trash / buy / declare: the card, or — for another seat while the turns are
    secret — only that a turn action was taken (ruling HZ-03)."""
    who = _seat_words(s, a)
    if who is None:
        return str(a)
    if _hidden(a, perspective):
        return f"{who}: a turn action (secret until every turn is done)"
    x = a.args[0] if a.args else None
    return f"{who}: {a.kind} {C.card_name(_CI[x])}" if x in _CI else f"{who}: {a.kind}"


def _hand_target(s, a: Action) -> str:
    return f"hand:{a.player}:{a.args[0]}"


def _buy_target(s, a: Action) -> str:
    return f"supply:{a.args[0]}"


def _plain_words(text: str):
    """The words of an action without arguments: '<seat>: <text>'."""
    def words(s, a: Action, perspective) -> str:
        who = _seat_words(s, a)
        return str(a) if who is None else f"{who}: {text}"
    return words


# == the mansion cards taken ==================================================================
_TAKE = tuple(tuple(Action("take", (k,), p) for k in range(C.MAX_REVEAL + 1)) for p in range(4))


def _take_legal(s, node) -> list[Action]:
    top = min(C.MAX_REVEAL, s.mansion_available())
    return list(_TAKE[node[1]][1 if top else 0:top + 1])


def _take_check(s, a: Action):
    x = a.args[0]
    avail = s.mansion_available()
    if x > C.MAX_REVEAL:
        return s.refuse(f"{a}: at most {C.MAX_REVEAL} mansion cards (Max of 4)", R_CHOOSE_COUNT)
    if x > avail:
        return s.refuse(f"{a}: only {avail} mansion card{'s' if avail != 1 else ''} can still be dealt "
                        "(deck and discard pile, less what others took) — ruling HZ-06", R_DEALT)
    return s.refuse(f"{a}: an explorer takes at least 1 mansion card while any is left — ruling HZ-06",
                    R_CHOOSE_COUNT)


def _take_words(s, a: Action, perspective) -> str:
    who = _seat_words(s, a)
    if who is None:
        return str(a)
    k = a.args[0]
    return f"{who}: take {k} mansion card{'s' if k != 1 else ''}"


def _take_target(s, a: Action) -> str:
    return "mansion:deck"


# == Combat: hit or wait, Kill Steal, assist, pass ============================================
_FIGHT_ACTS = tuple([Action("hit", (), p), Action("wait", (), p)] for p in range(4))
_STEAL_ACTS = tuple([Action("steal", (), p)] for p in range(4))
_PASS_ACTS = tuple([Action("pass", (), p)] for p in range(4))


def _fight_legal(s, node) -> list[Action]:
    """Fail: take the hit or wait for assistance."""
    return _FIGHT_ACTS[node[1]]


def _fight_words(text: str):
    """hit / wait: the choice, or — for another seat — that it is a secret one (ruling HZ-09)."""
    def words(s, a: Action, perspective) -> str:
        who = _seat_words(s, a)
        if who is None:
            return str(a)
        return f"{who}: take the hit or wait (secret)" if _hidden(a, perspective) else f"{who}: {text}"
    return words


def _fight_target(s, a: Action) -> str:
    return f"fight:{a.player}"


def _steal_legal(s, node) -> list[Action]:
    return _STEAL_ACTS[node[1]]


def _steal_target(s, a: Action) -> str | None:
    if not s.stealq:
        return None
    return f"steal:{s.stealq[0][0]}:0"  # the first of the queue is the first of the hit player's


_ASSIST = tuple(tuple(Action("assist", (t,), p) for t in range(4)) for p in range(4))


def _assist_legal(s, node) -> list[Action]:
    assist = _ASSIST[node[1]]
    queue = s.queue
    return [assist[t] for t in range(s.num_players) if queue[t]]


def _assist_check(s, a: Action):
    n, x = s.num_players, a.args[0]
    if not 0 <= x < n:
        return s.refuse(f"{a}: 'assist' names the seat of a waiting player (0 to {n - 1}), got {x!r}", R_HELP,
                        "malformed")
    return s.refuse(f"{a}: {s._name(x)} is not waiting for assistance", R_HELP)


def _assist_words(s, a: Action, perspective) -> str:
    who = _seat_words(s, a)
    if who is None:
        return str(a)
    t = a.args[0] if a.args else None
    return f"{who}: assist {s._name(t)}" if type(t) is int and 0 <= t < s.num_players else f"{who}: assist"


def _assist_target(s, a: Action) -> str:
    return f"waiting:{a.args[0]}:0"


def _pass_legal(s, node) -> list[Action]:
    return _PASS_ACTS[node[1]]


# == the table ================================================================================
_CARD = Arg("card", WORD, "a player card, by its word", choices=_IDS)

ACTIONS = ActionTable([
    ActionKind("shuffle", (Arg("pile", WORD, "the pile shuffled: mansion (the mansion discard pile), or p0-p3 "
                                              "(that seat's discard pile; its starting deck at Setup)", choices=_PILES),
                           Arg("order", INTS, "the new deck, top first: a permutation of the pile's cards "
                                              "in sorted order")),
               R_BASE_GAME, "Shuffle a pile into a new deck: the mansion deck and each starting deck at Setup, "
               "a discard pile when a deck runs out (rulings HZ-07, HZ-17).",
               _step(S._do_shuffle), check=_shuffle_check, words=_shuffle_words, who="chance",
               canonical=_shuffle_canonical),
    ActionKind("plan", (Arg("plan", WORD, "Explore the Hotel or Inventory Management", choices=PLAN_WORDS),),
               R_PLAN, "Choose the round's Game Plan in secret (revealed when every seat has chosen; ruling HZ-04).",
               _step(S._do_plan), legal=_plan_legal, words=_plan_words, target=_plan_target),
    ActionKind("play", (_CARD,), R_PLAY_ACTION, "Play an action card from hand: it goes to the play area and "
               "gives its bonuses (before buying; 1 action a turn plus what cards give; ruling HZ-02).",
               _step(S._do_play), legal=_turn_legal, check=_play_check, words=_card_words, target=_hand_target),
    ActionKind("trash", (_CARD,), R_INVENTORY, "Inventory Management's 1 free Trash: a card from hand leaves "
               "the game (before buying; ruling HZ-05).",
               _step(S._do_trash), listed_with="play", check=_trash_check, words=_card_words, target=_hand_target),
    ActionKind("buy", (_CARD,), R_BUY, "Buy a card from the supply for its cost in gold (it leaves its pile "
               "when the turns are revealed; ruling HZ-02, HZ-03).",
               _step(S._do_buy), listed_with="play", check=_buy_check, words=_card_words, target=_buy_target),
    ActionKind("declare", (_CARD,), R_DECLARE, "Declare a weapon from hand (explorers only): its ammo is spent "
               "and its damage added (after buying; ruling HZ-02).",
               _step(S._do_declare), listed_with="play", check=_declare_check, words=_card_words,
               target=_hand_target),
    ActionKind("done", (), R_NORMAL_TURN, "End the turn; after the last seat's, the turns are revealed "
               "together (ruling HZ-03).",
               _step(S._do_done), listed_with="play", words=_plain_words("end the turn")),
    ActionKind("take", (Arg("count", INT, "how many mansion cards to be dealt face down (at most 4)"),),
               R_CHOOSE_COUNT, "Choose how many mansion cards to take, from the most damage down (1 to 4; 0 "
               "only when none can be dealt; ruling HZ-06).",
               _step(S._do_take), legal=_take_legal, check=_take_check, words=_take_words, target=_take_target),
    ActionKind("hit", (), R_FAIL, "Take the hit: the infected's damage comes off your health, and it is open "
               "to a Kill Steal (chosen in secret; ruling HZ-09, HZ-10).",
               _step(Combat._do_hit), legal=_fight_legal, words=_fight_words("take the hit"),
               target=_fight_target),
    ActionKind("wait", (), R_FAIL, "Wait for assistance: deal all your damage to the infected and wait for the "
               "group (chosen in secret; ruling HZ-09, HZ-13).",
               _step(Combat._do_wait), listed_with="hit", words=_fight_words("wait for assistance"),
               target=_fight_target),
    ActionKind("steal", (), R_KILL_STEAL, "Kill Steal the infected another explorer took the hit from "
               "(ruling HZ-10).",
               _step(Combat._do_steal), legal=_steal_legal, words=_plain_words("Kill Steal"),
               target=_steal_target),
    ActionKind("assist", (Arg("seat", INT, "the waiting player's seat"),), R_HELP,
               "Put your left-over damage into a waiting player's first infected (ruling HZ-13, HZ-15).",
               _step(Combat._do_assist), legal=_assist_legal, check=_assist_check, words=_assist_words,
               target=_assist_target),
    ActionKind("pass", (), R_HELP, "Do not Kill Steal this infected, or do not assist in this window "
               "(ruling HZ-10, HZ-15).",
               _step(Combat._do_pass), legal=_pass_legal, words=_plain_words("pass")),
])
"""Hotel Zombie's moves, in rulebook order (see the module's docstring)."""
