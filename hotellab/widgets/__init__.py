"""Widgets: :class:`GameView` (one anywidget for a Match, Replay, GameLog or State),
:func:`frames` (the frames it shows) and :func:`export_html` (a standalone page).

>>> import hotellab as hl
>>> log = hl.play(hl.load_game("hostil_hostal", num_players=3), seed=1)
>>> view = hl.widgets.GameView(hl.Replay(log))          # doctest: +SKIP
>>> hl.widgets.export_html(log, "game.html", perspective=0)   # doctest: +SKIP

``GameView`` loads anywidget on first use, so ``frames`` and ``export_html`` (used by the
command line) stay quick to import.
"""

from __future__ import annotations

from ._frames import frames
from .export import export_html

__all__ = ["GameView", "GuidedGame", "Lesson", "Review", "export_html", "frames"]


def __getattr__(name):
    if name == "GameView":
        from .gameview import GameView

        return GameView
    if name == "Lesson":
        from .lesson import Lesson

        return Lesson
    if name == "Review":
        from .lesson import Review

        return Review
    if name == "GuidedGame":
        from .guided import GuidedGame

        return GuidedGame
    raise AttributeError(f"module 'hotellab.widgets' has no attribute {name!r}")


def __dir__():
    return sorted(__all__)
