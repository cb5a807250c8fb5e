"""The flow of a season: its start and its turns until everyone has passed in succession, and
``settle``, which performs the forced steps between decisions."""

from __future__ import annotations

from tabletop.keyflower_farmers.state import (
    BeginSpring,
    DrawSkill,
    DrawWorker,
    KeyflowerState,
    PlaceAnimal,
    ReturnSkill,
    ReturnWorker,
    Turn,
)
from tabletop.keyflower_farmers.rules.production import open_fields
from tabletop.kernel.engine import evolve, pop, replace_top


class SeasonEndNotBuilt(NotImplementedError):
    """Everyone has passed: the end of the season (base rulebook, End of season) is the next
    part of this game to be written; until then a game stops with this error there."""


def begin_spring(state: KeyflowerState) -> KeyflowerState:
    """The holder of the lowest-numbered home tile takes the purple worker and starts."""
    start = min(range(state.players), key=lambda seat: state.homes[seat])
    return replace_top(evolve(state, start=start, passes=0), Turn(start))


def settle(state: KeyflowerState) -> KeyflowerState:
    """Resolve markers and drop events that cannot happen (a draw from an empty bag or pile, an
    animal with no supply or no field to go to) until a real decision is on top."""
    while state.stack:
        top = state.stack[-1]
        if isinstance(top, BeginSpring):
            state = begin_spring(state)
        elif isinstance(top, ReturnWorker):
            state = pop(evolve(state, bag=state.bag.shuffle_in((top.colour,))))
        elif isinstance(top, ReturnSkill):
            state = pop(evolve(state, skill_pile=state.skill_pile.shuffle_in((top.skill,))))
        elif isinstance(top, DrawWorker) and not state.bag:
            state = pop(state)
        elif isinstance(top, DrawSkill) and not state.skill_pile:
            state = pop(state)
        elif isinstance(top, PlaceAnimal) and not _animal_fits(state, top):
            state = pop(state)
        elif isinstance(top, Turn) and state.passes >= state.players:
            raise SeasonEndNotBuilt(
                "every player has passed: the end of the season is not implemented yet (issue 10)"
            )
        else:
            return state
    return state


def _animal_fits(state: KeyflowerState, pending: PlaceAnimal) -> bool:
    """Whether the supply still holds the animal and a field on the hex can take it."""
    if not state.animals.named(pending.animal):
        return False
    return bool(open_fields(state, pending.seat, pending.animal, pending.cell, pending.used))
