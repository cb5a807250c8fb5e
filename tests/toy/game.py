"""Toy race: the smallest game that exercises the whole Game/State contract.

A shuffled deck holds the cards 1..6, ``copies`` of each. Every player starts with two cards
in hand (hidden from the others). On a turn the player either draws a card (``draw``) or plays
one: first ``play``, then which card (``card 5``) -- a two-step decision. A played card adds
its value to the player's score. The game ends as soon as a score reaches ``target`` or when
the player to move can neither draw nor play. The highest score wins; equal scores share.
"""

from __future__ import annotations

from typing import Any

import attrs

from tabletop.kernel import serial
from tabletop.kernel.api import Game, IllegalMove, State, check_players
from tabletop.kernel.deck import Deck
from tabletop.kernel.layout import Layout
from tabletop.kernel.rng import Rng
from tabletop.kernel.turns import next_seat

HIDDEN = 0  # a card whose value the viewer cannot see


@attrs.frozen
class Draw:
    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class Play:
    def __str__(self) -> str:
        return "play"


@attrs.frozen
class Card:
    value: int

    def __str__(self) -> str:
        return f"card {self.value}"


Move = Draw | Play | Card


@attrs.frozen
class ChooseAction:
    """Draw or play?"""


@attrs.frozen
class ChooseCard:
    """Which card of the hand to play?"""


Pending = ChooseAction | ChooseCard


@attrs.frozen
class ToyState:
    players: int
    seat: int
    hands: tuple[tuple[int, ...], ...]
    played: tuple[tuple[int, ...], ...]
    deck: Deck[int]
    rng: Rng
    pending: Pending | None
    target: int
    copies: int
    history: tuple[Move, ...] = ()
    viewer: int | None = None

    @property
    def to_move(self) -> int | None:
        return None if self.pending is None else self.seat

    @property
    def is_over(self) -> bool:
        return self.pending is None

    def legal_moves(self) -> tuple[Move, ...]:
        if isinstance(self.pending, ChooseAction):
            moves: list[Move] = []
            if self.deck.draw_pile:
                moves.append(Draw())
            if self.hands[self.seat]:
                moves.append(Play())
            return tuple(moves)
        if isinstance(self.pending, ChooseCard):
            return tuple(Card(v) for v in sorted(set(self.hands[self.seat])))
        return ()

    def apply(self, move: Any) -> ToyState:
        if move not in self.legal_moves():
            if self.is_over:
                raise IllegalMove("the game is over")
            raise IllegalMove(f"{move} is not legal now")
        history = self.history + (move,)
        if isinstance(move, Play):
            return attrs.evolve(self, pending=ChooseCard(), history=history)
        hands = list(self.hands)
        played = list(self.played)
        deck, rng = self.deck, self.rng
        if isinstance(move, Draw):
            # The draw goes through the random source on purpose: a view must refuse it.
            _, rng = rng.next64()
            (card,), deck = deck.draw(1)
            hands[self.seat] = tuple(sorted(hands[self.seat] + (card,)))
        else:
            hand = list(hands[self.seat])
            hand.remove(move.value)
            hands[self.seat] = tuple(hand)
            played[self.seat] = played[self.seat] + (move.value,)
        state = attrs.evolve(
            self,
            hands=tuple(hands),
            played=tuple(played),
            deck=deck,
            rng=rng,
            history=history,
            seat=next_seat(self.seat, self.players),
            pending=ChooseAction(),
        )
        if max(state.scores()) >= self.target or not state.legal_moves():
            state = attrs.evolve(state, pending=None)
        return state

    def scores(self) -> tuple[int, ...]:
        return tuple(sum(p) for p in self.played)

    def winners(self) -> tuple[int, ...]:
        if not self.is_over:
            return ()
        scores = self.scores()
        best = max(scores)
        return tuple(s for s, v in enumerate(scores) if v == best)

    def view(self, seat: int) -> ToyState:
        hands = tuple(
            hand if s == seat else (HIDDEN,) * len(hand) for s, hand in enumerate(self.hands)
        )
        deck = Deck((HIDDEN,) * len(self.deck.draw_pile), self.deck.discard_pile)
        return attrs.evolve(self, hands=hands, deck=deck, rng=self.rng.mask(), viewer=seat)

    def to_json(self) -> str:
        return serial.dumps(CONVERTER, self)


CONVERTER = serial.make_converter([Move, Pending])


def new_game(players: int, seed: int | None = None, target: int = 12, copies: int = 3) -> ToyState:
    check_players("toy", players, 2, 4)
    if target < 1 or 6 * copies < 2 * players:
        raise ValueError("the target must be positive and the deck must deal two cards each")
    deck, rng = Deck.shuffled([v for v in range(1, 7) for _ in range(copies)], Rng.from_seed(seed))
    hands = []
    for _ in range(players):
        cards, deck = deck.draw(2)
        hands.append(tuple(sorted(cards)))
    return ToyState(
        players=players,
        seat=0,
        hands=tuple(hands),
        played=((),) * players,
        deck=deck,
        rng=rng,
        pending=ChooseAction(),
        target=target,
        copies=copies,
    )


def from_json(text: str) -> ToyState:
    return serial.loads(CONVERTER, text, ToyState)


def determinize(view: State, rng: Rng) -> State:
    """A full state consistent with ``view``: hidden cards dealt at random from the unseen ones."""
    assert isinstance(view, ToyState) and view.viewer is not None
    unseen = [v for v in range(1, 7) for _ in range(view.copies)]
    for card in view.hands[view.viewer] + sum(view.played, ()) + view.deck.discard_pile:
        unseen.remove(card)
    cards, rng = rng.shuffled(unseen)
    it = iter(cards)
    hands = tuple(
        hand if s == view.viewer else tuple(sorted(next(it) for _ in hand))
        for s, hand in enumerate(view.hands)
    )
    deck = Deck(tuple(next(it) for _ in view.deck.draw_pile), view.deck.discard_pile)
    return attrs.evolve(view, hands=hands, deck=deck, rng=rng.stream(1), viewer=None)


def render(state: State) -> str:
    assert isinstance(state, ToyState)
    lines = [f"deck: {len(state.deck.draw_pile)} cards"]
    for s in range(state.players):
        hand = " ".join("?" if c == HIDDEN else str(c) for c in state.hands[s])
        lines.append(f"seat {s}: score {state.scores()[s]:>2}  hand [{hand}]")
    return "\n".join(lines)


def invariants(state: State) -> list[str]:
    assert isinstance(state, ToyState)
    total = len(state.deck) + sum(len(h) for h in state.hands) + sum(len(p) for p in state.played)
    expected = 6 * state.copies
    return [] if total == expected else [f"{total} cards in play, expected {expected}"]


def observation_layout(state: State) -> Layout:
    """Own hand (count per value 1-6), then per player (seat-relative) score and hand size, then
    the draw pile's size."""
    layout = Layout()
    layout.block("hand", 6)
    for k in range(state.players):
        layout.block(f"player{k}.score", 1)
        layout.block(f"player{k}.cards", 1)
    layout.block("deck", 1)
    return layout


def observation(state: State, seat: int) -> Any:
    """What ``seat`` knows, as a float32 vector (see :func:`observation_layout`)."""
    import numpy

    assert isinstance(state, ToyState)
    layout = observation_layout(state)
    out = numpy.zeros(layout.size, dtype=numpy.float32)
    for value in state.hands[seat]:
        out[layout["hand"].start + value - 1] += 1
    scores = state.scores()
    for k in range(state.players):
        who = (seat + k) % state.players
        out[layout[f"player{k}.score"]] = scores[who]
        out[layout[f"player{k}.cards"]] = len(state.hands[who])
    out[layout["deck"]] = len(state.deck.draw_pile)
    return out


TOY = Game(
    name="toy",
    title="Toy race",
    min_players=2,
    max_players=4,
    new_game=new_game,
    from_json=from_json,
    determinize=determinize,
    invariants=invariants,
    render=render,
    options={"target": 12, "copies": 3},
    observation=observation,
    observation_layout=observation_layout,
)
