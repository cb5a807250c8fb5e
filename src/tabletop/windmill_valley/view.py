"""What one seat sees, and full positions sampled to agree with it.

Everything on the table of Windmill Valley is open: farms, storage, wheels, the display, the
offer, the face-up trade card. What nobody sees is the order of the face-down piles (the
enhancement stacks, the farm deck, the starting cards and windmill boards not dealt, the trade
cards under the one in play), and the state stores none: a kernel :class:`~tabletop.kernel.pile.Pile`
keeps its unseen cards as a multiset, each draw a chance event. Which cards a pile holds is
known to every player (each card that left it was seen face up), so a view keeps those
multisets and masks the random source, and :func:`determinize` gives the view a random source of
its own. The one card whose identity a view must hide is the solo Gardener's top card, whose
back only is seen: a view puts it back into his deck (the determinized state draws it again).
"""

from __future__ import annotations

from tabletop.kernel.automa import hide_top
from tabletop.kernel.engine import evolve
from tabletop.kernel.rng import Rng
from tabletop.windmill_valley.state import State


def view(state: State, seat: int) -> State:
    """``state`` as ``seat`` sees it: the random source masked."""
    if not 0 <= seat < state.players:
        raise ValueError(f"seat {seat} is not in this {state.players}-player game")
    gardener = state.gardener
    if gardener is not None and gardener.top is not None:
        hidden = evolve(gardener, deck=hide_top(gardener.deck, gardener.top), top=None)
        state = evolve(state, gardener=hidden)
    return evolve(state, rng=state.rng.mask(), viewer=seat)


def determinize(view_state: State, rng: Rng) -> State:
    """A full state consistent with ``view_state``: its piles' draws come from ``rng``."""
    return evolve(view_state, rng=rng.stream(1), viewer=None)
