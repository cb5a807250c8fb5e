"""A differential safety net: random playouts re-derived, move by move, from the rulebook.

At every applied move a referee works out from the rulebook (and, where the rulebook is
ambiguous, from the readings documented in ``Options`` and the ``rules`` module docstring)
what the move must have done, and checks that the engine agrees. The referee reads only state
fields and the component data: it never calls ``tabletop.takenoko.rules`` or ``scoring``, and
it keeps its own hex geometry, its own irrigation (recomputed from scratch), its own record of
which plots have had their first shoot, its own objective checks and its own scores.

Checked at every step:

* the decision offered: the actions still open (two different ones, a third different one
  under the Sun, two alike allowed under the Wind, none that cannot be done, no Objective with
  five cards in hand), where the panda and the gardener may go (straight lines over tiles up to
  a gap), where the Rain and the Storm may act, what the Clouds offer (or the empty-reserve
  fallback), which weather "?" offers, where plots and stored improvements may go, which
  objectives in hand may be completed, and when the turn may end;
* the outcome: every plot (colour, improvement, bamboo), irrigation from scratch (next to the
  pond, a channel on a border, a watershed) and the first shoot of newly irrigated plots, the
  figures, every stock, hand and completed pile, the decks, the plot pile (the tiles and the
  card chance draws come off the pile or the chosen deck: its unseen part in any order, then
  the tiles put under it, in their order), the reserves, the Emperor and the scores;
* conservation of bamboo (per colour), channels and improvement tokens; the hand limit;
* the turn order, the weather die (none in the first round; the face read from the game's
  random source), and the end: the 9th/8th/7th objective brings the Emperor (+2), every other
  player then plays exactly one more turn, winners by points then panda points.

Deliberately not re-derived here: channel spots and gardener growth are the subject of
``test_properties.py``; limited bamboo supplies (which plot gets the last section is the
engine's choice), declared actions and BGA's redraw of satisfied objectives are variants with
their own rule tests.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import permutations
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.takenoko import moves as mv
from tabletop.takenoko import new_game
from tabletop.takenoko.state import (
    WEATHER_FACES,
    ChooseAction,
    Clouds,
    KeepPlot,
    PlacePlot,
    Rain,
    Storm,
    WeatherChoice,
)
from budget import examples

# --- the rulebook's numbers ---------------------------------------------------------------------

POND = (0, 0)
#: The six directions of the hex grid (axial coordinates), in turning order.
STEPS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
COLOURS = ("green", "yellow", "pink")
IMPROVEMENTS = ("watershed", "fertilizer", "enclosure")
DECKS = ("plot", "gardener", "panda")
ACTIONS = ("plot", "irrigation", "gardener", "panda", "objective")
MAX_HEIGHT = 4
HAND_LIMIT = 5
TRIGGER = {2: 9, 3: 8, 4: 7}
EMPEROR_POINTS = 2

ACTION_OF = {
    mv.PlotAction: "plot",
    mv.IrrigationAction: "irrigation",
    mv.GardenerAction: "gardener",
    mv.PandaAction: "panda",
    mv.ObjectiveAction: "objective",
}


def around(cell):
    q, r = cell
    return [(q + dq, r + dr) for dq, dr in STEPS]


def turned(cell):
    """``cell`` turned a sixth of a turn about the origin (a rotation, never a mirror image)."""
    q, r = cell
    return (-r, q + r)


def straight_lines(start, garden):
    """Every tile reached from ``start`` in a straight line, at least one step, stopping before a gap."""
    tiles = set(garden) | {POND}
    out = set()
    for dq, dr in STEPS:
        q, r = start
        while (q + dq, r + dr) in tiles:
            q, r = q + dq, r + dr
            out.add((q, r))
    return out


def irrigated(plots, channels):
    """Plots irrigated now: next to the pond, a channel on one of their borders, or a watershed."""
    touched = {cell for e in channels for cell in e}
    return {
        cell
        for cell, p in plots.items()
        if POND in around(cell) or cell in touched or p["improvement"] == "watershed"
    }


# --- a plain copy of what the rulebook talks about -------------------------------------------------


def drawn_tiles(before, after):
    """The plot tiles the Plot action drew: three (all that is left if fewer), read from the
    decision that follows (chance decides them: the referee cannot foresee them)."""
    count = min(3, len(before.tile_pile))
    if isinstance(after.pending, KeepPlot):
        assert len(after.pending.drawn) == count
        return list(after.pending.drawn)
    return [after.pending.tile] * count


def table(state):
    """The material of ``state`` as plain values the referee can change."""
    return {
        "plots": {
            cell: {"colour": p.colour, "improvement": p.improvement, "token": p.token, "bamboo": p.bamboo}
            for cell, p in state.garden.items()
        },
        "channels": set(state.channels),
        "panda": state.panda,
        "gardener": state.gardener,
        "pile": (sorted(state.tile_pile.unseen), list(state.tile_pile.bottom)),
        "decks": [sorted(d.cards()) for d in state.decks],
        "reserve_bamboo": None if state.reserve_bamboo is None else list(state.reserve_bamboo),
        "reserve_channels": state.reserve_channels,
        "reserve_improvements": list(state.reserve_improvements),
        "stock": [list(b.bamboo) for b in state.boards],
        "held_channels": [b.channels for b in state.boards],
        "held_improvements": [list(b.improvements) for b in state.boards],
        "hand": [list(b.hand) for b in state.boards],
        "done": [list(b.completed) for b in state.boards],
        "emperor": state.emperor,
    }


class Referee:
    """Follows one playout and checks every move against the rulebook."""

    def __init__(self, state):
        self.n = state.players
        self.opts = state.options
        self.parts = state.components
        self.cards = state.components.cards
        assert not state.garden and state.panda == POND and state.gardener == POND
        assert state.reserve_channels == self.parts.channels == 20
        assert tuple(state.reserve_improvements) == tuple(self.parts.improvements) == (3, 3, 3)
        for b in state.boards:
            assert sorted(self.cards[c].kind for c in b.hand) == sorted(DECKS)
        # Nothing in the garden or the stocks yet; the unlimited supply is not counted.
        self.box = None if state.reserve_bamboo is None else list(state.reserve_bamboo)
        self.sprouted = set()  # plots that have had their first shoot
        self.seats = [state.current]  # who played each turn, in order
        self.actions = []  # actions taken in the current turn, as counted here
        self.trigger_turn = None  # index in seats of the turn that brought the Emperor
        self.seen = Counter()
        self.weather_offer = set()  # the weather a "?" (or Clouds with nothing to do) offers

    # --- what may be done --------------------------------------------------------------------

    def grow_by(self, plot):
        return 2 if plot["improvement"] == "fertilizer" else 1

    def possible(self, state, action):
        if action == "plot":
            return bool(state.tile_pile)
        if action == "irrigation":
            return state.reserve_channels > 0
        if action == "gardener":
            return bool(straight_lines(state.gardener, state.garden))
        if action == "panda":
            return bool(straight_lines(state.panda, state.garden))
        return len(state.boards[state.current].hand) < HAND_LIMIT and any(state.decks)

    def open_actions(self, state):
        done, weather = state.turn.actions, state.turn.weather
        if weather == "wind":  # two actions, alike or not
            allowed = ACTIONS if len(done) < 2 else ()
        elif weather == "sun":  # a third action, all three different
            allowed = tuple(a for a in ACTIONS if a not in done) if len(done) < 3 else ()
        else:
            allowed = tuple(a for a in ACTIONS if a not in done) if len(done) < 2 else ()
        return {a for a in allowed if self.possible(state, a)}

    def met(self, state, card, wet):
        seat = state.current
        if card.kind == "panda":
            return all(have >= need for have, need in zip(state.boards[seat].bamboo, card.sections))
        garden = state.garden
        if card.kind == "plot":
            cells = [(q - card.cells[0][0], r - card.cells[0][1]) for q, r in card.cells]
            for _ in range(6):
                for q, r in garden:
                    if all(
                        (q + dq, r + dr) in wet and garden[(q + dq, r + dr)].colour == colour
                        for (dq, dr), colour in zip(cells, card.colours)
                    ):
                        return True
                cells = [turned(c) for c in cells]
            return False
        wanted = card.improvement
        matching = []
        for cell, p in garden.items():
            tall = p.bamboo == card.height or (
                not self.opts.exact_height and card.bamboos > 1 and p.bamboo >= card.height
            )
            if p.colour != card.colour or not tall:
                continue
            if wanted == "none" and p.improvement or wanted not in ("none", "any") and p.improvement != wanted:
                continue
            matching.append(cell)
        if len(matching) < card.bamboos:
            return False
        return not self.opts.gardener_on_plot or state.gardener in matching

    def check_free_moves(self, state, legal, wet):
        board = state.boards[state.current]
        on_bamboo = self.opts.improvement_on_bamboo
        spots = {c for c, p in state.garden.items() if not p.improvement and (on_bamboo or not p.bamboo)}
        expected = {(c, k) for c in spots for k, n in zip(IMPROVEMENTS, board.improvements) if n}
        assert {(m.at, m.improvement) for m in legal if isinstance(m, mv.PlaceImprovement)} == expected
        offered = [m.card for m in legal if isinstance(m, mv.CompleteObjective)]
        assert set(offered) <= set(board.hand)

        def key(cid):  # copies of a panda card are one choice
            card = self.cards[cid]
            return card.sections if card.kind == "panda" else cid

        assert {key(c) for c in offered} == {key(c) for c in board.hand if self.met(state, self.cards[c], wet)}

    def check_offer(self, state, legal):
        """The moves offered in ``state`` are those the rulebook allows."""
        pending = state.pending
        wet = irrigated(table(state)["plots"], state.channels)
        plots = state.garden
        for b in state.boards:
            assert len(b.hand) <= HAND_LIMIT
        if isinstance(pending, ChooseAction):
            assert list(state.turn.actions) == self.actions
            opened = self.open_actions(state)
            taken = {ACTION_OF[type(m)] for m in legal if type(m) in ACTION_OF}
            assert taken == opened, (state.turn, taken, opened)
            if "panda" in opened:
                assert {m.to for m in legal if isinstance(m, mv.PandaAction)} == straight_lines(state.panda, plots)
            if "gardener" in opened:
                reach = straight_lines(state.gardener, plots)
                assert {m.to for m in legal if isinstance(m, mv.GardenerAction)} == reach
            if "objective" in opened:
                decks = {kind for kind, deck in zip(DECKS, state.decks) if deck}
                assert {m.deck for m in legal if isinstance(m, mv.ObjectiveAction)} == decks
            may_end = len(state.turn.actions) >= 2 or not opened
            assert (mv.EndTurn() in legal) == may_end
            self.check_free_moves(state, legal, wet)
        elif isinstance(pending, WeatherChoice):
            # Fixed when the die was read: a free move made before choosing may change what the
            # Clouds could do (variant ``move_improvement`` only), not what was offered.
            assert set(pending.choices) == self.weather_offer
            assert {m.weather for m in legal if isinstance(m, mv.ChooseWeather)} == set(pending.choices)
            self.check_free_moves(state, legal, wet)
        elif isinstance(pending, Rain):
            assert {m.at for m in legal if isinstance(m, mv.RainOn)} == self.rain_spots(state, wet)
            assert mv.SkipWeather() in legal
            self.check_free_moves(state, legal, wet)
        elif isinstance(pending, Storm):
            # "the plot of their choice": any plot, however far; the pond is no plot.
            assert {m.at for m in legal if isinstance(m, mv.StormTo)} == set(plots)
            assert mv.SkipWeather() in legal
            self.check_free_moves(state, legal, wet)
        elif isinstance(pending, Clouds):
            reserve = state.reserve_improvements
            taken = {m.improvement for m in legal if isinstance(m, mv.TakeImprovement)}
            assert taken == {k for k, n in zip(IMPROVEMENTS, reserve) if n}
            moved = {(m.source, m.to) for m in legal if isinstance(m, mv.MoveImprovement)}
            if any(reserve):
                assert not moved
            else:
                assert self.opts.clouds_when_empty == "move_improvement"
                assert moved == self.token_moves(state)
            assert mv.SkipWeather() in legal
            self.check_free_moves(state, legal, wet)
        elif isinstance(pending, KeepPlot):
            drawn = list(pending.drawn)
            ways = {(d, rest) for i, d in enumerate(drawn) for rest in permutations(drawn[:i] + drawn[i + 1 :])}
            assert {(m.keep, m.under) for m in legal} == ways
        elif isinstance(pending, PlacePlot):
            taken = set(plots) | {POND}
            empty = {c for t in taken for c in around(t) if c not in taken}
            spots = {c for c in empty if POND in around(c) or sum(x in plots for x in around(c)) >= 2}
            assert {m.at for m in legal} == spots
            tile = self.parts.tile_by_code[pending.tile]
            stock = state.boards[state.current].improvements
            early = {(m.at, m.improvement) for m in legal if m.improvement}
            if self.opts.improvement_before_shoot and not tile.improvement:
                # Only a plot irrigated at once needs the token before its shoot.
                ring = {c for c in spots if POND in around(c)}
                kinds = {k for k, n in zip(IMPROVEMENTS, stock) if n}
                assert {(c, k) for c in ring for k in kinds} <= early
                assert all(k in kinds and c in spots for c, k in early)
            else:
                assert not early
        else:
            raise AssertionError(f"unexpected decision {pending!r}")

    def rain_spots(self, state, wet):
        anywhere = not self.opts.rain_needs_irrigation
        return {c for c, p in state.garden.items() if p.bamboo < MAX_HEIGHT and (anywhere or c in wet)}

    def token_moves(self, state):
        on_bamboo = self.opts.improvement_on_bamboo
        free = {c for c, p in state.garden.items() if not p.improvement and (on_bamboo or not p.bamboo)}
        return {(s, t) for s, p in state.garden.items() if p.token for t in free if s != t}

    def clouds_possible(self, state):
        if any(state.reserve_improvements):
            return True
        return self.opts.clouds_when_empty == "move_improvement" and bool(self.token_moves(state))

    def weather_choices(self, state):
        """"?" offers every weather (Clouds only while it can do something); Clouds with an empty
        reserve offers the other four (the default reading, BGA and the summaries)."""
        return {"sun", "rain", "wind", "storm"} | ({"clouds"} if self.clouds_possible(state) else set())

    # --- what a move does ----------------------------------------------------------------------

    def expect(self, before, move, after):
        """The material after ``move``, worked out from ``before`` (and, for what chance drew,
        from ``after``: the tiles or the card drawn)."""
        t = table(before)
        me = before.current
        plots = t["plots"]
        wet = irrigated(plots, t["channels"])

        def grow(cell, by):
            # Sections come from the reserve; a bamboo never grows above four sections.
            p = plots[cell]
            added = min(MAX_HEIGHT, p["bamboo"] + by) - p["bamboo"]
            p["bamboo"] += added
            if t["reserve_bamboo"] is not None:
                t["reserve_bamboo"][COLOURS.index(p["colour"])] -= added

        def eat(cell):
            p = plots.get(cell)
            if p is not None and p["bamboo"] and p["improvement"] != "enclosure":
                p["bamboo"] -= 1
                t["stock"][me][COLOURS.index(p["colour"])] += 1
                self.seen["eaten"] += 1

        if isinstance(move, mv.PlotAction):
            t["pile"] = self.draw_plots(t["pile"], drawn_tiles(before, after))
        elif isinstance(move, mv.KeepTile):
            assert Counter((move.keep,) + move.under) == Counter(before.pending.drawn)
            t["pile"][1].extend(move.under)  # under the pile, in the chosen order
        elif isinstance(move, mv.PlaceTile):
            tile = self.parts.tile_by_code[before.pending.tile]
            assert not (tile.improvement and move.improvement), "one improvement per plot"
            plots[move.at] = {
                "colour": tile.colour,
                "improvement": tile.improvement or move.improvement,
                "token": bool(move.improvement),
                "bamboo": 0,
            }
            if move.improvement:
                t["held_improvements"][me][IMPROVEMENTS.index(move.improvement)] -= 1
        elif isinstance(move, mv.IrrigationAction):
            t["reserve_channels"] -= 1
            t["held_channels"][me] += 1
        elif isinstance(move, mv.GardenerAction):
            t["gardener"] = move.to
            if move.to in plots:
                colour = plots[move.to]["colour"]
                for cell in [move.to] + around(move.to):
                    if cell in plots and plots[cell]["colour"] == colour and cell in wet:
                        grow(cell, self.grow_by(plots[cell]))
        elif isinstance(move, mv.PandaAction):
            t["panda"] = move.to
            eat(move.to)
        elif isinstance(move, mv.ObjectiveAction):
            (card,) = Counter(after.boards[me].hand) - Counter(before.boards[me].hand)
            assert self.cards[card].kind == move.deck
            t["decks"][DECKS.index(move.deck)].remove(card)
            t["hand"][me].append(card)
        elif isinstance(move, mv.PlaceChannel):
            t["channels"].add(move.edge)
            t["held_channels"][me] -= 1
        elif isinstance(move, mv.PlaceImprovement):
            p = plots[move.at]
            assert not p["improvement"], "one improvement per plot, for good"
            p["improvement"], p["token"] = move.improvement, True
            t["held_improvements"][me][IMPROVEMENTS.index(move.improvement)] -= 1
        elif isinstance(move, mv.CompleteObjective):
            card = self.cards[move.card]
            assert self.met(before, card, wet)
            t["hand"][me].remove(move.card)
            t["done"][me].append(move.card)
            if card.kind == "panda":  # the sections go back to the reserve
                for i, n in enumerate(card.sections):
                    t["stock"][me][i] -= n
                    if t["reserve_bamboo"] is not None:
                        t["reserve_bamboo"][i] += n
            if t["emperor"] is None and len(t["done"][me]) == TRIGGER[self.n]:
                t["emperor"] = me
            self.seen["completed " + card.kind] += 1
        elif isinstance(move, mv.RainOn):
            grow(move.at, self.grow_by(plots[move.at]))
            self.seen["rain"] += 1
        elif isinstance(move, mv.StormTo):
            t["panda"] = move.at
            eat(move.at)
            self.seen["storm"] += 1
        elif isinstance(move, mv.TakeImprovement):
            i = IMPROVEMENTS.index(move.improvement)
            t["reserve_improvements"][i] -= 1
            t["held_improvements"][me][i] += 1
            self.seen["clouds"] += 1
        elif isinstance(move, mv.MoveImprovement):
            source, to = plots[move.source], plots[move.to]
            to["improvement"], to["token"] = source["improvement"], True
            source["improvement"], source["token"] = "", False
        else:
            assert isinstance(move, (mv.EndTurn, mv.ChooseWeather, mv.SkipWeather)), move
        # A plot irrigated for the first time gets a section of its colour (two on fertilizer,
        # the engine's default reading of "each time the bamboo grows"), once per plot ever.
        now_wet = irrigated(plots, t["channels"])
        for cell in sorted(now_wet - self.sprouted):
            fertile = plots[cell]["improvement"] == "fertilizer" and self.opts.fertilizer_first_shoot
            grow(cell, 2 if fertile else 1)
            self.seen["first shoot"] += 1
        self.sprouted |= now_wet
        return t, now_wet

    def draw_plots(self, pile, drawn):
        """The pile once ``drawn`` came off it: its unseen tiles (any of them) first, then the
        tiles put under it, in their order."""
        unseen, bottom = Counter(pile[0]), list(pile[1])
        from_unseen = min(len(drawn), sum(unseen.values()))
        assert not Counter(drawn[:from_unseen]) - unseen, (drawn, pile)
        unseen.subtract(drawn[:from_unseen])
        assert list(drawn[from_unseen:]) == bottom[: len(drawn) - from_unseen]
        self.seen["plots drawn"] += 1
        return (sorted(unseen.elements()), bottom[len(drawn) - from_unseen :])

    def check_move(self, before, move, after):
        legal = before.legal_moves()
        self.check_offer(before, legal)
        expected, wet = self.expect(before, move, after)
        got = table(after)
        if isinstance(move, mv.PlotAction) and isinstance(after.pending, PlacePlot):
            # Only one way to keep (identical tiles, or a single one left): kept without asking.
            drawn = drawn_tiles(before, after)
            assert len(set(drawn)) == 1 and after.pending.tile == drawn[0]
            expected["pile"][1].extend(drawn[1:])
        elif isinstance(move, mv.PlotAction):
            assert isinstance(after.pending, KeepPlot) and after.pending.seat == before.current
        if isinstance(move, mv.KeepTile):
            assert after.pending == PlacePlot(before.current, move.keep)
        for name, value in expected.items():
            assert got[name] == value, (str(move), name, got[name], value)
        for cell, p in after.garden.items():
            assert p.irrigated == (cell in wet), (str(move), cell)
            assert p.sprouted == (cell in self.sprouted), (str(move), cell)
            tile = self.parts.tile_by_code[p.tile]
            assert p.colour == tile.colour and 0 <= p.bamboo <= MAX_HEIGHT
            if tile.improvement:  # a printed improvement never goes
                assert p.improvement == tile.improvement and not p.token
        self.check_conservation(after)
        self.check_scores(after)
        if type(move) in ACTION_OF:
            self.actions.append(ACTION_OF[type(move)])
            self.seen[ACTION_OF[type(move)]] += 1
        if after.emperor is not None and before.emperor is None:
            self.trigger_turn = len(self.seats) - 1
        self.check_turn(before, move, after)

    def check_conservation(self, state):
        for i, colour in enumerate(COLOURS):
            standing = sum(p.bamboo for p in state.garden.values() if p.colour == colour)
            held = sum(b.bamboo[i] for b in state.boards)
            if self.box is None:  # the unlimited supply never runs out: no reserve is counted
                assert state.reserve_bamboo is None
            else:
                assert standing + held + state.reserve_bamboo[i] == self.box[i], colour
            assert all(b.bamboo[i] >= 0 for b in state.boards)
        held = sum(b.channels for b in state.boards)
        assert len(state.channels) + held + state.reserve_channels == self.parts.channels
        assert state.reserve_channels >= 0
        for i, kind in enumerate(IMPROVEMENTS):
            laid = sum(1 for p in state.garden.values() if p.token and p.improvement == kind)
            kept = sum(b.improvements[i] for b in state.boards)
            assert laid + kept + state.reserve_improvements[i] == self.parts.improvements[i], kind
            assert state.reserve_improvements[i] >= 0
        for e in state.channels:
            assert all(c in state.garden for c in e) or (self.opts.channel_on_pond_border and POND in e)

    def points(self, state):
        return [
            sum(self.cards[c].points for c in b.completed) + (EMPEROR_POINTS if seat == state.emperor else 0)
            for seat, b in enumerate(state.boards)
        ]

    def check_scores(self, state):
        assert list(state.scores()) == self.points(state)
        if not state.is_over:
            assert state.winners() == ()
            return
        points = self.points(state)
        panda = [sum(self.cards[c].points for c in b.completed if self.cards[c].kind == "panda") for b in state.boards]
        best = max(zip(points, panda))
        assert set(state.winners()) == {s for s in range(self.n) if (points[s], panda[s]) == best}

    # --- the turn, the weather and the end -----------------------------------------------------

    def check_turn(self, before, move, after):
        if after.turn_number == before.turn_number and not after.is_over:
            assert after.current == before.current
            if isinstance(move, mv.ChooseWeather):
                assert move.weather in self.weather_offer
                self.check_weather(after, move.weather)
            elif isinstance(before.pending, (Rain, Storm, Clouds)) and not isinstance(after.pending, type(before.pending)):
                assert isinstance(after.pending, ChooseAction)
            return
        # The turn is over: at most the weather's allowance, different unless the Wind blew.
        weather = before.turn.weather
        assert len(self.actions) <= (3 if weather == "sun" else 2)
        if weather != "wind":
            assert len(set(self.actions)) == len(self.actions)
        if isinstance(move, mv.EndTurn) and len(self.actions) < 2:
            assert not self.open_actions(before)
        self.actions = []
        if after.is_over:
            self.check_end(after)
            return
        assert after.turn_number == before.turn_number + 1
        assert after.current == (before.current + 1) % self.n  # clockwise
        self.seats.append(after.current)
        if self.trigger_turn is not None:  # only the others play once more
            assert after.current != after.emperor
            assert len(self.seats) - 1 - self.trigger_turn <= self.n - 1
        if after.turn_number <= self.n or not self.opts.weather:
            # The die comes into play in the second round.
            assert after.turn.weather == "" and isinstance(after.pending, ChooseAction)
            return
        # The die, as the game's random source rolls it: one of six equally likely faces, drawn
        # after the tiles or the card the move drew (a draw with one possible outcome uses none).
        face = WEATHER_FACES[self.source_before_the_die(before, move, after).below(6)[0]]
        self.seen["die " + face] += 1
        if face == "?":
            assert after.turn.weather == "" and isinstance(after.pending, WeatherChoice)
            assert set(after.pending.choices) == self.weather_choices(after)
            self.weather_offer = set(after.pending.choices)
        else:
            self.check_weather(after, face)

    def source_before_the_die(self, before, move, after):
        rng = before.rng
        if isinstance(move, mv.PlotAction):
            unseen = Counter(before.tile_pile.unseen)
            for code in drawn_tiles(before, after):
                if not unseen:
                    break
                if len(unseen) > 1:
                    _, rng = rng.below(unseen.total())
                unseen[code] -= 1
                unseen = +unseen
        elif isinstance(move, mv.ObjectiveAction):
            deck = before.decks[DECKS.index(move.deck)]
            if len(deck) > 1:
                _, rng = rng.below(len(deck))
        return rng

    def check_weather(self, state, weather):
        """The state right after ``weather`` took effect (before anything else was done)."""
        pending = state.pending
        if weather in ("sun", "wind"):
            assert state.turn.weather == weather and isinstance(pending, ChooseAction)
        elif weather == "rain":
            assert state.turn.weather == "rain"
            wet = irrigated(table(state)["plots"], state.channels)
            if not isinstance(pending, Rain):  # skipped at once when there was nothing to do
                assert isinstance(pending, ChooseAction) and not self.rain_spots(state, wet)
        elif weather == "storm":
            assert state.turn.weather == "storm"
            assert isinstance(pending, Storm) == bool(state.garden)
        elif weather == "clouds":
            if self.clouds_possible(state):
                assert state.turn.weather == "clouds" and isinstance(pending, Clouds)
            elif self.opts.clouds_when_empty == "other_weather":
                assert isinstance(pending, WeatherChoice)
                assert set(pending.choices) == {"sun", "rain", "wind", "storm"}
                self.weather_offer = set(pending.choices)
                self.seen["clouds fallback"] += 1
            else:
                assert isinstance(pending, ChooseAction)
        else:
            raise AssertionError(weather)

    def check_end(self, state):
        if state.emperor is None:  # only the engine's safety cap ends a game nobody finished
            limit = self.opts.max_rounds
            assert limit and state.turn_number >= limit * self.n
            self.seen["capped"] += 1
            return
        trigger = state.emperor
        assert len(state.boards[trigger].completed) >= TRIGGER[self.n]
        assert self.trigger_turn is not None and self.seats[self.trigger_turn] == trigger
        after = self.seats[self.trigger_turn + 1 :]
        assert after == [(trigger + k) % self.n for k in range(1, self.n)], (trigger, after)
        self.seen["emperor"] += 1


# --- the playouts ---------------------------------------------------------------------------------


def _choose(chooser, legal):
    """A random move, taking a completable objective more often than not so games reach their end."""
    completing = [m for m in legal if isinstance(m, mv.CompleteObjective)]
    if completing and chooser.random() < 0.7:
        return chooser.choice(completing)
    return chooser.choice(legal)


def referee_playout(seed: int, players: int, **options: Any) -> Counter[str]:
    chooser = random.Random(seed)
    state = new_game(players, seed=seed, **options)
    referee = Referee(state)
    steps = 0
    while not state.is_over:
        legal = state.legal_moves()
        assert legal
        move = _choose(chooser, legal)
        after = state.apply(move)
        referee.check_move(state, move, after)
        state = after
        steps += 1
        assert steps < 5000
    return referee.seen


VARIANTS: list[dict[str, Any]] = [
    {},
    {"fertilizer_first_shoot": False, "improvement_before_shoot": False},
    {"gardener_on_plot": True, "exact_height": False},
    {"clouds_when_empty": "move_improvement", "improvement_on_bamboo": True},
    {"rain_needs_irrigation": False, "channel_on_pond_border": True},
    {"weather": False},
]

seeds = st.integers(0, 2**32)
players = st.integers(2, 4)


@settings(max_examples=examples(12), deadline=None)
@given(seeds, players)
def test_default_rules_agree_with_the_referee_at_every_move(seed, n):
    referee_playout(seed, n)


@settings(max_examples=examples(12), deadline=None)
@given(seeds, players, st.sampled_from(VARIANTS))
def test_option_variants_agree_with_the_referee_at_every_move(seed, n, options):
    referee_playout(seed, n, **options)


def test_the_referee_sees_every_rule_it_checks():
    """A few fixed playouts reach every situation the referee knows (so it is not checking air)."""
    seen: Counter[str] = Counter()
    for seed in range(6):
        seen += referee_playout(seed, 2 + seed % 3)
    seen += referee_playout(7, 3, clouds_when_empty="move_improvement")
    wanted = ["eaten", "rain", "storm", "clouds", "clouds fallback", "first shoot", "emperor", "die ?"]
    wanted += ["completed plot", "completed gardener", "completed panda"]
    assert not [w for w in wanted if not seen[w]], seen
