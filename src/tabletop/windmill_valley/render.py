"""A plain-text picture of a Windmill Valley position: the shared board, then every farm with
its wheels (the active spaces in brackets), storage and patches."""

from __future__ import annotations

from tabletop.windmill_valley.scoring import gardener_score
from tabletop.windmill_valley.state import LARGE, SMALL, State

_SHORT = {"white": "W", "yellow": "Y", "red": "R", "violet": "V", "black": "B"}


def _space(label: str, active: bool) -> str:
    return f"[{label}]" if active else f" {label} "


def _wheel(state: State, seat: int, wheel: str) -> str:
    farmer = state.farmers[seat]
    ids = farmer.large if wheel == "large" else farmer.small
    size = LARGE if wheel == "large" else SMALL
    active = farmer.active[0 if wheel == "large" else 1]
    if farmer.board < 0:
        return "(no board yet)"
    board = state.components.boards[farmer.board]
    printed = board.large if wheel == "large" else board.small
    labels = [ids[i] or f"{printed[i].action}{printed[i].strength}" for i in range(size)]
    return "".join(_space(label, i == active) for i, label in enumerate(labels))


def _board(state: State) -> list[str]:
    """The windmill spaces, eight to a line: the owner's seat (``G`` the solo Gardener) or
    ``.``, a market-side space marked ``*``."""
    cells = []
    for space, owner in zip(state.components.spaces, state.mills):
        mark = "." if owner < 0 else ("G" if state.gardener is not None and owner == 1 else str(owner))
        cells.append(f"{space.id}{'*' if space.market else ' '}{mark}")
    return ["windmills: " + "  ".join(cells[i : i + 8]) for i in range(0, len(cells), 8)]


def render(state: State) -> str:
    """A plain-text picture of ``state`` (a view too: it shows nothing hidden)."""
    built = sum(1 for m in state.mills if m >= 0)
    lines = [
        f"floodgate {state.floodgate}  water {state.water}/8  round {state.turn.round}"
        + ("  (end triggered)" if state.turn.ending else ""),
        f"display {' '.join(t or '-' for t in state.display)}  offer {' '.join(str(c or '-') for c in state.offer)}"
        f"  farm deck {len(state.deck)}",
        f"trade card {state.trade}: {' '.join(_SHORT.get(b, '.') for b in state.spots)}  queen's wish s{state.wish}"
        f" ({state.wishes} taken)  windmills built {built}",
        "market: "
        + "  ".join(
            f"area {a}: "
            + ",".join(
                [str(s) for s, f in enumerate(state.farmers) if f.market == a]
                + ["G"] * (state.gardener is not None and state.gardener.market == a)
                + ["n"] * state.neutrals.count(a)
            )
            for a in range(len(state.components.market))
        ),
    ]
    lines += _board(state)
    points = state.scores()
    for seat, farmer in enumerate(state.farmers):
        mark = ">" if state.to_move == seat else " "
        lines.append(
            f"{mark}seat {seat}: {points[seat]} points ({farmer.vp} VP)  {farmer.guilders} G  {farmer.tools} tools"
            f"  calendar {farmer.calendar}  windmills {'/'.join(map(str, farmer.windmills))}"
            f"  helpers {','.join(farmer.helpers) or '-'}  contracts {','.join(map(str, farmer.contracts)) or '-'}"
        )
        lines.append(f"   large {_wheel(state, seat, 'large')}   small {_wheel(state, seat, 'small')}")
        lines.append(f"   storage {''.join(_SHORT[b] for b in farmer.storage) or '-'}")
        for row in farmer.patches:
            lines.append("   |" + "".join(_SHORT[b] for b in row).ljust(7, ".") + "|")
    gardener = state.gardener
    if gardener is not None:
        lines.append(
            f" gardener ({gardener.difficulty}): {gardener_score(state)} points ({gardener.vp} VP)"
            f"  calendar {gardener.calendar}"
            f"  windmills {gardener.windmills}  market area {gardener.market}  deck {len(gardener.deck)}"
            f"  revealed {','.join(map(str, gardener.revealed)) or '-'}"
        )
        for row in gardener.garden:
            lines.append("   |" + "".join(_SHORT[b] for b in row).ljust(7, ".") + "|")
    if state.is_over:
        winners = ", ".join(map(str, state.winners())) or "none (the Gardener wins)"
        lines.append(f"game over; winners: {winners}")
    return "\n".join(lines)
