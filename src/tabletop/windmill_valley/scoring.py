"""Scores and winners: the VP track, then (as the final scoring counts them) contracts, empty
windmill groups and complete rows and columns of patches. Ties are broken by bulbs planted,
then bulbs in storage, then windmills on the main board; tied players share the victory."""

from __future__ import annotations

from tabletop.kernel.grid import all_different, columns, complete_columns, complete_rows, uniform
from tabletop.windmill_valley.components import COLOURS, Components, GardenerLevel
from tabletop.windmill_valley.state import COLUMNS, ROWS, Farmer, State

#: Field reward kinds a "windmills next to a field" contract counts.
ACTION_KINDS = ("plant", "market", "farm", "lower", "enhance", "build", "trade")


def rewards_kind(reward: object, kind: str) -> bool:
    """Whether a field's reward is of ``kind`` (Guilder, a bulb colour, Tools, an action)."""
    if kind == "guilders":
        return getattr(reward, "guilders", 0) > 0
    if kind in ("tool", "tools"):
        return getattr(reward, "tools", 0) > 0
    if kind in COLOURS:
        return kind in getattr(reward, "bulbs", ())
    return getattr(reward, "action", None) == kind


def tiers_of(components: Components, farmer: Farmer) -> list[str]:
    """The tier of each enhancement tile installed on the wheels."""
    return [components.tile(t).stack for t in (*farmer.large, *farmer.small) if t]


def contract_score(state: State, seat: int, card_id: int) -> int:
    """What the contract on farm card ``card_id`` scores for ``seat`` now."""
    card = next(c for c in state.components.farm_cards if c.id == card_id)
    farmer = state.farmers[seat]
    kind, arg = card.contract, card.contract_arg or ""
    own = [i for i, owner in enumerate(state.mills) if owner == seat]
    if kind == "mills_next_to":
        fields = {f.id: f for f in state.components.fields}
        count = sum(1 for i in own if any(rewards_kind(fields[f].reward, arg) for f in state.components.spaces[i].fields))
    elif kind == "large_enhancements":
        count = sum(1 for t in farmer.large if t)
    elif kind == "small_wheel_full":
        count = int(all(farmer.small))
    elif kind == "tier_count":
        count = tiers_of(state.components, farmer).count(arg)
    elif kind == "farm_cards":
        count = sum(1 for h in farmer.helpers if not h.startswith("s")) + len(farmer.contracts)
    elif kind == "tool_pairs":
        count = farmer.tools // 2
    elif kind == "mills_on_board":
        count = len(own)
    elif kind == "full_rows":
        count = len(complete_rows(farmer.patches, COLUMNS))
    elif kind == "full_columns":
        count = len(complete_columns(farmer.patches, COLUMNS))
    elif kind == "bulbs":
        count = sum(row.count(arg) for row in farmer.patches)
    else:  # colour_rows
        count = sum(1 for r in complete_rows(farmer.patches, COLUMNS) if set(farmer.patches[r]) == {arg})
    return count * card.contract_vp


def patch_score(components: Components, farmer: Farmer) -> int:
    """Complete rows (the high value when one colour, else the low); columns: the value when
    complete and all different, minus it when any colour repeats, complete or not."""
    total = 0
    for r in complete_rows(farmer.patches, COLUMNS):
        low, high = components.farm.row_values[r]
        total += high if uniform(farmer.patches[r]) else low
    for c, column in enumerate(columns(farmer.patches, COLUMNS)):
        value = components.farm.column_values[c]
        if not all_different(column):
            total -= value
        elif len(column) == ROWS:
            total += value
    return total


def group_score(components: Components, farmer: Farmer) -> int:
    """Each empty windmill group: its value per planted bulb of its colour."""
    planted = [colour for row in farmer.patches for colour in row]
    return sum(
        value * planted.count(colour)
        for left, colour, value in zip(farmer.windmills, components.farm.group_colours, components.farm.group_values, strict=True)
        if left == 0
    )


def final_score(state: State, seat: int) -> int:
    farmer = state.farmers[seat]
    contracts = sum(contract_score(state, seat, card) for card in farmer.contracts)
    return farmer.vp + contracts + group_score(state.components, farmer) + patch_score(state.components, farmer)


def scores(state: State) -> tuple[int, ...]:
    """Each seat's score as the final scoring would count it now."""
    return tuple(final_score(state, seat) for seat in range(state.players))


def tie_break(state: State, seat: int) -> tuple[int, int, int, int]:
    farmer = state.farmers[seat]
    mills = sum(1 for owner in state.mills if owner == seat)
    return final_score(state, seat), farmer.planted, len(farmer.storage), mills


def winners(state: State) -> tuple[int, ...]:
    """The seats sharing first place once the game is over (tie-breaks applied)."""
    if state.stack:
        return ()
    keys = [tie_break(state, seat) for seat in range(state.players)]
    best = max(keys)
    return tuple(seat for seat, key in enumerate(keys) if key == best)


def gardener_score(state: State) -> int:
    """His score: the VP on his track, the Queen's Wish value under his marker, each wheel and
    farm enhancement, his complete rows and columns and his bulbs, by difficulty."""
    gardener = state.gardener
    if gardener is None:
        raise ValueError("there is no Gardener in this game")
    level = state.components.level(gardener.difficulty)
    wish = state.components.wish_values[gardener.wish] if gardener.wish is not None else 0
    taken = len(gardener.enhancements) + len(gardener.farm_cards)
    planted = sum(len(row) for row in gardener.garden)
    bulbs = planted // level.bulb_per * level.bulb_vp
    return gardener.vp + wish + taken * level.enhancement_vp + patches_score(state.components, gardener.garden, level) + bulbs


def patches_score(components: Components, garden: tuple[tuple[str, ...], ...], level: GardenerLevel) -> int:
    """His rows and columns: Easy as the player's; Medium, a complete column scores whatever its
    colours; Hard, complete rows (the higher value) and columns score whatever their colours. A
    column with a repeated colour that is not complete loses its value at every level."""
    total = 0
    for row, (low, high) in zip(garden, components.farm.row_values):
        if len(row) == COLUMNS:
            total += high if uniform(row) or level.patches == "any_colours" else low
    for column, value in zip(columns(garden, COLUMNS), components.farm.column_values):
        complete = len(column) == len(garden)
        if complete and (all_different(column) or level.patches != "usual"):
            total += value
        elif not all_different(column):
            total -= value
    return total
