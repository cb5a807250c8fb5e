"""The solo opponent, the Gardener (the seed's "Solo" sections; facts file §15).

He plays after the player, every round, with his own windmill board (only its Large wheel),
his farm board under the Overlay tile, and his deck of Gardener cards. His turn:

1. reveal a card (when it is the deck's last, the cards revealed before it are shuffled into a
   new deck, so that a top card always shows its back);
2. move the Floodgate by the card's value, as far as possible (scoring VP for raising it, free),
   and the water rises by the speed as usual;
3. turn his wheels by the speed; a full rotation moves his Calendar marker (he takes the common
   reward and the topmost free unique reward) and his Queen's Wish marker one space;
4. perform the action of his Large wheel (:mod:`.gardener_actions`);
5. if the water stands on the card's mark, score the card's bonus and lower the water by 2.

The cards are drawn through the chance door: :class:`~tabletop.windmill_valley.state.GardenerDraw`
gives the card he plays (only before his first turn: afterwards it is the top card already
drawn) and then the new top card, whose back he reads during his action.
"""

from __future__ import annotations

from collections.abc import Mapping

from tabletop.kernel.automa import reveal as reveal_card
from tabletop.kernel.engine import ChanceDecision, evolve, pop, push
from tabletop.kernel.grid import all_different, columns, uniform
from tabletop.kernel.pile import Pile
from tabletop.kernel.wheels import laps_completed
from tabletop.windmill_valley.components import Components, GardenerCard, GardenerLevel
from tabletop.windmill_valley.moves import Dealt
from tabletop.windmill_valley.rules.gardener_actions import (
    current_card,
    gain_reward,
    gardener_of,
    perform,
    score,
    with_gardener,
)
from tabletop.windmill_valley.state import (
    CALENDAR_END,
    COLUMNS,
    LARGE,
    MAX_SPEED,
    MAX_WATER,
    ROWS,
    Gardener,
    GardenerDraw,
    State,
)

#: He plays the Calendar as in a two-player game (facts file §15: setup as for 2 players).
CALENDAR_PLAYERS = 2


def new_gardener(components: Components, difficulty: str, board: int = 0) -> Gardener:
    """The Gardener at the start, with windmill board ``board``: his deck for ``difficulty``
    (Hard takes out G1, G7 and G17), all his windmills on his farm, no bulb, no tool."""
    removed = components.level(difficulty).removed
    return Gardener(
        deck=Pile(tuple(card.id for card in components.gardener_cards if card.id not in removed)),
        revealed=(),
        top=None,
        board=board,
        steps=0,
        vp=0,
        calendar=0,
        wish=None,
        windmills=components.windmills_per_player,
        garden=((),) * ROWS,
        market=-1,
        enhancements=(),
        farm_cards=(),
        difficulty=difficulty,
    )


def place_gardener_marker(state: State) -> State:
    """His Market marker goes to the first area anticlockwise from the player's."""
    gardener = gardener_of(state)
    area = (state.farmers[0].market - 1) % len(state.components.market)
    return with_gardener(state, evolve(gardener, market=area))


# --- his turn -----------------------------------------------------------------------------------


def start_turn(state: State) -> State:
    """His turn begins: the deck's top card is revealed (drawn first if none is known)."""
    gardener = gardener_of(state)
    if gardener.top is None:
        return push(state, GardenerDraw(peek=False))
    return reveal(state, gardener.top)


def draw_outcomes(state: State, pending: GardenerDraw) -> tuple[tuple[Dealt, int], ...]:
    return tuple((Dealt("gardener", str(card)), n) for card, n in gardener_of(state).deck.draw_outcomes())


def draw(state: State, pending: GardenerDraw, outcome: Dealt) -> State:
    """The drawn card is the one he plays (then the next top is drawn), or the new top card
    (then he plays his turn)."""
    card = int(outcome.item)
    gardener = gardener_of(state)
    gardener = evolve(gardener, deck=gardener.deck.take(card))
    state = pop(with_gardener(state, gardener))
    if pending.peek:
        return play_turn(with_gardener(state, evolve(gardener, top=card)))
    return reveal(state, card)


def reveal(state: State, card: int) -> State:
    """Step 1: ``card`` (out of the deck) is revealed; when the deck is now empty, the cards
    revealed before it become the new deck; a card is drawn to show its back on top."""
    gardener = gardener_of(state)
    deck, revealed = reveal_card(gardener.deck, gardener.revealed, card)
    state = with_gardener(state, evolve(gardener, revealed=revealed, deck=deck, top=None))
    if deck:
        return push(state, GardenerDraw(peek=True))
    return play_turn(state)


def play_turn(state: State) -> State:
    """Steps 2 to 5 with the card revealed."""
    card = current_card(state)
    state = adjust_floodgate(state, card)
    state = turn_wheels(state)
    state = large_wheel_action(state)
    return water_level_bonus(state, card)


def adjust_floodgate(state: State, card: GardenerCard) -> State:
    """Step 2: the Floodgate moves by the card's value as far as possible (1-3, and never to a
    speed that would push the water past its maximum), scoring the usual VP for each step up
    (he pays nothing); the water then rises by the speed less one."""
    speed = max(1, min(MAX_SPEED, state.floodgate + card.floodgate))
    while speed > 1 and state.water + state.components.water_rise[speed - 1] > MAX_WATER:
        speed -= 1
    raised = sum(state.components.open_vp[s - 1] for s in range(state.floodgate, speed))
    state = score(state, raised)
    return evolve(state, floodgate=speed, water=state.water + state.components.water_rise[speed - 1])


def turn_wheels(state: State) -> State:
    """Step 3: his wheels turn by the speed; each full rotation of the Large wheel moves his
    Calendar marker (with its rewards) and his Queen's Wish marker."""
    gardener = gardener_of(state)
    before = gardener.calendar
    laps = laps_completed(gardener.steps, state.floodgate, LARGE)
    reached = min(CALENDAR_END, before + laps)
    state = with_gardener(state, evolve(gardener, steps=gardener.steps + state.floodgate, calendar=reached))
    for space in range(before + 1, reached + 1):
        state = reach_calendar_space(state, space)
    for _ in range(laps):
        state = advance_wish_marker(state)
    return state


def reach_calendar_space(state: State, space: int) -> State:
    """He reaches Calendar ``space``: its common reward and the topmost free unique reward
    (covered by an X tile); the last space triggers the end of the game."""
    if space == CALENDAR_END and state.turn.ending == 0:
        state = evolve(state, turn=evolve(state.turn, ending=1))
    calendar = state.components.calendar[space - 1]
    state = gain_reward(state, calendar.common)
    taken = state.taken[space - 1]
    free = [i for i, (_, least) in enumerate(calendar.unique) if not taken[i] and least <= CALENDAR_PLAYERS]
    if not free:
        return state
    row = taken[: free[0]] + (True,) + taken[free[0] + 1 :]
    state = evolve(state, taken=state.taken[: space - 1] + (row,) + state.taken[space:])
    return gain_reward(state, calendar.unique[free[0]][0])


def advance_wish_marker(state: State) -> State:
    """His Queen's Wish marker moves one space leftwards (towards the higher values), unless
    that space is covered by the player's marker (the player covers from the highest)."""
    gardener = gardener_of(state)
    target = len(state.components.wish_values) - 1 if gardener.wish is None else gardener.wish - 1
    if target < state.wishes:
        return state
    return with_gardener(state, evolve(gardener, wish=target))


def large_wheel_action(state: State) -> State:
    """Step 4: the action of his Large wheel's active space, in his version."""
    gardener = gardener_of(state)
    action = state.components.boards[gardener.board].large[gardener.steps % LARGE]
    if action.action is None:
        return gain_reward(state, action.gain)
    return perform(state, action.action, action.strength)


def water_level_bonus(state: State, card: GardenerCard) -> State:
    """Step 5: the water standing on the card's mark scores its bonus and goes down 2."""
    if state.water != card.water:
        return state
    return evolve(score(state, card.bonus), water=max(0, state.water - 2))


# --- his score -------------------------------------------------------------------------------


#: The Gardener's decisions, for the game's rules.
DECISIONS: Mapping[type, ChanceDecision[State]] = {GardenerDraw: ChanceDecision(draw_outcomes, draw, "revealing a Gardener card")}
