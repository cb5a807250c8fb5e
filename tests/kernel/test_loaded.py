"""The kernel refuses at load, for every engine game, what no position holds (checked on the
toy game): a pending decision for a seat outside the game, a random event asked of a player, a
random source that is not one, an unknown chance mode; then the game's invariants."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop.kernel.errors import InvalidRecord
from tabletop.kernel.loaded import engine_problems
from toy.game import TOY


def _saved(change: Any) -> str:
    data = json.loads(TOY.new_game(3, seed=2).to_json())
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["stack"][-1].update(seat=7), "for seat 7 of a 3-player game"),
        (lambda d: d["stack"][-1].update(seat=-1), "for seat -1"),
        (lambda d: d["stack"].append({"type": "DrawCard", "drawer": 0, "seat": 1}), "instead of chance"),
        (lambda d: d.update(rng=2**64), "random source"),
        (lambda d: d.update(chance="maybe"), "chance is 'maybe'"),
        (lambda d: d.update(hidden=[0, 0]), "hidden has 2 entries for 3 players"),
        (lambda d: d["deck"]["unseen"].pop(), "17 cards in play, expected 18"),
    ],
)
def test_a_saved_state_the_engine_or_the_game_cannot_run_is_refused(change: Any, message: str) -> None:
    with pytest.raises(InvalidRecord, match=message):
        TOY.from_json(_saved(change))


def test_a_sound_state_has_no_engine_problems() -> None:
    state = TOY.new_game(2, seed=1)
    assert engine_problems(state) == [] and engine_problems("not a state") == []
    assert TOY.from_json(state.to_json()) == state
