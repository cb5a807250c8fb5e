"""Game records: which game, which options and seed, and the moves in notation.

A record is everything needed to rebuild a game bit for bit: ``replay(game, record)`` starts a
new game with the same options and seed and applies the moves one by one.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Protocol

import attrs

from tabletop.kernel.errors import IllegalMove, InvalidArgument, InvalidData, InvalidRecord, clipped, quoted
from tabletop.kernel.jsontext import parse_json


class _Played(Protocol):
    """What a record reads of a game state (the kernel's ``State`` protocol, in part)."""

    @property
    def players(self) -> int: ...

    @property
    def history(self) -> tuple[Any, ...]: ...

    def apply(self, move: Any) -> Any: ...


class _Recorded(Protocol):
    """What a record needs of a game (the kernel's ``Game``, in part: this module comes first)."""

    @property
    def name(self) -> str: ...

    def new_game(self, players: int, seed: int | None = None, **options: Any) -> Any: ...

    def parse_move(self, state: Any, text: str) -> Any: ...

    def options_to_json(self, options: dict[str, Any]) -> dict[str, Any]: ...


#: The format of the records this version writes and reads. Format 1 records were written by
#: tabletop 0.1, before random events went through the engine's chance door: the same seed
#: now draws other cards, so their moves no longer fit the game their seed starts.
RECORD_FORMAT = 2


@attrs.frozen
class Record:
    """A finished or unfinished game, as options + seed + moves in notation."""

    game: str
    players: int
    seed: int
    moves: tuple[str, ...] = ()
    options: dict[str, Any] = attrs.field(factory=dict, hash=False)
    version: str = ""

    def to_json(self) -> str:
        return json.dumps(
            {
                "format": RECORD_FORMAT,
                "game": self.game,
                "version": self.version or _library_version(),
                "players": self.players,
                "seed": self.seed,
                "options": self.options,
                "moves": list(self.moves),
            },
            indent=1,
        )

    @classmethod
    def from_json(cls, text: str) -> Record:
        """Read a record; a missing or mistyped field raises :class:`InvalidRecord` naming it."""
        if isinstance(text, str) and not text.strip():
            raise InvalidRecord("the record is empty")
        data = parse_json(text, "the record")
        if not isinstance(data, dict):
            raise InvalidRecord("the record must be a JSON object")
        if "game" not in data and "history" in data:
            raise InvalidRecord(
                "this is a saved state (state.to_json()), not a game record; read it with "
                "tabletop.GAMES[name].from_json"
            )
        _check_format(data)
        fields: dict[str, type | tuple[type, ...]] = {
            "game": str,
            "players": int,
            "seed": int,
            "moves": list,
            "options": dict,
        }
        for name, kind in fields.items():
            if name not in data:
                raise InvalidRecord(f"the record has no field {name!r}")
            if not isinstance(data[name], kind) or isinstance(data[name], bool):
                raise InvalidRecord(f"field {name!r} of the record has the wrong type")
        for i, move in enumerate(data["moves"]):
            if not isinstance(move, str):
                raise InvalidRecord(f"field 'moves'[{i}] of the record is not a string")
        return cls(
            game=data["game"],
            players=data["players"],
            seed=data["seed"],
            moves=tuple(data["moves"]),
            options=dict(data["options"]),
            version=_version_of(data),
        )


def _version_of(data: dict[str, Any]) -> str:
    """The record's ``version`` field: the version of tabletop that wrote it (``""`` if absent)."""
    version = data.get("version", "")
    if not isinstance(version, str):
        raise InvalidRecord(f"field 'version' of the record must be a text, not {quoted(version)}")
    return version[:40]


def _check_format(data: dict[str, Any]) -> None:
    """Refuse a record of another format: its fields, or the games its seeds start, differ."""
    if "format" not in data:
        raise InvalidRecord(f"the record has no field 'format'; this version of tabletop reads format {RECORD_FORMAT}")
    found = data["format"]
    if found == 1:
        raise InvalidRecord(
            f"the record is of format 1, written by tabletop 0.1 before the chance door changed the "
            f"random sequence (the same seed now deals other cards); this version reads format {RECORD_FORMAT}"
        )
    if found != RECORD_FORMAT:
        raise InvalidRecord(
            f"field 'format' of the record is {quoted(found)}; this version of tabletop reads format {RECORD_FORMAT}"
        )


def record_of(game: _Recorded, state: _Played, seed: int, options: dict[str, Any] | None = None) -> Record:
    """The record of ``state``, a game of ``game`` started with ``seed`` and ``options``.

    The options are stored as ``game.options_to_json`` gives them, so that options passed as
    objects (corrected component data) are recorded by value and the record replays alone.
    """
    return Record(
        game=game.name,
        players=state.players,
        seed=seed,
        moves=tuple(str(m) for m in state.history),
        options=game.options_to_json(options or {}),
        version=_library_version(),
    )


def replay(game: _Recorded, record: Record | str) -> Any:
    """Rebuild the state a record describes; a record that does not replay raises
    :class:`InvalidRecord` naming the field (and the version of tabletop that wrote the record,
    when it is not this one).

    A record carries its component data inline: loading one never reads a file it names.
    """
    if isinstance(record, str):
        record = Record.from_json(record)
    elif not isinstance(record, Record):
        raise InvalidArgument(
            f"record must be a Record or its JSON text (Record.to_json()), not {type(record).__name__}"
        )
    if record.game.lower() != game.name:
        raise InvalidRecord(f"field 'game' is {quoted(record.game)}, but this is {game.name!r}")
    components = record.options.get("components")
    if components is not None and not isinstance(components, Mapping):
        raise InvalidRecord(
            "field 'options.components': option 'components' takes, in a record, the component data "
            f"itself (file name -> tables; null for the standard components), not {quoted(components)}: "
            "loading a record never reads files it names"
        )
    try:
        state = game.new_game(record.players, seed=record.seed, **record.options)
    except InvalidData as err:
        raise _failed(record, f"field 'options' holds component data that does not load: {err}") from None
    except (TypeError, ValueError) as err:
        raise _failed(record, f"fields 'players'/'options' do not start a game: {clipped(str(err))}") from None
    for i, text in enumerate(record.moves):
        try:
            state = state.apply(game.parse_move(state, text))
        except IllegalMove as err:
            raise _failed(record, f"field 'moves'[{i}] = {quoted(text)} cannot be played: {clipped(str(err))}") from None
    return state


def _failed(record: Record, message: str) -> InvalidRecord:
    """The error of a record that does not replay, naming the version that wrote it when it is
    another one (a record of another version that replays is read without a word)."""
    ours = _library_version()
    if record.version and record.version != ours:
        message += f" (the record was written by tabletop {record.version}; this is tabletop {ours})"
    return InvalidRecord(message)


def _library_version() -> str:
    from tabletop.kernel.version import VERSION

    return VERSION
