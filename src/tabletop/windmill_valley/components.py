"""Windmill Valley's components: the main board, the windmill and farm boards, the tiles and cards.

The data lives in ``data/*.toml``; :func:`load_components` reads it and checks it against the
rulebook's component list (36 windmills, 15 X tiles, 48 wheel enhancement tiles 24/12/12, 7
PROMO 1 tiles, 30 farm enhancement cards, 6 starting cards, 4 foreign trade cards, 20 Gardener
cards, wheels of 6 and 5 spaces, 4 x 7 patches, windmill groups 1/1/2/2/3) and for meaning (a
board graph whose paths go both ways and reach the Market, rewards and rules of known kinds, a
Calendar within the X tiles), and raises :class:`~tabletop.kernel.api.InvalidData` naming the
file, table and field of any defect. The standard components are loaded once, at import, as
:data:`STANDARD`.

Much of the game is printed only as icons and missing from the public record (the facts file's
§18): those tables are ``provisional``; :attr:`Components.statuses` gives every table's status.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

import attrs

from tabletop.kernel.api import InvalidData
from tabletop.kernel.datafile import ComponentsOption, TableReader, read_toml

DATA_DIR = Path(__file__).parent / "data"

#: Tulip colours, in the order of every per-colour tuple (seats 1..4 start with the first four).
COLOURS: tuple[str, ...] = ("white", "yellow", "red", "violet", "black")
#: The seven actions: Lower the Water Level, Enhance the Wheels, Gain a Farm Enhancement, Build a
#: Windmill, Visit the Market, Plant Tulip Bulbs, Conduct Foreign Trade.
ACTIONS: tuple[str, ...] = ("lower", "enhance", "farm", "build", "market", "plant", "trade")
#: The six actions of a large wheel at the start (the small wheel: five ``lower``).
LARGE_WHEEL_ACTIONS: tuple[str, ...] = ("enhance", "farm", "build", "market", "plant", "trade")
#: Wheel enhancement tiers, cheapest first.
TIERS: tuple[str, ...] = ("common", "uncommon", "unique")
#: Border colours of the contracts.
BORDERS: tuple[str, ...] = ("red", "yellow", "blue")
#: Water bands, lowest first.
BANDS: tuple[str, ...] = ("low", "middle", "high")

#: Rules a wheel action changes (see ``data/enhancements.toml``).
EFFECTS: tuple[str, ...] = (
    "both_rewards",
    "no_connection_paid",
    "no_connection",
    "any_colour",
    "extra_reward_paid",
    "all_rewards_paid",
    "trade_both",
    "swap_first",
    "remove_windmill",
    "tool_or_guilders_for_vp",
    "swap_farm",
    "discard_enhancement",
    "swap_enhancement",
)
#: What triggers a helper: an action, or moving the Floodgate marker up.
TRIGGERS: tuple[str, ...] = (*ACTIONS, "floodgate")
#: Farm card helper abilities beyond a reward (see ``data/farm_cards.toml``).
HELPER_EFFECTS: tuple[str, ...] = (
    "lower_plus_one",
    "peek_enhancements",
    "market_adjacent",
    *(f"bulb_choice:{a},{b}" for a in COLOURS for b in COLOURS if a != b),
)
#: Field rewards a ``mills_next_to`` contract can name.
FIELD_KINDS: tuple[str, ...] = ("guilders", "white", "yellow", "red", "violet", "black", "tool", *ACTIONS)
#: Contract kinds and what their argument names (``()``: no argument).
CONTRACTS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "mills_next_to": FIELD_KINDS,
    "large_enhancements": (),
    "small_wheel_full": (),
    "tier_count": TIERS,
    "farm_cards": (),
    "tool_pairs": (),
    "mills_on_board": (),
    "full_rows": (),
    "full_columns": (),
    "bulbs": COLOURS,
    "colour_rows": COLOURS,
})
#: Starting helper abilities (see ``data/starting.toml``).
ABILITIES: tuple[str, ...] = ("trade_any_two", "farm_peek", "plant_extra", "build_bonus", "market_split", "enhance_bulb")
#: Solo difficulties.
LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
#: How the Gardener's complete rows and columns score: the usual rules, complete columns
#: whatever their colours (rows usual), complete rows and columns whatever their colours.
PATCH_RULES: tuple[str, ...] = ("usual", "columns_any_colours", "any_colours")
#: Queen's Wish conditions (see ``data/starting.toml``).
WISHES: tuple[str, ...] = ("tools6", "contract_groups", "patches", "mills4", "enhancements", "full_slots")

#: The rulebook's component list (facts file §2): the ``[box]`` table must say the same.
BOX: Mapping[str, Any] = MappingProxyType({
    "players": (1, 4),
    "colours": COLOURS,
    "bulbs_per_colour": 39,
    "windmills_per_player": 9,
    "windmills": 36,
    "x_tiles": 15,
    "neutral_markers": 3,
    "tools": 44,
    "common_tiles": 24,
    "uncommon_tiles": 12,
    "unique_tiles": 12,
    "farm_cards": 30,
    "starting_cards": 6,
    "trade_cards": 4,
    "gardener_cards": 20,
    "promo_tiles": 7,
})


@attrs.frozen
class Reward:
    """One printed reward: a field, a patch, a Market choice, a Calendar slot, a trade quarter,
    a helper's bonus, a wheel action's extra gain.

    Attributes:
        guilders / vp / tools: numbers gained.
        bulbs: bulbs of these colours into storage.
        any_bulbs: bulbs of colours of the player's choice into storage.
        action: an extra action (one of :data:`ACTIONS`), or ``None``...
        strength: ...with this strength (lower: points; market: steps; plant: bulbs).
        score_contract: score one of one's contracts now (it still scores at the end).
        plant_bulbs: supply bulbs of these colours planted at once (a Market choice).
    """

    guilders: int = 0
    vp: int = 0
    tools: int = 0
    bulbs: tuple[str, ...] = ()
    any_bulbs: int = 0
    action: str | None = None
    strength: int = 1
    score_contract: bool = False
    plant_bulbs: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        """Whether the reward gives anything."""
        return self != NOTHING


#: The empty reward.
NOTHING = Reward()


@attrs.frozen
class WheelAction:
    """A printed wheel space or a wheel enhancement tile.

    Attributes:
        id: the tile's code (``"C01"``, ``"P1"``: copies share it) or ``"start-<action>"``.
        tier: ``"start"``, one of :data:`TIERS`, or ``"promo"``.
        action: one of :data:`ACTIONS`, or ``None`` for a tile that only gives ``gain``.
        strength: lower points / market steps / plant count / enhance times.
        cost: Guilders paid first (the Market's red number; the price of ``tool_or_guilders_for_vp``).
        gain: what the space gives besides its action.
        plus: "you may also perform the other wheel's action, unless it was already resolved".
        effect: a rule the action changes, one of :data:`EFFECTS`, or ``None``.
        stack: the tier whose stack the tile joins (a promo tile's chosen tier; else ``tier``).
    """

    id: str
    tier: str
    action: str | None
    strength: int = 1
    cost: int = 0
    gain: Reward = NOTHING
    plus: bool = False
    effect: str | None = None
    stack: str = ""


@attrs.frozen
class WindmillBoard:
    """A windmill board: its wheels' spaces in the order they come under the arrows (index 0
    active at the start, the red spoke's space; after k steps the spaces ``k % 6`` and ``k % 5``)."""

    id: int
    large: tuple[WheelAction, ...]
    small: tuple[WheelAction, ...]


@attrs.frozen
class Field:
    """A field of the main board and the reward a windmill built next to it gives."""

    id: str
    reward: Reward


@attrs.frozen
class MillSpace:
    """A windmill space of the main board (a path crossing).

    Attributes:
        cost: Guilders to build there (0-4).
        fields: the adjacent fields' ids.
        neighbours: the ids of the spaces joined to it by a path (symmetric).
        market: whether the space touches the Market (a windmill there is connected).
    """

    id: str
    cost: int
    fields: tuple[str, ...]
    neighbours: tuple[str, ...]
    market: bool


@attrs.frozen
class MarketArea:
    """A Market area (areas are in clockwise order): the rewards one chooses among, and its
    marker spaces."""

    rewards: tuple[Reward, ...]
    spaces: int


@attrs.frozen
class CalendarSpace:
    """A Calendar space: the common reward, and the unique rewards from the top down, each with
    the least player count it is open at (an X tile covers a taken one)."""

    common: Reward
    unique: tuple[tuple[Reward, int], ...]


@attrs.frozen
class FarmBoard:
    """The farm board (the same for every player).

    Attributes:
        patches: 4 rows of 7 printed rewards, ``None`` where a patch prints none.
        row_values: (lower, higher) VP per row; the higher for a single-colour row.
        column_values: VP per column (plus if complete and all different, minus on a repeat).
        helper_vp: VP printed on the three Helper slots, left to right.
        storage_costs: Guilders to place a bulb in each storage space, left to right.
        group_sizes / group_colours / group_values: the windmill groups, top to bottom, with
            the colour each scores and its VP per bulb of that colour.
    """

    patches: tuple[tuple[Reward | None, ...], ...]
    row_values: tuple[tuple[int, int], ...]
    column_values: tuple[int, ...]
    helper_vp: tuple[int, ...]
    storage_costs: tuple[int, ...]
    group_sizes: tuple[int, ...]
    group_colours: tuple[str, ...]
    group_values: tuple[int, ...]


@attrs.frozen
class FarmCard:
    """A farm enhancement card (1-30 in the appendix order): helper on top, contract below.

    Attributes:
        trigger: the action (or ``"floodgate"``: moving the marker up) the helper answers.
        trigger_min: the triggering action's strength at least (0: any).
        helper: the helper's optional bonus (``Reward.action``: also perform that action).
        helper_effect: an ability beyond a reward (:data:`HELPER_EFFECTS`), or ``None``.
        contract / contract_arg / contract_vp: the contract kind (:data:`CONTRACTS`), its
            argument and its VP per unit.
        border: the contract's border colour (:data:`BORDERS`).
    """

    id: int
    trigger: str
    helper: Reward
    contract: str
    contract_vp: int
    border: str
    trigger_min: int = 0
    helper_effect: str | None = None
    contract_arg: str | None = None


@attrs.frozen
class StartingCard:
    """A starting farm enhancement card: the starting helper's ``ability`` (:data:`ABILITIES`)
    triggered by ``trigger``, and the Queen's Wish on its back (:data:`WISHES`)."""

    id: int
    ability: str
    wish: str
    trigger: str = ""
    wish_patches: tuple[tuple[int, int], ...] = ()


@attrs.frozen
class TradeCard:
    """A Foreign Trade card: four reward quarters; spot ``i`` lies between quarters ``i`` and
    ``(i + 1) % 4``."""

    id: int
    quarters: tuple[Reward, Reward, Reward, Reward]

    def spot_rewards(self, spot: int) -> tuple[Reward, Reward]:
        """The two quarters next to bulb spot ``spot``."""
        return self.quarters[spot], self.quarters[(spot + 1) % 4]


@attrs.frozen
class GardenerCard:
    """A Gardener card (solo): its face and its back (see ``data/gardener.toml``).

    Attributes:
        floodgate: the Floodgate change, -2 .. +2.
        water / bonus: if the water stands at ``water`` at the end of his turn, he scores
            ``bonus`` VP and lowers the water by 2.
        colour: the bulb colour he plants and trades.
        market: the two bulbs he plants after visiting the Market.
        spot: the Foreign Trade spot he places a bulb on.
        back_tiers: (on the deck's top card) the two enhancement tiers he takes.
        back_farm: (on the deck's top card) the farm offer slot he takes, 0-2 from the left.
    """

    id: int
    floodgate: int
    water: int
    bonus: int
    colour: str
    market: tuple[str, str]
    spot: int
    back_tiers: tuple[str, str]
    back_farm: int


@attrs.frozen
class GardenerLevel:
    """A solo difficulty: the cards removed from his deck, whether the extra final round is
    played, his VP per wheel or farm enhancement, how his complete rows and columns score
    (:data:`PATCH_RULES`), and ``bulb_vp`` VP per ``bulb_per`` bulbs in his garden."""

    name: str
    removed: tuple[int, ...]
    extra_round: bool
    enhancement_vp: int
    patches: str
    bulb_vp: int
    bulb_per: int


@attrs.frozen(cache_hash=True)  # hashed with every state that holds it
class Components:
    """Everything printed on the components that the rules need (see ``data/*.toml``).

    Calendar spaces count from 0 (the first space after the start); farm cards, starting cards,
    windmill boards and trade cards keep their printed numbers as ids.
    """

    # windmill boards and enhancements (one entry per tile, copies repeated)
    boards: tuple[WindmillBoard, ...]
    common: tuple[WheelAction, ...]
    uncommon: tuple[WheelAction, ...]
    unique: tuple[WheelAction, ...]
    promo: tuple[WheelAction, ...]
    tier_costs: tuple[int, ...]
    tier_display: tuple[int, ...]
    # the main board
    fields: tuple[Field, ...]
    spaces: tuple[MillSpace, ...]
    market: tuple[MarketArea, ...]
    water_bands: tuple[str, ...]
    calendar: tuple[CalendarSpace, ...]
    wish_values: tuple[int, ...]
    # the farm board and the cards
    farm: FarmBoard
    farm_cards: tuple[FarmCard, ...]
    starting: tuple[StartingCard, ...]
    trade_cards: tuple[TradeCard, ...]
    # the solo Gardener
    gardener_cards: tuple[GardenerCard, ...]
    gardener_levels: tuple[GardenerLevel, ...]
    #: per Market area, the space nearest it (his first windmill)
    gardener_nearest: tuple[str, ...]
    #: his building order between equally expensive spaces
    gardener_order: tuple[str, ...]
    # the box and each player's start
    players: tuple[int, int]
    bulbs_per_colour: int
    windmills_per_player: int
    windmills: int
    x_tiles: int
    neutral_markers: int
    start_vp: int
    start_tools: int
    start_guilders: tuple[int, ...]
    start_bulbs: tuple[str, ...]
    guilder_cap: int
    # floodgate and water
    open_costs: tuple[int, ...]
    open_vp: tuple[int, ...]
    water_rise: tuple[int, ...]
    #: (file, table, status) of every data table
    statuses: tuple[tuple[str, str, str], ...]
    #: the checked data files as JSON text (immutable), what :meth:`as_data` gives back
    data_json: str = attrs.field(eq=False, repr=False)
    _fields: Mapping[str, Field] = attrs.field(init=False, eq=False, repr=False)
    _spaces: Mapping[str, MillSpace] = attrs.field(init=False, eq=False, repr=False)
    _tiles: Mapping[str, WheelAction] = attrs.field(init=False, eq=False, repr=False)
    #: the windmill spaces' positions by id
    space_index: Mapping[str, int] = attrs.field(init=False, eq=False, repr=False)
    #: each windmill space's neighbours, by position
    neighbours: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    #: whether each windmill space touches the Market, by position
    by_market: tuple[bool, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        # Lookups the rules make often, computed once from the immutable data.
        tiles = (*self.common, *self.uncommon, *self.unique, *self.promo)
        object.__setattr__(self, "_fields", MappingProxyType({field.id: field for field in self.fields}))
        object.__setattr__(self, "_spaces", MappingProxyType({space.id: space for space in self.spaces}))
        object.__setattr__(self, "_tiles", MappingProxyType({tile.id: tile for tile in tiles}))
        index = {space.id: i for i, space in enumerate(self.spaces)}
        object.__setattr__(self, "space_index", MappingProxyType(index))
        neighbours = tuple(tuple(sorted(index[n] for n in space.neighbours)) for space in self.spaces)
        object.__setattr__(self, "neighbours", neighbours)
        object.__setattr__(self, "by_market", tuple(space.market for space in self.spaces))

    def __repr__(self) -> str:
        tiles = len(self.common) + len(self.uncommon) + len(self.unique)
        return f"<Windmill Valley components: {len(self.spaces)} windmill spaces, {tiles} enhancement tiles>"

    @property
    def water_max(self) -> int:
        return len(self.water_bands) - 1

    def band(self, level: int) -> str:
        """The water band (:data:`BANDS`) of water level ``level``."""
        return self.water_bands[level]

    def field(self, field_id: str) -> Field:
        return self._fields[field_id]

    def space(self, space_id: str) -> MillSpace:
        return self._spaces[space_id]

    def tile(self, tile_id: str) -> WheelAction:
        """The enhancement tile ``tile_id`` (any tier, promo tiles too)."""
        return self._tiles[tile_id]

    def stack(self, tier: str, promo: bool = False) -> tuple[WheelAction, ...]:
        """The tiles of ``tier``'s stack, one per tile; with the PROMO 1 tiles that join it if ``promo``."""
        tiles: tuple[WheelAction, ...] = getattr(self, tier)
        return tiles + tuple(t for t in self.promo if t.stack == tier) if promo else tiles

    def farm_card(self, card_id: int) -> FarmCard:
        """Farm enhancement card ``card_id`` (1-30)."""
        return self.farm_cards[card_id - 1]

    def starting_card(self, card_id: int) -> StartingCard:
        """Starting card ``card_id`` (1-6)."""
        return self.starting[card_id - 1]

    def trade_card(self, card_id: int) -> TradeCard:
        """Foreign Trade card ``card_id`` (1-4)."""
        return self.trade_cards[card_id - 1]

    def gardener_card(self, card_id: int) -> GardenerCard:
        """Gardener card ``card_id`` (G1-G20 are 1-20)."""
        return self.gardener_cards[card_id - 1]

    def level(self, name: str) -> GardenerLevel:
        """The solo difficulty ``name`` (:data:`LEVELS`)."""
        return self.gardener_levels[LEVELS.index(name)]

    def status_of(self, filename: str, table: str) -> str:
        """The status of table ``table`` of data file ``filename``."""
        for name, tab, status in self.statuses:
            if (name, tab) == (filename, table):
                return status
        raise KeyError(f"{filename} [{table}]")

    def as_data(self) -> dict[str, Any]:
        """The data files of these components (file name -> tables) as plain values, which
        :func:`components_from_data` reads back into equal components; ``ValueError`` when the
        components were changed after loading (their data would replay a different game)."""
        data: dict[str, Any] = json.loads(self.data_json)
        if components_from_data(data) != self:
            raise ValueError(
                "these Windmill Valley components differ from the data files they were loaded from; "
                "build changed components with components_from_data(), not attrs.evolve()"
            )
        return data


# --- reading -------------------------------------------------------------------------------

_REWARD_FIELDS = ("guilders", "vp", "tools", "bulbs", "any_bulbs", "action", "strength", "score_contract", "plant_bulbs")
_ACTION_FIELDS = ("action", "strength", "cost", "gain", "plus", "effect")


class _Reader(TableReader):
    """Field access that fails with the file, table and field named; numbers are never negative."""

    def value(self, table: str, row: Mapping[str, Any], field: str, kind: type) -> Any:
        value = super().value(table, row, field, kind)
        if type(value) is int and value < 0:
            raise self.fail(table, field, f"must not be negative, not {value}")
        return value

    def signed(self, table: str, row: Mapping[str, Any], field: str) -> int:
        """A whole number that may be negative (a change)."""
        value: int = super().value(table, row, field, int)
        return value

    def optional(self, table: str, row: Mapping[str, Any], field: str, kind: type, default: Any) -> Any:
        return self.value(table, row, field, kind) if field in row else default

    def ints(self, table: str, row: Mapping[str, Any], field: str, length: int | None = None) -> tuple[int, ...]:
        """A list of whole numbers (``length`` of them if given)."""
        value = self.value(table, row, field, list)
        if not all(type(v) is int and v >= 0 for v in value):
            raise self.fail(table, field, f"must be a list of whole numbers, not {value!r}")
        if length is not None and len(value) != length:
            raise self.fail(table, field, f"must list {length} numbers, not {len(value)}")
        return tuple(value)

    def names(self, table: str, row: Mapping[str, Any], field: str, allowed: tuple[str, ...]) -> tuple[str, ...]:
        value = self.optional(table, row, field, list, [])
        for name in value:
            if name not in allowed:
                raise self.fail(table, field, f"unknown name {name!r} (expected one of {', '.join(allowed)})")
        return tuple(value)

    def choice(self, table: str, row: Mapping[str, Any], field: str, allowed: tuple[str, ...]) -> str:
        value: str = self.value(table, row, field, str)
        if value not in allowed:
            raise self.fail(table, field, f"unknown value {value!r} (expected one of {', '.join(allowed)})")
        return value

    def maybe(self, table: str, row: Mapping[str, Any], field: str, allowed: tuple[str, ...]) -> str | None:
        """``row[field]``, one of ``allowed``, or ``None`` when absent."""
        return self.choice(table, row, field, allowed) if field in row else None

    def only(self, table: str, row: Mapping[str, Any], fields: tuple[str, ...], where: str) -> None:
        """Refuse fields the reader does not know (a misspelt field would be silently ignored)."""
        extra = sorted(set(row) - set(fields))
        if extra:
            raise self.fail(table, where, f"unknown fields {extra} (known: {', '.join(fields)})")

    def reward(self, table: str, value: Any, where: str) -> Reward:
        """A reward table (see ``data/board.toml``); an empty table gives nothing."""
        if not isinstance(value, Mapping):
            raise self.fail(table, where, f"a reward is a table, not {value!r}")
        self.only(table, value, _REWARD_FIELDS, where)
        reward = Reward(
            self.optional(table, value, "guilders", int, 0),
            self.optional(table, value, "vp", int, 0),
            self.optional(table, value, "tools", int, 0),
            self.names(table, value, "bulbs", COLOURS),
            self.optional(table, value, "any_bulbs", int, 0),
            self.maybe(table, value, "action", ACTIONS),
            self.optional(table, value, "strength", int, 1),
            self.optional(table, value, "score_contract", bool, False),
            self.names(table, value, "plant_bulbs", COLOURS),
        )
        if not 1 <= reward.strength <= 4 or (reward.action is None and "strength" in value):
            raise self.fail(table, f"strength of {where}", "an action's strength, from 1 to 4")
        return reward

    def wheel_action(self, table: str, row: Mapping[str, Any], where: str, tile_id: str, tier: str, stack: str) -> WheelAction:
        """A wheel space or an enhancement tile, its meaning checked."""
        action = WheelAction(
            tile_id,
            tier,
            self.maybe(table, row, "action", ACTIONS),
            self.optional(table, row, "strength", int, 1),
            self.optional(table, row, "cost", int, 0),
            self.reward(table, row.get("gain", {}), f"gain of {where}"),
            self.optional(table, row, "plus", bool, False),
            self.maybe(table, row, "effect", EFFECTS),
            stack,
        )
        if not (action.action or action.gain or action.effect):
            raise self.fail(table, f"action of {where}", "a wheel action does something (an action, a gain or an effect)")
        if not 1 <= action.strength <= 4:
            raise self.fail(table, f"strength of {where}", f"a strength from 1 to 4, not {action.strength}")
        if action.strength != 1 and action.action not in ("lower", "enhance", "market", "plant"):
            raise self.fail(table, f"strength of {where}", "only lower, enhance, market and plant have a strength")
        return action


def _box(reader: _Reader) -> Mapping[str, Any]:
    box = reader.table("box")
    for field, expected in BOX.items():
        found = box.get(field)
        if (tuple(found) if isinstance(found, list) else found) != expected:
            raise reader.fail("box", field, f"the rulebook's component list says {expected!r}, not {box.get(field)!r}")
    return box


def _player(reader: _Reader) -> dict[str, Any]:
    player = reader.table("player")
    start_guilders = reader.ints("player", player, "start_guilders", 4)
    cap = reader.value("player", player, "guilder_cap", int)
    if any(g > cap for g in start_guilders):
        raise reader.fail("player", "start_guilders", f"no start above the cap of {cap}")
    start_bulbs = reader.names("player", player, "start_bulbs", COLOURS)
    if len(start_bulbs) != 4:
        raise reader.fail("player", "start_bulbs", "one starting bulb per seat")
    return {
        "start_vp": reader.value("player", player, "start_vp", int),
        "start_tools": reader.value("player", player, "start_tools", int),
        "start_guilders": start_guilders,
        "start_bulbs": start_bulbs,
        "guilder_cap": cap,
    }


def _floodgate(reader: _Reader) -> dict[str, Any]:
    gate = reader.table("floodgate")
    if reader.ints("floodgate", gate, "speeds") != (1, 2, 3):
        raise reader.fail("floodgate", "speeds", "the Floodgate has speeds 1, 2 and 3")
    rise = reader.ints("floodgate", gate, "water_rise", 3)
    if rise[0] != 0:
        raise reader.fail("floodgate", "water_rise", "at speed 1 the water does not rise")
    return {
        "open_costs": reader.ints("floodgate", gate, "open_costs", 2),
        "open_vp": reader.ints("floodgate", gate, "open_vp", 2),
        "water_rise": rise,
    }


def _water_bands(reader: _Reader) -> tuple[str, ...]:
    """The band of each water level 0..maximum."""
    water_max = reader.value("water", reader.table("water"), "maximum", int)
    bands = reader.table("water_bands")
    middle, high = reader.value("water_bands", bands, "middle", int), reader.value("water_bands", bands, "high", int)
    if not 0 < middle < high <= water_max:
        raise reader.fail("water_bands", "high", f"three bands: 0 < middle < high <= {water_max}")
    return tuple(BANDS[(level >= middle) + (level >= high)] for level in range(water_max + 1))


def _market(reader: _Reader) -> tuple[MarketArea, ...]:
    market = reader.table("market")
    spaces = reader.value("market", market, "spaces", int)
    areas = []
    for i, row in enumerate(reader.rows("market_rewards", "areas")):
        where = f"rewards of areas[{i}]"
        rewards = reader.value("market_rewards", row, "rewards", list)
        found = tuple(reader.reward("market_rewards", r, where) for r in rewards)
        if not found or not all(found):
            raise reader.fail("market_rewards", where, "an area offers rewards")
        areas.append(MarketArea(found, spaces))
    if len(areas) != reader.value("market", market, "areas", int) or spaces < 1:
        raise reader.fail("market_rewards", "areas", "as many areas as [market] says, each with marker spaces")
    return tuple(areas)


def _board(reader: _Reader) -> tuple[tuple[Field, ...], tuple[MillSpace, ...]]:
    """The fields and windmill spaces: a graph whose paths go both ways and reach the Market."""
    board = "board"
    fields = []
    for i, row in enumerate(reader.rows(board, "fields")):
        field_id = reader.value(board, row, "id", str)
        reward = reader.reward(board, reader.value(board, row, "reward", Mapping), f"reward of fields[{i}] ({field_id})")
        if not reward:
            raise reader.fail(board, f"reward of fields[{i}] ({field_id})", "every field gives a reward")
        fields.append(Field(field_id, reward))
    field_ids = _unique_ids(reader, board, "fields", [f.id for f in fields])
    rows = reader.rows(board, "spaces")
    space_ids = _unique_ids(reader, board, "spaces", [reader.value(board, row, "id", str) for row in rows])
    spaces = []
    for i, row in enumerate(rows):
        space_id = reader.value(board, row, "id", str)
        where = f"spaces[{i}] ({space_id})"
        cost = reader.value(board, row, "cost", int)
        if cost > 4:
            raise reader.fail(board, f"cost of {where}", f"a windmill space costs 0-4 Guilders, not {cost}")
        adjacent = _refs(reader, board, row, "fields", field_ids, where)
        neighbours = _refs(reader, board, row, "neighbours", space_ids, where)
        if not adjacent or space_id in neighbours:
            raise reader.fail(board, f"fields of {where}", "a space touches fields and is not its own neighbour")
        spaces.append(MillSpace(space_id, cost, adjacent, neighbours, reader.value(board, row, "market", bool)))
    by_id = {space.id: space for space in spaces}
    for i, space in enumerate(spaces):
        for other in space.neighbours:
            if space.id not in by_id[other].neighbours:
                raise reader.fail(board, f"neighbours of spaces[{i}] ({space.id})", f"{other} does not name it back")
    if {f for s in spaces for f in s.fields} != field_ids:
        raise reader.fail(board, "fields", "every field touches a windmill space")
    _check_reaches_market(reader, by_id)
    return tuple(fields), tuple(spaces)


def _unique_ids(reader: _Reader, table: str, field: str, ids: list[str]) -> set[str]:
    if len(set(ids)) != len(ids) or not ids:
        raise reader.fail(table, field, "ids are given and unique")
    return set(ids)


def _refs(reader: _Reader, table: str, row: Mapping[str, Any], field: str, ids: set[str], where: str) -> tuple[str, ...]:
    refs = reader.value(table, row, field, list)
    for ref in refs:
        if ref not in ids:
            raise reader.fail(table, f"{field} of {where}", f"no such id {ref!r}")
    if len(set(refs)) != len(refs):
        raise reader.fail(table, f"{field} of {where}", "names each id once")
    return tuple(refs)


def _check_reaches_market(reader: _Reader, spaces: Mapping[str, MillSpace]) -> None:
    """Every windmill space can be joined to the Market by a chain of windmills."""
    reached = {space.id for space in spaces.values() if space.market}
    frontier = list(reached)
    while frontier:
        for other in spaces[frontier.pop()].neighbours:
            if other not in reached:
                reached.add(other)
                frontier.append(other)
    if len(reached) != len(spaces):
        raise reader.fail("board", "spaces", "every windmill space is joined to the Market by paths")


def _calendar(reader: _Reader, x_tiles: int) -> tuple[CalendarSpace, ...]:
    table = "calendar_rewards"
    spaces = []
    for i, row in enumerate(reader.rows(table, "spaces")):
        slots = []
        for j, slot in enumerate(reader.value(table, row, "unique", list)):
            where = f"unique[{j}] of spaces[{i}]"
            if not isinstance(slot, Mapping):
                raise reader.fail(table, where, "must be a table")
            players = reader.value(table, slot, "min_players", int)
            if not 1 <= players <= 4:
                raise reader.fail(table, f"min_players of {where}", "a player count from 1 to 4")
            slots.append((reader.reward(table, reader.value(table, slot, "reward", Mapping), where), players))
        common = reader.reward(table, reader.value(table, row, "common", Mapping), f"common of spaces[{i}]")
        spaces.append(CalendarSpace(common, tuple(slots)))
    if len(spaces) != reader.value("calendar", reader.table("calendar"), "spaces", int):
        raise reader.fail(table, "spaces", "one entry per Calendar space after the start")
    if sum(len(s.unique) for s in spaces) > x_tiles:
        raise reader.fail(table, "spaces", f"no more unique rewards than the {x_tiles} X tiles")
    return tuple(spaces)


def _wish_values(reader: _Reader) -> tuple[int, ...]:
    values = reader.ints("queens_wish", reader.table("queens_wish"), "values")
    if not values or list(values) != sorted(values, reverse=True) or 0 in values:
        raise reader.fail("queens_wish", "values", "positive values, highest first")
    return values


def _boards(reader: _Reader) -> tuple[WindmillBoard, ...]:
    sizes = reader.table("sizes")
    large_size, small_size = reader.value("sizes", sizes, "large", int), reader.value("sizes", sizes, "small", int)
    if (large_size, small_size) != (6, 5):
        raise reader.fail("sizes", "large", "the large wheel has 6 spaces, the small one 5")
    boards = []
    for i, row in enumerate(reader.rows("boards", "boards")):
        number = reader.value("boards", row, "number", int)
        wheels = []
        for wheel, size in (("large", large_size), ("small", small_size)):
            spaces = reader.value("boards", row, wheel, list)
            where = f"{wheel} of boards[{i}]"
            if len(spaces) != size or not all(isinstance(s, Mapping) for s in spaces):
                raise reader.fail("boards", where, f"{size} spaces, each a table")
            wheels.append(tuple(_start_space(reader, s, f"{where}[{k}]") for k, s in enumerate(spaces)))
        large, small = wheels
        if sorted(str(s.action) for s in large) != sorted(LARGE_WHEEL_ACTIONS):
            raise reader.fail("boards", f"large of boards[{i}]", "the six main actions once each")
        if any(s.action != "lower" for s in small):
            raise reader.fail("boards", f"small of boards[{i}]", "five Lower the Water Level spaces")
        boards.append(WindmillBoard(number, large, small))
    if [b.id for b in boards] != [1, 2, 3, 4]:
        raise reader.fail("boards", "boards", "four windmill boards numbered 1 to 4")
    return tuple(boards)


def _start_space(reader: _Reader, row: Mapping[str, Any], where: str) -> WheelAction:
    reader.only("boards", row, _ACTION_FIELDS, where)
    action = row.get("action")
    return reader.wheel_action("boards", row, where, f"start-{action}", "start", "start")


def _enhancements(reader: _Reader) -> dict[str, Any]:
    tiers = reader.table("tiers")
    if reader.names("tiers", tiers, "names", TIERS) != TIERS:
        raise reader.fail("tiers", "names", f"the tiers {', '.join(TIERS)}")
    counts = reader.ints("tiers", tiers, "tiles", 3)
    found: dict[str, Any] = {}
    for tier, count in zip(TIERS, counts):
        found[tier] = _tiles(reader, tier, tier)
        if len(found[tier]) != count:
            raise reader.fail(tier, "tiles", f"the box holds {count} {tier} tiles, not {len(found[tier])}")
    found["promo"] = _tiles(reader, "promo", "promo")
    if len(found["promo"]) != BOX["promo_tiles"]:
        raise reader.fail("promo", "tiles", f"PROMO 1 holds {BOX['promo_tiles']} tiles")
    ids = [t.id for tier in (*TIERS, "promo") for t in dict.fromkeys(found[tier])]
    if len(set(ids)) != len(ids):
        raise reader.fail("promo", "code", "tile codes are unique across the tiers")
    found["tier_costs"] = reader.ints("tiers", tiers, "costs", 3)
    found["tier_display"] = reader.ints("tiers", tiers, "display", 3)
    return found


def _tiles(reader: _Reader, table: str, tier: str) -> tuple[WheelAction, ...]:
    """The tiles of one table, one entry per tile (copies repeated)."""
    tiles: list[WheelAction] = []
    for i, row in enumerate(reader.rows(table, "tiles")):
        code = reader.value(table, row, "code", str)
        where = f"tiles[{i}] ({code})"
        reader.only(table, row, ("code", "copies", "stack", *_ACTION_FIELDS), where)
        copies = reader.value(table, row, "copies", int)
        if copies < 1:
            raise reader.fail(table, f"copies of {where}", "at least one tile")
        stack = reader.choice(table, row, "stack", TIERS) if tier == "promo" else tier
        tile = reader.wheel_action(table, row, where, code, tier, stack)
        tiles.extend([tile] * copies)
    return tuple(tiles)


def _farm(reader: _Reader, windmills: int, storage_costs: tuple[int, ...]) -> FarmBoard:
    patches = reader.table("patches")
    rows, columns = reader.value("patches", patches, "rows", int), reader.value("patches", patches, "columns", int)
    if (rows, columns) != (4, 7):
        raise reader.fail("patches", "rows", "the patches are 4 rows of 7")
    rewards = reader.value("patches", patches, "rewards", list)
    if len(rewards) != rows or any(not isinstance(r, list) or len(r) != columns for r in rewards):
        raise reader.fail("patches", "rewards", f"{rows} rows of {columns} rewards")
    printed = tuple(
        tuple(reader.reward("patches", gain, f"rewards[{r}][{c}]") or None for c, gain in enumerate(row))
        for r, row in enumerate(rewards)
    )
    row_values = []
    for r, pair in enumerate(reader.value("rows", reader.table("rows"), "values", list)):
        if not (isinstance(pair, list) and len(pair) == 2 and all(type(v) is int for v in pair) and 0 <= pair[0] <= pair[1]):
            raise reader.fail("rows", f"values[{r}]", "a (lower, higher) pair of VP")
        row_values.append((pair[0], pair[1]))
    if len(row_values) != rows:
        raise reader.fail("rows", "values", f"one pair per row ({rows})")
    slots = reader.table("slots")
    if (reader.value("slots", slots, "helpers", int), reader.value("slots", slots, "contracts", int)) != (3, 3):
        raise reader.fail("slots", "helpers", "three Helper slots and three Contract slots")
    groups = reader.table("windmill_groups")
    sizes = reader.ints("windmill_groups", groups, "sizes", 5)
    if sum(sizes) != windmills:
        raise reader.fail("windmill_groups", "sizes", f"the groups hold a player's {windmills} windmills")
    colours = reader.names("windmill_groups", groups, "colours", COLOURS)
    if sorted(colours) != sorted(COLOURS):
        raise reader.fail("windmill_groups", "colours", "one group per colour")
    return FarmBoard(
        patches=printed,
        row_values=tuple(row_values),
        column_values=reader.ints("columns", reader.table("columns"), "values", columns),
        helper_vp=reader.ints("helper_vp", reader.table("helper_vp"), "values", 3),
        storage_costs=storage_costs,
        group_sizes=sizes,
        group_colours=colours,
        group_values=reader.ints("windmill_groups", groups, "vp", 5),
    )


def _borders(reader: _Reader) -> dict[int, str]:
    borders: dict[int, str] = {}
    table = reader.table("borders")
    for border in BORDERS:
        numbers = reader.ints("borders", table, border)
        if not numbers:
            raise reader.fail("borders", border, "every border colour is on some contract")
        for number in numbers:
            if number in borders:
                raise reader.fail("borders", border, f"card {number} has one border")
            borders[number] = border
    if sorted(borders) != list(range(1, BOX["farm_cards"] + 1)):
        raise reader.fail("borders", "red", "every card has one of the three border colours")
    return borders


def _numbered(reader: _Reader, table: str, count: int) -> list[Mapping[str, Any]]:
    rows = reader.rows(table, "cards")
    if [reader.value(table, row, "id", int) for row in rows] != list(range(1, count + 1)):
        raise reader.fail(table, "cards", f"cards numbered 1 to {count}, in order")
    return rows


def _farm_cards(reader: _Reader) -> tuple[FarmCard, ...]:
    borders = _borders(reader)
    helpers = _numbered(reader, "helpers", BOX["farm_cards"])
    contracts = _numbered(reader, "contracts", BOX["farm_cards"])
    cards = []
    for i, (top, bottom) in enumerate(zip(helpers, contracts)):
        where = f"cards[{i}]"
        reader.only("helpers", top, ("id", "trigger", "trigger_min", "helper", "helper_effect"), where)
        reader.only("contracts", bottom, ("id", "contract", "contract_vp", "contract_arg"), where)
        kind = reader.choice("contracts", bottom, "contract", tuple(CONTRACTS))
        args = CONTRACTS[kind]
        arg = reader.choice("contracts", bottom, "contract_arg", args) if args else None
        if not args and "contract_arg" in bottom:
            raise reader.fail("contracts", f"contract_arg of {where}", f"contract {kind} takes no argument")
        helper = reader.reward("helpers", reader.value("helpers", top, "helper", Mapping), f"helper of {where}")
        effect = reader.maybe("helpers", top, "helper_effect", HELPER_EFFECTS)
        if not helper and effect is None:
            raise reader.fail("helpers", f"helper of {where}", "a helper gives a bonus or has an effect")
        cards.append(
            FarmCard(
                id=i + 1,
                trigger=reader.choice("helpers", top, "trigger", TRIGGERS),
                helper=helper,
                contract=kind,
                contract_vp=reader.value("contracts", bottom, "contract_vp", int),
                border=borders[i + 1],
                trigger_min=reader.optional("helpers", top, "trigger_min", int, 0),
                helper_effect=effect,
                contract_arg=arg,
            )
        )
    return tuple(cards)


def _starting_cards(reader: _Reader, farm: FarmBoard) -> tuple[StartingCard, ...]:
    abilities = _numbered(reader, "abilities", BOX["starting_cards"])
    wishes = _numbered(reader, "wishes", BOX["starting_cards"])
    rows, columns = len(farm.patches), len(farm.patches[0])
    cards = []
    for i, (side, back) in enumerate(zip(abilities, wishes)):
        where = f"cards[{i}]"
        reader.only("wishes", back, ("id", "wish", "wish_patches"), where)
        patches = []
        for j, patch in enumerate(reader.optional("wishes", back, "wish_patches", list, [])):
            if not (isinstance(patch, list) and len(patch) == 2 and 0 <= patch[0] < rows and 0 <= patch[1] < columns):
                raise reader.fail("wishes", f"wish_patches[{j}] of {where}", "a [row, column] of the patches")
            patches.append((patch[0], patch[1]))
        wish = reader.choice("wishes", back, "wish", WISHES)
        if (wish == "patches") != bool(patches):
            raise reader.fail("wishes", f"wish_patches of {where}", "the patches wish, and only it, depicts patches")
        ability = reader.choice("abilities", side, "ability", ABILITIES)
        trigger = reader.choice("abilities", side, "trigger", ACTIONS)
        cards.append(StartingCard(i + 1, ability, wish, trigger, tuple(patches)))
    if len({card.ability for card in cards}) != len(cards) or len({card.wish for card in cards}) != len(cards):
        raise reader.fail("wishes", "cards", "six different abilities and six different wishes")
    return tuple(cards)


def _trade_cards(reader: _Reader) -> tuple[TradeCard, ...]:
    cards = []
    for i, row in enumerate(reader.rows("cards", "cards")):
        where = f"quarters of cards[{i}]"
        quarters = reader.value("cards", row, "quarters", list)
        if len(quarters) != 4:
            raise reader.fail("cards", where, "four quarters")
        a, b, c, d = (reader.reward("cards", q, where) for q in quarters)
        if not (a and b and c and d):
            raise reader.fail("cards", where, "every quarter gives a reward")
        cards.append(TradeCard(reader.value("cards", row, "number", int), (a, b, c, d)))
    if [card.id for card in cards] != list(range(1, BOX["trade_cards"] + 1)):
        raise reader.fail("cards", "cards", f"{BOX['trade_cards']} Foreign Trade cards numbered from 1")
    return tuple(cards)


def _gardener(reader: _Reader, space_ids: set[str], areas: int) -> dict[str, Any]:
    """The Gardener's cards, difficulty levels and building order."""
    cards = []
    for i, row in enumerate(_numbered(reader, "cards", BOX["gardener_cards"])):
        where = f"cards[{i}]"
        reader.only("cards", row, ("id", "floodgate", "water", "bonus", "colour", "market", "spot", "back_tiers", "back_farm"), where)
        floodgate = reader.signed("cards", row, "floodgate")
        market = reader.names("cards", row, "market", COLOURS)
        tiers = reader.names("cards", row, "back_tiers", TIERS)
        card = GardenerCard(
            i + 1, floodgate, reader.value("cards", row, "water", int), reader.value("cards", row, "bonus", int),
            reader.choice("cards", row, "colour", COLOURS), (market[0], market[-1]), reader.value("cards", row, "spot", int),
            (tiers[0], tiers[-1]), reader.value("cards", row, "back_farm", int),
        )
        if not -2 <= card.floodgate <= 2 or card.water > 8 or card.spot > 3 or card.back_farm > 2:
            raise reader.fail("cards", where, "floodgate -2..2, water 0..8, spot 0..3, back_farm 0..2")
        if len(market) != 2 or len(tiers) != 2:
            raise reader.fail("cards", where, "two Market bulbs and two enhancement tiers")
        cards.append(card)
    table = reader.table("difficulty")
    if reader.names("difficulty", table, "levels", LEVELS) != LEVELS:
        raise reader.fail("difficulty", "levels", f"the levels {', '.join(LEVELS)}")
    removed = reader.value("difficulty", table, "removed", list)
    extra = reader.value("difficulty", table, "extra_round", list)
    enhancement_vp = reader.ints("difficulty", table, "enhancement_vp", 3)
    patches = reader.names("difficulty", table, "patches", PATCH_RULES)
    bulbs = reader.value("difficulty", table, "bulbs", list)
    shapes = (len(removed), len(extra), len(patches), len(bulbs))
    if shapes != (3, 3, 3, 3) or not all(isinstance(r, list) and all(type(n) is int and 1 <= n <= 20 for n in r) for r in removed):
        raise reader.fail("difficulty", "removed", "per level, the Gardener cards (1-20) taken out of his deck")
    if not all(type(e) is bool for e in extra):
        raise reader.fail("difficulty", "extra_round", "per level, true or false")
    if not all(isinstance(b, list) and len(b) == 2 and all(type(n) is int and n >= 1 for n in b) for b in bulbs):
        raise reader.fail("difficulty", "bulbs", "per level, [VP, per bulbs]")
    levels = tuple(
        GardenerLevel(name, tuple(removed[i]), extra[i], enhancement_vp[i], patches[i], bulbs[i][0], bulbs[i][1])
        for i, name in enumerate(LEVELS)
    )
    build = reader.table("build")
    nearest = reader.value("build", build, "nearest", list)
    order = reader.value("build", build, "order", list)
    if sorted(order) != sorted(space_ids) or len(nearest) != areas or not set(nearest) <= space_ids:
        raise reader.fail("build", "order", "every windmill space once in the order, one nearest space per Market area")
    return {
        "gardener_cards": tuple(cards),
        "gardener_levels": levels,
        "gardener_nearest": tuple(nearest),
        "gardener_order": tuple(order),
    }


#: The data files of a box, in the order they are read.
DATA_FILES: tuple[str, ...] = (
    "board.toml",
    "wheels.toml",
    "enhancements.toml",
    "farm.toml",
    "farm_cards.toml",
    "starting.toml",
    "trade.toml",
    "gardener.toml",
)


def load_components(path: str | Path | None = None) -> Components:
    """Read and check the component data in ``path`` (a folder; the bundled data if ``None``).

    Raises :class:`~tabletop.kernel.api.InvalidData` naming the file, table and field of any defect.
    """
    directory = Path(path) if path is not None else DATA_DIR
    return components_from_data({name: read_toml(directory, name) for name in DATA_FILES})


def components_from_data(data: Mapping[str, Any]) -> Components:
    """Check and build the components from the parsed data files (file name -> its tables).

    This is :func:`load_components` once the files are read; a saved state with corrected
    components is read back through it too, so both are checked alike.
    """
    if not isinstance(data, Mapping):
        raise InvalidData(f"the component data must map file names to their tables, not {data!r}")
    readers = {name: _Reader.of(data, name) for name in DATA_FILES}
    board = readers["board.toml"]
    box = _box(board)
    if box["windmills"] != box["windmills_per_player"] * 4:
        raise board.fail("box", "windmills", "nine windmills per player colour, four colours")
    fields, spaces = _board(board)
    market = _market(board)
    storage = board.value("player", board.table("player"), "storage", int)
    storage_costs = board.ints("storage_costs", board.table("storage_costs"), "costs", storage)
    farm = _farm(readers["farm.toml"], box["windmills_per_player"], storage_costs)
    return Components(
        boards=_boards(readers["wheels.toml"]),
        **_enhancements(readers["enhancements.toml"]),
        fields=fields,
        spaces=spaces,
        market=market,
        water_bands=_water_bands(board),
        calendar=_calendar(board, box["x_tiles"]),
        wish_values=_wish_values(board),
        farm=farm,
        farm_cards=_farm_cards(readers["farm_cards.toml"]),
        starting=_starting_cards(readers["starting.toml"], farm),
        trade_cards=_trade_cards(readers["trade.toml"]),
        **_gardener(readers["gardener.toml"], {space.id for space in spaces}, len(market)),
        players=(box["players"][0], box["players"][1]),
        bulbs_per_colour=box["bulbs_per_colour"],
        windmills_per_player=box["windmills_per_player"],
        windmills=box["windmills"],
        x_tiles=box["x_tiles"],
        neutral_markers=box["neutral_markers"],
        **_player(board),
        **_floodgate(board),
        statuses=_statuses(readers),
        data_json=_frozen(data),
    )


def _statuses(readers: Mapping[str, _Reader]) -> tuple[tuple[str, str, str], ...]:
    return tuple(
        (name, table, str(reader.table(table)["status"])) for name, reader in readers.items() for table in reader.data
    )


def _frozen(data: Mapping[str, Any]) -> str:
    """The data files as JSON text: an immutable copy that :meth:`Components.as_data` reads back."""
    try:
        return json.dumps({name: data[name] for name in DATA_FILES})
    except (TypeError, ValueError) as err:
        raise InvalidData(f"the component data must be plain values (text, numbers, lists, tables): {err}") from None


#: The components of the published game (provisional where the public record is silent).
STANDARD: Components = load_components()

#: The ``components`` option of ``new_game``, and its data in game records and saved states.
COMPONENTS = ComponentsOption("Windmill Valley", Components, STANDARD, load_components, components_from_data)
