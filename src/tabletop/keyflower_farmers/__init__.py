"""Keyflower (2012) with its expansion The Farmers (2013), for 2 to 6 players (base Keyflower alone
as an option).

Built on the kernel engine (issue 10), file by file as ``docs/adding-a-game.md`` describes:

* :mod:`.components` and ``data/*.toml``: every hex (both sides), boat, turn-order tile, the
  supplies and the setup table, with sources and statuses;
* :mod:`.options`: The Farmers on or off, variants A, B and C, components, chance;
* :mod:`.state`, :mod:`.moves`, :mod:`.setup`, :mod:`.saved`, :mod:`.positions`,
  :mod:`.view`, :mod:`.render`: the position, its moves, the setup per player count (random
  events as chance decisions), saved states, positions from a description;
* :mod:`.rules`: a season's turns, bidding and using tiles (production, exchanges, animals
  into fields, boats 4a/4b bidding and using in another colour), transport and upgrades
  (roads, wheat, herding animals, the Sheep shelter, boats 2a/2b/3a), the end of each season
  (bids settled, tiles claimed, workers collected, boats chosen with their bonuses, the start
  player, breeding, the villages growing with matching sides and merging fields), the start
  of summer and autumn, winter (offers, the boat tiles joining the villages);
* :mod:`.invariants`: what no legal play breaks (components conserved, fields consistent);
* :mod:`.scoring`: the Farmers' scoring procedure with the best allocation of items and the
  purple worker, and the tie-break;
* :mod:`.encode`: observation tensors.

A turn is a chain of small decisions (where, then colour, groups, workers and payment, each
asked only when there is a choice): see :mod:`.moves`.

Registered in :mod:`tabletop.registry`: the library's contract tests, the agents, the command
line and ``tabletop bench`` run on it.
"""

from __future__ import annotations

from typing import Any

from tabletop.keyflower_farmers.encode import observation, observation_layout
from tabletop.keyflower_farmers.options import OPTIONS
from tabletop.keyflower_farmers.render import render
from tabletop.keyflower_farmers.invariants import invariants
from tabletop.keyflower_farmers.setup import from_json, setup
from tabletop.keyflower_farmers.state import KeyflowerState, PlaceWorkers
from tabletop.keyflower_farmers.rules.turns import relisted
from tabletop.keyflower_farmers.view import determinize as deal_unseen
from tabletop.kernel.api import Game
from tabletop.kernel.pile import deal_until
from tabletop.kernel.rng import Rng


def determinize(seen: KeyflowerState, rng: Rng) -> KeyflowerState:
    """A full state consistent with the view ``seen`` (see :func:`.view.determinize`), with
    another seat's placement in progress listed again from what was dealt: dealt again until
    that seat can finish the placement its answers have begun (a screen dealt without the
    colour it has chosen is not a position the view can come from)."""
    return deal_until(lambda stream: relisted(deal_unseen(seen, stream)), _can_go_on, rng)


def _can_go_on(state: KeyflowerState) -> bool:
    pending = state.pending
    return not isinstance(pending, PlaceWorkers) or bool(pending.options)


GAME: Game[KeyflowerState] = Game(
    name="keyflower_farmers",
    title="Keyflower with The Farmers",
    declared=OPTIONS,
    setup=setup,
    from_json=from_json,
    determinize=determinize,
    invariants=invariants,
    render=render,
    observation=observation,
    observation_layout=observation_layout,
)


def new_game(players: int, seed: int | None = None, **options: Any) -> KeyflowerState:
    """A new game for 2-6 players (``OPTIONS`` lists the options)."""
    return GAME.new_game(players, seed, **options)
