"""Hotel Zombie: Extermination — Combat, in the rulebook's order: the reveal, defeats,
hits and waiting, Kill Steal, assists and the unassisted (a part of :class:`HotelZombieState`)."""

from __future__ import annotations

from ...core.actions import Action
from ...core.storage import replaced
# not "from . import components": that names the package, whose __init__ imports game and view
import hotellab.games.hotel_zombie.components as C
from ._common import (
    ASSIST_NODE, ASSISTED, C_ASSIST, C_FIGHT, C_REVEAL, C_STEAL, EXPLORE, FIGHT_NODE, KILL_STEAL_NODE, OWN,
    ST_COMBAT, STOLEN, _HEALTH, _HIT, _INF,
)
from .rules import (
    N_KILL_STEAL, R_ASSIST_REWARD, R_COMBAT_OVER, R_DEFEAT, R_FAIL,
    R_GROUP_CHECK, R_HELP, R_ITEM, R_KILL_STEAL, R_NO_STEAL, R_SAME_TIME, R_SAME_TIME_REVEAL, R_UNASSISTED,
    R_WAIT, R_WAITING_NO_DAMAGE, R_WAITING_REVEALS,
)


class Combat:
    """The Combat steps of :class:`~.state.HotelZombieState` (a mixin: no state of its own)."""

    __slots__ = ()

    # ================================================================== Combat
    def _combat_step(self) -> bool:
        """One automatic step of combat; True when a decision is due (node set)."""
        cs = self.cstep
        if cs == C_REVEAL:
            self._combat_reveal()
            return False
        if cs == C_FIGHT:
            fc = self.fchoice
            for p in self.fightq:
                if fc[p] < 0:
                    self.node = FIGHT_NODE[p]
                    return True
            if self.fightq:
                self._fight_reveal()
            self.cstep = C_STEAL
            return False
        if cs == C_STEAL:
            return self._combat_steal_next()
        return self._combat_assist_next()

    def _combat_reveal(self) -> None:
        """Reveal: every explorer with a face-down card reveals one, at the same time (ruling
        HZ-09); defeats are automatic (HZ-08); a waiting player's infected joins its queue."""
        ex = [p for p in self.explorers() if self.down[p]]
        if not ex:
            self.cstep = C_ASSIST
            return
        helpers = [q for q in self.assist_pool() if self.dmg[q]]
        if helpers:
            self._emit("Before the reveal, the group's remaining damage (players who revealed all their cards): "
                       + ", ".join(f"{self._name(q)} {self.dmg[q]}" for q in helpers)
                       + f" = {sum(self.dmg[q] for q in helpers)}.", R_GROUP_CHECK)
        self._emit("Reveal: " + ", ".join(
            f"{self._name(p)} {C.mansion_name(self.down[p][0])}" for p in ex) + ".", R_SAME_TIME_REVEAL)
        fq = []
        for p in ex:
            m = self.down[p][0]
            self.down = replaced(self.down, p, self.down[p][1:])
            if not _INF[m]:
                self._combat_item(p, m)
            elif self.queue[p]:
                self.queue = replaced(self.queue, p, self.queue[p] + ((m, _HEALTH[m], ()),))
                self._emit(f"{self._name(p)} is waiting for assistance and cannot fight the {C.mansion_name(m)} "
                           f"({_HEALTH[m]} health): it waits too.", R_WAITING_REVEALS)
            elif self.dmg[p] >= _HEALTH[m]:
                self._combat_defeat(p, m)
            else:
                self.cur = replaced(self.cur, p, m)
                fq.append(p)
        self.fightq = tuple(fq)
        self.cstep = C_FIGHT

    def _combat_item(self, p: int, m: int) -> None:
        """An item's effect (ruling HZ-21): heal (up to the starting health) and/or damage; the
        item goes to the mansion discard."""
        heal, bonus = C.HEAL[m], C.BONUS[m]
        parts = []
        if heal:
            h = min(C.HEALTH_START, self.health[p] + heal)
            parts.append(f"health {self.health[p]} -> {h}")
            self.health = replaced(self.health, p, h)
        if bonus:
            self.dmg = replaced(self.dmg, p, self.dmg[p] + bonus)
            parts.append(f"damage +{bonus}")
        self.mdisc = self.mdisc + (m,)
        self._record(p, m, "item")
        self._emit(f"{self._name(p)} finds a {C.mansion_name(m)}: {', '.join(parts) or 'no effect'}; "
                   f"damage {self.dmg[p]}.", R_ITEM)

    def _combat_defeat(self, p: int, m: int) -> None:
        """Defeat: the infected's health comes off the player's damage; a trophy."""
        d = self.dmg[p] - _HEALTH[m]
        self.dmg = replaced(self.dmg, p, d)
        self._trophy(p, m, OWN)
        self._record(p, m, "defeated")
        self._emit(f"{self._name(p)} defeats the {C.mansion_name(m)} ({_HEALTH[m]} health, "
                   f"{C.DECORATIONS[m]} decoration{'s' if C.DECORATIONS[m] != 1 else ''}): damage left {d}.",
                   R_DEFEAT, ((p, C.DECORATIONS[m]),))

    def _trophy(self, p: int, m: int, src: int) -> None:
        self.trophies = replaced(self.trophies, p, self.trophies[p] + ((m, src),))

    def _record(self, p: int, m: int, outcome: str, by: tuple = ()) -> None:
        """The explored hotel: room (Hotel counter), seat, card, outcome, helpers/stealer."""
        self.explored = self.explored + ((self.counter, p, m, outcome, by),)

    def _take_damage(self, p: int, m: int) -> None:
        """The infected's damage comes off the player's health; at 0 the player has fallen."""
        h = self.health[p] - _HIT[m]
        self.health = replaced(self.health, p, h)
        if h <= 0 and p not in self.fallen:
            self.fallen = self.fallen + (p,)

    def _do_hit(self, a: Action) -> None:
        """Fail: the choice to take the hit, made in secret (ruling HZ-09)."""
        self._fight_choose(a.player, 0)

    def _do_wait(self, a: Action) -> None:
        """Fail: the choice to wait for assistance, made in secret (ruling HZ-09)."""
        self._fight_choose(a.player, 1)

    def _fight_choose(self, p: int, choice: int) -> None:
        """The players who cannot defeat their infected choose at the same time: one seat at a
        time, each choice hidden from the others until every one of them has chosen (ruling
        HZ-09)."""
        self.fchoice = replaced(self.fchoice, p, choice)
        if len(self.fightq) > 1:
            self._emit(f"{self._name(p)} chooses in secret: take the hit or wait for assistance.", R_SAME_TIME)

    def _fight_reveal(self) -> None:
        """Every player who could not defeat its infected has chosen: the choices are revealed
        together and take effect in seat order; a fall ends the game once all have (HZ-19)."""
        fq, fc = self.fightq, self.fchoice
        if len(fq) > 1:
            self._emit("The choices are revealed: " + ", ".join(
                f"{self._name(p)} {'waits for assistance' if fc[p] else 'takes the hit'}" for p in fq) + ".",
                R_SAME_TIME)
        for p in fq:
            m = self.cur[p]
            self.cur = replaced(self.cur, p, -1)
            if fc[p]:
                self._wait(p, m)
            else:
                self._hit(p, m)
            self.fchoice = replaced(self.fchoice, p, -1)
        self.fightq = ()
        if self.fallen:
            self._end_group_loss()

    def _hit(self, p: int, m: int) -> None:
        """Fail: take the infected's damage; it is discarded unless another explorer Kill
        Steals it first (ruling HZ-10, HZ-11)."""
        self._take_damage(p, m)
        self._emit(f"{self._name(p)} takes the hit from the {C.mansion_name(m)}: {_HIT[m]} damage, "
                   f"health {self.health[p]}; it is open to a Kill Steal.", R_FAIL)
        self.stealq = self.stealq + ((p, m),)

    def _wait(self, p: int, m: int) -> None:
        """Fail: wait for assistance — all the player's damage goes into the infected (ruling
        HZ-13: with option assist='full' it does not lower the health the helpers must
        cover). The player has asked for assistance: it may not assist this round (R_HELP)."""
        self.asked |= 1 << p
        d = self.dmg[p]
        left = _HEALTH[m] - d if self.game.options["assist"] == "remaining" else _HEALTH[m]
        self.dmg = replaced(self.dmg, p, 0)
        self.queue = replaced(self.queue, p, ((m, left, ()),))
        if self.game.options["assist"] == "remaining":
            self._emit(f"{self._name(p)} deals {d} damage to the {C.mansion_name(m)} ({_HEALTH[m]} health) and waits "
                       f"for assistance: {left} health left.", R_WAIT)
        else:
            self._emit(f"{self._name(p)} deals all {d} damage and waits for assistance: the helpers must cover the "
                       f"{C.mansion_name(m)}'s whole {left} health (option assist='full', ruling HZ-13).", R_WAIT)

    def _steal_candidates(self) -> list[int]:
        v, m = self.stealq[0]
        n = self.num_players
        ex = self.plans
        out = []
        for i in range(1, n):
            q = (v + i) % n
            if (ex[q] == EXPLORE and not self.queue[q] and self.dmg[q] >= _HEALTH[m]
                    and q not in self.spassed):
                out.append(q)
        return out

    def _combat_steal_next(self) -> bool:
        """Kill Steal: each hit infected is offered to the other explorers who do enough
        damage, in seat order after the hit player (ruling HZ-10); else it is discarded."""
        while self.stealq:
            cand = self._steal_candidates()
            if cand:
                self.node = KILL_STEAL_NODE[cand[0]]
                return True
            v, m = self.stealq[0]
            self.mdisc = self.mdisc + (m,)
            self._record(v, m, "hit")
            self._emit(f"No one does {_HEALTH[m]} damage to Kill Steal {self._name(v)}'s {C.mansion_name(m)}: "
                       "it is discarded.", R_NO_STEAL)
            self.stealq = self.stealq[1:]
            self.spassed = ()
        self.cstep = C_ASSIST
        self.apassed = 0
        return False

    def _do_steal(self, a: Action) -> None:
        q = a.player
        v, m = self.stealq[0]
        d = self.dmg[q] - _HEALTH[m]
        self.dmg = replaced(self.dmg, q, d)
        self._trophy(q, m, STOLEN)
        self._record(v, m, "stolen", (q,))
        self._emit(f"{self._name(q)} Kill Steals {self._name(v)}'s {C.mansion_name(m)} ({_HEALTH[m]} health): "
                   f"damage left {d}.", R_KILL_STEAL, ((q, C.DECORATIONS[m]),))
        self.stealq = self.stealq[1:]
        self.spassed = ()

    def assist_pool(self) -> list[int]:
        """Explorers who may assist: they have revealed all their mansion cards ("players can
        not assist other players until they have revealed all of their mansion cards") and
        did not ask for assistance this round ("Players who didn't ask for assistance and
        still have left over damage can use it towards helping out other players") — a
        player who waited may not assist even once its own infected are defeated."""
        if self.stage != ST_COMBAT:
            return []
        asked = self.asked
        down = self.down
        return [q for q in self.explorers() if not down[q] and not asked >> q & 1]

    def _helpers(self) -> list[int]:
        """Players who may assist now: the :meth:`assist_pool` with damage left who have not
        passed in this window (ruling HZ-15)."""
        ap = self.apassed
        return [q for q in self.assist_pool() if self.dmg[q] > 0 and not ap >> q & 1]

    def _combat_assist_next(self) -> bool:
        """Assists after each reveal step; once every card is revealed and no one assists, the
        first waiting player takes the damage of its first infected, and the group may try the
        next (ruling HZ-16)."""
        waiting = [p for p in range(self.num_players) if self.queue[p]]
        if waiting:
            hs = self._helpers()
            if hs:
                self.node = ASSIST_NODE[hs[0]]
                return True
        self.apassed = 0
        if any(self.down[p] for p in range(self.num_players)):
            self.cstep = C_REVEAL
            return False
        if waiting:
            if self._unassisted_note():
                self._emit("Every mansion card is revealed: the infected still waiting now deal their damage, "
                           "unless the group assists.", R_WAITING_NO_DAMAGE)
            self._combat_unassisted(waiting[0])
            return False
        self._emit(f"The Combat phase is over (Hotel counter {self.counter}).", R_COMBAT_OVER)
        self._regroup()
        return False

    def _unassisted_note(self) -> bool:
        """True the first time in a round that an infected is resolved unassisted."""
        c = self.counter
        return not any(r[0] == c and r[3] == "unassisted" for r in self.explored)

    def _combat_unassisted(self, p: int) -> None:
        m, left, helpers = self.queue[p][0]
        self.queue = replaced(self.queue, p, self.queue[p][1:])
        self._take_damage(p, m)
        self.mdisc = self.mdisc + (m,)
        self._record(p, m, "unassisted", helpers)
        self._emit(f"The group cannot assist {self._name(p)}: the {C.mansion_name(m)} ({left} health left) deals "
                   f"{_HIT[m]} damage, health {self.health[p]}; it is discarded.", R_UNASSISTED)
        if self.fallen:
            self._end_group_loss()

    def _do_assist(self, a: Action) -> None:
        """Assist: the helper's damage goes into the waiting player's first infected; when its
        health is covered it is defeated: the assisted player gets the decoration and 1 skill
        point, each helper 2 skill points (ruling HZ-13)."""
        h, t = a.player, a.args[0]
        m, left, helpers = self.queue[t][0]
        pay = min(self.dmg[h], left)
        self.dmg = replaced(self.dmg, h, self.dmg[h] - pay)
        left -= pay
        if h not in helpers:
            helpers = helpers + (h,)
        if left > 0:
            self.queue = replaced(self.queue, t, ((m, left, helpers),) + self.queue[t][1:])
            self._emit(f"{self._name(h)} assists {self._name(t)} with {pay} damage: the {C.mansion_name(m)} "
                       f"has {left} health left.", R_HELP)
            return
        self.queue = replaced(self.queue, t, self.queue[t][1:])
        self._trophy(t, m, ASSISTED)
        self.skill = replaced(self.skill, t, self.skill[t] + C.ASSIST_SKILL_HELPED)
        for q in helpers:
            self.skill = replaced(self.skill, q, self.skill[q] + C.ASSIST_SKILL_HELPER)
        self._record(t, m, "assisted", helpers)
        who = " and ".join(self._name(q) for q in helpers)
        self._emit(f"{self._name(h)} assists {self._name(t)} with {pay} damage and the {C.mansion_name(m)} is "
                   f"defeated: {self._name(t)} gets the decoration{'s' if C.DECORATIONS[m] != 1 else ''} "
                   f"({C.DECORATIONS[m]}) and {C.ASSIST_SKILL_HELPED} skill point, {who} "
                   f"{C.ASSIST_SKILL_HELPER} skill points (damage left {self.dmg[h]}).",
                   R_ASSIST_REWARD, ((t, C.DECORATIONS[m]),))

    def _do_pass(self, a: Action) -> None:
        p = a.player
        if self.node.kind == N_KILL_STEAL:
            v, m = self.stealq[0]
            self.spassed = self.spassed + (p,)
            self._emit(f"{self._name(p)} does not Kill Steal {self._name(v)}'s {C.mansion_name(m)}.", R_KILL_STEAL)
        else:
            self.apassed |= 1 << p
            self._emit(f"{self._name(p)} does not assist now (damage {self.dmg[p]}).", R_HELP)
