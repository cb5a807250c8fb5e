"""A new game for 1-4 players, and the JSON form of a state.

Setup follows the rulebook: each player gets 10 Cash, a stocked shop (3 wheat, 2 pumpkins,
2 turnips, 2 cabbages, 1 bean, 1 leek), the storehouse on its 1-vegetable side, the scoring marker
on space 1 and a field pile of two separately shuffled sets of 3/4/5/6-space fields. The rulebook
says only "choose a start player": ``start_player`` names the seat, and by default the state's
random source chooses it. Then, from the start player on, everyone buys wheat, pumpkin or turnip
from their shop and sows their home field (at most 2 players per vegetable) - these are the first
decisions of the game. Solo: the imaginary opponent's 2 stalls, 2 regular and 2 casual customers
are turned up first (other cards turned up are discarded), then the 12-card grid.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.kernel.engine import evolve
from tabletop.kernel.rng import Rng
from tabletop.kernel.turns import order_from
from tabletop.loyang import serialize
from tabletop.loyang.components import (
    CASUAL,
    COMPONENTS,
    PRIVATE_BASE,
    REGULAR,
    STALL,
    STANDARD,
    Components,
)
from tabletop.loyang.moves import SOW_HOME
from tabletop.loyang.options import OPTIONS
from tabletop.loyang.rules import RULES
from tabletop.loyang.components import Vegetables
from tabletop.loyang.state import ACTION, SETTLED, SETUP, ActionsPending, LoyangState, Player, Regular, Stall



def start(players: int, rng: Rng, options: Mapping[str, Any]) -> LoyangState:
    """The starting position for ``players`` with ``options`` checked by
    :data:`tabletop.loyang.options.OPTIONS` (``GAME.new_game`` calls it).

    ``introductory`` deals each player a blue-dot regular customer to hold; ``goal`` is the solo
    target; ``start_player`` is the seat that takes the large start player token (``None``:
    chosen at random); ``crier_in_card_phase`` lets the Market crier's sale finance a common
    field in the Card phase, as the Foreman's note implies (the helper reference gives him [3]
    only, the default); ``components`` replaces the standard card data."""
    if options["chance"] != "sampled":
        raise ValueError("At the Gates of Loyang does not offer explicit chance yet")
    introductory: bool = options["introductory"]
    goal: int = options["goal"]
    crier_in_card_phase: bool = options["crier_in_card_phase"]
    start_player: int | None = options["start_player"]
    if start_player is not None and start_player >= players:
        raise ValueError(
            f"loyang option 'start_player' takes a seat from 0 to {players - 1} or None (random), not {start_player!r}"
        )
    components = COMPONENTS.resolve(options["components"])
    deck = tuple(range(len(components.cards)))
    intro = [-1] * players
    if introductory:
        starts, rng = rng.shuffled([c.index for c in components.cards if c.kind == REGULAR and c.start])
        intro = list(starts[:players])
        deck = tuple(c for c in deck if c not in intro)
    draw, rng = rng.shuffled(deck)
    supply = Vegetables(v.tokens - players * s for v, s in zip(components.vegetables, components.shop_stock))
    seats = []
    for seat in range(players):
        pile: tuple[int, ...] = ()
        for part in (1, 2):
            part_fields = [PRIVATE_BASE + i for i, f in enumerate(components.private) if f.set == part]
            shuffled, rng = rng.shuffled(part_fields)
            pile += shuffled
        seats.append(
            Player(
                cash=components.cash,
                position=components.path_start,
                shop=components.shop_stock,
                pile=pile,
                intro=intro[seat],
            )
        )
    discard: tuple[int, ...] = ()
    grid: tuple[int, ...] = ()
    if players == 1:
        opponent, draw, discard, supply = _imaginary_opponent(components, draw, supply)
        seats.append(opponent)
        size = len(components.solo_rows) * components.solo_columns
        grid, draw = draw[:size], draw[size:]
    if start_player is None:
        start_player, rng = rng.below(players)
    state = LoyangState(
        n=players,
        seats=tuple(seats),
        round=0,
        phase=SETUP,
        start=start_player,
        second=-1,
        order=order_from(start_player, players),
        done=(False,) * players,
        partner=(),
        draw=draw,
        discard=discard,
        courtyard=(),
        active=(),
        taken=(),
        grid=grid,
        reshuffled=False,
        supply=supply,
        stack=(),
        rng=rng,
        introductory=introductory,
        goal=goal,
        crier_in_card_phase=crier_in_card_phase,
        components=components,
        rules=RULES,
    )
    return RULES.start(state)


def _imaginary_opponent(
    components: Components, draw: tuple[int, ...], supply: Vegetables
) -> tuple[Player, tuple[int, ...], tuple[int, ...], Vegetables]:
    """Solo: turn cards up until the opponent has exactly 2 stalls (filled), 2 regular and
    2 casual customers; every other card turned up goes to the discard pile."""
    wanted = {STALL: 2, REGULAR: 2, CASUAL: 2}
    picked: dict[int, list[int]] = {STALL: [], REGULAR: [], CASUAL: []}
    discard: tuple[int, ...] = ()
    while any(wanted.values()) and draw:
        card, draw = draw[0], draw[1:]
        kind = components.cards[card].kind
        if wanted.get(kind, 0) > 0:
            wanted[kind] -= 1
            picked[kind].append(card)
        else:
            discard += (card,)
    for card in picked[STALL]:
        for veg, _ in components.cards[card].slots:
            supply = supply.take(veg)
    opponent = Player(
        cash=0,
        stalls=tuple(Stall(c) for c in picked[STALL]),
        # The opponent never acts: its customers are never due.
        regulars=tuple(Regular(c, status=SETTLED) for c in picked[REGULAR]),
        casuals=tuple(picked[CASUAL]),
    )
    return opponent, draw, discard, supply


def from_json(text: str) -> LoyangState:
    """Read a state written by ``state.to_json()`` (see :mod:`tabletop.loyang.serialize`)."""
    return serialize.from_json(text, RULES)


def scenario(
    players: int = 2,
    *,
    seed: int = 0,
    seat: int = 0,
    round: int = 1,
    introductory: bool = False,
    components: Components | None = None,
) -> LoyangState:
    """A position for tests and examples: every home field sown (wheat, pumpkin, turnip, wheat
    by seat), round 1's harvest done (the first private field revealed, 1 home vegetable on each
    cart), hands returned to the deck, and the Action phase of round ``round`` with ``seat`` as
    start player and the first to act. ``components`` replaces the standard card data (tests
    pass cards of their own, so that they never depend on provisional data)."""
    options = dict(OPTIONS.defaults, introductory=introductory, start_player=0, components=components)
    state = start(players, Rng.from_seed(seed), options)
    for veg in (0, 1, 2, 0)[:players]:
        state = state.apply(SOW_HOME[veg])
    hands = tuple(card for player in state.seats for card in player.hand)
    seats = tuple(evolve(player, hand=()) for player in state.seats)
    order = order_from(seat, players)
    return evolve(
        state,
        seats=seats,
        draw=hands + state.draw,
        phase=ACTION,
        round=round,
        start=seat,
        second=order[1] if players > 1 else -1,
        order=order,
        partner=_pairs(order) if players == 4 else (),
        done=(False,) * players,
        active=(),
        taken=(),
        courtyard=(),
        stack=(ActionsPending(seat),),
        log=None,
    )


def _pairs(order: tuple[int, ...]) -> tuple[int, ...]:
    """Partners by seat when the start player ``order[0]`` partners ``order[2]``."""
    partner = [0, 0, 0, 0]
    for a, b in ((order[0], order[2]), (order[1], order[3])):
        partner[a], partner[b] = b, a
    return tuple(partner)
