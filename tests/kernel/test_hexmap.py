"""Hex maps in plain text: cells drawn as a wall of bricks, neighbours touching."""

import pytest

from tabletop.kernel.hexgrid import neighbours
from tabletop.kernel.hexmap import NARROWEST, HexMap


def test_cells_of_a_row_share_their_upright_border():
    picture = HexMap({(0, 0): ("a", "0,0"), (1, 0): ("b", "1,0")}).lines()
    assert picture[0] == "+-------+-------+"
    assert picture[1].count("|") == 3


def test_the_row_below_sits_half_a_cell_to_the_right():
    hexes = HexMap({(0, 0): ("a", "0,0"), (0, 1): ("b", "0,1")})
    assert hexes.corner((0, 1)) == (3, hexes.half)
    assert hexes.lines()[4].index("|") == hexes.half


def test_each_of_the_six_neighbours_touches_the_cell_in_the_picture():
    centre = (0, 0)
    hexes = HexMap({centre: ("c", "0,0"), **{cell: ("n", "") for cell in neighbours(centre)}})
    line, col = hexes.corner(centre)
    for cell in neighbours(centre):
        other_line, other_col = hexes.corner(cell)
        assert abs(other_line - line) in (0, 3)
        # A neighbour on the row shares an upright border; one above or below overlaps half a cell.
        assert abs(other_col - col) == (hexes.width if other_line == line else hexes.half)


def test_cells_are_as_wide_as_the_longest_label_and_never_narrower_than_seven():
    assert HexMap({(0, 0): ("a", "b")}).inner == NARROWEST
    assert HexMap({(0, 0): ("summer_boat_3*", "1,-2")}).inner == len("summer_boat_3*")


def test_a_map_needs_cells_with_two_lines_each():
    with pytest.raises(ValueError, match="at least one cell"):
        HexMap({})
    with pytest.raises(ValueError, match="two lines"):
        HexMap({(0, 0): ("only one",)})
