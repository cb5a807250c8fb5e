"""Corrected component data: the ``components`` option takes a folder of data files, their data
or a components object; the game is played with it, and saved states, views and records carry it."""

import json
import random

import pytest

from tabletop.kernel.api import InvalidData
from tabletop.kernel.record import record_of
from tabletop.kernel.rng import Rng
from tabletop.windmill_valley import GAME, new_game, position
from tabletop.windmill_valley.components import COMPONENTS, DATA_DIR as STANDARD_DIR, DATA_FILES, STANDARD, load_components
from tabletop.windmill_valley.invariants import invariants
from tabletop.windmill_valley.moves import MarketReward
from tabletop.windmill_valley.state import MarketChoice

from .helpers import asking


def _corrected():
    """The standard data with a changed provisional value: area 0's last Market reward (2
    Guilder in the standard data) gives 3 Guilder."""
    data = json.loads(STANDARD.data_json)
    data["board.toml"]["market_rewards"]["areas"][0]["rewards"][3] = {"guilders": 3}
    return data


def test_a_game_with_corrected_data_plays_with_the_corrected_value():
    corrected = COMPONENTS.resolve(_corrected())
    assert corrected != STANDARD and STANDARD.market[0].rewards[3].guilders == 2
    state = position(2, options={"components": corrected}, farms={0: {"guilders": 0}})
    assert state.components is corrected
    after = asking(state, MarketChoice(0, 0, 1)).apply(MarketReward(0, 3))
    assert after.farmers[0].guilders == 3
    standard = asking(position(2, farms={0: {"guilders": 0}}), MarketChoice(0, 0, 1)).apply(MarketReward(0, 3))
    assert standard.farmers[0].guilders == 2


def test_corrected_data_from_a_folder_is_read_by_the_loader(tmp_path):
    for name in DATA_FILES:
        (tmp_path / name).write_text((STANDARD_DIR / name).read_text())
    board = tmp_path / "board.toml"
    board.write_text(board.read_text().replace("{ guilders = 2 }] }", "{ guilders = 3 }] }", 1))
    state = new_game(2, seed=3, components=str(tmp_path))
    assert state.components == COMPONENTS.resolve(_corrected()) == load_components(tmp_path)


def test_a_bad_folder_is_refused_naming_the_table_and_field(tmp_path):
    for name in DATA_FILES:
        (tmp_path / name).write_text((STANDARD_DIR / name).read_text())
    board = tmp_path / "board.toml"
    board.write_text(board.read_text().replace("x_tiles = 15", "x_tiles = 14", 1))
    where = r"board.toml: table \[box\], field 'x_tiles'"
    with pytest.raises(InvalidData, match=where):
        load_components(tmp_path)
    with pytest.raises(ValueError, match=f"option 'components': {where}"):  # the option names it too
        new_game(2, seed=3, components=str(tmp_path))


def test_a_game_with_corrected_data_keeps_it_in_saves_views_and_determinizations():
    corrected = COMPONENTS.resolve(_corrected())
    chooser = random.Random(5)
    state = new_game(2, seed=5, components=corrected)
    for _ in range(200):
        if not state.stack:
            break
        state = state.apply(chooser.choice(state.legal_moves()))
        assert not invariants(state)
    assert json.loads(state.to_json())["components"] == COMPONENTS.data(corrected)
    loaded = GAME.from_json(state.to_json())
    assert loaded == state and loaded.components == corrected
    view = state.view(0)
    assert view.components is corrected
    assert GAME.determinize(view, Rng.from_seed(1)).components is corrected


def test_a_record_of_a_game_with_corrected_data_replays():
    options = {"components": _corrected()}
    chooser = random.Random(2)
    state = new_game(2, seed=2, **options)
    for _ in range(60):
        state = state.apply(chooser.choice(state.legal_moves()))
    record = record_of(GAME, state, 2, options)
    assert record.options["components"] == COMPONENTS.data(state.components)
    replayed = GAME.replay(record.to_json())
    assert replayed.components == state.components and replayed.to_json() == state.to_json()


def test_the_standard_data_given_explicitly_is_the_standard_and_not_saved():
    state = new_game(2, seed=1, components=STANDARD.as_data())
    assert state.components is STANDARD and json.loads(state.to_json())["components"] is None
