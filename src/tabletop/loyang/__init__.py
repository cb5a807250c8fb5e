"""At the Gates of Loyang (Uwe Rosenberg, 2009): the complete rules for 1-4 players.

Includes the introductory version (``introductory=True``), the 2-player courtyard flip, the
4-player partners, the solo game (``goal=17``, ``18`` or ``19``), all 20 helpers and every FAQ
answer of the rulebook. Options: ``start_player`` (default: chosen at random),
``crier_in_card_phase`` (see below) and ``chance``.

The game runs on the kernel engine (:mod:`tabletop.kernel.engine`): a state's ``stack`` holds
the pending decisions, :data:`RULES` lists them. Every random event - each card drawn from the
action deck (a :class:`~tabletop.kernel.pile.Pile` without a stored order), each field turned
over from a player's pile, the blue-dot customers of the introductory version, the solo
opponent's cards and grid, a start player chosen at random - is a chance decision of the seat
``CHANCE``. By default (``chance="sampled"``) the state's seeded random source decides them
unseen; with ``chance="explicit"`` they are asked: ``state.to_move == CHANCE``,
``state.chance_outcomes()`` gives ``(outcome, probability)`` pairs and ``state.apply(outcome)``
forces one (``reveal S03``, ``start player 2``); records carry them. Card contents the public record does not give are
provisional data in ``data/*.toml``; pass corrected data with
``new_game(..., components=load_components(path))`` (or ``components="path/to/folder"``, or the
data of :meth:`Components.as_data`, which is what game records store).

>>> from tabletop import loyang
>>> state = loyang.new_game(players=2, seed=1)
>>> state = state.apply(state.legal_moves()[0])

:func:`position` builds a position from a readable description (seats' fields, cards and
Cash, the phase, the cards on top of the deck: see :mod:`tabletop.loyang.positions`).

:func:`observation` encodes what a seat knows as a numpy vector for learning agents (see
:mod:`tabletop.loyang.encode` for its layout).

Scores are path positions minus loans (during the game too). Solo: ``winners()`` is ``(0,)``
when the final score reaches the goal, ``()`` otherwise; ``state.solo_result()`` names the
rating ("good", "very good", "master" or "below goal").

Rule readings where the rulebook leaves room (all in the code's docstrings too):

* "Choose a start player": ``start_player`` names the seat; by default the state's random
  source chooses it.
* Loans ("at any time") are offered wherever money can matter: the Action phase, storing,
  the path of prosperity, whenever a forced payment (common field, missed-customer penalty)
  exceeds the player's Cash, and the solo Card phase. Sales to the shop likewise (Action
  phase, storing, forced payments, the solo Card phase). Helpers are discarded without use in
  the owner's Action phase, including its end (moving on the path), where a card revealed is
  no longer due that round.
* A regular customer not served by the end of its owner's Action phase is missed then; the
  move "decline" misses it earlier (Fraser's example needs that). One revealed after its owner
  ended the actions (a helper used to pay while storing) is not due that round.
* Activated helpers (Maid, Messenger-boy, Official, Saleswoman, Harvest helper [3]) are
  discarded at once; the Saleswoman's first option turns the markers blue with "markers blue".
* The Foreman reacts to helpers leaving a play area (used or discarded), not to two-pack cards
  that are not kept. In a 4-player Action phase only the discarder's partner (or the discarder)
  qualifies; in the Harvest and Card phases anyone.
* The Market crier is an Action-phase helper ([3] in the helper reference). The Foreman's note
  names him among the helpers used in the Card phase; ``crier_in_card_phase=True`` follows that
  note and lets his sale pay for a common field in the Card phase.
* The Haggler always needs two of the vegetable in the shop, with the Shopper too (both then come
  from the supply); Merchant with Shopper: inside one Merchant use, one of the purchases comes free
  from the supply (the type must be in the shop).
* Tout buying a casual customer: it counts among the buyer's casual customers for the
  +2/-2 modifier while served; 2 Cash go to the seller after the payment.
* Storing: a player is asked only when something does not fit or the storehouse can still be
  upgraded (2 Cash); otherwise the cart goes into the storehouse by itself.
* Solo: Trader fees, Deliveryman and Tout payments to the imaginary opponent go to the supply;
  the solo deck is never reshuffled except once, when the first field is discarded in a Harvest
  phase (so two-packs and the grid may run dry).
* Solo with the introductory version: the blue-dot customer in hand is played for free as one
  of the (at most 2) cards of a solo Card phase, as it replaces a hand card in the multi-player
  game.
* A forced payment in the middle of one's actions (a common field from a two-pack, a missed
  customer's penalty) may also be raised with the helpers that bring in money: the Deliveryman
  and the Tout's purchase, besides the Book-keeper and the Market crier. In the Card phase only
  the Book-keeper (and, with ``crier_in_card_phase``, the Market crier) may raise it.
* "If the supply runs out, the players improvise tokens": the supply (a
  :class:`Vegetables` pool) never goes below zero; the tokens improvised are counted in
  ``state.improvised`` and are the first to leave play again.
* A deck too short in the Card phase is dealt evenly; a player who then can neither place nor
  take (empty courtyard) plays a hand card of their choice alone ("play X") and drops out.
"""

from __future__ import annotations

from typing import Any

from tabletop.kernel.api import Game
from tabletop.loyang.components import STANDARD, Components, Vegetables, load_components
from tabletop.loyang.encode import layout_of, observation, observation_layout, observation_size
from tabletop.loyang.invariants import invariants
from tabletop.loyang.moves import Move
from tabletop.loyang.render import render
from tabletop.loyang.options import OPTIONS
from tabletop.loyang.positions import Seat, position, with_seat
from tabletop.loyang.rules import RULES
from tabletop.loyang.setup import from_json, start
from tabletop.loyang.state import LoyangState, Pending, Player
from tabletop.loyang.view import determinize

GAME: Game[LoyangState] = Game(
    name="loyang",
    title="At the Gates of Loyang",
    declared=OPTIONS,
    setup=start,
    from_json=from_json,
    determinize=determinize,
    invariants=invariants,
    render=render,
    observation=observation,
    observation_layout=layout_of,
)


def new_game(players: int, seed: int | None = None, **options: Any) -> LoyangState:
    """A new game for 1-4 players (``tabletop.loyang.OPTIONS`` lists the options)."""
    return GAME.new_game(players, seed, **options)


__all__ = [
    "OPTIONS",
    "GAME",
    "RULES",
    "STANDARD",
    "Components",
    "LoyangState",
    "Move",
    "Pending",
    "Player",
    "Seat",
    "Vegetables",
    "determinize",
    "invariants",
    "load_components",
    "new_game",
    "observation",
    "observation_layout",
    "observation_size",
    "position",
    "render",
    "with_seat",
]
