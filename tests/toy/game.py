"""Toy race: the smallest complete game on the kernel engine, written to be copied.

The rules. A face-down deck holds the cards 1 to 6, ``copies`` of each. Every player is dealt
two cards, which the others cannot see. On a turn the player either draws a card (``draw``)
or plays one: first ``play``, then which card (``card 5``), a decision in two steps. A played
card scores its value. The game ends as soon as a score reaches ``target``, or when the player
to move can neither draw nor play. The highest score wins; equal scores share the win.

A real game spreads these parts over the files of its package (``docs/adding-a-game.md``); here
each section is headed by the file it would be in.
"""

from __future__ import annotations

import json
from types import MappingProxyType
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from tabletop.kernel.api import Game
from tabletop.kernel.engine import (
    CHANCE,
    CHANCE_OPTION,
    ChanceDecision,
    Decision,
    EngineState,
    Rules,
    evolve,
    link_moves,
    pop,
    push,
    replace_top,
)
from tabletop.kernel.checks import check_seat
from tabletop.kernel.errors import InvalidRecord
from tabletop.kernel.layout import Layout
from tabletop.kernel.options import Option, Options
from tabletop.kernel.pile import Pile, deal_unseen, unseen_by
from tabletop.kernel.pool import Pool
from tabletop.kernel.rng import Rng
from tabletop.kernel.serial import parse_object
from tabletop.kernel.turns import next_seat

# --- components.py: what is in the box -------------------------------------------------------

VALUES = (1, 2, 3, 4, 5, 6)

#: Cards counted by value: a hand, or the cards a player has played (its score pile).
Cards = Pool.kinds("Cards", tuple(str(v) for v in VALUES))


def card_count(cards: Pool, value: int) -> int:
    return cards[value - 1]


# --- options.py: the declared options ---------------------------------------------------------

OPTIONS = Options(
    "toy",
    players=(2, 4),
    options=(
        Option("target", int, 12, "the score that ends the game", minimum=1),
        # Two copies of each value deal two cards to four players: setup never runs short.
        Option("copies", int, 3, "copies of each card value in the deck", minimum=2, maximum=9),
        CHANCE_OPTION,
    ),
)


# --- moves.py: the answers to decisions, each with its notation -------------------------------


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
    """Which card to play."""

    value: int

    def __str__(self) -> str:
        return f"card {self.value}"


@attrs.frozen
class Drawn:
    """A chance outcome: the card that comes off the deck."""

    value: int

    def __str__(self) -> str:
        return f"drawn {self.value}"


Move = Draw | Play | Card | Drawn


def parse_move_text(text: str) -> Move:
    """The move written ``text`` (used to load a saved history)."""
    word, _, number = text.partition(" ")
    if text == "draw":
        return Draw()
    if text == "play":
        return Play()
    if word in ("card", "drawn") and number.isdigit():
        return Card(int(number)) if word == "card" else Drawn(int(number))
    raise InvalidRecord(f"{text!r} is not a toy move")


# --- state.py: data only (pending decisions and the state) ------------------------------------


@attrs.frozen
class ChooseAction:
    """Draw or play?"""

    seat: int


@attrs.frozen
class ChooseCard:
    """Which card of the hand to play?"""

    seat: int


@attrs.frozen
class DrawCard:
    """The top card of the deck goes to ``drawer``'s hand: a random event."""

    drawer: int
    seat: int = CHANCE


Pending = ChooseAction | ChooseCard | DrawCard


@attrs.frozen(slots=False)
class ToyState(EngineState):
    """A toy race position.

    Attributes:
        players: the number of players.
        hands: each seat's hand. In a view, the hands the viewer cannot see are empty and
            ``hidden`` counts their cards.
        hidden: in a view, how many cards of each seat's hand the viewer cannot see.
        played: each seat's played cards (its score is their total value).
        deck: the draw pile.
        target, copies: the options.
        viewer: the seat whose view this is (``None`` for a full state).
    """

    players: int
    hands: tuple[Pool, ...]
    hidden: tuple[int, ...]
    played: tuple[Pool, ...]
    deck: Pile[int]
    target: int
    copies: int
    viewer: int | None = None

    def hand_size(self, seat: int) -> int:
        return self.hands[seat].total + self.hidden[seat]


# --- rules/ package: one function per decision, and settle ------------------------------------


def action_moves(state: ToyState, pending: ChooseAction) -> tuple[Move, ...]:
    moves: list[Move] = []
    if state.deck:
        moves.append(Draw())
    if state.hand_size(pending.seat):
        moves.append(Play())
    return tuple(moves)


def resolve_action(state: ToyState, pending: ChooseAction, move: Move) -> ToyState:
    if isinstance(move, Play):
        return replace_top(state, ChooseCard(pending.seat))
    # The turn passes once the card is in hand: the draw is asked on top of the next turn.
    after = replace_top(state, ChooseAction(next_seat(pending.seat, state.players)))
    return push(after, DrawCard(pending.seat))


def card_moves(state: ToyState, pending: ChooseCard) -> tuple[Move, ...]:
    hand = state.hands[pending.seat]
    return tuple(Card(v) for v in VALUES if card_count(hand, v))


def resolve_card(state: ToyState, pending: ChooseCard, move: Card) -> ToyState:
    seat = pending.seat
    hands = _with(state.hands, seat, state.hands[seat].take(move.value - 1))
    played = _with(state.played, seat, state.played[seat].add(move.value - 1))
    after = evolve(state, hands=hands, played=played)
    return replace_top(after, ChooseAction(next_seat(seat, state.players)))


def draw_outcomes(state: ToyState, pending: DrawCard) -> tuple[tuple[Drawn, int], ...]:
    return tuple((Drawn(card), weight) for card, weight in state.deck.draw_outcomes())


def resolve_draw(state: ToyState, pending: DrawCard, outcome: Drawn) -> ToyState:
    hands = _with(state.hands, pending.drawer, state.hands[pending.drawer].add(outcome.value - 1))
    return pop(evolve(state, hands=hands, deck=state.deck.take(outcome.value)))


def settle(state: ToyState) -> ToyState:
    """End the game when a score reaches the target or the player to move is stuck."""
    if not state.stack:
        return state
    top = state.stack[-1]
    if max(scores(state)) >= state.target:
        return evolve(state, stack=())
    if isinstance(top, ChooseAction) and not action_moves(state, top):
        return evolve(state, stack=())
    return state


def _with(values: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    return values[:seat] + (value,) + values[seat + 1 :]


# --- scoring.py -------------------------------------------------------------------------------


def scores(state: ToyState) -> tuple[int, ...]:
    return tuple(sum(v * card_count(p, v) for v in VALUES) for p in state.played)


def winners(state: ToyState) -> tuple[int, ...]:
    if state.stack:
        return ()
    final = scores(state)
    return tuple(s for s, v in enumerate(final) if v == max(final))


# --- view.py: what a seat sees, and a full state consistent with it ---------------------------


def view(state: ToyState, seat: int) -> ToyState:
    """The position as ``seat`` sees it: the other hands counted, the deck masked, the random
    source hidden."""
    check_seat(state, seat)
    hands = tuple(h if s == seat else Cards() for s, h in enumerate(state.hands))
    hidden = tuple(0 if s == seat else state.hand_size(s) for s in range(state.players))
    return evolve(state, hands=hands, hidden=hidden, deck=state.deck.masked(), rng=state.rng.mask(), viewer=seat)


def determinize(view_state: ToyState, rng: Rng) -> ToyState:
    """A full state consistent with ``view_state``: the cards the viewer has not seen dealt at
    random into the other hands and the deck."""
    seen = [v for hand in (view_state.hands + view_state.played) for v in VALUES for _ in range(card_count(hand, v))]
    everything = [v for v in VALUES for _ in range(view_state.copies)]
    unseen = unseen_by(everything, seen)
    sizes = (*view_state.hidden, view_state.deck.hidden)
    dealt, rng = deal_unseen(unseen, sizes, rng)
    hands = tuple(hand.plus(_counted(cards)) for hand, cards in zip(view_state.hands, dealt[:-1], strict=True))
    return evolve(
        view_state,
        hands=hands,
        hidden=(0,) * view_state.players,
        deck=Pile(dealt[-1], view_state.deck.bottom),
        rng=rng.stream(1),
        viewer=None,
    )


def _counted(cards: tuple[int, ...]) -> Pool:
    counts = [0] * len(VALUES)
    for value in cards:
        counts[value - 1] += 1
    return Cards(counts)


# --- render.py --------------------------------------------------------------------------------


def render(state: ToyState) -> str:
    lines = [f"deck: {len(state.deck)} cards"]
    for s in range(state.players):
        known = [str(v) for v in VALUES for _ in range(card_count(state.hands[s], v))]
        hand = " ".join(known + ["?"] * state.hidden[s])
        lines.append(f"seat {s}: score {scores(state)[s]:>2}  hand [{hand}]")
    if state.to_move == CHANCE:
        lines.append(f"next: seat {state.stack[-1].drawer} draws a card")
    return "\n".join(lines)


# --- encode.py: observations for learning agents ----------------------------------------------


def observation_layout(state: ToyState) -> Layout:
    """Own hand (count per value), then per player (seat-relative) score and hand size, then
    the deck's size."""
    layout = Layout()
    layout.block("hand", len(VALUES))
    for k in range(state.players):
        layout.block(f"player{k}.score", 1)
        layout.block(f"player{k}.cards", 1)
    layout.block("deck", 1)
    return layout


def observation(state: ToyState, seat: int) -> Any:
    import numpy

    layout = observation_layout(state)
    out = numpy.zeros(layout.size, dtype=numpy.float32)
    out[layout["hand"]] = state.hands[seat]
    points = scores(state)
    for k in range(state.players):
        who = (seat + k) % state.players
        out[layout[f"player{k}.score"]] = points[who]
        out[layout[f"player{k}.cards"]] = state.hand_size(who)
    out[layout["deck"]] = len(state.deck)
    return out


# --- saved states (state.py in a real game) ---------------------------------------------------

STATE_FORMAT = 2


def to_json(state: ToyState) -> str:
    return json.dumps(
        {
            "format": STATE_FORMAT,
            "players": state.players,
            "hands": [list(h) for h in state.hands],
            "hidden": list(state.hidden),
            "played": [list(p) for p in state.played],
            "deck": {"unseen": list(state.deck.unseen), "bottom": list(state.deck.bottom), "hidden": state.deck.hidden},
            "target": state.target,
            "copies": state.copies,
            "viewer": state.viewer,
            "rng": state.rng.state,
            "chance": state.chance,
            "stack": [_pending_to_json(p) for p in state.stack],
            "history": [str(m) for m in state.history],
        }
    )


def _pending_to_json(pending: Pending) -> dict[str, Any]:
    return {"type": type(pending).__name__, **attrs.asdict(pending)}


_PENDING: Mapping[str, type] = {cls.__name__: cls for cls in (ChooseAction, ChooseCard, DrawCard)}


def from_json(text: str) -> ToyState:
    data = parse_object(text, "a toy state")
    try:
        if data.get("format") != STATE_FORMAT:
            raise InvalidRecord(f"a toy state of format {data.get('format')!r}; this reads format {STATE_FORMAT}")
        stack = tuple(_PENDING[p.pop("type")](**p) for p in data["stack"])
        deck = data["deck"]
        return ToyState(
            players=data["players"],
            hands=tuple(Cards(h) for h in data["hands"]),
            hidden=tuple(data["hidden"]),
            played=tuple(Cards(p) for p in data["played"]),
            deck=Pile(tuple(deck["unseen"]), tuple(deck["bottom"]), deck["hidden"]),
            target=data["target"],
            copies=data["copies"],
            viewer=data["viewer"],
            rng=Rng(data["rng"]),
            chance=data["chance"],
            stack=stack,
            log=link_moves([parse_move_text(m) for m in data["history"]]),
            rules=RULES,
        )
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise InvalidRecord(f"not a toy state: {err}") from None


# --- the engine's view of the game (rules/__init__.py in a real game) -------------------------

RULES: Rules[ToyState] = Rules(
    game="toy",
    decisions=MappingProxyType(
        {
            ChooseAction: Decision(action_moves, resolve_action, "choosing to draw or play"),
            ChooseCard: Decision(card_moves, resolve_card, "choosing a card to play"),
            DrawCard: ChanceDecision(draw_outcomes, resolve_draw, "drawing a card"),
        }
    ),
    settle=settle,
    scores=scores,
    winners=winners,
    view=view,
    to_json=to_json,
    render=render,
    describe=lambda state, move: "the hand has no such card" if isinstance(move, Card) else "",
)


# --- setup.py: the first position -------------------------------------------------------------


def setup(players: int, rng: Rng, options: Mapping[str, Any]) -> ToyState:
    """Shuffle the deck and deal two cards to each player: the deals are chance decisions on
    the stack, so that explicit chance asks them too."""
    deals = tuple(DrawCard(seat) for seat in reversed(range(players)) for _ in range(2))
    first = ToyState(
        players=players,
        hands=(Cards(),) * players,
        hidden=(0,) * players,
        played=(Cards(),) * players,
        deck=Pile(tuple(v for v in VALUES for _ in range(options["copies"]))),
        target=options["target"],
        copies=options["copies"],
        rng=rng,
        chance=options["chance"],
        stack=(ChooseAction(0), *deals),
        rules=RULES,
    )
    return RULES.start(first)


# --- positions.py: a position from a readable description ------------------------------------


def position(
    hands: Sequence[Sequence[int]],
    played: Sequence[Sequence[int]] | None = None,
    to_move: int = 0,
    seed: int = 0,
    **options: Any,
) -> ToyState:
    """The position where each seat holds ``hands[seat]`` and has played ``played[seat]``,
    ``to_move`` choosing to draw or play; the deck holds the other cards. ``options`` as for
    ``new_game``, checked by the declaration.

    >>> position([[6, 6], [1]], played=[[], [5]]).scores()
    (0, 5)
    """
    values = OPTIONS.resolve(len(hands), options)
    played = played if played is not None else [[]] * len(hands)
    everything = [v for v in VALUES for _ in range(values["copies"])]
    deck = unseen_by(everything, [v for cards in (*hands, *played) for v in cards])
    state = ToyState(
        players=len(hands),
        hands=tuple(_counted(tuple(h)) for h in hands),
        hidden=(0,) * len(hands),
        played=tuple(_counted(tuple(p)) for p in played),
        deck=Pile(deck),
        target=values["target"],
        copies=values["copies"],
        rng=Rng.from_seed(seed),
        chance=values["chance"],
        stack=(ChooseAction(to_move),),
        rules=RULES,
    )
    return RULES.start(state)


# --- __init__.py: registration ----------------------------------------------------------------


def invariants(state: ToyState) -> list[str]:
    """The shape of the position (one hand, count and pile of played cards per seat), then, in
    a full state, every card in play exactly once."""
    players = state.players
    if type(players) is not int or not 2 <= players <= 4:
        return [f"{players!r} players"]
    for name in ("hands", "hidden", "played"):
        if len(getattr(state, name)) != players:
            return [f"{name} has {len(getattr(state, name))} entries for {players} players"]
    if any(type(count) is not int or not 0 <= count <= len(VALUES) * state.copies for count in state.hidden):
        return [f"hidden counts {state.hidden!r}"]
    if any(card not in VALUES for card in (*state.deck.unseen, *state.deck.bottom)):
        return ["the deck holds a card that is not in the game"]
    if any(type(value) is not int or value < 1 for value in (state.target, state.copies)):
        return [f"target {state.target!r}, copies {state.copies!r}"]
    if any(isinstance(p, DrawCard) and not (type(p.drawer) is int and 0 <= p.drawer < players) for p in state.stack):
        return ["a card is drawn for a seat that is not in the game"]
    if state.viewer is not None:
        return []
    if state.rng.masked:
        return ["a full state with a hidden random source"]
    total = len(state.deck) + sum(h.total for h in state.hands) + sum(p.total for p in state.played)
    expected = len(VALUES) * state.copies
    return [] if total == expected else [f"{total} cards in play, expected {expected}"]


TOY: Game[ToyState] = Game(
    name="toy",
    title="Toy race",
    declared=OPTIONS,
    setup=setup,
    from_json=from_json,
    determinize=determinize,
    invariants=invariants,
    render=render,
    observation=observation,
    observation_layout=observation_layout,
)
