"""The frames a GameView holds, as compressed chunks, kept in step with a live Match.

:class:`FrameStore` builds the frames of every state for the widget's perspectives and keeps
them as base64-gzip chunks (see :mod:`hotellab.widgets._frames`). For a live Match,
:meth:`FrameStore.sync` compares the match's states with the ones already framed (by
identity), drops frames of states taken back and frames the new ones as new chunks
(append-only: a step never re-encodes or re-sends what was built before). No anywidget here: :func:`hotellab.widgets.export_html` uses it too.
"""

from __future__ import annotations

from ..core.text import clean_text
from ._frames import (
    Source,
    _check_perspective,
    chunk_frames,
    encode_chunk,
    frame_of,
    match_parts,
    source_of,
)

CHUNK = 64
"""States per chunk when a whole replay is framed (the browser decodes chunk by chunk)."""


def _seat_colours(game, state, perspective) -> list[str]:
    try:
        seats = state.view(perspective).get("seats") or []
    except Exception:  # a view that cannot be read leaves the default colours
        seats = []
    out = []
    for i in range(game.num_seats):
        s = seats[i] if i < len(seats) and isinstance(seats[i], dict) else {}
        out.append(str(s.get("color") or s.get("colour") or "#888888"))
    return out


class FrameStore:
    """Frames of ``obj`` for ``perspective`` (a seat: only that seat's frames; None: the
    omniscient frames plus one set per seat, so a viewer can switch with no kernel; only the
    omniscient set for a game with ``hidden_information = False``, where they are all alike).

    Attributes: ``source`` (:class:`~hotellab.widgets._frames.Source`), ``perspectives``
    (list: ``[p]``, ``[None, 0, 1, ...]`` or ``[None]``), ``chunks`` (list of str), ``sizes`` (states
    per chunk), ``framed`` (the state objects framed so far).

    Append-only growth (issue 11: per-step traffic and time stay flat as a game grows): the
    states present at construction are framed in chunks of :data:`CHUNK` states; each state
    a live Match adds later becomes a chunk of its own, appended, and no chunk already
    built is encoded or sent again, except that every :data:`CHUNK` such one-state chunks
    are merged into one (:meth:`_compact`), and an undo that cuts inside a chunk re-encodes
    that one chunk (at most :data:`CHUNK` states). :meth:`take_changes` says which chunks
    changed since it was last called, so the widget sends exactly those.

    After a live step, :meth:`head` frames the new state for one perspective ahead of
    :meth:`sync` (which reuses that frame), so the widget can show it first.
    """

    def __init__(self, obj, perspective: int | None = None):
        self.source: Source = source_of(obj)
        game = self.source.game
        _check_perspective(game, perspective)
        self.perspective = perspective
        if perspective is not None:
            self.perspectives = [perspective]
        elif game.hidden_information:
            self.perspectives = [None, *range(game.num_seats)]
        else:  # every seat sees everything: one set of frames serves all
            self.perspectives = [None]
        self.chunks: list[str] = []
        self.sizes: list[int] = []
        self.framed: list = []
        self._ahead = None  # (state, perspective, frame) built by head(), reused by sync()
        self._dirty: int | None = None  # first chunk index changed since take_changes()
        states = self.source.states
        n = len(states)
        for a in range(0, n, CHUNK):
            b = min(a + CHUNK, n)
            self.chunks.append(encode_chunk(self._entries(a, b)))
            self.sizes.append(b - a)
        self.framed.extend(states)
        last = states[-1] if states else None
        self.colors = _seat_colours(game, last, self.perspectives[0]) if last is not None else []

    # -- building -------------------------------------------------------------------------
    def _entries(self, start: int, stop: int) -> list[list[dict]]:
        src = self.source
        ahead = self._ahead
        return [
            [
                ahead[2] if ahead is not None and ahead[0] is src.states[k] and ahead[1] == p
                else frame_of(src, k, p)
                for p in self.perspectives
            ]
            for k in range(start, stop)
        ]

    def _mark(self, i: int) -> None:
        self._dirty = i if self._dirty is None else min(self._dirty, i)

    def _append(self, start: int, stop: int) -> None:
        """Frame states ``start..stop-1`` of a live match: one new chunk per state, appended
        (a live match grows one state at a time; nothing built before is touched)."""
        if stop <= start:
            return
        self._mark(len(self.chunks))
        for k in range(start, stop):
            self.chunks.append(encode_chunk(self._entries(k, k + 1), level=5))
            self.sizes.append(1)
            self.framed.append(self.source.states[k])
        self._compact()

    def _compact(self) -> None:
        """When the last :data:`CHUNK` chunks hold one state each (a live match's steps), merge
        them into one chunk of :data:`CHUNK` states: the saved record stays as compact as a
        replay's (one state per chunk compresses ~2-3x worse). The merged chunk replaces them
        in the next :meth:`take_changes`, once per :data:`CHUNK` steps, so each state's frames
        travel twice in all and the traffic per step stays bounded."""
        n = len(self.sizes)
        if n < CHUNK or any(size != 1 for size in self.sizes[n - CHUNK:]):
            return
        entries = []
        for text in self.chunks[n - CHUNK:]:
            per = chunk_frames(text)
            entries.append([fs[0] for fs in per])
        del self.chunks[n - CHUNK:]
        del self.sizes[n - CHUNK:]
        self.chunks.append(encode_chunk(entries))
        self.sizes.append(CHUNK)
        self._mark(len(self.chunks) - 1)

    def _decoded_last(self, n: int) -> list[list[dict]]:
        """The first ``n`` states' frames of the last chunk, SVGs filled in."""
        per = chunk_frames(self.chunks[-1])
        return [[fs[j] for fs in per] for j in range(n)]

    def _truncate(self, keep: int) -> None:
        """Keep the frames of the first ``keep`` states."""
        while self.sizes and len(self.framed) - self.sizes[-1] >= keep:
            self.chunks.pop()
            n = self.sizes.pop()
            del self.framed[len(self.framed) - n:]
            self._mark(len(self.chunks))
        if len(self.framed) > keep:  # cut inside the last chunk: decode, slice, encode
            n = self.sizes[-1] - (len(self.framed) - keep)
            self.chunks[-1] = encode_chunk(self._decoded_last(n))
            self.sizes[-1] = n
            del self.framed[keep:]
            self._mark(len(self.chunks) - 1)

    def sync(self) -> bool:
        """Bring the frames in step with the live Match (no-op otherwise).

        Returns True when anything changed. The usual case (the match grew by a step) costs
        the same at step 300 as at step 1: the states framed so far are compared from the
        end, and the full comparison runs only after an undo.
        """
        m = self.source.match
        if m is None:
            return False
        states, actions = match_parts(m)
        framed = self.framed
        n = len(framed)
        if n and len(states) >= n and states[n - 1] is framed[-1]:
            common = n  # the match only appends and pops, so the prefix is intact
        else:
            common = 0
            for a, b in zip(framed, states):
                if a is not b:
                    break
                common += 1
        if common == n == len(states):
            return False
        self.source.extend(states, actions)
        try:
            self._truncate(common)
            self._append(common, len(states))
        finally:
            self._ahead = None
        return True

    def take_changes(self) -> tuple[int, list[str]] | None:
        """``(start, chunks[start:])`` when chunks from index ``start`` on changed since the
        last call (the widget then replaces its chunks from ``start`` on), else None."""
        i = self._dirty
        self._dirty = None
        if i is None:
            return None
        return i, self.chunks[i:]

    def head(self, perspective) -> tuple[int, dict] | None:
        """After one live step: ``(k, frame)`` of the new state ``k`` for ``perspective``
        (one of :attr:`perspectives`), framed before the others and before any chunk is
        encoded; the next :meth:`sync` reuses it. None when the match did not grow by
        exactly one state since the last sync (no Match, undo, several steps, nothing new).
        """
        m = self.source.match
        if m is None or perspective not in self.perspectives:
            return None
        states, actions = match_parts(m)
        n = len(self.framed)
        if len(states) != n + 1 or (n and states[n - 1] is not self.framed[-1]):
            return None
        self.source.extend(states, actions)
        frame = frame_of(self.source, n, perspective)
        self._ahead = (states[n], perspective, frame)
        return n, frame

    def frame_at(self, k: int, perspective) -> dict:
        """The frame of state ``k`` for ``perspective``, decoding only its chunk."""
        i = self.perspectives.index(perspective)
        start = 0
        for text, size in zip(self.chunks, self.sizes):
            if k < start + size:
                return chunk_frames(text)[i][k - start]
            start += size
        raise IndexError(f"no frame {k}: the view has {start} states")

    # -- what the widget shows --------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.framed)

    @property
    def live(self) -> bool:
        return self.source.match is not None

    def meta(self) -> dict:
        """The widget's ``_meta`` trait."""
        game = self.source.game
        last = self.source.states[-1]
        return {
            "perspectives": list(self.perspectives),
            "names": list(self.source.names),
            "colors": list(self.colors),
            "title": clean_text(game.title or game.id),
            "live": self.live,
            "terminal": bool(last.is_terminal),
            "person": self._person_decides(last),
        }

    def _person_decides(self, state) -> bool:
        """A live Match waits for a person at ``state``: a seat decides and has no agent."""
        match = self.source.match if self.live else None
        if match is None or state.is_terminal or state.is_chance_node:
            return False
        seat = state.current_player
        agents = getattr(match, "agents", None) or []
        return 0 <= seat < len(agents) and agents[seat] is None

    def legal_actions(self, chance: bool = True) -> list[dict]:
        """The last state's legal actions as ``{"label", "value", "kind", "player", "target"}`` for a live
        Match (the front end shows a seat's view only that seat's choices and the dice);
        ``target`` is the board thing the action concerns (``state.action_targets()``), or None.

        A widget locked to a seat lists actions only when that seat decides: another seat's
        options would show its hand. ``chance=False`` (a seat's view without teacher mode,
        which may not choose a chance outcome; docs/dev/authority.md) lists no chance
        outcomes either: its "step" lets the seed decide.
        """
        if not self.live:
            return []
        state = self.source.states[-1]
        if state.is_terminal:
            return []
        if state.is_chance_node and not chance:
            return []
        p = self.perspective
        if p is not None and not state.is_chance_node and state.current_player != p:
            return []
        swap = self.source.swap
        on_board = {a: t for t, acts in state.action_targets().items() for a in acts}
        out = []
        for a in state.legal_actions():
            label = clean_text(swap(state.action_to_string(a, p)))
            out.append({"label": label, "value": clean_text(a), "kind": clean_text(a.kind), "player": a.player,
                        "target": on_board.get(a)})
        return out


def widget_state(obj, perspective: int | None = None, *, speed: float = 1.0, index: int | None = None,
                 live: bool = True, chance: bool | None = None) -> tuple[FrameStore, dict]:
    """The FrameStore of ``obj`` and the initial values of the widget's synced traits.

    ``index`` defaults to the last state for a Match (where play continues) and to 0 for a
    replay. With ``live=False`` a Match is framed as a finished record (for export).
    ``chance``: list chance outcomes (dice) among the actions; default: only for the
    omniscient view (a seat's view never chooses one; docs/dev/authority.md).
    """
    store = FrameStore(obj, perspective)
    if not live and store.source.match is not None:
        store.source.match = None
    n = len(store)
    if index is None:
        index = n - 1 if store.live else 0
    if index < 0:
        index += n
    index = max(0, min(n - 1, int(index)))
    traits = {
        "_chunks": list(store.chunks),
        "_tail": "",  # kept for saved notebooks of older versions, which put the last chunk here
        "_meta": store.meta(),
        "_actions": store.legal_actions(chance=perspective is None if chance is None else chance),
        "_error": "",
        "index": index,
        "perspective": perspective,
        "speed": float(speed),
    }
    return store, traits
