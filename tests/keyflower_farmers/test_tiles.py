"""The ability of every village tile, both faces (base rulebook, Village tiles - detail; The
Farmers, Detalhe dos hexagonos de aldeia), and of every hex that scores at the end (winter
tiles, the six boats' scoring sides). One test per tile or per group of tiles the rulebook
describes together, named after it, with the sentence it checks quoted above it.

What a tile gives, costs and scores is read from the data (``state.components``): the base
numbers are fan data (inferred) and the Farmers numbers provisional, so the tests check the
rule's structure through the data, never a number written in. Rules tested elsewhere are not
repeated here: the Workshop's front, Peddler's front, the Tavern returning its worker after
drawing and the Hiring fair mixing its skill back (test_rules_turns); transport, upgrades and
sheltering sheep (test_rules_transport); the Keythedral, one Craftsmen's guild set and green
workers, the Jeweller's gold, the Scholar's choice, gold in a Mercer's guild set, a Dairy
field, a Timber yard's resources and its gold, the Sheep shelter's front, Hillside and the
Keyflower, Sea Breese and Sea Bastion boats' first cases (test_scoring,
test_rulebook_examples). Where such a tile is tested here, it is for what those leave out.
"""

import attrs
import pytest

from tabletop.keyflower_farmers.components import STANDARD, count
from tabletop.keyflower_farmers.positions import position
from tabletop.keyflower_farmers.scoring import _road_links, final_score
from tabletop.keyflower_farmers.state import Animals, PlaceAnimal, Resources, Skills, Transport
from tabletop.kernel.pile import Pile

from .helpers import legal, play

RED = [{"red": 4, "yellow": 1, "blue": 1}, {"red": 4}]
#: A hex of the village beside the home tile, on a road side of it.
BESIDE = (1, -1)
FACES = {0: "front", 1: "back"}


def face(code, side):
    """The printed face ``side`` (0 front, 1 upgraded back) of the village tile ``code``."""
    return STANDARD.tile(code).faces[side]


def both_faces(codes):
    """``(code, side)`` for both faces of each tile, with ids naming them."""
    cases = [(code, side) for code in codes for side in (0, 1)]
    return pytest.mark.parametrize(("code", "side"), cases, ids=[f"{code}-{FACES[side]}" for code, side in cases])


def turned(state, side, *ids):
    """``state`` with the hexes ``ids`` lying with the face ``side`` up."""
    return attrs.evolve(state, tiles=tuple(attrs.evolve(t, face=side) if t.id in ids else t for t in state.tiles))


def in_village(code, side=0, seat=0, screens=RED, skills=None, **options):
    """Seat ``seat``'s village holds ``code`` beside the home tile, face ``side`` up; seat 0
    to move."""
    villages = [[], []]
    villages[seat] = [(code, BESIDE, None)]
    return turned(position(2, screens=screens, skills=skills, villages=villages, **options), side, code)


def with_goods(state, **goods_by_tile):
    """Resources put on tiles, out of the supply."""
    tiles = tuple(
        attrs.evolve(t, goods=t.goods.plus(Resources.of(**goods_by_tile[t.id]))) if t.id in goods_by_tile else t
        for t in state.tiles
    )
    taken = Resources.of()
    for goods in goods_by_tile.values():
        taken = taken.plus(Resources.of(**goods))
    return attrs.evolve(state, tiles=tiles, supply=state.supply.minus(taken))


def occupied(state, fields, animal):
    """``state`` with one ``animal`` in each of seat 0's ``fields`` (out of the supply)."""
    village = state.villages[0]
    animals = tuple(sorted((field, Animals.of(**{animal: 1})) for field in fields))
    village = attrs.evolve(village, animals=animals)
    return attrs.evolve(state, villages=(village, *state.villages[1:]), animals=state.animals.take(animal, len(fields)))


def ended(state, start=1, **changes):
    """The position as the game ends (nothing left to decide); seat 1 holds the purple worker
    unless told, so that it adds nothing to seat 0's score."""
    return attrs.evolve(state, stack=(), start=start, **changes)


def resources(state, tile_id):
    return {kind: n for kind, n in zip(("wood", "stone", "iron", "gold"), state.tile(tile_id).goods, strict=True) if n}


def given_resources(items):
    return {kind: n for kind, n in items if kind in ("wood", "stone", "iron", "gold")}


# --- tiles producing resources ------------------------------------------------------------------


# "Gold mine, Key mine, Keystone quarry, Keywood, Miner, Quarryman and Woodcutter: A player
# places a worker on this tile then takes the resources indicated from the stock, if available.
# Any resources generated in a player's own village are placed on the tile generating the
# resources."
@both_faces(["gold_mine", "key_mine", "keystone_quarry", "keywood", "miner", "quarryman", "woodcutter"])
def test_resource_tiles_put_what_their_face_up_shows_on_the_tile(code, side):
    state = play(in_village(code, side), f"use {code} 1 red")
    assert resources(state, code) == given_resources(face(code, side).gives)
    assert resources(state, "home1") == {}
    assert state.to_move == 1


# "Any resources generated in another player's village or from a tile being bid for are
# placed on the player's home tile."
@both_faces(["gold_mine", "key_mine", "keystone_quarry", "keywood", "miner", "quarryman", "woodcutter"])
def test_resource_tiles_used_in_another_village_put_them_on_the_users_home_tile(code, side):
    state = play(in_village(code, side, seat=1), f"use {code} 1 red")
    assert resources(state, "home1") == given_resources(face(code, side).gives)
    assert resources(state, code) == {}


# "Workshop: If this tile has been upgraded, a player places a worker on this tile then takes
# all three of the resources indicated from the stock, if available. Any resources generated in
# a player's own village are placed on the tile generating the resources."
def test_workshop_upgraded_gives_all_three_resources_onto_the_tile():
    state = play(in_village("workshop", 1), "use workshop 1 red")
    assert resources(state, "workshop") == given_resources(face("workshop", 1).gives) == {"wood": 1, "stone": 1, "iron": 1}
    assert state.to_move == 1  # nothing to choose


# "If this tile is not upgraded, a player places a worker on this tile then takes one of the
# three resources indicated from the stock, if available."
def test_workshop_front_offers_only_the_resources_left_in_the_stock():
    state = in_village("workshop", 0)
    state = attrs.evolve(state, supply=state.supply.take("stone", state.supply.named("stone")))
    state = play(state, "use workshop 1 red")
    assert legal(state) == {"take wood", "take iron"}
    state = play(state, "take iron")
    assert resources(state, "workshop") == {"iron": 1}


# --- tiles giving skills and workers --------------------------------------------------------------


# "Apprentice hall: A player places a worker on this tile and then takes a skill tile (or
# tiles if the apprentice hall had been upgraded) at random from the pile of facedown skill
# tiles and places this behind their screen."
@both_faces(["apprentice_hall"])
def test_apprentice_hall_draws_its_skills_behind_the_screen(code, side):
    state = play(in_village(code, side), f"use {code} 1 red")
    drawn = count(face(code, side).gives, "skill")
    assert state.skills[0].total == drawn
    assert len(state.skill_pile) == 48 - drawn


# "Alehouse and Inn: A player places a worker on this tile and then draws the indicated number
# of workers from the bag, if available, and places these behind their screen."
@both_faces(["alehouse", "inn"])
def test_alehouse_and_inn_draw_their_workers_from_the_bag(code, side):
    state = in_village(code, side)
    bag = len(state.bag)
    state = play(state, f"use {code} 1 red")
    drawn = count(face(code, side).gives, "worker")
    assert state.screens[0].total == 6 - 1 + drawn
    assert len(state.bag) == bag - drawn


# "[...] draws the indicated number of workers from the bag, if available": a short bag gives
# what it holds.
@both_faces(["alehouse", "inn"])
def test_alehouse_and_inn_draw_only_the_workers_left_in_the_bag(code, side):
    state = in_village(code, side, chance="explicit")
    state = attrs.evolve(state, bag=Pile(("blue",)))  # one worker left in the bag
    state = play(state, f"use {code} 1 red", "worker blue")
    assert len(state.bag) == 0
    assert state.screens[0].total == 6 - 1 + 1
    assert state.to_move == 1


# --- exchanges ------------------------------------------------------------------------------------


def pays(code, side=0):
    ((item, _),) = face(code, side).pays
    return item


# "Fair, Peddler and Store: A player places a worker on this tile and then places an additional
# worker in the bag of the colour indicated. The player then takes the indicated number of green
# workers from the stock, if available."
@both_faces(["peddler", "store", "fair"])
def test_peddler_store_and_fair_take_a_worker_of_their_colour_into_the_bag_for_green_ones(code, side):
    colour = pays(code, side)
    placed = "blue" if colour == "red" else "red"  # the worker using it, another colour
    state = in_village(code, side, screens=[{placed: 1, colour: 1}, {}])
    bag = len(state.bag)
    state = play(state, f"use {code} 1 {placed} paying {colour}")
    green = count(face(code, side).gives, "green")
    assert state.screens[0] == state.screens[0].of(green=green)
    assert state.green == 20 - green
    assert len(state.bag) == bag + 1


@pytest.mark.parametrize("code", ["peddler", "store", "fair"])
def test_peddler_store_and_fair_take_only_their_own_colour(code):
    colour = pays(code)
    others = {c: 2 for c in ("blue", "red", "yellow", "green") if c != colour}
    state = in_village(code, 0, screens=[others, {}])
    assert not any(m.startswith(f"use {code}") for m in legal(state))


# "No green workers can be taken from the bag if there are insufficient remaining in the stock
# of green workers."
@pytest.mark.parametrize("code", ["peddler", "store", "fair"])
def test_peddler_store_and_fair_give_only_the_green_workers_left_in_the_stock(code):
    colour = pays(code, 1)
    state = attrs.evolve(in_village(code, 1, screens=[{"green": 19, colour: 2}, {}]), green=1)
    state = play(state, f"use {code} 1 {colour} paying {colour}")
    assert state.screens[0].named("green") == 19 + 1  # the upgraded face shows two
    assert state.green == 0


# "Tavern: A player places a worker on this tile and then discards an additional worker. The
# player then draws the indicated number of workers from the bag, if available, and places
# these behind their screen."
@both_faces(["tavern"])
def test_tavern_discards_any_extra_worker_and_draws_its_workers(code, side):
    state = in_village(code, side, screens=[{"red": 2, "green": 1}, {}])
    assert {"use tavern 1 red paying green", "use tavern 1 red paying red"} <= legal(state)
    bag = len(state.bag)
    state = play(state, "use tavern 1 red paying green")
    drawn = count(face(code, side).gives, "worker")
    assert state.screens[0].total == 3 - 2 + drawn and state.screens[0].named("green") == 0
    assert len(state.bag) == bag - drawn + 1


# "After the workers have been drawn, the discarded worker is placed in the bag. The discarded
# worker cannot be used to make up any shortfall of workers in the bag."
def test_tavern_discarded_worker_cannot_make_up_a_shortfall_in_the_bag():
    state = in_village("tavern", 0, screens=[{"red": 2, "green": 1}, {}], chance="explicit")
    state = attrs.evolve(state, bag=Pile(("blue",)))  # two to draw, one in the bag
    state = play(state, "use tavern 1 red paying green", "worker blue")
    assert state.screens[0].named("blue") == 1 and state.screens[0].named("green") == 0
    assert state.bag.cards() == ("green",)  # the discarded worker, put in after the draws
    assert state.to_move == 1


# "Hiring fair: A player places a worker on this tile and then places a skill tile of any type
# face down next to the pile of skill tiles. The player then takes two (or three if the hiring
# fair tile has been upgraded) skill tiles at random from the pile."
@both_faces(["hiring_fair"])
def test_hiring_fair_gives_any_skill_for_two_skills_three_upgraded(code, side):
    state = in_village(code, side, skills=[{"anvil": 1}, {}])
    assert {m for m in legal(state) if m.startswith("use hiring_fair 1 red")} == {"use hiring_fair 1 red paying anvil"}
    state = play(state, "use hiring_fair 1 red paying anvil")
    drawn = count(face(code, side).gives, "skill")
    assert drawn == 2 + side
    assert state.skills[0].total == drawn
    assert len(state.skill_pile) == 48 - drawn


# "The skill tile they played is then mixed in with the remaining skill tiles in the pile."
# (so it cannot be drawn again by the same use: a short pile gives only what it holds)
def test_hiring_fair_cannot_draw_back_the_skill_it_was_given():
    state = in_village("hiring_fair", 0, skills=[{"anvil": 1}, {}], chance="explicit")
    state = attrs.evolve(state, skill_pile=Pile(("saw",)))
    state = play(state, "use hiring_fair 1 red paying anvil", "skill saw")
    assert state.skills[0] == Skills.of(saw=1)
    assert state.skill_pile.cards() == ("anvil",)


# "Brewer: A player places a worker on this tile and then places a skill tile of any type face
# down in the pile of skill tiles. The player then draws the indicated number of workers from
# the bag, if available, and places these behind their screen."
@both_faces(["brewer"])
def test_brewer_takes_any_skill_into_the_pile_for_workers(code, side):
    state = in_village(code, side, skills=[{"saw": 1, "pickaxe": 1}, {}])
    assert {m for m in legal(state) if m.startswith("use brewer 1 red")} == {
        "use brewer 1 red paying saw",
        "use brewer 1 red paying pickaxe",
    }
    bag = len(state.bag)
    state = play(state, "use brewer 1 red paying pickaxe")
    drawn = count(face(code, side).gives, "worker")
    assert state.skills[0] == Skills.of(saw=1)
    assert len(state.skill_pile) == 48 - 2 + 1
    assert state.screens[0].total == 6 - 1 + drawn
    assert len(state.bag) == bag - drawn


def test_brewer_needs_a_skill():
    state = in_village("brewer", 0)
    assert not any(m.startswith("use brewer") for m in legal(state))


# "Carpenter, Mason and Smelter: A player places a worker on this tile and then places a skill
# tile of the type shown face down in the pile of skill tiles. The player then takes the
# resources indicated from the stock, if available. The resources are placed on this tile if
# the tile used is in the player's own village."
@both_faces(["carpenter", "mason", "smelter"])
def test_carpenter_mason_and_smelter_take_their_skill_for_resources_on_the_tile(code, side):
    skill = pays(code, side)
    state = in_village(code, side, skills=[{"saw": 1, "pickaxe": 1, "anvil": 1}, {}])
    assert {m for m in legal(state) if m.startswith(f"use {code} 1 red")} == {f"use {code} 1 red paying {skill}"}
    state = play(state, f"use {code} 1 red paying {skill}")
    assert state.skills[0].named(skill) == 0 and state.skills[0].total == 2
    assert len(state.skill_pile) == 48 - 3 + 1
    assert resources(state, code) == given_resources(face(code, side).gives)


# "The resources are placed on the player's home tile if the tile used is in another player's
# village."
@pytest.mark.parametrize("code", ["carpenter", "mason", "smelter"])
def test_carpenter_mason_and_smelter_used_elsewhere_put_the_resources_on_the_home_tile(code):
    skill = pays(code)
    state = play(in_village(code, 0, seat=1, skills=[{skill: 1}, {}]), f"use {code} 1 red paying {skill}")
    assert resources(state, "home1") == given_resources(face(code, 0).gives)


@pytest.mark.parametrize("code", ["carpenter", "mason", "smelter"])
def test_carpenter_mason_and_smelter_need_the_skill_shown(code):
    skill = pays(code)
    others = {s: 1 for s in ("saw", "pickaxe", "anvil") if s != skill}
    state = in_village(code, 0, skills=[others, {}])
    assert not any(m.startswith(f"use {code}") for m in legal(state))


# --- transport tiles ------------------------------------------------------------------------------


# "Farrier, Homes 1 to 6, Stable and Wainwright: When a worker is placed on one of these tiles
# (in any player's village), the player may transport resources in their own village and
# upgrade buildings in their own village. The player may move up to the number of resources
# indicated by the cart and upgrade up to the number of village tiles indicated by the upgrade
# icons (one or two)."
@both_faces(["stable", "farrier", "wainwright"])
def test_stable_farrier_and_wainwright_give_their_cart_and_upgrades(code, side):
    for seat in (0, 1):  # in the user's village or another's
        state = play(in_village(code, side, seat=seat), f"use {code} 1 red")
        assert state.pending == Transport(0, face(code, side).transport, face(code, side).upgrades)
        assert face(code, side).transport > 0 and face(code, side).upgrades in (1, 2)


HOMES = [(number, side) for number in range(1, 7) for side in (0, 1)]


@pytest.mark.parametrize(("number", "side"), HOMES, ids=[f"home{number}-{FACES[side]}" for number, side in HOMES])
def test_home_tiles_give_their_cart_and_upgrade(number, side):
    home = STANDARD.homes[number - 1]
    assert home.number == number
    # Six players: seat s holds home tile s + 1.
    state = turned(position(6, screens=[{"red": 2}] * 6, to_move=number - 1), side, f"home{number}")
    state = play(state, f"use home{number} 1 red")
    assert state.pending == Transport(number - 1, home.faces[side].transport, home.faces[side].upgrades)


# --- tiles scoring at the end -----------------------------------------------------------------------


def score_of(state, seat=0):
    return final_score(ended(state, start=1 - seat), seat)


# "Barn, Blacksmith, Stone yard and Timber yard: The owner of the tile will score points for
# each resource of the type shown, which is on that tile at the end of winter."
@both_faces(["timber_yard", "stone_yard", "blacksmith", "barn"])
def test_yards_score_each_resource_of_their_type_on_them(code, side):
    ((kind, vp),) = face(code, side).vp_per
    if kind == "any_resource":  # the Barn: any resource
        goods, scored = {"wood": 1, "iron": 2}, 3
    else:
        other = "wood" if kind != "wood" else "stone"
        goods, scored = {kind: 2, other: 1}, 2
    state = with_goods(in_village(code, side), **{code: goods})
    assert score_of(state) == vp * scored


# "Resources remaining in the barn, blacksmith, stone yard and timber yard cannot also be
# counted for the other resource scoring tiles the jeweller, mercer's guild, watermill and
# windmill."
def test_resources_on_a_yard_do_not_also_score_on_the_watermill():
    villages = [[("timber_yard", BESIDE, None), ("watermill", (0, -1), None)], []]
    state = with_goods(position(2, villages=villages), timber_yard={"wood": 2})
    per_wood = face("timber_yard", 0).vp_per[0][1]
    assert score_of(state) == 2 * per_wood
    state = with_goods(state, home1={"wood": 3})
    assert score_of(state) == 2 * per_wood + 3  # the watermill takes the wood off the yard


# "Forge, Goldsmith, Sawmill, Sculptor and Well: These tiles only generate points at the end of
# the game."
@both_faces(["forge", "goldsmith", "sawmill", "sculptor", "well"])
def test_forge_goldsmith_sawmill_sculptor_and_well_only_score_at_the_end(code, side):
    state = in_village(code, side)
    assert not any(m.startswith(f"use {code}") for m in legal(state))
    assert score_of(state) == face(code, side).vp


# "When a player uses the tile they immediately receive the benefit indicated on the tile."
# (base rulebook, Production) A yard shows none: "The owner of the tile will score points for
# each resource of the type shown, which is on that tile"; nor does the Sheep shelter: "Cada
# ovelha neste campo pode ser alocada ao sheep shelter." Nobody places workers on them.
@pytest.mark.parametrize("code", ["timber_yard", "stone_yard", "blacksmith", "barn", "sheep_shelter"])
def test_yards_and_the_sheep_shelter_cannot_be_used(code):
    state = in_village(code, 0)
    assert not any(m.startswith(f"use {code}") for m in legal(state))


# Fixed points (The Farmers' scoring procedure, 4: "Pontue as peças com pontos fixos, conforme
# indicado no canto superior direito da caixa de informação"): each face scores its own box;
# the upgraded side usually carries the points (base rulebook, Game end scoring).
SCORED_AS_PRINTED = [
    tile.code
    for tile in STANDARD.village
    if tile.season in ("spring", "summer", "autumn")
    and tile.upgrade is not None
    and tile.faces[0].ability not in ("yard", "shelter")
]


@both_faces(SCORED_AS_PRINTED)
def test_every_village_tile_face_scores_its_printed_points(code, side):
    state = in_village(code, side)
    assert score_of(state) == face(code, side).vp


@pytest.mark.parametrize("side", [0, 1], ids=["front", "back"])
def test_home_tiles_score_their_printed_points(side):
    state = turned(position(2), side, "home1")
    assert score_of(state) == STANDARD.homes[0].faces[side].vp


# --- winter tiles -------------------------------------------------------------------------------


def winter(code, screens=None, skills=None, goods=None, wheat=0, more=()):
    """Seat 0 owns the winter tile ``code`` (and the hexes ``more``) with ``screens[0]`` workers,
    ``skills`` behind the screen, ``goods`` on the home tile and ``wheat``, the game over; seat 1
    holds the purple worker."""
    villages = [[(code, BESIDE, None), *more], []]
    state = position(2, screens=[screens or {}, {}], skills=[skills or {}, {}], villages=villages)
    state = with_goods(state, home1=goods or {})
    return ended(attrs.evolve(state, wheat=(wheat, 0), wheat_supply=30 - wheat))


def winter_points(code):
    return STANDARD.tile(code).scoring.points


# "Apothecary: The owner gets 3 points for every 5 workers (including green) that they own at
# the end of the game."
def test_apothecary_scores_every_five_workers_green_included():
    points = winter_points("apothecary")
    assert final_score(winter("apothecary", screens={"blue": 2, "red": 1, "green": 2}), 0) == points
    assert final_score(winter("apothecary", screens={"blue": 4, "green": 5, "yellow": 1}), 0) == 2 * points
    assert final_score(winter("apothecary", screens={"blue": 4}), 0) == 0


# "Craftsman's guild: The owner gets 3 points for each set of blue, red and yellow workers that
# they own at the end of the game. [...] Note also that green workers cannot be used in
# substitution for one of the other colour of workers." (one set and green: test_scoring)
def test_craftsmens_guild_scores_each_set_of_blue_red_and_yellow_workers():
    state = winter("craftsmens_guild", screens={"blue": 2, "red": 3, "yellow": 2, "green": 4})
    assert final_score(state, 0) == 2 * winter_points("craftsmens_guild")


# "Scholar: The owner selects one type of skill tile which they possess. The owner gets 3 points
# for each skill tile of that type that the player possesses at the end of the game."
def test_scholar_scores_each_skill_of_one_chosen_type():
    state = winter("scholar", skills={"saw": 1, "pickaxe": 4, "anvil": 2})
    assert final_score(state, 0) == 4 * winter_points("scholar")


# "Key guild: The owner gets 10 points for every 5 skill tiles the player possesses at the end
# of the game."
def test_key_guild_scores_every_five_skills_of_any_type():
    points = winter_points("key_guild")
    assert final_score(winter("key_guild", skills={"saw": 2, "pickaxe": 2, "anvil": 1}), 0) == points
    assert final_score(winter("key_guild", skills={"saw": 4}), 0) == 0


# "Key market: The owner scores 2 points for each green worker which they own at the end of the
# game."
def test_key_market_scores_each_green_worker():
    state = winter("key_market", screens={"green": 3, "blue": 2})
    assert final_score(state, 0) == 3 * winter_points("key_market")


# "Mercer's guild: The owner gets 5 points for each set of three different resources the player
# owns at the end of the game."
def test_mercers_guild_scores_each_set_of_three_different_resources():
    points = winter_points("mercers_guild")
    assert final_score(winter("mercers_guild", goods={"wood": 3, "stone": 2, "iron": 1}), 0) == points
    assert final_score(winter("mercers_guild", goods={"wood": 3}), 0) == 0  # not three different


# "Scribes: The owner gets 10 points for each set of three different skill tiles the player
# possesses at the end of the game."
def test_scribes_scores_each_set_of_three_different_skills():
    points = winter_points("scribes")
    assert final_score(winter("scribes", skills={"saw": 2, "pickaxe": 2, "anvil": 1}), 0) == points
    assert final_score(winter("scribes", skills={"saw": 3, "pickaxe": 3}), 0) == 0


# "Village hall: The owner selects one colour of worker which they own. The player gets 1 point
# for each worker of that colour that the player has at the end of the game."
def test_village_hall_scores_each_worker_of_one_chosen_colour():
    state = winter("village_hall", screens={"blue": 2, "red": 3, "green": 1})
    assert final_score(state, 0) == 3 * winter_points("village_hall")


# "Watermill: The owner selects one type of resource which they own. The player gets 1 point
# for each resources of that type that the player has at the end of the game. Note there is no
# point in the player choosing gold as gold already scores 1 point at the end of the game and
# cannot be scored twice."
def test_watermill_scores_each_resource_of_one_chosen_type_and_gold_not_twice():
    assert final_score(winter("watermill", goods={"wood": 2, "stone": 3}), 0) == 3 * winter_points("watermill")
    assert final_score(winter("watermill", goods={"gold": 4}), 0) == 4  # once, as gold


# "Windmill: The owner gets 5 points for every 5 resources of any type that the player has at
# the end of the game."
def test_windmill_scores_every_five_resources_of_any_type():
    points = winter_points("windmill")
    assert final_score(winter("windmill", goods={"wood": 2, "stone": 2, "iron": 1}), 0) == points
    assert final_score(winter("windmill", goods={"wood": 4}), 0) == 0
    # Gold allocated to the Windmill scores there and not again as gold.
    assert final_score(winter("windmill", goods={"wood": 4, "gold": 1}), 0) == points


# "Jeweller: The owner gets 2 points for every gold resource they own at the end of the game
# instead of the usual 1 point." Gold lying on any tile of the village is owned.
def test_jeweller_scores_the_gold_on_every_tile_of_the_village():
    state = winter("jeweller", goods={"gold": 2}, more=[("keywood", (0, -1), None)])
    state = with_goods(state, keywood={"gold": 1})
    assert final_score(state, 0) == 3 * winter_points("jeweller")


# The Farmers, "Bakery. O dono obtém 4 pontos por cada conjunto de um recurso, um token de
# trigo e um token de habilidade."
def test_bakery_scores_each_set_of_a_resource_a_wheat_and_a_skill():
    points = winter_points("bakery")
    assert final_score(winter("bakery", goods={"stone": 2}, skills={"saw": 1, "anvil": 1}, wheat=3), 0) == 2 * points
    assert final_score(winter("bakery", goods={"stone": 2}, skills={"saw": 2}), 0) == 0  # no wheat


# The Farmers, "Granary. O dono recebe 3 pontos por cada par de tokens de trigo que o jogador
# possuir."
def test_granary_scores_each_pair_of_wheat():
    assert final_score(winter("granary", wheat=5), 0) == 2 * winter_points("granary")


def with_animals(state, seat, *fields):
    """``state`` with animals in fields of ``seat``'s home hex: ``(i, {"sheep": 2})`` puts them
    in the home hex's i-th field."""
    village = state.villages[seat]
    names = village.fields.fields_on((0, 0))
    animals = tuple(sorted((names[i], Animals.of(**a)) for i, a in fields))
    taken = state.animals
    for _, a in fields:
        for kind, n in a.items():
            taken = taken.take(kind, n)
    villages = tuple(attrs.evolve(v, animals=animals) if s == seat else v for s, v in enumerate(state.villages))
    return attrs.evolve(state, villages=villages, animals=taken)


# The Farmers, "Truffle orchard. O dono recebe 5 pontos (em vez de 2) para cada campo em sua
# aldeia que tenha um ou mais porcos nele."
def test_truffle_orchard_scores_each_field_with_pigs_more():
    state = with_animals(winter("truffle_orchard"), 0, (0, {"pig": 2}), (1, {"pig": 1}), (2, {"sheep": 1}), (3, {"cow": 1}))
    assert final_score(state, 0) == 2 * winter_points("truffle_orchard") + 1 + 3


# The Farmers, "Weaver. O dono recebe 3 pontos (em vez de 1) para cada campo em sua aldeia que
# tenha uma ou mais ovelhas nele."
def test_weaver_scores_each_field_with_sheep_more():
    state = with_animals(winter("weaver"), 0, (0, {"sheep": 3}), (1, {"sheep": 1, "pig": 1}), (2, {"cow": 1}))
    assert final_score(state, 0) == 2 * winter_points("weaver") + 2 + 3


# The Farmers, "Dairy. O dono recebe 7 pontos (em vez de 3) para cada campo em sua aldeia que
# tenha uma ou mais vacas nele." (A field with cows and pigs scores for both.)
def test_dairy_scores_each_field_with_cows_more_and_a_mixed_field_for_each_type():
    state = with_animals(winter("dairy"), 0, (0, {"cow": 2, "pig": 1}), (1, {"cow": 1}))
    assert final_score(state, 0) == 2 * winter_points("dairy") + 2


# --- the boats' winter scoring side ----------------------------------------------------------------


def boat(code):
    (found,) = [b for b in STANDARD.boats if b.code == code]
    return found.scoring


def boat_village(code, *more, screens=None, skills=None):
    """Seat 0's village: its boat ``code`` on the home tile's river, and the hexes ``more``."""
    state = position(2, screens=[screens or {}, {}], skills=[skills or {}, {}], villages=[[(code, (1, 0), 0), *more], []])
    return ended(state)


# "Keyflower (2+ players): 1 point for each of the player's transport capacity." Every
# transport tile counts as it lies, the Paddock included; The Farmers: "o trigo não contribui
# para marcar se um jogador possuir o hexágono keyflower."
def test_keyflower_boat_counts_each_transport_tile_as_it_lies_and_never_wheat():
    state = turned(boat_village("keyflower", ("paddock", BESIDE, None), ("wainwright", (-1, 0), None)), 1, "home1", "paddock")
    state = attrs.evolve(state, wheat=(3, 0), wheat_supply=27)
    capacity = STANDARD.homes[0].faces[1].transport + face("paddock", 1).transport + face("wainwright", 0).transport
    fixed = STANDARD.homes[0].faces[1].vp + face("paddock", 1).vp
    assert final_score(state, 0) == boat("keyflower").points * capacity + fixed


# "Sea Bastion (2+): 1 point for each tile which is connected by roads as part of a loop which
# connects back to the starting point without the traveler having to travel along the same
# route twice." A hex on a road leading off the loop is not part of it.
def test_sea_bastion_does_not_score_a_road_leading_off_the_loop():
    loop = [("keywood", (1, 0), 0), ("key_mine", (1, -1), 4), ("sea_bastion", (0, 1), None)]  # with home 2
    villages = [[], [*loop, ("woodcutter", (1, -2), 0)]]
    state = ended(position(2, villages=villages), start=0)
    assert ((1, -2), (1, -1)) in _road_links(state, 1)  # the woodcutter's road joins the key mine's
    assert final_score(state, 1) == 3 * boat("sea_bastion").points  # the triangle, not the woodcutter


# "[...] without the traveler having to travel along the same route twice": a tile may be passed
# again along other roads. Two road triangles sharing the home tile make one loop (a figure of
# eight) through all five tiles.
def test_sea_bastion_loop_may_pass_a_tile_twice_along_other_roads():
    first = [("keywood", (1, 0), 0), ("key_mine", (1, -1), 4)]
    second = [("gold_mine", (-1, 0), 1), ("miner", (-1, 1), 4)]
    state = ended(position(2, villages=[[], [*first, *second, ("sea_bastion", (0, 1), None)]]), start=0)
    links = _road_links(state, 1)
    assert len(links) == 6 and sum((0, 0) in link for link in links) == 4  # two triangles meeting at home
    assert final_score(state, 1) == 5 * boat("sea_bastion").points


# "Sea Breese (3+): Points as indicated for each boat (including the summer boats) that connects
# by river to the home tile." The Farmers: "O máximo de pontos disponíveis no sea breese são 32
# pontos, mesmo que um jogador tenha mais do que cinco hexágonos de rios conectados ao seu
# hexágono casa."
def test_sea_breese_scores_at_most_32_with_more_than_five_boats_on_the_river():
    boats = [(f"summer_boat_{i}", (1 + i, 0), 0) for i in range(1, 6)]
    assert final_score(boat_village("sea_breese", *boats), 0) == boat("sea_breese").chain[-1] == 32


# "Boat tiles do not have to be placed so that the water sides are connected, but will not
# score points for the Sea Breese if they are not."
def test_sea_breese_does_not_score_a_boat_off_the_river():
    state = boat_village("sea_breese", ("summer_boat_1", (2, -1), 0))
    assert final_score(state, 0) == boat("sea_breese").chain[0]


# "Flipper (4+): The player may flip one tile in their home village without having to pay the
# upgrade cost. In addition they score 2 points."
def test_flipper_scores_its_points_and_flips_one_tile_free():
    state = boat_village("flipper", ("sawmill", BESIDE, None))
    best_flip = max(face("sawmill", 1).vp - face("sawmill", 0).vp, STANDARD.homes[0].faces[1].vp)
    assert final_score(state, 0) == boat("flipper").points + face("sawmill", 0).vp + best_flip
    all_flipped = turned(state, 1, "sawmill", "home1")  # nothing left to flip
    assert final_score(all_flipped, 0) == boat("flipper").points + face("sawmill", 1).vp + STANDARD.homes[0].faces[1].vp


# "Ianvincible (5+). 5 points."
def test_ianvincible_scores_its_points():
    assert final_score(boat_village("ianvincible"), 0) == boat("ianvincible").points == 5


# "White Wind (6): 1 point for each worker the player has at the end of the game. [...] Note that
# each worker can only be scored once. If the worker is already being scored by the apothecary,
# craftsman's guild, Key market or village hall, it cannot also be scored by the White Wind."
def test_white_wind_does_not_score_a_worker_another_tile_scores():
    state = boat_village("white_wind", ("key_market", BESIDE, None), screens={"green": 2, "blue": 1})
    assert final_score(state, 0) == 2 * winter_points("key_market") + 1 * boat("white_wind").points


# --- The Farmers' village tiles -----------------------------------------------------------------

ANIMAL_KINDS = ("sheep", "pig", "cow")


def animals_by_field(state, seat=0):
    return {field: {k: n for k, n in zip(ANIMAL_KINDS, held, strict=True) if n} for field, held in state.villages[seat].animals}


def place_animals(state):
    """Answer every animal placement with the first field offered, checking that each use's
    animals go into different fields of one hex: the fields chosen."""
    chosen = []
    while isinstance(state.pending, PlaceAnimal):
        fields = state.villages[state.pending.seat].fields.fields_on(state.pending.cell)
        options = [m for m in state.legal_moves()]
        assert {m.sector for m in options} <= set(fields)
        assert not {m.sector for m in options} & set(state.pending.used)
        chosen.append(options[0].sector)
        state = state.apply(options[0])
    return state, chosen


def produced(code, side, seat=0):
    """Seat 0 uses ``code`` (face ``side`` up) in ``seat``'s village, putting each animal into
    the first field offered: the state after, and the cell whose fields took the animals."""
    state, _ = place_animals(play(in_village(code, side, seat=seat), f"use {code} 1 red"))
    cell = BESIDE if seat == 0 else (0, 0)
    return state, cell


def check_gives(code, side, seat=0):
    """Seat 0 gets what the face shows: its animals in different fields of the producing hex
    (own village) or of the home hex (elsewhere), its wheat behind the screen."""
    state, cell = produced(code, side, seat)
    gives = dict(face(code, side).gives)
    village = state.villages[0]
    held = animals_by_field(state)
    for kind in ANIMAL_KINDS:
        assert sum(a.get(kind, 0) for a in held.values()) == gives.get(kind, 0)
    assert all(sum(a.values()) == 1 for a in held.values())  # each into a field of its own
    assert all(field in village.fields.fields_on(cell) for field in held)
    assert state.wheat[0] == gives.get("wheat", 0)
    assert state.to_move == 1
    return state


# "Farm yard. Se este hexagono não foi atualizado, um jogador coloca um trabalhador nele e, em
# seguida, leva 1 ovelha ou 1 token de trigo ou 1 token de habilidade, se disponível. [...]
# Uma ovelha gerada na aldeia do próprio jogador deve ser colocada em um campo disponível neste
# hexagono."
def test_farm_yard_front_gives_a_sheep_or_a_wheat_or_a_skill():
    state = play(in_village("farm_yard", 0), "use farm_yard 1 red")
    assert legal(state) == {"take sheep", "take wheat", "take skill"}
    assert play(state, "take wheat").wheat[0] == 1
    assert play(state, "take skill").skills[0].total == 1
    state, (field,) = place_animals(play(state, "take sheep"))
    assert field in state.villages[0].fields.fields_on(BESIDE)
    assert state.villages[0].animals_in(field).named("sheep") == 1


# "Uma ovelha gerada na aldeia de outro jogador ou em um hexagono que está sendo ofertado deve
# ser colocada na casa do jogador."
def test_farm_yard_front_used_in_another_village_puts_the_sheep_on_the_home_hex():
    state = play(in_village("farm_yard", 0, seat=1), "use farm_yard 1 red", "take sheep")
    state, (field,) = place_animals(state)
    assert field in state.villages[0].fields.fields_on((0, 0))
    assert state.villages[1].animals == ()


# "se disponível": what the stock no longer holds, or a sheep with no field to go to, is not
# offered.
def test_farm_yard_front_offers_only_what_is_available():
    state = attrs.evolve(in_village("farm_yard", 0), wheat_supply=0, skill_pile=Pile(()))
    state = play(state, "use farm_yard 1 red")
    assert state.pending.offer == ("sheep",)
    assert legal(state) == {"take sheep"}
    state = in_village("farm_yard", 0)
    fields = state.villages[0].fields.fields_on(BESIDE)
    state = occupied(state, fields, "pig")
    assert legal(play(state, "use farm_yard 1 red")) == {"take wheat", "take skill"}  # no field for a sheep


# "Se este hexagono foi atualizado, um jogador coloca um trabalhador nele e, em seguida, leva
# 1 ovelha, 1 token de trigo e 1 token de habilidade, se disponível. [...] Uma ovelha gerada na
# aldeia de outro jogador ou em um hexagono que está sendo ofertado deve ser colocada na casa
# do jogador."
@pytest.mark.parametrize("seat", [0, 1], ids=["own-village", "other-village"])
def test_farm_yard_upgraded_gives_a_sheep_a_wheat_and_a_skill(seat):
    state = check_gives("farm_yard", 1, seat)
    assert state.skills[0].total == 1


# "Paddock. Quando um trabalhador é colocado em paddock, o jogador recebe um número de tokens de
# trigo, se disponível, conforme indicado pelo(s) ícone(s) de trigo. O jogador pode mover seus
# recursos ou animais dentro de sua própria aldeia como indicado pelo número na carroça e também
# pode atualizar um prédio em sua própria aldeia. O(s) token(s) de trigo adquirido(s) podem ser
# gastos naquele turno ou colocados atrás da casinha escudo do jogador."
@both_faces(["paddock"])
@pytest.mark.parametrize("seat", [0, 1], ids=["own-village", "other-village"])
def test_paddock_gives_wheat_then_its_cart_and_an_upgrade_and_the_wheat_may_be_spent_at_once(code, side, seat):
    state = play(in_village(code, side, seat=seat), f"use {code} 1 red")
    wheat = count(face(code, side).gives, "wheat")
    assert wheat > 0 and state.wheat[0] == wheat
    assert state.pending == Transport(0, face(code, side).transport, 1)
    assert "spend wheat" in legal(state)
    state = play(state, "spend wheat")
    assert state.pending.moves == face(code, side).transport + 1 and state.wheat[0] == wheat - 1


# "Sheep fold. Um jogador coloca um trabalhador neste hexagono e, em seguida, leva o número de
# ovelhas indicado, se disponível. Uma ovelha gerada na aldeia do próprio jogador deve ser
# colocada em um campo disponível neste hexagono. Uma ovelha gerada na aldeia de outro jogador
# ou em um hexagono que está sendo ofertado deve ser colocada na casa do jogador."
@both_faces(["sheep_fold"])
@pytest.mark.parametrize("seat", [0, 1], ids=["own-village", "other-village"])
def test_sheep_fold_gives_its_sheep_into_fields_of_its_hex_or_the_home_hex(code, side, seat):
    check_gives(code, side, seat)


# "Sheep fold [...] Observe que a área cercada no centro da ilustração do hexagono não cria um
# campo extra." "Wheat field [...] Observe que a área cercada no centro da ilustração Do
# hexagono não cria um campo extra." A hex has a field between each two of its roads, no more.
@pytest.mark.parametrize("code", ["sheep_fold", "wheat_field"])
def test_sheep_fold_and_wheat_field_fenced_area_is_no_extra_field(code):
    state = in_village(code, 0)
    roads = STANDARD.tile(code).sides.count("road")
    assert len(state.villages[0].fields.fields_on(BESIDE)) == roads


# "Wheat field. Quando um trabalhador é colocado em wheat field, o jogador recebe um número de
# tokens de trigo, se disponível, como Indicado pelos ícones e, os coloca atrás de sua casinha
# escudo."
@both_faces(["wheat_field"])
def test_wheat_field_gives_its_wheat_behind_the_screen(code, side):
    state = check_gives(code, side)
    assert state.wheat_supply == 30 - count(face(code, side).gives, "wheat")
    assert resources(state, code) == {} and state.villages[0].animals == ()


# "Shepherd's hut. Um jogador coloca um trabalhador neste hexagono e, em seguida, leva uma
# ovelha mais o número de tokens de trigo conforme indicado, se disponível. Uma ovelha gerada na
# aldeia do próprio jogador deve ser colocada em um campo disponível neste hexagono. [...] O(s)
# tokens(s) de trigo são colocados atrás da casinha escudo do jogador."
@both_faces(["shepherds_hut"])
@pytest.mark.parametrize("seat", [0, 1], ids=["own-village", "other-village"])
def test_shepherds_hut_gives_a_sheep_and_its_wheat(code, side, seat):
    check_gives(code, side, seat)
    assert count(face(code, side).gives, "sheep") == 1


# "Pigsty. Um jogador coloca um trabalhador neste hexagono e, em seguida, leva o número de
# porcos indicado, se disponível. Um porco gerado na aldeia do próprio jogador deve ser colocado
# em um campo disponível neste hexagono. Um porco gerado na aldeia de outro jogador ou em um
# hexagono que está sendo ofertado deve ser colocado na casa do jogador."
@both_faces(["pigsty"])
@pytest.mark.parametrize("seat", [0, 1], ids=["own-village", "other-village"])
def test_pigsty_gives_its_pigs_into_fields_of_its_hex_or_the_home_hex(code, side, seat):
    check_gives(code, side, seat)


# "Cow shed. Um jogador coloca um trabalhador neste hexagono e, em seguida, leva o número de
# vacas indicado, se disponível. Uma vaca gerada na aldeia do próprio jogador deve ser colocada
# em um campo disponível neste hexagono. Uma vaca gerada na aldeia de outro jogador ou em um
# hexagono que está sendo ofertado deve ser colocada na casa do jogador."
@both_faces(["cow_shed"])
@pytest.mark.parametrize("seat", [0, 1], ids=["own-village", "other-village"])
def test_cow_shed_gives_its_cows_into_fields_of_its_hex_or_the_home_hex(code, side, seat):
    check_gives(code, side, seat)


# "No diagrama à direita, o jogador que possui esses hexágonos não pode gerar uma vaca em cow
# shed porque os campos naquele hexágono já estão ocupados por um tipo diferente de animal. [...]
# Se não houver campos disponíveis no hexágono que vai gerar o animal, então nenhum animal novo
# poderá ser gerado colocando um trabalhador naquele hexágono."
def test_cow_shed_gives_no_cow_when_every_field_of_its_hex_holds_another_animal():
    state = in_village("cow_shed", 0)
    fields = state.villages[0].fields.fields_on(BESIDE)
    state = occupied(state, fields, "sheep")
    state = play(state, "use cow_shed 1 red")
    assert state.to_move == 1  # nothing to place
    assert all(a.named("cow") == 0 for _, a in state.villages[0].animals)
    assert state.animals.named("cow") == 12


# "Piggery. Um jogador coloca um trabalhador neste hexagono e, em seguida, leva um porco mais o
# número de tokens de trigo conforme indicado, se disponível. Um porco gerado na aldeia do
# próprio jogador deve ser colocado em um campo disponível neste hexagono. [...] O(s) token(s)
# de trigo são colocados atrás da casinha escudo do jogador."
@both_faces(["piggery"])
@pytest.mark.parametrize("seat", [0, 1], ids=["own-village", "other-village"])
def test_piggery_gives_a_pig_and_its_wheat(code, side, seat):
    check_gives(code, side, seat)
    assert count(face(code, side).gives, "pig") == 1


# "Ranch. Um jogador coloca um trabalhador neste hexagono e, em seguida, leva uma vaca mais o
# número de tokens de trigo conforme indicado, se disponível. Uma vaca gerada na aldeia do
# próprio jogador deve ser colocada em um campo disponível neste hexagono. [...] O(s) token(s)
# de trigo são colocados atrás da casinha escudo do jogador."
@both_faces(["ranch"])
@pytest.mark.parametrize("seat", [0, 1], ids=["own-village", "other-village"])
def test_ranch_gives_a_cow_and_its_wheat(code, side, seat):
    check_gives(code, side, seat)
    assert count(face(code, side).gives, "cow") == 1


# A use giving an animal that cannot be placed still gives the rest ("se disponível"): the
# Ranch's cow has no field, its wheat comes.
def test_ranch_gives_its_wheat_when_its_cow_has_no_field():
    state = in_village("ranch", 0)
    fields = state.villages[0].fields.fields_on(BESIDE)
    state = occupied(state, fields, "pig")
    state = play(state, "use ranch 1 red")
    assert state.wheat[0] == count(face("ranch", 0).gives, "wheat")
    assert state.animals.named("cow") == 12 and state.to_move == 1


# The Farmers, "1. Introdução de animais [...] As ovelhas que estão potencialmente disponíveis de
# primavera, os porcos do verão em diante e as vacas do outono em diante."
def test_sheep_come_from_spring_pigs_from_summer_cows_from_autumn_tiles():
    seasons = ("spring", "summer", "autumn")
    first = {
        animal: min(
            (t.season for t in STANDARD.village if t.season in seasons and any(count(f.gives, animal) for f in t.faces)),
            key=seasons.index,
        )
        for animal in ANIMAL_KINDS
    }
    assert first == {"sheep": "spring", "pig": "summer", "cow": "autumn"}


def shelter_village(sheltered, in_field=0, weaver=False, side=0):
    """Seat 0 owns the Sheep shelter (face ``side`` up) with ``sheltered`` sheep put on it during
    play and ``in_field`` sheep left in its field (and the Weaver if told); the game over."""
    more = [("weaver", (2, -2), None)] if weaver else []
    state = turned(position(2, villages=[[("sheep_shelter", BESIDE, None), *more], []]), side, "sheep_shelter")
    village = state.villages[0]
    (field,) = village.fields.fields_on(BESIDE)
    animals = ((field, Animals.of(sheep=in_field)),) if in_field else ()
    tiles = tuple(attrs.evolve(t, sheep=sheltered) if t.id == "sheep_shelter" else t for t in state.tiles)
    village = attrs.evolve(village, animals=animals)
    animals = state.animals.take("sheep", sheltered + in_field)
    state = attrs.evolve(state, tiles=tiles, villages=(village, state.villages[1]), animals=animals)
    return ended(state), field


# "Sheep shelter. Cada ovelha neste campo pode ser alocada ao sheep shelter. Cada ovelha alocada
# vai pontuar o número indicado de pontos no final do jogo." (both faces: the upgraded face shows
# its own number)
@pytest.mark.parametrize("side", [0, 1], ids=["front", "back"])
def test_sheep_shelter_scores_each_sheep_put_on_it_its_printed_points(side):
    state, _ = shelter_village(3, side=side)
    assert final_score(state, 0) == 3 * face("sheep_shelter", side).vp_per[0][1]


# "2. Pontue as ovelhas que foram colocadas em sheep shelter durante o jogo. (as ovelhas não
# podem ser realocadas ao sheep shelter no final do jogo.)"
def test_sheep_shelter_scores_no_sheep_left_in_its_field_at_the_end():
    state, _ = shelter_village(0, in_field=3, side=1)
    assert final_score(state, 0) == 1  # the field with sheep, once


# "Note que o hexagono onde se encontra sheep shelter não possui estradas e o campo que contem
# sheep shelter normalmente se estende por vários hexagonos."
def test_sheep_shelter_has_no_road_and_its_field_reaches_the_hexes_around():
    assert STANDARD.tile("sheep_shelter").sides.count("road") == 0
    state, field = shelter_village(0, weaver=True)
    assert set(state.villages[0].fields.cells_of(field)) == {(0, 0), BESIDE, (2, -2)}


# "Se o jogador possui weaver, então o jogador pode querer não marcar uma das ovelhas em sheep
# shelter, deixando essa ovelha para trás e marcando o campo usando weaver."
def test_sheep_shelter_with_the_weaver_may_leave_one_sheep_to_score_its_field():
    per_sheep = face("sheep_shelter", 0).vp_per[0][1]
    weaver = winter_points("weaver")
    state, _ = shelter_village(2, weaver=True)
    assert final_score(state, 0) == max(2 * per_sheep, per_sheep + weaver)
    # A sheep already in the field scores it: nothing to leave behind.
    state, _ = shelter_village(2, in_field=1, weaver=True)
    assert final_score(state, 0) == 2 * per_sheep + weaver


# "Apothecary [...] Note this includes workers which were played into the player's own village
# in winter." (and End of season 4: "Note workers placed behind the player's screen in winter are
# available to the player for game end scoring purposes.")
def test_apothecary_counts_the_workers_played_into_the_own_village_in_winter():
    state = position(2, screens=[{"red": 5}, {"red": 1}], villages=[[("apothecary", BESIDE, None)], []])
    state = attrs.evolve(state, season=3)  # winter: the last season
    state = play(state, "use home1 1 red", "stop", "pass", "pass", "boat sea_bastion")
    while not state.is_over:
        state = play(state, sorted(legal(state))[0])
    assert state.screens[0].named("red") == 5  # the worker on the home tile came back
    assert state.scores()[0] == winter_points("apothecary")


# "The village tiles (except the summer boat and winter tiles) may be upgraded by flipping the
# tiles over to their reverse side. [...] The cost of the upgrade is shown in the upgrade box."
# Each season tile flips to its back for the cost printed (a resource or skill of the payer's
# choice paid here with wood or a saw).
UPGRADABLE = [tile.code for tile in STANDARD.village if tile.upgrade is not None]


@pytest.mark.parametrize("code", UPGRADABLE)
def test_every_season_tile_upgrades_to_its_back_for_its_printed_cost(code):
    cost = STANDARD.tile(code).upgrade
    paid = sorted(
        {"any_resource": "wood", "any_skill": "saw"}.get(item, item) for item, n in cost for _ in range(n)
    )
    on_tile = {r: paid.count(r) for r in ("wood", "stone", "iron", "gold") if r in paid}
    held = {s: paid.count(s) for s in ("saw", "pickaxe", "anvil") if s in paid}
    state = with_goods(in_village(code, 0, skills=[held, {}]), **{code: on_tile})
    state = play(state, "use home1 1 red", f"upgrade {code} paying {','.join(paid)}")
    assert state.tile(code).face == 1
    assert state.tile(code).goods.total == 0 and state.skills[0].total == 0


@pytest.mark.parametrize("code", [tile.code for tile in STANDARD.village if tile.season == "winter"])
def test_winter_tiles_cannot_be_upgraded(code):
    assert STANDARD.tile(code).upgrade is None and len(STANDARD.tile(code).faces) == 1
    state = in_village(code, 0, skills=[{"saw": 1, "pickaxe": 1, "anvil": 1}, {}])
    state = with_goods(state, **{code: {"wood": 3, "stone": 3, "iron": 3, "gold": 2}})
    state = play(state, "use home1 1 red")
    assert not any(m.startswith(f"upgrade {code}") for m in legal(state))


# "Se um jogador gerar mais de um animal, os animais são colocados em campos diferentes no mesmo
# hexágono." and "Se não houver campos disponíveis no hexágono que vai gerar o animal, então
# nenhum animal novo poderá ser gerado": with one field of its hex free, the upgraded Sheep fold
# gives one sheep (reading: each animal needs a field of its own).
def test_sheep_fold_upgraded_with_one_field_free_gives_one_sheep():
    state = in_village("sheep_fold", 1)
    fields = state.villages[0].fields.fields_on(BESIDE)
    state = occupied(state, fields[1:], "pig")
    assert count(face("sheep_fold", 1).gives, "sheep") > 1
    state, chosen = place_animals(play(state, "use sheep_fold 1 red"))
    assert chosen == [fields[0]]
    assert state.animals.named("sheep") == 31 and state.to_move == 1


# The Farmers, Campos: "Cada hexágono de casa tem cinco campos diferentes (como numerado),
# incluindo o campo único (numerado 1 no diagrama) que faz fronteira com todos os lados do rio
# (observe que [...] as etapas no hexágono de casa 1 mostra um riacho [...] Os passos não são uma
# estrada e, nem o riacho nem as etapas criam um campo extra.)"
@pytest.mark.parametrize("number", range(1, 7), ids=[f"home{n}" for n in range(1, 7)])
def test_every_home_tile_has_five_fields_one_bordering_the_river(number):
    state = position(6)
    fields = state.villages[number - 1].fields
    assert len(fields.fields_on((0, 0))) == 5
    river = STANDARD.homes[number - 1].sides.index("water")
    assert len({fields.field_at((0, 0), river, end) for end in (0, 1)}) == 1  # one field along the river
