"""Helpers for the Loyang tests: build positions, play moves by notation, list legal moves."""

from __future__ import annotations

import attrs

from tabletop.kernel.engine import CHANCE, ChanceDecision, evolve
from tabletop.kernel.pile import Pile
from tabletop.loyang import GAME, invariants, new_game
from tabletop.loyang.rules.play_area import enter_play
from tabletop.loyang.rules.table import set_player
from tabletop.loyang.components import PRIVATE_BASE as PRIVATE
from tabletop.loyang.components import STANDARD, VEGETABLES, Components, Vegetables
from tabletop.loyang.positions import Seat, position, take_out, with_seat
from tabletop.loyang.rules.driver import DECISIONS, RULES
from tabletop.loyang.state import CARD, Field, LoyangState

# The tests' own contents for the cards they use whose published contents are not known
# (provisional in data/*.toml), so that no test depends on a provisional value: correcting the
# data files never breaks a test. Same codes and kinds as the standard cards.
_ALL = VEGETABLES
TEST_STALLS = {  # code: ((vegetable, bowls), x3)
    "S03": (("wheat", 1), ("pumpkin", 1), ("turnip", 1)),
    "S04": (("wheat", 1), ("turnip", 1), ("cabbage", 1)),
    "S05": (("wheat", 1), ("pumpkin", 1), ("bean", 2)),
    "S12": (("wheat", 1), ("pumpkin", 1), ("cabbage", 1)),
    "S14": (("wheat", 1), ("bean", 2), ("leek", 2)),
}
TEST_REGULARS = {  # code: (two vegetables, payments from the bottom row up)
    "R01": (("wheat", "wheat"), (4, 5, 5, 6)),
    "R02": (("wheat", "pumpkin"), (4, 5, 5, 6)),
    "R03": (("wheat", "turnip"), (4, 5, 6, 7)),
    "R04": (("pumpkin", "pumpkin"), (4, 5, 6, 7)),
    "R05": (("wheat", "cabbage"), (5, 6, 6, 7)),
    "R06": (("pumpkin", "cabbage"), (5, 6, 6, 7)),
    "R10": (("pumpkin", "leek"), (6, 7, 7, 8)),
}
TEST_CASUALS = {  # code: (three vegetables, price)
    "C01": (("wheat", "wheat", "pumpkin"), 7),
    "C02": (("wheat", "pumpkin", "turnip"), 8),
    "C03": (("wheat", "wheat", "cabbage"), 8),
    "C14": (("cabbage", "bean", "leek"), 12),
}
TEST_COMMON_FIELDS = {  # code: vegetables it accepts
    "F3a": _ALL,
    "F3b": ("wheat", "turnip", "cabbage", "bean", "leek"),
    "F4a": ("wheat", "pumpkin", "turnip", "bean", "leek"),
    "F4b": ("wheat", "pumpkin", "cabbage", "bean"),
    "F5a": ("wheat", "pumpkin", "turnip", "cabbage"),
}
#: private fields by size: the vegetables they accept
TEST_PRIVATE = {3: _ALL, 4: _ALL[:5], 5: _ALL[:4], 6: _ALL[:3]}


def _vegs(names: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(VEGETABLES.index(name) for name in names)


def _test_components() -> Components:
    cards = []
    for c in STANDARD.cards:
        if c.code in TEST_STALLS:
            c = attrs.evolve(c, slots=tuple((VEGETABLES.index(v), b) for v, b in TEST_STALLS[c.code]))
        elif c.code in TEST_REGULARS:
            wants, pays = TEST_REGULARS[c.code]
            c = attrs.evolve(c, wants=_vegs(wants), pays=pays)
        elif c.code in TEST_CASUALS:
            wants, price = TEST_CASUALS[c.code]
            c = attrs.evolve(c, wants=tuple(sorted(_vegs(wants))), price=price)
        elif c.code in TEST_COMMON_FIELDS:
            assert c.field is not None
            c = attrs.evolve(c, field=attrs.evolve(c.field, accepts=_vegs(TEST_COMMON_FIELDS[c.code])))
        cards.append(c)
    private = tuple(attrs.evolve(f, accepts=_vegs(TEST_PRIVATE[f.spaces])) for f in STANDARD.private)
    return attrs.evolve(STANDARD, cards=tuple(cards), private=private)


#: The standard components with the tests' own card contents.
TEST = _test_components()


def scenario(players: int = 2, *, seat: int = 0, **options) -> LoyangState:
    """:func:`tabletop.loyang.position` with the tests' cards (unless told otherwise): the
    Action phase of round 1 (or ``round``), ``seat`` start player and first to act."""
    options.setdefault("components", TEST)
    return position(players, start_player=seat, **options)


def game(players: int, seed: int, **options) -> LoyangState:
    """A new game with the tests' cards and seat 0 as start player (unless told otherwise)."""
    options.setdefault("start_player", 0)
    return new_game(players, seed=seed, components=TEST, **options)



def card(code: str) -> int:
    """The number of the action card with ``code``."""
    return next(c.index for c in STANDARD.cards if c.code == code)


def play(state: LoyangState, *moves: str) -> LoyangState:
    """Apply moves written in notation, checking the invariants after each."""
    for text in moves:
        state = state.apply(GAME.parse_move(state, text))
        assert invariants(state) == [], (text, invariants(state))
    return state


def legal(state: LoyangState) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def starting(state: LoyangState, prefix: str) -> set[str]:
    return {m for m in legal(state) if m.startswith(prefix)}


def give(state: LoyangState, seat: int, *codes: str) -> LoyangState:
    """Put the cards into ``seat``'s play area as if played (stalls filled, markers blue)."""
    for code in codes:
        number = card(code)
        state = enter_play(take_out(state, number), seat, number)
    return state


def stack(state: LoyangState, seat: int, top: str, lower: str) -> LoyangState:
    """A kept two-pack: ``top`` in play, ``lower`` under it."""
    state = give(state, seat, top)
    state = take_out(state, card(lower))
    p = state.seats[seat]
    return set_player(state, seat, evolve(p, covered=p.covered + ((card(top), card(lower)),)))


def on_top(state: LoyangState, *codes: str) -> LoyangState:
    """The deck with these cards on top, in this order (drawn before the face-down rest)."""
    for code in reversed(codes):
        number = card(code)
        state = take_out(state, number)
        state = evolve(state, deck_top=(number,) + state.deck_top)
    return state


def in_hand(state: LoyangState, seat: int, *codes: str) -> LoyangState:
    for code in codes:
        number = card(code)
        state = take_out(state, number)
        p = state.seats[seat]
        state = set_player(state, seat, evolve(p, hand=p.hand + (number,)))
    return state


def vadd(counts, veg: int, k: int = 1) -> Vegetables:
    """``counts`` (vegetables) with ``k`` more (or fewer) of ``veg``."""
    counts = Vegetables(counts)
    return counts.add(veg, k) if k >= 0 else counts.take(veg, -k)


def vplus(a, b) -> Vegetables:
    return Vegetables(a).plus(b)


def vminus(a, b) -> Vegetables:
    return Vegetables(a).minus(b)


def cart(state: LoyangState, seat: int, **vegs: int) -> LoyangState:
    """Add vegetables from the supply to ``seat``'s cart, e.g. ``cart(s, 0, turnip=1)``."""
    p = state.seats[seat]
    counts = Vegetables.of(vegs)
    state = evolve(state, supply=state.supply.minus(counts))
    return set_player(state, seat, evolve(p, cart=p.cart.plus(counts)))


def empty_cart(state: LoyangState, seat: int) -> LoyangState:
    p = state.seats[seat]
    state = evolve(state, supply=state.supply.plus(p.cart))
    return set_player(state, seat, evolve(p, cart=Vegetables()))


def cash(state: LoyangState, seat: int, amount: int) -> LoyangState:
    return set_player(state, seat, evolve(state.seats[seat], cash=amount))


def veg(name: str) -> int:
    return VEGETABLES.index(name)


def courtyard(state: LoyangState, *codes: str) -> LoyangState:
    """The courtyard holding these cards (taken from wherever they are)."""
    for code in codes:
        number = card(code)
        state = take_out(state, number)
        state = evolve(state, courtyard=state.courtyard + (number,))
    return state


def with_fields(state: LoyangState, seat: int, *fields: Field) -> LoyangState:
    """``seat``'s fields replaced (the vegetables on them taken from / returned to the supply)."""
    return with_seat(state, seat, Seat(fields=fields))


def card_phase(players: int = 3, seed: int = 5, **options: object) -> LoyangState:
    """A game whose home fields are sown (wheat, pumpkin, turnip, wheat by seat): the Card phase
    of round 1."""
    options.setdefault("components", TEST)
    state = position(players, seed=seed, phase="card", **options)
    assert state.phase == CARD
    return state


def sampled(state: LoyangState) -> LoyangState:
    """``state`` (built with explicit chance) playing on with chance sampled from its seed."""
    return RULES.start(evolve(state, chance="sampled"))


def deck_cards(state: LoyangState) -> tuple[int, ...]:
    """The action cards of the deck: those known on top, then the face-down rest (sorted)."""
    return state.deck_top + state.deck.cards()


def with_deck(state: LoyangState, cards, **changes) -> LoyangState:
    """``state`` whose deck holds exactly ``cards`` (face down), with other ``changes``."""
    return evolve(state, deck=Pile(cards), deck_top=(), **changes)


def reveal(state: LoyangState, *codes: str) -> LoyangState:
    """Resolve the random events on top of the stack, and only them (no forced step after):
    the cards named first, in order, then the first possible outcome of each."""
    wanted = [card(code) if not code.startswith("P") else _private(state, code) for code in codes]
    while state.stack and state.stack[-1].seat == CHANCE:
        pending = state.stack[-1]
        decision = DECISIONS[type(pending)]
        assert isinstance(decision, ChanceDecision)
        outcomes = [outcome for outcome, _ in decision.outcomes(state, pending)]
        chosen = next((o for o in outcomes if wanted and getattr(o, "card", None) == wanted[0]), outcomes[0])
        if wanted and getattr(chosen, "card", None) == wanted[0]:
            wanted.pop(0)
        state = decision.resolve(state, pending, chosen)
    assert not wanted, f"no random event turned up {wanted}"
    return state


def _private(state: LoyangState, code: str) -> int:
    return next(PRIVATE + i for i, f in enumerate(state.components.private) if f.code == code)
