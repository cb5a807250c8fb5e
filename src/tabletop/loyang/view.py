"""What one seat can see, and sampling full states consistent with it (for ISMCTS bots).

Hidden in a view: the action deck (a masked :class:`~tabletop.kernel.pile.Pile`: only its size
is left), other players' hands and held introductory customers (counted in ``hidden_hand`` and
``hidden_intro``; their ``hand`` is empty and ``intro`` -1: a view holds no fake cards) and the
random source (masked). With ``chance="explicit"`` the history holds the outcomes of random
events, the cards dealt to other hands among them: a view's history leaves every ``reveal`` out.
The private field piles stay as they are: their contents are public
(every player has the same private fields, and those that left the pile did so face up) and
their order is not stored at all. Everything else is face up: courtyard, discards, play areas,
two-packs (the lower card's top line shows), the solo grid.

Playing on from a view: its random source is hidden, so a move that needs a random event
(a two-pack, the deal, a field turned over...) raises
:class:`~tabletop.kernel.engine.HiddenChance`; play on from ``determinize(view, rng)``.
"""

from __future__ import annotations

from typing import Any

from tabletop.kernel.engine import evolve, link_moves
from tabletop.kernel.pile import Pile, deal_unseen, unseen_by
from tabletop.kernel.rng import Rng
from tabletop.loyang.components import REGULAR
from tabletop.loyang.moves import Reveal
from tabletop.loyang.state import KeepPending, LoyangState, Player, action_cards_of


def view(state: LoyangState, seat: int) -> LoyangState:
    """The position as ``seat`` sees it."""
    seats = tuple(player if s == seat else _from_outside(player) for s, player in enumerate(state.seats))
    deck = state.deck.masked()
    if state.deck_top:  # cards known to lie on top (a described position) are hidden too
        deck = Pile[int](hidden=len(deck) + len(state.deck_top))
    changes: dict[str, Any] = {}
    if state.chance == "explicit":
        # The outcomes of random events are in the history; some are cards dealt to other hands.
        changes["log"] = link_moves(tuple(move for move in state.history if type(move) is not Reveal))
    return evolve(state, seats=seats, deck=deck, deck_top=(), rng=state.rng.mask(), **changes)


def _from_outside(player: Player) -> Player:
    """Another player as a seat sees them: the hand and a held blue-dot customer are counted."""
    if not player.hand and player.intro < 0:
        return player
    return evolve(
        player,
        hand=(),
        hidden_hand=player.hidden_hand + len(player.hand),
        intro=-1,
        hidden_intro=player.hidden_intro + (player.intro >= 0),
    )


def _visible(state: LoyangState) -> list[int]:
    """The action cards a view shows (face up, or in its own seat's hand)."""
    seen: list[int] = [*state.discard, *state.courtyard, *(g for g in state.grid if g >= 0)]
    for player in state.seats:
        seen.extend(action_cards_of(player))
    for pending in state.stack:
        if isinstance(pending, KeepPending):
            seen.extend(pending.drawn)
    return seen


def determinize(state: LoyangState, rng: Rng) -> LoyangState:
    """A full state consistent with the view ``state``: the cards it cannot place dealt back at
    random (held introductory customers from the unseen blue-dot cards, then the hands, then the
    deck) with :func:`~tabletop.kernel.pile.deal_unseen`, and ``rng`` as the random source."""
    components = state.components
    unseen = list(unseen_by(range(len(components.cards)), _visible(state)))
    seats = list(state.seats)
    for i, player in enumerate(seats):
        if player.hidden_intro:
            blue_dots = [c for c in unseen if components.cards[c].kind == REGULAR and components.cards[c].start]
            intro, rng = rng.choice(blue_dots or unseen)
            unseen.remove(intro)
            seats[i] = evolve(player, intro=intro, hidden_intro=0)
    sizes = [player.hidden_hand for player in seats] + [state.deck.hidden]
    dealt, rng = deal_unseen(unseen, sizes, rng)
    for i, player in enumerate(seats):
        if player.hidden_hand:
            seats[i] = evolve(player, hand=dealt[i], hidden_hand=0)
    deck = Pile(dealt[-1] + tuple(state.deck.unseen), state.deck.bottom)
    return evolve(state, seats=tuple(seats), deck=deck, rng=rng.stream(state.move_count))
