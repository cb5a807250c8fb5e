"""Positions from a readable description, for tests, examples and users.

>>> state = position(2, screens=[{"red": 2}, {"red": 3}], offer=["keywood"])
>>> [str(m) for m in state.legal_moves()][:3]
['bid keywood 1 red', 'bid keywood 2 red', 'bid order1 1 red']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from tabletop.keyflower_farmers.components import COLOURS, WATER
from tabletop.keyflower_farmers.options import OPTIONS
from tabletop.keyflower_farmers.rules import RULES
from tabletop.keyflower_farmers.rules.common import sides_of, spokes
from tabletop.keyflower_farmers.rules.village import open_side
from tabletop.keyflower_farmers.setup import setup
from tabletop.keyflower_farmers.state import Cargo, KeyflowerState, Skills, Tile, Turn, Village, Workers
from tabletop.kernel import tiles
from tabletop.kernel.auction import Lot
from tabletop.kernel.hexgrid import ORIGIN, Hex
from tabletop.kernel.pile import Pile
from tabletop.kernel.rng import Rng
from tabletop.kernel.tiles import Fields, Sides

#: A hex placed in a village: ``(tile id, cell, turns)``; turns ``None``: the first that fits.
Placement = tuple[str, Hex, int | None]


def build_village(state: KeyflowerState, home: int, placed: Sequence[Placement]) -> Village:
    """The village of the home tile ``home`` with the hexes ``placed`` added in order, each
    checked to be placed as the rules allow (touching the village, sides matching unless the
    hex matches nowhere; ``ValueError`` otherwise)."""
    home_id = f"home{home}"
    layout: dict[Hex, Sides] = {ORIGIN: sides_of(state, home_id)}
    fields, _ = Fields().place(ORIGIN, spokes(layout[ORIGIN]), tiles.open_between(layout, {WATER}))
    entries = [(ORIGIN, home_id, 0)]
    for tile_id, cell, turns in placed:
        unturned = sides_of(state, tile_id)
        # As the rules place a won hex: matching sides, or anywhere touching if it matches nowhere.
        legal = tiles.placements(layout, unturned) or tiles.placements(layout, unturned, match=False)
        fitting = [t for c, t in legal if c == cell]
        if turns is None and fitting:
            turns = fitting[0]
        if turns is None or tiles.rotated(unturned, turns) not in [tiles.rotated(unturned, t) for t in fitting]:
            raise ValueError(f"{tile_id} turned {turns} does not fit at {cell} beside the village")
        sides = tiles.rotated(unturned, turns)
        layout[cell] = sides
        entries.append((cell, tile_id, turns))
        # Land continues as the rules place a hex: not across water, nor from a boat to a boat.
        fields, _ = fields.place(cell, spokes(sides), open_side(state, Village(tuple(entries), fields), layout))
    return Village(tuple(entries), fields)


def position(
    players: int = 2,
    *,
    screens: Sequence[Mapping[str, int]] | None = None,
    skills: Sequence[Mapping[str, int]] | None = None,
    offer: Sequence[str] = (),
    villages: Sequence[Sequence[Placement]] | None = None,
    to_move: int = 0,
    seed: int = 0,
    **options: Any,
) -> KeyflowerState:
    """Spring, ``to_move`` to place workers: seat ``s`` has home tile ``s + 1`` with the hexes
    ``villages[s]`` beside it, ``screens[s]`` workers (colour -> count) and ``skills[s]`` behind
    the screen; the season tiles ``offer`` and the turn-order tiles of ``players`` are up for
    auction; the boats are empty; every other worker is in the bag. ``options`` as for
    ``new_game``, checked by the declaration."""
    values = OPTIONS.resolve(players, options)
    base = setup(players, Rng.from_seed(seed), {**values, "chance": "explicit"})
    screens_ = tuple(Workers.of(dict(s)) for s in (screens or [{}] * players))
    skills_ = tuple(Skills.of(dict(s)) for s in (skills or [{}] * players))
    state = attrs.evolve(base, homes=tuple(range(1, players + 1)), stack=())
    placed = villages or [()] * players
    built = tuple(build_village(state, seat + 1, placed[seat]) for seat in range(players))
    in_villages = [Tile(tile_id) for village in built for tile_id in village.ids]
    order = tuple(tile_id for tile_id, _ in base.lots if tile_id.startswith("order"))
    used = {tile_id for village in built for tile_id in village.ids} | set(offer)
    workers = dict(state.components.workers)
    held = {c: sum(s.named(c) for s in screens_) for c in COLOURS}
    bag = tuple(c for c in COLOURS[:3] for _ in range(workers[c] - held[c]))
    skill_counts = dict(state.components.skills)
    pile = tuple(k for k, n in skill_counts.items() for _ in range(n - sum(s.named(k) for s in skills_)))
    first = attrs.evolve(
        state,
        screens=screens_,
        skills=skills_,
        villages=built,
        tiles=(*in_villages, *(Tile(code) for code in offer), *(Tile(o) for o in order)),
        lots=(*((code, Lot()) for code in offer), *((o, Lot()) for o in order)),
        bag=Pile(bag),
        green=workers["green"] - held["green"],
        skill_pile=Pile(pile),
        season_piles=tuple(Pile(tuple(c for c in p.cards() if c not in used)) for p in base.season_piles),
        winter_hands=((),) * players,
        winter_deck=Pile(tuple(t.code for t in state.components.season_tiles("winter", state.farmers))),
        boats=tuple(Cargo(cargo.boat) for cargo in base.boats),
        start=0,
        chance=values["chance"],
        stack=(Turn(to_move),),
    )
    return RULES.start(first)
