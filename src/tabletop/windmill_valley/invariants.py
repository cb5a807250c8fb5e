"""What every Windmill Valley position satisfies (checked by the tests and on loading)."""

from __future__ import annotations

from collections import Counter

from tabletop.windmill_valley.components import COLOURS
from tabletop.windmill_valley.components import STANDARD as BOX
from tabletop.windmill_valley.state import (
    COLUMNS,
    FREE,
    LARGE,
    MAX_GUILDERS,
    MAX_SPEED,
    MAX_WATER,
    ROWS,
    SMALL,
    STORAGE,
    X_TILES,
    State,
)


def invariants(state: State) -> list[str]:
    """The broken invariants of ``state`` (empty when sound): Guilder 0-9, water 0-8, floodgate
    1-3, storage at most 7, windmills conserved, farm cards conserved, X tiles used at most once."""
    if type(state.players) is not int or not 2 <= state.players <= 4 or len(state.farmers) != state.players:
        return [f"{state.players!r} players with {len(state.farmers)} farms"]
    problems: list[str] = []
    if not 1 <= state.floodgate <= MAX_SPEED:
        problems.append(f"floodgate at {state.floodgate}")
    if not 0 <= state.water <= MAX_WATER:
        problems.append(f"water level at {state.water}")
    if len(state.mills) != len(BOX.spaces) or any(not FREE <= m < state.players for m in state.mills):
        problems.append("a main-board space holds a windmill of no player")
    for seat, farmer in enumerate(state.farmers):
        problems += _farmer_problems(state, seat)
    cards = [c for c in state.offer if c] + list(state.discard) + list(state.deck.unseen) + list(state.deck.bottom)
    for farmer in state.farmers:
        cards += [int(h) for h in farmer.helpers if not h.startswith("s")] + list(farmer.contracts)
    if len(cards) != len(set(cards)) or not set(cards) <= {c.id for c in BOX.farm_cards}:
        problems.append("a farm card is in two places or is not in the box")
    used = sum(sum(row) for row in state.taken) + sum(state.covered)
    if used > X_TILES:
        problems.append(f"{used} X tiles used of {X_TILES}")
    return problems


def _farmer_problems(state: State, seat: int) -> list[str]:
    farmer = state.farmers[seat]
    problems = []
    if not 0 <= farmer.guilders <= MAX_GUILDERS:
        problems.append(f"seat {seat} holds {farmer.guilders} Guilder")
    if farmer.tools < 0:
        problems.append(f"seat {seat} holds {farmer.tools} Tools")
    if len(farmer.storage) > STORAGE or not set(farmer.storage) <= set(COLOURS):
        problems.append(f"seat {seat}'s storage holds {farmer.storage}")
    if len(farmer.patches) != ROWS or any(len(row) > COLUMNS or not set(row) <= set(COLOURS) for row in farmer.patches):
        problems.append(f"seat {seat}'s patches are not 4 rows of at most 7 bulbs")
    if len(farmer.large) != LARGE or len(farmer.small) != SMALL:
        problems.append(f"seat {seat}'s wheels have {len(farmer.large)} and {len(farmer.small)} spaces")
    built = sum(1 for owner in state.mills if owner == seat)
    if any(n < 0 for n in farmer.windmills) or any(
        n > size for n, size in zip(farmer.windmills, BOX.farm.group_sizes, strict=True)
    ):
        problems.append(f"seat {seat}'s windmill groups hold {farmer.windmills}")
    elif sum(farmer.windmills) + built + farmer.removed != sum(BOX.farm.group_sizes):
        problems.append(f"seat {seat} has {sum(farmer.windmills)} windmills on the farm, {built} built, {farmer.removed} in the box")
    if Counter(farmer.helpers).most_common(1)[0][1:] > (1,) if farmer.helpers else False:
        problems.append(f"seat {seat} holds a helper twice")
    return problems
