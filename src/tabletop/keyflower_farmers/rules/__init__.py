"""Keyflower's rules, by phase of the rulebook: a turn (:mod:`.turns`), production
(:mod:`.production`), transport and upgrades (:mod:`.transport`), the end of a season (:mod:`.season_end`), expanding the villages
(:mod:`.village`), winter (:mod:`.winter`), the random events (:mod:`.chance`) and the season's flow (:mod:`.season`),
gathered here into the engine's :data:`RULES`."""

from __future__ import annotations

from tabletop.keyflower_farmers.moves import Count, IntoField, Move, Take
from tabletop.keyflower_farmers.render import render
from tabletop.keyflower_farmers.rules import chance, production, season_end, transport, turns, village, winter
from tabletop.keyflower_farmers.rules.season import settle
from tabletop.keyflower_farmers.saved import to_json
from tabletop.keyflower_farmers.scoring import scores, winners
from tabletop.keyflower_farmers.state import (
    ChooseBoat,
    ChooseGood,
    DealHome,
    DealWinter,
    DrawSeasonTile,
    DrawSkill,
    DrawWorker,
    KeyflowerState,
    OfferWinter,
    PlaceAnimal,
    PlaceTile,
    PlaceWorkers,
    SelectWinter,
    TossSummerBoat,
    Transport,
    Turn,
)
from tabletop.keyflower_farmers.view import view
from tabletop.kernel.engine import ChanceDecision, Decision, Rules


def describe(state: KeyflowerState, move: Move) -> str:
    """Why a move is refused, beyond what is being asked."""
    pending = state.pending
    if isinstance(move, Count) and isinstance(pending, PlaceWorkers) and not pending.bid:
        tile = state.tile(pending.tile)
        if tile.workers.total + move.count > 6:
            return "at most 6 workers on a tile in a season"
        if tile.uses and move.count <= tile.uses[-1]:
            return f"the last use placed {tile.uses[-1]} workers: this one needs more"
    if isinstance(move, Take | IntoField):
        return "not one of the choices offered"
    return ""


RULES: Rules[KeyflowerState] = Rules(
    game="keyflower_farmers",
    decisions={
        Turn: Decision(turns.turn_moves, turns.resolve_turn, "choosing where to place workers (bid, use) or passing"),
        PlaceWorkers: Decision(turns.placing_moves, turns.resolve_placing, "placing workers (colour, groups, number, payment)"),
        ChooseGood: Decision(production.choose_moves, production.resolve_choose, "choosing what a tile gives"),
        PlaceAnimal: Decision(production.animal_moves, production.resolve_animal, "putting an animal into a field"),
        Transport: Decision(transport.transport_moves, transport.resolve_transport, "transporting and upgrading"),
        OfferWinter: Decision(winter.offer_moves, winter.resolve_offer, "choosing winter tiles to offer"),
        ChooseBoat: Decision(season_end.boat_moves, season_end.resolve_boat, "choosing a boat's cargo"),
        PlaceTile: Decision(village.place_moves, village.resolve_place, "adding a tile to the village"),
        DealHome: ChanceDecision(
            chance.home_outcomes, chance.resolve_home, "dealing a home tile", None, chance.home_run
        ),
        DrawWorker: ChanceDecision(
            chance.worker_outcomes, chance.resolve_worker, "drawing a worker from the bag", chance.worker_sample, chance.worker_run
        ),
        DrawSkill: ChanceDecision(chance.skill_outcomes, chance.resolve_skill, "drawing a skill tile", chance.skill_sample, chance.skill_run),
        DrawSeasonTile: ChanceDecision(
            chance.season_tile_outcomes, chance.resolve_season_tile, "laying out a tile", chance.season_tile_sample, chance.season_tile_run
        ),
        SelectWinter: ChanceDecision(chance.select_outcomes, chance.resolve_select, "selecting a base winter tile"),
        DealWinter: ChanceDecision(chance.winter_outcomes, chance.resolve_winter, "dealing a winter tile", chance.winter_sample, chance.winter_run),
        TossSummerBoat: ChanceDecision(chance.side_outcomes, chance.resolve_side, "laying out a summer boat"),
    },
    settle=settle,
    scores=scores,
    winners=winners,
    view=view,
    to_json=to_json,
    render=render,
    describe=describe,
)

__all__ = ["RULES"]
