"""Hotel Zombie: status lines, action sentences and refusals (each naming its rule), a part
of :class:`HotelZombieState`."""

from __future__ import annotations

from ...core.actions import CHANCE, Action
# not "from . import components": that names the package, whose __init__ imports game and view
import hotellab.games.hotel_zombie.components as C
from ._common import (
    EXPLORE, INVENTORY, MANSION, PLAN_NAMES, PLAN_WORDS, T_ACTIONS, T_BUYS, _CI, _IDS, _KIND,
    _NEED, _is_int,
)
from .rules import (
    N_ASSIST, N_COUNT, N_DEAL_SHUFFLE, N_END, N_FIGHT, N_KILL_STEAL, N_PLAN, N_REGROUP_SHUFFLE,
    N_SETUP, N_TURN, N_TURN_SHUFFLE, R_BUY, R_CHOOSE_COUNT, R_DEALT, R_DECLARE, R_HELP,
    R_INVENTORY, R_INVENTORY_NO_WEAPONS, R_NORMAL_TURN, R_PLAN, R_PLAY_ACTION, R_SAME_TIME,
)


class Explanations:
    """Status, action sentences and refusals of :class:`~.state.HotelZombieState` (a mixin)."""

    __slots__ = ()

    # ================================================================== text
    def _status_text(self) -> str:
        k, p = self.node
        c = f"Hotel counter {self.counter}"
        if k == N_END:
            if self.fallen:
                return f"Game over — {', '.join(self._name(q) for q in self.fallen)} fell: the group loses"
            return f"Game over — most decorations: {', '.join(self._name(q) for q in self._winners())}"
        if k == N_SETUP:
            return "Setup — shuffle " + ("the mansion deck" if p == MANSION else f"{self._name(p)}'s starting deck")
        if k in (N_TURN_SHUFFLE, N_REGROUP_SHUFFLE):
            return f"{c} — shuffle {self._name(p)}'s discard pile"
        if k == N_DEAL_SHUFFLE:
            return f"{c} — shuffle the mansion discard pile"
        who = self._name(p)
        if k == N_PLAN:
            return f"{c}, Game Plan — {who} to choose in secret"
        if k == N_TURN:
            return f"{c}, Game Plan — {who}'s turn ({PLAN_NAMES[self.plans[p]]})"
        if k == N_COUNT:
            return f"{c}, Game Plan — {who} ({self.dmg[p]} damage) to choose how many mansion cards"
        if k == N_FIGHT:
            return f"{c}, Combat — {who} cannot defeat the {C.mansion_name(self.cur[p])}: hit or wait"
        if k == N_KILL_STEAL:
            v, m = self.stealq[0]
            return f"{c}, Combat — {who} may Kill Steal {self._name(v)}'s {C.mansion_name(m)}"
        return f"{c}, Combat — {who} may assist"

    def action_to_string(self, action: Action, perspective: int | None = None) -> str:
        """A sentence for people. With a ``perspective`` other than the actor, the secret
        choices are left out — a Game Plan (ruling HZ-04), what a turn plays, trashes, buys or
        declares (HZ-03) and hit or wait (HZ-09); a shuffle's order is always left out of a
        seat's text."""
        a = action
        if a.player == CHANCE:
            who = a.args[0] if a.args else "?"
            pile = "the mansion deck" if who == "mansion" else (
                f"{self._name(int(who[1:]))}'s discard pile" if isinstance(who, str) and who[1:].isdigit()
                and 0 <= int(who[1:]) < self.num_players else str(who))
            return f"Shuffle {pile}" + ("" if perspective is not None else f": {_perm_text(a)}")
        if not (isinstance(a.player, int) and 0 <= a.player < self.num_players):
            return str(a)
        who = self._name(a.player)
        k, args = a.kind, a.args
        if k == "plan" and args:
            if perspective is not None and perspective != a.player:
                return f"{who}: choose a Game Plan (secret)"
            return f"{who}: {PLAN_NAMES[PLAN_WORDS.index(args[0])] if args[0] in PLAN_WORDS else args[0]}"
        hidden = perspective is not None and perspective != a.player
        if k in ("play", "trash", "buy", "declare") and hidden:
            return f"{who}: a turn action (secret until every turn is done)"
        if k in ("hit", "wait") and hidden:
            return f"{who}: take the hit or wait (secret)"
        if k in ("play", "trash", "buy", "declare") and args and args[0] in _CI:
            return f"{who}: {k} {C.card_name(_CI[args[0]])}"
        if k == "take" and args:
            return f"{who}: take {args[0]} mansion card{'s' if args[0] != 1 else ''}"
        if k == "assist" and args and _is_int(args[0]) and 0 <= args[0] < self.num_players:
            return f"{who}: assist {self._name(args[0])}"
        words = {"done": "end the turn", "hit": "take the hit", "wait": "wait for assistance",
                 "steal": "Kill Steal", "pass": "pass"}
        return f"{who}: {words.get(k, k)}"

    # ================================================================== illegal actions
    _FORMS = {"plan": 1, "play": 1, "trash": 1, "buy": 1, "declare": 1, "done": 0, "take": 1, "hit": 0,
              "wait": 0, "steal": 0, "assist": 1, "pass": 0}
    _NODE_KINDS = {N_PLAN: ("plan",), N_TURN: ("play", "trash", "buy", "declare", "done"), N_COUNT: ("take",),
                   N_FIGHT: ("hit", "wait"), N_KILL_STEAL: ("steal", "pass"), N_ASSIST: ("assist", "pass")}

    def _explain(self, a: Action):
        kind, p = self.node
        n = self.num_players
        rule = self.current_rule()
        if a.player == CHANCE:
            return self.refuse(f"{a}: a chance outcome cannot be applied now: {self._name(p)} decides "
                               f"({self.status_text()})", rule)
        if not 0 <= a.player < n:
            return self.refuse(f"{a}: there is no seat {a.player} (seats 0 to {n - 1})", rule, "malformed")
        if a.kind not in self._FORMS:
            return self.refuse(f"{a}: unknown action kind {a.kind!r}; the kinds are "
                               f"{', '.join(self._FORMS)}", rule, "malformed")
        if len(a.args) != self._FORMS[a.kind]:
            return self.refuse(f"{a}: '{a.kind}' takes {self._FORMS[a.kind]} argument(s)", rule, "malformed")
        if a.kind == "assist" and self.asked >> a.player & 1:
            return self.refuse(f"{a}: {self._name(a.player)} asked for assistance this round: only \"Players who "
                               "didn't ask for assistance and still have left over damage can use it towards helping "
                               "out other players\"", R_HELP)
        if a.player != p:
            why = {N_PLAN: " (the choices are taken one seat at a time and stay hidden until every seat has chosen)",
                   N_TURN: " (the turns are played one seat at a time and stay hidden until every turn is done)",
                   N_FIGHT: " (the choices are taken one seat at a time and stay hidden until every one is made)",
                   }.get(kind, "")
            return self.refuse(f"{a} is not {self._name(a.player)}'s to play: {self._name(p)} decides now "
                               f"({self.status_text()}){why}", R_SAME_TIME if kind in (N_PLAN, N_TURN, N_FIGHT) else rule,
                               "not_your_turn")
        if a.kind not in self._NODE_KINDS.get(kind, ()):
            return self.refuse(f"{a}: now {self._name(p)} may only "
                               f"{' / '.join(self._NODE_KINDS.get(kind, ()))} ({self.status_text()})", rule)
        x = a.args[0] if a.args else None
        if a.kind == "plan":
            return self.refuse(f"{a}: the Game Plan is 'explore' (Explore the Hotel) or 'inventory' "
                               f"(Inventory Management), got {x!r}", R_PLAN, "malformed")
        if a.kind in ("play", "trash", "buy", "declare"):
            return self._explain_turn(a, p, x)
        if a.kind == "take":
            avail = self.mansion_available()
            if not _is_int(x):
                return self.refuse(f"{a}: 'take' needs a whole number of mansion cards, got {x!r}", R_CHOOSE_COUNT,
                                   "malformed")
            if x > C.MAX_REVEAL:
                return self.refuse(f"{a}: at most {C.MAX_REVEAL} mansion cards (Max of 4)", R_CHOOSE_COUNT)
            if x > avail:
                return self.refuse(f"{a}: only {avail} mansion card{'s' if avail != 1 else ''} can still be dealt "
                                   "(deck and discard pile, less what others took) — ruling HZ-06", R_DEALT)
            return self.refuse(f"{a}: an explorer takes at least 1 mansion card while any is left — ruling HZ-06",
                               R_CHOOSE_COUNT)
        if a.kind == "assist":
            if not _is_int(x) or not 0 <= x < n:
                return self.refuse(f"{a}: 'assist' names the seat of a waiting player (0 to {n - 1}), got {x!r}",
                                   R_HELP, "malformed")
            return self.refuse(f"{a}: {self._name(x)} is not waiting for assistance", R_HELP)
        return None

    def _explain_turn(self, a: Action, p: int, x):
        if not isinstance(x, str) or x not in _CI:
            return self.refuse(f"{a}: {x!r} is not a card; the cards are {', '.join(_IDS)}", R_NORMAL_TURN,
                               "malformed")
        c = _CI[x]
        name = C.card_name(c)
        hand = self.hands[p]
        if a.kind == "buy":
            if self.t_step > T_BUYS:
                return self.refuse(f"{a}: weapons are declared after buying: no more buys this turn — ruling HZ-02",
                                   R_NORMAL_TURN)
            if self.t_buys <= 0:
                return self.refuse(f"{a}: no buy left this turn — ruling HZ-02", R_NORMAL_TURN)
            if self.supply_seen(p)[c] <= 0:
                return self.refuse(f"{a}: the {name} pile of the supply is empty", R_BUY)
            return self.refuse(f"{a}: {name} costs {C.COST[c]} gold; {self._name(p)} has {self.t_gold} left", R_BUY)
        if c not in hand:
            return self.refuse(f"{a}: {self._name(p)} holds no {name}", R_NORMAL_TURN)
        if a.kind == "play":
            if _KIND[c] != C.ACTION:
                return self.refuse(f"{a}: {name} is not an action card", R_PLAY_ACTION)
            if self.t_step != T_ACTIONS:
                return self.refuse(f"{a}: actions are played before buying and declaring — ruling HZ-02",
                                   R_NORMAL_TURN)
            return self.refuse(f"{a}: no action left this turn", R_NORMAL_TURN)
        if a.kind == "trash":
            if self.plans[p] != INVENTORY:
                return self.refuse(f"{a}: only Inventory Management gives a free Trash", R_INVENTORY)
            if not self.t_trash:
                return self.refuse(f"{a}: the 1 free Trash is used", R_INVENTORY)
            return self.refuse(f"{a}: the free Trash comes before buying — ruling HZ-05", R_INVENTORY)
        if self.plans[p] != EXPLORE:
            return self.refuse(f"{a}: Inventory Management can not declare weapons", R_INVENTORY_NO_WEAPONS)
        if _KIND[c] != C.WEAPON:
            return self.refuse(f"{a}: {name} is not a weapon", R_DECLARE)
        return self.refuse(f"{a}: {name} needs {_NEED[c]} ammo; {self._name(p)} has {self.t_ammo} left", R_DECLARE)
