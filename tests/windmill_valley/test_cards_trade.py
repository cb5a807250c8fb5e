"""The 4 Foreign Trade cards, one test per card: a bulb placed on each of its four spots gives
the rewards of the two quarters next to it (and not the other two), and the fourth bulb sends
the card, with its rewards still paid, under the stack. The quarters' contents are provisional
data (facts file §13), so they are read from the card; the geometry and the rules are the
rulebook's."""

from __future__ import annotations

import pytest

from tabletop.windmill_valley.components import STANDARD as BOX
from tabletop.windmill_valley.components import Reward
from tabletop.windmill_valley.state import (
    BuildWindmill,
    ChooseColour,
    Enhance,
    ForeignTrade,
    GainFarmCard,
    LowerWater,
    PlantBulbs,
    State,
    VisitMarket,
)

from .helpers import asking, first_position, play

ASKED = {
    "lower": LowerWater,
    "enhance": Enhance,
    "farm": GainFarmCard,
    "build": BuildWindmill,
    "market": VisitMarket,
    "plant": PlantBulbs,
}


def with_card(number: int, spots: tuple[str, ...], farm: dict[str, object]) -> State:
    """The first position with trade card ``number`` in play (off the face-up stack)."""
    state = first_position(trade=number, spots=spots, farms={0: farm})
    assert number not in (*state.trade_pile.unseen, *state.trade_pile.bottom) and len(state.trade_pile) == 3
    return state


def placing(card: int, spot: int, spots: tuple[str, ...] = ("", "", "", "")) -> tuple[State, State]:
    """Seat 0 places a stored red bulb on ``spot`` of trade card ``card``."""
    farm = {"storage": ("red", "white"), "guilders": 0, "helpers": ()}
    state = asking(with_card(card, spots, farm), ForeignTrade(0))
    return state, play(state, f"trade red at {spot}")


def paid(before: State, after: State, rewards: tuple[Reward, ...]) -> None:
    """``after`` holds exactly ``rewards``: their Guilder, VP and Tools, a decision for each
    bulb of any colour and each action."""
    was, now = before.farmers[0], after.farmers[0]
    assert now.guilders == min(9, was.guilders + sum(r.guilders for r in rewards))
    assert now.vp == was.vp + sum(r.vp for r in rewards)
    assert now.tools == was.tools + sum(r.tools for r in rewards)
    asked = after.stack[len(before.stack) - 1 :]
    assert sum(isinstance(p, ChooseColour) for p in asked) == sum(r.any_bulbs for r in rewards)
    for name, kind in ASKED.items():
        assert sum(isinstance(p, kind) for p in asked) == sum(r.action == name for r in rewards), name


def check_card(number: int) -> None:
    card = next(c for c in BOX.trade_cards if c.id == number)
    for spot in range(4):
        before, after = placing(number, spot)
        assert after.spots[spot] == "red" and after.farmers[0].storage == ("white",)
        paid(before, after, (card.quarters[spot], card.quarters[(spot + 1) % 4]))
    before, after = placing(number, 3, spots=("white", "yellow", "black", ""))
    assert after.trade != number and after.spots == ("", "", "", "")
    assert after.trade_pile.bottom[-1:] == (number,)
    paid(before, after, (card.quarters[3], card.quarters[0]))


def test_trade_card_1_each_spot_pays_its_two_adjacent_quarters_and_the_fourth_bulb_sends_it_under():
    check_card(1)


def test_trade_card_2_each_spot_pays_its_two_adjacent_quarters_and_the_fourth_bulb_sends_it_under():
    check_card(2)


def test_trade_card_3_each_spot_pays_its_two_adjacent_quarters_and_the_fourth_bulb_sends_it_under():
    check_card(3)


def test_trade_card_4_each_spot_pays_its_two_adjacent_quarters_and_the_fourth_bulb_sends_it_under():
    check_card(4)


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_trade_card_collecting_takes_every_bulb_and_no_reward(number):
    farm = {"storage": (), "guilders": 0, "helpers": ()}
    state = asking(with_card(number, ("white", "", "black", ""), farm), ForeignTrade(0))
    after = play(state, "collect")
    assert after.spots == ("", "", "", "") and after.trade == number
    kept = play(after, "bulb black", "done")
    assert kept.farmers[0].storage == ("black",)
    assert (kept.farmers[0].guilders, kept.farmers[0].vp, kept.farmers[0].tools) == (0, 5, state.farmers[0].tools)


def _asks(reward: Reward) -> type | None:
    """The decision a quarter's reward asks (an action, or a bulb of any colour), if any."""
    if reward.action is not None:
        return ASKED[reward.action]
    return ChooseColour if reward.any_bulbs else None


def _reachable(state: State, depth: int) -> list[State]:
    states, frontier = [state], [state]
    for _ in range(depth):
        frontier = [s.apply(m) for s in frontier if s.stack for m in s.legal_moves()]
        states += frontier
    return states


def test_trade_card_the_two_adjacent_rewards_are_resolved_in_any_order():
    # Rulebook: "receive the rewards on the two quarters adjacent to the Tulip Bulb you have just
    # placed, resolving them in any order".
    card, spot = next(
        (c, s) for c in BOX.trade_cards for s in range(4) if all(_asks(r) for r in c.spot_rewards(s))
    )
    first, second = (_asks(r) for r in card.spot_rewards(spot))
    _, placed = placing(card.id, spot)
    for now, later in ((first, second), (second, first)):
        assert any(
            isinstance(s.pending, now) and any(isinstance(p, later) for p in s.stack[:-1])
            for s in _reachable(placed, 2)
        ), (now, later)
