"""The kernel engine's messages and copies (the engine is exercised by every game's tests)."""

from __future__ import annotations

import attrs
import pytest

from tabletop.kernel.engine import evolve
from tabletop.kernel.errors import IllegalMove
from tabletop.takenoko import new_game


@attrs.frozen(slots=False)
class _Point:
    x: int
    y: int


def test_evolve_copies_any_attrs_instance_without_slots():
    point = _Point(1, 2)
    moved = evolve(point, y=5)
    assert moved == _Point(1, 5) and point == _Point(1, 2)


def test_a_move_after_the_end_says_the_game_is_over():
    over = evolve(new_game(2, seed=1), stack=())
    with pytest.raises(IllegalMove, match="the game is over"):
        over.apply("end")


def test_hidden_chance_is_the_masked_randomness_of_a_view():
    from tabletop.kernel.engine import HiddenChance
    from tabletop.kernel.rng import MaskedRandomness

    assert issubclass(HiddenChance, MaskedRandomness)
