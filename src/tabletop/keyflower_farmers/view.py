"""What a seat sees: behind the other screens (workers, skills, wheat) only counts, the other
players' dealt winter tiles and the ones they are choosing to offer only counted, the bag, the skill pile and the tiles still to come
masked, the random source hidden. Boat cargo lies face up and every village is open.

Variant B (open information) keeps items gained during the game in front of the screen; the
state does not yet tell them apart from the 8 starting workers, so a view hides them all.
"""

from __future__ import annotations

from tabletop.keyflower_farmers.state import KeyflowerState, Skills, Workers
from tabletop.kernel.engine import evolve


def view(state: KeyflowerState, seat: int) -> KeyflowerState:
    """The position as ``seat`` sees it."""
    return evolve(
        state,
        screens=tuple(screen if s == seat else Workers() for s, screen in enumerate(state.screens)),
        skills=tuple(skills if s == seat else Skills() for s, skills in enumerate(state.skills)),
        wheat=tuple(w if s == seat else 0 for s, w in enumerate(state.wheat)),
        winter_hands=tuple(hand if s == seat else () for s, hand in enumerate(state.winter_hands)),
        hidden_workers=tuple(0 if s == seat else state.screens[s].total for s in range(state.players)),
        hidden_skills=tuple(0 if s == seat else state.skills[s].total for s in range(state.players)),
        hidden_wheat=tuple(0 if s == seat else state.wheat[s] for s in range(state.players)),
        hidden_winter=tuple(0 if s == seat else len(state.winter_hands[s]) for s in range(state.players)),
        winter_offers=tuple(offer if s == seat else () for s, offer in enumerate(state.winter_offers)),
        hidden_offers=tuple(0 if s == seat else len(state.winter_offers[s]) for s in range(state.players)),
        bag=state.bag.masked(),
        skill_pile=state.skill_pile.masked(),
        season_piles=tuple(pile.masked() for pile in state.season_piles),
        winter_deck=state.winter_deck.masked(),
        rng=state.rng.mask(),
        viewer=seat,
    )
