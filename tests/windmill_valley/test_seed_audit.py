"""The seed (shared/seeds/004, "Vale dos Moinhos", the source of truth) read sentence by sentence
against the engine: the rules that had no test of their own, each tested here under a name
saying the rule (the seed's sentence quoted above it). Rules already tested elsewhere are
listed in the audit of the wvcards report, not repeated here."""

from __future__ import annotations

import pytest

from tabletop.kernel.engine import evolve
from tabletop.kernel.pile import Pile
from tabletop.windmill_valley import new_game
from tabletop.windmill_valley.components import STANDARD as BOX
from tabletop.windmill_valley.rules.gardener_actions import gain_a_farm_enhancement, plant
from tabletop.windmill_valley.state import (
    AdjustFloodgate,
    BuildWindmill,
    CalendarReward,
    ChooseAction,
    Draft,
    Enhance,
    MarketChoice,
    PlaceFirstMarker,
    State,
    VisitMarket,
)

from .helpers import asking, first_position, notations, play


def drafted(players: int, seed: int = 3) -> State:
    """A new game after the starting cards' draft and the market markers (first choices)."""
    state = new_game(players, seed=seed)
    while not isinstance(state.pending, AdjustFloodgate):
        state = state.apply(state.legal_moves()[0])
    return state


# --- PREPARAÇÃO: Tabuleiro -------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_reveals_2_common_1_uncommon_1_unique_enhancement(players):
    # "Embaralhe separado cada tipo de melhoria, crie pilhas e revele 2 comuns, 1 Rara e 1 Única"
    state = new_game(players, seed=players)
    tiers = [BOX.tile(t).stack for t in state.display]
    assert tiers == ["common", "common", "uncommon", "unique"]
    assert [len(s) for s in state.stacks] == [24 - 2, 12 - 1, 12 - 1]


def test_setup_opens_3_farm_enhancement_cards():
    # "Melhorias de Fazenda: Embaralhe as cartas e abra 3 cartas"
    state = new_game(2, seed=5)
    assert all(state.offer) and len(set(state.offer)) == 3 and len(state.deck) == 30 - 3


def test_setup_floodgate_and_water_level_markers_on_their_lowest_spaces():
    # "Marcadores de Comporta e Nível nos respectivos espaços de menor valor"
    state = new_game(3, seed=2)
    assert state.floodgate == 1 and state.water == 0


def test_setup_the_trade_cards_form_a_face_up_stack():
    # "Cartas de Comércio: Embaralhe e coloque a pilha voltada para cima no tabuleiro"
    state = new_game(2, seed=8)
    assert state.trade in {c.id for c in BOX.trade_cards} and len(state.trade_pile) == 3
    assert state.spots == ("", "", "", "")


def test_setup_the_first_player_begins():
    # "Escolha o Primeiro jogador"
    state = drafted(3)
    assert isinstance(state.pending, AdjustFloodgate) and state.to_move == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_players_plus_1_starting_cards_chosen_in_reverse_order_the_last_one_is_the_queens_wish(players):
    # "Melhorias de Fazenda iniciais: Aleatórias na qtd de jogadores+1. Na ordem inversa cada
    # jogador escolhe uma carta, a carta que sobra vai para o espaço do desejo da Rainha."
    state = new_game(players, seed=11)
    shown = state.starting
    assert len(shown) == players + 1 and len(set(shown)) == players + 1
    kept = []
    for seat in reversed(range(players)):
        assert state.pending == Draft(seat) and len(notations(state)) == seat + 2
        state = play(state, notations(state)[-1])
        kept.append(state.farmers[seat].helpers)
    assert all(len(h) == 1 and h[0].startswith("s") for h in kept)
    chosen = {int(h[0][1:]) for h in kept}
    assert set(shown) - chosen == {state.wish}


# --- PREPARAÇÃO: Jogador -----------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_each_player_a_farm_1_tool_a_random_windmill_at_the_red_arrow_5_vp_and_guilders_4_to_7(players):
    # "1 Tabuleiro da Fazenda e 1 peça de ferramenta; 1 Moinho aleatório (posição inicial = seta
    # vermelha); Peças de Moinhos nos espaços do seu tabuleiro; Guilder 4, 5, 6 ou 7; Pontos 5;
    # Calendário na posição inicial; desejo da rainha disponível"
    state = drafted(players)
    boards = [f.board for f in state.farmers]
    assert len(set(boards)) == players and all(0 <= b < len(BOX.boards) for b in boards)
    for seat, farmer in enumerate(state.farmers):
        assert farmer.tools == 1 and farmer.turned == 0 and farmer.calendar == 0
        assert farmer.guilders == (4, 5, 6, 7)[seat] and farmer.vp == 5
        assert farmer.windmills == (1, 1, 2, 2, 3) and not farmer.wished
        assert farmer.large == ("",) * 6 and farmer.small == ("",) * 5


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_starting_tulips_white_yellow_red_violet_by_seat(players):
    # "Tulipas Iniciais: 1° Branca; 2° Amarela; 3° Vermelha; 4° Lilás"
    state = drafted(players)
    assert [f.storage for f in state.farmers] == [(c,) for c in ("white", "yellow", "red", "violet")[:players]]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_market_markers_placed_in_reverse_order_each_in_an_area_not_chosen(players):
    # "Marcador de Mercado: Na ordem inversa, cada jogador escolhe 1 local no mercado, ainda não
    # escolhido por outro jogador."
    state = new_game(players, seed=4)
    while not isinstance(state.pending, PlaceFirstMarker):
        state = state.apply(state.legal_moves()[0])
    taken: set[int] = set()
    for seat in reversed(range(players)):
        assert state.pending == PlaceFirstMarker(seat)
        areas = {int(m.split()[1]) for m in notations(state)}
        assert areas == (set(range(len(BOX.market))) - taken or set(range(len(BOX.market))))
        state = play(state, notations(state)[0])
        taken.add(state.farmers[seat].market)


def test_setup_neutral_markers_2_players_one_in_each_of_the_3_areas():
    # "2 jog.: 1 marcador em cada uma das 3 áreas"
    assert sorted(drafted(2).neutrals) == [0, 1, 2]


def test_setup_neutral_markers_3_players_in_the_areas_of_the_2nd_and_3rd_players():
    # "3 jog.: 1 marcador nas 2 áreas do 2° e 3° jogadores"
    state = drafted(3)
    assert sorted(state.neutrals) == sorted((state.farmers[1].market, state.farmers[2].market))


def test_setup_neutral_markers_4_players_one_anticlockwise_of_the_first_player():
    # "4 jog.: 1 marcador em 1 área no sentido anti-horário do jogador inicial"
    state = drafted(4)
    assert state.neutrals == ((state.farmers[0].market - 1) % len(BOX.market),)


# --- TURNOS ----------------------------------------------------------------------------------


def test_players_take_turns_in_order():
    # "Os jogadores se revezam em turnos"
    state = drafted(3)
    while state.turn.seat == 0:
        moves = notations(state)
        state = play(state, "done" if "done" in moves else moves[0])
    assert state.turn.seat == 1 and state.pending == AdjustFloodgate(1)


def test_the_water_level_rises_only_with_the_floodgate_opened_past_its_first_space():
    # "Ajustar o Nível de água: Mova o marcador de nível se o marcador de comporta estiver em 1
    # ou 2" -- read with the rulebook: it rises 1 or 2 (speed 2 or 3), never at speed 1.
    rises = [play(first_position(farms={0: {"guilders": 9}}, water=4), f"floodgate {s}").water - 4 for s in (1, 2, 3)]
    assert rises == [0, 1, 2]


def test_with_a_plus_both_actions_in_any_order_the_plain_one_first():
    # "Se a ação possuir o ícone "+" as duas ações podem ser executadas, em qualquer ordem"
    plus = next(t for t in BOX.uncommon if t.plus and t.action is None)
    state = first_position(water=0, farms={0: {"large": ("", plus.id, "", "", "", ""), "helpers": ()}})
    state = play(state, "floodgate 1", "turn 1", "perform small")
    state = play(state, *[m for m in notations(state) if m.startswith("lower")][:1])
    assert isinstance(state.pending, ChooseAction) and notations(state) == ["perform large", "done"]


# --- Ações -------------------------------------------------------------------------------------


def test_enhance_refills_from_the_reshuffled_discards_when_a_stack_is_empty():
    # "Uma nova peça é disponibilizada assim que a peça for comprada" (the rulebook: reshuffling
    # discarded tiles if the stack is empty)
    base = first_position()
    discards = (base.stacks[0].unseen[:3], (), ())
    state = asking(first_position(stacks=(Pile(()), base.stacks[1], base.stacks[2]), discards=discards), Enhance(0))
    after = play(state, "install 0 on large 3")
    assert after.display[0] in discards[0] and not after.covered[0]
    assert len(after.stacks[0]) == 2 and after.discards[0] == ()


def test_build_any_windmill_group_of_the_farm_may_be_used():
    # "Escolha qualquer um dos moinhos do seu tabuleiro"
    state = asking(first_position(farms={0: {"guilders": 9, "windmills": (1, 0, 2, 2, 3)}}), BuildWindmill(0))
    groups = {int(m.split()[1]) for m in notations(state) if m.startswith("build")}
    assert groups == {0, 2, 3, 4}


def test_visit_the_market_must_move_when_it_can_pay():
    # "Se puder pagar (tendo custo), deve mover seu marcador um espaço no sentido horário"
    state = asking(first_position(farms={0: {"market": 0, "guilders": 0}}, neutrals=(2,)), VisitMarket(0, 2))
    assert "done" not in notations(state) and "step" in notations(state)


def test_visit_the_market_never_stacks_on_a_neutral_marker():
    # "Áreas sem espaço são puladas ou poderá pagar 1 Guilder a outro jogador para colocar sua
    # peça sobre a peça dele (nunca sobre o neutro)"
    state = asking(first_position(farms={0: {"market": 0, "guilders": 9}, 1: {"market": 2}}, neutrals=(1, 1, 1)), VisitMarket(0, 1))
    assert notations(state) == ["skip"]
    assert play(state, "skip").farmers[0].market == 2


def test_the_market_dividing_helper_is_used_on_every_visit_not_once_per_turn():
    # FAQ (facts file §16; the rulebook): the starting helper's "choose any of the rewards" part
    # may be used always, not only once per turn.
    helper = "s" + str(next(c.id for c in BOX.starting if c.ability == "market_split"))
    farms = {0: {"market": 0, "helpers": (helper,), "guilders": 0}, 1: {"market": 1}}
    state = play(asking(first_position(farms=farms, neutrals=(1, 2)), VisitMarket(0, 1)), "step")
    for area, times in ((1, 3), (2, 2)):  # two visits in one turn
        assert state.farmers[0].market == area and state.pending == MarketChoice(0, area, times)
        token = next(i for i, r in enumerate(BOX.market[area].rewards) if r.guilders or r.vp or r.tools)
        state = play(state, f"reward {area}.{token}")
        assert state.pending == MarketChoice(0, area, times - 1)  # the rest chosen again
        while not isinstance(state.pending, AdjustFloodgate):
            moves = notations(state)
            state = play(state, "done" if "done" in moves else moves[0])
        state = play(asking(state, VisitMarket(0, 1)), "step")


# --- SOLO ------------------------------------------------------------------------------------


def _solo() -> State:
    return first_position(players=1)


def test_solo_the_overlay_tile_gives_the_gardener_no_planting_bonus():
    # "Sobreponha o tabuleiro do Jardineiro com a peça para que ele não receba bônus por plantação"
    state = _solo()
    assert state.gardener is not None
    planted = plant(state, ("red",) * 7)
    gardener = planted.gardener
    assert gardener is not None and sum(len(r) for r in gardener.garden) == 7
    assert gardener.vp == 0 and planted.farmers == state.farmers and planted.stack == state.stack


def test_solo_the_gardeners_farm_cards_have_no_limit():
    # "As cartas são colocadas ao lado do tabuleiro do jardineiro, seus efeitos não são
    # aplicados, não tem limite de cartas"
    state = _solo()
    assert state.gardener is not None
    gardener = evolve(state.gardener, farm_cards=(1, 2, 3, 4, 5, 6), revealed=(2,), top=3)
    after = gain_a_farm_enhancement(evolve(state, gardener=gardener))
    assert after.gardener is not None and len(after.gardener.farm_cards) == 7
    assert after.farmers == state.farmers


def test_a_neutral_marker_is_moved_only_to_an_area_with_a_free_marker_space():
    # "pode pagar 1 Guilder para mover o marcador neutro para um espaço onde você ira passar"
    # (an area has three marker spaces: a full area has no space for the neutral)
    farms = {0: {"market": 0, "guilders": 3}, 1: {"market": 1}, 2: {"market": 1}, 3: {"market": 1}}
    state = asking(first_position(players=4, farms=farms, neutrals=(0,)), VisitMarket(0, 1))
    assert "neutral 0 to 1" not in notations(state)


def _reachable(state: State, depth: int) -> list[State]:
    states, frontier = [state], [state]
    for _ in range(depth):
        frontier = [s.apply(m) for s in frontier if s.stack for m in s.legal_moves()]
        states += frontier
    return states


def test_the_calendar_bonus_may_be_taken_at_any_moment_of_the_turn():
    # "Assim que o moinho completar uma volta inteira ..., o jogador move seu marcador no
    # calendário e recebe um bônus a escolha (e a qualquer momento do seu turno)"
    state = play(first_position(farms={0: {"turned": 5, "helpers": ()}}), "floodgate 1", "turn 1")
    assert state.farmers[0].calendar == 1
    assert any(
        isinstance(s.pending, ChooseAction) and any(isinstance(p, CalendarReward) for p in s.stack)
        for s in _reachable(state, 3)
    )
