"""Windmill Valley's rules, read by phase as the rulebook tells them.

:mod:`.preparation`: the deals, the starting-card draft and the market markers. :mod:`.turn`:
a turn's four steps (floodgate, water, wheels with the calendar, the action). The seven actions:
:mod:`.actions` (Lower the Water Level, Enhance the Wheels, Gain a Farm Enhancement, Build a
Windmill), :mod:`.market` (Visit the Market), :mod:`.bulbs` (storage, Plant Tulip Bulbs,
Conduct Foreign Trade). :mod:`.helpers`: the helper cards. :mod:`.end`: :func:`settle`, the end
of a turn, the Queen's Wish and the end of the game. :mod:`.possible` says whether an action can
be performed at all, :mod:`.common` what they all share (gaining a reward, performing an action).

:data:`RULES` hands all this to the kernel's engine (:mod:`tabletop.kernel.engine`).
"""

from __future__ import annotations

from tabletop.kernel.engine import ChanceDecision, Decision, Rules
from tabletop.windmill_valley import saved, scoring
from tabletop.windmill_valley.render import render
from tabletop.windmill_valley.rules import actions, bulbs, helpers, market, peeks, preparation, promo, turn
from tabletop.windmill_valley.rules.end import settle, winners
from tabletop.windmill_valley.rules.gardener import DECISIONS as GARDENER_DECISIONS
from tabletop.windmill_valley.rules.refusals import describe
from tabletop.windmill_valley.state import (
    AdjustFloodgate,
    BuildWindmill,
    CalendarReward,
    ChooseAction,
    ChooseColour,
    ChooseStack,
    ChoosePath,
    ContractNow,
    DealBoard,
    DealBulb,
    DealFarm,
    DealPeek,
    DealStart,
    DealTile,
    DealTrade,
    Draft,
    Enhance,
    ForeignTrade,
    GainFarmCard,
    KeepBulbs,
    LowerWater,
    MarketChoice,
    MoveWheels,
    PlaceFirstMarker,
    PlantBulbs,
    PlantSupply,
    RemoveWindmill,
    State,
    StoreBulb,
    TileEffect,
    TradeReward,
    UseHelpers,
    VisitMarket,
)
from tabletop.windmill_valley.view import view

RULES: Rules[State] = Rules(
    game="windmill_valley",
    decisions={
        **GARDENER_DECISIONS,
        DealBulb: ChanceDecision(preparation.bulb_outcomes, preparation.deal_bulb, "dealing the solo bulb"),
        DealBoard: ChanceDecision(
            preparation.board_outcomes, preparation.deal_board, "dealing a windmill board", preparation.board_sample
        ),
        DealStart: ChanceDecision(
            preparation.start_outcomes, preparation.deal_start, "dealing a starting card", preparation.start_sample
        ),
        DealTrade: ChanceDecision(
            preparation.trade_outcomes, preparation.deal_trade, "revealing a trade card", preparation.trade_sample
        ),
        DealTile: ChanceDecision(
            preparation.tile_outcomes, preparation.deal_tile, "refilling the display", preparation.tile_sample
        ),
        DealFarm: ChanceDecision(
            preparation.farm_outcomes, preparation.deal_farm, "refilling the farm offer", preparation.farm_sample
        ),
        DealPeek: ChanceDecision(
            peeks.peek_outcomes, peeks.deal_peek, "drawing a card or tile to look at", peeks.peek_sample
        ),
        ChooseStack: Decision(peeks.stack_moves, peeks.choose_stack, "choosing a stack to look at"),
        Draft: Decision(preparation.draft_moves, preparation.draft, "choosing a starting card"),
        PlaceFirstMarker: Decision(preparation.marker_moves, preparation.place_marker, "placing a market marker"),
        AdjustFloodgate: Decision(turn.floodgate_moves, turn.adjust_floodgate, "adjusting the floodgate"),
        MoveWheels: Decision(turn.wheel_moves, turn.move_wheels, "turning the wheels"),
        CalendarReward: Decision(turn.unique_moves, turn.take_unique, "choosing a calendar reward"),
        ChooseAction: Decision(turn.action_moves, turn.choose_action, "choosing an action"),
        UseHelpers: Decision(helpers.helper_moves, helpers.use_helper, "using helpers"),
        LowerWater: Decision(actions.lower_moves, actions.lower_water, "lowering the water level"),
        Enhance: Decision(actions.enhance_moves, actions.enhance_wheels, "enhancing the wheels"),
        GainFarmCard: Decision(actions.farm_moves, actions.gain_farm_card, "gaining a farm enhancement"),
        BuildWindmill: Decision(actions.build_moves, actions.build_windmill, "building a windmill"),
        VisitMarket: Decision(market.market_moves, market.visit_market, "visiting the market"),
        MarketChoice: Decision(market.reward_moves, market.market_reward, "choosing a market reward"),
        PlantBulbs: Decision(bulbs.plant_moves, bulbs.plant_bulbs, "planting tulip bulbs"),
        PlantSupply: Decision(bulbs.supply_moves, bulbs.plant_supply, "planting a bulb from the supply"),
        ForeignTrade: Decision(bulbs.trade_moves, bulbs.foreign_trade, "conducting foreign trade"),
        TradeReward: Decision(bulbs.quarter_moves, bulbs.trade_reward, "choosing trade rewards"),
        KeepBulbs: Decision(bulbs.keep_moves, bulbs.keep_bulbs, "keeping collected bulbs"),
        StoreBulb: Decision(bulbs.store_moves, bulbs.store_bulb, "storing a bulb"),
        ChooseColour: Decision(bulbs.colour_moves, bulbs.choose_colour, "choosing a bulb colour"),
        ChoosePath: Decision(actions.path_moves, actions.choose_path, "choosing the path to the market"),
        RemoveWindmill: Decision(promo.remove_moves, promo.remove_windmill, "returning a windmill to the box"),
        TileEffect: Decision(promo.tile_moves, promo.tile_effect, "carrying out a tile's rule"),
        ContractNow: Decision(helpers.contract_moves, helpers.score_contract_now, "scoring a contract now"),
    },
    settle=settle,
    scores=scoring.scores,
    winners=winners,
    view=view,
    to_json=saved.to_json,
    render=render,
    describe=describe,
)
