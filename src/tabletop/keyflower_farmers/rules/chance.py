"""The random events: home tiles dealt, workers drawn from the bag, skill tiles from the pile,
season tiles laid out and winter tiles dealt. Each is a chance decision (see the engine)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from itertools import chain, repeat
from operator import itemgetter
from types import MappingProxyType
from typing import Any

import attrs

from tabletop.keyflower_farmers.components import COLOURS, SKILLS, WATER
from tabletop.keyflower_farmers.moves import HomeDealt, SideUp, SkillDrawn, TileDrawn, WorkerDrawn
from tabletop.keyflower_farmers.rules.common import LAID_OUT, change_tile, popped, spokes, with_seat
from tabletop.keyflower_farmers.state import (
    COLOUR_INDEX,
    NO_BIDS,
    NO_RESOURCES,
    NO_WORKERS,
    Cargo,
    DealHome,
    DealWinter,
    DrawSeasonTile,
    DrawSkill,
    DrawWorker,
    KeyflowerState,
    SelectWinter,
    Tile,
    TossSummerBoat,
    Village,
    new_tile,
    new_village,
    tile_of,
)
from tabletop.kernel import tiles
from tabletop.kernel.auction import Lot
from tabletop.kernel.engine import evolve, pop, push, rewritten
from tabletop.kernel.hexgrid import ORIGIN
from tabletop.kernel.pile import Pile, run_bounds, sample_runs, sample_runs_tossing
from tabletop.kernel.pool import Pool
from tabletop.kernel.rng import Rng
from tabletop.kernel.shared import Shared, shared
from tabletop.kernel.tiles import Fields, Sides

SEASON_INDEX = {"spring": 0, "summer": 1, "autumn": 2, "winter": 3}
SUMMER = SEASON_INDEX["summer"]

#: The outcome dealing each home tile (made once per number).
_HOME_DEALT = Shared(HomeDealt)


def home_outcomes(state: KeyflowerState, pending: DealHome) -> tuple[tuple[HomeDealt, int], ...]:
    return tuple((_HOME_DEALT[n], 1) for n in _homes_left(state.homes))


def _homes_left(dealt: Sequence[int]) -> list[int]:
    """The numbers of the home tiles not dealt yet, in order (each as likely to be dealt next)."""
    return [number for number in range(1, 7) if number not in dealt]


def resolve_home(state: KeyflowerState, pending: DealHome, outcome: HomeDealt) -> KeyflowerState:
    """The home tile goes in front of the player's screen: the first hex of their village."""
    number = outcome.number
    # The deal answered (popped) in the same copy.
    return evolve(
        state,
        homes=with_seat(state.homes, pending.seat_to, number),
        villages=with_seat(state.villages, pending.seat_to, _home_village(state, number)),
        tiles=(*state.tiles, LAID_OUT[f"home{number}"]),
        stack=state.stack[:-1],
    )


def home_run(state: KeyflowerState, pending: DealHome, rng: Rng) -> tuple[KeyflowerState, Rng]:
    """The sampled mode's shortcut (in the form of ``ChanceDecision.run``) for the home tiles
    dealt at setup, the first events of a game (see :func:`.setup.setup`): every deal on top of
    the stack, each as the engine samples :func:`home_outcomes` (every tile left as likely: the
    tile at a random position among them) and :func:`resolve_home` resolves it, in one copy
    (settle never acts on a deal)."""
    stack = state.stack
    count = _run_length(stack, DealHome)
    homes, villages, tiles = list(state.homes), list(state.villages), list(state.tiles)
    draws = rng.draws()
    for k in range(count):
        left = _homes_left(homes)
        number = left[draws.below(len(left))] if len(left) > 1 else left[0]
        seat = stack[-1 - k].seat_to
        homes[seat] = number
        villages[seat] = _home_village(state, number)
        tiles.append(LAID_OUT[f"home{number}"])
    after = evolve(state, homes=tuple(homes), villages=tuple(villages), tiles=tuple(tiles), stack=stack[: len(stack) - count])
    return after, draws.rng


def _home_village(state: KeyflowerState, number: int) -> Village:
    """A village of the home tile ``number`` alone, at the origin."""
    return _home_village_of(number, state.components.homes[number - 1].sides)


@cache
def _home_village_of(number: int, sides: Sides) -> Village:
    """A village of the home tile ``number`` with ``sides`` alone, at the origin (a value: made
    once per home tile, and shared by the games that deal it)."""
    fields, _ = Fields().place(ORIGIN, spokes(sides), tiles.open_between({ORIGIN: sides}, {WATER}))
    return new_village(((ORIGIN, f"home{number}", 0),), fields, (), None)


#: The outcome of drawing each colour (made once: a draw from the bag is the commonest event).
_WORKER_DRAWN = {colour: WorkerDrawn(colour) for colour in COLOURS}


#: The colours in the order of the bag's unseen workers (a sorted multiset).
_SORTED_COLOURS = tuple(sorted(COLOURS))


def worker_outcomes(state: KeyflowerState, pending: DrawWorker) -> tuple[tuple[WorkerDrawn, int], ...]:
    """Each colour in the bag, weighted by its workers: the bag's draw outcomes, counted
    colour by colour (the unseen workers are sorted: each colour's run found by bisection
    rather than a Counter of up to 141 workers)."""
    bag = state.bag
    if bag.hidden or not bag.unseen:
        return tuple((_WORKER_DRAWN[colour], n) for colour, n in bag.draw_outcomes())
    unseen = bag.unseen
    out = []
    start = 0
    for colour in _SORTED_COLOURS:
        end = bisect_right(unseen, colour, start)
        if end > start:
            out.append((_WORKER_DRAWN[colour], end - start))
            start = end
    return tuple(out)


def worker_sample(state: KeyflowerState, pending: DrawWorker, rng: Rng) -> tuple[WorkerDrawn, Rng]:
    """The worker :func:`worker_outcomes` would yield with ``rng``, drawn without listing them."""
    colour, rng = state.bag.sample_draw(rng)
    return _WORKER_DRAWN[colour], rng


def resolve_worker(state: KeyflowerState, pending: DrawWorker, outcome: WorkerDrawn) -> KeyflowerState:
    colour = outcome.colour
    bag = state.bag.take(colour)
    stack = state.stack[:-1]  # the draw done (popped, written out: the commonest random event)
    seat = pending.seat_to
    if seat is None:
        return evolve(state, stack=stack, bag=bag, boats=_loaded(state.boats, pending.boat, workers=(colour,)))
    screens = with_seat(state.screens, seat, state.screens[seat].add(COLOUR_INDEX[colour]))
    if state.open_information and state.start < 0:
        # Variant B: the workers drawn at setup are the ones that stay hidden.
        secret = with_seat(state.secret, seat, state.secret[seat].add(colour))
        return evolve(state, stack=stack, bag=bag, screens=screens, secret=secret)
    return evolve(state, stack=stack, bag=bag, screens=screens)


def worker_run(state: KeyflowerState, pending: DrawWorker, rng: Rng) -> tuple[KeyflowerState, Rng]:
    """The sampled mode's shortcut (see ``ChanceDecision.run``) for workers drawn several at a
    time (eight per player at setup, the boats' loads): every draw on top of the stack, each as
    :func:`worker_sample` draws it and :func:`resolve_worker` resolves it, in one copy. Settle
    does nothing between two draws while the bag holds workers; once it is empty, the run stops
    and settle drops the draws left."""
    stack = state.stack
    count = min(_run_length(stack, DrawWorker), len(state.bag))
    colours, bag, rng = state.bag.sample_draws(count, rng)
    # The workers each seat draws, counted by colour, go behind the screen together.
    gained: list[list[int] | None] = [None] * state.players
    loads: dict[str, list[str]] = {}  # by boat, loaded once the run is drawn
    top = len(stack) - 1
    for k, colour in enumerate(colours):
        draw = stack[top - k]
        seat = draw.seat_to
        if seat is None:
            loads.setdefault(draw.boat, []).append(colour)
            continue
        counts = gained[seat]
        if counts is None:
            counts = gained[seat] = [0] * len(COLOURS)
        counts[COLOUR_INDEX[colour]] += 1
    screens, secret = list(state.screens), list(state.secret)
    hidden_at_setup = state.open_information and state.start < 0
    for seat, counts in enumerate(gained):
        if counts is not None:
            screens[seat] = screens[seat].plus(counts)
            if hidden_at_setup:
                secret[seat] = secret[seat].plus(counts)
    boats = state.boats
    for boat, drawn in loads.items():
        boats = _loaded(boats, boat, workers=drawn)
    stack = stack[: len(stack) - count]
    return evolve(state, stack=stack, bag=bag, boats=boats, screens=tuple(screens), secret=tuple(secret)), rng


def workers_drawn_now(state: KeyflowerState, seat: int, n: int) -> KeyflowerState:
    """``state``, a position nobody else holds yet (see the kernel's ``rewritten``), once ``n``
    workers are drawn from the bag behind ``seat``'s screen, as :func:`worker_run` would draw
    them from ``n`` draws on top of the stack: for a rule whose draws come next, in sampled
    mode (the kernel's ``samples_now``). A bag that runs short gives what it holds (settle
    would drop the draws left)."""
    count = min(n, len(state.bag))
    if not count:
        return state
    colours, bag, rng = state.bag.sample_draws(count, state.rng)
    screens = with_seat(state.screens, seat, state.screens[seat].plus(_by_colour(colours)))
    return rewritten(state, bag=bag, rng=rng, screens=screens)


def skills_drawn_now(state: KeyflowerState, seat: int, n: int) -> KeyflowerState:
    """:func:`workers_drawn_now` for ``n`` skill tiles drawn from the pile, as :func:`skill_run`
    would draw them."""
    count = min(n, len(state.skill_pile))
    if not count:
        return state
    drawn, pile, rng = state.skill_pile.sample_draws(count, state.rng)
    skills = state.skills[seat]
    for skill in drawn:
        skills = skills.add(skill)
    return rewritten(state, skill_pile=pile, rng=rng, skills=with_seat(state.skills, seat, skills))


def _by_colour(colours: Sequence[str]) -> list[int]:
    """How many of ``colours`` are of each colour, in the order of :data:`COLOURS` (counted in
    C, a pass per colour)."""
    return [*map(colours.count, COLOURS)]


def _run_length(stack: tuple[Any, ...], kind: type) -> int:
    """How many decisions of ``kind`` lie on top of ``stack``, one on another."""
    count = 0
    for pending in reversed(stack):
        if type(pending) is not kind:
            break
        count += 1
    return count


def _loaded(boats: tuple[Cargo, ...], boat: str, workers: Iterable[str] = (), skills: Iterable[str] = ()) -> tuple[Cargo, ...]:
    """``boats`` once ``boat`` is loaded with workers of the colours ``workers`` and the skill
    tiles ``skills``."""
    for k, cargo in enumerate(boats):
        if cargo.boat == boat:
            return with_seat(boats, k, _aboard(cargo, workers, skills))
    raise KeyError(boat)


def _aboard(cargo: Cargo, workers: Iterable[str], skills: Iterable[str]) -> Cargo:
    """``cargo`` once workers of the colours ``workers`` and the skill tiles ``skills`` come
    aboard (together). Each load is read as a multiset (sorted, in C), whose pool is made once
    rather than counted one card at a time; shared (kernel shared()): a boat's loads are few,
    and a cargo is immutable."""
    more_workers = _more_workers(cargo.workers, tuple(sorted(workers)))
    return shared(Cargo, cargo.boat, more_workers, _more_skills(cargo.skills, tuple(sorted(skills))))


@cache
def _more_workers(workers: Pool, colours: tuple[str, ...]) -> Pool:
    """``workers`` with workers of the ``colours`` (sorted) more (a value: made once per load,
    whichever boat or screen it goes to)."""
    return workers.plus(_by_colour(colours)) if colours else workers


@cache
def _more_skills(skills: Pool, tiles: tuple[str, ...]) -> Pool:
    """``skills`` with the skill ``tiles`` (sorted) more (a value: made once per load)."""
    return skills.plus([tiles.count(skill) for skill in SKILLS]) if tiles else skills


#: The outcome of drawing each skill (made once).
_SKILL_DRAWN = {skill: SkillDrawn(skill) for skill in SKILLS}


def skill_outcomes(state: KeyflowerState, pending: DrawSkill) -> tuple[tuple[SkillDrawn, int], ...]:
    return tuple((_SKILL_DRAWN[skill], n) for skill, n in state.skill_pile.draw_outcomes())


def skill_sample(state: KeyflowerState, pending: DrawSkill, rng: Rng) -> tuple[SkillDrawn, Rng]:
    """The skill :func:`skill_outcomes` would yield with ``rng``, drawn without listing them."""
    skill, rng = state.skill_pile.sample_draw(rng)
    return _SKILL_DRAWN[skill], rng


def resolve_skill(state: KeyflowerState, pending: DrawSkill, outcome: SkillDrawn) -> KeyflowerState:
    pile = state.skill_pile.take(outcome.skill)
    if pending.seat_to is None:
        return popped(state, skill_pile=pile, boats=_loaded(state.boats, pending.boat, skills=(outcome.skill,)))
    seat = pending.seat_to
    return popped(state, skill_pile=pile, skills=with_seat(state.skills, seat, state.skills[seat].add(outcome.skill)))


def skill_run(state: KeyflowerState, pending: DrawSkill, rng: Rng) -> tuple[KeyflowerState, Rng]:
    """The sampled mode's shortcut (see ``ChanceDecision.run``) for skill tiles drawn several
    at a time: every draw on top of the stack, each as :func:`skill_sample` draws it and
    :func:`resolve_skill` resolves it, in one copy (settle does nothing between two draws while
    the pile holds tiles; once it is empty, the run stops and settle drops the draws left)."""
    stack = state.stack
    drawn, pile, rng = state.skill_pile.sample_draws(min(_run_length(stack, DrawSkill), len(state.skill_pile)), rng)
    skills = list(state.skills)
    loads: dict[str, list[str]] = {}  # by boat, loaded once the run is drawn
    top = len(stack) - 1
    for k, skill in enumerate(drawn):
        draw = stack[top - k]
        if draw.seat_to is None:
            loads.setdefault(draw.boat, []).append(skill)
        else:
            skills[draw.seat_to] = skills[draw.seat_to].add(skill)
    boats = state.boats
    for boat, tiles_drawn in loads.items():
        boats = _loaded(boats, boat, skills=tiles_drawn)
    stack = stack[: len(stack) - len(drawn)]
    return evolve(state, stack=stack, skill_pile=pile, boats=boats, skills=tuple(skills)), rng


#: Who takes a card drawn at setup: ``("screen", seat)`` a worker behind a seat's screen,
#: ``("skill", seat)`` a skill tile of a seat, ``("boat", boat)`` and ``("boat skill", boat)``
#: a worker or a skill tile loaded on a boat, ``("spring", 0)`` a spring tile laid out,
#: ``("winter", seat)`` a winter tile dealt to a seat.
Taker = tuple[str, Any]

#: What reads the cards a taker takes out of every card drawn at setup, in the order drawn
#: (see :func:`_reader`).
Reader = Callable[[Sequence[str]], Sequence[str]]


@attrs.frozen
class SetupPlaces:
    """Where each taker's cards lie among every card the runs of setup draw (after the home
    tiles), in the order drawn: the same for every game whose runs draw as many cards, so made
    once with :class:`SetupDraws` (and again only for runs cut short by an emptied pile).

    Attributes:
        drawn: how many cards the runs draw in all.
        screens: per seat dealt workers, the seat and what reads its workers.
        skills: per seat dealt skill tiles, the seat and what reads its tiles.
        boats: per boat loaded, its place among the boats and what reads its workers and its
            skill tiles.
        spring: what reads the spring tiles laid out.
        winter: per seat dealt winter tiles, the seat and what reads its tiles.
    """

    drawn: int
    screens: tuple[tuple[int, Reader], ...]
    skills: tuple[tuple[int, Reader], ...]
    boats: tuple[tuple[int, Reader, Reader], ...]
    spring: Reader
    winter: tuple[tuple[int, Reader], ...]


def _setup_places(takers: tuple[tuple[Taker, ...], ...], lengths: Iterable[int], boats: tuple[Cargo, ...]) -> SetupPlaces:
    """The :class:`SetupPlaces` of runs whose cards go to ``takers`` (per run, per card drawn)
    when each run draws ``lengths`` cards (its first ones: a run from an emptied pile draws
    fewer), ``boats`` the boats in play."""
    places: dict[Taker, list[int]] = {}
    at = 0
    for run, length in zip(takers, lengths):
        for taker in run[:length]:
            places.setdefault(taker, []).append(at)
            at += 1

    def seats(kind: str) -> tuple[tuple[int, Reader], ...]:
        return tuple((seat, _reader(tuple(found))) for (of, seat), found in places.items() if of == kind)

    def of(taker: Taker) -> Reader:
        return _reader(tuple(places.get(taker, ())))

    loaded = tuple(
        (k, of(("boat", cargo.boat)), of(("boat skill", cargo.boat)))
        for k, cargo in enumerate(boats)
        if ("boat", cargo.boat) in places or ("boat skill", cargo.boat) in places
    )
    return SetupPlaces(at, seats("screen"), seats("skill"), loaded, of(("spring", 0)), seats("winter"))


@attrs.frozen
class SetupDraws:
    """The random events of setup, the home tiles dealt, the draws of workers and skill tiles,
    and (planned with ``tiles``) the spring tiles laid out and the winter tiles dealt (see
    :func:`setup_draws`): the same for every game of a box and options, so made once with the
    box laid out (see :func:`.setup.setup`) rather than read off the stack each game.

    Attributes:
        homes: the seats dealt a home tile, in the order dealt.
        home_tiles: the numbers of the home tiles not dealt yet, a pile (each as likely to be
            dealt next).
        home_hexes: by number, the village of a home tile alone and its hex in play.
        runs: each run of draws of one kind in order, the home tiles' first: the pile (0 the
            home tiles, 1 the bag, 2 the skill pile, 3 the spring tiles, 4 the winter tiles)
            and how many draws.
        takers: per run after the home tiles', who takes each card drawn (see :data:`Taker`).
        places: where each taker's cards lie when every run draws all its cards.
        bounds: the bound of each draw of the runs (the kernel's ``run_bounds``: every game of
            the box starts from the same piles), or ``None`` if they are drawn one by one.
        events: how many events lie on the stack, the deals' and the runs' together.
    """

    homes: tuple[int, ...]
    home_tiles: Pile[int]
    home_hexes: tuple[tuple[Village, Tile], ...]
    runs: tuple[tuple[int, int], ...]
    takers: tuple[tuple[Taker, ...], ...]
    places: SetupPlaces
    bounds: tuple[int, ...] | None
    events: int


def setup_draw_plan(state: KeyflowerState, tiles: bool = False) -> SetupDraws:
    """The home tiles dealt on top of the stack of ``state``, and the draws of workers and
    skill tiles below them; with ``tiles``, then the spring tiles laid out and the winter
    tiles dealt below those, as far as their piles hold them (variant A selects winter tiles
    first: its deals are left to the engine)."""
    stack = state.stack
    dealt = _run_length(stack, DealHome)
    homes = tuple(stack[-1 - k].seat_to for k in range(dealt))
    top = len(stack)
    bottom = top - dealt
    runs: list[tuple[int, int]] = [(0, dealt)]
    takers: list[tuple[Taker, ...]] = []
    while bottom and type(stack[bottom - 1]) in (DrawWorker, DrawSkill):
        kind = type(stack[bottom - 1])
        run: list[Taker] = []
        while bottom and type(stack[bottom - 1]) is kind:
            draw = stack[bottom - 1]
            if draw.seat_to is None:
                run.append(("boat" if kind is DrawWorker else "boat skill", draw.boat))
            else:
                run.append(("screen" if kind is DrawWorker else "skill", draw.seat_to))
            bottom -= 1
        runs.append((1 if kind is DrawWorker else 2, len(run)))
        takers.append(tuple(run))
    if tiles:
        below = stack[:bottom]
        spring = _run_length(below, DrawSeasonTile)
        if spring and below[-1].season == "spring" and spring <= len(state.season_piles[0]):
            runs.append((3, spring))
            takers.append((("spring", 0),) * spring)
            bottom -= spring
            below = stack[:bottom]
            winter = tuple(below[-1 - k].seat_to for k in range(_run_length(below, DealWinter)))
            if winter and len(winter) <= len(state.winter_deck):
                runs.append((4, len(winter)))
                takers.append(tuple(("winter", seat) for seat in winter))
                bottom -= len(winter)
    home_hexes = tuple((_home_village(state, number), LAID_OUT[f"home{number}"]) for number in range(1, 7))
    home_tiles: Pile[int] = Pile(_homes_left(state.homes))
    bounds = run_bounds(_setup_piles(state, home_tiles), runs)
    return SetupDraws(
        homes,
        home_tiles,
        home_hexes,
        tuple(runs),
        tuple(takers),
        _setup_places(tuple(takers), (count for _, count in runs[1:]), state.boats),
        None if bounds is None else tuple(bounds),
        top - bottom,
    )


def _setup_piles(state: KeyflowerState, home_tiles: Pile[int]) -> tuple[Pile[Any], ...]:
    """The piles setup draws from, in the order :attr:`SetupDraws.runs` numbers them."""
    return home_tiles, state.bag, state.skill_pile, state.season_piles[0], state.winter_deck


def setup_draws(state: KeyflowerState, plan: SetupDraws, rng: Rng) -> tuple[KeyflowerState, Rng]:
    """The sampled mode's shortcut for the random events of setup (see :func:`.setup.setup`):
    the home tiles of ``plan`` dealt as :func:`home_run` deals them, then its draws of workers
    and skill tiles (those on top of the stack), in order, as the engine resolves their runs
    one after another (:func:`worker_run`, :func:`skill_run`, settle dropping the draws from an
    empty bag or pile), then the spring tiles it lays out and the winter tiles it deals as
    :func:`season_tile_run` and :func:`winter_run` resolve them, in one copy, and the next
    generator: the draws of every run made together (the kernel's ``sample_runs``). The runs
    of workers and skill tiles alternate (each boat's workers, then its skill tiles).
    ``plan`` is :func:`setup_draw_plan` of ``state`` or of a position with the same stack and
    piles (its bounds are those of these piles)."""
    # The home tiles left are a pile like the others: every tile as likely, the tile at a
    # random position among them dealt (as home_run deals them).
    piles = _setup_piles(state, plan.home_tiles)
    (numbers, *drawn), (_, bag, pile, spring_pile, winter_deck), rng = sample_runs(piles, plan.runs, rng, plan.bounds)
    # Every card of the runs in one list, each taker's cards read out of it at the places the
    # plan made once (in C), rather than the runs cut up card by card.
    cards = [*chain.from_iterable(drawn)]
    places = plan.places
    if len(cards) < places.drawn:  # a run cut short by an emptied pile: its cards go to the first takers
        places = _setup_places(plan.takers, map(len, drawn), state.boats)
    homes, villages, tiles = list(state.homes), list(state.villages), list(state.tiles)
    for dealt_to, number in zip(plan.homes, numbers):
        homes[dealt_to] = number
        villages[dealt_to], tile = plan.home_hexes[number - 1]
        tiles.append(tile)
    screens, secret, skills = list(state.screens), list(state.secret), list(state.skills)
    hidden_at_setup = state.open_information and state.start < 0  # variant B
    for seat, workers_of in places.screens:
        # The workers a seat draws go behind the screen together, as a load (made once).
        workers = tuple(sorted(workers_of(cards)))
        screens[seat] = _more_workers(screens[seat], workers)
        if hidden_at_setup:
            secret[seat] = _more_workers(secret[seat], workers)
    for seat, skills_of in places.skills:
        for skill in skills_of(cards):
            skills[seat] = skills[seat].add(skill)
    # Each boat loaded once with all it draws: one tuple of boats rather than one per boat.
    boats = [*state.boats]
    for k, workers_of, skills_of in places.boats:
        boats[k] = _aboard(boats[k], workers_of(cards), skills_of(cards))
    lots, season_piles, hands = state.lots, state.season_piles, state.winter_hands
    codes = places.spring(cards)
    if codes:
        tiles += map(LAID_OUT.__getitem__, codes)
        lots = _offered(lots, codes)
        season_piles = (spring_pile, *season_piles[1:])
    if places.winter:
        dealt = [*hands]
        for seat, tiles_of in places.winter:
            dealt[seat] = tuple(sorted((*dealt[seat], *tiles_of(cards))))
        hands = tuple(dealt)
    stack = state.stack
    after = evolve(
        state,
        homes=tuple(homes),
        villages=tuple(villages),
        tiles=tuple(tiles),
        stack=stack[: len(stack) - plan.events],
        bag=bag,
        skill_pile=pile,
        boats=tuple(boats),
        screens=tuple(screens),
        secret=tuple(secret),
        skills=tuple(skills),
        lots=lots,
        season_piles=season_piles,
        winter_deck=winter_deck,
        winter_hands=hands,
    )
    return after, rng


def open_season(
    state: KeyflowerState, loads: BoatLoads, season: int, lots: tuple[tuple[str, Lot], ...], count: int, rng: Rng
) -> tuple[KeyflowerState, Rng]:
    """The sampled mode's shortcut for the first random events of summer or autumn (``season``,
    by index), drawn as the engine would draw them once they are pushed: the boats' loads
    (``loads``: the :func:`boat_loads` of what they are loaded with, planned once per box),
    resolved by :func:`worker_run` and :func:`skill_run` (settle dropping the draws from an
    empty bag or pile), then ``count`` tiles of the season laid out after the ``lots`` as
    :func:`season_tile_run` lays them out (a summer boat's side tossed as it is drawn, the
    draws and the tosses in one batch with the loads': the kernel's ``sample_runs_tossing``).
    ``state`` with the boats loaded, the bag, the pile and the season's tiles
    drawn from, in one copy (the draws are never pushed: no run of the engine's chance loop,
    no copy of the position per run), and the next generator."""
    workers, skills, by_boat = loads
    if season == SUMMER:
        # A summer boat drawn is tossed before the next draw: the tiles are a last run drawn
        # with tosses (the boats' tosses are the draws sample() makes from _SIDES), in the
        # loads' batch of draws.
        piles = (state.bag, state.skill_pile, state.season_piles[season])
        is_boat = state.components.summer_boat_ids.__contains__
        runs = ((0, workers), (1, skills), (2, count))
        (colours, drawn, codes), tosses, (bag, pile, season_pile), rng = sample_runs_tossing(piles, runs, rng, is_boat, len(_SIDES))
        laid = _laid_out(codes, tosses)
    else:
        # No toss: the tiles are a third run of the loads' batch of draws.
        piles = (state.bag, state.skill_pile, state.season_piles[season])
        (colours, drawn, codes), (bag, pile, season_pile), rng = sample_runs(piles, ((0, workers), (1, skills), (2, count)), rng)
        laid = list(map(LAID_OUT.__getitem__, codes))
    if len(colours) < workers or len(drawn) < skills:  # a short bag or pile: the draws past its end load nothing
        by_boat = {boat: _places(_below(workers_at, len(colours)), _below(skills_at, len(drawn))) for boat, (workers_at, skills_at, *_) in by_boat.items()}
    boats = []
    for cargo in state.boats:
        if cargo.boat in by_boat:
            _, _, workers_of, skills_of = by_boat[cargo.boat]
            cargo = _aboard(cargo, workers_of(colours), skills_of(drawn))
        boats.append(cargo)
    return (
        evolve(
            state,
            boats=tuple(boats),
            bag=bag,
            skill_pile=pile,
            season_piles=with_seat(state.season_piles, season, season_pile),
            tiles=(*state.tiles, *laid),
            lots=_offered(lots, codes),
        ),
        rng,
    )


#: The places of a boat's workers among the workers drawn and of its tiles among the tiles,
#: and what reads the cards at those places out of each run of draws (a tuple or a list).
Places = tuple[tuple[int, ...], tuple[int, ...], Callable[[Sequence[str]], Sequence[str]], Callable[[Sequence[str]], Sequence[str]]]


#: How many workers and skill tiles the boats' loads draw as a season starts, and the
#: :data:`Places` of each boat loaded (see :func:`boat_loads`).
BoatLoads = tuple[int, int, Mapping[str, Places]]


def boat_loads(loads: tuple[tuple[str, bool], ...]) -> BoatLoads:
    """The :data:`BoatLoads` of ``loads`` (each boat's code and whether a skill tile comes
    aboard, in order, workers first: see ``Components.loads``; a value: made once per box,
    season and player count; a read-only mapping)."""
    workers_to = [boat for boat, skill in loads if not skill]
    skills_to = [boat for boat, skill in loads if skill]
    by_boat = {
        boat: _places(
            tuple(k for k, to in enumerate(workers_to) if to == boat),
            tuple(k for k, to in enumerate(skills_to) if to == boat),
        )
        for boat in dict.fromkeys(workers_to + skills_to)
    }
    return len(workers_to), len(skills_to), MappingProxyType(by_boat)


def _places(workers_at: tuple[int, ...], skills_at: tuple[int, ...]) -> Places:
    """The :data:`Places` of a boat's workers at ``workers_at`` and tiles at ``skills_at``."""
    return workers_at, skills_at, _reader(workers_at), _reader(skills_at)


def _reader(places: tuple[int, ...]) -> Callable[[Sequence[str]], Sequence[str]]:
    """What reads the cards at ``places`` out of a run of draws (an itemgetter: in C)."""
    if len(places) >= 2:
        return itemgetter(*places)
    # (an itemgetter of one place reads the card itself, not a sequence of it)
    return itemgetter(slice(places[0], places[0] + 1) if places else slice(0))


def _below(places: tuple[int, ...], count: int) -> tuple[int, ...]:
    """The ``places`` among the first ``count`` cards drawn."""
    return tuple([k for k in places if k < count])


#: The outcome drawing each tile (made once per tile: each draw lists every tile left).
_TILE_DRAWN = Shared(TileDrawn)


def season_tile_outcomes(state: KeyflowerState, pending: DrawSeasonTile) -> tuple[tuple[TileDrawn, int], ...]:
    pile = state.season_piles[SEASON_INDEX[pending.season]]
    return tuple((_TILE_DRAWN[code], n) for code, n in pile.draw_outcomes())


def season_tile_sample(state: KeyflowerState, pending: DrawSeasonTile, rng: Rng) -> tuple[TileDrawn, Rng]:
    """The tile :func:`season_tile_outcomes` would yield with ``rng``, drawn without listing them."""
    code, rng = state.season_piles[SEASON_INDEX[pending.season]].sample_draw(rng)
    return _TILE_DRAWN[code], rng


def resolve_season_tile(state: KeyflowerState, pending: DrawSeasonTile, outcome: TileDrawn) -> KeyflowerState:
    """The tile is laid out for auction, its season side up."""
    index = SEASON_INDEX[pending.season]
    piles = with_seat(state.season_piles, index, state.season_piles[index].take(outcome.code))
    state = popped(state, season_piles=piles, tiles=(*state.tiles, LAID_OUT[outcome.code]), lots=_offered(state.lots, (outcome.code,)))
    if state.components.tile(outcome.code).kind == "summer_boat":
        # A summer boat's side up is chosen at random as it is laid out (base rulebook).
        state = push(state, TossSummerBoat(outcome.code))
    return state


def season_tile_run(state: KeyflowerState, pending: DrawSeasonTile, rng: Rng) -> tuple[KeyflowerState, Rng]:
    """The sampled mode's shortcut (see ``ChanceDecision.run``) for the season's tiles laid out:
    every draw of the season on top of the stack, each as :func:`season_tile_sample` draws it
    and :func:`resolve_season_tile` resolves it, in one copy (settle never acts on a draw). A
    summer boat's side is tossed as it is laid out, before the next draw, from the outcomes of
    :func:`side_outcomes` as the engine samples them, and turned as :func:`resolve_side` turns
    it: in the same copy, rather than a copy for the toss and a run of draws before and after
    it (the draws and the tosses made out of one batch of the generator's outputs: see the
    kernel's ``Pile.sample_draws_tossing``)."""
    stack = state.stack
    index = SEASON_INDEX[pending.season]
    count = 0
    for draw in reversed(stack):
        if type(draw) is not DrawSeasonTile or draw.season != pending.season:
            break
        count += 1
    codes, laid, pile, rng = _tiles_laid_out(state, index, count, rng)
    season_piles = with_seat(state.season_piles, index, pile)
    stack = stack[: len(stack) - count]
    return evolve(state, stack=stack, season_piles=season_piles, tiles=(*state.tiles, *laid), lots=_offered(state.lots, codes)), rng


def _tiles_laid_out(state: KeyflowerState, index: int, count: int, rng: Rng) -> tuple[list[str], list[Tile], Pile[str], Rng]:
    """``count`` tiles drawn from the pile of the season ``index`` as :func:`season_tile_sample`
    draws them and laid out as :func:`resolve_season_tile` lays them out, a summer boat's side
    tossed as it is laid out (see :func:`season_tile_run`): their codes, their hexes in play,
    the pile left and the next generator."""
    pile = state.season_piles[index]
    if index == SUMMER:
        # The boats' tosses are the draws sample() makes from _SIDES (two sides of weight 1).
        is_boat = state.components.summer_boat_ids.__contains__
        codes, tosses, pile, rng = pile.sample_draws_tossing(count, rng, is_boat, len(_SIDES))
        return codes, _laid_out(codes, tosses), pile, rng
    # Only the summer pile holds boats: the draws alone.
    codes, pile, rng = pile.sample_draws(count, rng)
    return codes, list(map(LAID_OUT.__getitem__, codes)), pile, rng


def _laid_out(codes: Sequence[str], tosses: Mapping[int, int]) -> list[Tile]:
    """The hexes in play of the summer tiles ``codes`` laid out, the summer boat at each place
    of ``tosses`` with the side its toss (a draw from :data:`_SIDES`) turns up."""
    laid = list(map(LAID_OUT.__getitem__, codes))
    for k, toss in tosses.items():
        if _SIDES[toss][0] is _SIDE_B_UP:
            laid[k] = _LAID_OUT_SIDE_B[codes[k]]
    return laid


def _laid_out_side_b(code: str) -> Tile:
    """The summer boat ``code`` as it comes into play with its side b up (face 1)."""
    return new_tile(code, 1, NO_RESOURCES, NO_WORKERS, (), None, 0)


#: Each summer boat laid out with its side b up (made once per boat).
_LAID_OUT_SIDE_B = Shared(_laid_out_side_b)


_SIDE_B_UP = SideUp("b")

#: A summer boat's two sides, as likely as each other.
_SIDES = ((SideUp("a"), 1), (_SIDE_B_UP, 1))


def side_outcomes(state: KeyflowerState, pending: TossSummerBoat) -> tuple[tuple[SideUp, int], ...]:
    return _SIDES


def resolve_side(state: KeyflowerState, pending: TossSummerBoat, outcome: SideUp) -> KeyflowerState:
    face = 0 if outcome.side == "a" else 1
    if face == tile_of(state, pending.tile).face:  # side a: as it was laid out
        return pop(state)
    return change_tile(
        state, pending.tile, lambda t: new_tile(t.id, face, t.goods, t.workers, t.uses, t.colour, t.sheep), stack=state.stack[:-1]
    )


def _offered(lots: tuple[tuple[str, Lot], ...], codes: Sequence[str]) -> tuple[tuple[str, Lot], ...]:
    """The lots with new season tiles ``codes`` in the order laid out, season tiles before the
    turn-order tiles (the lots keep the turn-order tiles last: the new tiles go in before them,
    the lots on either side not taken apart)."""
    at = len(lots)
    while at and lots[at - 1][0].startswith("order"):
        at -= 1
    return lots[:at] + tuple(zip(codes, repeat(NO_BIDS))) + lots[at:]


def select_outcomes(state: KeyflowerState, pending: SelectWinter) -> tuple[tuple[TileDrawn, int], ...]:
    return tuple((_TILE_DRAWN[code], n) for code, n in state.season_piles[3].draw_outcomes())


def resolve_select(state: KeyflowerState, pending: SelectWinter, outcome: TileDrawn) -> KeyflowerState:
    """Variant A: the base winter tile joins the tiles to be dealt."""
    piles = with_seat(state.season_piles, 3, state.season_piles[3].take(outcome.code))
    return pop(evolve(state, season_piles=piles, winter_deck=state.winter_deck.shuffle_in((outcome.code,))))


def winter_outcomes(state: KeyflowerState, pending: DealWinter) -> tuple[tuple[TileDrawn, int], ...]:
    return tuple((_TILE_DRAWN[code], n) for code, n in state.winter_deck.draw_outcomes())


def winter_sample(state: KeyflowerState, pending: DealWinter, rng: Rng) -> tuple[TileDrawn, Rng]:
    """The tile :func:`winter_outcomes` would yield with ``rng``, drawn without listing them."""
    code, rng = state.winter_deck.sample_draw(rng)
    return _TILE_DRAWN[code], rng


def winter_run(state: KeyflowerState, pending: DealWinter, rng: Rng) -> tuple[KeyflowerState, Rng]:
    """The sampled mode's shortcut (see ``ChanceDecision.run``) for the winter tiles dealt at
    setup: every deal on top of the stack, each as :func:`winter_sample` draws it and
    :func:`resolve_winter` resolves it, in one copy (settle never acts on a deal)."""
    stack = state.stack
    codes, deck, rng = state.winter_deck.sample_draws(_run_length(stack, DealWinter), rng)
    dealt: list[list[str]] = [list(hand) for hand in state.winter_hands]
    top = len(stack) - 1
    for k, code in enumerate(codes):
        dealt[stack[top - k].seat_to].append(code)
    hands = tuple(tuple(sorted(hand)) for hand in dealt)
    return evolve(state, stack=stack[: len(stack) - len(codes)], winter_deck=deck, winter_hands=hands), rng


def resolve_winter(state: KeyflowerState, pending: DealWinter, outcome: TileDrawn) -> KeyflowerState:
    seat = pending.seat_to
    hands = with_seat(state.winter_hands, seat, tuple(sorted((*state.winter_hands[seat], outcome.code))))
    return popped(state, winter_deck=state.winter_deck.take(outcome.code), winter_hands=hands)

