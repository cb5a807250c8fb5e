"""Windmill Valley (Dani Garcia, Board&Dice 2024), for 1-4 players (solo against the Gardener).

>>> from tabletop import windmill_valley
>>> state = windmill_valley.new_game(players=2, seed=7)
>>> state = state.apply(state.legal_moves()[0])

``GAME`` describes the game to the library; :func:`new_game` takes the options of
:data:`OPTIONS` (``expert``: no extra round at the end; ``promo``: the PROMO 1 tiles;
``difficulty``: the solo Gardener's level; ``components``: corrected component data,
``load_components(path)``, the folder's path or the data; ``chance``: ``"sampled"`` or
``"explicit"``). States run on the kernel's engine with the rules in :data:`RULES`
(:mod:`tabletop.windmill_valley.rules`, read by phase); :func:`position` builds a position from a
readable description. Much of the component data is provisional (printed only as icons and
missing from the public record): see :mod:`tabletop.windmill_valley.components`.

Rule readings, where the sources are silent or disagree:

* The seed moves the water "if the floodgate is at 1 or 2": read as the rise of the rulebook
  (+0/+1/+2 at speeds 1/2/3), never past 8.
* "Tulips can always be discarded on your turn" is the storage exchange (a bulb gained may
  replace a stored one); there is no free discard at other moments.
* Helpers are offered just before and just after the action they answer, once per turn each.
* The Queen's Wish scores the moment it is met; met during another player's turn, it scores
  when the owner's turn starts.
* Calendar rewards are taken when the space is reached, or deferred (``later``) to just after
  the action; the end of the game is triggered at once either way.
* A full market area is skipped as part of the same step; a neutral marker moves only to an
  area on the player's way with a free marker space; a marker left alone on top of another
  takes the space freed under it.
* Helpers rewarding "a Market area adjacent to your marker" give the area the marker stands in
  (the phrase the rulebook's market text uses for it).
* Cards and tiles seen with a peeking helper and not taken are discarded; an exhausted farm
  deck is reshuffled from its discards; contract 15 does not count the starting card.
* Solo: the player may stack on the Gardener's marker (the Guilder goes to the supply); he
  moves 2 market steps whatever the strength, skips full areas and never stacks; Guilder and
  Tools he would gain are lost; a bulb of any colour is his card's colour; his Lower the Water
  Level scores 0/1/2 VP per point by band; he takes Calendar slots as in a 2-player game; the
  player wins by beating his score (the usual tie-breaks), and a loss has no winner.
"""

from __future__ import annotations

from typing import Any

from tabletop.kernel.api import Game
from tabletop.windmill_valley.components import load_components
from tabletop.windmill_valley.encode import observation, observation_layout
from tabletop.windmill_valley.invariants import invariants
from tabletop.windmill_valley.options import OPTIONS
from tabletop.windmill_valley.positions import position
from tabletop.windmill_valley.render import render
from tabletop.windmill_valley.rules import RULES
from tabletop.windmill_valley.setup import from_json, setup
from tabletop.windmill_valley.state import Farmer, State, Turn
from tabletop.windmill_valley.view import determinize

GAME: Game[State] = Game(
    name="windmill_valley",
    title="Windmill Valley",
    declared=OPTIONS,
    setup=setup,
    from_json=from_json,
    determinize=determinize,
    invariants=invariants,
    render=render,
    observation=observation,
    observation_layout=observation_layout,
)


def new_game(players: int, seed: int | None = None, **options: Any) -> State:
    """A new game for 1-4 players (``OPTIONS`` lists the options)."""
    return GAME.new_game(players, seed, **options)


__all__ = ["GAME", "OPTIONS", "RULES", "Farmer", "State", "Turn", "determinize", "invariants", "load_components", "new_game", "position", "render"]
