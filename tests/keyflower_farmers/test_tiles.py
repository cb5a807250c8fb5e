"""The ability of every village tile, both faces (base rulebook, Village tiles - detail; The
Farmers, Detalhe dos hexagonos de aldeia), and of every hex that scores at the end (winter
tiles, the six boats' scoring sides). One test per tile or per group of tiles the rulebook
describes together, named after it, with the sentence it checks quoted above it.

What a tile gives, costs and scores is read from the data (``state.components``): the base
numbers are fan data (inferred) and the Farmers numbers provisional, so the tests check the
rule's structure through the data, never a number written in. Rules tested elsewhere are not
repeated here: the Workshop's front, Peddler's front, the Tavern returning its worker after
drawing and the Hiring fair mixing its skill back (test_rules_turns); transport, upgrades and
sheltering sheep (test_rules_transport); the Keythedral, the Craftsmen's guild and green
workers, the Jeweller, the Scholar, gold in a Mercer's guild set, the Dairy, a yard's
resources and its gold, the Sheep shelter's front, Hillside and the Keyflower, Sea Breese and
Sea Bastion boats' first cases (test_scoring, test_rulebook_examples).
"""

import attrs
import pytest

from tabletop.keyflower_farmers.components import STANDARD, count
from tabletop.keyflower_farmers.positions import position
from tabletop.keyflower_farmers.scoring import final_score
from tabletop.keyflower_farmers.state import Animals, Resources, Skills, Transport
from tabletop.kernel.api import IllegalMove
from tabletop.kernel.pile import Pile

from .helpers import legal, play

RED = [{"red": 4, "yellow": 1, "blue": 1}, {"red": 4}]
#: A hex of the village beside the home tile, on a road side of it.
BESIDE = (1, -1)
FACES = {0: "front", 1: "back"}


def face(code, side):
    """The printed face ``side`` (0 front, 1 upgraded back) of the village tile ``code``."""
    return STANDARD.tile(code).faces[side]


def tiles_with(ability, *, farmers=None, seasons=("spring", "summer", "autumn")):
    """The codes of the season tiles whose front has ``ability`` (``farmers``: only those of
    The Farmers, or only the base ones)."""
    return [
        tile.code
        for tile in STANDARD.village
        if tile.season in seasons
        and tile.faces[0].ability == ability
        and (farmers is None or tile.farmers == farmers)
    ]


def both_faces(codes):
    """``(code, side)`` for both faces of each tile, with ids naming them."""
    return pytest.mark.parametrize(
        ("code", "side"), [(code, side) for code in codes for side in (0, 1)], ids=[f"{c}-{FACES[s]}" for c in codes for s in (0, 1)]
    )


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
    tiles = tuple(attrs.evolve(t, goods=t.goods.plus(Resources.of(**goods_by_tile[t.id]))) if t.id in goods_by_tile else t for t in state.tiles)
    taken = Resources.of()
    for goods in goods_by_tile.values():
        taken = taken.plus(Resources.of(**goods))
    return attrs.evolve(state, tiles=tiles, supply=state.supply.minus(taken))


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


@pytest.mark.parametrize(
    ("number", "side"), [(n, s) for n in range(1, 7) for s in (0, 1)], ids=[f"home{n}-{FACES[s]}" for n in range(1, 7) for s in (0, 1)]
)
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
    if tile.season in ("spring", "summer", "autumn") and tile.upgrade is not None and tile.faces[0].ability not in ("yard", "shelter")
]


@both_faces(SCORED_AS_PRINTED)
def test_every_village_tile_face_scores_its_printed_points(code, side):
    state = in_village(code, side)
    assert score_of(state) == face(code, side).vp


@pytest.mark.parametrize("side", [0, 1], ids=["front", "back"])
def test_home_tiles_score_their_printed_points(side):
    state = turned(position(2), side, "home1")
    assert score_of(state) == STANDARD.homes[0].faces[side].vp
