"""The invariants of a sound Takenoko position: what no sequence of legal moves can break.

:func:`invariants` is the game's ``GAME.invariants``: property tests check it after every move
of random games, and :func:`~tabletop.takenoko.setup.from_json` refuses a saved state that
breaks it. Views keep them too: what a view hides is counted (a pile's hidden cards, the backs
of other players' cards), so every component is still accounted for.
"""

from __future__ import annotations

from collections import Counter

from tabletop.kernel import hexgrid, regions
from tabletop.kernel.engine import CHANCE
from tabletop.kernel.hexgrid import Hex
from tabletop.kernel.pile import Pile
from tabletop.takenoko.components import COLOURS, IMPROVEMENTS, OBJECTIVE_KINDS
from tabletop.takenoko.rules.garden import IMPROVEMENT_INDEX, POND_RING_SET, bamboo_box, is_irrigated
from tabletop.takenoko.state import (
    ACTIONS,
    CHANCE_EVENTS,
    HAND_LIMIT,
    ChooseAction,
    DealObjective,
    Declare,
    DrawObjective,
    DrawStartPlayer,
    Rain,
    Storm,
    Clouds,
    WeatherDie,
    HIDDEN_TILE,
    MAX_HEIGHT,
    NOBODY,
    OBJECTIVES_TO_END,
    POND,
    WEATHER_FACES,
    DrawPlots,
    KeepPlot,
    PlacePlot,
    State,
    WeatherChoice,
)

def invariants(state: State) -> list[str]:
    """Every broken invariant of ``state``, as sentences (empty for a sound position).

    Checked: bamboo conserved (garden + boards + reserve = box) and heights 0-4, on sprouted
    plots only (unless the Rain may water dry plots); irrigation flags agree with the garden;
    channels conserved (at most 20), each between two plots and connected to the pond;
    improvement tokens 3/3/3 conserved; hands at most 5; objective cards and plot tiles
    conserved; every plot placed next to the pond or to two earlier plots; figures on tiles;
    the Emperor with the trigger; the turn's weather (none in the first round) and actions
    (at most the weather's allowance, two alike only under the Wind); the seats playing in
    clockwise order; the decision asked of the seat to play (or of chance); a live game has moves.
    The seats come first: when they are wrong, nothing else can be read.
    """
    problems = _seat_problems(state)
    if problems:
        return problems
    checks = (
        _bamboo_problems,
        _plot_problems,
        _channel_problems,
        _card_problems,
        _tile_problems,
        _turn_problems,
        _option_problems,
        _pending_problems,
    )
    for check in checks:
        problems.extend(check(state))
    # Legal moves are only worth asking for in an otherwise sound position.
    if not problems and not state.is_over and not state.legal_moves():
        problems.append("the game is not over but there is no legal move")
    return problems


def _seat_problems(state: State) -> list[str]:
    players = state.players
    if not 2 <= players <= 4 or len(state.boards) != players:
        return [f"field 'players'/'boards': {players} players with {len(state.boards)} boards"]
    if state.turn_number < 1:
        return [f"field 'turn_number': {state.turn_number} turns begun"]
    seats = {"current": state.current, "start_player": state.start_player}
    if state.emperor is not None:
        seats["emperor"] = state.emperor
    seats.update((f"returned_by[{i}]", seat) for i, seat in enumerate(state.returned_by) if seat != NOBODY)
    return [f"field {name!r}: {seat} is no seat of {players}" for name, seat in seats.items() if not 0 <= seat < players]


def _bamboo_problems(state: State) -> list[str]:
    problems: list[str] = []
    box = bamboo_box(state.components, state.options)
    reserve = state.reserve_bamboo
    if (box is None) != (reserve is None):
        counted = "not counted" if reserve is None else "counted"
        return [f"the bamboo reserve is {counted} with the {state.options.bamboo_supply} supply"]
    if box is None or reserve is None:
        return problems  # unlimited: sections of other colours stand in, nothing to conserve
    for i, colour in enumerate(COLOURS):
        standing = sum(p.bamboo for p in state.garden.values() if p.colour == colour)
        held = sum(b.bamboo[i] for b in state.boards)
        if standing + held + reserve[i] != box[i]:
            problems.append(
                f"{colour} bamboo not conserved: {standing} standing + {held} held + "
                f"{reserve[i]} in reserve != {box[i]}"
            )
    return problems


def _plot_problems(state: State) -> list[str]:
    problems = []
    parts, options = state.components, state.options
    for cell, plot in state.garden.items():
        if plot.improvement and plot.improvement not in IMPROVEMENT_INDEX:
            problems.append(f"plot {cell} carries an unknown improvement {plot.improvement!r}")
        if not 0 <= plot.bamboo <= MAX_HEIGHT:
            problems.append(f"plot {cell} holds {plot.bamboo} sections")
        if plot.bamboo and not plot.sprouted and options.rain_needs_irrigation:
            problems.append(f"plot {cell} has bamboo but was never irrigated")
        if plot.irrigated and not plot.sprouted:
            problems.append(f"plot {cell} is irrigated but never had its first shoot")
        if plot.irrigated != is_irrigated(cell, plot, state.channels):
            problems.append(f"plot {cell} irrigation flag is wrong")
        tile = parts.tile_by_code.get(plot.tile)
        if tile is None or tile.colour != plot.colour:
            problems.append(f"plot {cell} is not a tile of the box")
        elif tile.improvement and (plot.token or plot.improvement != tile.improvement):
            problems.append(f"plot {cell} lost its printed {tile.improvement}")
    for i, kind in enumerate(IMPROVEMENTS):
        laid = sum(1 for p in state.garden.values() if p.token and p.improvement == kind)
        kept = sum(b.improvements[i] for b in state.boards)
        reserve = state.reserve_improvements[i]
        if laid + kept + reserve != parts.improvements[i] or reserve < 0:
            problems.append(f"{kind} tokens not conserved")
    earlier: set[Hex] = set()
    for cell in state.garden:
        near = sum(1 for n in hexgrid.neighbours(cell) if n in earlier)
        if cell == POND or (cell not in POND_RING_SET and near < 2):
            problems.append(f"plot {cell} was placed away from the pond and from two plots")
        earlier.add(cell)
    for name, cell in (("gardener", state.gardener), ("panda", state.panda)):
        if cell not in state.occupied:
            problems.append(f"the {name} stands on the empty cell {cell}")
    return problems


def _channel_problems(state: State) -> list[str]:
    problems = []
    garden = state.garden
    placed = len(state.channels)
    stored = sum(b.channels for b in state.boards)
    if placed + stored + state.reserve_channels != state.components.channels or state.reserve_channels < 0:
        problems.append(
            f"channels not conserved: {placed} placed + {stored} stored + {state.reserve_channels} in reserve"
        )
    on_pond = state.options.channel_on_pond_border
    for e in state.channels:
        sides_ok = all(c in garden for c in e) or (on_pond and POND in e and all(c in garden or c == POND for c in e))
        if not sides_ok:
            problems.append(f"channel {hexgrid.edge_text(e)} does not lie between two plots")
    for network in regions.edge_components(state.channels, hexgrid.edge_vertices):
        if not any(POND in v for e in network for v in hexgrid.edge_vertices(e)):
            problems.append("a channel network does not start at the pond")
    return problems


def _card_problems(state: State) -> list[str]:
    problems = []
    cards = state.components.cards
    for seat, board in enumerate(state.boards):
        if board.held > HAND_LIMIT:
            problems.append(f"seat {seat} holds {board.held} objectives")
    every = [c for b in state.boards for c in b.hand + b.completed] + [c for deck in state.decks for c in _named(deck)]
    hidden = sum(deck.hidden for deck in state.decks) + sum(b.backs.total for b in state.boards)
    known = [c for c in every if c in cards]
    if len(every) + hidden != len(cards) or len(set(known)) != len(known):
        problems.append("objective cards not conserved")
    strange = sorted({c for c in every if c not in cards})
    if strange:
        problems.append(f"unknown objective cards {', '.join(strange)}")
    for kind, deck in zip(OBJECTIVE_KINDS, state.decks, strict=True):
        if any(c in cards and cards[c].kind != kind for c in _named(deck)):
            problems.append(f"a foreign card is in the {kind} deck")
    return problems


def _named(pile: Pile[str]) -> tuple[str, ...]:
    """The cards a pile names: its unseen ones (none in a view) and its known bottom."""
    return pile.unseen + pile.bottom


def _tile_problems(state: State) -> list[str]:
    pile = state.tile_pile
    if len(state.returned_by) != len(pile.bottom):
        return ["the record of who put plots back does not fit the pile"]
    tiles = Counter(plot.tile for plot in state.garden.values())
    tiles.update(_named(pile))
    pending = state.pending
    if isinstance(pending, (KeepPlot, DrawPlots)):
        tiles.update(pending.drawn)
    if isinstance(pending, PlacePlot):
        tiles[pending.tile] += 1
    # In a view hidden tiles stand for any of the tiles not seen.
    hidden = tiles.pop(HIDDEN_TILE, 0) + pile.hidden
    box_tiles = Counter(tile.code for tile in state.components.tiles)
    if tiles - box_tiles or tiles.total() + hidden != box_tiles.total():
        return ["plot tiles not conserved"]
    return []


def _turn_problems(state: State) -> list[str]:
    problems = []
    boards, turn = state.boards, state.turn
    if state.emperor is not None and len(boards[state.emperor].completed) < OBJECTIVES_TO_END[state.players]:
        problems.append("the Emperor went to a player who did not trigger the end")
    if turn.weather not in WEATHER_FACES + ("",) or turn.weather == "?":
        problems.append(f"the turn's weather {turn.weather!r} is no weather")
    if any(a not in ACTIONS for a in turn.actions + (turn.declared or ())):
        problems.append(f"the turn's actions {turn.actions} are not all actions")
    elif turn.declared is not None and Counter(turn.actions) - Counter(turn.declared):
        problems.append("the turn took actions it did not declare")
    if len(turn.actions) > turn.allowance:
        problems.append(f"the turn took {len(turn.actions)} actions where the weather allows {turn.allowance}")
    if turn.weather != "wind" and len(set(turn.actions)) < len(turn.actions):
        problems.append(f"the turn took the same action twice without the Wind: {turn.actions}")
    if turn.weather and (state.turn_number <= state.players or not state.options.weather):
        problems.append(f"the turn has weather {turn.weather!r} though the die is not in play yet")
    if state.current != (state.start_player + state.turn_number - 1) % state.players:
        problems.append(f"seat {state.current} plays turn {state.turn_number} out of the clockwise order")
    asked = [CHANCE if type(pending) in CHANCE_EVENTS else state.current for pending in state.stack]
    if len(state.stack) > 1 or [pending.seat for pending in state.stack] != asked:
        problems.append(f"field 'stack': the decisions asked, {state.stack}, are not one decision of seat {state.current} or chance")
    if isinstance(state.pending, WeatherChoice) and not set(state.pending.choices) <= set(WEATHER_FACES[:5]):
        problems.append(f"the weather to choose from, {state.pending.choices}, is not all weather")
    return problems


def _option_problems(state: State) -> list[str]:
    """The position agrees with the rule options: actions declared exactly when the
    ``declare_actions`` variant is on and the action phase has begun, redraws only with
    ``redraw_satisfied``, no turn past the round cap before the end is triggered."""
    problems = []
    options, turn, pending = state.options, state.turn, state.pending
    if turn.declared is not None:
        if not options.declare_actions:
            problems.append("the turn declared its actions without the declare_actions variant")
        elif len(turn.declared) > turn.allowance or (
            turn.weather != "wind" and len(set(turn.declared)) < len(turn.declared)
        ):
            problems.append(f"the turn declared {turn.declared} under the weather {turn.weather!r}")
    if isinstance(pending, Declare) and (not options.declare_actions or turn.declared is not None or turn.actions):
        problems.append("the actions are asked for again, or without the declare_actions variant")
    in_action = isinstance(pending, (ChooseAction, KeepPlot, PlacePlot, DrawPlots, DrawObjective))
    if options.declare_actions and in_action and turn.declared is None:
        problems.append("the action phase has begun without declaring the actions (variant declare_actions)")
    if isinstance(pending, DrawObjective) and 0 <= pending.deck < len(state.decks):
        most = len(state.decks[pending.deck]) if options.redraw_satisfied else 1
        if not 1 <= pending.looks <= max(most, 1):
            problems.append(f"an objective draw may look at {pending.looks} cards")
    cap = options.max_rounds * state.players
    if cap and state.emperor is None and state.stack and state.turn_number > cap:
        problems.append(f"turn {state.turn_number} is past the cap of {options.max_rounds} rounds")
    return problems


def _pending_problems(state: State) -> list[str]:
    """The decision asked fits the position: the deal in the order it is dealt, plots drawn
    from a pile that holds them, cards drawn from a deck that is not empty."""
    pending = state.pending
    hands = [len(board.hand) + len(board.completed) for board in state.boards]
    if isinstance(pending, DealObjective):
        if not (0 <= pending.to < state.players and 0 <= pending.deck < len(OBJECTIVE_KINDS)):
            return [f"the deal asks for deck {pending.deck} to seat {pending.to}"]
        dealt = [pending.deck + (1 if seat < pending.to else 0) for seat in range(state.players)]
        if hands != dealt or state.turn_number != 1:
            return [f"the deal of deck {pending.deck} to seat {pending.to} does not fit the hands {hands}"]
    elif isinstance(pending, DrawStartPlayer):
        if hands != [len(OBJECTIVE_KINDS)] * state.players or state.turn_number != 1:
            return [f"the start player is drawn with the hands {hands}"]
    elif isinstance(pending, DrawPlots):
        if not 1 <= pending.left <= len(state.tile_pile) or len(pending.drawn) + pending.left > 3:
            return [f"{pending.left} more plots are drawn after {len(pending.drawn)}, from a pile of {len(state.tile_pile)}"]
    elif isinstance(pending, KeepPlot):
        if not 1 <= len(pending.drawn) <= 3:
            return [f"the player keeps one of {len(pending.drawn)} plots"]
    elif isinstance(pending, DrawObjective):
        if not 0 <= pending.deck < len(OBJECTIVE_KINDS) or not state.decks[pending.deck]:
            return [f"an objective is drawn from deck {pending.deck}, which holds none"]
        if state.boards[state.current].held >= HAND_LIMIT:
            return [f"an objective is drawn for seat {state.current}, whose hand is full"]
    elif isinstance(pending, WeatherChoice) and not pending.choices:
        return ["the weather is chosen among no weather"]
    action = _ACTION_OF.get(type(pending))
    if action is not None and action not in state.turn.actions:
        return [f"field 'stack': {type(pending).__name__} is asked though the turn took no {action} action"]
    if isinstance(pending, _WEATHER_DECISIONS):
        if not state.options.weather or state.turn_number <= state.players:
            return [f"field 'stack': {type(pending).__name__} is asked though the weather die is not in play"]
        if state.turn.actions or state.turn.declared is not None:
            return [f"field 'stack': {type(pending).__name__} is asked after the turn's actions began"]
        wanted = _WEATHER_OF.get(type(pending))
        if wanted is not None and state.turn.weather not in wanted:
            return [f"field 'stack': {type(pending).__name__} is asked under the weather {state.turn.weather!r}"]
    if state.chance == "sampled" and type(pending) in CHANCE_EVENTS:
        return [f"field 'stack': a random event ({type(pending).__name__}) waits in a game whose chance is sampled"]
    return []


#: The action each decision inside an action belongs to.
_ACTION_OF: dict[type, str] = {DrawPlots: "plot", KeepPlot: "plot", PlacePlot: "plot", DrawObjective: "objective"}

#: The decisions of the weather phase, which comes before any action of the turn.
_WEATHER_DECISIONS = (WeatherDie, WeatherChoice, Rain, Storm, Clouds)

#: The weather of the turn while each is asked (none yet for the die and for "?").
_WEATHER_OF: dict[type, tuple[str, ...]] = {
    WeatherDie: ("",),
    WeatherChoice: ("", "clouds"),
    Rain: ("rain",),
    Storm: ("storm",),
    Clouds: ("clouds",),
}
