"""The check every ``ChanceDecision.run`` needs (see docs/adding-a-game.md): resolving a run of
random events in one go reaches the very state and generator that sampling and resolving them
one by one, settling between them, reaches."""

from __future__ import annotations

import attrs

from tabletop.kernel.engine import EngineState, evolve


def assert_run_reaches_one_by_one(state: EngineState, kind: type) -> None:
    """From ``state`` (an explicit-chance position with an event of ``kind`` on top), the
    sampled mode reaches the same position and generator with ``kind``'s run as without it."""
    rules = state.rules
    decision = rules.decisions[kind]
    assert decision.run is not None
    one_by_one = attrs.evolve(rules, decisions={**rules.decisions, kind: attrs.evolve(decision, run=None)})
    sampled = evolve(state, chance="sampled")
    at_once = rules.start(sampled)
    by_event = one_by_one.start(evolve(sampled, rules=one_by_one))
    assert at_once == by_event and at_once.rng == by_event.rng
