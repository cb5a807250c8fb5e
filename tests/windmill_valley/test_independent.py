"""A differential referee: random playouts in which the effect of each move on the tokens it
touches is re-derived from the rulebook, independently of the engine's rules code.

The referee reads only the state's fields and the printed component data; it never calls the
rules package. Rulebook figures are written here as the rulebook gives them (floodgate costs and
VP, the water rise, the Tool's step, the 1-4 steps, the tier costs, the storage costs, the
Guilder cap, the band payments), provisional board data is read from the components.

Per move it checks:

* ``floodgate s``: opening pays 1 G / 1 VP per step up from 1, 2 G / 3 VP from 2; closing is
  free; the water rises by s - 1; the speed is never one that pushes the water past 8, and at
  8 only speed 1 is offered.
* ``turn k``: 1 <= k <= 4, |k - speed| Tools spent, the wheels' count advanced by k, each
  calendar space reached (one per 6 steps, at most 4) asking for its rewards.
* ``unique i``: the space's common reward and its unique reward ``i`` (now covered, and free
  before) pay their tokens.
* ``lower Xg Yvp``: X + Y equals the strength times the band's pay (1 low, 1 middle, 2 high;
  doubled with both rewards); the water goes down by the strength, not below 0.
* ``plant c in r``: one ``c`` bulb leaves storage (none when a Market reward plants from the
  supply), row ``r`` gains it at the end of what it holds (its leftmost free patch).
* ``install``: the display slot's tier cost is paid (0 common or covered, 1 uncommon, 2 unique)
  and the tile is on the space; the two active spaces are never offered.
* ``build g at s``: the space is free, its cost is paid, the windmill leaves group ``g``.
* ``store``: the 6th space costs 1 G, the 7th 2 G, the first five nothing.

Wherever the Queen's Wish is scored during the move, its value is added to the expected VP;
Guilder is always capped at 9.
"""

from __future__ import annotations

import random

import pytest

from tabletop.windmill_valley import new_game
from tabletop.windmill_valley.components import STANDARD as BOX
from tabletop.windmill_valley.state import CalendarReward, PlantSupply
from tabletop.windmill_valley.moves import Build, Floodgate, Install, LowerReward, Plant, Store, TurnWheels, Unique

OPENING = {(1, 2): (1, 1), (2, 3): (2, 3), (1, 3): (3, 4)}
PAY = {"low": 1, "middle": 1, "high": 2}
TIER_COST = (0, 0, 1, 2)
STORAGE_COST = (0, 0, 0, 0, 0, 1, 2)


def _wish_vp(before, after, seat):
    if after.farmers[seat].wished and not before.farmers[seat].wished:
        return BOX.wish_values[before.wishes]
    return 0


def _check_floodgate(before, after, move, seat):
    old, new = before.farmers[seat], after.farmers[seat]
    assert before.water + move.speed - 1 <= 8
    cost, vp = OPENING.get((before.floodgate, move.speed), (0, 0))
    assert after.floodgate == move.speed and after.water == before.water + move.speed - 1
    assert new.guilders == old.guilders - cost
    assert new.vp == old.vp + vp + _wish_vp(before, after, seat)


def _check_turn(before, after, move, seat):
    old, new = before.farmers[seat], after.farmers[seat]
    assert 1 <= move.steps <= 4
    spent = abs(move.steps - before.floodgate)
    assert old.tools >= spent and new.turned == old.turned + move.steps
    assert new.tools == old.tools - spent and new.guilders == old.guilders
    assert new.vp == old.vp + _wish_vp(before, after, seat)
    reached = min(4, new.turned // 6) - min(4, old.turned // 6)
    asked = [p for p in after.stack if isinstance(p, CalendarReward)]
    assert len(asked) == reached  # each space reached: its rewards, now or later in the turn


def _check_calendar(before, after, move, seat):
    space = before.pending.space
    rewards = [BOX.calendar[space - 1].common]
    if isinstance(move, Unique):
        assert not before.taken[space - 1][move.index] and after.taken[space - 1][move.index]
        rewards.append(BOX.calendar[space - 1].unique[move.index][0])
    old, new = before.farmers[seat], after.farmers[seat]
    assert new.tools == old.tools + sum(r.tools for r in rewards)
    assert new.vp == old.vp + sum(r.vp for r in rewards) + _wish_vp(before, after, seat)
    assert new.guilders == min(9, old.guilders + sum(r.guilders for r in rewards))


def _check_lower(before, after, move, seat):
    pending = before.pending
    pay = PAY[BOX.water_bands[before.water]]
    points = pending.strength * pay
    if pending.both and BOX.water_bands[before.water] != "low":
        assert (move.guilders, move.vp) == (points, points)
    else:
        assert move.guilders + move.vp == points
    if BOX.water_bands[before.water] == "low":
        assert move.vp == 0
    assert after.water == max(0, before.water - pending.strength)
    assert after.farmers[seat].guilders == min(9, before.farmers[seat].guilders + move.guilders)
    assert after.farmers[seat].vp == before.farmers[seat].vp + move.vp + _wish_vp(before, after, seat)


def _check_plant(before, after, move, seat):
    old, new = before.farmers[seat], after.farmers[seat]
    if isinstance(before.pending, PlantSupply):  # a Market reward: the bulb comes from the supply
        slid = old.storage
    else:
        i = old.storage.index(move.colour)
        slid = old.storage[:i] + old.storage[i + 1 :]
    assert new.storage[: len(slid)] == slid  # a patch reward may add bulbs after them
    assert len(old.patches[move.row]) < 7
    assert new.patches[move.row] == old.patches[move.row] + (move.colour,)


def _check_install(before, after, move, seat):
    old, new = before.farmers[seat], after.farmers[seat]
    large, small = old.active
    assert (move.wheel, move.space) not in (("large", large), ("small", small))
    cost = 0 if before.covered[move.slot] else TIER_COST[move.slot]
    assert new.guilders == old.guilders - cost
    assert (new.large if move.wheel == "large" else new.small)[move.space] == before.display[move.slot]


def _check_build(before, after, move, seat):
    index = next(i for i, s in enumerate(BOX.spaces) if s.id == move.space)
    assert before.mills[index] == -1 and after.mills[index] == seat
    assert after.farmers[seat].windmills[move.group] == before.farmers[seat].windmills[move.group] - 1
    assert before.farmers[seat].guilders >= BOX.spaces[index].cost


def _check_store(before, after, move, seat):
    old, new = before.farmers[seat], after.farmers[seat]
    if move.swap is None:
        assert len(new.storage) == len(old.storage) + 1
        assert new.guilders == old.guilders - STORAGE_COST[len(old.storage)]
    else:
        assert len(new.storage) == len(old.storage) and new.guilders == old.guilders


CHECKS = {
    Floodgate: _check_floodgate,
    TurnWheels: _check_turn,
    LowerReward: _check_lower,
    Plant: _check_plant,
    Install: _check_install,
    Build: _check_build,
    Store: _check_store,
    Unique: _check_calendar,
}


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(6))
def test_every_checked_move_does_what_the_rulebook_says(players, seed):
    chooser = random.Random(seed)
    state = new_game(players, seed=seed, promo=seed % 2 == 1)
    checked = 0
    while not state.is_over:
        legal = state.legal_moves()
        if state.water == 8 and isinstance(legal[0], Floodgate):
            assert [str(m) for m in legal] == ["floodgate 1"]
        move = chooser.choice(legal)
        after = state.apply(move)
        check = CHECKS.get(type(move))
        if check is not None and state.to_move is not None and state.to_move >= 0:
            check(state, after, move, state.to_move)
            checked += 1
        state = after
    assert checked > 50
