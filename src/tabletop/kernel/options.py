"""Declared options: each game states its options once, and everything else reads them from here.

A game declares an :class:`Options` value: its player range and one :class:`Option` per rule
choice (name, kind, default, allowed values, one line of help). Validation at ``new_game``, the
command line's ``--option NAME=VALUE``, ``tabletop options``, game records and the docs all come
from that declaration; nothing else checks options or player counts.

>>> opts = Options("demo", players=(2, 4), options=(Option("weather", bool, True, "roll the die"),))
>>> opts.resolve(3, {"weather": False})["weather"]
False
>>> opts.parse("weather", "no")
False
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any, cast

import attrs

from tabletop.kernel.errors import InvalidRecord, clipped, quoted
from tabletop.kernel.jsontext import parse_json

#: The kinds an option may take; anything else is given with ``parse``/``check`` hooks.
_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


class UnknownOption(TypeError, ValueError):
    """An option the game does not declare (a ``TypeError``, like an unknown keyword argument,
    and a ``ValueError``, like every other bad option)."""


def _plain(value: Any) -> Any:
    return value


@attrs.frozen
class Option:
    """One declared option of a game.

    Attributes:
        name: the keyword of ``new_game`` (``--option name=value`` on the command line).
        kind: ``bool``, ``int``, ``str`` or ``object`` (for values checked by ``check``).
        default: the value when the option is not given.
        help: one line saying what it does.
        choices: the allowed values of a text option (``()``: any value of the kind).
        minimum / maximum: the range of a whole-number option (``None``: unbounded).
        check: for ``kind=object``: ``check(value) -> value`` returns the value to use or
            raises ``ValueError`` saying why (e.g. corrected component data read from a path).
        to_json: the value as plain JSON that ``check`` accepts and that starts the same game
            (for game records); the identity by default.
        players: the player counts the option applies to, ``(low, high)`` (``None``: every
            count the game is played by); giving it for another count is refused (Loyang's
            solo ``goal`` in a 2-player game).
    """

    name: str
    kind: type
    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    check: Callable[[Any], Any] | None = attrs.field(default=None, eq=False)
    to_json: Callable[[Any], Any] = attrs.field(default=_plain, eq=False)
    players: tuple[int, int] | None = None

    def applies_to(self, players: int) -> bool:
        """Whether the option applies to a game of ``players``."""
        return self.players is None or self.players[0] <= players <= self.players[1]

    def validate(self, value: Any, game: str) -> Any:
        """The value to use for ``value``; raises ``ValueError`` naming the game and option."""
        where = f"{game} option {self.name!r}"
        shown = quoted(value)
        if self.kind is object:
            if self.check is None:
                return value
            try:
                return self.check(value)
            except RecursionError:
                raise ValueError(f"{where}: the value nests too deeply") from None
            except (TypeError, ValueError) as err:
                raise ValueError(f"{where}: {clipped(str(err))}") from None
        # ``True`` is an int and ``1`` would pass for true: demand the exact kind, so a typo never
        # silently turns into a rule choice.
        if type(value) is not self.kind:
            raise ValueError(f"{where} takes {self.describe()}, not {shown}")
        if self.choices and value not in self.choices:
            raise ValueError(f"{where} takes {self.describe()}, not {shown}")
        number: int = cast(int, value) if self.kind is int else 0
        if self.minimum is not None and number < self.minimum:
            raise ValueError(f"{where} takes {self.describe()}, not {shown}")
        if self.maximum is not None and number > self.maximum:
            raise ValueError(f"{where} takes {self.describe()}, not {shown}")
        return value

    def describe(self) -> str:
        """The values the option takes, in words (``"True or False"``, ``"one of 'a', 'b'"``...)."""
        if self.kind is bool:
            return "True or False"
        if self.choices:
            return "one of " + ", ".join(repr(c) for c in self.choices)
        if self.kind is int:
            low = "any whole number" if self.minimum is None else f"a whole number >= {self.minimum}"
            return low if self.maximum is None else f"{low} and <= {self.maximum}"
        if self.kind is str:
            return "a text"
        return "a value (see its help)"

    def parse(self, text: str) -> Any:
        """The value written ``text`` on the command line, of the option's kind (not yet
        validated). An option of kind ``object`` reads ``text`` as JSON when it parses (``2``,
        ``null``, ``{...}``), ``None`` as ``None`` (as Python writes it), and as the text itself
        otherwise (a folder's path); an empty value, or JSON that opens an array or object but
        does not parse (or nests too deeply), raises ``ValueError``."""
        if self.kind is bool:
            word = text.strip().lower()
            if word in _TRUE:
                return True
            if word in _FALSE:
                return False
            raise ValueError(f"option {self.name!r} takes true or false, not {quoted(text)}")
        if self.kind is int:
            try:
                return int(text)
            except ValueError:
                raise ValueError(f"option {self.name!r} takes a whole number, not {quoted(text)}") from None
        if self.kind is object:
            if not text.strip():
                raise ValueError(f"option {self.name!r} needs a value after '=' ({self.help})")
            if text.strip() in ("None", "none"):
                return None  # as typed in Python; JSON spells it null
            try:
                return parse_json(text, f"the value of option {self.name!r}")
            except InvalidRecord as err:
                if text.lstrip()[:1] in ("[", "{"):
                    raise ValueError(str(err)) from None
                return text
        return text


@attrs.frozen
class Options:
    """The declared options of one game and its player range.

    Attributes:
        game: the game's registry name, used in messages.
        players: the smallest and largest player counts.
        options: the options, in the order ``tabletop options`` lists them.
    """

    game: str
    players: tuple[int, int]
    options: tuple[Option, ...]
    _by_name: Mapping[str, Option] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        names = [o.name for o in self.options]
        if len(set(names)) != len(names):
            raise ValueError(f"{self.game} declares an option twice: {names}")
        object.__setattr__(self, "_by_name", MappingProxyType({o.name: o for o in self.options}))

    def __getitem__(self, name: str) -> Option:
        try:
            return self._by_name[name]
        except KeyError:
            raise UnknownOption(self.unknown(name)) from None

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def __iter__(self) -> Any:
        return iter(self.options)

    @property
    def defaults(self) -> Mapping[str, Any]:
        """Every option's default value, read-only."""
        return MappingProxyType({o.name: o.default for o in self.options})

    @property
    def help(self) -> Mapping[str, str]:
        """One line of help per option, read-only."""
        return MappingProxyType({o.name: o.help for o in self.options})

    def unknown(self, name: str) -> str:
        known = ", ".join(self._by_name) or "none"
        return f"{self.game} has no option {quoted(name)} (its options: {known}){did_you_mean(name, self._by_name)}"

    def check_players(self, players: Any) -> int:
        """``players`` if the game is played by that many; ``ValueError`` otherwise."""
        low, high = self.players
        if type(players) is not int or not low <= players <= high:
            raise ValueError(f"{self.game} is played by {low}-{high} players, not {quoted(players)}")
        return players

    def resolve(self, players: Any, given: Mapping[str, Any]) -> dict[str, Any]:
        """Every option's value for a new game of ``players``: the given ones checked, the others
        at their defaults. Raises ``ValueError`` naming the first bad player count or option."""
        self.check_players(players)
        for name in given:
            if name not in self._by_name:
                raise UnknownOption(self.unknown(name))
            option = self._by_name[name]
            if not option.applies_to(players):
                raise ValueError(
                    f"{self.game} option {name!r} applies to games of {_counts(option.players)} only, not {players}"
                )
        return {o.name: o.validate(given[o.name], self.game) if o.name in given else o.default for o in self.options}

    def parse(self, name: str, text: str) -> Any:
        """The value ``text`` of option ``name`` as written on the command line, checked."""
        option = self[name]
        return option.validate(option.parse(text), self.game)

    def to_json(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """The options that differ from their defaults, as plain JSON values (for records)."""
        out: dict[str, Any] = {}
        for name, value in values.items():
            option = self[name]
            plain = option.to_json(value)
            if plain != option.to_json(option.default):
                out[name] = plain
        return out

    def lines(self) -> list[str]:
        """Two lines per option, as ``tabletop options`` prints them: the name, the default and
        the values it takes (:meth:`Option.describe`), then its help, indented."""
        if not self.options:
            return ["(no options)"]
        width = max(len(o.name) for o in self.options)
        out = []
        for o in self.options:
            default = _shown(o.default)
            out.append(f"{o.name:<{width}}  default {default:<14} takes {o.describe()}")
            out.append(f"{'':<{width}}  {o.help}{_for_counts(o.players)}")
        return out


def _counts(players: tuple[int, int] | None) -> str:
    low, high = players or (0, 0)
    return f"{low} player{'s' if low > 1 else ''}" if low == high else f"{low}-{high} players"


def _for_counts(players: tuple[int, int] | None) -> str:
    """What ``tabletop options`` adds to the help of an option for some player counts only."""
    return "" if players is None else f" (games of {_counts(players)} only)"


def did_you_mean(name: object, known: Iterable[str]) -> str:
    """``"; did you mean 'x'?"`` for the known names close to ``name`` (``""`` when none is)."""
    if not isinstance(name, str) or len(name) > 100:
        return ""
    close = difflib.get_close_matches(name.lower(), list(known), n=2, cutoff=0.6)
    if not close:
        return ""
    return f"; did you mean {' or '.join(repr(c) for c in close)}?"


def _shown(value: Any) -> str:
    """A default as typed on the command line (``true``, ``12``, ``sampled``)."""
    if value is None or isinstance(value, bool):
        return str(value).lower()
    return str(value) if isinstance(value, int | str) else "(standard)"
