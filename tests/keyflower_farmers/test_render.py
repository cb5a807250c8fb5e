"""The text picture of a Keyflower position: the auction row, the boats, each screen and
village (a hex map and each hex's goods and users), the supplies and the decision asked."""

import random
import re

import pytest

from tabletop.keyflower_farmers import new_game, render
from tabletop.keyflower_farmers.state import PlaceWorkers
from tabletop.kernel.hexgrid import cell_text


def _played(players, seed, decisions):
    chooser = random.Random(seed)
    state = new_game(players, seed=seed)
    for _ in range(decisions):
        state = state.apply(chooser.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5)])
def test_every_state_of_a_playout_and_every_view_renders(players, seed):
    chooser = random.Random(seed)
    state = new_game(players, seed=seed)
    while not state.is_over:
        for text in [render(state)] + [render(state.view(seat)) for seat in range(players)]:
            assert " to decide: " in text.splitlines()[-1]
        state = state.apply(chooser.choice(state.legal_moves()))
    assert render(state).splitlines()[-1].startswith("game over; scores: ")


def test_str_is_the_render():
    state = new_game(3, seed=2)
    assert str(state) == render(state)


def test_the_decision_asked_is_named_with_the_seat():
    state = new_game(3, seed=1)
    assert render(state).splitlines()[-1] == (
        f"seat {state.to_move} to decide: choosing where to place workers (bid, use) or passing"
    )


def test_the_auction_row_lists_each_lot_with_its_bids():
    state = new_game(2, seed=3)
    text = render(state)
    for tile_id, _ in state.lots:
        assert f"  {tile_id}  [no bid]" in text
    state = state.apply(next(m for m in state.legal_moves() if str(m).startswith("bid ")))
    while isinstance(state.pending, PlaceWorkers):
        state = state.apply(state.legal_moves()[0])
    bid = next(lot for _, lot in state.lots if lot.bids).bids[0]
    assert f"[seat {bid.bidder}: {bid.count} {bid.colour}]" in render(state)


def _section(text, seat):
    """The lines of ``seat``'s screen and village."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"seat {seat}"))
    end = next(i for i in range(start + 1, len(lines)) if not lines[i].startswith("  "))
    return lines[start:end]


def test_each_village_is_drawn_as_a_hex_map_with_each_hex_over_its_cell():
    state = _played(3, 2, 150)
    text = render(state)
    for seat, village in enumerate(state.villages):
        section = _section(text, seat)
        for cell, tile_id, turns in village.layout:
            label = tile_id + ("*" if state.tile(tile_id).face else "")
            # The label, and under it, in the same box, the cell as moves write it.
            boxed = re.compile(rf"[ |]{re.escape(label)}[ |]")
            (row,) = [i for i, line in enumerate(section) if boxed.search(line)]
            column = boxed.search(section[row]).start() + 1
            below = section[row + 1]
            start = below.rindex("|", 0, column + 1)
            assert cell_text(cell) in below[start : below.index("|", start + 1)]
            assert any(line.startswith(f"  {cell_text(cell)} turned {turns}: {label}") for line in section)


def test_a_view_counts_what_its_seat_cannot_see_and_shows_its_own():
    state = new_game(3, seed=4)
    seen = render(state.view(0)).splitlines()
    own = next(line for line in seen if line.startswith("seat 0"))
    other = next(line for line in seen if line.startswith("seat 1"))
    assert "workers 8 hidden" in other and "hidden" not in own
    hands = [line for line in seen if "winter tiles in hand" in line]
    assert hands[0].split(": ")[1] == " ".join(state.winter_hands[0])
    assert all(line.endswith(f"{len(state.winter_hands[1])} hidden") for line in hands[1:])
    for tile_id in state.winter_hands[1]:
        assert tile_id not in "\n".join(seen)


def test_a_finished_game_shows_the_scores_and_the_winners():
    state = _played(2, 6, 0)
    chooser = random.Random(6)
    while not state.is_over:
        state = state.apply(chooser.choice(state.legal_moves()))
    last = render(state).splitlines()[-1]
    scores = ", ".join(f"seat {seat} {points}" for seat, points in enumerate(state.scores()))
    assert last == f"game over; scores: {scores}; winners: " + ", ".join(f"seat {s}" for s in state.winners())
    # A view cannot count what lay behind the other screens.
    assert render(state.view(0)).splitlines()[-1] == "game over"
