"""Game logs: game id + options + player names + actions, as versioned JSON.

The schema is checked with pydantic; a malformed log raises
:class:`~hotellab.core.errors.LogFormatError` that says which entry and field is wrong.
Loading also replays every action, so an illegal action in a log is reported with its
entry number and the rule that forbids it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .actions import Action, parse_action
from .errors import HotellabError, LogFormatError, UnknownGameError, check_header
from .files import write_whole
from .text import check_names, check_text, check_tree

LOG_FORMAT = "hotellab-log"
LOG_VERSION = 1


def _schema():
    """The pydantic model of a log file (built on first use: pydantic is slow to import)."""
    global _LogModel
    if _LogModel is None:
        from typing import Literal

        from pydantic import BaseModel, ConfigDict, Field

        class LogModel(BaseModel):
            model_config = ConfigDict(extra="forbid", strict=True)
            format: Literal["hotellab-log"]
            version: Literal[1]
            game: str
            num_players: int = Field(ge=1, le=8)
            options: dict[str, Any] = {}
            players: list[str]
            seed: int | None = None
            agents: list[str | None] | None = None
            actions: list[str]
            meta: dict[str, Any] = {}
            start: dict[str, Any] | None = None

        _LogModel = LogModel
    return _LogModel


_LogModel = None


@dataclass
class GameLog:
    """A whole game as data. ``actions`` are canonical action texts, chance included.

    Attributes: game (id), num_players, options (resolved), players (names, one per seat),
    actions (list[str]), seed (int | None, informative), agents (names or None per seat),
    meta (free-form dict), start (the declared position the actions start from, see
    :meth:`hotellab.State.to_position`; None: from the game's setup).
    """

    game: str
    num_players: int
    options: dict
    players: list[str]
    actions: list[str]
    seed: int | None = None
    agents: list[str | None] | None = None
    meta: dict = field(default_factory=dict)
    start: dict | None = None

    # -- building --------------------------------------------------------------
    @classmethod
    def from_state(cls, state, *, players=None, seed=None, agents=None, meta=None) -> "GameLog":
        g = state.game
        return cls(
            game=g.id,
            num_players=g.num_players,
            options=dict(g.options),
            players=list(players) if players is not None else g.seat_names(),
            actions=[str(a) for a in state.history()],
            seed=seed,
            agents=list(agents) if agents is not None else None,
            meta=dict(meta or {}),
            start=state.start_position,
        )

    def game_object(self):
        from .game import load_game

        return load_game(self.game, num_players=self.num_players, options=self.options)

    def final_state(self):
        from .state import state_from_actions

        return state_from_actions(self.game_object(), self.actions, start=self.start)

    def initial_state(self):
        """The state the actions start from: the declared ``start`` position, or the game's
        initial state. Raises LogFormatError (field 'start') for a bad position."""
        from .errors import PositionError

        game = self.game_object()
        if self.start is None:
            return game.new_initial_state()
        try:
            return game.state_from_position(self.start)
        except PositionError as exc:
            raise LogFormatError(str(exc), field="start") from None

    # -- JSON --------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "format": LOG_FORMAT,
            "version": LOG_VERSION,
            "game": self.game,
            "num_players": self.num_players,
            "options": dict(self.options),
            "players": list(self.players),
            "seed": self.seed,
            "agents": self.agents,
            "actions": list(self.actions),
            "meta": dict(self.meta),
            **({"start": self.start} if self.start is not None else {}),
        }

    def canonical_actions(self) -> list[str]:
        """The actions as canonical text (``str(parse_action(text))``: single spaces,
        ``03`` written ``3``). Raises LogFormatError naming the entry that cannot be read."""
        out = []
        for i, a in enumerate(self.actions):
            try:
                out.append(str(a if isinstance(a, Action) else parse_action(a)))
            except ValueError as exc:
                raise LogFormatError(str(exc), entry=i, field="actions") from None
        return out

    def save(self, path) -> Path:
        """Write the log as JSON (UTF-8, indented), with every action in its canonical text.
        Returns the path.

        The file is written whole or not at all: the text is built and encoded first (a
        player name or metadata text with a control character or a lone surrogate raises
        LogFormatError naming the field, e.g. ``players[0]``, before anything is touched),
        then written to a temporary file in the same folder and moved over ``path`` with
        ``os.replace``. An existing file is never left empty or half-written.

        :raises LogFormatError: text that no file could hold, or an unreadable action.
        :raises OSError: the folder cannot be written (the old file, if any, is unchanged).
        """
        path = Path(path)
        for i, name in enumerate(self.players):
            check_text(name, f"players[{i}]", LogFormatError, what="player name")
        check_tree(self.meta, "meta", LogFormatError)
        check_tree(self.agents or [], "agents", LogFormatError)
        data = {**self.to_json(), "actions": self.canonical_actions()}
        try:
            raw = (json.dumps(data, indent=1, ensure_ascii=False) + "\n").encode("utf-8")
        except (UnicodeEncodeError, TypeError, ValueError) as exc:  # e.g. an option or start value
            raise LogFormatError(f"cannot write this log as JSON: {exc}") from None
        write_whole(path, raw)
        return path

    @classmethod
    def from_json(cls, data: Any, *, check: bool = True) -> "GameLog":
        """Validate ``data`` (a dict) and build a log.

        With ``check`` every action is replayed. Raises LogFormatError naming entry/field.
        """
        from pydantic import ValidationError

        check_header(data, LOG_FORMAT, LOG_VERSION, "log")
        try:
            m = _schema().model_validate(data)
        except ValidationError as exc:
            err = exc.errors()[0]
            loc = err["loc"]
            entry = loc[1] if len(loc) > 1 and loc[0] == "actions" and isinstance(loc[1], int) else None
            raise LogFormatError(err["msg"], entry=entry, field=str(loc[0]) if loc else None) from None
        log = cls(
            game=m.game,
            num_players=m.num_players,
            options=m.options,
            players=m.players,
            actions=m.actions,
            seed=m.seed,
            agents=m.agents,
            meta=m.meta,
            start=m.start,
        )
        try:
            game = log.game_object()
        except HotellabError as exc:
            field = "game" if isinstance(exc, UnknownGameError) else getattr(exc, "field", None) or "options"
            raise LogFormatError(str(exc), field=field) from None
        if len(log.players) != game.num_seats:
            raise LogFormatError(
                f"{len(log.players)} player names for {game.num_seats} seats", field="players"
            )
        for i, name in enumerate(log.players):
            check_text(name, f"players[{i}]", LogFormatError, what="player name")
        check_names(log.players, LogFormatError)
        check_tree(log.meta, "meta", LogFormatError)
        check_tree(log.agents or [], "agents", LogFormatError)
        log.options = dict(game.options)
        if check:
            final = log.final_state()
            hist = [str(a) for a in final.history()]
            if len(hist) == len(log.actions):  # the replayed, canonical texts
                log.actions = hist
        return log

    @classmethod
    def load(cls, path, *, check: bool = True) -> "GameLog":
        """Read a log file. Raises LogFormatError (with the file name) when it is malformed."""
        path = Path(path)
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise LogFormatError(f"{path}: cannot read ({exc.strerror})") from None
        try:
            text = raw.decode("utf-8-sig")  # a byte-order mark (as some editors write) is fine
        except UnicodeDecodeError as exc:
            raise LogFormatError(f"{path}: not UTF-8 text (byte {exc.start}: {exc.reason})") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            where = f"line {exc.lineno}, column {exc.colno}"  # some messages end in "at" already
            msg = f"{exc.msg} {where}" if exc.msg.endswith(" at") else f"{exc.msg} at {where}"
            raise LogFormatError(f"{path}: not JSON: {msg}") from None
        except (ValueError, RecursionError) as exc:  # a 5000-digit number, nesting too deep
            raise LogFormatError(f"{path}: not a JSON log this program can read: {exc}") from None
        try:
            return cls.from_json(data, check=check)
        except LogFormatError as exc:
            exc.args = (f"{path}: {exc}",)  # keep .entry and .field
            raise

    def parsed_actions(self) -> list[Action]:
        return [parse_action(a) for a in self.actions]

    def __len__(self) -> int:
        return len(self.actions)


