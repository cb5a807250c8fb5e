"""Every farm card, both sides: its helper is offered on its trigger and gives its bonus; its
contract scores what it says. And every wheel enhancement tile performs its action."""

from __future__ import annotations

import pytest

from tabletop.windmill_valley.components import COLOURS
from tabletop.windmill_valley.components import STANDARD as BOX
from tabletop.windmill_valley.rules.common import perform
from tabletop.windmill_valley.scoring import contract_score
from tabletop.windmill_valley.state import (
    BuildWindmill,
    ChooseColour,
    ChooseStack,
    Enhance,
    ForeignTrade,
    GainFarmCard,
    LowerWater,
    MarketChoice,
    PlantBulbs,
    RemoveWindmill,
    TileEffect,
    UseHelpers,
    VisitMarket,
)

from .helpers import asking, first_position, notations, play

ACTION_PENDING = {
    "lower": LowerWater,
    "enhance": Enhance,
    "farm": GainFarmCard,
    "build": BuildWindmill,
    "market": VisitMarket,
    "plant": PlantBulbs,
    "trade": ForeignTrade,
}


@pytest.mark.parametrize("card", BOX.farm_cards, ids=lambda c: f"farm{c.id}")
def test_each_helper_is_offered_on_its_trigger_and_gives_its_bonus(card):
    strength = max(1, card.trigger_min)
    state = first_position(water=0, farms={0: {"helpers": ("s1", str(card.id)), "storage": ("red",), "vp": 5}})
    below = {"lower_plus_one": [LowerWater(0, strength)], "peek_enhancements": [Enhance(0)]}.get(card.helper_effect, [])
    state = asking(state, *below, UseHelpers(0, card.trigger, strength))
    assert f"helper {card.id}" in notations(state)
    after = play(state, f"helper {card.id}")
    assert str(card.id) in after.turn.helpers
    farmer, bonus = after.farmers[0], card.helper
    assert farmer.vp == 5 + bonus.vp and farmer.tools == 1 + bonus.tools
    effect = card.helper_effect
    if effect == "peek_enhancements":
        assert isinstance(after.pending, ChooseStack) and after.pending.left == 3
    elif effect == "lower_plus_one":
        assert any(isinstance(p, LowerWater) and p.strength == strength + 1 for p in after.stack)
    elif effect == "market_adjacent":
        assert isinstance(after.pending, MarketChoice) and after.pending.area == -1
    elif effect is not None:
        assert isinstance(after.pending, ChooseColour) and set(after.pending.colours) == set(effect.split(":")[1].split(","))
    elif bonus.any_bulbs:
        assert isinstance(after.pending, ChooseColour) and after.pending.colours == COLOURS
    elif bonus.action is not None:
        asked = [type(p) for p in after.stack]
        assert ACTION_PENDING[bonus.action] in asked


def test_a_helper_is_not_offered_for_another_trigger():
    card = next(c for c in BOX.farm_cards if c.trigger == "plant" and not c.trigger_min)
    state = asking(first_position(farms={0: {"helpers": ("s1", str(card.id))}}), UseHelpers(0, "build", 1))
    assert f"helper {card.id}" not in notations(state)


def _contract_position():
    """A farm with something of everything a contract counts."""
    row_space = [s.id for s in BOX.spaces if s.id[1] == "0"]
    mills = {space: 0 for space in row_space[:3]}
    patches = (("violet",) * 7, ("red", "white", "yellow", "black", "red", "white", "red"), ("white", "yellow"), ("red",))
    large = ("C01", "U12", "", "Q19", "", "")
    small = ("C02",) * 5
    farm = {"patches": patches, "large": large, "small": small, "tools": 5, "helpers": ("s1", "3"), "contracts": (1, 2)}
    return first_position(mills=mills, farms={0: farm}), mills


def _expected(card, state, mills):
    farmer = state.farmers[0]
    kind, arg = card.contract, card.contract_arg
    planted = [c for row in farmer.patches for c in row]
    tiles = [BOX.tile(t).stack for t in (*farmer.large, *farmer.small) if t]
    full_rows = [row for row in farmer.patches if len(row) == 7]
    if kind == "mills_next_to":
        def rewards(reward):
            if arg == "guilders":
                return reward.guilders > 0
            if arg == "tool":
                return reward.tools > 0
            if arg in COLOURS:
                return arg in reward.bulbs
            return reward.action == arg
        return sum(1 for space in mills if any(rewards(BOX.field(f).reward) for f in BOX.space(space).fields))
    return {
        "large_enhancements": sum(1 for t in farmer.large if t),
        "small_wheel_full": int(all(farmer.small)),
        "tier_count": tiles.count(arg),
        "farm_cards": 1 + len(farmer.contracts),
        "tool_pairs": farmer.tools // 2,
        "mills_on_board": len(mills),
        "full_rows": len(full_rows),
        "full_columns": sum(1 for c in range(7) if all(len(row) > c for row in farmer.patches)),
        "bulbs": planted.count(arg),
        "colour_rows": sum(1 for row in full_rows if set(row) == {arg}),
    }[kind]


@pytest.mark.parametrize("card", BOX.farm_cards, ids=lambda c: f"farm{c.id}")
def test_each_contract_scores_what_it_counts(card):
    state, mills = _contract_position()
    assert contract_score(state, 0, card.id) == _expected(card, state, mills) * card.contract_vp


@pytest.mark.parametrize(
    "tile", sorted({t.id: t for t in (*BOX.common, *BOX.uncommon, *BOX.unique, *BOX.promo)}.values(), key=lambda t: t.id),
    ids=lambda t: t.id,
)
def test_each_enhancement_tile_performs_its_action(tile):
    state = first_position(farms={0: {"guilders": 9, "tools": 2, "storage": ("red", "white"), "contracts": (30,)}})
    after = perform(state, 0, tile)
    asked = [type(p) for p in after.stack[len(state.stack):]]
    if tile.effect == "remove_windmill":
        assert RemoveWindmill in asked
    elif tile.effect in ("tool_or_guilders_for_vp", "swap_farm", "discard_enhancement", "swap_enhancement"):
        assert asked == [TileEffect]
    elif tile.action is not None:
        assert asked[-3:] == [UseHelpers, ACTION_PENDING[tile.action], UseHelpers]
    else:
        gained = after.farmers[0]
        assert gained.vp == 5 + tile.gain.vp and gained.tools == 2 + tile.gain.tools
        assert gained.guilders == min(9, 9 + tile.gain.guilders)


def test_a_tile_with_a_market_cost_pays_it_first():
    tile = next((t for t in (*BOX.common, *BOX.uncommon, *BOX.unique, *BOX.promo) if t.action == "market" and t.cost), None)
    printed = next(a for board in BOX.boards for a in board.large if a.action == "market")
    chosen = tile or printed
    state = first_position(farms={0: {"guilders": 5}})
    after = perform(state, 0, chosen)
    assert after.farmers[0].guilders == 5 - chosen.cost


def test_the_starting_farm_helper_looks_at_three_extra_cards_the_rest_discarded():
    ability = next(c.id for c in BOX.starting if c.ability == "farm_peek")
    state = first_position(farms={0: {"helpers": (f"s{ability}",)}})
    state = asking(state, GainFarmCard(0), UseHelpers(0, "farm", 1))
    after = play(state, f"helper s{ability}")
    assert len(after.peeked_cards) == 3 and len(after.deck) == len(state.deck) - 3
    assert {"helper 3", "helper 4", "helper 5"} <= set(notations(after))
    taken = after.peeked_cards[1]
    done = play(after, "contract 4")
    assert done.farmers[0].contracts == (taken,) and done.offer == after.offer
    assert set(done.discard) >= set(after.peeked_cards) - {taken} and not done.peeked_cards


def test_the_peeking_card_looks_at_three_extra_tiles_from_stacks_of_choice():
    card = next(c.id for c in BOX.farm_cards if c.helper_effect == "peek_enhancements")
    state = first_position(farms={0: {"helpers": ("s1", str(card)), "guilders": 9}})
    state = asking(state, Enhance(0), UseHelpers(0, "enhance", 1))
    after = play(state, f"helper {card}", "peek unique", "peek common", "peek common")
    assert len(after.peeked_tiles) == 3 and len(after.stacks[2]) == len(state.stacks[2]) - 1
    tile = after.peeked_tiles[0]
    done = play(after, "install 4 on large 3")
    assert done.farmers[0].large[3] == tile and done.farmers[0].guilders == 9 - 2
    assert not done.peeked_tiles and len(done.discards[0]) == 2


def test_peeked_cards_are_hidden_from_the_other_players():
    ability = next(c.id for c in BOX.starting if c.ability == "farm_peek")
    state = first_position(farms={0: {"helpers": (f"s{ability}",)}})
    state = play(asking(state, GainFarmCard(0), UseHelpers(0, "farm", 1)), f"helper s{ability}")
    assert state.view(0).peeked_cards == state.peeked_cards
    other = state.view(1)
    assert other.peeked_cards == () and other.unseen_peeks == (3, 0, 0, 0)
    assert len(other.deck) == len(state.deck) + 3
