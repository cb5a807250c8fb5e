"""Reading component data files: TOML tables whose defects are reported by file and field.

Also the ``components`` option every game with data files offers (:class:`ComponentsOption`):
corrected components given to ``new_game`` as an object, a folder or their data, written to game
records and saved states as their data, and read back through the same checks as the files.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, Generic, Protocol, TypeVar

import attrs

from tabletop.kernel.errors import InvalidData, InvalidRecord, quoted
from tabletop.kernel.options import Option

R = TypeVar("R", bound="TableReader")


#: What a data table's ``status`` says of its values: from the rulebook or a card scan, worked
#: out from other facts, or chosen where the public record is silent.
STATUSES = ("certain", "inferred", "provisional")


class TableReader:
    """The tables of one parsed data file; every refusal names the file, table and field.

    Games subclass it with the readers of their own kinds of field.
    """

    def __init__(self, filename: str, data: Mapping[str, Any]) -> None:
        self.filename = filename
        self.data = data

    @classmethod
    def of(cls: type[R], files: Mapping[str, Any], name: str) -> R:
        """The reader of data file ``name`` among ``files`` (file name -> its tables)."""
        tables = files.get(name)
        if not isinstance(tables, Mapping):
            raise InvalidData(f"{name}: the data file is missing")
        return cls(name, tables)

    def fail(self, table: str, field: str, why: str) -> InvalidData:
        return InvalidData(f"{self.filename}: table [{table}], field {field!r}: {why}")

    def table(self, name: str) -> Mapping[str, Any]:
        """Table ``name``, which must say where its data comes from and how sure it is."""
        table = self.data.get(name)
        if not isinstance(table, Mapping):
            raise InvalidData(f"{self.filename}: table [{name}] is missing")
        source = table.get("source")
        if not isinstance(source, str) or not source.strip():
            raise self.fail(name, "source", "every table must say where its data comes from")
        if table.get("status") not in STATUSES:
            raise self.fail(name, "status", f"must be one of {', '.join(STATUSES)}")
        return table

    def value(self, table: str, row: Mapping[str, Any], field: str, kind: type) -> Any:
        """``row[field]``, of type ``kind`` (a ``bool`` is not an ``int``)."""
        if field not in row:
            raise self.fail(table, field, "is missing")
        value: Any = row[field]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.fail(table, field, f"must be of type {kind.__name__}, not {value!r}")
        return value

    def rows(self, table: str, field: str) -> list[Mapping[str, Any]]:
        """The list of tables ``field`` of table ``table``."""
        rows: list[Any] = self.value(table, self.table(table), field, list)
        for i, row in enumerate(rows):
            if not isinstance(row, Mapping):
                raise self.fail(table, f"{field}[{i}]", "must be a table")
        return rows


def read_toml(directory: Path, name: str) -> dict[str, Any]:
    """The tables of ``directory / name``; a missing or malformed file raises :class:`InvalidData`."""
    path = directory / name
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise InvalidData(f"{name}: no such data file in {directory}") from None
    except tomllib.TOMLDecodeError as err:
        raise InvalidData(f"{name}: not valid TOML: {err}") from None


def frozen(value: Any) -> Any:
    """``value`` (parsed data) with every table a read-only mapping and every array a tuple: the
    data a component box keeps, which nothing may change."""
    if isinstance(value, Mapping):
        return MappingProxyType({key: frozen(item) for key, item in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(frozen(item) for item in value)
    return value


class HasData(Protocol):
    """Components that can be written as their data files (file name -> tables)."""

    def as_data(self) -> dict[str, Any]:
        """The data files as plain JSON values; ``ValueError`` when they cannot be written."""
        ...


C = TypeVar("C", bound=HasData)


@attrs.frozen
class ComponentsOption(Generic[C]):
    """A game's ``components`` option and its JSON form in game records and saved states.

    Attributes:
        game: the game's name in error messages (``"Takenoko"``).
        kind: the game's components class.
        standard: the components of the published game.
        load: reads and checks the data files in a folder.
        from_data: checks and builds components from the parsed data files (file name -> tables).
    """

    game: str
    kind: type[C]
    standard: C
    load: Callable[[Path], C]
    from_data: Callable[[Mapping[str, Any]], C]

    def resolve(self, value: C | str | Path | Mapping[str, Any] | None) -> C:
        """The components named by ``new_game``'s ``components`` option.

        ``value`` is a components object, the folder of corrected data files, their data as
        ``as_data()`` gives it (what a game record stores), or ``None`` for the standard
        components. Defective data raises :class:`InvalidData` naming the file, table and
        field; any other value raises ``ValueError``.
        """
        if value is None:
            return self.standard
        if isinstance(value, self.kind):
            components = value
        elif isinstance(value, (str, Path)):
            if not Path(value).is_dir():
                raise ValueError(f"{quoted(str(value))} is not a folder of data files")
            components = self.load(Path(value))
        elif isinstance(value, Mapping):
            components = self.from_data(value)
        else:
            raise ValueError(
                "option 'components' takes a Components object, the folder of the data files, "
                f"their data (a dict of file name -> tables) or None, not a value of type {type(value).__name__}"
            )
        # Standard data given explicitly is the standard: saved states then leave it out.
        return self.standard if components == self.standard else components

    def data(self, components: C) -> dict[str, Any] | None:
        """What records and saved states store of ``components``: ``None`` for the standard
        ones (so that they stay small), else their data; ``ValueError`` when it cannot be written."""
        # The identity test first: comparing every card costs more than most states' other fields.
        if components is self.standard or components == self.standard:
            return None
        return components.as_data()

    def option(self, help: str) -> Option:
        """The declared ``components`` option (see :mod:`tabletop.kernel.options`)."""
        return Option("components", object, None, help, check=self.resolve, to_json=self.data_of)

    def data_of(self, value: C | str | Path | Mapping[str, Any] | None) -> dict[str, Any] | None:
        """What a game record stores of the ``components`` option ``value``."""
        return self.data(self.resolve(value))

    def options_to_json(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """``new_game``'s options as plain JSON values for a game record: ``components`` is
        recorded by its data (``None`` for the standard components, loaded now when given as a
        folder), so the record replays without the folder or object it came from."""
        plain = dict(options)
        if "components" in plain:
            plain["components"] = self.data(self.resolve(plain["components"]))
        return plain

    def pop_saved(self, state: dict[str, Any], cls: type) -> C:
        """Take the ``components`` field out of the JSON object of a saved ``cls`` and read it
        as :meth:`data` wrote it; a missing or defective field raises :class:`InvalidRecord`."""
        if "components" not in state:
            raise InvalidRecord(f"invalid {cls.__name__}: required field missing @ state.components")
        saved = state.pop("components")
        if saved is not None and not isinstance(saved, Mapping):
            raise InvalidRecord("field 'components' must be null or the component data files")
        try:
            return self.resolve(saved)
        except InvalidData as err:
            raise InvalidRecord(f"field 'components': {err}") from None
