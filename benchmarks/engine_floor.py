"""The kernel engine's own cost per decision: random playouts of a game that does nothing.

    python benchmarks/engine_floor.py [CPU_SECONDS]        (default 4)

The null game has one decision type with ten moves; answering one copies the state once
(a state of about 25 fields, as the games' are) and ``settle`` ends the game after 400
answers. What it measures is the apply pipeline (legality by identity, resolve, settle, the
chance loop, the history link), one ``evolve`` and a ``random.Random.choice`` (the player of
``compare.py``): the floor under every game's decisions per CPU second. A game at ``N``
decisions per second spends ``floor / N`` of its time there; the rest is its rules.
"""

from __future__ import annotations

import random
import sys
import time

import attrs

from tabletop.kernel.engine import Decision, EngineState, Rules, evolve
from tabletop.kernel.rng import Rng

MOVES = tuple("abcdefghij")
LENGTH = 400


@attrs.frozen
class Ask:
    seat: int


@attrs.frozen(slots=False, kw_only=True)
class NullState(EngineState):
    answered: int = 0
    #: Filler, so that a copy costs what a game's does.
    filler: tuple[int, ...] = attrs.field(default=(0,) * 20)
    f1: int = 0
    f2: int = 0
    f3: int = 0
    f4: int = 0
    f5: int = 0
    f6: int = 0
    f7: int = 0
    f8: int = 0
    f9: int = 0
    f10: int = 0
    f11: int = 0
    f12: int = 0
    f13: int = 0
    f14: int = 0
    f15: int = 0
    f16: int = 0
    f17: int = 0


def _moves(state: NullState, pending: Ask) -> tuple[str, ...]:
    return MOVES


def _resolve(state: NullState, pending: Ask, move: str) -> NullState:
    return evolve(state, answered=state.answered + 1)


def _settle(state: NullState) -> NullState:
    return evolve(state, stack=()) if state.answered >= LENGTH and state.stack else state


RULES: Rules[NullState] = Rules(
    game="null",
    decisions={Ask: Decision(_moves, _resolve, "answering")},
    settle=_settle,
    scores=lambda state: (0,),
    winners=lambda state: (0,),
    view=lambda state, seat: state,
    to_json=lambda state: "",
    render=lambda state: "",
)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    seconds = float(args[0]) if args else 4.0
    decisions = games = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        chooser = random.Random(games)
        state = NullState(stack=(Ask(0),), rng=Rng.from_seed(games), rules=RULES)
        games += 1
        while not state.is_over:
            state = state.apply(chooser.choice(state.legal_moves()))
            decisions += 1
    spent = time.process_time() - started
    print(f"engine floor: {decisions / spent:,.0f} decisions per CPU second ({spent / decisions * 1e6:.2f} us each)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
