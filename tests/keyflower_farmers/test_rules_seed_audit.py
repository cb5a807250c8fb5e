"""Sentence-by-sentence audit of The Farmers rulebook (seed 002, Portuguese), from start to end.

Each test is named after the rule it checks and quotes the seed's sentence above it. Rules the
seed states that are already tested elsewhere are not tested again here: the test that covers
each is named in a comment where the sentence would stand (``Covered by ...``). The abilities
of single village tiles and boats are tested in test_tiles.py and test_boats.py; here only the
general rules the seed states about them. Farmers tile numbers are provisional: they are read
from ``state.components``, never written into a test.
"""

import attrs
import pytest

from tabletop.keyflower_farmers.components import ANIMALS, ROAD, SEASONS, WATER
from tabletop.keyflower_farmers.options import OPTIONS
from tabletop.keyflower_farmers import GAME
from tabletop.keyflower_farmers.positions import position
from tabletop.keyflower_farmers.rules.common import skills_without
from tabletop.keyflower_farmers.invariants import invariants
from tabletop.keyflower_farmers.scoring import final_score
from tabletop.keyflower_farmers.setup import setup
from tabletop.keyflower_farmers.state import (
    Animals,
    ChooseBoat,
    PlaceAnimal,
    PlaceTile,
    Resources,
    Skills,
    Tile,
    Transport,
    Turn,
)
from tabletop.kernel.hexgrid import cell_text
from tabletop.kernel.rng import Rng

from .helpers import legal, play

RED = [{"red": 6}, {"red": 6}]


# --- helpers -------------------------------------------------------------------------------------


def new(players, seed=1, **options):
    return setup(players, Rng.from_seed(seed), OPTIONS.resolve(players, options))


def name(field):
    """A field as the moves write it."""
    return f"{cell_text(field[0])}/{field[1]}"


def with_animals(state, seat, placed):
    """``state`` with the animals ``placed`` (field -> {kind: count}) in ``seat``'s fields, out
    of the supply."""
    village = state.villages[seat]
    animals = tuple(sorted((field, Animals.of(**counts)) for field, counts in placed.items()))
    total = Animals.of()
    for _, counts in animals:
        total = total.plus(counts)
    villages = tuple(attrs.evolve(v, animals=animals) if s == seat else v for s, v in enumerate(state.villages))
    return attrs.evolve(state, villages=villages, animals=state.animals.minus(total))


def with_faces(state, **faces):
    """``state`` with the hexes named turned to the faces given (0 front, 1 back)."""
    tiles = tuple(attrs.evolve(t, face=faces[t.id]) if t.id in faces else t for t in state.tiles)
    return attrs.evolve(state, tiles=tiles)


def animals_of(state, seat):
    """Every animal in ``seat``'s fields, by field."""
    return dict(state.villages[seat].animals)


def total(state, seat, kind):
    return sum(a.named(kind) for _, a in state.villages[seat].animals)


def until_boats(state):
    """Everyone passes in succession."""
    while not isinstance(state.pending, ChooseBoat):
        state = play(state, "pass")
    return state


def ended(state, **changes):
    """The position as the game ends (nothing left to decide)."""
    return attrs.evolve(state, stack=(), **changes)


def gives(state, code, face=0):
    """What the face of the hex ``code`` gives, by item (read from the data)."""
    return dict(state.components.tile(code).faces[face].gives)


# === Preparação (setup) ==========================================================================

# "Ao usar o Keyflower, substitua os hexagonos 1, 2 e 3 do Keyflower pelos hexagonos
# correspondentes do Keyflower - the Farmers. Continue usando o hexágono 4 da ordem de turno."
# Covered by test_rules_setup.test_the_farmers_turn_order_tiles_replace_base_tiles_1_to_3 and
# test_components.test_turn_order_tiles_per_player_count_and_the_purple_on_the_highest.


# "Quando os jogadores ganham licitações para os hexágonos da ordem de turno, eles obtêm os
# recursos indicados neles, além da preferência na escolha de barcos. Os recursos dos hexagonos
# da ordem de turno são retirados ao mesmo tempo em que um jogador recebe os trabalhadores e os
# tokens de habilidades de um dos barcos (na primavera, no verão ou no outono) [...]"
# (Spring: also test_rules_season_end.test_farmers_turn_order_tiles_give_their_items_with_the_boat.)
@pytest.mark.parametrize("season", [0, 1, 2])
def test_turn_order_tile_items_are_received_with_the_boat_cargo_in_spring_summer_and_autumn(season):
    state = attrs.evolve(position(2, screens=RED), season=season)
    state = until_boats(play(state, "bid order1 1 red"))
    assert state.pending.seat == 0  # the turn-order tile gives the first choice of boat
    assert state.wheat[0] == 0  # nothing yet: the items come with the cargo
    state = play(state, "boat keyflower")
    (tile,) = [t for t, _ in state.components.turn_order_for(2, True) if t.number == 1]
    assert state.wheat[0] == dict(tile.gives)["wheat"]


# "[...] ou recebe o hexágono do barco (no inverno)."
def test_turn_order_tile_items_are_received_with_the_boat_tile_in_winter():
    state = attrs.evolve(position(2, screens=RED), season=3)
    state = until_boats(play(state, "bid order1 1 red"))
    assert state.wheat[0] == 0
    state = play(state, "boat keyflower")
    (tile,) = [t for t, _ in state.components.turn_order_for(2, True) if t.number == 1]
    assert state.wheat[0] == dict(tile.gives)["wheat"]
    assert isinstance(state.pending, PlaceTile) and state.pending.tile == "keyflower"


# "Os jogadores não podem gerer recursos, colocando trabalhadores nos hexagonos da ordem de
# turno." Covered by test_rules_turns.test_turn_order_tiles_are_bid_for_but_never_used.


# "Adicione os quatro novos hexagonos de aldeia da primavera, verão e outono aos hexagonos
# correspondentes da estação do Keyflower."
def test_the_four_farmers_tiles_of_spring_summer_and_autumn_join_the_base_tiles_of_their_season():
    state = new(3, chance="explicit")  # before any tile is drawn
    for index, season in enumerate(SEASONS[:3]):
        pile = set(state.season_piles[index].cards())
        farmers = {t.code for t in state.components.season_tiles(season, True) if t.farmers}
        base = {t.code for t in state.components.season_tiles(season, False)}
        assert len(farmers) == 4 and len(base) == 12
        assert pile == farmers | base


# "Misture os seis novos hexagonos da aldeia de inverno com os hexagonos de inverno do
# Keyflower."
def test_the_six_farmers_winter_tiles_are_shuffled_into_the_base_winter_tiles():
    state = new(3, chance="explicit")
    deck = set(state.winter_deck.cards())
    farmers = {t.code for t in state.components.season_tiles("winter", True) if t.farmers}
    assert len(farmers) == 6 and farmers <= deck and len(deck) == 18


# "O número de hexagonos de inverno recebidos por cada jogador é aumentado da seguinte forma: com
# 2-4 jogadores: cada jogador agora recebe 4 hexagonos de inverno (anteriormente 3), com 5-6
# jogadores: cada jogador agora recebe 3 hexagonos de inverno (anteriormente 2)."
# With The Farmers: covered by test_rules_setup.test_setup_per_player_count. Without it, the
# base counts ("anteriormente"):
@pytest.mark.parametrize("players, dealt", [(2, 3), (3, 3), (4, 3), (5, 2), (6, 2)])
def test_without_the_farmers_each_player_is_dealt_the_base_count_of_winter_tiles(players, dealt):
    state = new(players, farmers=False)
    assert all(len(hand) == dealt for hand in state.winter_hands)


# Table: "Inverno introduzido | 2-8 | 3-12 | 4-16 | 5-15 | 6-18": each player offers one tile at
# least and their whole hand at most.
@pytest.mark.parametrize("players, least, most", [(2, 2, 8), (3, 3, 12), (4, 4, 16), (5, 5, 15), (6, 6, 18)])
def test_winter_tiles_introduced_range_from_one_per_player_to_every_tile_dealt(players, least, most):
    state = new(players)
    hands = state.winter_hands
    assert (len(hands), sum(map(len, hands))) == (least, most)


# "Coloque as peças de vaca, porco e ovelha e os tokens de trigo em pilhas separadas ao lado da
# superfície de jogo."
def test_the_animals_and_the_wheat_tokens_start_in_their_own_supplies():
    state = new(2)
    assert state.animals == Animals.of(**dict(state.components.animals))
    assert state.wheat_supply == state.components.wheat
    assert state.wheat == (0, 0) and all(not v.animals for v in state.villages)


# "Em seu primeiro jogo de Keyflower - the Farmers é recomendável que você jogue a "variante do
# fazendeiro" (veja a página 8)." See the variants at the end of this file.

# Table: "Primavera, verão e outono | 6 | 7 | 8 | 9 | 10", "Inverno por jogador | 4 | 4 | 4 | 3 |
# 3". Covered by test_rules_setup.test_setup_per_player_count. The rows "Casa", "Barco" and
# "Ordem de turno" of the seed's table are shifted by the translation (keyflower.md §2): the
# base rulebook's counts are kept (test_setup_per_player_count,
# test_components.test_boats_in_play_equal_the_players).


# === Campos (fields) =============================================================================

# "Um campo é uma área cercada por estradas, água e lados desconectados dos hexagonos."
def test_a_field_is_bounded_by_roads_water_and_unconnected_sides():
    state = position(2)
    home = state.villages[0].fields
    sides = state.components.sides_of("home1", True)
    # A lone home hex: its sides touch nothing, so only its roads divide it, one field each.
    assert len(home.fields_on((0, 0))) == sides.count(ROAD)
    # Across a road the two sides are different fields.
    road = sides.index(ROAD)
    assert home.field_at((0, 0), road, 0) != home.field_at((0, 0), road, 1)
    # Water closes a side: a summer boat on the river joins none of the home fields.
    state = position(2, villages=[[("summer_boat_1", (1, 0), 0)], []])
    fields = state.villages[0].fields
    assert all(fields.cells_of(field) == ((0, 0),) for field in fields.fields_on((0, 0)))


# "Um campo pode se estender por vários hexagonos (veja as áreas esboçadas em vermelho)."
def test_a_field_may_extend_across_several_hexes():
    # Keywood joins the home tile road to road: the fields either side of that road run on
    # into Keywood.
    state = position(2, villages=[[("keywood", (1, -1), 1)], []])
    fields = state.villages[0].fields
    spanning = [f for f in fields.names if len(fields.cells_of(f)) == 2]
    assert len(spanning) == 2
    assert len(fields.names) == 5 + 4 - 2


# "Cada hexágono de casa tem cinco campos diferentes (como numerado), incluindo o campo único
# (numerado 1 no diagrama) que faz fronteira com todos os lados do rio"
def test_each_home_hex_has_five_fields_one_of_them_bordering_the_river():
    state = position(6)
    for seat in range(6):
        fields = state.villages[seat].fields
        sides = state.components.sides_of(f"home{seat + 1}", True)
        assert len(fields.fields_on((0, 0))) == 5
        river = sides.index(WATER)
        # Both halves of the river side lie in one field.
        assert fields.field_at((0, 0), river, 0) == fields.field_at((0, 0), river, 1)


# "(observe que as ilustrações no hexágono de casa 1 mostram [...] um riacho e, no lado
# melhorado, alguns passos levam margem do rio. Os passos não são uma estrada e, nem o riacho nem
# as etapas criam um campo extra.)"
def test_home_1s_creek_and_steps_make_no_extra_field_on_either_face():
    state = position(2)
    upgraded = with_faces(state, home1=1)
    assert upgraded.villages[0].fields.fields_on((0, 0)) == state.villages[0].fields.fields_on((0, 0))
    assert len(state.villages[0].fields.fields_on((0, 0))) == 5


# "Observe também que os cantos dos campos nos hexagonos de barco não se conectam a hexagonos
# de barco adjacentes."
def test_field_corners_on_boat_hexes_do_not_connect_to_adjacent_boat_hexes():
    # A second summer boat placed beside the first along the river, grass side to grass side.
    state = position(2, villages=[[("summer_boat_1", (1, 0), 0)], []])
    state = attrs.evolve(state, tiles=(*state.tiles, Tile("summer_boat_2")), stack=(PlaceTile(0, "summer_boat_2"),))
    assert "place 1,1 turn 0" in legal(state)
    state = play(state, "place 1,1 turn 0")
    fields = state.villages[0].fields
    for boat in ((1, 0), (1, 1)):
        assert all(fields.cells_of(field) == (boat,) for field in fields.fields_on(boat))
    # A position built with the two boats has the same fields.
    built = position(2, villages=[[("summer_boat_1", (1, 0), 0), ("summer_boat_2", (1, 1), 0)], []])
    assert built.villages[0].fields.parts == fields.parts


# "Os animais podem ser colocados nos campos durante o jogo. Cada campo contendo um ou mais
# animais marcará ponto(s) no final do jogo." See "Marcando pontos por campos" below.


# === Animais 1. Introdução de animais ==============================================================

# "As ovelhas que estão potencialmente disponíveis de primavera, os porcos do verão em diante e
# as vacas do outono em diante."
def test_sheep_come_from_spring_pigs_from_summer_and_cows_from_autumn_on():
    first = {"sheep": "spring", "pig": "summer", "cow": "autumn"}
    state = position(2)
    found = {}
    for tile in state.components.village:
        for face in tile.faces:
            for item, _ in face.gives:
                if item in ANIMALS:
                    found.setdefault(item, set()).add(tile.season)
    for animal, season in first.items():
        assert season in found[animal]
        assert all(SEASONS.index(s) >= SEASONS.index(season) for s in found[animal])


# "Os animais geralmente são obtidos do mesmo modo que outros recursos, colocando um trabalhador
# em um hexágono que conceda esse animal." Covered by the production tests below and
# test_rules_turns.test_an_animal_produced_elsewhere_goes_into_a_field_of_the_home_hex.

# "Se um animal é gerado usando um hexágono de uma aldeia do próprio jogador, então o animal é
# colocado em um campo no hexágono que o gerou." Covered by
# test_rules_turns.test_an_animal_produced_in_ones_own_village_goes_into_a_field_of_that_hex.


# "O campo deve estar vazio de outros animais ou conter apenas o mesmo tipo de animal."
def test_a_new_animal_may_go_into_an_empty_field_or_one_holding_only_its_own_type():
    state = position(2, screens=RED, villages=[[("sheep_fold", (1, -1), 0)], []])
    on_hex = state.villages[0].fields.fields_on((1, -1))
    sheep_field, pig_field, *empty = on_hex
    state = with_animals(state, 0, {sheep_field: {"sheep": 1}, pig_field: {"pig": 1}})
    state = play(state, "use sheep_fold 1 red")
    assert legal(state) == {f"field {name(f)}" for f in (sheep_field, *empty)}
    state = play(state, f"field {name(sheep_field)}")
    assert animals_of(state, 0)[sheep_field] == Animals.of(sheep=2)


def test_a_field_holding_two_types_takes_no_new_animal_even_of_one_of_them():
    # A field mixed by a merge, holding sheep and pigs, no longer holds "apenas o mesmo tipo".
    state = position(2, screens=RED, villages=[[("sheep_fold", (1, -1), 0)], []])
    mixed, *others = state.villages[0].fields.fields_on((1, -1))
    state = with_animals(state, 0, {mixed: {"sheep": 1, "pig": 1}})
    state = play(state, "use sheep_fold 1 red")
    assert legal(state) == {f"field {name(f)}" for f in others}


# "Um animal não pode ser colocado em um campo que contenha outro tipo de animal (a menos que o
# jogador possua o barco 5a)."
# (Without the boat: test_rules_turns.test_an_animal_cannot_go_into_a_field_holding_another_animal.)
def test_with_boat_5a_a_new_animal_may_go_into_a_field_holding_another_type():
    state = position(2, screens=RED, offer=["pigsty"], villages=[[("summer_boat_5", (1, 0), 0)], []])
    home = state.villages[0].fields.fields_on((0, 0))
    state = with_animals(state, 0, {field: {"sheep": 1} for field in home})
    state = play(state, "use pigsty 1 red")
    assert legal(state) == {f"field {name(f)}" for f in home}
    state = play(state, f"field {name(home[0])}")
    assert animals_of(state, 0)[home[0]] == Animals.of(sheep=1, pig=1)
    assert not invariants(state)


# "No diagrama à direita, o jogador que possui esses hexágonos não pode gerar uma vaca em cow shed
# porque os campos naquele hexágono já estão ocupados por um tipo diferente de animal."
def test_cow_shed_example_no_cow_when_every_field_on_its_hex_holds_another_type():
    state = position(2, screens=RED, villages=[[("cow_shed", (1, -1), None)], []])
    on_hex = state.villages[0].fields.fields_on((1, -1))
    state = with_animals(state, 0, {f: {"sheep" if i % 2 else "pig": 1} for i, f in enumerate(on_hex)})
    cows = state.animals.named("cow")
    state = play(state, "use cow_shed 1 red")
    assert state.pending == Turn(1)  # the worker is placed; no cow comes
    assert state.animals.named("cow") == cows and total(state, 0, "cow") == 0


# "Observe que um campo pode se estender por vários hexágonos. Todas as partes do campo em cada
# uma dessas peças deve estar vazio ou conter apenas o mesmo tipo de animal que está sendo
# gerado."
def test_every_part_of_a_field_spanning_hexes_must_be_free_of_other_types():
    state = position(2, screens=RED, villages=[[("sheep_fold", (1, -1), 0)], []])
    fields = state.villages[0].fields
    spanning = [f for f in fields.fields_on((1, -1)) if (0, 0) in fields.cells_of(f)]
    assert spanning
    # A pig in the home hex's part of the field: its Sheep fold part cannot take a sheep.
    state = with_animals(state, 0, {spanning[0]: {"pig": 1}})
    state = play(state, "use sheep_fold 1 red")
    assert f"field {name(spanning[0])}" not in legal(state)
    assert len(legal(state)) == len(fields.fields_on((1, -1))) - 1


# "Se não houver campos disponíveis no hexágono que vai gerar o animal, então nenhum animal novo
# poderá ser gerado colocando um trabalhador naquele hexágono."
def test_no_animal_is_produced_when_no_field_on_the_hex_is_available():
    state = position(2, screens=RED, offer=["sheep_fold"])
    home = state.villages[0].fields.fields_on((0, 0))
    state = with_animals(state, 0, {field: {"cow": 1} for field in home})
    sheep = state.animals.named("sheep")
    state = play(state, "use sheep_fold 1 red")
    assert state.pending == Turn(1)
    assert state.animals.named("sheep") == sheep and total(state, 0, "sheep") == 0


# "Se um animal é gerado usando um hexágono na aldeia de outro jogador ou um hexágono que está
# sendo ofertado, então o animal é colocado em um campo no hexágono da casa do jogador ativo."
# (A hex being offered: test_rules_turns.test_an_animal_produced_elsewhere_goes_into_a_field_of_the_home_hex.)
def test_an_animal_produced_in_another_players_village_goes_into_a_field_of_the_users_home_hex():
    state = position(2, screens=RED, villages=[[], [("sheep_fold", (1, -1), 0)]])
    state = play(state, "use sheep_fold 1 red")
    home = state.villages[0].fields.fields_on((0, 0))
    assert legal(state) == {f"field {name(f)}" for f in home}
    state = play(state, f"field {name(home[0])}")
    assert animals_of(state, 0) == {home[0]: Animals.of(sheep=1)}
    assert not state.villages[1].animals


# "As mesmas regras de colocação se aplicam, ou seja, o campo deve estar vazio ou contendo apenas
# o mesmo tipo de animal." Covered by
# test_rules_turns.test_an_animal_cannot_go_into_a_field_holding_another_animal.

# "Se um jogador gerar mais de um animal, os animais são colocados em campos diferentes no mesmo
# hexágono." Covered by test_rules_turns.test_several_animals_of_one_use_go_into_different_fields;
# and when a single field is left:
def test_animals_of_one_use_beyond_the_fields_left_on_the_hex_are_not_taken():
    state = position(2, screens=RED, villages=[[("sheep_fold", (1, -1), 0)], []])
    state = with_faces(state, sheep_fold=1)
    assert gives(state, "sheep_fold", 1)["sheep"] >= 2
    first, *others = state.villages[0].fields.fields_on((1, -1))
    state = with_animals(state, 0, {f: {"pig": 1} for f in others})
    sheep = state.animals.named("sheep")
    state = play(state, "use sheep_fold 1 red", f"field {name(first)}")
    assert state.pending == Turn(1)  # the second sheep has no other field: not taken
    assert state.animals.named("sheep") == sheep - 1


# "Os animais são colocados em hexágonos. Eles nunca são colocados atrás da casinha escudo de um
# jogador."
def test_animals_lie_in_the_fields_of_the_village_in_view_never_behind_the_screen():
    state = play(position(2, screens=RED, offer=["sheep_fold"]), "use sheep_fold 1 red")
    state = play(state, sorted(legal(state))[0])
    assert total(state, 0, "sheep") == 1
    assert state.view(1).villages[0].animals == state.villages[0].animals


# === Animais 2. Movimento de animais ===============================================================

# "É o número de campos ocupados por animais e não o número de animais, que pontuarão no final
# do jogo (exceto no caso de ovelha, se o jogador possuir o hexágono sheep shelter)." Covered by
# test_scoring.test_a_field_scores_once_per_animal_type_not_per_animal and
# test_scoring.test_sheep_on_the_sheep_shelter_score_its_points_each.


# "Ao usar hexágonos de transporte (farrier, home, paddock, stable or wainwright), a habilidade de
# movimento nesses hexágonos pode ser usada para mover um animal."
@pytest.mark.parametrize("tile", ["home1", "farrier", "paddock", "stable", "wainwright"])
def test_each_transport_hex_lets_its_user_move_animals(tile):
    state = position(2, screens=RED, offer=[] if tile == "home1" else [tile])
    home = state.villages[0].fields.fields_on((0, 0))
    state = with_animals(state, 0, {home[0]: {"sheep": 1}})
    state = play(state, f"use {tile} 1 red")
    assert isinstance(state.pending, Transport)
    herds = {m for m in legal(state) if m.startswith("herd")}
    assert herds == {f"herd sheep {name(home[0])} {name(f)}" for f in home[1:]}


# "Custa um movimento para mover um animal de um campo para um campo adjacente. Os campos são
# considerados adjacentes se houver um hexágono que contenha ambos os campos (independentemente
# de quantas estradas separe os campos)."
def test_fields_sharing_a_hex_are_adjacent_however_many_roads_lie_between():
    state = position(2, screens=RED)
    home = state.villages[0].fields.fields_on((0, 0))
    state = with_animals(state, 0, {home[0]: {"sheep": 1}})
    state = play(state, "use home1 1 red")
    assert state.pending.moves == 1
    # Field 3 lies two roads away round the hex either way: still one movement.
    far = home[2]
    state = play(state, f"herd sheep {name(home[0])} {name(far)}")
    assert animals_of(state, 0) == {far: Animals.of(sheep=1)} and state.pending.moves == 0


# "Por exemplo, no diagrama abaixo, mover as ovelhas para o campo 2 gasta dois movimentos."
# Covered by test_rulebook_examples.test_herding_example_moving_a_sheep_into_the_second_field_on_costs_two_movements.

# home1 --road-- keywood --road-- gold_mine, and the Stable (transport 2) beside the home tile
# (the village of the rulebook examples).
VILLAGE = [("keywood", (1, -1), 1), ("gold_mine", (2, -2), 0), ("stable", (-1, 0), None)]


# "Os animais que estão em um campo podem se mover livremente para qualquer parte desse campo,
# mesmo através de um ou mais hexágonos se desejado."
def test_an_animal_moves_freely_within_its_field_across_hexes():
    state = position(2, screens=RED, villages=[VILLAGE, []])
    fields = state.villages[0].fields
    (spanning, *_) = [f for f in fields.fields_on((0, 0)) if (1, -1) in fields.cells_of(f)]
    # Fields on Keywood's hex that do not reach the home hex: beside the sheep's field only there.
    beyond = [f for f in fields.fields_on((1, -1)) if (0, 0) not in fields.cells_of(f)]
    assert beyond
    state = with_animals(state, 0, {spanning: {"sheep": 1}})
    state = play(state, "use home1 1 red")  # one movement
    for field in beyond:
        assert f"herd sheep {name(spanning)} {name(field)}" in legal(state)


# "Os animais podem ser movidos através de qualquer número de campos, mas cada campo que um
# animal se move custa um movimento. Os animais podem se mover através de campos com diferentes
# tipos de animais, mas não podem terminar seu movimento lá."
def test_an_animal_may_pass_through_fields_of_another_type_but_not_end_there():
    state = position(2, screens=RED, villages=[VILLAGE, []])
    fields = state.villages[0].fields
    start, second = ((0, 0), 0), ((1, -1), 2)
    between = [f for f in fields.adjacent(start) if second in fields.adjacent(f)]
    state = with_animals(state, 0, {start: {"sheep": 1}, **{f: {"cow": 1} for f in between}})
    state = play(state, "use stable 1 red")  # two movements
    moves = legal(state)
    assert not any(f"herd sheep {name(start)} {name(f)}" in moves for f in between)
    state = play(state, f"herd sheep {name(start)} {name(second)}")
    assert animals_of(state, 0)[second] == Animals.of(sheep=1) and state.pending.moves == 0


# "A capacidade de transporte pode ser dividida no movimento entre animais e recursos."
def test_transport_capacity_may_be_split_between_animals_and_resources():
    state = position(2, screens=RED, villages=[VILLAGE, []])
    home = state.villages[0].fields.fields_on((0, 0))
    state = with_animals(state, 0, {home[0]: {"sheep": 1}})
    tiles = tuple(attrs.evolve(t, goods=Resources.of(wood=1)) if t.id == "home1" else t for t in state.tiles)
    state = attrs.evolve(state, tiles=tiles, supply=state.supply.take("wood"))
    state = play(state, "use stable 1 red", "carry wood home1 keywood", f"herd sheep {name(home[0])} {name(home[1])}")
    assert state.tile("keywood").goods == Resources.of(wood=1)
    assert animals_of(state, 0) == {home[1]: Animals.of(sheep=1)}
    assert state.pending.moves == 0


# === Animais 3. Reprodução de animais ==============================================================

def _boats_chosen(state):
    """The season's end from the first pass on: every boat chosen (seat 0 first)."""
    state = until_boats(state)
    while isinstance(state.pending, ChooseBoat):
        state = play(state, sorted(legal(state))[0])
    return state


# "No final da primavera, verão e outono, depois que os itens forem retirados dos barcos, ocorre
# uma reprodução. Se houver dois ou mais animais do mesmo tipo em um campo, eles irão se
# reproduzir e gerar um animal adicional do mesmo tipo. O jogador pega um animal do tipo
# apropriado e coloca-o no mesmo campo do par de reprodução."
# (Spring: test_rules_season_end.test_a_pair_of_one_animal_type_breeds_in_its_field.)
@pytest.mark.parametrize("season", [1, 2])
def test_animals_breed_at_the_end_of_summer_and_autumn(season):
    state = attrs.evolve(position(2, screens=RED), season=season)
    home = state.villages[0].fields.fields_on((0, 0))
    state = with_animals(state, 0, {home[0]: {"pig": 2}, home[1]: {"cow": 2}})
    state = _boats_chosen(state)
    assert animals_of(state, 0) == {home[0]: Animals.of(pig=3), home[1]: Animals.of(cow=3)}
    assert not invariants(state)


def test_a_field_breeds_one_newborn_however_many_animals_it_holds():
    state = position(2, screens=RED)
    home = state.villages[0].fields.fields_on((0, 0))
    state = _boats_chosen(with_animals(state, 0, {home[0]: {"sheep": 4}}))
    assert animals_of(state, 0) == {home[0]: Animals.of(sheep=5)}


# "Os animais não se reproduzem no final do inverno. Está muito frio."
def test_animals_do_not_breed_at_the_end_of_winter():
    state = attrs.evolve(position(2, screens=RED), season=3)
    home = state.villages[0].fields.fields_on((0, 0))
    state = _boats_chosen(with_animals(state, 0, {home[0]: {"sheep": 2}}))
    while not state.is_over:
        state = play(state, sorted(legal(state))[0])
    assert animals_of(state, 0) == {home[0]: Animals.of(sheep=2)}


# "Os animais devem estar no mesmo campo para se reproduzir. Eles não podem se reproduzir se
# estiverem em campos diferentes, mesmo se eles estiverem no mesmo hexágono."
def test_animals_in_different_fields_of_one_hex_do_not_breed():
    state = position(2, screens=RED)
    home = state.villages[0].fields.fields_on((0, 0))
    state = _boats_chosen(with_animals(state, 0, {home[0]: {"sheep": 1}, home[1]: {"sheep": 1}}))
    assert animals_of(state, 0) == {home[0]: Animals.of(sheep=1), home[1]: Animals.of(sheep=1)}


# "Os animais não se reproduzem se houver diferentes tipos de animais nesse campo (a menos que o
# jogador possua o barco 5a), eles ficam muito agitados." Covered by
# test_rules_season_end.test_mixed_fields_do_not_breed (boat 5a: test_boats.py).


# "Se um jogador possui o barco 6b e receber um porco e uma ovelha no final da estação, então os
# animais recebidos no verão e no outono serão colocados em campos no hexágono da casa do jogador
# antes da reprodução ocorrer e, portanto, serem capazes de se reproduzir."
def test_animals_arriving_with_boat_6b_are_placed_before_breeding_and_may_breed():
    state = position(2, screens=RED, villages=[[("summer_boat_6", (1, 0), 0)], []])
    state = attrs.evolve(with_faces(state, summer_boat_6=1), season=1)
    home = state.villages[0].fields.fields_on((0, 0))
    state = with_animals(state, 0, {home[0]: {"sheep": 1}, home[1]: {"pig": 1}})
    state = play(until_boats(state), "boat keyflower")
    arriving = {"pig": home[1], "sheep": home[0]}
    while isinstance(state.pending, PlaceAnimal):
        state = play(state, f"field {name(arriving[state.pending.animal])}")
    state = play(state, "boat sea_bastion")
    assert animals_of(state, 0) == {home[0]: Animals.of(sheep=3), home[1]: Animals.of(pig=3)}
    assert not invariants(state)


# "No cenário improvável de não existirem animais suficientes do tipo gerado, o jogador só
# receberá o número de animais desse tipo que ainda estiver disponível."
def test_a_player_receives_only_the_animals_left_in_the_supply():
    state = with_faces(position(2, screens=RED, villages=[[("sheep_fold", (1, -1), 0)], []]), sheep_fold=1)
    assert gives(state, "sheep_fold", 1)["sheep"] >= 2
    state = attrs.evolve(state, animals=Animals.of(sheep=1, pig=24, cow=12))
    state = play(state, "use sheep_fold 1 red")
    state = play(state, sorted(legal(state))[0])
    assert state.pending == Turn(1)
    assert total(state, 0, "sheep") == 1 and state.animals.named("sheep") == 0


# "Se ocorrer uma falta durante a reprodução, então os animais recém-nascidos são recebidos em
# ordem, começando com o novo jogador inicial."
@pytest.mark.parametrize("purple_bid, newborn_to", [(True, 0), (False, 1)])
def test_newborns_running_short_go_first_to_the_new_start_player(purple_bid, newborn_to):
    state = position(2, screens=RED)
    for seat in (0, 1):
        state = with_animals(state, seat, {state.villages[seat].fields.fields_on((0, 0))[0]: {"sheep": 2}})
    state = attrs.evolve(state, animals=Animals.of(sheep=1, pig=24, cow=12))
    if purple_bid:  # seat 0 wins the purple tile and stays start player
        state = play(state, "bid order1 1 red")
    state = _boats_chosen(state)
    assert state.start == newborn_to
    assert total(state, newborn_to, "sheep") == 3 and total(state, 1 - newborn_to, "sheep") == 2


# "Final de estação. O procedimento recomendado é: 1. Recuperar os trabalhadores que formam
# ofertas perdedoras. 2. Coletar hexágonos ganhos, um jogador por vez. 3. Tratar os hexágonos da
# ordem de turno e de barcos. 4. Reproduzir os animais (exceto no inverno)." The seed does not
# place the won tiles in this list; the base rulebook adds them to the villages after the boats.
# Reading chosen (keyflower.md §7): the animals breed in the fields as they are before the won
# tiles join the villages.
def test_animals_breed_before_the_won_tiles_join_the_villages():
    state = position(2, screens=RED, offer=["jeweller"])
    fields = state.villages[0].fields
    left, right = fields.field_at((0, 0), 1, 0), fields.field_at((0, 0), 1, 1)
    state = with_animals(state, 0, {left: {"sheep": 1}, right: {"sheep": 1}})
    state = play(state, "bid jeweller 1 red")
    state = _boats_chosen(state)
    assert state.pending == PlaceTile(0, "jeweller")
    assert total(state, 0, "sheep") == 2  # one sheep in each field: no newborn
    state = play(state, next(m for m in sorted(legal(state)) if m.startswith("place 0,1 ")))
    joined = state.villages[0].fields.field_of(left)
    assert animals_of(state, 0) == {joined: Animals.of(sheep=2)}  # together only now


# === Animais 4. Marcando pontos por campos com animais neles =======================================

# "Cada campo com vaca(s) nele geralmente marcará 3 pontos, cada campo com porco(s) nele
# geralmente marcará 2 pontos e cada campo com ovelha(s) nele geralmente faturará 1 ponto."
# Covered by test_scoring.test_a_field_scores_once_per_animal_type_not_per_animal.
# "Pontos adicionais estarão disponíveis se o jogador possuir os hexágonos de inverno dairy,
# truffle orchard e/ou weaver." Covered by test_scoring.test_weaver_truffle_orchard_and_dairy_raise_field_points
# (each tile: test_tiles.py).


def _placed_by_the_rules(state, code, cell):
    """``state`` (spring, seat 0 to move) once seat 0 has won the hex ``code`` and placed it at
    ``cell``; every other choice the first listed."""
    state = play(state, f"bid {code} 1 red")
    state = _boats_chosen(state)
    assert state.pending == PlaceTile(0, code)
    (place,) = [m for m in legal(state) if m.startswith(f"place {cell_text(cell)} ")]
    return play(state, place)


# "[...] é possível que os animais possam se encontrar no mesmo campo que outro tipo de animal,
# caso em que campos anteriormente separados tornam-se conectados. Isso é permitido e pode
# acontecer facilmente no inverno a partir da colocação de hexágonos de inverno, pois estes apenas
# contêm uma estrada. Os animais ainda marcam pontos se eles estiverem no mesmo campo que um tipo
# diferente de animal."
def test_fields_joined_by_a_placed_winter_hex_keep_both_types_and_each_scores():
    state = position(2, screens=RED, offer=["jeweller"])
    fields = state.villages[0].fields
    # The two home fields either side of the road towards (0, 1).
    left, right = fields.field_at((0, 0), 1, 0), fields.field_at((0, 0), 1, 1)
    state = with_animals(state, 0, {left: {"sheep": 1}, right: {"pig": 1}})
    assert final_score(ended(state, start=1), 0) == 1 + 2
    state = _placed_by_the_rules(state, "jeweller", (0, 1))
    joined = state.villages[0].fields.field_of(left)
    assert joined == state.villages[0].fields.field_of(right)
    assert animals_of(state, 0) == {joined: Animals.of(sheep=1, pig=1)}
    assert final_score(ended(state, start=1), 0) == 1 + 2
    assert not invariants(state)


# "No entanto, durante o inverno, tenha cuidado para não conectar dois campos que contenham
# animais do mesmo tipo nele, pois nessas circunstâncias apenas o campo unido marcará."
def test_two_fields_of_one_type_joined_by_a_placed_hex_score_once():
    state = position(2, screens=RED, offer=["jeweller"])
    fields = state.villages[0].fields
    left, right = fields.field_at((0, 0), 1, 0), fields.field_at((0, 0), 1, 1)
    state = with_animals(state, 0, {left: {"sheep": 1}, right: {"sheep": 1}})
    assert final_score(ended(state, start=1), 0) == 2
    state = _placed_by_the_rules(state, "jeweller", (0, 1))
    assert final_score(ended(state, start=1), 0) == 1


# "No final do jogo, o marcador roxo do jogador inicial também poderá ser declarado como animal
# (em qualquer campo), pelo jogador que venceu a aposta por ele."
def test_the_purple_start_player_marker_may_be_declared_an_animal_in_any_field():
    state = ended(position(2), start=0)
    # No animal anywhere: declared a cow in an empty field, 3 points (more than 1 as gold).
    assert final_score(state, 0) == 3
    assert final_score(state, 1) == 0
    # Every field of the village holds cows but one, empty: the marker is a cow there.
    home = state.villages[0].fields.fields_on((0, 0))
    cows = with_animals(state, 0, {f: {"cow": 1} for f in home[1:]})
    assert final_score(cows, 0) == 3 * 4 + 3


# === Trigo (wheat) =================================================================================

# "O trigo geralmente é obtido da mesma maneira que outros recursos, pela colocação de
# trabalhador(es) em um hexágono que gera isso." Covered by test_rules_turns.test_wheat_goes_behind_the_screen.


# "Os tokens de trigo são mantidos atrás da casinha escudo de um jogador (da mesma forma que os
# tokens de habilidade são)."
def test_wheat_is_kept_behind_the_screen_like_skills():
    state = play(position(2, screens=RED, offer=["wheat_field"]), "use wheat_field 1 red")
    held = state.wheat[0]
    assert held == gives(state, "wheat_field")["wheat"]
    seen = state.view(1)
    assert seen.wheat[0] == 0 and seen.hidden_wheat[0] == held
    assert state.view(0).wheat[0] == held


# "O trigo pode ser usado para gerar movimento de transporte adicional, mas somente quando um
# hexágono de transporte (casa própria, farrier, paddock, stable ou wainwright) for utilizado."
def test_wheat_is_spent_only_while_using_a_transport_hex():
    state = attrs.evolve(position(2, screens=RED, offer=["keywood"]), wheat=(2, 0), wheat_supply=28)
    assert "spend wheat" not in state.legal_moves() and not any("wheat" in m for m in legal(state))
    after = play(state, "use keywood 1 red")
    assert after.wheat[0] == 2 and after.pending == Turn(1)
    state = play(state, "use home1 1 red")
    assert "spend wheat" in legal(state)


# "Para cada trigo gasto, a capacidade de movimento é aumentada em 1." Covered by
# test_rules_transport.test_each_wheat_spent_adds_one_movement.

# "A capacidade de transporte adicional pode ser usada para transportar recursos ou para mover
# animais ou (se mais de um trigo for gasto) uma combinação de ambos."
def test_movement_from_wheat_may_carry_resources_move_animals_or_both():
    state = position(2, screens=RED, villages=[VILLAGE, []])
    home = state.villages[0].fields.fields_on((0, 0))
    state = with_animals(state, 0, {home[0]: {"sheep": 1}})
    tiles = tuple(attrs.evolve(t, goods=Resources.of(wood=1)) if t.id == "home1" else t for t in state.tiles)
    state = attrs.evolve(state, tiles=tiles, supply=state.supply.take("wood"), wheat=(2, 0), wheat_supply=28)
    state = play(state, "use home1 1 red", "carry wood home1 keywood")  # the home tile's one movement
    assert state.pending.moves == 0
    state = play(state, "spend wheat", "spend wheat")
    assert state.pending.moves == 2 and state.wheat[0] == 0
    state = play(state, "carry wood keywood gold_mine", f"herd sheep {name(home[0])} {name(home[1])}")
    assert state.tile("gold_mine").goods == Resources.of(wood=1)
    assert animals_of(state, 0) == {home[1]: Animals.of(sheep=1)} and state.pending.moves == 0


# "O movimento gerado pelo trigo não é duplicado se o jogador possui o barco 2b."
def test_movement_from_wheat_is_not_doubled_by_boat_2b():
    state = position(2, screens=RED, villages=[[("summer_boat_2", (1, 0), 0)], []])
    state = attrs.evolve(with_faces(state, summer_boat_2=1), wheat=(1, 0), wheat_supply=29)
    transport = state.components.faces_by_id["home1"][0].transport
    state = play(state, "use home1 1 red")
    assert state.pending.moves == 2 * transport  # the tile's movement doubled
    state = play(state, "spend wheat")
    assert state.pending.moves == 2 * transport + 1  # the wheat's not


# "Da mesma forma, o trigo não contribui para marcar se um jogador possuir o hexágono keyflower."
def test_wheat_adds_nothing_to_the_keyflower_boats_score():
    state = ended(position(2, villages=[[("keyflower", (1, 0), 0)], []], to_move=1), start=1)
    without = final_score(state, 0)
    assert without == state.components.faces_by_id["home1"][0].transport
    assert final_score(attrs.evolve(state, wheat=(5, 0), wheat_supply=25), 0) == without


# "Se o fornecimento de tokens de trigo acabar, não haverá mais tokens de trigo disponíveis."
def test_a_player_receives_only_the_wheat_left_in_the_supply():
    state = position(2, screens=RED, offer=["wheat_field"])
    assert gives(state, "wheat_field")["wheat"] >= 2
    state = play(attrs.evolve(state, wheat=(0, 29), wheat_supply=1), "use wheat_field 1 red")
    assert state.wheat == (1, 29) and state.wheat_supply == 0
    state = play(state, "use wheat_field 2 red")
    assert state.wheat == (1, 29)


# "No final do jogo, o marcador roxo do jogador inicial também poderá ser declarado como token de
# trigo, pelo jogador que venceu a aposta."
def test_the_purple_start_player_marker_may_be_declared_a_wheat_token():
    # Bakery: 4 points for a resource, a wheat and a skill; a wood and a saw are held.
    state = position(2, skills=[{"saw": 1}, {}], villages=[[("bakery", (1, -1), None)], []])
    tiles = tuple(attrs.evolve(t, goods=Resources.of(wood=1)) if t.id == "home1" else t for t in state.tiles)
    state = ended(attrs.evolve(state, tiles=tiles, supply=state.supply.take("wood")), start=0)
    assert final_score(state, 0) == 4  # the marker as the wheat (more than 3 as a cow)
    assert final_score(attrs.evolve(state, start=1), 0) == 0


# === Esclarecimentos das regras (clarifications) =====================================================

# "Quando os tokens de habilidade são colocados nos barcos, eles são colocados de forma que a
# frente do tipo de habilidade fique visível." Covered by
# test_rules_setup.test_a_view_hides_the_other_screens_the_bag_and_the_winter_hands (boat cargo
# seen by every seat).
# "No inverno, cada jogador seleciona um ou mais hexágonos de inverno [...] Não há restrição quanto
# ao número que cada jogador poderá selecionar" Covered by
# test_rules_winter.test_at_least_one_winter_tile_is_offered_with_no_maximum.
# "Os trabalhadores verdes não podem ser usados como substituto de trabalhadores de outras cores."
# Covered by test_rules_turns.test_green_workers_are_not_wild.
# "O turno de um jogador pode consistir em adicionar mais trabalhadores a uma oferta existente.
# [...] o novo número total de trabalhadores deverá criar, ou continuar sendo, uma oferta
# vencedora." Covered by test_rules_turns.test_adding_to_ones_own_bid_must_make_it_the_winning_bid
# and test_rules_turns.test_the_leader_may_add_to_a_winning_bid.
# "Os trabalhadores que foram superados podem ser movidos para outro local, inclusive para outras
# ofertas, para gerar produção em hexágonos de aldeia ou dentro da bolsa como parte de uma troca.
# No entanto, os trabalhadores devem permanecer juntos." Covered by
# test_rules_turns.test_outbid_workers_move_as_one_group_topped_up_from_the_screen,
# test_outbid_workers_may_be_used_on_a_tile and
# test_an_outbid_worker_may_go_into_the_bag_as_an_exchanges_extra_worker.
# "Em primeiro lugar, todos os trabalhadores que fazem parte da perda de ofertas são devolvidos
# aos jogadores." Covered by test_rules_season_end.test_losing_bids_go_back_behind_the_screen.


# "Em segundo lugar, o jogador inicial reivindica todos os hexágonos de aldeia que tenham ganhado
# nas apostas, seguido por outro jogador, por sua vez, no sentido horário. Trabalhadores que
# formam as ofertas vencedoras são colocadas de volta na bolsa."
# (The bag: test_rules_season_end.test_the_winner_takes_the_tile_and_the_workers_on_it_the_winning_bid_goes_into_the_bag.)
def test_won_tiles_are_claimed_from_the_start_player_clockwise():
    state = position(3, screens=[{"red": 3}] * 3, offer=["keywood", "key_mine", "keystone_quarry"])
    # Seat 2 wins Keywood, seat 0 (the start player) Key mine, seat 1 Keystone quarry and the
    # purple turn-order tile: seat 0 claims first all the same, then seats 1 and 2.
    state = play(state, "pass", "bid order2 1 red", "bid keywood 1 red", "bid key_mine 1 red", "bid keystone_quarry 1 red")
    state = _boats_chosen(state)
    assert state.start == 1
    placing = [state.pending] + [p for p in reversed(state.stack) if isinstance(p, PlaceTile)][1:]
    assert [(p.seat, p.tile) for p in placing] == [(0, "key_mine"), (1, "keystone_quarry"), (2, "keywood")]


# "Em terceiro lugar, trate os hexágonos da ordem de turno e de barcos na ordem. Se um jogador
# possui o barco 1 (dando meeples) e/ou o barco 6 (dando dois trigo, ou um porco e uma ovelha)
# eles são retirados neste momento." Covered by
# test_rules_season_end.test_boats_are_chosen_in_turn_order_then_clockwise_from_the_new_start_player
# (boats 1 and 6: test_boats.py).
# "Em quarto lugar, exceto no inverno, se houver dois ou mais animais em um campo (após qualquer
# animais do barco 6 forem alocados) [...]" See
# test_animals_arriving_with_boat_6b_are_placed_before_breeding_and_may_breed and
# test_animals_do_not_breed_at_the_end_of_winter above.


# === Pontuação de final de jogo (end-game scoring) ==================================================

# "1. Pontue os recursos colocados durante o jogo nos hexágonos de pontuação de outono: barn,
# blacksmith, stone yard e timber yard. (os recursos não podem ser realocados aos referidos
# hexágonos no final do jogo)."
# (Resources on a yard: test_scoring.test_yard_resources_score_per_resource.)
def test_resources_cannot_be_moved_onto_an_autumn_yard_at_the_end():
    state = position(2, villages=[[("timber_yard", (1, -1), 1)], []], to_move=1)
    tiles = tuple(attrs.evolve(t, goods=Resources.of(wood=2)) if t.id == "home1" else t for t in state.tiles)
    state = ended(attrs.evolve(state, tiles=tiles, supply=state.supply.take("wood", 2)), start=1)
    assert final_score(state, 0) == 0


def _shelter(sheltered, in_field, *winter):
    """Seat 0's village: the Sheep shelter with ``sheltered`` sheep on it and ``in_field`` in its
    field, and the winter tiles ``winter``; seat 1 starts (the purple marker is theirs)."""
    placed = [("sheep_shelter", (1, -1), None), *((code, cell, None) for code, cell in zip(winter, [(-1, 0), (0, 1)]))]
    state = position(2, villages=[placed, []], to_move=1)
    tiles = tuple(attrs.evolve(t, sheep=sheltered) if t.id == "sheep_shelter" else t for t in state.tiles)
    state = attrs.evolve(state, tiles=tiles, animals=state.animals.take("sheep", sheltered))
    (field,) = state.villages[0].fields.fields_on((1, -1))
    if in_field:
        state = with_animals(state, 0, {field: {"sheep": in_field}})
    return ended(state, start=1)


# "2. Pontue as ovelhas que foram colocadas em sheep shelter durante o jogo. (as ovelhas não podem
# ser realocadas ao sheep shelter no final do jogo.)"
# (Sheep on the shelter: test_scoring.test_sheep_on_the_sheep_shelter_score_its_points_each.)
def test_sheep_cannot_be_put_on_the_sheep_shelter_at_the_end():
    state = _shelter(0, 3)
    assert final_score(state, 0) == 1  # the field with sheep, nothing for the shelter


# "Se o jogador possui weaver, então o jogador pode querer não marcar uma das ovelhas em sheep
# shelter, deixando essa ovelha para trás e marcando o campo usando weaver."
def test_with_the_weaver_one_sheep_on_the_shelter_may_be_left_in_its_field_to_score_the_field():
    state = _shelter(2, 0, "weaver")
    per_sheep = dict(state.components.tile("sheep_shelter").faces[0].vp_per)["sheep"]
    weaver = state.components.tile("weaver").scoring.points
    assert per_sheep < weaver
    assert final_score(state, 0) == per_sheep + weaver
    # Its field holding sheep already, nothing is gained by leaving one behind.
    assert final_score(_shelter(2, 1, "weaver"), 0) == 2 * per_sheep + weaver


# "3. Pontue cada campo contendo um ou mais animais como segue: [...] Animais não podem ser
# realocados no final do jogo."
def test_animals_cannot_be_moved_at_the_end_of_the_game():
    state = position(2, to_move=1)
    home = state.villages[0].fields.fields_on((0, 0))
    state = ended(with_animals(state, 0, {home[0]: {"sheep": 2}}), start=1)
    assert final_score(state, 0) == 1  # not 2, as two fields with a sheep each would


# "4. Pontue as peças com pontos fixos [...] (incluindo os hexágonos de barco flipper e
# lanvincible)." Covered by test_scoring.test_upgraded_tiles_score_their_fixed_points (the
# boats: test_boats.py).


# "5. Realoque os meeples, os tokens de habilidade, os recursos remanescentes e o marcador roxo de
# jogador inicial (se não tiver sido pontuado) para os hexágonos de inverno remanescentes [...]"
# (Allocation: test_scoring.test_each_item_scores_once_allocated_where_it_scores_most.)
def test_the_purple_marker_scores_once_as_one_item():
    # A blue and a red worker: the marker completes the Craftsmen's guild set as yellow (3) or is
    # a cow in an empty field (3), not both.
    state = position(2, screens=[{"blue": 1, "red": 1}, {}], villages=[[("craftsmens_guild", (1, -1), 1)], []])
    assert final_score(ended(state, start=0), 0) == 3


# "6. Pontue os hexágonos de barco restantes: keyflower, sea bastion e sea breeze.", "7. Pontue os
# hexágonos da ordem de turno, um ponto para cada hexágono adjacente.", "8. Pontue por cada
# recurso de ouro 1 ponto (a menos que já tenha pontuado, exemplo, menos os 5 em jeweller)."
# Covered by test_scoring (test_the_keyflower_boat_scores_the_transport_points_of_the_village,
# test_sea_bastion_scores_the_hexes_of_a_road_loop,
# test_sea_breese_scores_boats_on_the_river_from_the_home_tile,
# test_a_turn_order_tile_scores_a_point_per_adjacent_hex,
# test_unallocated_gold_scores_one_and_the_jeweller_two).
# "O jogador com mais pontos é o vencedor. Em caso de empate, dentre os jogadores empatados, o que
# escolheu primeiro o hexágono de barco no inverno é o vencedor." Covered by
# test_scoring.test_the_farmers_tie_break_favours_the_first_to_take_a_boat_in_winter.


# "O máximo de pontos disponíveis no sea breese são 32 pontos, mesmo que um jogador tenha mais do
# que cinco hexágonos de rios conectados ao seu hexágono casa."
def test_sea_breese_scores_at_most_32_with_more_than_five_boats_on_the_river():
    boats = ["sea_breese", *(f"summer_boat_{n}" for n in range(1, 6))]
    placed = [(boat, (q, 0), 0) for q, boat in enumerate(boats, start=1)]
    state = ended(position(2, villages=[placed, []], to_move=1), start=1)
    assert final_score(state, 0) == 32


# "Como regra geral, cada item só pode ser marcado uma vez." Covered by
# test_scoring.test_each_item_scores_once_allocated_where_it_scores_most.


# "O campo ainda pontuará para cada tipo diferente de animal que contém, de modo que o campo pode
# ser marcado mais de uma vez." (Illustration: "= 1 ponto = 3 pontos = 6 pontos".)
def test_a_field_holding_sheep_pigs_and_cows_scores_once_for_each_type():
    state = position(2, to_move=1)
    home = state.villages[0].fields.fields_on((0, 0))
    for types, points in (({"sheep": 2}, 1), ({"sheep": 1, "pig": 3}, 3), ({"sheep": 1, "pig": 1, "cow": 2}, 6)):
        assert final_score(ended(with_animals(state, 0, {home[0]: types}), start=1), 0) == points


# "Cada hexágono que possua um campo conectado em hillside irá contribuir para a pontuação de
# hillside, independentemente se esse hexágono já tenha sido pontuado anteriormente."
def test_a_hex_in_hillsides_field_counts_even_if_it_scores_otherwise():
    # Keythedral (12 points) beside Hillside, grass to grass: its hex is in Hillside's field.
    placed = [("hillside", (0, 1), None), ("keythedral", (1, 1), None)]
    state = position(2, villages=[placed, []], to_move=1)
    fields = state.villages[0].fields
    (field,) = fields.fields_on((0, 1))
    assert fields.cells_of(field) == ((0, 0), (0, 1), (1, 1))
    assert final_score(ended(state, start=1), 0) == 12 + 2


# === Detalhe dos hexagonos (the tiles' texts: their general rules) ==================================

# "Os recursos nos hexagonos da ordem de turno são recebidos quando um jogador recebe os
# trabalhadores e tokens de habilidade de um dos barcos [...] Um jogador não pode colocar
# trabalhadores nos hexagonos da ordem de turno para gerar recursos." See the setup tests above.


# "Se um jogador ganhar o lance para mais de um hexagono da ordem de turno, ele recebe os recursos
# de cada um dos hexagonos."
def test_a_player_winning_several_turn_order_tiles_receives_the_items_of_each():
    state = position(3, screens=[{"red": 3}] * 3)
    state = until_boats(play(state, "bid order1 1 red", "pass", "pass", "bid order2 1 red"))
    assert state.pending.seat == 0 and state.pending.then == (1, 2)  # one boat each all the same
    state = play(state, "boat keyflower")
    won = [dict(t.gives)["wheat"] for t, _ in state.components.turn_order_for(3, True) if t.number in (1, 2)]
    assert state.wheat[0] == sum(won)


# Sheep fold: "Observe que a área cercada no centro da ilustração do hexagono não cria um campo
# extra." Wheat field: "Observe que a área cercada no centro da ilustração Do hexagono não cria um
# campo extra."
@pytest.mark.parametrize("code", ["sheep_fold", "wheat_field"])
def test_the_fenced_area_in_the_middle_of_the_hex_is_no_extra_field(code):
    state = position(2, villages=[[(code, (1, -1), None)], []])
    fields = state.villages[0].fields
    own = {s for f in fields.fields_on((1, -1)) for s in fields.sectors(f) if s[0] == (1, -1)}
    assert len(own) == state.components.tile(code).sides.count(ROAD)


# Sheep shelter: "Note que o hexagono onde se encontra sheep helter não possui estradas e o campo
# que contem sheep shelter normalmente se estende por vários hexagonos."
# (No roads: test_components.test_road_counts_per_kind_of_hex.)
def test_the_sheep_shelters_one_field_extends_into_the_hexes_around_it():
    placed = [("sheep_shelter", (1, -1), None), ("pigsty", (2, -1), None)]
    state = position(2, villages=[placed, []])
    fields = state.villages[0].fields
    (field,) = fields.fields_on((1, -1))
    assert fields.cells_of(field) == ((0, 0), (1, -1), (2, -1))


# Hexagonos de inverno: "ao colocar hexagonos de inverno, tome cuidado para não conectar
# inadvertidamente dois campos que contenham o mesmo tipo de animal" See
# test_two_fields_of_one_type_joined_by_a_placed_hex_score_once above. Hillside's "Dica" says
# the same (Hillside's own example: test_rulebook_examples).


# === Variantes ======================================================================================

# "A - Variantes dos agricultores. Na primavera, verão e outono, jogue com os quatro hexágonos de
# aldeia do Keyflower - the Farmers mais uma série de hexágonos do Keyflower para completar o
# número necessário de hexágonos para cada estação."
# (Spring: test_rules_setup.test_variant_a_lays_out_every_farmers_spring_tile_and_deals_the_farmers_winter_tiles.)
@pytest.mark.parametrize("season", [1, 2])
def test_variant_a_lays_out_the_four_farmers_tiles_of_summer_and_autumn_with_base_tiles_to_fill(season):
    state = new(2, seed=3, first_game=True)
    while not (state.season == season and isinstance(state.pending, Turn)):
        state = play(state, "pass" if isinstance(state.pending, Turn) else sorted(legal(state))[0])
    offered = [t for t, _ in state.lots if not t.startswith("order")]
    farmers = {t.code for t in state.components.season_tiles(SEASONS[season], True) if t.farmers}
    assert len(offered) == state.components.per_season[0] and farmers <= set(offered)
    assert all(not state.components.tile(t).farmers for t in set(offered) - farmers)


# "Igualmente, ao distribuir os hexágonos de inverno, crie uma seleção com os seis hexágonos de
# inverno do Keyflower - the Farmers, adicionando uma série de hexágonos do Keyflower para
# completar o número necessário e, em seguida, distribua-os como normal." Covered for 2 players
# by test_rules_setup.test_variant_a_lays_out_every_farmers_spring_tile_and_deals_the_farmers_winter_tiles;
# for 6 players (18 tiles dealt):
def test_variant_a_deals_the_six_farmers_winter_tiles_and_base_ones_to_six_players():
    state = new(6, first_game=True)
    dealt = [code for hand in state.winter_hands for code in hand]
    farmers = {t.code for t in state.components.season_tiles("winter", True) if t.farmers}
    assert len(dealt) == len(set(dealt)) == 18 and farmers <= set(dealt)


# "B. Variante dos Jogadores. Os trabalhadores que um jogador recebe no início do jogo são
# colocados atrás da casinha escudo do jogador como costume." Covered by
# test_rules_setup.test_variant_b_only_the_starting_workers_stay_hidden.


# "Por exemplo: depois de ativar alehouse, brewer, inn ou tavern. Qualquer outro trabalhador: a
# aldeia do próprio jogador no final de uma temporada ou qualquer trabalhador verde (não extraído
# da bolsa) são colocados na frente da casinha escudo do jogador."
# (Drawn workers: test_rules_setup.test_variant_b_workers_gained_later_and_wheat_lie_open.)
def test_variant_b_workers_from_ones_own_village_and_from_the_boats_lie_open():
    state = position(2, screens=[{"red": 2}, {"red": 2}], villages=[[], [("keywood", (1, -1), 1)]], open_information=True)
    state = attrs.evolve(state, secret=state.screens)  # the position's workers as starting ones
    boats = tuple(attrs.evolve(c, workers=c.workers.add("blue", 2)) for c in state.boats)
    state = attrs.evolve(state, boats=boats, bag=state.bag.remove("blue").remove("blue"))
    state = play(state, "pass", "use keywood 1 red")  # seat 1 uses its own Keywood
    state = play(until_boats(state), "boat keyflower", "boat sea_bastion")
    seen = state.view(0)
    # Seat 1: the red worker back from its own village, the boat's two blue: open; one red hidden.
    assert seen.screens[1] == state.screens[1].minus(state.secret[1])
    assert seen.screens[1].named("blue") == 2 and seen.screens[1].named("red") == 1
    assert seen.hidden_workers[1] == 1


def test_variant_b_green_workers_lie_open():
    state = position(2, screens=[{"yellow": 2}, {"red": 1}], offer=["peddler"], open_information=True)
    state = attrs.evolve(state, secret=state.screens)
    state = play(state, "use peddler 1 yellow paying yellow")
    seen = state.view(1)
    assert seen.screens[0].named("green") == 1 and seen.hidden_workers[0] == 0


# "Os tokens de habilidade e tokens de trigo também são mantidos na frente da tela do jogador.
# Tokens de habilidade podem ser mantidos de face para baixo se forem recebidos de face para
# baixo." (Wheat: test_rules_setup.test_variant_b_workers_gained_later_and_wheat_lie_open.)
def test_variant_b_skills_received_face_up_from_a_boat_lie_open():
    state = position(2, screens=[{"red": 1}, {"red": 1}], open_information=True)
    boats = tuple(attrs.evolve(c, skills=c.skills.add("saw")) if c.boat == "keyflower" else c for c in state.boats)
    state = attrs.evolve(state, boats=boats, skill_pile=state.skill_pile.remove("saw"))
    state = play(until_boats(state), "boat keyflower", "boat sea_bastion")
    assert state.skills[0] == Skills.of(saw=1)
    assert state.view(1).skills[0] == Skills.of(saw=1)


def _with_a_boat_saw(open_information=True):
    """Seat 0 has taken the Keyflower boat, carrying a saw, at the end of spring."""
    state = position(2, screens=[{"red": 1}, {"red": 1}], open_information=open_information)
    boats = tuple(attrs.evolve(c, skills=c.skills.add("saw")) if c.boat == "keyflower" else c for c in state.boats)
    state = attrs.evolve(state, boats=boats, skill_pile=state.skill_pile.remove("saw"))
    return play(until_boats(state), "boat keyflower", "boat sea_bastion")


def test_variant_b_a_face_up_skill_is_spent_first_keeping_the_face_down_ones_secret():
    # As open workers are placed before hidden ones: paying the one kind held both ways leaves
    # the face-down tile hidden.
    state = _with_a_boat_saw()
    state = attrs.evolve(state, skills=(state.skills[0].add("saw"), state.skills[1]))
    spent = skills_without(state, 0, ("saw",))
    assert spent == ((Skills.of(saw=1), state.skills[1]), (Skills(), Skills()))


def test_variant_b_face_up_skills_survive_a_view_and_its_determinization():
    state = _with_a_boat_saw()
    seen = state.view(1)
    assert seen.open_skills[0] == Skills.of(saw=1)
    sampled = GAME.determinize(seen, Rng.from_seed(4))
    assert sampled.skills[0] == Skills.of(saw=1) and sampled.view(1) == seen and not invariants(sampled)


def test_without_variant_b_a_boats_skills_go_behind_the_screen():
    state = _with_a_boat_saw(open_information=False)
    assert state.skills[0] == Skills.of(saw=1) and state.open_skills[0] == Skills()
    assert state.view(1).skills[0] == Skills() and state.view(1).hidden_skills[0] == 1


def test_variant_b_skills_received_face_down_stay_hidden_but_counted():
    state = play(position(2, screens=RED, offer=["apprentice_hall"], open_information=True), "use apprentice_hall 1 red")
    assert state.skills[0].total == 1
    seen = state.view(1)
    assert seen.skills[0] == Skills() and seen.hidden_skills[0] == 1


# "C. Variante de habilidade mista. [...] os jogadores menos capazes ou inexperientes podem ser
# ajudados recebendo um trabalhador verde no início do jogo, além dos oito trabalhadores
# usuais." Covered by test_rules_setup.test_variant_c_gives_a_seat_an_extra_green_worker.
