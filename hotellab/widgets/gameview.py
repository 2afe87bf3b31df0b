"""GameView: one anywidget that shows a Match, Replay, GameLog or State.

The front end (``gameview.js``, ``gameview.css`` beside this file) is a pure renderer of
frames built here in Python; see :mod:`hotellab.widgets._frames` for their format.
"""

from __future__ import annotations

import html
import pathlib
import sys

import anywidget
import traitlets

from ..core.errors import HotellabError, IllegalActionError
from ..core.text import clean_text
from ._authority import Authority
from ._bundle import front_end
from ._frames import decode_frames
from ._store import FrameStore, widget_state
from .export import marks_meta

_HERE = pathlib.Path(__file__).parent


def _flush_iopub() -> None:
    """Let the kernel's IOPub thread send the messages queued so far, now.

    ipykernel sends IOPub messages from a thread of its own, which needs the GIL; while the
    handler goes on framing and compressing, that thread waits several switch intervals (5 ms
    each) per message. ipykernel's ``sys.stdout.flush()`` queues a flush behind the pending
    messages and waits for it, so it returns once they are on their way. Elsewhere (plain
    Python, tests) it only flushes stdout.
    """
    try:
        sys.stdout.flush()
    except Exception:  # a closed or odd stdout: the messages go out a little later
        pass


class GameView(anywidget.AnyWidget):
    """Board, step controls, timeline, events with their rules, scores and perspective.

    :param obj: a :class:`~hotellab.Match` (live: its legal actions appear as buttons, and
        "next" at the last state lets chance or the seat's agent play), or a
        :class:`~hotellab.Replay`, :class:`~hotellab.GameLog` or :class:`~hotellab.State`
        (every state of its history, from the initial one).
    :param perspective: a seat (0..num_seats-1): the widget then holds *only* that seat's
        frames, so nothing hidden from it reaches the browser (nor a saved notebook). None:
        the omniscient frames plus one set per seat, and a selector to switch between them.
    :param speed: steps per second when playing (the front end offers 0.5 to 16).
    :param index: the state shown first (default: the last one for a Match, else 0).
    :param teacher: with a ``perspective``, teacher mode: this seat's view may also force
        chance outcomes and undo without limit ("what if"). Authority (enforced in the
        kernel, docs/dev/authority.md): a seat's view decides only for its seat, undoes only
        back to its own last decision and never chooses a chance outcome; the omniscient
        view may do anything the Match allows.
    :param marks: markers under the timeline, one per marked move: a
        :func:`hotellab.analysis.costly_moves` DataFrame (text built from ``played``,
        ``best`` and ``cost``), or a list of dicts with ``step`` (the state where the move was
        made, 0..len-2) and ``text``, optionally ``cost`` (0..1: the marker's colour) and
        ``seat`` (must be the seat deciding at ``step``); or None. Clicking a marker shows
        state ``step`` and the mark's text. With a ``perspective``, only that seat's own
        moves are kept (a move's words may name its hand). The marks travel in ``_meta``,
        so exported pages and saved notebooks keep them.
    :raises TypeError: for another kind of ``obj``; ValueError for a seat out of range or
        ``teacher`` without a seat; OptionError (``field="marks"``) for a bad mark, naming it
        (``marks[3]: step 80 is out of range ...``).

    Synced traits: ``index`` (shown state, 0..len-1), ``perspective`` (shown perspective),
    ``speed`` (the only ones the page may set). Frames travel in ``_chunks`` (base64 of gzip
    JSON), so scrubbing works in an exported notebook with no kernel. A step asked for in the
    browser answers first with ``_head`` (the new state's frame for the shown perspective,
    plain JSON, which the browser draws at once) and ``index``, then with a ``"chunks"``
    message carrying only the new chunk (append-only: the trait is updated in place on both
    sides, never re-sent whole). If the Match is stepped outside the widget, call
    :meth:`refresh`. A GameView cannot be pickled: save its match's log instead.

    >>> import hotellab as hl
    >>> log = hl.play(hl.load_game("hostil_hostal", num_players=3), seed=1)
    >>> view = GameView(hl.Replay(log), perspective=0)
    >>> len(view) == len(hl.Replay(log))
    True
    """

    _esm = front_end("gameview")["esm"]
    _css = front_end("gameview")["css"]

    _chunks = traitlets.List(traitlets.Unicode()).tag(sync=True)
    _tail = traitlets.Unicode("").tag(sync=True)
    _meta = traitlets.Dict().tag(sync=True)
    _actions = traitlets.List(traitlets.Dict()).tag(sync=True)
    _error = traitlets.Unicode("").tag(sync=True)
    _note = traitlets.Unicode("").tag(sync=True)  # a coach's comment (GuidedGame); "" for none
    _head = traitlets.Dict().tag(sync=True)
    index = traitlets.Int(0).tag(sync=True)
    perspective = traitlets.Int(None, allow_none=True).tag(sync=True)
    speed = traitlets.Float(1.0).tag(sync=True)

    def __init__(self, obj, perspective: int | None = None, *, speed: float = 1.0,
                 index: int | None = None, teacher: bool = False, marks=None, **kwargs):
        authority = Authority(perspective, teacher)  # ValueError for teacher without a seat
        store, traits = widget_state(obj, perspective, speed=speed, index=index,
                                     chance=perspective is None or teacher)
        self._marks = None if marks is None else marks_meta(store.source, perspective, marks)
        traits["_meta"] = self._meta_of(store)
        self._store: FrameStore = store
        self._authority = authority
        self._head_k: int | None = None  # state shown from _head, not yet in the chunks
        self._chunk_seq = 0  # number of "chunks" messages sent (the front end applies each once)
        super().__init__(**traits, **kwargs)
        self.on_msg(self._on_msg)

    # -- what the front end may change ----------------------------------------------------
    _FRONT_END_TRAITS = frozenset({"index", "perspective", "speed"})

    def set_state(self, sync_data):
        """State sent by the front end: only ``index``, ``perspective`` and ``speed`` are
        taken (frames, actions, errors and metadata are the kernel's to say), and a bad value
        is answered with an error in the widget instead of an exception in the kernel."""
        if not isinstance(sync_data, dict):
            return
        data = {k: v for k, v in sync_data.items() if k in self._FRONT_END_TRAITS}
        if not data:
            return
        try:
            super().set_state(data)
        except (traitlets.TraitError, TypeError, ValueError) as exc:
            self._error = f"the page sent a value this view cannot take: {exc}"

    def to_scenario(self, *, title: str = "", description: str = "") -> str:
        """The TOML text of a scenario that starts at the position this view shows (the step
        at ``index``), for a teacher to build a lesson from a game: add ``[[steps]]`` and save
        it. The ``[position]`` table is omniscient (hands, deck orders), like a log. See
        :func:`hotellab.core.scenario.scenario_toml`."""
        from ..core.scenario import scenario_toml

        source = self._store.source
        state = source.states[self.index]
        agents, seed = None, 0
        if source.match is not None:
            agents = [a.name if a is not None else None for a in source.match.agents]
            seed = source.match.seed if source.match.seed is not None else 0
        return scenario_toml(state, title=title, description=description, agents=agents, seed=seed)

    def __reduce_ex__(self, protocol):
        raise TypeError(
            "a GameView cannot be pickled: it is a live connection to the page. Save what it "
            "shows instead: its match's log (view.match.log.save('game.json')), a log or "
            "replay you built it from (GameLog.save), or a standalone page "
            "(hotellab.widgets.export_html(obj, 'game.html'))")

    # -- validation -----------------------------------------------------------------------
    @traitlets.validate("perspective")
    def _valid_perspective(self, proposal):
        p = proposal["value"]
        store = getattr(self, "_store", None)
        if store is not None and p not in store.perspectives:
            shown = ", ".join("None" if q is None else str(q) for q in store.perspectives)
            raise traitlets.TraitError(f"perspective {p!r} is not in this widget's frames ({shown})")
        return p

    @traitlets.observe("perspective")
    def _perspective_changed(self, change):
        # traitlets skips validators for None (allow_none): check it here and put it back
        store = getattr(self, "_store", None)
        if store is not None and change["new"] not in store.perspectives:
            self.perspective = change["old"]
            shown = ", ".join("None" if q is None else str(q) for q in store.perspectives)
            raise traitlets.TraitError(f"perspective {change['new']!r} is not in this widget's frames ({shown})")

    @traitlets.validate("index")
    def _valid_index(self, proposal):
        k = proposal["value"]
        store = getattr(self, "_store", None)
        n = len(store) if store is not None else 1
        head = getattr(self, "_head_k", None)
        if head is not None:
            n = max(n, head + 1)
        return max(0, min(n - 1, k))

    @traitlets.validate("speed")
    def _valid_speed(self, proposal):
        v = float(proposal["value"])
        if not 0 < v <= 60:
            raise traitlets.TraitError(f"speed is steps per second, from above 0 to 60; got {v}")
        return v

    # -- Python side ----------------------------------------------------------------------
    def __len__(self) -> int:
        """Number of states (frames per perspective)."""
        return len(self._store)

    @property
    def match(self):
        """The live Match, or None."""
        return self._store.source.match

    def frames(self, perspective: int | None = ...) -> list[dict]:
        """The frames this widget holds for ``perspective`` (default: the shown one),
        decoded from the chunks it sends to the browser."""
        if perspective is ...:
            perspective = self.perspective
        i = self._store.perspectives.index(perspective)
        return decode_frames(self._store.chunks)[i]

    def refresh(self) -> None:
        """Pick up actions applied to the Match outside the widget (or taken back)."""
        self._publish(self._store.sync())

    def _meta_of(self, store: FrameStore) -> dict:
        """The ``_meta`` trait: the store's, plus ``"marks"`` when the view has marks."""
        meta = store.meta()
        if self._marks is not None:
            meta["marks"] = self._marks
        return meta

    def _show_head(self) -> None:
        """After a step, send the new state's frame for the shown perspective (plain JSON in
        ``_head``) and move ``index`` to it, before the other perspectives are framed and the
        tail re-encoded: the browser draws it without waiting for either."""
        head = self._store.head(self.perspective)
        if head is None:
            return
        k, frame = head
        self._head_k = k
        with self.hold_sync():
            self._head = {"k": k, "p": self.perspective, "frame": frame}
            self.index = k
        _flush_iopub()

    def _publish(self, changed: bool) -> None:
        store = self._store
        self._head_k = None
        change = store.take_changes()
        if change is not None:
            # Append-only (issue 11): only the chunks from ``start`` on go to the browser, as
            # a message; the ``_chunks`` list is updated in place on both sides (here and by
            # the front end's message handler), so the trait is never re-sent whole, yet a
            # re-opened page (which asks for the whole state) and a saved notebook hold
            # every frame.
            start, new = change
            chunks = self._chunks
            del chunks[start:]
            chunks.extend(new)
            self._chunk_seq += 1
            self.send({"type": "chunks", "start": start, "chunks": list(new), "seq": self._chunk_seq})
        with self.hold_sync():
            self._head = {}  # the chunks carry that frame now
            self._meta = self._meta_of(store)
            self._actions = store.legal_actions(chance=self._authority.seat is None or self._authority.teacher)
            if changed:
                self.index = len(store) - 1

    def _on_msg(self, _widget, content, _buffers) -> None:
        """Front-end requests: {"type": "apply", "action": text}, {"type": "step"},
        {"type": "undo"}, each answered with {"type": "done", "error": text}; and
        {"type": "hello"}, answered with {"type": "hello"} (a live view plays on only once a
        kernel answered, so a saved page without one behaves as a record). Errors are shown
        in the widget, never raised into the kernel."""
        if not isinstance(content, dict):  # a string, list, number...: answer, do nothing
            error = (f"a request must be a JSON object such as {{\"type\": \"step\"}}, "
                     f"got {type(content).__name__}")
            self._error = error
            self.send({"type": "done", "error": error})
            return
        kind = content.get("type")
        if kind == "hello":
            self.send({"type": "hello"})
            return
        if kind == "resync":  # the page missed a "chunks" message: the whole list, once
            self.send_state(["_chunks"])
            self.send({"type": "resynced"})
            return
        if kind == "scenario":  # "save this position": the TOML of a scenario starting here
            self._send_scenario()
            return
        m = self.match
        auth = self._authority
        error = ""
        try:
            if m is None:
                raise ValueError("this view shows a record, not a live Match: nothing to play")
            self._store.sync()
            if kind == "apply":
                text = content.get("action")
                if not isinstance(text, str):
                    raise ValueError("no action text was sent")
                action = m.game.parse_action(text)  # InvalidActionError names the text only
                auth.check_apply(m, action)  # this view's authority, before the rules speak
                try:
                    m.step(action)
                except IllegalActionError as exc:
                    raise ValueError(auth.safe_rules_message(m, action, exc)) from None
                except Exception as exc:  # a bug in the game: its text may name hidden things
                    raise ValueError(auth.safe_failure(exc)) from None
            elif kind == "step":
                auth.check_step(m)  # no "pass an action, e.g. ..." listing another seat's cards
                try:
                    m.step()
                except Exception as exc:  # the omniscient view gets Match.step's own message
                    if auth.seat is None:
                        raise
                    raise ValueError(auth.safe_failure(exc)) from None
            elif kind == "undo":
                for _ in range(auth.undo_count(m)):
                    m.undo()
            else:
                raise ValueError(f"unknown request {str(kind)[:40]!r}; known: apply, step, undo, hello")
        except (HotellabError, ValueError, IndexError) as exc:
            error = str(exc)
        except Exception as exc:  # a bug in a game or agent: show it instead of losing it
            error = auth.safe_failure(exc)
        try:
            if not error:
                self._show_head()
            self._publish(self._store.sync())
        except Exception as exc:
            error = error or f"{type(exc).__name__}: {exc}"
            self._head_k = None
            if self._head:  # its state may not have reached the chunks
                self._head = {}
                self.index = len(self._store) - 1
        error = clean_text(error)  # it may echo text the page sent
        self._error = error
        self.send({"type": "done", "error": error})

    def _send_scenario(self) -> None:
        """Answer the page's "save this position" with the scenario TOML of the shown step.
        A position holds every hidden card, so only the omniscient view or a teacher's view
        may ask (docs/dev/authority.md)."""
        auth = self._authority
        if auth.seat is not None and not auth.teacher:
            error = ("Save this position is for the omniscient view or a teacher's view: a "
                     "position holds every hidden card")
            self.send({"type": "done", "error": error})
            return
        try:
            text = self.to_scenario()
        except Exception as exc:  # a game whose position cannot be written: say so
            self.send({"type": "done", "error": clean_text(f"cannot write this position: {exc}")})
            return
        self.send({"type": "done", "error": "", "scenario": text})

    def _repr_mimebundle_(self, **kwargs):
        """The widget for ipywidgets front ends, plus ``text/html`` for the others: a player
        of the same frames with no widget manager (nbconvert pages, the docs, trusted HTML
        viewers; see :func:`hotellab.widgets.export.player_html`) that shows the board as a
        picture, with status and scores as text, where no script runs (an untrusted notebook,
        GitHub's preview). It holds what the widget holds (the shown perspective's frames only
        for a seat's view) and plays as a record. A :data:`~hotellab.widgets.labext.PLAYER_MIME`
        entry lets hotellab's JupyterLab extension play that record where no output script
        runs (an untrusted notebook, JupyterLite) once the live widget is gone."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, md = bundle
        try:
            from .export import player_html
            from ._mime import PLAYER_MIME, player_marker

            fr = self._store.frame_at(self.index, self.perspective)
            traits = {k: getattr(self, k) for k in ("_chunks", "_tail", "_meta", "index", "perspective", "speed")}
            data = dict(data)
            data["text/html"] = player_html(traits, fr, title=self._store.source.game.title or "")
            data[PLAYER_MIME] = player_marker("gameview")  # JupyterLab/JupyterLite: the player, untrusted too
        except Exception:  # the HTML fallback is a courtesy; the widget itself still shows
            pass
        return data, md

    def __repr__(self) -> str:
        g = self._store.source.game
        p = "omniscient" if self._store.perspective is None else f"seat {self._store.perspective}"
        return f"<GameView {g.id}: {len(self)} states, {p}{', live' if self.match is not None else ''}>"
