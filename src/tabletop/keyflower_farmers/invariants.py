"""The invariants of a sound Keyflower position (``GAME.invariants``; property tests check them
after every move of random games): workers, resources, skills, animals and wheat conserved,
at most 6 workers on a tile in a season and they are those of its uses, each village one group
of hexes around its home, and the fields consistent with the villages' hexes."""

from __future__ import annotations

from tabletop.keyflower_farmers.rules.common import sides_of, spokes
from tabletop.keyflower_farmers.rules.village import layout_of, open_side
from tabletop.keyflower_farmers.state import MOST_ON_A_TILE, KeyflowerState, ReturnSkill, ReturnWorker
from tabletop.kernel import hexgrid, tiles


def invariants(state: KeyflowerState) -> list[str]:
    """What is wrong with ``state`` (empty when sound); views are not checked."""
    if state.viewer is not None:
        return []
    components = state.components
    problems = []
    for seat, (held, face_up) in enumerate(zip(state.skills, state.open_skills, strict=True)):
        if not held.covers(face_up):
            problems.append(f"seat {seat} has more skill tiles face up than it holds")
    # A worker or skill paid for an exchange waits on the stack until the exchange's draws are done.
    paid_workers = sum(1 for pending in state.stack if isinstance(pending, ReturnWorker))
    paid_skills = sum(1 for pending in state.stack if isinstance(pending, ReturnSkill))
    workers = paid_workers + (
        sum(s.total for s in state.screens)
        + sum(c.workers.total for c in state.boats)
        + sum(b.count for _, lot in state.lots for b in lot.bids)
        + sum(t.workers.total for t in state.tiles)
        + len(state.bag)
        + state.green
    )
    if workers != sum(n for _, n in components.workers):
        problems.append(f"{workers} workers in play, not {sum(n for _, n in components.workers)}")
    resources = state.supply.total + sum(t.goods.total for t in state.tiles)
    if resources != sum(n for _, n in components.resources):
        problems.append(f"{resources} resources in play")
    skills = paid_skills + sum(s.total for s in state.skills) + sum(c.skills.total for c in state.boats) + len(state.skill_pile)
    if skills != sum(n for _, n in components.skills):
        problems.append(f"{skills} skill tiles in play")
    if state.farmers:
        animals = state.animals.total + sum(a.total for v in state.villages for _, a in v.animals)
        animals += sum(t.sheep for t in state.tiles)
        if animals != sum(n for _, n in components.animals):
            problems.append(f"{animals} animals in play")
        if state.wheat_supply + sum(state.wheat) != components.wheat:
            problems.append("wheat not conserved")
    problems += [f"{t.id} holds {t.workers.total} workers" for t in state.tiles if t.workers.total > MOST_ON_A_TILE]
    # Each use leaves its workers on the hex in the users' colour until the season ends: the
    # listings read an unused hex from its face alone (see state.usable).
    problems += [
        f"{t.id} holds {t.workers.total} workers from uses of {sum(t.uses)}" for t in state.tiles if t.workers.total != sum(t.uses)
    ]
    problems += [f"{t.id} stands in a colour but was not used" for t in state.tiles if (t.colour is None) != (not t.uses)]
    for seat, (screen, secret) in enumerate(zip(state.screens, state.secret, strict=True)):
        if not screen.covers(secret) or (secret.total and not state.open_information):
            problems.append(f"seat {seat}: hidden starting workers that are not behind the screen")
    for seat, village in enumerate(state.villages):
        if not village.layout:
            continue
        if not _grown_from_home([cell for cell, _, _ in village.layout]):
            problems.append(f"seat {seat}: the village's hexes are not each placed touching those before it, from its home")
            continue
        layout = layout_of(state, village)
        whole = tiles.fields_of(
            {cell: spokes(tiles.rotated(sides_of(state, tile_id), turns)) for cell, tile_id, turns in village.layout},
            open_side(state, village, layout),
        )
        if whole != village.fields:
            problems.append(f"seat {seat}: the fields do not match the village's hexes")
        if any(field not in village.fields.names for field, _ in village.animals):
            problems.append(f"seat {seat}: animals in a field that does not exist")
    return problems


def _grown_from_home(cells: list[hexgrid.Hex]) -> bool:
    """Whether ``cells`` (a village's, in the order placed) start at the home's cell and each
    later one is empty and touches one placed before it, as every won hex is placed."""
    if cells[0] != hexgrid.ORIGIN:
        return False
    placed = {cells[0]}
    for cell in cells[1:]:
        if cell in placed or placed.isdisjoint(hexgrid.neighbours(cell)):
            return False
        placed.add(cell)
    return True
