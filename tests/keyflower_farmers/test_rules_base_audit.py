"""Statements of the base Keyflower rulebook (shared/reference/keyflower-rulebook.en.md) that no
earlier test covered, read sentence by sentence from start to end, one test each, named after
the statement and quoting it. The abilities of single village tiles and boats are tested in
test_tiles.py and test_boats.py; The Farmers' seed in test_rules_seed_audit.py."""

from __future__ import annotations

import attrs
import pytest

from tabletop.keyflower_farmers.components import STANDARD, WATER
from tabletop.keyflower_farmers.options import OPTIONS
from tabletop.keyflower_farmers.positions import position
from tabletop.keyflower_farmers.rules.common import sides_of
from tabletop.keyflower_farmers.rules.village import layout_of
from tabletop.keyflower_farmers.scoring import final_score
from tabletop.keyflower_farmers.setup import setup
from tabletop.keyflower_farmers.state import (
    Animals,
    ChooseBoat,
    OfferWinter,
    PlaceTile,
    Resources,
    Tile,
    Transport,
    Turn,
    Workers,
)
from tabletop.kernel import hexgrid, tiles
from tabletop.kernel.api import IllegalMove
from tabletop.kernel.auction import Bid
from tabletop.kernel.pile import Pile
from tabletop.kernel.rng import Rng

from .helpers import legal, play


def new(players, seed=1, **options):
    return setup(players, Rng.from_seed(seed), OPTIONS.resolve(players, options))


def until_boats(state):
    """Everyone passes in succession: the season ends, the first boat choice is asked."""
    while not isinstance(state.pending, ChooseBoat):
        state = play(state, "pass")
    return state


def first_choices(state, until):
    """``state`` after a pass at each turn and the first legal answer to each other decision,
    until ``until(state)``."""
    while not until(state):
        state = play(state, "pass" if isinstance(state.pending, Turn) else sorted(legal(state))[0])
    return state


def ended(state, **changes):
    """The position as the game ends (nothing left to decide)."""
    return attrs.evolve(state, stack=(), **changes)


def with_goods(state, **goods_by_tile):
    """Resources (taken from the supply) lying on hexes: ``keywood={"wood": 2}``."""
    taken = Resources.of()
    changed = []
    for tile in state.tiles:
        goods = Resources.of(**goods_by_tile.get(tile.id, {}))
        taken = taken.plus(goods)
        changed.append(attrs.evolve(tile, goods=tile.goods.plus(goods)) if goods.total else tile)
    return attrs.evolve(state, tiles=tuple(changed), supply=state.supply.minus(taken))


# --- Set up ------------------------------------------------------------------------------------


def test_blue_red_and_yellow_workers_go_into_the_bag_and_green_ones_beside_the_play_area():
    # "Place the blue, red and yellow workers in the cloth bag."
    # "Place the green workers together at the side of the playing surface."
    state = new(4, farmers=False)
    bag = state.bag.cards()
    assert bag.count("green") == 0 and state.green == 20
    for colour in ("blue", "red", "yellow"):
        drawn = sum(screen.named(colour) for screen in state.screens)
        loaded = sum(cargo.workers.named(colour) for cargo in state.boats)
        assert bag.count(colour) + drawn + loaded == 40


def test_resources_start_sorted_in_a_general_supply():
    # "Sort the resource counters into the four different types to create a general supply at
    # the side of the playing surface."
    assert new(3, farmers=False).supply == Resources.of(wood=24, stone=24, iron=24, gold=48)


def test_skill_tiles_start_face_down_in_one_pile():
    # "Place the skill tiles face down into a pile at the side of the playing surface."
    state = new(3, farmers=False)
    on_boats = sum(cargo.skills.total for cargo in state.boats)
    assert len(state.skill_pile) + on_boats == 48
    assert all(skills.total == 0 for skills in state.skills)
    seen = state.view(0)
    assert seen.skill_pile.hidden == len(state.skill_pile)  # face down: the kinds are not seen


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_hexes_used_per_player_count_in_the_base_game(players):
    # The set-up table: home and boat tiles 2-6, turn order 1 2 3 4 4, spring/summer/autumn
    # 6 7 8 9 10, winter per player 3 3 3 2 2.
    # "The number of boat tiles used is equal to the number of players."
    # "Depending on the number of players, each player receives two or three face- down winter
    # tiles as indicated in the table below."
    state = new(players, farmers=False)
    i = players - 2
    assert len(set(state.homes)) == players
    assert len(state.boats) == players
    assert sum(t.startswith("order") for t, _ in state.lots) == (1, 2, 3, 4, 4)[i]
    spring = [t for t, _ in state.lots if not t.startswith("order")]
    assert len(spring) == (6, 7, 8, 9, 10)[i]
    assert all(state.components.tile(code).season == "spring" for code in spring)
    assert all(state.tile(code).face == 0 for code in spring)  # "the side with the spring icon face up"
    assert all(len(hand) == (3, 3, 3, 2, 2)[i] for hand in state.winter_hands)
    assert all(state.components.tile(code).season == "winter" for hand in state.winter_hands for code in hand)


def test_each_player_receives_a_home_tile_at_random():
    # "Each player receives a home tile at random."
    state = new(3, chance="explicit")
    outcomes = state.chance_outcomes()
    assert {str(o) for o, _ in outcomes} == {f"home {n}" for n in range(1, 7)}
    assert [p for _, p in outcomes] == pytest.approx([1 / 6] * 6)


def test_the_summer_and_autumn_tiles_wait_in_two_piles_of_twelve():
    # "Place the twelve summer tiles and twelve autumn tiles in two separate piles. These will
    # be used later in the game."
    state = new(2, farmers=False)
    summer, autumn = state.season_piles[1], state.season_piles[2]
    assert len(summer) == len(autumn) == 12
    assert {state.components.tile(c).season for c in summer.cards()} == {"summer"}
    assert {state.components.tile(c).season for c in autumn.cards()} == {"autumn"}


def test_surplus_spring_tiles_go_back_to_the_box():
    # "Any surplus home, boat, turn order, spring and winter tiles are placed back in the box
    # and are not used in the game."
    state = new(2, farmers=False)
    assert len(state.season_piles[0]) == 12 - 6  # waiting in the box, never laid out
    state = play(until_boats(state), "boat keyflower", "boat sea_bastion")
    assert len(state.season_piles[0]) == 0
    assert not any(state.components.tile(t).season == "spring" for t, _ in state.lots if not t.startswith("order"))


# --- Start of season ---------------------------------------------------------------------------


def last_turn_of(season, players=2, screens=None, **options):
    """The last turn of ``season`` (1 summer, 2 autumn): seat 0 to move, the others have passed;
    each seat has 3 red workers unless ``screens`` says (and, for autumn, a hand of two winter
    tiles)."""
    state = position(players, screens=screens or [{"red": 3}] * players, to_move=0, **options)
    if season != 2:
        return attrs.evolve(state, season=season, passes=players - 1)
    hands = (("keythedral", "windmill"), ("jeweller", "scribes"), ("scholar", "apothecary"))[:players]
    dealt = {code for hand in hands for code in hand}
    undealt = Pile(tuple(code for code in state.winter_deck.cards() if code not in dealt))
    return attrs.evolve(state, season=season, passes=players - 1, winter_hands=hands, winter_deck=undealt)


def next_season(state):
    """From a season's last turn to the first decision of the next season."""
    season = state.season
    return first_choices(play(state, "pass"), lambda s: s.season > season and isinstance(s.pending, (Turn, OfferWinter)))


def test_in_winter_the_start_player_is_the_winner_of_the_purple_tile():
    # "In summer, autumn and winter the start player for that season is the player who won the
    # bidding for the highest numbered start player tile (depicting the start player worker) in
    # the previous season."
    state = last_turn_of(2, players=3)
    state = play(attrs.evolve(state, passes=0), "pass", "bid order2 1 red", "pass", "pass", "pass")
    state = first_choices(state, lambda s: isinstance(s.pending, OfferWinter))
    assert state.start == 1 and state.pending == OfferWinter(1)  # the winter offers start with seat 1
    hand = state.winter_hands
    state = play(state, f"offer {hand[1][0]}", "offered", f"offer {hand[2][0]}", "offered", f"offer {hand[0][0]}", "offered")
    assert state.pending == Turn(1)


def test_boats_are_turned_to_the_seasons_side_and_loaded_with_its_cargo():
    # "In summer, autumn and winter turn the boat tiles over where appropriate so that the icon
    # representing that season is visible."
    # "In summer and autumn place a number of new workers (from the bag) and skill tiles onto the
    # boat tiles as indicated on the tiles."
    state = next_season(last_turn_of(1, players=3))
    assert state.season == 2
    for cargo in state.boats:
        side = next(b for b in state.components.boats if b.code == cargo.boat).side_in("autumn")
        assert (cargo.workers.total, cargo.skills.total) == (side.workers, side.skills)
    # Sea Breese shows another side in autumn than in spring (the data: side a in spring only).
    breese = next(b for b in state.components.boats if b.code == "sea_breese")
    assert breese.side_in("autumn") is not breese.side_in("spring")


@pytest.mark.parametrize("chance", ["sampled", "explicit"])
def test_a_short_bag_fills_the_boats_in_order_one_worker_at_a_time(chance):
    # "In the unlikely scenario that there are insufficient workers in the bag, fill boats in
    # order with one worker at a time, but not with more workers than are stated on the tile."
    state = last_turn_of(1, chance=chance)
    boats = state.components.boats_for(2)
    assert all(boat.side_in("autumn").workers >= 2 for boat in boats)
    state = next_season(attrs.evolve(state, bag=Pile(("blue", "blue", "blue"))))
    assert [cargo.workers.total for cargo in state.boats] == [2, 1]  # first, second, first
    assert len(state.bag) == 0


def test_no_workers_or_skill_tiles_are_placed_in_the_boats_in_winter():
    # "No new workers or skill tiles are placed in the boats in winter."
    state = next_season(last_turn_of(2))
    assert state.season == 3
    assert all(cargo.workers.total == 0 and cargo.skills.total == 0 for cargo in state.boats)


@pytest.mark.parametrize("players", [2, 6])
def test_autumn_lays_out_the_tables_number_of_autumn_tiles_front_up(players):
    # "In summer and autumn place a number of village tiles for that season in the centre of the
    # playing surface as indicated in the table on page 2. Place the side with the season's icon
    # face up."
    state = next_season(last_turn_of(1, players=players, farmers=False))
    laid_out = [t for t, _ in state.lots if not t.startswith("order")]
    assert len(laid_out) == (6, 7, 8, 9, 10)[players - 2]
    assert all(state.components.tile(code).season == "autumn" and state.tile(code).face == 0 for code in laid_out)


def test_summer_boat_tiles_cannot_be_turned_over_or_upgraded():
    # "(The summer boat tiles cannot be turned over or upgraded.)"
    # "The village tiles (except the summer boat and winter tiles) may be upgraded by flipping
    # the tiles over to their reverse side."
    village = [("summer_boat_3", (1, 0), 0), ("jeweller", (0, 1), None)]
    skills = [{"saw": 2, "pickaxe": 2, "anvil": 2}, {}]
    state = position(2, screens=[{"red": 3}, {}], skills=skills, villages=[village, []])
    state = play(with_goods(state, home1={"wood": 3, "stone": 3, "iron": 3, "gold": 3}), "use home1 1 red")
    upgrades = {m.split()[1] for m in legal(state) if m.startswith("upgrade")}
    assert upgrades == {"home1"}
    assert state.components.tile("summer_boat_3").upgrade is None
    assert state.components.tile("jeweller").upgrade is None


def winter_offers(players=3, **options):
    """The first winter decision (nobody bid for the purple tile in autumn: seat 1 starts)."""
    state = next_season(last_turn_of(2, players=players, **options))
    assert state.pending == OfferWinter(1)
    return state


def offer(state, count):
    """Each player, from the start player on, offers the first ``count`` tiles of their hand."""
    while isinstance(state.pending, OfferWinter):
        seat = state.pending.seat
        for code in state.winter_hands[seat][:count]:
            state = play(state, f"offer {code}")
        if state.pending == OfferWinter(seat):
            state = play(state, "offered")
    return state


@pytest.mark.parametrize("each", [1, 2])
def test_winter_introduces_from_one_tile_per_player_to_every_tile_dealt(each):
    # The set-up table, "Winter introduced": 3-9 with three players (base game), i.e. each
    # player offers at least one of their tiles and may offer them all.
    # "In winter each player selects one or more of the winter tiles that they received in the
    # set up phase."
    state = offer(winter_offers(3, farmers=False), each)
    assert sum(not t.startswith("order") for t, _ in state.lots) == 3 * each
    assert state.pending == Turn(1)


def test_winter_tiles_are_laid_out_so_that_nobody_knows_who_offered_which():
    # "The tiles are then shuffled (if there are more than two players), still face down, and then
    # turned over and laid out in the same way as the earlier season tiles, but so that players
    # do not know which tiles were selected by which player."
    def laid_out(hands):
        state = offer(attrs.evolve(winter_offers(3), winter_hands=hands), 1)
        return [t for t, _ in state.lots if not t.startswith("order")]

    hands = (("keythedral", "windmill"), ("jeweller", "scribes"), ("scholar", "apothecary"))
    swapped = (("scholar", "windmill"), ("keythedral", "scribes"), ("jeweller", "apothecary"))
    assert laid_out(hands) == laid_out(swapped)  # the same row whoever offered each tile


# --- A turn ------------------------------------------------------------------------------------


def test_a_turn_places_workers_into_a_single_location():
    # "On their turn a player places one or more workers into a single location in order to
    # either: 1. bid for a village tile or turn order tile* (see 'bidding'), or 2. utilise a
    # village tile"
    state = position(2, screens=[{"red": 4}, {"red": 4}], offer=["keywood", "key_mine"])
    assert all(int(m.split()[2]) >= 1 for m in legal(state) if m != "pass")
    after = play(state, "bid keywood 3 red")
    assert after.lot("keywood").bids == (Bid(0, "red", 3),)
    assert after.lot("key_mine").bids == () and after.tile("key_mine").workers.total == 0
    assert after.to_move == 1  # the turn is over


def test_boat_tiles_are_never_bid_for_with_workers():
    # "* Note that the boat tiles are not bid for with the workers directly, but the contents of
    # the boats are chosen in the order that players successfully bid for the turn order tiles."
    state = position(2, screens=[{"red": 4}, {"red": 4}], offer=["keywood"])
    boats = {cargo.boat for cargo in state.boats}
    assert not any(m.split()[1] in boats for m in legal(state) if m != "pass")
    with pytest.raises(IllegalMove):
        play(state, "bid keyflower")


def test_play_proceeds_clockwise():
    # "In each season play proceeds clockwise until all players have passed in succession."
    state = position(3, screens=[{"red": 4}] * 3, offer=["keywood"], to_move=1)
    seats = []
    for _ in range(4):
        seats.append(state.to_move)
        state = play(state, "pass" if state.to_move != 2 else "bid keywood 1 red")
    assert seats == [1, 2, 0, 1]


# --- Bidding -----------------------------------------------------------------------------------


def test_there_is_no_maximum_number_of_workers_in_a_bid():
    # "There is no maximum number of workers that can be used when bidding."
    state = position(2, screens=[{"red": 9}, {"red": 2}], offer=["keywood"])
    assert "bid keywood 9 red" in legal(state)  # more than the six a tile holds when used
    state = play(state, "bid keywood 9 red")
    assert state.lot("keywood").bids == (Bid(0, "red", 9),)


def test_a_losing_bid_elsewhere_may_join_ones_winning_bid():
    # "The workers are taken from behind the player's screen or from a losing bid elsewhere."
    # "4. A player's turn may consist of adding more workers to a winning bid."
    state = position(2, screens=[{"red": 5}, {"red": 9}], offer=["keywood", "key_mine"])
    state = play(state, "bid keywood 2 red", "pass", "bid key_mine 1 red", "bid key_mine 2 red")
    state = play(state, "bid keywood 1 red from key_mine")
    assert state.lot("keywood").bids == (Bid(0, "red", 3),)
    assert state.lot("key_mine").bids == (Bid(1, "red", 2),)
    assert state.screens[0].named("red") == 2


def test_outbid_workers_may_be_supplemented_with_other_losing_workers():
    # "When moving outbid workers, a player may supplement these workers with other losing
    # workers or with workers from behind their screen."
    state = position(2, screens=[{"red": 5}, {"red": 9}], offer=["keywood", "key_mine", "stable"])
    state = play(state, "bid keywood 2 red", "bid keywood 3 red", "bid key_mine 1 red", "bid key_mine 2 red")
    moves = legal(state)
    assert "bid stable 3 red from keywood,key_mine" in moves  # both groups, whole, together
    assert "bid stable 5 red from keywood,key_mine" in moves  # and two more from the screen
    state = play(state, "bid stable 4 red from keywood,key_mine")
    assert state.lot("stable").bids == (Bid(0, "red", 4),)
    assert state.lot("keywood").bid_of(0) is None and state.lot("key_mine").bid_of(0) is None
    assert state.screens[0].named("red") == 1


def test_outbid_workers_cannot_be_moved_back_behind_the_screen():
    # "Workers cannot be moved back behind a player's screen."
    state = position(2, screens=[{"red": 3}, {"red": 9}], offer=["keywood"])
    state = play(state, "bid keywood 2 red", "bid keywood 3 red")
    assert state.screens[0].named("red") == 1
    # Every choice places workers (a bid or a use) or passes: none takes workers back.
    assert all(m == "pass" or m.split()[0] in ("bid", "use") for m in legal(state))
    state = play(state, "pass", "bid keywood 1 red")
    assert state.screens[0].named("red") == 1 and state.lot("keywood").bid_of(0) == Bid(0, "red", 2)
    state = until_boats(state)  # the season ends only now: the losing bid comes back
    assert state.screens[0].named("red") == 3


def test_a_player_may_bid_on_more_than_one_turn_order_tile():
    # "A player can bid on more than one turn order tile but they only get the workers and skill
    # tiles from one boat."
    state = position(4, screens=[{"red": 4}, {}, {}, {}], offer=[])
    state = play(state, "bid order1 1 red", "pass", "pass", "pass", "bid order2 1 red", "pass", "pass", "pass")
    assert state.lot("order1").leader == 0 and state.lot("order2").leader == 0
    state = play(state, "bid order3 1 red", "pass", "pass", "pass", "pass")
    # Seat 0 won tiles 1, 2 and 3 and chooses once; the others follow clockwise from the new
    # start player (seat 0: tile 3 shows the purple worker with four players).
    assert state.pending == ChooseBoat(0, (1, 2, 3))
    state = attrs.evolve(state, boats=tuple(attrs.evolve(c, workers=c.workers.add("blue")) for c in state.boats))
    state = play(state, "boat keyflower")
    assert state.pending.seat == 1
    assert state.screens[0] == Workers.of(red=1, blue=1)  # one boat's cargo


def test_in_the_base_game_a_turn_order_tile_gives_only_the_boat_order_and_the_start_player():
    # "Instead the turn order tiles determine the order that the players will choose to take the
    # workers and skill tiles from the boats and also determine the start player for the
    # following season."
    state = position(2, screens=[{"red": 3}, {"red": 3}], farmers=False, to_move=1)
    state = until_boats(play(state, "bid order1 1 red"))
    assert state.pending == ChooseBoat(1, (0,))
    state = play(state, "boat keyflower")
    assert state.start == 1
    assert state.wheat == (0, 0) and state.screens[1] == Workers.of(red=2)  # nothing else


def test_turn_order_tiles_join_no_village_before_winter():
    # "These tiles are not added to the player's village except at the end of winter."
    state = play(position(2, screens=[{"red": 4}, {"red": 4}], offer=["keywood"]), "bid order1 1 red", "bid keywood 1 red")
    state = play(until_boats(state), "boat keyflower", "boat sea_bastion")
    state = first_choices(state, lambda s: s.season == 1 and isinstance(s.pending, Turn))
    assert "keywood" in state.villages[1].ids
    assert not any(tile_id.startswith("order") for village in state.villages for tile_id in village.ids)
    assert sum(t.startswith("order") for t, _ in state.lots) == 1  # up for auction again in summer


# --- Production --------------------------------------------------------------------------------


def test_a_later_use_must_have_the_colour_of_the_earlier_users():
    # "A player may usually use a tile that has already been used by placing two workers of the
    # same colour as the worker previously placed on the tile. A player may usually use a tile
    # for a third time by placing three workers of the same colour as the workers previously
    # placed."
    state = position(2, screens=[{"red": 4, "blue": 4}, {"red": 4, "blue": 4}], villages=[[("keywood", (1, -1), 1)], []])
    state = play(state, "use keywood 1 blue")
    assert "use keywood 2 blue" in legal(state) and "use keywood 2 red" not in legal(state)
    state = play(state, "use keywood 2 blue")
    assert "use keywood 3 blue" in legal(state) and "use keywood 3 red" not in legal(state)


def test_the_limit_of_six_workers_and_the_colour_of_a_tile_hold_for_one_season():
    # "No more than six workers may be placed on a tile in one season."
    # "If a tile is being used for the first time in a season then a player usually places one*
    # worker onto the tile."
    state = position(2, screens=[{"red": 6, "blue": 1}, {"red": 3}], villages=[[("keywood", (1, -1), 1)], []])
    state = play(state, "use keywood 6 red")
    assert not any(m.startswith("use keywood") for m in legal(play(state, "pass")))
    state = first_choices(play(state, "pass", "pass"), lambda s: s.season == 1 and isinstance(s.pending, Turn))
    assert state.tile("keywood").workers.total == 0 and state.screens[0].named("red") == 6
    state = play(state, "pass")  # seat 1 starts summer (nobody bid for the purple tile)
    assert state.pending == Turn(0)
    assert {"use keywood 1 blue", "use keywood 1 red"} <= legal(state)  # a first use again, any colour


def test_an_empty_bag_gives_no_worker():
    # "In the unlikely scenario that there are insufficient resources, workers or skill tiles of
    # the type being generated, then the player only receives the number that is available."
    state = position(2, screens=[{"red": 3}, {"red": 3}], offer=["alehouse"])
    state = play(attrs.evolve(state, bag=Pile()), "use alehouse 1 red")
    assert state.screens[0] == Workers.of(red=2) and state.pending == Turn(1)


def test_an_empty_skill_pile_gives_no_skill():
    # (the same sentence, for skill tiles)
    state = position(2, screens=[{"red": 3}, {"red": 3}], offer=["apprentice_hall"])
    state = play(attrs.evolve(state, skill_pile=Pile()), "use apprentice_hall 1 red")
    assert state.skills[0].total == 0 and state.pending == Turn(1)


def test_no_green_worker_is_searched_for_in_the_bag_once_the_supply_is_out():
    # "A player may not search in the bag for green workers if the visible supply is exhausted."
    state = position(2, screens=[{"red": 3, "yellow": 1}, {"red": 3}], offer=["peddler"])
    state = attrs.evolve(state, green=0, bag=state.bag.shuffle_in(("green",)))
    state = play(state, "use peddler 1 red paying yellow")
    assert state.screens[0].named("green") == 0 and state.green == 0
    assert state.bag.cards().count("green") == 1  # still in the bag


def test_players_see_how_many_workers_remain_in_the_bag_and_every_supply():
    # "In the case of workers, players are permitted to feel the contents of the bag to
    # determine how many workers remain in the bag before they bid for a tile. The number of
    # remaining green workers, resources and skill tiles can be seen by players before they
    # bid."
    state = position(2, screens=[{"red": 3}, {"red": 3}], offer=["keywood"])
    seen = state.view(1)
    assert len(seen.bag) == len(state.bag) and seen.bag.hidden == len(state.bag)  # not the colours
    assert seen.green == state.green and seen.supply == state.supply
    assert len(seen.skill_pile) == len(state.skill_pile)


# --- Transport and upgrading -------------------------------------------------------------------

# home1 --road-- keywood --road-- gold_mine, and the Stable beside the home tile.
CHAIN = [("keywood", (1, -1), 1), ("gold_mine", (2, -2), 0), ("stable", (-1, 0), None)]


def test_a_transport_tile_in_another_village_moves_resources_in_the_users_own_village():
    # "When a worker is placed on one of these tiles (in any player's village), the player may
    # transport resources in their own village and upgrade buildings in their own village."
    state = position(2, screens=[{"red": 3}, {"red": 3}], villages=[CHAIN, []])
    state = with_goods(state, home1={"wood": 1}, home2={"wood": 1})
    state = play(state, "use home2 1 red")  # seat 0 on seat 1's home tile
    assert state.pending == Transport(0, 1, 1)
    carries = {m for m in legal(state) if m.startswith("carry")}
    assert carries == {"carry wood home1 keywood", "carry wood home1 stable"}  # seat 0's own hexes


def test_a_transport_tile_used_again_takes_two_workers_and_transports_again():
    # "In order to upgrade a tile a player places a worker on one of the transport tiles (or two
    # or three workers if the transport tile has already been used in this season)."
    villages = [[("key_mine", (1, -1), None)], CHAIN]
    state = position(2, screens=[{"red": 3}, {"red": 3}], villages=villages, to_move=1)
    state = play(with_goods(state, home1={"wood": 1}), "use stable 1 red", "stop")
    assert "use stable 1 red" not in legal(state) and "use stable 2 red" in legal(state)
    state = play(state, "use stable 2 red")
    assert state.pending == Transport(0, 2, 1)  # the Stable's own capacity again, for its new user
    state = play(state, "carry wood home1 key_mine")
    assert state.tile("key_mine").goods.named("wood") == 1


def test_resources_moved_by_one_transport_may_be_of_different_types():
    # "The number of resources indicated on the transport tile can be split between one or more
    # resources of the same or different types."
    state = position(2, screens=[{"red": 3}, {"red": 3}], villages=[CHAIN, []])
    state = play(with_goods(state, home1={"wood": 1, "stone": 1}), "use stable 1 red")
    assert state.pending.moves == 2
    state = play(state, "carry wood home1 keywood", "carry stone home1 keywood")
    assert state.tile("keywood").goods == Resources.of(wood=1, stone=1)


def test_an_upgraded_tile_keeps_its_workers_its_other_resources_and_its_orientation():
    # "Any resources not required for the upgrade and workers (if the village tile has already
    # been used) remain in place on the tile once it has been upgraded (flipped over). When
    # flipped, the orientation of the village tile should be the same as it was before the
    # upgrade."
    state = position(2, screens=[{"red": 3}, {"red": 3}], villages=[CHAIN, []])
    state = play(with_goods(state, gold_mine={"stone": 1, "iron": 1, "gold": 1}), "use gold_mine 1 red", "pass")
    layout = state.villages[0].layout
    state = play(state, "use home1 1 red", "upgrade gold_mine paying iron,stone")
    tile = state.tile("gold_mine")
    assert tile.face == 1
    assert tile.workers.named("red") == 1 and tile.uses == (1,)  # its user's worker stays on it
    assert tile.goods == Resources.of(gold=2)  # the gold it had and the gold its use gave
    assert state.villages[0].layout == layout  # same cell, same turn


# --- End of season -----------------------------------------------------------------------------


def test_the_end_of_a_season_takes_its_steps_in_the_rulebooks_order():
    # "The season ends when all players pass in succession. The following then occurs:"
    # "1. Unsuccessful bids [...] 2. Village tiles not bid for [...] 3. Collect village tiles
    # successfully bid for [...] 4. Collect home village workers [...] 5. Turn order tiles
    # [...] 6. Expanding the villages", with The Farmers' breeding after the boats (keyflower.md
    # §7: losing bids, won tiles, turn order and boats, breeding, then the new tiles placed).
    screens = [{"red": 5}, {"red": 5, "blue": 1}]
    village = [("keywood", (1, -1), 1)]
    state = position(2, screens=screens, offer=["key_mine", "stable", "keystone_quarry"], villages=[village, []])
    field = state.villages[0].fields.fields_on((0, 0))[0]
    sheep = attrs.evolve(state.villages[0], animals=((field, Animals.of(sheep=2)),))
    state = attrs.evolve(state, villages=(sheep, state.villages[1]), animals=state.animals.take("sheep", 2))
    state = play(
        state,
        "bid key_mine 1 red",
        "bid key_mine 2 red",  # seat 1 wins Key mine, seat 0 loses 1 red
        "bid order1 1 red",  # seat 0 wins turn-order tile 1
        "use keywood 1 blue",  # seat 1's worker in seat 0's village
        "use keystone_quarry 1 red",  # nobody bids for the Keystone quarry
        "use stable 1 red",  # nor for the Stable
    )
    state = play(state, "stop")
    bag = len(state.bag)
    state = until_boats(state)
    assert len(state.bag) == bag + 1 + 1 + 2  # the unbid tiles' users, the winning bid for Key mine
    bag = len(state.bag)
    # Steps 1-4 are done as the first boat is chosen: the losing bid back, the unbid tiles gone
    # (their users' workers in the bag), the won tile waiting with its winner, the workers in
    # seat 0's village behind seat 0's screen; the turn-order bid still on its tile.
    assert state.screens[0] == Workers.of(red=5 - 1 - 1, blue=1)
    assert {"keystone_quarry", "stable"}.isdisjoint(t.id for t in state.tiles)
    assert state.lot("order1").bids == (Bid(0, "red", 1),)
    assert PlaceTile(1, "key_mine") in state.stack and "key_mine" not in state.villages[1].ids
    state = play(state, "boat keyflower", "boat sea_bastion")
    # Step 5 done: the turn-order bid in the bag; the sheep have bred; step 6 comes last.
    assert state.pending == PlaceTile(1, "key_mine")
    assert len(state.bag) == bag + 1
    assert state.villages[0].animals_in(field).named("sheep") == 3


def test_losing_bids_for_turn_order_tiles_go_back_behind_the_screen():
    # "1. Unsuccessful bids: All players collect workers that they played and which form part of
    # an unsuccessful bid and puts these back behind their screen."
    state = position(2, screens=[{"red": 3}, {"red": 3}])
    state = until_boats(play(state, "bid order1 1 red", "bid order1 2 red"))
    assert state.screens[0].named("red") == 3 and state.screens[1].named("red") == 1


def test_won_tiles_are_collected_from_the_start_player_clockwise():
    # "3. Collect village tiles successfully bid for: Starting with the start player (to avoid
    # confusion) and then in clockwise order, each player: a. Takes any village tile they
    # successfully bid for and any workers placed on them."
    state = position(3, screens=[{"red": 3}] * 3, offer=["keywood", "key_mine", "stable"], to_move=1)
    state = attrs.evolve(state, start=1)
    state = until_boats(play(state, "bid keywood 1 red", "bid key_mine 1 red", "bid stable 1 red"))
    placing = [(p.seat, p.tile) for p in reversed(state.stack) if isinstance(p, PlaceTile)]
    assert placing == [(1, "keywood"), (2, "key_mine"), (0, "stable")]


def test_without_a_bid_on_the_purple_tile_the_old_start_player_orders_the_boat_choices():
    # "ii. [...] followed in clockwise order from the new start player by any of the players who
    # did not win a turn order tile. If no player bid for the new start player tile, the
    # existing start player remains the start player for the purposes of collecting the boat
    # contents"
    # "iv. If no player bid for the turn order tile with the start player icon then, after all
    # of the players have taken their workers and skill tile(s), the player to the start
    # player's left becomes the new start player and takes the purple start player marker."
    state = attrs.evolve(position(3, screens=[{"red": 3}] * 3, to_move=1), start=1)
    state = until_boats(play(state, "pass", "pass", "bid order1 1 red"))  # seat 0 wins tile 1
    assert state.pending == ChooseBoat(0, (1, 2))
    state = play(state, "boat keyflower", "boat sea_bastion")
    assert state.start == 1  # still, until every boat is taken
    state = play(state, "boat sea_breese")
    assert state.start == 2


def test_the_purple_tile_winner_becomes_start_player_as_that_tile_is_resolved():
    # "iii. Usually a player will have successfully bid for the turn order tile showing the
    # purple start player. When that tile is resolved the start player will change to that
    # player immediately."
    state = attrs.evolve(position(3, screens=[{"red": 3}] * 3, to_move=1), start=1)
    state = until_boats(play(state, "pass", "bid order1 1 red", "bid order2 1 red"))
    # Seat 2 won tile 1, seat 0 tile 2 (the purple one with three players); seat 1 follows.
    assert state.pending == ChooseBoat(2, (0, 1))
    state = play(state, "boat keyflower")
    assert state.start == 1
    state = play(state, "boat sea_bastion")
    assert state.start == 0


def test_the_workers_bid_for_turn_order_tiles_go_into_the_bag_after_the_boats():
    # "v. Place the workers used in the bids for the turn order tiles into the bag (including
    # green workers)."
    state = position(2, screens=[{"green": 3}, {"red": 3}])
    state = until_boats(play(state, "bid order1 2 green"))
    assert state.lot("order1").bids == (Bid(0, "green", 2),)  # still there while boats are chosen
    bag = len(state.bag)
    state = play(state, "boat keyflower", "boat sea_bastion")
    # Summer has begun: its boats were loaded from the bag, the two green workers in it.
    on_boats = [cargo.workers for cargo in state.boats]
    assert len(state.bag) + sum(w.total for w in on_boats) == bag + 2
    assert state.bag.cards().count("green") + sum(w.named("green") for w in on_boats) == 2
    assert state.screens[0].named("green") == 1


def test_green_workers_on_a_tile_nobody_bid_for_go_into_the_bag():
    # "2. Village tiles not bid for: Any village tiles that were not bid for are removed and
    # placed in the game box. Any workers (including green workers) on those tiles are placed in
    # the bag."
    state = position(2, screens=[{"green": 2}, {"red": 3}], offer=["keywood"])
    state = until_boats(play(state, "use keywood 1 green"))
    assert "keywood" not in {t.id for t in state.tiles}
    assert state.bag.cards().count("green") == 1 and state.screens[0].named("green") == 1


def test_the_workers_of_a_winning_green_bid_go_into_the_bag():
    # "b. Places the workers used in the successful bids into the bag (including green workers)."
    state = position(2, screens=[{"green": 3}, {"red": 3}], offer=["keywood"])
    green = state.green
    state = until_boats(play(state, "bid keywood 2 green"))
    assert state.bag.cards().count("green") == 2 and state.green == green
    assert state.screens[0].named("green") == 1


def winter_turn(players=3, screens=None, **options):
    """The first winter turn, each player having offered one tile (nobody bid for the purple
    tile in autumn: seat 1 starts)."""
    return offer(next_season(last_turn_of(2, players=players, screens=screens, **options)), 1)


def to_the_end(state):
    """The first legal answer to each decision until the game is over."""
    return first_choices(state, lambda s: s.is_over)


def test_workers_used_in_ones_own_village_in_winter_count_at_the_end():
    # "4. Collect home village workers: Any workers used on tiles in the player's home village
    # are retained and placed behind the player's screen. (Note workers placed behind the
    # player's screen in winter are available to the player for game end scoring purposes.)"
    screens = [{"blue": 1, "red": 1, "yellow": 1}, {"red": 3}]
    state = winter_turn(2, screens=screens, villages=[[("craftsmens_guild", (1, -1), None)], []])
    state = play(state, "bid order1 1 red", "use home1 1 red", "stop")  # seat 1 will start
    state = to_the_end(state)
    assert state.start == 1
    assert state.screens[0] == Workers.of(blue=1, red=1, yellow=1)
    assert final_score(state, 0) == 3  # a set of blue, red and yellow for the Craftsmen's guild


def test_in_winter_the_holder_of_turn_order_tile_1_takes_it_and_a_boat_tile_first():
    # "ii. The player who won the bid for the number 1 turn order tile takes that tile and a
    # boat tile of their choice. The player(s) who won the bids for the number two, three and
    # four turn order tiles (if applicable) then do the same."
    state = winter_turn(3)
    state = until_boats(play(state, "pass", "bid order2 1 red", "bid order1 1 red"))
    assert state.pending == ChooseBoat(0, (2, 1))  # tile 1, tile 2, then seat 1 (left of seat 2)
    state = play(state, "boat sea_breese")
    assert state.pending == PlaceTile(0, "sea_breese")


def test_in_winter_several_turn_order_tiles_won_are_all_taken_with_one_boat_tile():
    # "If a player wins more than one turn order tile then they take these turn order tiles but
    # do not take a second boat tile."
    state = winter_turn(3)
    state = until_boats(play(state, "bid order1 1 red", "pass", "pass", "bid order2 1 red"))
    assert state.pending == ChooseBoat(1, (2, 0))
    state = to_the_end(state)
    ids = state.villages[1].ids
    assert {"order1", "order2"} <= set(ids)
    assert sum(tile_id in ("keyflower", "sea_bastion", "sea_breese") for tile_id in ids) == 1
    assert all(sum(b in v.ids for b in ("keyflower", "sea_bastion", "sea_breese")) == 1 for v in state.villages)


def test_in_winter_without_a_bid_on_the_purple_tile_the_old_start_player_orders_the_boats_then_passes_the_marker():
    # "iii. Then in clockwise order from the new start player, any player who did not win a
    # turn order tile selects a boat from those that remain. In the unusual circumstances that
    # no player bid for the new start player tile in winter, the existing start player remains
    # the start player for the purposes of selecting the boat tiles and then the start player
    # marker passes to the player on the start player's left."
    state = winter_turn(3)
    assert state.start == 1
    state = until_boats(play(state, "pass", "bid order1 1 red"))  # seat 2 wins tile 1 only
    assert state.pending == ChooseBoat(2, (1, 0))
    state = to_the_end(state)
    assert state.start == 2


def test_at_the_end_of_winter_the_purple_tile_winner_takes_the_purple_worker():
    # "At the end of winter the player winning the tile depicting the purple start player worker
    # also takes the purple start player worker."
    # "For scoring purposes, the purple start player marker may be declared by the player who
    # successfully bid for it as a resource, skill or worker of any colour"
    # Base Keyflower: with The Farmers the marker may also be an animal, which scores more.
    state = winter_turn(2, screens=[{"red": 3}, {"red": 3}], farmers=False)
    state = to_the_end(play(state, "pass", "bid order1 1 red"))
    assert state.start == 0
    without = attrs.evolve(state, start=1)
    assert final_score(state, 0) == final_score(without, 0) + 1  # declared gold


# --- Expanding the villages --------------------------------------------------------------------


def placing(tile_id, village):
    """Seat 0, whose village holds ``village``, about to add the hex ``tile_id``."""
    state = position(2, villages=[village, []])
    state = attrs.evolve(state, tiles=(*state.tiles, Tile(tile_id)), stack=(PlaceTile(0, tile_id),))
    return state, layout_of(state, state.villages[0])


def test_every_place_offered_for_a_new_tile_matches_each_side_it_touches():
    # "The sides of any tiles that are placed adjacent to each other: road and water, must
    # match."
    # "Note that unless the player also owns summer boat 2a, all the sides must match: roads,
    # no roads, water."
    state, layout = placing("keywood", CHAIN)
    places = [m for m in state.legal_moves()]
    assert places
    unturned = sides_of(state, "keywood")
    for place in places:
        sides = tiles.rotated(unturned, place.turns)
        assert place.cell not in layout
        assert tiles.mismatches(layout, place.cell, sides) == ()
        assert any(n in layout for n in hexgrid.neighbours(place.cell))
    # and every such place is offered (each distinct turn once)
    fitting = {
        (cell, tiles.rotated(unturned, t))
        for cell in tiles.frontier(layout)
        for t in range(6)
        if not tiles.mismatches(layout, cell, tiles.rotated(unturned, t))
    }
    assert {(p.cell, tiles.rotated(unturned, p.turns)) for p in places} == fitting


def test_boat_tiles_need_not_be_placed_with_their_water_sides_connected():
    # "Note that boat tiles (including the four summer boats) do not have to be placed so that
    # the water sides connect."
    # "However a player does not have to connect the boat(s) to the water side of their home
    # tile if they do not wish to."
    state, layout = placing("sea_bastion", [("jeweller", (1, -1), None)])
    dry = []
    for place in state.legal_moves():
        sides = tiles.rotated(sides_of(state, "sea_bastion"), place.turns)
        touching = [d for d, n in enumerate(hexgrid.neighbours(place.cell)) if n in layout]
        if all(sides[d] != WATER for d in touching):
            dry.append(place)
    assert dry  # beside the Jeweller's grass, its water sides facing no tile


def test_once_positioned_tiles_are_never_moved():
    # "Once positioned, tiles cannot be repositioned"
    state, layout = placing("key_mine", CHAIN)
    before = state.villages[0].layout
    state = play(state, str(state.legal_moves()[0]))
    after = state.villages[0].layout
    assert after[: len(before)] == before and len(after) == len(before) + 1


# --- Game end scoring --------------------------------------------------------------------------


def scored(village, start=1, screens=None, farmers=True, **goods):
    """Seat 0's final score: ``village`` beside home tile 1, ``goods`` on its hexes, seat
    ``start`` holding the purple worker (``farmers``: scored with The Farmers)."""
    state = position(2, screens=screens, villages=[village, []], to_move=1)
    return final_score(ended(with_goods(state, **goods), start=start, farmers=farmers), 0)


def yard_vp(tile_id, face=0):
    """The points per resource of a yard's face (from the data)."""
    ((_, vp),) = STANDARD.tile(tile_id).faces[face].vp_per
    return vp


def test_resources_on_a_yard_cannot_also_count_for_other_resource_scoring_tiles():
    # "Resources remaining in the barn, blacksmith, stone yard and timber yard cannot also be
    # counted for the other resource scoring tiles the jeweller, mercer's guild, watermill and
    # windmill."
    village = [("timber_yard", (1, -1), None), ("watermill", (-1, 0), None), ("keywood", (0, 1), None)]
    yard = yard_vp("timber_yard")
    # Two wood on the yard score there; only the wood on Keywood counts for the Watermill.
    assert scored(village, timber_yard={"wood": 2}, keywood={"wood": 1}) == 2 * yard + 1


def test_only_resources_placed_on_a_yard_during_the_game_score_there():
    # "Only resources that have been placed on the autumn barn, blacksmith, stone yard and timber
    # yard tiles during the course of the game may be kept on those tiles for scoring purposes."
    village = [("timber_yard", (1, -1), None)]
    assert scored(village, home1={"wood": 2}) == 0  # not moved onto the yard at the end
    assert scored(village, timber_yard={"wood": 2}) == 2 * yard_vp("timber_yard")


def test_resources_anywhere_in_the_village_score_without_transport():
    # "All other resources, skills and workers can be allocated as required to the other scoring
    # tiles. No transport is required."
    village = [("watermill", (-1, 0), None), ("keywood", (1, -1), None)]
    assert scored(village, keywood={"wood": 2}, home1={"wood": 1}) == 3


def test_a_resource_is_allocated_to_the_watermill_or_the_windmill_not_both():
    # "Each item can only be scored once and can only be allocated to one bonus tile. For
    # example [...] a resource cannot be allocated to both the watermill and the windmill."
    village = [("watermill", (-1, 0), None), ("windmill", (1, -1), None)]
    assert scored(village, home1={"wood": 5}) == 5  # five as wood on one, or one set of five on the other
    assert scored(village, home1={"wood": 5, "stone": 5}) == 10  # the wood on one, the stone on the other


def test_scoring_tiles_score_as_often_as_the_items_allow():
    # "For all of the scoring tiles except the Keythedral, the game end bonuses may be scored
    # multiple times if the player has sufficient resources, skills or workers."
    village = [("windmill", (1, -1), None)]
    assert scored(village, home1={"wood": 4, "stone": 3, "iron": 3}) == 10  # two sets of five


def test_the_purple_marker_may_be_declared_a_resource_on_a_yard():
    # "For scoring purposes, the purple start player marker may be declared by the player who
    # successfully bid for it as a resource, skill or worker of any colour and, if applicable,
    # placed on the barn, blacksmith, stone yard or timber yard."
    # Base Keyflower: with The Farmers the marker may also be an animal, which scores more.
    village = [("timber_yard", (1, -1), None)]
    assert scored(village, start=0, farmers=False) == yard_vp("timber_yard")  # wood on the yard, not 1 as gold
    assert scored(village, start=1, farmers=False) == 0


# --- Village tiles: detail ---------------------------------------------------------------------


def test_each_turn_order_tile_scores_a_point_for_each_other_tile_it_is_connected_to():
    # "In the winter it is possible for a player to win more than one of the turn order tiles
    # and these are placed into their village. In the game end scoring the owner of each tile
    # gets 1 point for each other tile that the turn order tile is connected to."
    village = [("order1", (1, -1), None), ("order2", (2, -2), None)]
    # order1 touches the home tile and order2, order2 touches order1 only.
    assert scored(village) == 2 + 1


def test_no_workers_may_be_placed_on_a_summer_boat():
    # "The player does not need to place a worker on the tile in order to have the ability,
    # indeed no workers may be placed on the summer boat tiles."
    state = position(2, screens=[{"red": 3}, {"red": 3}], offer=["summer_boat_2"], villages=[[("summer_boat_1", (1, 0), 0)], []])
    moves = legal(state)
    assert any(m.startswith("bid summer_boat_2") for m in moves)  # it is bid for in summer
    assert not any(m.startswith("use summer_boat") for m in moves)
    with pytest.raises(IllegalMove):
        play(state, "use summer_boat_1")


# --- What each player sees (the views) ---------------------------------------------------------


def test_the_colours_of_the_workers_each_player_draws_are_not_disclosed_to_the_others():
    # "Each player draws eight workers at random secretly from the bag, so that the colours of
    # the workers are not disclosed to the other players, and places these workers behind their
    # screen."
    state = first_choices(new(2, chance="explicit"), lambda s: s.to_move != -1)
    assert any(str(m).startswith("worker ") for m in state.history)  # the draws, in explicit chance
    seen = state.view(1)
    assert seen.screens[0] == Workers() and seen.hidden_workers[0] == 8
    assert not any(str(m).startswith(("worker ", "skill ")) for m in seen.history)


def test_the_winter_tiles_dealt_are_not_shown_to_the_other_players():
    # "Players may look at the reverse side of the tiles, but should not show these to the other
    # players."
    state = first_choices(new(2, chance="explicit"), lambda s: s.to_move != -1)
    winter = {t.code for t in state.components.season_tiles("winter", True)}
    seen = state.view(1)
    assert seen.winter_hands[0] == () and seen.hidden_winter[0] == 4
    assert not any(str(m).split()[-1] in winter for m in seen.history)


def test_the_numbers_of_winter_tiles_offered_are_revealed_simultaneously():
    # "(Placing the tiles 'in the fist' is the method suggested for performing this action.) The
    # numbers of tiles selected are then revealed simultaneously"
    state = winter_offers(2)  # seat 1 offers first, then seat 0
    first, second = state.winter_hands[1]
    one = play(state, f"offer {first}", "offered")
    both = play(state, f"offer {first}", f"offer {second}")
    assert one.pending == both.pending == OfferWinter(0)
    assert one.view(0) == both.view(0)  # seat 0 chooses not knowing how many seat 1 chose


def test_after_the_reveal_nobody_knows_which_tiles_each_player_offered():
    # "[...] but so that players do not know which tiles were selected by which player."
    def revealed(hands):
        return offer(attrs.evolve(winter_offers(3), winter_hands=hands), 1)

    hands = (("keythedral", "windmill"), ("jeweller", "scribes"), ("scholar", "apothecary"))
    swapped = (("scholar", "windmill"), ("jeweller", "scribes"), ("keythedral", "apothecary"))
    # Seat 1 sees the same whether seat 0 or seat 2 offered the Keythedral.
    assert revealed(hands).view(1) == revealed(swapped).view(1)


def test_a_skill_paid_for_an_upgrade_goes_face_down_unseen_by_the_others():
    # "Skill tokens required for the upgrade are taken from behind the player's screen and
    # placed face down in the general supply."
    code = next(t.code for t in STANDARD.village if t.upgrade and dict(t.upgrade).get("any_skill"))
    cost = {("wood" if item == "any_resource" else item): n for item, n in STANDARD.tile(code).upgrade if item != "any_skill"}
    state = position(2, screens=[{"red": 3}, {"red": 3}], skills=[{"anvil": 1}, {}], villages=[[(code, (1, -1), None)], []])
    state = play(with_goods(state, **{code: cost}), "use home1 1 red")
    paying = next(m for m in legal(state) if m.startswith(f"upgrade {code}"))
    assert "anvil" in paying
    state = play(state, paying)
    assert not any("anvil" in str(m) for m in state.view(1).history)


@pytest.mark.parametrize("seed", range(6))
def test_a_position_dealt_from_a_view_has_each_player_who_chose_offering_one_or_more_tiles(seed):
    # "In winter each player selects one or more of the winter tiles that they received" and
    # "The numbers of tiles selected are then revealed simultaneously": a position consistent
    # with seat 0's view, as seat 1 has chosen, has seat 1 offering one tile or two.
    from tabletop.keyflower_farmers import GAME

    state = play(winter_offers(2), f"offer {winter_offers(2).winter_hands[1][0]}", "offered")
    seen = state.view(0)
    sample = GAME.determinize(seen, Rng.from_seed(seed))
    assert 1 <= len(sample.winter_offers[1]) <= 2 and len(sample.winter_offers[1]) + len(sample.winter_hands[1]) == 2
    assert sample.view(0) == seen
    code = sample.winter_hands[0][0]
    after = play(sample, f"offer {code}", "offered")
    assert after.pending == Turn(1) and code in dict(after.lots)
