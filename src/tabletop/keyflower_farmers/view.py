"""What a seat sees: behind the other screens (workers, skills, wheat) only counts, the other
players' winter tiles only counted (dealt and offered together: the numbers offered are revealed
only together, and nobody learns who offered which tile), the bag, the skill pile and the tiles
still to come masked, the random source hidden. Boat cargo lies face up and every village is
open. Another seat's placement in progress shows what its answers settled, not its options.
The history shows the moves without what they would tell of hidden things: the workers and
skill tiles drawn, the winter tiles dealt, the winter tiles offered, and the kinds of the skill
tiles paid (they go face down), in the history and on the stack, where another seat's paid
skill waits for the exchange's draws.

Variant B (open information): only each player's starting workers still behind the screen
stay hidden (see ``KeyflowerState.secret``); their other workers and their wheat are open.
Skill tiles stay counted only: those drawn from the pile are received face down (a boat's
skills, taken face up, are not remembered by kind: a simplification).
"""

from __future__ import annotations

from typing import Any

import attrs

from tabletop.keyflower_farmers.components import COLOURS, SKILLS
from tabletop.keyflower_farmers.moves import Move, Offer, Offered, Pay, SkillDrawn, TileDrawn, Upgrade, WorkerDrawn
from tabletop.keyflower_farmers.state import (
    DrawSkill,
    DrawWorker,
    KeyflowerState,
    OfferWinter,
    PlaceWorkers,
    ReturnSkill,
    ReturnWorker,
    RevealWinter,
    Skills,
    Workers,
)
from tabletop.kernel.engine import evolve, link_moves
from tabletop.kernel.pile import Pile, deal_unseen, unseen_by
from tabletop.kernel.pool import Pool
from tabletop.kernel.rng import Rng


def view(state: KeyflowerState, seat: int) -> KeyflowerState:
    """The position as ``seat`` sees it."""
    open_play = state.open_information

    def shown(s: int) -> Pool:
        """What ``seat`` sees of seat ``s``'s workers: all its own; in variant B the others' open
        workers (all but their starting workers still hidden); otherwise none."""
        if s == seat:
            return state.screens[s]
        return state.screens[s].minus(state.secret[s]) if open_play else Workers()

    screens = tuple(shown(s) for s in range(state.players))
    # Skill tiles lie face down, but in variant B those received face up (see open_skills).
    skills = tuple(
        held if s == seat else state.open_skills[s] if open_play else Skills() for s, held in enumerate(state.skills)
    )
    return evolve(
        state,
        screens=screens,
        secret=tuple(secret if s == seat else Workers() for s, secret in enumerate(state.secret)),
        skills=skills,
        wheat=tuple(w if s == seat or open_play else 0 for s, w in enumerate(state.wheat)),
        winter_hands=tuple(hand if s == seat else () for s, hand in enumerate(state.winter_hands)),
        hidden_workers=tuple(state.screens[s].total - screens[s].total for s in range(state.players)),
        hidden_skills=tuple(state.skills[s].total - skills[s].total for s in range(state.players)),
        hidden_wheat=tuple(0 if s == seat or open_play else state.wheat[s] for s in range(state.players)),
        # "The numbers of tiles selected are then revealed simultaneously": another seat's
        # winter tiles are counted together, offered or not.
        hidden_winter=tuple(
            0 if s == seat else len(state.winter_hands[s]) + len(state.winter_offers[s]) for s in range(state.players)
        ),
        winter_offers=tuple(offer if s == seat else () for s, offer in enumerate(state.winter_offers)),
        bag=state.bag.masked(),
        skill_pile=state.skill_pile.masked(),
        season_piles=tuple(pile.masked() for pile in state.season_piles),
        winter_deck=state.winter_deck.masked(),
        rng=state.rng.mask(),
        log=_redacted_log(state),
        viewer=seat,
        stack=_stack_seen(state.stack, seat),
    )


#: The kinds of skill tiles, as a set.
_SKILLS = frozenset(SKILLS)

#: How a skill tile paid face down reads where another seat sees it: in the history (a payment
#: or an upgrade's cost) and on the stack, waiting for the exchange's draws.
HIDDEN_SKILL = "skill"


def _redacted_log(state: KeyflowerState) -> Any:
    """The history as every seat sees it (see the module docstring); the state's own when it
    tells nothing hidden."""
    winter = {tile.code for tile in state.components.season_tiles("winter", state.farmers)}
    seen: list[Move] = []
    changed = False
    for move in state.history:
        if isinstance(move, WorkerDrawn | SkillDrawn | Offer | Offered) or (isinstance(move, TileDrawn) and move.code in winter):
            changed = True
            continue
        if isinstance(move, Pay) and move.item in _SKILLS:
            move, changed = Pay(HIDDEN_SKILL), True
        elif isinstance(move, Upgrade) and not _SKILLS.isdisjoint(move.paid):
            move, changed = Upgrade(move.tile, tuple(HIDDEN_SKILL if item in _SKILLS else item for item in move.paid)), True
        seen.append(move)
    return link_moves(seen) if changed else state.log


def _stack_seen(stack: tuple[Any, ...], seat: int) -> tuple[Any, ...]:
    """The pending decisions as ``seat`` sees them (:func:`_seen`), and the skill tile another
    seat paid to an exchange, waiting below the exchange's draws to go back into the pile,
    without its kind: it went face down."""
    seen = []
    for at, pending in enumerate(stack):
        if isinstance(pending, ReturnSkill) and _payer(stack, at) != seat:
            pending = ReturnSkill(HIDDEN_SKILL)
        seen.append(_seen(pending, seat))
    return tuple(seen)


def _payer(stack: tuple[Any, ...], at: int) -> int | None:
    """The seat that paid the skill of the marker at ``at``: the one receiving the exchange's
    draws above it (``None`` if none is left: then nobody is known to see it)."""
    for pending in stack[at + 1 :]:
        if isinstance(pending, DrawSkill | DrawWorker) and pending.seat_to is not None:
            return pending.seat_to
    return None


def _seen(pending: Any, seat: int) -> Any:
    """A pending decision as ``seat`` sees it: another seat's placement in progress without
    its options (they tell what lies behind that seat's screen)."""
    if isinstance(pending, PlaceWorkers) and pending.seat != seat and pending.options:
        return attrs.evolve(pending, options=())
    return pending


def determinize(seen: KeyflowerState, rng: Rng) -> KeyflowerState:
    """A full state consistent with the view ``seen``: the workers and skills the viewer cannot
    see dealt at random behind the other screens and into the bag and the pile, the wheat
    counted back, the unseen winter tiles into the other hands, offers and the box, and the
    tiles of the piles still to come back into them."""
    if seen.viewer is None:
        return seen
    components = seen.components
    state = evolve(seen, rng=rng.stream(1), viewer=None)
    rng = rng.stream(2)
    state, rng = _deal_workers(state, seen, rng)
    state, rng = _deal_skills(state, seen, rng)
    state, rng = _deal_winter(state, seen, rng)
    piles = []
    for index, pile in enumerate(seen.season_piles[:3]):
        season = ("spring", "summer", "autumn")[index]
        if pile.hidden:
            codes = [t.code for t in components.season_tiles(season, seen.farmers)]
            unseen = unseen_by(codes, [code for code in codes if _in_play(seen, code)])
            dealt, rng = deal_unseen(unseen, (pile.hidden,), rng)
            pile = Pile(dealt[0], pile.bottom)
        piles.append(pile)
    return evolve(
        state,
        season_piles=(*piles, state.season_piles[3]),
        wheat=tuple(w + h for w, h in zip(seen.wheat, seen.hidden_wheat, strict=True)),
        hidden_workers=(),
        hidden_skills=(),
        hidden_wheat=(),
        hidden_winter=(),
    )


def _in_play(state: KeyflowerState, code: str) -> bool:
    return any(tile.id == code for tile in state.tiles)


def _deal_workers(state: KeyflowerState, seen: KeyflowerState, rng: Rng) -> tuple[KeyflowerState, Rng]:
    everything = [c for c, n in seen.components.workers if c != "green" for _ in range(n)]
    visible = [c for screen in seen.screens for c in _each(screen, COLOURS)]
    visible += [c for cargo in seen.boats for c in _each(cargo.workers, COLOURS)]
    visible += [c for tile in seen.tiles for c in _each(tile.workers, COLOURS)]
    visible += [b.colour for _, lot in seen.lots for b in lot.bids for _ in range(b.count)]
    # A worker paid to an exchange, on its way into the bag once the exchange's draws are done.
    visible += [pending.colour for pending in seen.stack if isinstance(pending, ReturnWorker)]
    # Green workers behind hidden screens: all greens not seen elsewhere nor in the supply.
    greens = sum(n for c, n in seen.components.workers if c == "green") - seen.green
    unseen = unseen_by(everything + ["green"] * greens, visible)
    sizes = (*seen.hidden_workers, seen.bag.hidden)
    dealt, rng = deal_unseen(unseen, sizes, rng)
    hands = dealt[:-1]
    screens = tuple(screen.plus(_counted(d, COLOURS)) for screen, d in zip(seen.screens, hands, strict=True))
    # Variant B: the workers the viewer could not see are the others' hidden starting workers.
    secret = tuple(
        own if s == seen.viewer or not seen.open_information else Workers(_counted(d, COLOURS))
        for s, (own, d) in enumerate(zip(seen.secret, hands, strict=True))
    )
    return evolve(state, screens=screens, secret=secret, bag=Pile(dealt[-1], seen.bag.bottom)), rng


def _deal_skills(state: KeyflowerState, seen: KeyflowerState, rng: Rng) -> tuple[KeyflowerState, Rng]:
    everything = [s for s, n in seen.components.skills for _ in range(n)]
    visible = [s for skills in seen.skills for s in _each(skills, SKILLS)]
    visible += [s for cargo in seen.boats for s in _each(cargo.skills, SKILLS)]
    paid = [i for i, pending in enumerate(seen.stack) if isinstance(pending, ReturnSkill)]
    visible += [seen.stack[i].skill for i in paid if seen.stack[i].skill != HIDDEN_SKILL]
    hidden_paid = [i for i in paid if seen.stack[i].skill == HIDDEN_SKILL]
    unseen = unseen_by(everything, visible)
    sizes = (*seen.hidden_skills, seen.skill_pile.hidden, len(hidden_paid))
    dealt, rng = deal_unseen(unseen, sizes, rng)
    players = len(seen.skills)
    skills = tuple(held.plus(_counted(d, SKILLS)) for held, d in zip(seen.skills, dealt[:players], strict=True))
    # Each skill paid face down by another seat: one of the unseen skills.
    stack = list(seen.stack)
    for i, skill in zip(hidden_paid, dealt[players + 1], strict=True):
        stack[i] = ReturnSkill(skill)
    pile = Pile(dealt[players], seen.skill_pile.bottom)
    return evolve(state, skills=skills, skill_pile=pile, stack=tuple(stack)), rng


def _deal_winter(state: KeyflowerState, seen: KeyflowerState, rng: Rng) -> tuple[KeyflowerState, Rng]:
    sizes = (*seen.hidden_winter, seen.winter_deck.hidden, seen.season_piles[3].hidden)
    if not sum(sizes):
        return state, rng
    codes = [t.code for t in seen.components.season_tiles("winter", seen.farmers)]
    visible = [c for hand in seen.winter_hands for c in hand] + [c for offer in seen.winter_offers for c in offer]
    visible += [code for code in codes if _in_play(seen, code)]
    dealt, rng = deal_unseen(unseen_by(codes, visible), sizes, rng)
    players = seen.players
    hands = [tuple(sorted((*hand, *d))) for hand, d in zip(seen.winter_hands, dealt[:players], strict=True)]
    offers = list(seen.winter_offers)
    if any(isinstance(pending, RevealWinter) for pending in seen.stack):
        # The others' offers are counted with their hands: each seat that has chosen offered
        # one or more of its tiles, as many as the sample says.
        choosing = {pending.seat for pending in seen.stack if isinstance(pending, OfferWinter)}
        for s in range(players):
            if s != seen.viewer and s not in choosing and hands[s] and not offers[s]:
                k, rng = rng.below(len(hands[s]))
                mixed, rng = rng.shuffled(hands[s])
                offers[s], hands[s] = tuple(sorted(mixed[: k + 1])), tuple(sorted(mixed[k + 1 :]))
    return (
        evolve(
            state,
            winter_hands=tuple(hands),
            winter_offers=tuple(offers),
            winter_deck=Pile(dealt[-2]),
            season_piles=(*state.season_piles[:3], Pile(dealt[-1])),
        ),
        rng,
    )


def _each(pool: Pool, kinds: tuple[str, ...]) -> list[str]:
    return [kind for kind, n in zip(kinds, pool, strict=True) for _ in range(n)]


def _counted(items: tuple[str, ...], kinds: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(items.count(kind) for kind in kinds)
