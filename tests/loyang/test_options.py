"""Options: the introductory version, the solo goal, corrected component data."""

from __future__ import annotations

import json
import random
import shutil

import attrs
import pytest

from tabletop.kernel.api import InvalidData, InvalidRecord
from tabletop.kernel.record import Record, record_of
from tabletop.loyang import GAME, STANDARD, invariants, load_components, new_game
from tabletop.loyang.components import DATA_DIR, FIELD, HELPER, REGULAR, components_from_data

from .helpers import game, in_hand, legal, play


def test_introductory_version_deals_each_player_a_blue_dot_regular_customer():
    state = game(2, seed=5, introductory=True)
    starts = {c.index for c in STANDARD.cards if c.start}
    intros = [p.intro for p in state.seats]
    assert all(i in starts for i in intros) and len(set(intros)) == 2
    assert len(state.deck) == 70 - 2, "the unused start cards go back into the deck"
    assert invariants(state) == []


def test_introductory_customer_may_replace_the_hand_card_when_taking():
    state = game(2, seed=5, introductory=True)
    state = play(state, "home wheat", "home pumpkin", "flip")
    intro = state.seats[0].intro
    code = STANDARD.code(intro)
    takes = [m for m in legal(state) if m.startswith("take") and m.endswith(code)]
    assert takes
    hand = state.seats[0].hand
    state = play(state, takes[0])
    assert state.seats[0].intro == -1 and intro in [r.card for r in state.seats[0].regulars]
    assert set(hand) <= set(state.courtyard), "the whole hand goes to the courtyard"


def test_solo_goal_option_is_checked():
    assert new_game(1, seed=1, goal=19).goal == 19
    with pytest.raises(ValueError):
        new_game(1, seed=1, goal=20)
    with pytest.raises(ValueError):
        new_game(5)


def test_components_match_the_rulebook_counts():
    kinds = [c.kind for c in STANDARD.cards]
    assert len(kinds) == 70
    assert kinds.count(FIELD) == 6 and kinds.count(REGULAR) == 14 and kinds.count(HELPER) == 22
    assert sum(v.tokens for v in STANDARD.vegetables) == 231
    assert [(v.buy, v.sell) for v in STANDARD.vegetables] == [(3, 1), (4, 1), (5, 1), (5, 1), (6, 2), (6, 2)]
    assert len({c.helper for c in STANDARD.cards if c.kind == HELPER}) == 20
    assert sum(c.lantern for c in STANDARD.cards) == 9


def test_every_table_has_a_source_and_a_status():
    import tomllib

    for path in DATA_DIR.glob("*.toml"):
        data = tomllib.loads(path.read_text())
        for name, table in data.items():
            assert table["status"] in ("certain", "inferred", "provisional"), (path.name, name)
            assert table["source"], (path.name, name)


def copy_data(tmp_path):
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def test_loading_rejects_a_wrong_count_naming_the_table(tmp_path):
    data = copy_data(tmp_path)
    text = (data / "stalls.toml").read_text()
    (data / "stalls.toml").write_text(text.replace('  { code = "S14"', '  # { code = "S14"'))
    with pytest.raises(InvalidData, match="14 market stalls"):
        load_components(data)


def test_loading_rejects_a_bad_field_naming_it(tmp_path):
    data = copy_data(tmp_path)
    text = (data / "customers.toml").read_text()
    (data / "customers.toml").write_text(text.replace('wants = ["bean", "leek"]', 'wants = ["bean", "rice"]'))
    with pytest.raises(InvalidData, match=r"customers.toml \[regular_certain\].*'wants'"):
        load_components(data)


def test_corrected_components_are_used_and_survive_json(tmp_path):
    data = copy_data(tmp_path)
    text = (data / "customers.toml").read_text()
    text = text.replace("pays = [4, 5, 5, 6], start = true }", "pays = [4, 5, 6, 6], start = true }", 1)
    (data / "customers.toml").write_text(text)
    comps = load_components(data)
    state = new_game(2, seed=1, components=comps)
    assert state.components.cards[20].pays == (4, 5, 6, 6)
    from tabletop.loyang import GAME

    again = GAME.from_json(state.to_json())
    assert again == state and again.components == comps


def test_intro_card_cannot_go_to_the_courtyard():
    state = game(2, seed=5, introductory=True)
    state = play(state, "home wheat", "home pumpkin")
    state = in_hand(state, 0)
    assert not any(m == f"place {STANDARD.code(state.seats[0].intro)}" for m in legal(state))


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        # a missing field
        ("customers.toml", ', price = 12 }', ' }', r"customers.toml \[casual_chosen\] customers\[11\] field 'price'"),
        # a field of the wrong type
        ("board.toml", "cash = 10", 'cash = "ten"', r"board.toml \[player\] field 'cash' must be a int"),
        ("stalls.toml", '["leek", 2]]', '["leek", "two"]]', r"stalls.toml \[certain\] stalls\[0\] field 'slots'"),
        ("helpers.toml", "phases = [2] }", 'phases = ["card"] }', r"helpers.toml \[names\] helpers\[15\] field 'phases'"),
        ("board.toml", "master = 19", 'master = "19"', r"board.toml \[rounds\] field 'solo_goals'"),
        # wrong counts
        ("board.toml", "tokens = 48", "tokens = 47", r"\[vegetables\] field 'tokens'"),
        ("board.toml", "solo_rows = [0, 1, 2, 2]", "solo_rows = [0, 1, 2]", r"\[rounds\] field 'solo_rows'"),
        ("board.toml", "values = [1, 2,", "values = [2,", r"\[path\] field 'values'"),
        ("fields.toml", '{ code = "F5a", spaces = 5', '{ code = "F5a", spaces = 4', r"\[common\] field 'fields'"),
        ("helpers.toml", '"Trader3"]', '"Trader3", "Maid"]', r"\[lanterns\] field 'codes'"),
        ("helpers.toml", '"Trader3"]', '"Trader4"]', r"\[lanterns\] field 'codes'"),
        ("customers.toml", "start = true", "start = false", "4 regular customers are start cards"),
        # a table without its source
        ("stalls.toml", 'source = "loyang.md §5/§11', 'origin = "loyang.md §5/§11', r"table \[chosen\] has no 'source'"),
    ],
)
def test_loading_rejects_corrupt_data_naming_table_and_field(tmp_path, file, old, new, message):
    data = copy_data(tmp_path)
    text = (data / file).read_text()
    assert old in text
    (data / file).write_text(text.replace(old, new, 1))
    with pytest.raises(InvalidData, match=message):
        load_components(data)


def test_no_provisional_value_reaches_the_tests():
    # Every card the tests name by code is either certain in the data or given its contents by
    # the tests themselves (helpers.TEST).
    import re
    import tomllib
    from pathlib import Path

    from . import helpers

    certain = set()
    for path in DATA_DIR.glob("*.toml"):
        for table in tomllib.loads(path.read_text()).values():
            if table["status"] == "certain":
                certain |= {row["code"] for key in ("stalls", "customers", "fields") for row in table.get(key, [])}
    own = {*helpers.TEST_STALLS, *helpers.TEST_REGULARS, *helpers.TEST_CASUALS, *helpers.TEST_COMMON_FIELDS}
    named = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        named |= set(re.findall(r"\b([SRC]\d\d|F[345][ab])\b", path.read_text()))
    assert named <= certain | own, sorted(named - certain - own)


# --- checking the options -----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["introductory", "crier_in_card_phase"])
@pytest.mark.parametrize("value", ["maybe", "yes", 1, 0, None])
def test_a_flag_option_takes_only_true_or_false(name, value):
    with pytest.raises(ValueError, match=rf"option '{name}' takes True or False, not {value!r}"):
        new_game(2, seed=1, **{name: value})
    assert getattr(new_game(2, seed=1, **{name: True}), name) is True


@pytest.mark.parametrize("value", [16, 20, "17", 17.0, True, None])
def test_the_solo_goal_takes_17_18_or_19(value):
    with pytest.raises(ValueError, match=rf"option 'goal' takes one of 17, 18, 19, not {value!r}"):
        new_game(1, seed=1, goal=value)


@pytest.mark.parametrize("value", [3, -1, "0", 0.0, True, False])
def test_start_player_takes_a_seat_or_none(value):
    with pytest.raises(ValueError, match=rf"option 'start_player':? takes a seat from 0 to [23] or None \(random\), not {value!r}"):
        new_game(3, seed=1, start_player=value)
    assert new_game(3, seed=1, start_player=2).start == 2
    assert new_game(3, seed=1, start_player=None).start in range(3)


def test_an_unknown_option_is_a_type_error_listing_the_options():
    with pytest.raises(TypeError, match=r"no option 'introductary' \(its options: introductory, goal, .*components"):
        new_game(2, seed=1, introductary=True)


@pytest.mark.parametrize("value", [7, ["board.toml"], b"data"])
def test_the_components_option_takes_components_a_folder_or_their_data(value):
    with pytest.raises(ValueError, match="option 'components' takes a Components object, the folder"):
        new_game(2, seed=1, components=value)


# --- corrected components in records ------------------------------------------------------------


def _richer_data():
    """The standard data with 12 Cash at the start instead of 10 (a legal correction)."""
    data = STANDARD.as_data()
    data["board.toml"]["player"]["cash"] = 12
    return data


def _random_moves(state, seed, n=30):
    chooser = random.Random(seed)
    for _ in range(n):
        if state.is_over:
            break
        state = state.apply(chooser.choice(state.legal_moves()))
    return state


def test_the_data_of_components_loads_back_to_equal_components():
    from .helpers import TEST

    assert components_from_data(STANDARD.as_data()) == STANDARD
    # Written from the components themselves, so changed ones are written as they are.
    assert components_from_data(TEST.as_data()) == TEST != STANDARD
    json.dumps(TEST.as_data())  # plain JSON values


def test_components_the_data_files_cannot_express_are_not_recorded():
    cards = STANDARD.cards
    shuffled = attrs.evolve(STANDARD, cards=(cards[1], cards[0], *cards[2:]))
    with pytest.raises(ValueError, match="not in the order the loader gives them"):
        shuffled.as_data()
    poor = attrs.evolve(STANDARD, shop_stock=(0, 0, 0, 0, 0, 0))
    with pytest.raises(ValueError, match=r"do not pass the rulebook's checks: .*\[shop\]"):
        poor.as_data()


@pytest.mark.parametrize("given", ["object", "data", "folder"])
def test_a_record_with_corrected_components_replays_bit_for_bit(tmp_path, given):
    if given == "folder":
        option = copy_data(tmp_path)
        (option / "board.toml").write_text((option / "board.toml").read_text().replace("cash = 10", "cash = 12"))
        custom = load_components(option)
    else:
        custom = components_from_data(_richer_data())
        option = custom if given == "object" else custom.as_data()
    options = {"components": option, "introductory": True}
    state = _random_moves(new_game(3, seed=9, **options), seed=9)
    assert state.components == custom != STANDARD and custom.cash == 12 and len(state.history) == 30
    text = record_of(GAME, state, 9, options).to_json()
    if given == "folder":
        shutil.rmtree(option)  # the record needs no folder
    record = Record.from_json(text)
    assert record.options["components"] == custom.as_data()
    again = GAME.replay(record)
    assert again.components == custom and again.to_json() == state.to_json()


def test_a_record_of_the_tests_own_cards_replays_bit_for_bit():
    from .helpers import TEST

    state = _random_moves(new_game(2, seed=2, components=TEST), seed=2)
    again = GAME.replay(record_of(GAME, state, 2, {"components": TEST}).to_json())
    assert again.components == TEST and again.to_json() == state.to_json()


def test_a_record_of_standard_components_stores_none():
    state = _random_moves(new_game(2, seed=3, components=STANDARD), seed=3, n=5)
    record = record_of(GAME, state, 3, {"components": STANDARD})
    assert record.options.get("components") is None
    assert GAME.replay(record.to_json()).to_json() == state.to_json()


def test_a_record_with_corrupt_components_names_the_field():
    custom = components_from_data(_richer_data())
    state = _random_moves(new_game(2, seed=5, components=custom), seed=5, n=10)
    data = json.loads(record_of(GAME, state, 5, {"components": custom}).to_json())
    player = data["options"]["components"]["board.toml"]["player"]
    player["cash"] = "twelve"
    with pytest.raises(InvalidRecord, match=r"'options'.*board.toml \[player\] field 'cash' must be a int"):
        GAME.replay(json.dumps(data))
    player["cash"] = 12
    del data["options"]["components"]["helpers.toml"]
    with pytest.raises(InvalidRecord, match="helpers.toml: the data file is missing"):
        GAME.replay(json.dumps(data))
    data["options"]["components"] = ["board.toml"]
    with pytest.raises(InvalidRecord, match="option 'components' takes"):
        GAME.replay(json.dumps(data))


def test_a_saved_state_with_corrupt_components_names_the_field():
    custom = components_from_data(_richer_data())
    state = new_game(2, seed=5, components=custom)
    data = json.loads(state.to_json())
    assert data["components"] == custom.as_data(), "saved states store the data files"
    data["components"]["board.toml"]["player"]["cash"] = "twelve"
    with pytest.raises(InvalidRecord, match=r"field 'components': board.toml \[player\] field 'cash'"):
        GAME.from_json(json.dumps(data))
    del data["components"]
    with pytest.raises(InvalidRecord, match="required field missing @ state.components"):
        GAME.from_json(json.dumps(data))
    data["components"] = "standard"
    with pytest.raises(InvalidRecord, match="field 'components' must be null"):
        GAME.from_json(json.dumps(data))
