"""play_game, simulate, tournament and bench: results, records, seeds, workers, summaries."""

from __future__ import annotations

import functools
import pickle
import re
from itertools import permutations
from typing import Any

import attrs
import pytest

import tabletop
from tabletop.kernel.options import Option, Options
from tabletop.agents import AGENTS, RandomAgent
from tabletop.bench import BenchResult, bench
from tabletop.kernel.api import State
from tabletop.kernel.record import Record
from tabletop import CHANCE
from tabletop.play import (
    GameStalled,
    agent_seed,
    chance_rng,
    game_seeds,
    make_agents,
    play_game,
    simulate,
    tournament,
)
from toy import register
from toy.game import TOY


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch, TOY)


def test_play_game_result() -> None:
    result = play_game("toy", make_agents(["greedy", "random", "random"], 5, TOY), seed=5)
    assert result.state.is_over
    assert result.scores == result.state.scores()
    assert result.winners == result.state.winners()
    assert result.decisions == len(result.state.history) == len(result.record.moves)
    assert result.agents == ("greedy", "random", "random")
    assert result.record.seed == 5 and result.record.players == 3


def test_the_record_replays_the_game_bit_for_bit() -> None:
    result = play_game(TOY, make_agents(["random", "greedy"], 8, TOY), seed=8, target=15)
    text = result.record.to_json()
    assert Record.from_json(text).options == {"target": 15}
    assert TOY.replay(text) == result.state


def test_same_seed_same_game() -> None:
    first = play_game(TOY, make_agents(["random"] * 4, 2, TOY), seed=2)
    again = play_game(TOY, make_agents(["random"] * 4, 2, TOY), seed=2)
    assert first.state == again.state


def test_no_seed_draws_one_and_keeps_it() -> None:
    result = play_game(TOY, [RandomAgent(1), RandomAgent(2)])
    assert TOY.replay(result.record) == result.state


def test_observer_sees_every_move() -> None:
    seen: list[tuple[int, str]] = []

    def observer(state: State, seat: int, move: Any) -> None:
        assert state.to_move == seat
        seen.append((seat, str(move)))

    result = play_game(TOY, [RandomAgent(1), RandomAgent(2)], 3, observer=observer)
    assert [m for _, m in seen] == list(result.record.moves)


def test_play_game_rejects_unknown_games_and_player_counts() -> None:
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        play_game("chess", [RandomAgent(1)])
    with pytest.raises(ValueError, match="2-4 players"):
        play_game(TOY, [RandomAgent(1)] * 5)


def test_seeds_are_distinct_and_fit_63_bits() -> None:
    seeds = game_seeds(1, 500)
    assert len(set(seeds)) == 500
    assert all(0 <= s < 2**63 for s in seeds)
    assert agent_seed(1, 0) != agent_seed(1, 1)


def test_simulate_summary() -> None:
    done: list[int] = []
    summary = simulate(
        "toy", 40, ["greedy", "random"], seed=1, progress=lambda d, n: done.append(d)
    )
    assert summary.games == 40 and done[-1] == 40
    assert sum(summary.seat_wins) == pytest.approx(40)
    assert summary.agent_win_rates["greedy"] == summary.seat_win_rates[0]
    for stats in [*summary.scores, summary.decisions]:
        assert stats.min <= stats.mean <= stats.max and stats.std >= 0
    text = summary.format()
    assert "greedy" in text and "decisions per game" in text


def test_simulate_in_workers_gives_the_same_summary() -> None:
    # The workers find the toy game by its name in the registry (the fixture registers it).
    alone = simulate(TOY, 60, ["greedy", "random", "random"], workers=1, seed=4)
    pooled = simulate(TOY, 60, ["greedy", "random", "random"], workers=2, seed=4)
    assert alone.seat_wins == pooled.seat_wins
    assert alone.scores == pooled.scores and alone.decisions == pooled.decisions


def test_simulate_counts_shared_wins_fractionally() -> None:
    # A target no one reaches: games end when the cards run out, often in ties.
    summary = simulate(TOY, 80, ["random"], players=4, seed=2, target=1000, copies=2)
    assert sum(summary.seat_wins) == pytest.approx(80)
    assert any(w != int(w) for w in summary.seat_wins)
    assert summary.agent_win_rates == {"random": pytest.approx(0.25)}


def test_a_simulated_game_replays_from_its_seed() -> None:
    summary = simulate(TOY, 1, ["greedy", "random"], seed=6)
    (seed,) = game_seeds(6, 1)
    result = play_game(TOY, make_agents(["greedy", "random"], seed, TOY), seed)
    assert tuple(stats.max for stats in summary.scores) == result.scores
    assert summary.decisions.max == result.decisions


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"n": 0}, "at least 1"),
        ({"workers": 0}, "workers"),
        ({"agents": ["random", "nobody"]}, "unknown agent"),
        ({"agents": ["random", "random"], "players": 3}, "3 players need 3 agents"),
        ({"agents": ["random"] * 5}, "2-4 players"),
    ],
)
def test_simulate_rejects_bad_requests(kwargs: dict[str, Any], message: str) -> None:
    arguments: dict[str, Any] = {"n": 2, "agents": ["random", "random"]} | kwargs
    with pytest.raises(ValueError, match=message):
        simulate(TOY, **arguments)


def test_simulate_rejects_bad_options_before_playing() -> None:
    with pytest.raises(ValueError, match="toy option 'copies' takes a whole number >= 2"):
        simulate(TOY, 2, ["random"], players=4, copies=1)


class Resigner:
    """An agent that answers every position with a move no game has."""

    name = "resigner"

    def __init__(self, seed: int | None = None, game: object = None) -> None:
        pass

    def choose(self, state: State) -> Any:
        return "resign"


def test_an_illegal_choice_is_refused() -> None:
    with pytest.raises(tabletop.IllegalMove):
        play_game(TOY, [Resigner(), Resigner()], 1)


def test_a_failing_game_names_its_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(AGENTS, "resigner", Resigner)
    first = game_seeds(3, 1)[0]
    with pytest.raises(RuntimeError, match=f"seed {first} and agents resigner,random"):
        simulate(TOY, 2, ["resigner", "random"], seed=3)


def test_workers_find_the_game_by_name_so_it_need_not_pickle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # An option's check is any callable: a Game value need not pickle, its name always does.
    target = Option("target", int, 12, "the target", check=lambda v: v)
    declared = Options("toy2", (2, 4), (target, *[o for o in TOY.declared if o.name != "target"]))
    unpicklable = attrs.evolve(TOY, name="toy2", declared=declared)
    register(monkeypatch, unpicklable)
    pooled = simulate(unpicklable, 20, ["random", "random"], workers=2, seed=1)
    assert pooled.seat_wins == simulate(TOY, 20, ["random", "random"], seed=1).seat_wins


def test_an_unregistered_game_plays_in_this_process_only() -> None:
    unregistered = attrs.evolve(TOY, name="toy3")
    assert simulate(unregistered, 2, ["random", "random"], seed=1).games == 2
    with pytest.raises(ValueError, match="register 'toy3' in tabletop.GAMES"):
        simulate(unregistered, 2, ["random", "random"], workers=2, seed=1)


def test_bench_by_games_and_by_time() -> None:
    by_games = bench("toy", games=5)
    assert by_games.games == 5 and by_games.players == 3
    assert by_games.decisions > 5 and by_games.decisions_per_second > 0
    assert bench("toy", games=5).decisions == by_games.decisions  # same seeds, same games
    by_time = bench(TOY, players=2, seconds=0.2)
    assert by_time.games >= 1 and by_time.seconds >= 0.2
    assert "decisions/s" in by_time.format() and "games/s" in by_time.format()


@pytest.mark.parametrize("budget", [{"games": 0}, {"seconds": 0.0}, {"games": 1, "seconds": 1.0}])
def test_bench_rejects_bad_budgets(budget: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        bench(TOY, **budget)


def test_tournament_plays_every_seating_on_the_same_deals() -> None:
    reports: list[tuple[int, int]] = []
    result = tournament(
        TOY, ["mcts", "greedy", "random"], 4, seed=3, progress=lambda d, n: reports.append((d, n))
    )
    assert len(result.seatings) == 6
    assert {s.agents for s in result.seatings} == set(permutations(["mcts", "greedy", "random"]))
    assert reports[-1] == (24, 24)
    assert sum(result.agent_win_rates.values()) == pytest.approx(1)
    assert "seating" in result.format() and "mcts" in result.format()


def test_tournament_of_two_equal_agents_is_symmetric() -> None:
    result = tournament(TOY, ["random", "random"], 10, seed=1)
    assert len(result.seatings) == 1
    assert result.agent_win_rates == {"random": pytest.approx(0.5)}


def test_a_game_that_does_not_end_is_stopped() -> None:
    agents = make_agents(["random", "random"], 1, TOY)
    with pytest.raises(GameStalled, match="has not ended after 5 decisions") as stalled:
        play_game(TOY, agents, 1, max_decisions=5)
    assert stalled.value.state is not None and len(stalled.value.state.history) == 5
    assert play_game(TOY, agents, 1, max_decisions=None).state.is_over


@pytest.mark.parametrize("value", ["12", 12.0, True, 0])
def test_options_are_checked_by_the_declaration_everywhere(value: Any) -> None:
    wanted = "toy option 'target' takes a whole number >= 1"
    with pytest.raises(ValueError, match=wanted):
        TOY.declared.resolve(2, {"target": value})
    with pytest.raises(ValueError, match=wanted):
        play_game(TOY, make_agents(["random", "random"], 1, TOY), 1, target=value)
    with pytest.raises(ValueError, match=wanted):
        simulate(TOY, 2, ["random", "random"], target=value)
    with pytest.raises(ValueError, match=wanted):
        bench(TOY, games=1, target=value)
    with pytest.raises(ValueError, match=wanted):
        tabletop.new_game("toy", 2, target=value)


def test_an_unknown_option_is_refused_naming_the_declared_ones() -> None:
    with pytest.raises(ValueError, match="toy has no option 'speed' .its options: target, copies, chance"):
        play_game(TOY, make_agents(["random", "random"], 1, TOY), 1, speed=2)
    with pytest.raises(ValueError, match="no option 'speed'"):
        simulate(TOY, 2, ["random", "random"], speed=2)


def test_explicit_chance_is_decided_from_the_game_seed() -> None:
    seen: list[tuple[int, str]] = []
    agents = make_agents(["random", "greedy"], 4, TOY)
    result = play_game(TOY, agents, 4, chance="explicit", observer=lambda s, seat, m: seen.append((seat, str(m))))
    drawn = [m for seat, m in seen if seat == CHANCE]
    assert drawn[:4] and all(m.startswith("drawn ") for m in drawn)
    assert result.record.options == {"chance": "explicit"}
    assert TOY.replay(result.record.to_json()) == result.state
    again = play_game(TOY, make_agents(["random", "greedy"], 4, TOY), 4, chance="explicit")
    assert again.state == result.state
    first, _ = chance_rng(4).pick(TOY.new_game(2, seed=4, chance="explicit").chance_outcomes())
    assert str(first) == drawn[0]


def test_simulate_and_tournament_play_explicit_chance() -> None:
    summary = simulate(TOY, 6, ["mcts", "greedy"], seed=2, chance="explicit")
    assert summary.games == 6
    assert tournament(TOY, ["greedy", "random"], 2, seed=1, chance="explicit").seatings


@pytest.mark.skipif("loyang" not in tabletop.GAMES, reason="Loyang is not registered")
def test_a_flag_of_a_registered_game_must_be_true_or_false() -> None:
    with pytest.raises(ValueError, match="loyang option 'introductory' takes True or False, not 'maybe'"):
        tabletop.new_game("loyang", 2, introductory="maybe")


def test_a_negative_simulation_seed_is_accepted() -> None:
    seeds = game_seeds(-5, 3)
    assert seeds == game_seeds(2**64 - 5, 3) and len(set(seeds)) == 3
    assert simulate(TOY, 2, ["random", "random"], seed=-5).games == 2


def test_a_tournament_of_equal_agents_has_one_seating() -> None:
    result = tournament(TOY, ["random", "random"], 2, seed=1)
    assert "2 games in 1 seating," in result.format()


@pytest.mark.skipif("takenoko" not in tabletop.GAMES, reason="Takenoko is not registered")
def test_the_record_of_a_game_with_corrected_components_stores_their_data() -> None:
    from tabletop.takenoko.components import STANDARD, components_from_data

    data = STANDARD.as_data()
    data["objectives.toml"]["emperor"]["points"] = 4
    custom = components_from_data(data)
    game = tabletop.GAMES["takenoko"]
    result = play_game(game, make_agents(["random", "random"], 3, game), seed=3, components=custom)
    text = result.record.to_json()
    assert Record.from_json(text).options == {"components": data}
    replayed = game.replay(text)
    assert replayed.to_json() == result.state.to_json()


@pytest.mark.skipif("takenoko" not in tabletop.GAMES, reason="Takenoko is not registered")
def test_components_that_cannot_be_recorded_are_refused_before_the_game() -> None:
    from tabletop.takenoko.components import STANDARD

    game = tabletop.GAMES["takenoko"]
    stale = attrs.evolve(STANDARD, emperor_points=4)  # its data files still say 2

    class Refusing(RandomAgent):
        def choose(self, state: State) -> Any:
            raise AssertionError("no move should be asked for")

    with pytest.raises(ValueError, match="differ from the data files"):
        play_game(game, [Refusing(1), Refusing(2)], seed=1, components=stale)


def test_a_stalled_game_of_a_simulation_is_a_game_stalled_naming_its_seed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The command line reports a GameStalled in one line with status 1; a simulation's stalled
    # game must stay one (it used to become a plain RuntimeError, shown with a traceback).
    monkeypatch.setattr("tabletop.play.play_game", functools.partial(play_game, max_decisions=3))
    first = game_seeds(5, 1)[0]
    stalled = f"seed {first} and agents random,random: the game has"
    with pytest.raises(GameStalled, match=stalled) as err:
        simulate(TOY, 2, ["random", "random"], seed=5)
    # It crosses back from a worker process (by pickling) as itself, message and all.
    back = pickle.loads(pickle.dumps(err.value))
    assert isinstance(back, GameStalled) and str(back) == str(err.value) and back.state is None


def test_a_tournament_report_gives_its_time() -> None:
    report = tournament(TOY, ["greedy", "random"], 2, seed=1).format()
    assert re.search(r"4 games in 2 seatings, seed 1, \d+\.\d s", report)


def test_a_bench_report_groups_the_thousands() -> None:
    result = BenchResult(game="toy", players=2, games=1234, decisions=56789, seconds=2.0)
    assert "(1,234 games, 56,789 decisions in 2.0 s)" in result.format()


def test_a_tournament_plays_every_seating_in_one_worker_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    import tabletop.play as play

    pools: list[int] = []
    real = play.ProcessPoolExecutor

    def counted(*args: Any, **kwargs: Any) -> Any:
        pools.append(kwargs.get("max_workers", 0))
        return real(*args, **kwargs)

    monkeypatch.setattr(play, "ProcessPoolExecutor", counted)
    pooled = tournament(TOY, ["greedy", "random", "random"], 6, workers=2, seed=4)
    assert pools == [2]
    alone = tournament(TOY, ["greedy", "random", "random"], 6, workers=1, seed=4)
    assert [s.seat_wins for s in pooled.seatings] == [s.seat_wins for s in alone.seatings]
    assert [s.agents for s in pooled.seatings] == [s.agents for s in alone.seatings]
