"""Positions from a readable description, for tests and users.

:func:`position` starts a game, lets ``chance`` outcomes (the deals) come from the seed, plays
the draft and the market markers with the first choices, and then sets what the description
gives: each seat's farm (Guilder, VP, Tools, storage, patches, wheels...) and the shared board
(floodgate, water, windmills, trade spots). The first player is then asked the floodgate.

>>> state = position(2, farms={0: {"guilders": 3, "storage": ("red", "red")}})
>>> state.farmers[0].storage
('red', 'red')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.kernel.engine import evolve
from tabletop.windmill_valley.options import OPTIONS
from tabletop.windmill_valley.setup import setup
from tabletop.kernel.rng import Rng
from tabletop.windmill_valley.state import GARDENER, AdjustFloodgate, State


def position(
    players: int = 2,
    farms: Mapping[int, Mapping[str, Any]] | None = None,
    mills: Mapping[str, int] | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    **board: Any,
) -> State:
    """The position after setup (deals from ``seed``, the first choices of the draft and the
    markers) with each seat's farm changed by ``farms[seat]`` (fields of
    :class:`~tabletop.windmill_valley.state.Farmer`), windmills on the spaces ``mills`` (space
    id -> owner, taken from the owner's largest group; in solo, owner 1 is the Gardener) and the shared ``board`` fields
    (``floodgate``, ``water``, ``spots``, ``display``, ``offer``, ``trade``, ``expert``...);
    ``options`` as for ``new_game``."""
    state = setup(players, Rng.from_seed(seed), OPTIONS.resolve(players, dict(options or {})))
    while not isinstance(state.pending, AdjustFloodgate):
        state = state.apply(state.legal_moves()[0])
    farmers = list(state.farmers)
    for seat, changes in (farms or {}).items():
        farmers[seat] = evolve(farmers[seat], **changes)
    owners = list(state.mills)
    gardener = state.gardener
    for space, owner in (mills or {}).items():
        owners[state.components.space_index[space]] = owner
        if gardener is not None and owner == GARDENER:
            gardener = evolve(gardener, windmills=gardener.windmills - 1)
            continue
        groups = list(farmers[owner].windmills)
        biggest = max(range(len(groups)), key=lambda g: (groups[g], g))
        groups[biggest] -= 1
        farmers[owner] = evolve(farmers[owner], windmills=tuple(groups))
    wanted = board.get("trade", state.trade)
    if wanted != state.trade:  # the card asked for comes off the stack, the one dealt goes back
        board["trade_pile"] = state.trade_pile.remove(wanted).shuffle_in((state.trade,))
    return evolve(state, farmers=tuple(farmers), mills=tuple(owners), gardener=gardener, **board)
