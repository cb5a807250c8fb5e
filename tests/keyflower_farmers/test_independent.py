"""A differential safety net: the turns of random playouts re-derived from the rulebook.

At every turn a referee works out from the base rulebook (Bidding, Production) and The Farmers'
clarifications which placements are legal, and after each placement what it must have done;
it reads only state fields and the component data, never ``tabletop.keyflower_farmers.rules``:

* bids: on one's own side of a tile or turn-order tile up for auction, in the colour of the
  bids and users already there (any colour on an untouched tile; the owner of summer boat 4a
  may counter a blue/red/yellow bid for a village tile in another colour), the new total beating every other bid;
* uses: tiles in any village or up for auction (turn-order tiles never, winter tiles never),
  with an ability to use, one more worker than the last use, six at most in a season, in the
  tile's colour (summer boat 4b: any, and on a tile bid for or used several colours at once),
  an exchange only with its payment at hand;
* workers come from behind the screen and from one's outbid groups, each moving whole (an
  exchange's extra worker may be an outbid group of one);
* the outcome: the workers where they belong, the colour of a tile's users the one standing
  there (the users' or else the bidders'; the first users' on an untouched tile), and the
  resources a production tile gives on the producing tile in one's own village, else on one's
  home tile.

A turn is asked as a chain of small decisions (the location, then the colour, the groups that
move, the number of workers and an exchange's payment, each asked only when there is a
choice). The referee walks every chain of the turn through the public API and checks that the
complete placements they reach are exactly the legal ones, each reached once.
"""

from __future__ import annotations

import random
from itertools import combinations, product

from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples

from tabletop.keyflower_farmers import GAME
from tabletop.keyflower_farmers.components import COLOURS, RESOURCES
from tabletop.keyflower_farmers.moves import Colour, Count, From, Pass
from tabletop.keyflower_farmers.state import PlaceWorkers, Turn

USABLE = {"produce", "choose_one", "exchange", "transport"}


def _face(state, tile):
    if tile.id.startswith("home"):
        return state.components.homes[int(tile.id[4:]) - 1].faces[tile.face]
    component = state.components.by_code.get(tile.id)
    return None if component is None else component.faces[tile.face]


def _owner(state, tile_id):
    for seat, village in enumerate(state.villages):
        if any(placed == tile_id for _, placed, _ in village.layout):
            return seat
    return None


def _owns_face(state, seat, code, face):
    return _owner(state, code) == seat and next(t for t in state.tiles if t.id == code).face == face


def _groups(state, seat):
    out = []
    for tile_id, lot in state.lots:
        bids = {b.bidder: b for b in lot.bids}
        if seat in bids and max(b.count for b in lot.bids) > bids[seat].count:
            out.append((tile_id, bids[seat]))
    return out


def _counts(state, seat, colour, target, least, most):
    """(count, moved lots) for every way to place ``least``..``most`` workers of ``colour``."""
    own = [(lot_id, g.count) for lot_id, g in _groups(state, seat) if g.colour == colour and lot_id != target]
    behind = state.screens[seat][COLOURS.index(colour)]
    out = set()
    for size in range(len(own) + 1):
        for chosen in combinations(own, size):
            for extra in range(0 if chosen else 1, behind + 1):
                count = sum(n for _, n in chosen) + extra
                if count >= least and (most is None or count <= most):
                    out.add((count, tuple(lot_id for lot_id, _ in chosen)))
    return out


def expected_placements(state, seat):
    """Every legal placement: ``(bid or use, tile, colour, moved lots, workers, paying)``."""
    moves = set()
    for tile_id, lot in state.lots:
        others = max((b.count for b in lot.bids if b.bidder != seat), default=0)
        mine = next((b for b in lot.bids if b.bidder == seat), None)
        least = max(1, others + 1 - (mine.count if mine else 0))
        if mine is not None:
            colours = [mine.colour]
        elif lot.colour is None:
            colours = list(COLOURS)
        elif lot.bids and lot.colour != "green" and _owns_face(state, seat, "summer_boat_4", 0) and not tile_id.startswith("order"):
            colours = list(COLOURS)
        else:
            colours = [lot.colour]
        for colour in colours:
            for count, moved in _counts(state, seat, colour, tile_id, least, None):
                moves.add(("bid", tile_id, colour, moved, count, ""))
    offered = {tile_id for tile_id, _ in state.lots}
    for tile in state.tiles:
        face = _face(state, tile)
        if face is None or face.ability not in USABLE:
            continue
        if tile.id not in offered and _owner(state, tile.id) is None:
            continue
        least = tile.uses[-1] + 1 if tile.uses else 1
        most = 6 - tile.workers.total
        lot = dict(state.lots).get(tile.id)
        standing = tile.colour or (lot.colour if lot is not None else None)
        free = standing is None or _owns_face(state, seat, "summer_boat_4", 1)
        for colour in COLOURS if free else [standing]:
            for count, moved in _counts(state, seat, colour, "", least, most):
                moved_workers = sum(g.count for lot_id, g in _groups(state, seat) if lot_id in moved)
                left = list(state.screens[seat])
                left[COLOURS.index(colour)] -= count - moved_workers
                spare = [(lot_id, g) for lot_id, g in _groups(state, seat) if lot_id not in moved]
                for paying in _payments(state, seat, face, left, spare):
                    moves.add(("use", tile.id, colour, moved, count, paying))
        if standing is not None and _owns_face(state, seat, "summer_boat_4", 1):
            moves |= _uses_in_colours(state, seat, tile.id, face, least, most)
    return moves


def _uses_in_colours(state, seat, tile_id, face, least, most):
    """Summer boat 4b on a tile bid for or used: "any coloured workers, including more than one
    different colour at the same time": outbid groups moving whole and workers from behind the
    screen, of at least two colours. Written as each worker's colour, comma-joined."""
    groups = _groups(state, seat)
    screen = list(state.screens[seat])
    out = set()
    for size in range(len(groups) + 1):
        for chosen in combinations(groups, size):
            moved = tuple(lot_id for lot_id, _ in chosen)
            spare = [(lot_id, g) for lot_id, g in groups if lot_id not in moved]
            for extra in product(*(range(min(n, most) + 1) for n in screen)):
                workers = list(extra)
                for _, g in chosen:
                    workers[COLOURS.index(g.colour)] += g.count
                if not least <= sum(workers) <= most or sum(1 for n in workers if n) < 2:
                    continue
                colour = ",".join(c for c, n in zip(COLOURS, workers) for _ in range(n))
                left = [a - b for a, b in zip(screen, extra)]
                for paying in _payments(state, seat, face, left, spare):
                    out.add(("use", tile_id, colour, moved, sum(workers), paying))
    return out


def _payments(state, seat, face, screen, spare_groups):
    """An exchange's extra worker comes from behind the screen or is an outbid group of one
    worker (groups never split); a skill from behind the screen. Named by the item paid (or
    the lot of the group); ``""`` when nothing is paid."""
    if face.ability != "exchange":
        return [""]
    ((item, _),) = face.pays
    skills = dict(zip(("saw", "pickaxe", "anvil"), state.skills[seat], strict=True))
    workers = dict(zip(COLOURS, screen, strict=True))
    singles = [lot_id for lot_id, g in spare_groups if g.count == 1 and item in ("any_worker", g.colour)]
    if item == "any_worker":
        return [c for c in COLOURS if workers[c]] + singles
    if item == "any_skill":
        return [s for s in skills if skills[s]]
    if item in COLOURS:
        return ([item] if workers[item] else []) + singles
    return [item] if skills.get(item) else []


def _text(placement):
    head, tile_id, colour, moved, count, paying = placement
    suffix = f" from {','.join(moved)}" if moved else ""
    return f"{head} {tile_id} {count} {colour}{suffix}" + (f" paying {paying}" if paying else "")


def _chains(state, seat):
    """Every chain of the turn: ``(what it settles, the state after it)``, walking the
    decisions through the public API. What a chain settles: ``(bid or use, tile, colour,
    moved, workers, paying, moved is final)`` with ``None`` for the parts settled without
    asking (they had one possible value)."""
    out = []
    for location in state.legal_moves():
        if isinstance(location, Pass):
            continue
        head, tile_id = str(location).split()
        stack = [(state.apply(location), {})]
        while stack:
            node, answered = stack.pop()
            pending = node.pending
            if not isinstance(pending, PlaceWorkers):  # the placement is done
                moved = answered.get("moved", ())
                final = answered.get("final", False)
                known = (head, tile_id, answered.get("colour"), moved, answered.get("count"), answered.get("paying"), final)
                out.append((known, node))
                continue
            assert (pending.seat, pending.tile, pending.bid) == (seat, tile_id, head == "bid")
            answers = node.legal_moves()
            assert len(answers) > 1, "a part with one possible value is not asked"
            for answer in answers:
                more = dict(answered)
                if isinstance(answer, Colour):
                    more["colour"] = answer.colour
                elif isinstance(answer, From):
                    more["moved"] = (*pending.moved, answer.lot)
                elif isinstance(answer, Count):
                    more["count"] = answer.count
                    more["moved"] = pending.moved  # the groups moving, those settled unasked too
                    more["final"] = True
                else:  # the payment is asked once the groups and the number are settled
                    more["paying"] = answer.item
                    more["moved"] = pending.moved
                    more["final"] = True
                stack.append((node.apply(answer), more))
    return out


def _matches(known, placement):
    head, tile_id, colour, moved, count, paying, final = known
    if placement[:2] != (head, tile_id):
        return False
    if colour is not None and placement[2] != colour:
        return False
    if placement[3][: len(moved)] != moved or (final and placement[3] != moved):
        return False
    return (count is None or placement[4] == count) and (paying is None or placement[5] == paying)


def check_chains(state, seat):
    """The chains of the turn reach the legal placements, each exactly once; returns each
    placement with the state after its chain."""
    expected = expected_placements(state, seat)
    reached = {}
    for known, after in _chains(state, seat):
        matching = [p for p in expected if _matches(known, p)]
        assert len(matching) == 1, (known, matching)
        assert matching[0] not in reached, matching[0]
        reached[matching[0]] = after
    assert set(reached) == expected, sorted(_text(p) for p in expected ^ set(reached))
    return reached


def check_outcome(before, move, after, seat):
    words = str(move).split()
    if words[0] not in ("bid", "use"):
        return
    tile_id, count, colour = words[1], int(words[2]), words[3]
    moved = words[words.index("from") + 1].split(",") if "from" in words else []
    moved_workers = sum(g.count for lot_id, g in _groups(before, seat) if lot_id in moved)
    if words[0] == "bid":
        # A bid changes nothing else behind the screen (a use may give workers at once).
        i = COLOURS.index(colour)
        assert after.screens[seat][i] == before.screens[seat][i] - (count - moved_workers)
    for lot_id in moved:
        assert all(b.bidder != seat for b in dict(after.lots)[lot_id].bids)
    if words[0] == "bid":
        bid = next(b for b in dict(after.lots)[tile_id].bids if b.bidder == seat)
        old = next((b.count for b in dict(before.lots)[tile_id].bids if b.bidder == seat), 0)
        assert (bid.count, bid.colour) == (old + count, colour)
        return
    tile_before = next(t for t in before.tiles if t.id == tile_id)
    tile_after = next(t for t in after.tiles if t.id == tile_id)
    assert tile_after.workers.total == tile_before.workers.total + count
    lot = dict(before.lots).get(tile_id)
    assert tile_after.colour == (tile_before.colour or (lot.colour if lot is not None else None) or colour)
    assert tile_after.uses == (*tile_before.uses, count)
    face = _face(before, tile_before)
    if face.ability == "produce":
        target = tile_id if _owner(before, tile_id) == seat else f"home{before.homes[seat]}"
        goods_before = next(t for t in before.tiles if t.id == target).goods
        goods_after = next(t for t in after.tiles if t.id == target).goods
        for item, n in face.gives:
            if item in RESOURCES:
                k = RESOURCES.index(item)
                assert goods_after[k] - goods_before[k] == min(n, before.supply[k])


@settings(max_examples=examples(4), deadline=None)
@given(st.integers(2, 6), st.integers(0, 10**6), st.booleans())
def test_turns_follow_the_rulebook(players, seed, farmers):
    state = GAME.new_game(players, seed=seed, farmers=farmers)
    chooser = random.Random(seed)
    while not state.is_over:
        pending = state.pending
        if isinstance(pending, Turn):
            reached = check_chains(state, pending.seat)
            if reached and chooser.random() < 0.8:
                placement = chooser.choice(sorted(reached))
                check_outcome(state, _text(placement), reached[placement], pending.seat)
                state = reached[placement]
                continue
        legal = state.legal_moves()
        active = [m for m in legal if str(m) not in ("pass", "stop", "offered")]
        move = chooser.choice(active) if active and chooser.random() < 0.8 else chooser.choice(legal)
        state = state.apply(move)
