"""Setup per player count (base rulebook, Set up; The Farmers, Set up and variants), saved
states and views."""

import json

import attrs
import pytest

from tabletop.keyflower_farmers.options import OPTIONS
from tabletop.keyflower_farmers.setup import from_json, setup
from tabletop.keyflower_farmers.state import DealHome, Turn, Workers
from tabletop.kernel.api import InvalidRecord
from tabletop.kernel.rng import Rng

from .helpers import play


def new(players, seed=1, **options):
    return setup(players, Rng.from_seed(seed), OPTIONS.resolve(players, options))


def workers_everywhere(state):
    behind = sum(screen.total for screen in state.screens)
    on_boats = sum(c.workers.total for c in state.boats)
    in_bids = sum(b.count for _, lot in state.lots for b in lot.bids)
    on_tiles = sum(t.workers.total for t in state.tiles)
    return behind + on_boats + in_bids + on_tiles + len(state.bag) + state.green


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_per_player_count(players):
    state = new(players)
    components = state.components
    assert sorted(state.homes) == sorted(set(state.homes)) and all(1 <= h <= 6 for h in state.homes)
    assert all(screen.total == 8 for screen in state.screens)
    assert all(screen.named("green") == 0 for screen in state.screens)
    assert len(state.boats) == players
    for cargo in state.boats:
        boat = next(b for b in components.boats if b.code == cargo.boat)
        assert (cargo.workers.total, cargo.skills.total) == (boat.side_a.workers, boat.side_a.skills)
    season_tiles = [tile_id for tile_id, _ in state.lots if not tile_id.startswith("order")]
    assert len(season_tiles) == (6, 7, 8, 9, 10)[players - 2]
    assert all(components.tile(code).season == "spring" for code in season_tiles)
    assert len([t for t, _ in state.lots if t.startswith("order")]) == (1, 2, 3, 4, 4)[players - 2]
    assert all(len(hand) == (4, 4, 4, 3, 3)[players - 2] for hand in state.winter_hands)
    assert workers_everywhere(state) == 140


def test_base_game_deals_fewer_winter_tiles_and_no_farmers_tiles():
    state = new(5, farmers=False)
    assert all(len(hand) == 2 for hand in state.winter_hands)
    assert not any(state.components.tile(code).farmers for hand in state.winter_hands for code in hand)
    assert not any(state.components.tile(t).farmers for t, _ in state.lots if not t.startswith("order"))
    assert state.animals.total == 0 and state.wheat_supply == 0


def test_the_farmers_turn_order_tiles_replace_base_tiles_1_to_3():
    state = new(5)
    used = state.components.turn_order_for(5, True)
    assert [(t.number, t.farmers) for t, _ in used] == [(1, True), (2, True), (3, True), (4, False)]


def test_the_lowest_home_tile_starts_spring():
    state = new(4, seed=7)
    assert state.start == min(range(4), key=lambda s: state.homes[s])
    assert state.pending == Turn(state.start)


def test_the_setup_draws_are_chance_decisions():
    state = new(3, chance="explicit")
    assert state.to_move == -1 and isinstance(state.pending, DealHome)
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1)
    state = play(state, "home 4")
    assert 4 in state.homes


def test_variant_a_lays_out_every_farmers_spring_tile_and_deals_the_farmers_winter_tiles():
    state = new(2, first_game=True)
    offered = [t for t, _ in state.lots if not t.startswith("order")]
    farmers_spring = [t.code for t in state.components.season_tiles("spring", True) if t.farmers]
    assert set(farmers_spring) <= set(offered) and len(offered) == 6
    dealt = [code for hand in state.winter_hands for code in hand]
    farmers_winter = {t.code for t in state.components.season_tiles("winter", True) if t.farmers}
    assert len(dealt) == 8 and farmers_winter <= set(dealt)


def test_variant_a_needs_the_farmers():
    with pytest.raises(ValueError, match="needs farmers"):
        new(3, farmers=False, first_game=True)


def test_variant_c_gives_a_seat_an_extra_green_worker():
    state = new(3, extra_green=[1])
    assert state.screens[1].named("green") == 1 and state.screens[1].total == 9
    assert state.green == 19
    with pytest.raises(ValueError, match="0 to 2"):
        new(3, extra_green=[4])


def test_same_seed_same_setup():
    assert new(4, seed=3) == new(4, seed=3)


@pytest.mark.parametrize("players", [2, 6])
def test_saved_states_load_back_equal(players):
    state = new(players)
    moves = [m for m in state.legal_moves() if str(m) != "pass"]
    state = state.apply(moves[0])
    again = from_json(state.to_json())
    assert again == state
    assert [str(m) for m in again.history] == [str(m) for m in state.history]


def test_a_saved_state_without_its_format_is_refused_naming_the_format():
    data = json.loads(new(2).to_json())
    del data["format"]
    with pytest.raises(InvalidRecord, match="format"):
        from_json(json.dumps(data))


def test_a_corrupt_saved_state_names_the_field():
    data = json.loads(new(2).to_json())
    data["screens"] = [[1, 2, 3], [0, 0, 0, 0]]
    with pytest.raises(InvalidRecord, match="screens|Workers"):
        from_json(json.dumps(data))


def test_a_view_hides_the_other_screens_the_bag_and_the_winter_hands():
    state = new(3)
    seen = state.view(0)
    assert seen.screens[0] == state.screens[0]
    assert seen.screens[1].total == 0 and seen.hidden_workers[1] == 8
    assert seen.winter_hands[1] == () and seen.hidden_winter[1] == 4
    assert seen.winter_hands[0] == state.winter_hands[0]
    assert seen.bag.hidden == len(state.bag) and not seen.bag.unseen
    assert seen.rng.masked
    assert seen.boats == state.boats  # boat cargo lies face up


def test_variant_b_only_the_starting_workers_stay_hidden():
    state = new(3, open_information=True)
    assert state.secret == state.screens
    seen = state.view(0)
    assert seen.screens[1].total == 0 and seen.hidden_workers[1] == 8


def test_variant_b_workers_gained_later_and_wheat_lie_open():
    from tabletop.keyflower_farmers.positions import position

    state = position(2, screens=[{"red": 2}, {"red": 2}], offer=["alehouse", "wheat_field"], open_information=True)
    state = attrs.evolve(state, secret=state.screens)  # the position's workers as starting ones
    state = play(state, "use alehouse 1 red", "use wheat_field 1 red")
    seen = state.view(1)
    drawn = state.screens[0].minus(state.secret[0])
    assert drawn.total == 1 and seen.screens[0] == drawn  # the drawn worker is open
    assert seen.hidden_workers[0] == 1  # one starting red worker still hidden
    assert seen.wheat[1] == 2 and seen.hidden_wheat[1] == 0
    assert state.view(0).screens[1] == Workers()  # seat 1's one red left is a starting one


def test_variant_b_spends_open_workers_before_hidden_ones():
    from tabletop.keyflower_farmers.positions import position

    state = position(2, screens=[{"red": 3}, {"red": 2}], offer=["keywood"], open_information=True)
    state = attrs.evolve(state, secret=(Workers.of(red=2), state.screens[1]))
    state = play(state, "bid keywood 1 red")
    assert state.secret[0] == Workers.of(red=2)
    state = play(state, "pass", "bid keywood 1 red")
    assert state.secret[0] == Workers.of(red=1)


def test_variant_a_a_farmers_summer_boat_laid_out_has_its_side_up_before_the_first_summer_turn():
    import random

    from tabletop.keyflower_farmers.state import TossSummerBoat

    state = new(2, seed=2, first_game=True, chance="explicit")
    chooser = random.Random(2)
    tossed = []
    while not (state.season == 1 and isinstance(state.pending, Turn)):
        if isinstance(state.pending, TossSummerBoat):
            tossed.append(state.pending.tile)
        state = state.apply(chooser.choice(state.legal_moves()))
    farmers_boats = {t.code for t in state.components.season_tiles("summer", True) if t.farmers and t.kind == "summer_boat"}
    assert farmers_boats and farmers_boats <= set(tossed)
    assert not any(isinstance(pending, TossSummerBoat) for pending in state.stack)
