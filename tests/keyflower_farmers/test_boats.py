"""The boats, the summer boats and the turn-order tiles, sentence by sentence (base rulebook:
Start of season, Turn order tiles, End of season 5, Boats, Summer boats; The Farmers: turn-order
hexes, boats 5 and 6, end of season, scoring procedure).

Already tested elsewhere, not repeated here: the boats in play per player count, the turn-order
faces per player count and the purple on the highest, the loading order of
``Components.loads`` and Sea Breese's chain values (test_components); the boats loaded at
setup (test_rules_setup); the basic pick order, the purple winner becoming start player, the
start player passing left without a purple bid, the cargo going behind the screen, one Farmers
tile's item, the summer-boat side tossed at random (test_rules_season_end); turn-order tiles
never used (test_rules_turns); summer boats 4a (counter-bid, standing up) and 4b (any colour)
(test_rules_turns); the winter boat pick and the order/boat tiles joining the villages
(test_rules_winter); a turn-order tile's point, the Keyflower boat, Sea Breese with two boats,
Sea Bastion's loop, the White Wind's allocation, the Farmers tie-break, boat 5b on the Bakery
(test_scoring).
"""

import attrs
import pytest

from tabletop.keyflower_farmers import GAME
from tabletop.keyflower_farmers.components import COLOURS, RESOURCES, SEASONS, STANDARD, WATER
from tabletop.keyflower_farmers.encode import catalogue, observation_layout
from tabletop.keyflower_farmers.invariants import invariants
from tabletop.keyflower_farmers.moves import Colour, IntoField, parse_move_text
from tabletop.keyflower_farmers.positions import position
from tabletop.keyflower_farmers.scoring import final_score
from tabletop.keyflower_farmers.state import (
    Animals,
    ChooseBoat,
    PlaceAnimal,
    PlaceTile,
    PlaceWorkers,
    Resources,
    Skills,
    Transport,
    Turn,
    Workers,
)
from tabletop.kernel import hexgrid
from tabletop.kernel.pile import Pile

from .helpers import legal, play

SCREENS = [{"red": 4, "yellow": 2}, {"red": 4, "blue": 2}]


# --- helpers ---------------------------------------------------------------------------------------


def until_boats(state):
    """Everyone passes in succession, until the first boat pick."""
    while not isinstance(state.pending, ChooseBoat):
        state = play(state, "pass")
    return state


def in_season(state, season):
    """``state`` (a spring position) as if in ``season`` (1 summer, 2 autumn, 3 winter)."""
    return attrs.evolve(state, season=season)


def with_faces(state, **faces):
    """The hexes named face ``faces[id]`` up (a summer boat: 0 side a, 1 side b)."""
    return attrs.evolve(state, tiles=tuple(attrs.evolve(t, face=faces[t.id]) if t.id in faces else t for t in state.tiles))


def with_goods(state, **goods_by_tile):
    """Resources put on hexes, taken out of the supply."""
    tiles = tuple(attrs.evolve(t, goods=Resources.of(**goods_by_tile[t.id])) if t.id in goods_by_tile else t for t in state.tiles)
    taken = Resources.of()
    for goods in goods_by_tile.values():
        taken = taken.plus(Resources.of(**goods))
    return attrs.evolve(state, tiles=tiles, supply=state.supply.minus(taken))


def loaded(state, **cargo):
    """The boats loaded with ``cargo[boat] = (workers, skills)`` (the workers taken from the bag,
    the skill tiles from the pile)."""
    boats = []
    bag, pile = list(state.bag.cards()), list(state.skill_pile.cards())
    for c in state.boats:
        if c.boat not in cargo:
            boats.append(c)
            continue
        workers, skills = cargo[c.boat]
        for colour, n in workers.items():
            for _ in range(n):
                bag.remove(colour)
        for skill, n in skills.items():
            for _ in range(n):
                pile.remove(skill)
        boats.append(attrs.evolve(c, workers=c.workers.plus(Workers.of(workers)), skills=c.skills.plus(Skills.of(skills))))
    return attrs.evolve(state, boats=tuple(boats), bag=Pile(tuple(bag)), skill_pile=Pile(tuple(pile)))


def bag_left(state, keep, seat):
    """Only the first ``keep`` workers left in the bag, the others set aside behind ``seat``'s
    screen (every worker still counted once)."""
    cards = state.bag.cards()
    aside = Workers.of({colour: cards[keep:].count(colour) for colour in set(cards[keep:])})
    screens = tuple(screen.plus(aside) if s == seat else screen for s, screen in enumerate(state.screens))
    return attrs.evolve(state, bag=Pile(cards[:keep]), screens=screens)


def gives(state, number):
    """What the turn-order tile ``number`` in play gives at the boat pick (from the data)."""
    (tile,) = [t for t, _ in state.components.turn_order_for(state.players, state.farmers) if t.number == number]
    return dict(tile.gives)


def river_cell(home):
    """The cell beside the river side of the home tile ``home``."""
    return hexgrid.neighbours(hexgrid.ORIGIN)[STANDARD.homes[home - 1].sides.index(WATER)]


def ended(state, start=1):
    """The position as the game ends (nothing left to decide); ``start`` holds the purple worker."""
    return attrs.evolve(state, stack=(), start=start)


# --- boat sides and cargo ------------------------------------------------------------------------


# "In summer, autumn and winter turn the boat tiles over where appropriate so that the icon
# representing that season is visible. In summer and autumn place a number of new workers (from
# the bag) and skill tiles onto the boat tiles as indicated on the tiles."
@pytest.mark.parametrize("season", [1, 2])
def test_in_summer_and_autumn_each_boat_shows_the_seasons_side_and_is_loaded_with_its_cargo(season):
    state = until_boats(in_season(position(6, screens=[{"red": 1}] * 6), season - 1))
    for boat in ("keyflower", "sea_bastion", "sea_breese", "flipper", "ianvincible", "white_wind"):
        state = play(state, f"boat {boat}")
    while isinstance(state.pending, PlaceTile):
        state = play(state, sorted(legal(state))[0])
    assert state.season == season and isinstance(state.pending, Turn)
    for boat, cargo in zip(state.components.boats_for(6), state.boats, strict=True):
        side = boat.side_in(SEASONS[season])
        assert side is (boat.side_a if SEASONS[season] in boat.side_a.seasons else boat.side_b)
        assert (cargo.workers.total, cargo.skills.total) == (side.workers, side.skills), boat.code
    assert not invariants(state)


# "No new workers or skill tiles are placed in the boats in winter." (End of season b, i: "There
# are no new workers or skill tiles arriving on the boats.")
def test_no_workers_or_skills_arrive_on_the_boats_in_winter():
    state = attrs.evolve(position(2, screens=[{"red": 3}, {"red": 3}]), season=2, winter_hands=(("keythedral",), ("jeweller",)))
    state = play(until_boats(state), "boat keyflower", "boat sea_bastion")
    while state.season < 3:
        state = play(state, sorted(legal(state))[0])
    assert all(cargo.workers.total == cargo.skills.total == 0 for cargo in state.boats)
    assert not invariants(state)


# "In the unlikely scenario that there are insufficient workers in the bag, fill boats in order
# with one worker at a time, but not with more workers than are stated on the tile."
def test_a_short_bag_fills_the_boats_in_order_one_worker_at_a_time():
    state = bag_left(position(2, screens=[{"red": 1}, {"red": 1}]), 3, 0)
    state = play(until_boats(state), "boat keyflower", "boat sea_bastion")
    while isinstance(state.pending, PlaceTile):
        state = play(state, sorted(legal(state))[0])
    keyflower, sea_bastion = state.boats
    assert (keyflower.workers.total, sea_bastion.workers.total) == (2, 1)
    assert len(state.bag) == 0
    assert not invariants(state)


# --- the boat pick: turn-order tiles ---------------------------------------------------------------


def five_players(start=0):
    return attrs.evolve(position(5, screens=[{"red": 3}] * 5), start=start, stack=(Turn(start),))


# "The player who won the number 1 turn order tile takes the workers and skill tile(s) from the
# boat of their choice. [...] The player(s) who won the number two, three and four turn order
# tiles (if applicable) then do the same, followed in clockwise order from the new start player
# by any of the players who did not win a turn order tile."
def test_the_boats_are_picked_in_turn_order_tile_order_then_clockwise_from_the_new_start_player():
    state = five_players()
    # Seat 3 wins tile 1, seat 1 tile 3, seat 4 tile 4 (the purple one with five players).
    state = play(state, "pass", "bid order3 1 red", "pass", "bid order1 1 red", "bid order4 1 red")
    state = until_boats(state)
    assert state.pending == ChooseBoat(3, (1, 4, 0, 2))


# "A player may only take contents of one boat even if they win the bids for more than one turn
# order tile."
def test_a_player_winning_several_turn_order_tiles_takes_one_boat():
    state = five_players()
    state = play(state, "bid order1 1 red", "bid order2 1 red", "pass", "pass", "pass", "bid order3 1 red")
    state = until_boats(state)
    assert state.pending == ChooseBoat(0, (1, 2, 3, 4))
    state = loaded(state, keyflower=({"blue": 2}, {}), sea_bastion=({"yellow": 3}, {}))
    state = play(state, "boat keyflower")
    assert state.pending.seat == 1 and state.screens[0].named("blue") == 2
    assert state.screens[0].named("yellow") == 0


# "Usually a player will have successfully bid for the turn order tile showing the purple start
# player. When that tile is resolved the start player will change to that player immediately."
def test_the_start_player_changes_when_the_purple_tile_is_resolved_not_before():
    state = attrs.evolve(position(3, screens=[{"red": 3}] * 3), start=1, stack=(Turn(1),))
    # Seat 2 wins tile 1, seat 0 tile 2 (purple with three players); seat 1 started.
    state = play(state, "pass", "bid order1 1 red", "bid order2 1 red")
    state = until_boats(state)
    assert state.pending == ChooseBoat(2, (0, 1))
    state = play(state, "boat keyflower")
    assert state.start == 1  # tile 1 resolved: no change yet
    state = play(state, "boat sea_bastion")
    assert state.start == 0  # the purple tile resolved
    assert state.pending.seat == 1


# "If no player bid for the new start player tile, the existing start player remains the start
# player for the purposes of collecting the boat contents" and "If no player bid for the turn
# order tile with the start player icon then, after all of the players have taken their workers
# and skill tile(s), the player to the start player's left becomes the new start player".
def test_without_a_purple_bid_the_old_start_player_leads_the_others_pick_then_the_marker_passes_left():
    state = attrs.evolve(position(3, screens=[{"red": 3}] * 3), start=1, stack=(Turn(1),))
    state = play(state, "pass", "bid order1 1 red")  # seat 2 wins tile 1; nobody bids on tile 2
    state = until_boats(state)
    assert state.pending == ChooseBoat(2, (1, 0))
    state = play(state, "boat keyflower", "boat sea_bastion")
    assert state.start == 1
    state = play(state, "boat sea_breese")
    assert state.start == 2


# "Place the workers used in the bids for the turn order tiles into the bag (including green
# workers)." (after the boats are chosen, step v)
def test_turn_order_bids_go_into_the_bag_once_the_boats_are_taken():
    state = position(2, screens=[{"green": 2, "red": 1}, {"red": 1}])
    state = until_boats(play(state, "bid order1 2 green"))
    bag = len(state.bag)
    state = play(state, "boat keyflower")
    assert len(state.bag) == bag
    state = play(state, "boat sea_bastion")
    # Summer has begun: its cargo came out of the bag the two green workers went into.
    aboard = [c for c in state.boats]
    assert len(state.bag) + sum(c.workers.total for c in aboard) == bag + 2
    assert state.bag.cards().count("green") + sum(c.workers.named("green") for c in aboard) == 2
    assert state.screens[0].named("green") == 0
    assert not invariants(state)


# The Farmers: "Se um jogador ganhar o lance para mais de um hexagono da ordem de turno, ele
# recebe os recursos de cada um dos hexagonos."
def test_a_player_winning_several_farmers_turn_order_tiles_gets_the_items_of_each():
    state = five_players()
    state = play(state, "bid order1 1 red", "pass", "pass", "pass", "pass", "bid order2 1 red")
    state = play(until_boats(state), "boat keyflower")
    expected = {}
    for number in (1, 2):
        for item, n in gives(state, number).items():
            expected[item] = expected.get(item, 0) + n
    assert set(expected) == {"wheat"} and state.wheat[0] == expected["wheat"]
    assert state.wheat[1:] == (0, 0, 0, 0)


# The Farmers: "Quando os jogadores ganham licitações para os hexágonos da ordem de turno, eles
# obtêm os recursos indicados neles, além da preferência na escolha de barcos." and "Continue
# usando o hexágono 4 da ordem de turno dos jogadores" (a base tile: it gives nothing).
@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_each_turn_order_tile_gives_its_printed_items_to_its_winner_at_the_boat_pick(number):
    state = five_players()
    state = play(state, f"bid order{number} 1 red")
    state = until_boats(state)
    assert state.pending.seat == 0
    expected = gives(state, number)
    assert set(expected) <= {"wheat", *RESOURCES}, "items other than wheat and resources: extend this test"
    assert (number == 4) == (not expected)
    state = play(state, "boat keyflower")
    assert state.wheat[0] == expected.get("wheat", 0)
    assert all(state.tile("home1").goods.named(r) == expected.get(r, 0) for r in RESOURCES)


# The Farmers: "Os recursos dos hexagonos da ordem de turno são retirados ao mesmo tempo em que
# um jogador recebe os trabalhadores e os tokens de habilidades de um dos barcos [...] ou recebe
# o hexágono do barco (no inverno)."
def test_farmers_turn_order_items_come_with_the_boat_tile_in_winter():
    state = play(in_season(position(2, screens=SCREENS), 3), "bid order1 1 red")
    state = until_boats(state)
    assert state.wheat[0] == 0
    state = play(state, "boat sea_bastion")
    assert state.wheat[0] == gives(state, 1)["wheat"]


# Base game: the turn-order tiles only order the boat pick and name the next start player.
def test_base_turn_order_tiles_give_nothing_at_the_boat_pick():
    state = play(position(2, screens=SCREENS, farmers=False), "bid order1 1 red")
    state = play(until_boats(state), "boat keyflower", "boat sea_bastion")
    assert state.wheat == (0, 0)
    assert state.screens[0].total == sum(SCREENS[0].values()) - 1


# "If a player wins more than one turn order tile then they take these turn order tiles but do
# not take a second boat tile." and "The turn order tiles and boat tiles are added to the
# players' villages."
def test_in_winter_a_player_winning_several_turn_order_tiles_takes_them_all_and_one_boat_tile():
    state = in_season(position(3, screens=[{"red": 3}] * 3), 3)
    state = play(state, "bid order1 1 red", "pass", "pass", "bid order2 1 red")
    state = until_boats(state)
    assert state.pending == ChooseBoat(0, (1, 2))
    state = play(state, "boat sea_breese")
    placing = [p for p in state.stack if isinstance(p, PlaceTile) and p.seat == 0]
    assert sorted(p.tile for p in placing) == ["order1", "order2", "sea_breese"]
    while not state.is_over:
        state = play(state, sorted(legal(state))[0])
    assert {"order1", "order2", "sea_breese"} <= set(state.villages[0].ids)
    assert [sum(t in state.components.boat_ids for t in v.ids) for v in state.villages] == [1, 1, 1]
    assert not invariants(state)


# "ii. There are no new workers or skill tiles arriving on the boats." A winter boat pick brings
# the boat tile only (and no worker, skill or wheat without summer boats or Farmers tiles).
def test_a_winter_boat_pick_brings_the_boat_tile_and_nothing_else():
    state = until_boats(in_season(position(2, screens=SCREENS), 3))
    screens, skills, wheat = state.screens, state.skills, state.wheat
    state = play(state, "boat keyflower")
    assert (state.screens, state.skills, state.wheat) == (screens, skills, wheat)
    assert state.pending == PlaceTile(0, "keyflower")


# --- summer boats 1 and 6: items at the boat pick ----------------------------------------------------


def owning(code, face, season=1, seat=0, **kwargs):
    """A two-player position in ``season`` where ``seat`` owns the summer boat ``code`` (beside
    their home's river) showing ``face``."""
    villages = [[], []]
    villages[seat] = [(code, river_cell(seat + 1), None)]
    kwargs.setdefault("screens", SCREENS)
    return in_season(with_faces(position(2, villages=villages, **kwargs), **{code: face}), season)


# Boat 1a: "When taking workers from the boats at the end of summer and autumn, the player takes
# two additional workers from the bag if available."
@pytest.mark.parametrize("season", [1, 2])
def test_summer_boat_1a_gives_two_workers_from_the_bag_with_the_boat_cargo(season):
    state = loaded(until_boats(owning("summer_boat_1", 0, season)), keyflower=({"blue": 3}, {"saw": 1}))
    behind, bag = state.screens[0].total, len(state.bag)
    state = play(state, "boat keyflower")
    assert state.screens[0].total == behind + 3 + 2
    assert len(state.bag) == bag - 2
    assert state.skills[0].named("saw") == 1
    assert not invariants(state)


# Boat 1a: "When taking a boat tile at the end of winter, the player takes two workers from the
# bag. Note these are the only new workers that any player will receive at the end of winter."
def test_summer_boat_1a_gives_two_workers_with_the_boat_tile_in_winter():
    state = until_boats(owning("summer_boat_1", 0, season=3))
    behind = state.screens[0].total
    state = play(state, "boat sea_bastion")
    assert state.screens[0].total == behind + 2
    state = play(state, sorted(legal(state))[0], "boat keyflower")
    assert state.screens[1].total == sum(SCREENS[1].values())  # seat 1 receives none


# Boat 1a: "... takes two additional workers from the bag if available."
def test_summer_boat_1a_draws_only_what_the_bag_holds():
    state = bag_left(until_boats(owning("summer_boat_1", 0)), 1, 1)
    behind = state.screens[0].total
    state = play(state, "boat keyflower")
    assert state.screens[0].total == behind + 1 and len(state.bag) == 0


# Boat 1a: "The workers are drawn from the bag after all of the workers (including green workers)
# used in winning bids in that round have been placed in the bag."
def test_summer_boat_1a_draws_after_the_winning_bids_are_in_the_bag():
    state = owning("summer_boat_1", 0, screens=[{"red": 1}, {"green": 2}], offer=["keywood"], to_move=1)
    state = bag_left(state, 0, 0)  # an empty bag: seat 0 holds no green worker
    state = until_boats(play(state, "bid keywood 2 green"))
    greens = state.screens[0].named("green")
    state = play(state, "boat keyflower")
    assert state.screens[0].named("green") == greens + 2  # seat 1's winning bid


# Boat 1b: "When taking workers from the boats at the end of summer and autumn, the player
# additionally takes one green worker from the supply if available. When taking a boat tile at
# the end of winter, the player also takes one green worker from the supply if available."
@pytest.mark.parametrize("season", [1, 2, 3])
def test_summer_boat_1b_gives_one_green_worker_from_the_supply(season):
    state = until_boats(owning("summer_boat_1", 1, season))
    green, bag = state.green, len(state.bag)
    state = play(state, "boat sea_bastion")
    assert state.screens[0].named("green") == 1 and state.green == green - 1
    assert len(state.bag) == bag
    assert not invariants(state)


def test_summer_boat_1b_gives_nothing_once_the_green_supply_is_empty():
    state = until_boats(owning("summer_boat_1", 1))
    state = attrs.evolve(state, green=0, screens=(state.screens[0], state.screens[1].add("green", state.green)))
    state = play(state, "boat sea_bastion")
    assert state.screens[0].named("green") == 0


# "The abilities conveyed by the boats cannot be acquired by other players."
def test_a_summer_boats_bonus_goes_to_its_owner_only():
    state = until_boats(owning("summer_boat_1", 1, seat=1))
    state = play(state, "boat keyflower")
    assert state.screens[0].named("green") == 0
    state = play(state, "boat sea_bastion")
    assert state.screens[1].named("green") == 1


# "When in a player's village the tile gives that player a unique ability." A summer boat won
# this summer joins the village after the boat pick (End of season: 5. turn order tiles, then
# 6. the tiles are added to the villages): it gives nothing at this summer's pick (reading of the
# base procedure's order).
def test_a_summer_boat_won_this_season_gives_nothing_at_the_same_boat_pick():
    state = in_season(position(2, screens=SCREENS, offer=["summer_boat_1"]), 1)
    state = with_faces(state, summer_boat_1=1)
    state = until_boats(play(state, "bid summer_boat_1 1 red"))
    state = play(state, "boat keyflower")
    assert state.screens[0].named("green") == 0


# Boat 6a: "Ao retirar trabalhadores dos barcos no final do verão e outono, o jogador também leva
# dois tokens de trigo, se disponível. Ao pegar um hexagono de barco no no final do inverno, o
# jogador leva dois tokens de trigo, se disponível."
@pytest.mark.parametrize("season", [1, 2, 3])
def test_summer_boat_6a_gives_two_wheat_at_the_boat_pick(season):
    state = until_boats(owning("summer_boat_6", 0, season))
    supply = state.wheat_supply
    state = play(state, "boat sea_bastion")
    wheat = dict(state.components.tile("summer_boat_6").faces[0].gives)["wheat"]
    assert state.wheat[0] == wheat and state.wheat_supply == supply - wheat


def test_summer_boat_6a_gives_only_the_wheat_left_in_the_supply():
    state = until_boats(owning("summer_boat_6", 0))
    state = attrs.evolve(state, wheat=(0, state.wheat_supply - 1), wheat_supply=1)
    state = play(state, "boat sea_bastion")
    assert state.wheat[0] == 1 and state.wheat_supply == 0


def _home_field(state, seat, i):
    return state.villages[seat].fields.fields_on((0, 0))[i]


def _with_animals(state, seat, *pairs):
    """Animals put into fields of ``seat``'s home hex (field ``i`` of the hex), out of the supply."""
    village = state.villages[seat]
    animals = tuple(sorted((_home_field(state, seat, i), Animals.of(**counts)) for i, counts in pairs))
    total = Animals.of()
    for _, a in animals:
        total = total.plus(a)
    villages = tuple(attrs.evolve(v, animals=animals) if s == seat else v for s, v in enumerate(state.villages))
    return attrs.evolve(state, villages=villages, animals=state.animals.minus(total))


def _place_animals(state):
    """Each animal to place goes into the first field offered."""
    while state.to_move == 0 and any(m.startswith("field") for m in legal(state)):
        state = play(state, sorted(legal(state))[0])
    return state


# Boat 6b: "Ao retirar trabalhadores dos barcos no final do verão e outono, o jogador também leva
# um porco e uma ovelha, se disponíveis. O porco e a ovelha devem ser colocados em um campo na
# casa do jogador."
def test_summer_boat_6b_puts_a_pig_and_a_sheep_into_fields_of_the_home_hex():
    state = play(until_boats(owning("summer_boat_6", 1)), "boat sea_bastion")
    home_fields = set(state.villages[0].fields.fields_on((0, 0)))
    offered = {m for m in legal(state) if m.startswith("field")}
    assert offered and len(offered) == len(home_fields)
    state = _place_animals(state)
    held = dict(state.villages[0].animals)
    assert set(held) <= home_fields
    assert sum(a.named("pig") for a in held.values()) == 1 and sum(a.named("sheep") for a in held.values()) == 1
    assert not invariants(state)


# Boat 6b: "Os animais são recebidos antes da reprodução, para que possam se reproduzir no verão
# e/ou no outono se já houver um ou mais do mesmo tipo de animal no campo em que foram
# colocados."
def test_summer_boat_6b_animals_arrive_before_breeding_and_breed():
    state = _with_animals(owning("summer_boat_6", 1), 0, (0, {"sheep": 1}), (1, {"cow": 1}), (2, {"cow": 1}), (3, {"cow": 1}))
    state = play(until_boats(state), "boat sea_bastion")
    sheep_field, free_field = (f"field {_sector_text(_home_field(state, 0, i))}" for i in (0, 4))
    while isinstance(state.pending, PlaceAnimal):
        options = {m for m in legal(state)}
        if state.pending.animal == "pig":
            assert options == {free_field}  # the one empty field: the others hold sheep or cows
            state = play(state, free_field)
        else:
            assert options == {sheep_field, free_field}
            state = play(state, sheep_field)
    state = play(state, "boat keyflower")
    held = dict(state.villages[0].animals)
    assert held[_home_field(state, 0, 0)].named("sheep") == 1 + 1 + 1  # the boat's sheep, and a newborn
    assert held[_home_field(state, 0, 4)].named("pig") == 1  # alone: no newborn
    assert not invariants(state)


def _sector_text(sector):
    return str(IntoField(sector))[len("field ") :]


# Boat 6b: "Se não houver campos disponíveis então o jogador não pode levar o porco e/ou a
# ovelha."
def test_summer_boat_6b_without_an_open_home_field_the_animals_are_not_taken():
    state = _with_animals(owning("summer_boat_6", 1), 0, *((i, {"cow": 1}) for i in range(5)))
    supply = state.animals
    state = play(until_boats(state), "boat sea_bastion")
    assert not any(m.startswith("field") for m in legal(state))
    assert state.animals == supply


# "Os animais não se reproduzem no final do inverno." Boat 6b in winter: "o jogador pega um
# porco e uma ovelha, se disponível, que devem ser colocados em um campo disponível na casa do
# jogador."
def test_summer_boat_6b_animals_taken_in_winter_do_not_breed():
    state = _with_animals(owning("summer_boat_6", 1, season=3), 0, (0, {"sheep": 1}))
    state = play(until_boats(state), "boat sea_bastion")
    sheep_field = f"field {_sector_text(_home_field(state, 0, 0))}"
    while isinstance(state.pending, PlaceAnimal):
        options = sorted(legal(state))
        state = play(state, sheep_field if sheep_field in options else options[0])
    while not state.is_over:
        state = play(state, sorted(legal(state))[0])
    assert dict(state.villages[0].animals)[_home_field(state, 0, 0)].named("sheep") == 2


# --- summer boats 2 and 3: transport, placement, upgrades -------------------------------------------

# home1 --road-- keywood; key_mine beside keywood across grass sides only (no road joins it to
# the village); summer boat 2 beside the home's river.
GRASS_LINK = [("summer_boat_2", (1, 0), 0), ("keywood", (-1, 0), 0), ("key_mine", (-2, 1), 3)]


# Boat 2a: "When transporting resources the resources may be transported across fields (where
# there are no roads) as well as along roads."
def test_summer_boat_2a_resources_move_across_fields_as_well_as_roads():
    for face, across in ((0, True), (1, False)):
        state = position(2, screens=SCREENS, villages=[GRASS_LINK, []])
        state = with_goods(with_faces(state, summer_boat_2=face), keywood={"wood": 1}, home1={"stone": 1})
        state = play(state, "use home1 1 red")
        assert ("carry wood keywood key_mine" in legal(state)) is across
        assert "carry stone home1 keywood" in legal(state)  # along the road, either way
        assert "carry stone home1 summer_boat_2" not in legal(state)  # never across the river


# Boat 2a: "In addition, when placing village tiles in their village a player does not need to
# match the sides (roads, no roads and water)."
def test_summer_boat_2a_places_won_tiles_without_matching_sides():
    places = {}
    for face in (0, 1):
        state = position(2, screens=SCREENS, offer=["keywood"], villages=[[("summer_boat_2", (1, 0), 0)], []])
        state = play(with_faces(state, summer_boat_2=face), "bid keywood 1 red")
        state = play(until_boats(state), "boat keyflower", "boat sea_bastion")
        assert state.pending == PlaceTile(0, "keywood")
        places[face] = legal(state)
    matching, free = places[1], places[0]
    assert matching < free
    cells = {m.split()[1] for m in free}
    turns = {m.split()[3] for m in free}
    assert free == {f"place {cell} turn {t}" for cell in cells for t in turns}  # every place touching the village


# Boat 2a: "This ability does not affect the Sea Bastion boat which requires roads to be
# connected in a loop in order to score points."
def test_summer_boat_2a_does_not_help_the_sea_bastion():
    # home1, keywood and mason in a triangle: two road links, one grass link (keywood-mason).
    village = [("keywood", (1, -1), 1), ("mason", (0, -1), 0), ("summer_boat_2", (2, -1), None), ("sea_bastion", (-1, -1), None)]
    state = with_faces(position(2, screens=SCREENS, villages=[village, []]), summer_boat_2=0)
    assert final_score(ended(state), 0) == 0
    state = play(with_goods(state, keywood={"wood": 1}), "use home1 1 red")
    assert "carry wood keywood mason" in legal(state)  # one movement: the grass side joins them


# Boat 2b: "All of a players transport capacity and upgrade ability is doubled."
def test_summer_boat_2b_doubles_transport_and_upgrades():
    home = STANDARD.homes[0].faces[0]
    for face, factor in ((1, 2), (0, 1)):
        state = with_faces(position(2, screens=SCREENS, villages=[[("summer_boat_2", (1, 0), 0)], []]), summer_boat_2=face)
        assert play(state, "use home1 1 red").pending == Transport(0, home.transport * factor, home.upgrades * factor)


# The Farmers: "O movimento gerado pelo trigo não é duplicado se o jogador possui o barco 2b."
def test_summer_boat_2b_does_not_double_wheat_movement():
    state = with_faces(position(2, screens=SCREENS, villages=[[("summer_boat_2", (1, 0), 0)], []]), summer_boat_2=1)
    state = attrs.evolve(state, wheat=(1, 0), wheat_supply=state.wheat_supply - 1)
    state = play(state, "use home1 1 red")
    doubled = state.pending.moves
    state = play(state, "spend wheat")
    assert state.pending.moves == doubled + 1


# Boat 2b: "If a player has the Keyflower boat at the end of the game, the Keyflower scoring is
# doubled." The Farmers: "o trigo não contribui para marcar se um jogador possuir o hexágono
# keyflower."
def test_summer_boat_2b_doubles_the_keyflower_boat_score_and_wheat_adds_nothing():
    village = [("summer_boat_2", (1, 0), 0), ("keyflower", (2, 0), 0)]
    transport = STANDARD.homes[0].faces[0].transport
    for face, points in ((1, 2 * transport), (0, transport)):
        state = with_faces(position(2, villages=[village, []]), summer_boat_2=face)
        state = attrs.evolve(state, wheat=(3, 0), wheat_supply=state.wheat_supply - 3)
        assert final_score(ended(state), 0) == points


# Boat 3a: "When upgrading any type of resource: gold, iron, stone and wood can be used in
# substitution for any other type of resource."
def test_summer_boat_3a_any_resource_pays_for_any_other_in_an_upgrade():
    cost = dict(STANDARD.homes[0].upgrade)
    other = next(r for r in ("gold", "iron", "stone", "wood") if r not in cost)
    n = sum(cost.values())
    for face, allowed in ((0, True), (1, False)):
        state = position(2, screens=SCREENS, villages=[[("summer_boat_3", (1, 0), 0)], []])
        state = with_goods(with_faces(state, summer_boat_3=face), home1={other: n})
        state = play(state, "use home1 1 red")
        paying = f"upgrade home1 paying {','.join([other] * n)}"
        assert (paying in legal(state)) is allowed
    state = position(2, screens=SCREENS, villages=[[("summer_boat_3", (1, 0), 0)], []])
    state = with_goods(with_faces(state, summer_boat_3=0), home1={other: n})
    state = play(state, "use home1 1 red", f"upgrade home1 paying {','.join([other] * n)}")
    assert state.tile("home1").face == 1 and state.tile("home1").goods.total == 0
    assert not invariants(state)


# --- summer boats 3b and 5b: end scoring ------------------------------------------------------------


def scored_with(boat, face, winter_tile, wheat=0, **goods):
    """Seat 0's final score: the summer boat ``boat`` showing ``face`` and the winter tile
    ``winter_tile`` in the village, ``goods`` on the home tile, ``wheat`` behind the screen."""
    village = [(boat, (1, 0), 0), (winter_tile, (1, -1), None)]
    state = with_goods(with_faces(position(2, villages=[village, []]), **{boat: face}), home1=goods)
    state = attrs.evolve(state, wheat=(wheat, 0), wheat_supply=state.wheat_supply - wheat)
    return final_score(ended(state), 0)


def points_of(code):
    return STANDARD.tile(code).scoring.points


# Boat 3b: "For game end scoring purposes, gold, iron, stone and wood can be counted in
# substitution for any other type of resource."
def test_summer_boat_3b_resources_stand_for_one_another_in_end_scoring():
    assert scored_with("summer_boat_3", 1, "mercers_guild", wood=3) == points_of("mercers_guild")
    assert scored_with("summer_boat_3", 1, "jeweller", stone=2) == 2 * points_of("jeweller")
    # Side a (3a) works in upgrades only.
    assert scored_with("summer_boat_3", 0, "mercers_guild", wood=3) == 0
    assert scored_with("summer_boat_3", 0, "jeweller", stone=2) == 0


# Boat 5b: "Para fins de pontuação final do jogo, o trigo pode ser contado como qualquer tipo de
# recurso e qualquer tipo de recurso pode ser considerado como trigo."
def test_summer_boat_5b_wheat_counts_as_any_resource_and_any_resource_as_wheat():
    assert scored_with("summer_boat_5", 1, "mercers_guild", wheat=1, wood=1, stone=1) == points_of("mercers_guild")
    assert scored_with("summer_boat_5", 1, "granary", stone=1, iron=1) == points_of("granary")
    assert scored_with("summer_boat_5", 0, "mercers_guild", wheat=1, wood=1, stone=1) == 0
    assert scored_with("summer_boat_5", 0, "granary", stone=1, iron=1) == 0


# Boat 5b trades wheat for resources only: one resource does not stand for another (that is
# boat 3b's ability).
def test_summer_boat_5b_does_not_let_one_resource_stand_for_another():
    assert scored_with("summer_boat_5", 1, "mercers_guild", wood=3) == 0
    assert scored_with("summer_boat_5", 1, "jeweller", stone=2) == 0


# --- summer boat 5a: animals sharing fields -------------------------------------------------------


# Boat 5a: "O jogador que possui o barco 5a pode colocar ou mover vacas, porcos e ovelhas para os
# mesmos campos um do outro."
def test_summer_boat_5a_animals_may_be_moved_into_a_field_of_another_type():
    for face, allowed in ((0, True), (1, False)):
        state = position(2, screens=SCREENS, villages=[[("summer_boat_5", (1, 0), 0)], []])
        state = _with_animals(with_faces(state, summer_boat_5=face), 0, (0, {"sheep": 1}), (1, {"pig": 1}))
        state = play(state, "use home1 1 red")
        source, target = (_sector_text(_home_field(state, 0, i)) for i in (0, 1))
        assert (f"herd sheep {source} {target}" in legal(state)) is allowed


def test_summer_boat_5a_animals_may_be_placed_into_a_field_of_another_type():
    # Every field of the home hex holds cows; boat 6b brings a pig and a sheep.
    village = [("summer_boat_5", (1, 0), 0), ("summer_boat_6", (2, 0), 0)]
    for face, placed in ((0, 2), (1, 0)):
        state = position(2, screens=SCREENS, villages=[village, []])
        state = in_season(with_faces(state, summer_boat_5=face, summer_boat_6=1), 1)
        state = _with_animals(state, 0, *((i, {"cow": 1}) for i in range(5)))
        supply = state.animals.total
        state = play(until_boats(state), "boat sea_bastion")
        while isinstance(state.pending, PlaceAnimal):
            state = play(state, sorted(legal(state))[0])
        assert supply - state.animals.total == placed


# Boat 5a: "Os animais na aldeia do dono do barco irá se reproduzir mesmo que haja diferentes
# tipos de animais no mesmo campo."
def test_summer_boat_5a_mixed_fields_still_breed():
    for face, born in ((0, 1), (1, 0)):
        state = position(2, screens=SCREENS, villages=[[("summer_boat_5", (1, 0), 0)], []])
        state = _with_animals(with_faces(state, summer_boat_5=face), 0, (0, {"sheep": 2, "pig": 2, "cow": 1}))
        state = play(until_boats(state), "boat keyflower", "boat sea_bastion")
        held = dict(state.villages[0].animals)[_home_field(state, 0, 0)]
        assert (held.named("sheep"), held.named("pig"), held.named("cow")) == (2 + born, 2 + born, 1)


# --- summer boats 4a and 4b: colours (the basic cases are in test_rules_turns) -------------------


def _with_summer_boat_4(side, screens):
    state = position(2, screens=screens, offer=["keywood"], villages=[[("summer_boat_4", (1, 0), 0)], []], to_move=1)
    return with_faces(state, summer_boat_4=side)


# Boat 4a: "If another player has bid for a village tile using blue, red or yellow (but not
# green) workers, then the owner of this boat may counter bid using a different colour".
def test_summer_boat_4a_cannot_counter_a_green_bid():
    state = play(_with_summer_boat_4(0, [{"red": 3, "green": 3}, {"green": 2}]), "bid keywood 1 green")
    bids = {m for m in legal(state) if m.startswith("bid keywood")}
    assert bids == {"bid keywood 2 green", "bid keywood 3 green"}


# Boat 4a: "If another player has bid for a village tile [...]": turn-order tiles are not village
# tiles (the rulebook names them apart: "bid for a village tile or turn order tile").
def test_summer_boat_4a_counters_bids_for_village_tiles_only():
    state = play(_with_summer_boat_4(0, [{"red": 3}, {"blue": 2}]), "bid order1 1 blue")
    assert not any(m.startswith("bid order1") for m in legal(state))


# Boat 4a: "If all of the other players' workers [...] are moved elsewhere because they have been
# outbid and there are no workers using the tile being bid for, then the workers that are lying
# horizontal are stood up": while workers use the tile, they stay lying.
def test_summer_boat_4a_workers_stay_lying_while_the_tile_is_used():
    state = _with_summer_boat_4(0, [{"red": 3, "green": 2}, {"blue": 4}])
    state = play(state, "use keywood 1 blue", "pass", "bid keywood 1 blue", "bid keywood 2 green")
    state = play(state, "bid order1 1 blue from keywood")
    assert state.lot("keywood").bid_of(1) is None
    assert state.lot("keywood").colour == "blue"


# Boat 4a is a bidding ability: "the owner of this boat may counter bid using a different colour".
# Using a tile still takes the colour of the workers on it.
def test_summer_boat_4a_does_not_free_the_colour_of_a_use():
    state = play(_with_summer_boat_4(0, [{"red": 3}, {"blue": 4}]), "use keywood 1 blue")
    assert not any(m.startswith(("use keywood", "bid keywood")) for m in legal(state))  # no bid to counter either


# Boat 4b is a using ability: "the owner of boat 4b does not have to follow the same colour rule
# [...] when placing workers on the tile for production". Bids keep the tile's colour.
def test_summer_boat_4b_does_not_free_the_colour_of_a_bid():
    state = play(_with_summer_boat_4(1, [{"red": 3}, {"blue": 4}]), "bid keywood 1 blue")
    assert not any(m.startswith("bid keywood") for m in legal(state))
    assert "use keywood 1 red" in legal(state)


# Boat 4b: "The horizontal workers still count toward the six worker limit for workers using a
# single tile."
def test_summer_boat_4b_off_colour_workers_count_toward_the_six():
    state = _with_summer_boat_4(1, [{"red": 3}, {"blue": 5}])
    state = play(state, "use keywood 1 blue", "use keywood 2 red")
    uses = {m for m in legal(state) if m.startswith("use keywood")}
    assert uses == {"use keywood 3 blue"}  # 1 + 2 + 3 = 6: nothing more


# Boat 4b: "If a tile has not previously been used or bid for, then this does not apply - the
# player must place their workers standing up in the usual way and, if more than one, they must
# be of the same colour as each other." (Every placement is of one colour.)
def test_summer_boat_4b_an_untouched_tile_is_used_in_one_colour_as_usual():
    state = play(_with_summer_boat_4(1, [{"red": 3, "green": 1}, {"blue": 4}]), "pass")
    uses = {m for m in legal(state) if m.startswith("use keywood")}
    assert uses == {"use keywood 1 red", "use keywood 2 red", "use keywood 3 red", "use keywood 1 green"}
    state = play(state, "use keywood 1 green")
    assert state.tile("keywood").colour == "green"


# Boat 4b: "They may alternatively use any coloured workers, including more than one different
# colour at the same time. When breaking the same colour rule in this way, any workers that do not
# follow the original colour used are placed lying horizontal".
def test_summer_boat_4b_a_use_may_mix_colours():
    state = play(_with_summer_boat_4(1, [{"red": 1, "green": 1}, {"blue": 4}]), "use keywood 1 blue")
    assert "use keywood 2 red,green" in legal(state)
    state = play(state, "use keywood 2 red,green")
    keywood = state.tile("keywood")
    assert keywood.workers == Workers.of(blue=1, red=1, green=1) and keywood.uses == (1, 2)
    assert keywood.colour == "blue"  # the blue worker stands; the red and the green lie down
    assert state.screens[0] == Workers()


# Boat 4b: "[...] does not have to follow the same colour rule (even if green workers have been
# used)".
def test_summer_boat_4b_ignores_green_users_too():
    state = play(_with_summer_boat_4(1, [{"red": 1, "blue": 2}, {"green": 4}]), "use keywood 1 green")
    uses = {m for m in legal(state) if m.startswith("use keywood")}
    assert uses == {"use keywood 2 blue", "use keywood 2 blue,red", "use keywood 3 blue,blue,red"}


# The mix is answered as the colour of the placement, each worker's colour written out.
def test_summer_boat_4b_a_mix_is_asked_as_a_colour_in_the_chain():
    state = play(_with_summer_boat_4(1, [{"red": 2, "green": 1}, {"blue": 4}]), "use keywood 1 blue", "use keywood")
    answers = {str(move) for move in state.legal_moves()}
    assert answers == {"colour red", "colour red,green", "colour red,red,green"}
    assert parse_move_text("colour red,red,green") == Colour("red,red,green")
    state = play(state, "colour red,red,green")
    assert state.tile("keywood").workers == Workers.of(blue=1, red=2, green=1)


# Boat 4b: "If a tile has already been bid for [...]": the bidders' colour stands on it before
# anyone uses it, so the owner may mix colours there too.
def test_summer_boat_4b_mixes_colours_on_a_tile_only_bid_for():
    state = play(_with_summer_boat_4(1, [{"red": 1, "yellow": 1}, {"blue": 4}]), "bid keywood 1 blue")
    assert "use keywood 2 red,yellow" in legal(state)


# Boat 4b: "Other players must continue to use the colour of the standing up workers when using or
# bidding for the tiles that contain the horizontal workers."
def test_summer_boat_4b_others_keep_to_the_standing_colour_after_a_mix():
    state = _with_summer_boat_4(1, [{"red": 1, "green": 1}, {"blue": 4, "red": 4}])
    state = play(state, "use keywood 1 blue", "use keywood 2 red,green")
    assert {m for m in legal(state) if m.startswith("use keywood")} == {"use keywood 3 blue"}


# The same sentence when the first workers to use a tile bid for are the boat owner's, in another
# colour than the bids: they lie down, and the bidders' colour stays the tile's.
def test_summer_boat_4b_first_users_of_a_tile_bid_for_lie_down_in_another_colour():
    state = play(_with_summer_boat_4(1, [{"red": 3}, {"blue": 4}]), "bid keywood 1 blue", "use keywood 1 red")
    assert state.tile("keywood").colour == "blue"
    assert {m for m in legal(state) if m.startswith("use keywood")} == {"use keywood 2 blue", "use keywood 3 blue"}


# Outbid workers move as one group ("moving an outbid group as one"), of any colour in a mix.
def test_summer_boat_4b_an_outbid_group_may_join_a_mix():
    state = _with_summer_boat_4(1, [{"red": 1, "green": 1}, {"blue": 4, "red": 2}])
    state = play(state, "use keywood 1 blue", "bid order1 1 red", "bid order1 2 red")
    assert "use keywood 2 red,green from order1" in legal(state)
    state = play(state, "use keywood 2 red,green from order1")
    assert state.lot("order1").bid_of(0) is None and state.screens[0] == Workers()
    assert state.tile("keywood").workers == Workers.of(blue=1, red=1, green=1)


# --- summer boats in play --------------------------------------------------------------------------


# "The player does not need to place a worker on the tile in order to have the ability, indeed no
# workers may be placed on the summer boat tiles."
def test_no_worker_is_ever_placed_on_a_summer_boat():
    villages = [[("summer_boat_1", (1, 0), 0)], [("summer_boat_2", river_cell(2), None)]]
    state = in_season(position(2, screens=SCREENS, offer=["summer_boat_3"], villages=villages), 1)
    moves = legal(state)
    assert not any(m.split()[1].startswith("summer_boat") for m in moves if m.startswith("use"))
    assert "bid summer_boat_3 1 red" in moves


# --- boats and turn-order tiles at the end ---------------------------------------------------------


def _boat(code):
    return next(b for b in STANDARD.boats if b.code == code)


# Flipper: "The player may flip one tile in their home village without having to pay the upgrade
# cost. In addition they score 2 points."
def test_flipper_scores_2_and_upgrades_one_tile_free():
    state = position(2, villages=[[("keywood", (-1, 0), 0), ("flipper", (1, 0), 0)], []])
    best_flip = max(STANDARD.homes[0].faces[1].vp, STANDARD.tile("keywood").faces[1].vp)
    assert _boat("flipper").scoring.points == 2
    assert final_score(ended(state), 0) == 2 + best_flip
    upgraded = with_faces(state, home1=1, keywood=1)  # nothing left to flip
    assert final_score(ended(upgraded), 0) == 2 + STANDARD.homes[0].faces[1].vp + STANDARD.tile("keywood").faces[1].vp


# "Ianvincible (5+). 5 points."
def test_ianvincible_scores_5():
    state = position(2, villages=[[("ianvincible", (1, 0), 0)], []])
    assert final_score(ended(state), 0) == 5


# White Wind: "1 point for each worker the player has at the end of the game. [...] Note that each
# worker can only be scored once. If the worker is already being scored by the apothecary,
# craftsman's guild, Key market or village hall, it cannot also be scored by the White Wind."
def test_the_white_wind_scores_each_worker_once():
    village = [("white_wind", (1, 0), 0), ("craftsmens_guild", (1, -1), None)]
    state = position(2, screens=[{"blue": 1, "red": 1, "yellow": 1, "green": 1}, {}], villages=[village, []])
    guild = points_of("craftsmens_guild")
    # The set on the guild and the green on the White Wind, or all four on the White Wind.
    assert final_score(ended(state), 0) == max(guild + 1, 4)


# The Farmers: "O máximo de pontos disponíveis no sea breese são 32 pontos, mesmo que um jogador
# tenha mais do que cinco hexágonos de rios conectados ao seu hexágono casa."
def test_sea_breese_scores_at_most_32_with_more_than_five_boats_on_the_river():
    boats = ["sea_breese", "summer_boat_1", "summer_boat_2", "summer_boat_3", "summer_boat_4", "summer_boat_5"]
    village = [(code, (k + 1, 0), 0) for k, code in enumerate(boats)]
    state = with_faces(position(2, villages=[village, []]), summer_boat_2=1, summer_boat_5=1)
    assert final_score(ended(state), 0) == 32


# Sea Breese: "Points as indicated for each boat (including the summer boats) that connects by river
# to the home tile." and "Boat tiles do not have to be placed so that the water sides are
# connected, but will not score points for the Sea Breese if they are not."
def test_sea_breese_counts_only_the_boats_linked_by_river_to_the_home_tile():
    village = [("sea_breese", (1, 0), 0), ("summer_boat_1", (2, -1), 0)]
    state = position(2, villages=[village, []])
    assert final_score(ended(state), 0) == _boat("sea_breese").scoring.chain[0]


# "In the game end scoring the owner of each tile gets 1 point for each other tile that the turn
# order tile is connected to." The Farmers: "Pontue os hexágonos da ordem de turno, um ponto para
# cada hexágono adjacente."
def test_each_turn_order_tile_scores_a_point_per_adjacent_hex():
    # Home, order1 and order2 meet at one corner: each turn-order tile touches two hexes.
    village = [("order1", (0, -1), None), ("order2", (1, -1), None)]
    state = position(2, villages=[village, []])
    assert final_score(ended(state), 0) == 2 + 2


# "At the end of winter the player winning the tile depicting the purple start player worker also
# takes the purple start player worker." (and scores it: "the purple start player marker may be
# declared by the player who successfully bid for it as a resource, skill or worker")
def test_the_winter_purple_tile_winner_takes_the_purple_worker_for_scoring():
    state = play(in_season(position(2, screens=SCREENS), 3), "pass", "bid order1 1 red")
    state = play(until_boats(state), "boat keyflower")
    while not state.is_over:
        state = play(state, sorted(legal(state))[0])
    assert state.start == 1


# "In the unusual circumstances that no player bid for the new start player tile in winter, the
# existing start player remains the start player for the purposes of selecting the boat tiles and
# then the start player marker passes to the player on the start player's left."
def test_without_a_winter_purple_bid_the_old_start_player_picks_first_then_the_marker_passes_left():
    state = until_boats(in_season(position(2, screens=SCREENS), 3))
    assert state.pending == ChooseBoat(0, (1,))
    while not state.is_over:
        state = play(state, sorted(legal(state))[0])
    assert state.boat_picks == (0, 1) and state.start == 1


# "Note that the boat tiles are not bid for with the workers directly, but the contents of the
# boats are chosen in the order that players successfully bid for the turn order tiles."
def test_boats_are_never_bid_for_or_used():
    state = position(2, screens=SCREENS, offer=["keywood"])
    boats = {cargo.boat for cargo in state.boats}
    assert not any(m.split()[1] in boats for m in legal(state) if m != "pass")
    assert {m.split()[1] for m in legal(state) if m.startswith("bid")} == {"keywood", "order1"}


# "Place the relevant boat tiles [...] with the side indicating the number of players face up"
# (side a, spring), "turn the boat tiles over where appropriate so that the icon representing that
# season is visible", and the winter scoring side: "Each boat will give victory points as detailed
# below" (side b, the side up in winter).
def test_each_boat_shows_side_a_in_spring_side_b_in_winter_and_one_side_a_season():
    for boat in STANDARD.boats:
        assert boat.side_in("spring") is boat.side_a and boat.side_in("winter") is boat.side_b
        for season in SEASONS:
            assert (season in boat.side_a.seasons) != (season in boat.side_b.seasons), (boat.code, season)


# Sea Bastion: "1 point for each tile which is connected by roads as part of a loop which connects
# back to the starting point without the traveler having to travel along the same route twice."
# A route may pass a hex twice along other roads: two road triangles through the home tile make
# one loop of five hexes, each counted once.
def test_sea_bastion_loop_may_pass_a_hex_twice_each_hex_counting_once():
    first = [("keywood", (1, -1), 2), ("key_mine", (0, -1), 1)]
    second = [("workshop", (-1, 1), 0), ("woodcutter", (0, 1), 1)]
    bastion = [("sea_bastion", (1, 0), 0)]
    one_triangle = position(2, villages=[first + bastion, []])
    assert final_score(ended(one_triangle), 0) == 3
    figure_eight = position(2, villages=[first + second + bastion, []])
    assert final_score(ended(figure_eight), 0) == 5


# "These tiles are not added to the player's village except at the end of winter. Instead the turn
# order tiles determine the order that the players will choose to take the workers and skill tiles
# from the boats and also determine the start player for the following season."
def test_turn_order_tiles_join_no_village_before_winter_and_are_bid_for_again():
    state = play(position(2, screens=SCREENS), "bid order1 1 red")
    state = play(until_boats(state), "boat keyflower")
    assert not any(isinstance(p, PlaceTile) for p in state.stack)
    state = play(state, "boat sea_bastion")
    assert state.season == 1 and "order1" not in state.villages[0].ids
    assert state.pending == Turn(0) and state.lot("order1").bids == ()
    assert "bid order1 1 red" in legal(state)


# A mix settled while the chain still asks (here, whether the red worker is the outbid one) is
# shown in the decision's observation: each colour placed marked.
def test_summer_boat_4b_a_mix_in_progress_is_observed_colour_by_colour():
    state = _with_summer_boat_4(1, [{"red": 2, "green": 1}, {"blue": 4, "red": 2}])
    state = play(state, "use keywood 1 blue", "bid order1 1 red", "bid order1 2 red", "use keywood", "colour red,green")
    assert isinstance(state.pending, PlaceWorkers) and state.pending.colour == "red,green"
    assert {str(move) for move in state.legal_moves()} == {"from order1", "workers 2"}
    start = observation_layout(state)["placing"].start + len(catalogue(state.components)) + 1
    marks = GAME.observation(state, 0)[start : start + len(COLOURS)]
    assert list(marks) == [float(colour in ("red", "green")) for colour in COLOURS]
