"""The data-file reader and the ``components`` option every game with data files shares."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs
import pytest

from tabletop.kernel.api import InvalidData, InvalidRecord
from tabletop.kernel.datafile import ComponentsOption, read_toml


@attrs.frozen
class Cards:
    """A one-file toy component set: ``cards.toml`` with a list of card values."""

    values: tuple[int, ...]

    def as_data(self) -> dict[str, Any]:
        return {"cards": {"card": [{"value": v} for v in self.values]}}


def cards_from_data(data: Mapping[str, Any]) -> Cards:
    try:
        rows = data["cards"]["card"]
    except (KeyError, TypeError):
        raise InvalidData("cards.toml: table 'card' missing") from None
    values = []
    for i, row in enumerate(rows):
        if not isinstance(row.get("value"), int):
            raise InvalidData(f"cards.toml: card {i + 1}: field 'value' must be an integer")
        values.append(row["value"])
    return Cards(tuple(values))


def load_cards(folder: Path) -> Cards:
    return cards_from_data({"cards": read_toml(folder, "cards.toml")})


STANDARD = Cards((1, 2, 3))
OPTION = ComponentsOption("Toy", Cards, STANDARD, load_cards, cards_from_data)


def test_read_toml_names_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InvalidData, match="cards.toml: no such data file"):
        read_toml(tmp_path, "cards.toml")


def test_read_toml_names_a_file_that_is_not_toml(tmp_path: Path) -> None:
    (tmp_path / "cards.toml").write_text("[card\nvalue = ")
    with pytest.raises(InvalidData, match="cards.toml: not valid TOML"):
        read_toml(tmp_path, "cards.toml")


def test_none_and_an_equal_copy_of_the_standard_resolve_to_the_standard() -> None:
    assert OPTION.resolve(None) is STANDARD
    assert OPTION.resolve(Cards((1, 2, 3))) is STANDARD
    assert OPTION.resolve(STANDARD.as_data()) is STANDARD


def test_components_given_as_object_folder_or_data_resolve_alike(tmp_path: Path) -> None:
    custom = Cards((4, 5))
    (tmp_path / "cards.toml").write_text("[[card]]\nvalue = 4\n[[card]]\nvalue = 5\n")
    assert OPTION.resolve(custom) == custom
    assert OPTION.resolve(tmp_path) == custom
    assert OPTION.resolve(str(tmp_path)) == custom
    assert OPTION.resolve(custom.as_data()) == custom


def test_a_path_that_is_not_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="is not a folder of data files"):
        OPTION.resolve(tmp_path / "nowhere")


def test_a_value_of_another_type_is_refused_naming_the_type() -> None:
    with pytest.raises(ValueError, match="not a value of type int"):
        OPTION.resolve(7)  # type: ignore[arg-type]


def test_defective_data_names_the_field() -> None:
    with pytest.raises(InvalidData, match="card 2: field 'value'"):
        OPTION.resolve({"cards": {"card": [{"value": 1}, {"value": "x"}]}})


def test_records_store_none_for_the_standard_and_the_data_otherwise() -> None:
    assert OPTION.data(STANDARD) is None
    assert OPTION.data(Cards((9,))) == {"cards": {"card": [{"value": 9}]}}
    assert OPTION.options_to_json({"components": None, "x": 1}) == {"components": None, "x": 1}
    plain = OPTION.options_to_json({"components": Cards((9,))})
    assert plain == {"components": Cards((9,)).as_data()}
    assert OPTION.options_to_json(plain) == plain, "applied to its own result it changes nothing"
    assert OPTION.options_to_json({"x": 1}) == {"x": 1}


def test_a_saved_state_gives_its_components_back() -> None:
    saved: dict[str, Any] = {"components": Cards((9,)).as_data(), "other": 1}
    assert OPTION.pop_saved(saved, Cards) == Cards((9,))
    assert saved == {"other": 1}, "the field is taken out for the state's own structuring"
    assert OPTION.pop_saved({"components": None}, Cards) is STANDARD


def test_a_saved_state_without_components_is_refused() -> None:
    with pytest.raises(InvalidRecord, match="required field missing @ state.components"):
        OPTION.pop_saved({}, Cards)


def test_a_saved_state_with_corrupt_components_names_the_field() -> None:
    with pytest.raises(InvalidRecord, match="field 'components' must be null"):
        OPTION.pop_saved({"components": [1, 2]}, Cards)
    with pytest.raises(InvalidRecord, match="field 'components': cards.toml: card 1"):
        OPTION.pop_saved({"components": {"cards": {"card": [{"value": None}]}}}, Cards)


def test_table_reader_names_file_table_and_field() -> None:
    from tabletop.kernel.datafile import TableReader

    files = {"cards.toml": {"cards": {"source": "rulebook p. 3", "status": "certain", "rows": [{"n": 1}, 2]}}}
    reader = TableReader.of(files, "cards.toml")
    assert reader.table("cards")["status"] == "certain"
    with pytest.raises(InvalidData, match=r"cards.toml: table \[cards\], field 'rows\[1\]': must be a table"):
        reader.rows("cards", "rows")
    with pytest.raises(InvalidData, match=r"field 'n': must be of type str"):
        reader.value("cards", {"n": 1}, "n", str)
    with pytest.raises(InvalidData, match=r"field 'n': must be of type int, not True"):
        reader.value("cards", {"n": True}, "n", int)
    with pytest.raises(InvalidData, match="boats.toml: the data file is missing"):
        TableReader.of(files, "boats.toml")
    files["cards.toml"]["cards"]["status"] = "guessed"
    with pytest.raises(InvalidData, match="field 'status': must be one of certain, inferred, provisional"):
        reader.table("cards")


def test_frozen_data_has_read_only_tables_and_tuples_all_the_way_down() -> None:
    from types import MappingProxyType

    from tabletop.kernel.datafile import frozen

    data = frozen({"tiles": [{"id": "a", "sides": [1, 2]}], "count": 3})
    assert isinstance(data, MappingProxyType) and data["count"] == 3
    assert isinstance(data["tiles"], tuple) and isinstance(data["tiles"][0], MappingProxyType)
    assert data["tiles"][0]["sides"] == (1, 2)
    with pytest.raises(TypeError):
        data["tiles"][0]["id"] = "b"  # type: ignore[index]
