"""What the kernel checks of every loaded engine state, whatever its game: the fields the
engine keeps (the pending decisions, the random source, the chance mode) before the game's own
invariants, so that a saved state with a pending decision for seat 7 of a 3-player game, a
random source that is text or an unknown chance mode is refused rather than crashing later."""

from __future__ import annotations

from typing import Any

from tabletop.kernel.engine import CHANCE, CHANCE_MODES, ChanceDecision, EngineState
from tabletop.kernel.errors import quoted
from tabletop.kernel.rng import MASKED, Rng

_STATES = 1 << 64


def engine_problems(state: Any) -> list[str]:
    """What is wrong with the engine's fields of ``state`` (empty for a sound one, and for a
    state that is not an :class:`EngineState`)."""
    if not isinstance(state, EngineState):
        return []
    players = getattr(state, "players", None)
    if type(players) is not int or players < 1:
        return [f"players is {quoted(players)}"]
    problems = []
    rng = state.rng
    if not isinstance(rng, Rng) or type(rng.state) is not int or not (rng.state == MASKED or 0 <= rng.state < _STATES):
        problems.append(f"the random source is {quoted(rng)}")
    if state.chance not in CHANCE_MODES:
        problems.append(f"chance is {quoted(state.chance)}, not one of {', '.join(CHANCE_MODES)}")
    if not isinstance(state.stack, tuple):
        return [*problems, "the pending decisions are not a list"]
    decisions = state.rules.decisions
    for depth, pending in enumerate(state.stack):
        what = f"pending decision {depth} ({type(pending).__name__})"
        decision = decisions.get(type(pending))
        if decision is None:
            # Below the top, a game may keep markers of its own that ``settle`` resumes (the
            # next step of a season...): its invariants check those. The top is always asked.
            if depth == len(state.stack) - 1:
                problems.append(f"{what} is not a decision the game asks")
            continue
        seat = getattr(pending, "seat", None)
        if isinstance(decision, ChanceDecision):
            if seat != CHANCE or type(seat) is not int:
                problems.append(f"{what} is a random event, asked of seat {quoted(seat)} instead of chance")
        elif type(seat) is not int or not 0 <= seat < players:
            problems.append(f"{what} is for seat {quoted(seat)} of a {players}-player game")
    return problems
