"""The first position of a game, and the saved-state reader (which needs the rules)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.kernel.pile import Pile
from tabletop.kernel.rng import Rng
from tabletop.windmill_valley import saved
from tabletop.windmill_valley.components import COMPONENTS, TIERS, Components
from tabletop.windmill_valley.rules import RULES
from tabletop.windmill_valley.rules.gardener import new_gardener
from tabletop.windmill_valley.state import (
    DISPLAY_TIERS,
    FREE,
    LARGE,
    OFFER,
    SMALL,
    AdjustFloodgate,
    ChooseAction,
    GARDENER,
    DealBoard,
    DealBulb,
    DealFarm,
    DealStart,
    DealTile,
    DealTrade,
    Draft,
    EndTurn,
    Farmer,
    MoveWheels,
    PlaceFirstMarker,
    State,
    Turn,
)


def first_farmer(box: Components, seat: int, solo: bool = False) -> Farmer:
    """A farmer at setup: 5 VP, 4/5/6/7 Guilder by seat, 1 Tool, the seat's starting bulb (in
    solo a random one, dealt as a chance event)."""
    return Farmer(
        vp=box.start_vp,
        guilders=box.start_guilders[seat],
        tools=box.start_tools,
        board=-1,
        large=("",) * LARGE,
        small=("",) * SMALL,
        storage=() if solo else (box.start_bulbs[seat],),
        windmills=box.farm.group_sizes,
    )


def setup(players: int, rng: Rng, options: Mapping[str, Any]) -> State:
    """The preparation: every deal is a chance decision on the stack, under the draft (in
    reverse turn order), the market markers (reverse turn order) and the first turn. The
    ``components`` option (checked by :data:`~tabletop.windmill_valley.components.COMPONENTS`)
    gives the component data the game is played with, kept in the state."""
    box = COMPONENTS.resolve(options["components"])
    first_turn = [EndTurn(0), ChooseAction(0), MoveWheels(0), AdjustFloodgate(0)]
    markers = [PlaceFirstMarker(seat) for seat in range(players)]
    drafts = [Draft(seat) for seat in range(players)]
    solo = players == 1
    deals: list[object] = [DealStart()] * (players + 1) + [DealTrade()] + [DealBulb()] * solo
    deals += [DealFarm(slot) for slot in reversed(range(OFFER))]
    deals += [DealTile(slot) for slot in reversed(range(len(DISPLAY_TIERS)))]
    deals += [DealBoard(seat) for seat in reversed(range(players))] + [DealBoard(GARDENER)] * solo
    state = State(
        players=players,
        expert=options["expert"],
        farmers=tuple(first_farmer(box, seat, solo) for seat in range(players)),
        floodgate=1,
        water=0,
        mills=(FREE,) * len(box.spaces),
        neutrals=(),
        display=("",) * len(DISPLAY_TIERS),
        covered=(False,) * len(DISPLAY_TIERS),
        stacks=tuple(Pile(tuple(t.id for t in box.stack(tier, options["promo"]))) for tier in TIERS),
        discards=((), (), ()),
        offer=(0,) * OFFER,
        deck=Pile(tuple(card.id for card in box.farm_cards)),
        discard=(),
        trade=0,
        trade_pile=Pile(tuple(card.id for card in box.trade_cards)),
        spots=("",) * 4,
        taken=tuple((False,) * len(space.unique) for space in box.calendar),
        wish=0,
        wishes=0,
        starting=(),
        start_pile=Pile(tuple(card.id for card in box.starting)),
        boards=Pile(tuple(range(len(box.boards)))),
        turn=Turn(),
        gardener=new_gardener(box, options["difficulty"]) if solo else None,
        rng=rng,
        chance=options["chance"],
        stack=(*first_turn, *markers, *drafts, *deals),
        rules=RULES,
        components=box,
    )
    return RULES.start(state)


def from_json(text: str) -> State:
    """The state written by ``state.to_json()``; bad input raises ``InvalidRecord``."""
    return saved.load(text, RULES)
