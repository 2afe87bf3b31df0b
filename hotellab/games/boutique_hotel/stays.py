"""The rules of a stay, as pure functions of plain values (imported by state, view and position).

A room is an index 0-7, a guest card an index 0-27, a day 1-7 (Monday-Sunday; 8-10 the nights
past Sunday), ``prices`` the 8 price dice of a hotel (faces 1-6, breakfast last), ``occ`` a
hotel's per-room bit masks of booked days (bit d-1 for day d), ``built`` its bit mask of rooms.
A stay is ``(card, checkin, rooms, source, room_money, breakfast_money)``.
"""

from __future__ import annotations

import hotellab.games.boutique_hotel.components as C  # the module itself, not the package (no import cycle)

GUESTS = C.GUESTS
NR = C.NUM_ROOMS
ADJ = C.ADJ
STEP = C.PRICE_STEP
_MEMO_LIMIT = 200_000
_BLOCK_MEMO: dict = {}


_MASKS = {}


def stay_masks(card: int, day: int) -> tuple:
    """Per room of guest card ``card`` checking in on ``day``: the bit mask of the days it
    holds (bit d-1 for day d; Faza rezerwacji: the same rooms for the whole stay)."""
    hit = _MASKS.get((card, day))
    if hit is None:
        base = day - 1
        hit = _MASKS[(card, day)] = tuple(((1 << n) - 1) << base for n in GUESTS[card].nights)
    return hit


def blockings(card: int, day: int, built: int, occ: tuple, first_only: bool = False) -> list:
    """Every way to block rooms for guest card ``card`` checking in on ``day`` in a hotel with
    the rooms ``built`` (bit mask) booked as ``occ``: a list of room tuples (indices, in the
    card's order). Each room must be built and free on every night it is held (Faza
    rezerwacji: 'te same pokoje przez cały pobyt'), rooms differ, and rooms joined by a door
    symbol are adjacent. Blockings that put the same nights in the same rooms with the same
    connections count once. ``first_only``: stop at the first (availability).

    The answer depends only on the card and, per room, how many nights from ``day`` on it
    is built and free (capped at the stay): that is the memo's key, so that the many
    hotels and days that look alike to a card share one search."""
    g = GUESTS[card]
    cap = g.nights[0]
    base = day - 1
    key = card * 2 + first_only
    for r in range(NR):
        f = 0
        if built >> r & 1:
            x = occ[r] >> base
            f = (x & -x).bit_length() - 1 if x else cap
            if f > cap:
                f = cap
        key = key * 5 + f
    hit = _BLOCK_MEMO.get(key)
    if hit is not None:
        return hit
    masks = stay_masks(card, day)
    doors = g.doors
    k = len(masks)
    free = []
    for m in masks:
        free.append([r for r in range(NR) if built >> r & 1 and not occ[r] & m])
    out = []
    seen = set()
    chosen = [0] * k

    def rec(i: int, used: int) -> bool:
        if i == k:
            sig = (frozenset((chosen[j], masks[j]) for j in range(k)),
                   frozenset(frozenset((chosen[j], chosen[j + 1])) for j in range(k - 1) if doors[j]))
            if sig not in seen:
                seen.add(sig)
                out.append(tuple(chosen))
            return first_only
        for r in free[i]:
            if used >> r & 1:
                continue
            if i and doors[i - 1] and not ADJ[chosen[i - 1]] >> r & 1:
                continue
            chosen[i] = r
            if rec(i + 1, used | 1 << r):
                return True
        return False

    rec(0, 0)
    if len(_BLOCK_MEMO) > _MEMO_LIMIT:
        _BLOCK_MEMO.clear()
    _BLOCK_MEMO[key] = out
    return out


_TOKENS: dict = {}


def stay_tokens(card: int, checkin: int) -> tuple[int, int]:
    """(stay tokens, connection tokens) that guest card ``card`` checking in on ``checkin``
    has on the boards and beside them (days 1-10 of this week; a stay carried from last week,
    ``checkin`` <= 0, keeps only its nights from Monday on). A stay token per room-night
    (Komponenty: '56 Żetony'); a connection token per night on which two rooms joined by a door
    symbol are both held (BH-18; Komponenty: '8 Przezroczyste żetony połączeń pokoi'). E.g.
    card 1 (2 + 1 nights, door) from Monday: (3, 1); card 15 (3 + 3, door): (6, 3)."""
    hit = _TOKENS.get((card, checkin))
    if hit is None:
        g = GUESTS[card]
        lo = max(1, checkin)

        def nights(n: int) -> int:  # the days checkin .. checkin + n - 1 within 1..CALENDAR
            return max(0, min(checkin + n - 1, C.CALENDAR) - lo + 1)
        stay = sum(nights(n) for n in g.nights)
        conn = sum(nights(min(g.nights[j], g.nights[j + 1])) for j, d in enumerate(g.doors) if d)
        hit = _TOKENS[(card, checkin)] = (stay, conn)
    return hit


def tokens_in_use(stays: tuple) -> tuple[int, int]:
    """(stay tokens, connection tokens) on every board: ``stays`` is one tuple of stays per
    hotel (see :func:`stay_tokens`)."""
    st = conn = 0
    for hotel in stays:
        for card, ci, *_ in hotel:
            a, b = stay_tokens(card, ci)
            st += a
            conn += b
    return st, conn


def night_rates(prices: tuple, card: int, day: int) -> tuple:
    """The day-die face that prices each night of the stay (FAQ: past Sunday, Sunday's rate)."""
    return tuple(prices[min(day + j, 7) - 1] for j in range(GUESTS[card].stay))


def stay_price(prices: tuple, card: int, day: int) -> tuple[int, int]:
    """(room money, breakfast money) of guest card ``card`` checking in on ``day`` at a hotel
    with the price dice ``prices``: each room pays the day rate of each night it is held ('Stawka
    dzienna dotyczy każdego pokoju w hotelu'), plus the breakfast die per room-night when the
    card orders breakfast (BH-06). Amounts in money (face x 100)."""
    g = GUESTS[card]
    rooms = 0
    for n in g.nights:
        for j in range(n):
            rooms += prices[min(day + j, 7) - 1]
    bf = prices[7] * g.room_nights if g.breakfast else 0
    return rooms * STEP, bf * STEP


def fits_budget(prices: tuple, card: int, day: int, budget: int, how: str) -> bool:
    """Whether a walk-in with nightly budget face ``budget`` (1-6) takes this hotel (BH-12):
    ``how`` "each_night": every night's day rate (plus breakfast when ordered) is at most the
    budget; "average": the stay's price per room-night is at most the budget."""
    g = GUESTS[card]
    bf = prices[7] if g.breakfast else 0
    if how == "each_night":
        for j in range(g.stay):
            if prices[min(day + j, 7) - 1] + bf > budget:
                return False
        return True
    r, b = stay_price(prices, card, day)
    return r + b <= budget * STEP * g.room_nights


def demand(stays: tuple) -> tuple[tuple, tuple, tuple]:
    """Per day 1-7: (booked rooms, check-ins, breakfasts) of a hotel's stays (Faza oceny):
    a booked room has a token, a check-in is a square (the check-in day of each room of a
    stay), a breakfast a brown token."""
    rooms = [0] * 8
    checkins = [0] * 8
    bfs = [0] * 8
    for card, ci, rs, _src, _m, _b in stays:
        g = GUESTS[card]
        for n in g.nights[: len(rs)]:
            for j in range(n):
                d = ci + j
                if 1 <= d <= 7:
                    rooms[d] += 1
                    if j == 0:
                        checkins[d] += 1
                    if g.breakfast:
                        bfs[d] += 1
    return tuple(rooms[1:]), tuple(checkins[1:]), tuple(bfs[1:])


def shortfalls(stays: tuple, staff: tuple, how: str) -> tuple:
    """Per staff kind (cleaning, check-in, kitchen): (weekly demand, hired, stars lost). The
    weekly demand is the kind's maximum over the days (Faza oceny); ``how`` "per_worker": one
    star per missing worker; "per_day": one star per day short (BH-14)."""
    per_day = demand(stays)
    out = []
    for k in range(3):
        days = per_day[k]
        need = max(days)
        have = max(staff[k], 0)
        if how == "per_worker":
            lost = max(0, need - have)
        else:
            lost = sum(1 for v in days if v > have)
        out.append((need, have, lost))
    return tuple(out)


def occupancy(stays: tuple) -> tuple:
    """Per room, the bit mask of days (1-10) the ``stays`` hold (the first three fields of each
    stay are used)."""
    occ = [0] * NR
    for card, ci, rs, *_ in stays:
        for r, n in zip(rs, GUESTS[card].nights):
            for j in range(n):
                d = ci + j
                if 1 <= d <= C.CALENDAR:
                    occ[r] |= 1 << (d - 1)
    return tuple(occ)
