import pytest

from tabletop.kernel.wheels import laps_completed, period, spaces_under


def test_coupled_wheels_advance_together():
    assert spaces_under(0, (6, 5)) == (0, 0)
    assert spaces_under(7, (6, 5)) == (1, 2)
    assert spaces_under(30, (6, 5)) == (0, 0)


def test_a_lap_is_completed_on_reaching_or_passing_the_start():
    assert laps_completed(5, 1, 6) == 1  # aligns with the start
    assert laps_completed(4, 3, 6) == 1  # passes it
    assert laps_completed(0, 4, 6) == 0
    assert laps_completed(6, 4, 6) == 0
    assert laps_completed(11, 13, 6) == 3  # passes 12 and 18, reaches 24


def test_coupled_wheels_repeat_after_the_least_common_multiple():
    assert period((6, 5)) == 30
    assert len({spaces_under(s, (6, 5)) for s in range(30)}) == 30


def test_negative_steps_are_refused():
    with pytest.raises(ValueError):
        spaces_under(-1, (6,))
    with pytest.raises(ValueError):
        laps_completed(0, -1, 6)
