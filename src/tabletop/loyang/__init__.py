"""At the Gates of Loyang (Uwe Rosenberg, 2009): the complete rules for 1-4 players.

Includes the introductory version (``introductory=True``), the 2-player courtyard flip, the
4-player partners, the solo game (``goal=17/18/19``), all 20 helpers and every FAQ answer of the
rulebook. Card contents the public record does not give are provisional data in ``data/*.toml``;
pass corrected data with ``new_game(..., components=load_components(path))``.

>>> from tabletop import loyang
>>> state = loyang.new_game(players=2, seed=1)
>>> state = state.apply(state.legal_moves()[0])
"""

from __future__ import annotations

from tabletop.kernel.api import Game
from tabletop.loyang.components import STANDARD, Components, load_components
from tabletop.loyang.moves import Move
from tabletop.loyang.render import render
from tabletop.loyang.rules import invariants
from tabletop.loyang.setup import from_json, new_game
from tabletop.loyang.state import LoyangState, Pending, Player
from tabletop.loyang.view import determinize

GAME = Game(
    name="loyang",
    title="At the Gates of Loyang",
    min_players=1,
    max_players=4,
    new_game=new_game,
    from_json=from_json,
    determinize=determinize,  # type: ignore[arg-type]
    invariants=invariants,  # type: ignore[arg-type]
    render=render,  # type: ignore[arg-type]
    options={"introductory": False, "goal": 17, "components": None},
)

__all__ = [
    "GAME",
    "STANDARD",
    "Components",
    "LoyangState",
    "Move",
    "Pending",
    "Player",
    "determinize",
    "invariants",
    "load_components",
    "new_game",
    "render",
]
