"""Winter (base rulebook, Start of season and End of season b; The Farmers' clarifications)."""

import attrs

from tabletop.keyflower_farmers.positions import position
from tabletop.keyflower_farmers.invariants import invariants
from tabletop.keyflower_farmers.state import ChooseBoat, OfferWinter, PlaceTile, Turn

from .helpers import legal, play


def autumn(**options):
    """The last autumn turn: seat 0 to move, seat 1 has passed; hands of two winter tiles."""
    state = position(2, screens=[{"red": 3}, {"red": 3}], to_move=0, **options)
    return attrs.evolve(state, season=2, passes=1, winter_hands=(("keythedral", "windmill"), ("jeweller", "scribes")))


def winter():
    state = play(autumn(), "pass")
    while not isinstance(state.pending, OfferWinter):
        state = play(state, sorted(legal(state))[0])
    return state


def test_winter_starts_with_each_player_choosing_tiles_to_offer():
    state = winter()
    assert state.season == 3 and state.pending == OfferWinter(state.start)
    assert legal(state) == {f"offer {code}" for code in state.winter_hands[state.start]}


def test_at_least_one_winter_tile_is_offered_with_no_maximum():
    state = winter()
    seat = state.start
    first, second = state.winter_hands[seat]
    state = play(state, f"offer {first}")
    assert legal(state) == {f"offer {second}", "offered"}
    state = play(state, f"offer {second}")  # the whole hand: the next player chooses
    assert state.pending == OfferWinter(1 - seat)


def test_offered_tiles_are_laid_out_and_the_others_leave_the_game():
    state = winter()
    seat = state.start
    offered_first = state.winter_hands[seat][0]
    other_first = state.winter_hands[1 - seat][0]
    state = play(state, f"offer {offered_first}", "offered", f"offer {other_first}", "offered")
    assert state.pending == Turn(state.start)
    season_lots = sorted(t for t, _ in state.lots if not t.startswith("order"))
    assert season_lots == sorted([offered_first, other_first])
    assert state.winter_hands == ((), ())


def test_a_view_hides_the_other_players_choices():
    state = winter()
    seat = state.start
    state = play(state, f"offer {state.winter_hands[seat][0]}", "offered")
    seen = state.view(1 - seat)
    # Offered and kept tiles are counted together: the numbers offered are revealed only together.
    assert seen.winter_offers[seat] == () and seen.hidden_winter[seat] == 2


def test_winter_tiles_cannot_be_used():
    state = winter()
    seat = state.start
    state = play(state, f"offer {state.winter_hands[seat][0]}", "offered", f"offer {state.winter_hands[1 - seat][0]}", "offered")
    assert not any(m.startswith("use") and "order" not in m and m.split()[1] in dict(state.lots) for m in legal(state))


def test_at_the_end_of_winter_turn_order_and_boat_tiles_join_the_villages_and_the_game_ends():
    state = winter()
    seat = state.start
    hand0 = state.winter_hands[seat][0]
    state = play(state, f"offer {hand0}", "offered", f"offer {state.winter_hands[1 - seat][0]}", "offered")
    state = play(state, f"bid order1 1 red", f"bid {hand0} 1 red")
    while not isinstance(state.pending, ChooseBoat):
        state = play(state, "pass")
    assert state.pending.seat == seat  # the holder of turn-order tile 1 chooses first
    state = play(state, "boat keyflower")
    assert isinstance(state.pending, PlaceTile) and state.pending.tile == "keyflower"
    while not state.is_over:
        state = play(state, sorted(legal(state))[0])
    ids = set(state.villages[seat].ids)
    assert {"keyflower", "order1"} <= ids
    assert "sea_bastion" in state.villages[1 - seat].ids
    assert state.boat_picks == (seat, 1 - seat)
    assert state.winners() != ()
    assert not invariants(state)
