"""At the Gates of Loyang's components: vegetables, shop, path, fields and the 70 action cards.

The data lives in ``data/*.toml``; :func:`load_components` reads it and checks it against the
rulebook's component list (6 vegetables, 8 private fields in two sets of 3/4/5/6 spaces, and 70
action cards: 6 common fields, 14 market stalls, 14 regular customers, 14 casual customers and 22
helpers of 20 kinds) and raises :class:`~tabletop.kernel.api.InvalidData` naming the table and
field of any defect. The standard components are loaded once, at import, as :data:`STANDARD`.

Cards are numbered: action cards ``0..69`` (common fields, stalls, regular customers, casual
customers, helpers, in that order) and private fields ``100..107``. States store these numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

import attrs

from tabletop.kernel.api import InvalidData
from tabletop.kernel.datafile import STATUSES, ComponentsOption, read_toml
from tabletop.kernel.pool import Pool

DATA_DIR = Path(__file__).parent / "data"
#: The six vegetables, in the order of every per-vegetable tuple.
VEGETABLES = ("wheat", "pumpkin", "turnip", "cabbage", "bean", "leek")


class Vegetables(Pool):
    """Counts of each vegetable in the order of :data:`VEGETABLES`: carts, storehouses, shops,
    the supply, what a customer wants. Never negative (see :class:`~tabletop.kernel.pool.Pool`);
    no caps: the box's tokens depend on the component data, and the players improvise tokens
    beyond them (``LoyangState.improvised``)."""

    __slots__ = ()
    KINDS = VEGETABLES
    CAPS = (None,) * len(VEGETABLES)
    INDEX = MappingProxyType({name: i for i, name in enumerate(VEGETABLES)})



#: Kinds of action card.
FIELD, STALL, REGULAR, CASUAL, HELPER = range(5)
KIND_NAMES = ("field", "stall", "regular customer", "casual customer", "helper")
#: Number of the first private field card.
PRIVATE_BASE = 100

#: The 20 helper kinds the engine knows, each with the number of cards the rulebook lists.
HELPER_KINDS: Mapping[str, int] = MappingProxyType({
    "bookkeeper": 1,
    "con_man": 1,
    "deliveryman": 1,
    "foreman": 1,
    "haggler": 1,
    "harvest_helper": 1,
    "maid": 1,
    "market_crier": 1,
    "market_woman": 1,
    "merchant": 1,
    "messenger_boy": 1,
    "official": 1,
    "ploughman": 1,
    "saleswoman": 1,
    "shopper": 1,
    "squire": 1,
    "subsistence_farmer": 1,
    "tenant_farmer": 1,
    "tout": 1,
    "trader": 3,
})


@attrs.frozen
class Vegetable:
    name: str
    buy: int
    sell: int
    tokens: int


@attrs.frozen
class FieldCard:
    """A field: its spaces and the vegetables it accepts (indices into the vegetable table).

    ``set`` is 1 or 2 for private fields (the two shuffled sets of the field pile), 0 for common
    fields (action cards, which cost 2 Cash when played) and the home field.
    """

    code: str
    spaces: int
    accepts: tuple[int, ...]
    set: int = 0


@attrs.frozen
class ActionCard:
    """One of the 70 action cards. Only the attributes of its kind are meaningful.

    * field: ``field``;
    * stall: ``slots`` = ((vegetable, bowls), ...), three of them;
    * regular customer: ``wants`` (two vegetables), ``pays`` (4 payments, bottom row first),
      ``start`` (blue dot of the introductory version);
    * casual customer: ``wants`` (three vegetables), ``price``;
    * helper: ``helper`` (the kind), ``name``, ``phases``, ``lantern``.
    """

    index: int
    kind: int
    code: str
    field: FieldCard | None = None
    slots: tuple[tuple[int, int], ...] = ()
    wants: tuple[int, ...] = ()
    pays: tuple[int, ...] = ()
    start: bool = False
    price: int = 0
    helper: str = ""
    name: str = ""
    phases: tuple[int, ...] = ()
    lantern: bool = False
    #: the vegetables a customer wants, as counts per vegetable
    want_counts: Vegetables = attrs.field(init=False)

    @want_counts.default
    def _count_wants(self) -> Vegetables:
        return Vegetables(self.wants.count(v) for v in range(6))


@attrs.frozen(cache_hash=True)  # hashed with every state that holds it
class Components:
    """Everything printed on the components that the rules need."""

    vegetables: tuple[Vegetable, ...]
    shop_slots: tuple[int, ...]
    shop_stock: Vegetables = attrs.field(converter=Vegetables)
    cash: int
    loan: int
    storehouse: int
    storehouse_upgraded: int
    upgrade_cost: int
    field_cost: int
    penalty: int
    path_start: int
    first_step: int
    path_values: tuple[int, ...]
    rounds: int
    hand: int
    solo_rows: tuple[int, ...]
    solo_columns: int
    solo_goals: tuple[tuple[str, int], ...]
    home: FieldCard
    private: tuple[FieldCard, ...]
    cards: tuple[ActionCard, ...]
    #: the vegetables the storehouse may hold (loyang.md §3: no source restricts them)
    storehouse_accepts: tuple[int, ...] = (0, 1, 2, 3, 4, 5)

    def __repr__(self) -> str:
        # The field-by-field repr runs to thousands of characters (in pydoc, in messages).
        return f"<Loyang components: {len(self.cards)} action cards, {len(self.private)} private fields>"

    @property
    def path_end(self) -> int:
        return len(self.path_values)

    def field(self, card: int) -> FieldCard:
        """The field printed on a private field number or a common field action card."""
        if card >= PRIVATE_BASE:
            return self.private[card - PRIVATE_BASE]
        field = self.cards[card].field
        assert field is not None
        return field

    def code(self, card: int) -> str:
        if card >= PRIVATE_BASE:
            return self.private[card - PRIVATE_BASE].code
        return self.cards[card].code

    def of_kind(self, kind: int) -> tuple[int, ...]:
        return tuple(c.index for c in self.cards if c.kind == kind)

    def helper_cards(self, helper: str) -> tuple[int, ...]:
        return tuple(c.index for c in self.cards if c.helper == helper)

    def as_data(self) -> dict[str, Any]:
        """These components as data files (file name -> tables) of plain JSON values, which
        :func:`components_from_data` reads back into equal components.

        The data is written from the components themselves (not kept from loading), so it is
        right for components changed with ``attrs.evolve`` too. Components the data files
        cannot express (cards out of the loader's order, counts off the rulebook) raise
        ``ValueError``: a record of them would not replay.
        """
        data = _as_files(self)
        try:
            same = components_from_data(data) == self
        except InvalidData as err:
            raise ValueError(f"these Loyang components do not pass the rulebook's checks: {err}") from None
        if not same:
            raise ValueError(
                "these Loyang components cannot be written as data files: the cards are not in the "
                "order the loader gives them (fields, stalls, regular then casual customers by code, helpers)"
            )
        return data


def _table(data: Mapping[str, Any], file: str, name: str) -> Mapping[str, Any]:
    table = data.get(name)
    if not isinstance(table, Mapping):
        raise InvalidData(f"{file}: table [{name}] is missing")
    for key in ("source", "status"):
        if not isinstance(table.get(key), str):
            raise InvalidData(f"{file}: table [{name}] has no {key!r}")
    if table["status"] not in STATUSES:
        raise InvalidData(f"{file}: table [{name}] field 'status' must be one of {STATUSES}")
    return table


def _get(table: Mapping[str, Any], where: str, key: str, kind: type) -> Any:
    if not isinstance(table, Mapping):
        raise InvalidData(f"{where} must be a table, not {table!r}")
    value = table.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise InvalidData(f"{where} field {key!r} must be a {kind.__name__}")
    return value


def _ints(table: Mapping[str, Any], where: str, key: str, length: int) -> tuple[int, ...]:
    value = _get(table, where, key, list)
    if len(value) != length or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise InvalidData(f"{where} field {key!r} must be a list of {length} integers")
    return tuple(value)


# The ranges numbers of the data files must keep (loyang.md gives the printed values, in
# brackets; a corrected box may differ, but not so far that the rules stop making sense:
# no negative price, Cash or payment, a path that can be climbed, a storehouse that fits the
# shop's vegetables).
PRICE = (1, 20)  # a vegetable's buy price [3-6]; its sell price is 1 to its buy price [1-2]
MONEY = (0, 100)  # Cash amounts: payments of regular customers [0-8?], solo grid rows [0-2]
CASUAL_PRICE = (2, 30)  # a casual customer's price [7-12]; at least 2, the -2 modifier's
PATH_COST = (1, 100)  # the printed cost of a path space [1-20]

#: board.toml's single numbers: (table, field, Components attribute, lowest, highest).
BOARD_NUMBERS = (
    ("player", "cash", "cash", 0, 100),  # [10]
    ("player", "loan", "loan", 1, 100),  # [5]
    ("player", "storehouse", "storehouse", 1, 13),  # [1]
    ("player", "storehouse_upgraded", "storehouse_upgraded", 1, 13),  # [4]
    ("player", "upgrade_cost", "upgrade_cost", 0, 100),  # [2]
    ("player", "common_field_cost", "field_cost", 0, 100),  # [2]
    ("player", "regular_penalty", "penalty", 0, 100),  # [2]
    ("path", "start", "path_start", 1, 20),  # [1]
    ("path", "first_step", "first_step", 0, 100),  # [1]
    ("rounds", "rounds", "rounds", 1, 20),  # [9]
    ("rounds", "hand", "hand", 1, 10),  # [4]
    ("rounds", "solo_columns", "solo_columns", 1, 10),  # [3]
)


def _in_range(where: str, key: str, value: int, low: int, high: int) -> int:
    if not low <= value <= high:
        raise InvalidData(f"{where} field {key!r} must be {low} to {high}, not {value}")
    return value


def _board_numbers(
    player: Mapping[str, Any], path: Mapping[str, Any], rounds: Mapping[str, Any], path_end: int
) -> dict[str, int]:
    """The single numbers of board.toml by Components attribute, each checked in its range."""
    tables = {"player": player, "path": path, "rounds": rounds}
    out = {}
    for table, key, attribute, low, high in BOARD_NUMBERS:
        where = f"board.toml [{table}]"
        out[attribute] = _in_range(where, key, _get(tables[table], where, key, int), low, high)
    if out["storehouse_upgraded"] < out["storehouse"]:
        raise InvalidData("board.toml [player] field 'storehouse_upgraded': the upgraded side holds no fewer")
    if out["path_start"] > path_end:
        raise InvalidData("board.toml [path] field 'start': the scoring marker starts on the path")
    return out


def _rows(data: Mapping[str, Any], file: str, tables: tuple[str, ...], key: str) -> list[tuple[str, Any]]:
    """The rows of list ``key`` in the tables (e.g. certain data, then chosen data), each with
    the place it came from for error messages."""
    return [
        (f"{file} [{t}] {key}[{i}]", row)
        for t in tables
        for i, row in enumerate(_get(_table(data, file, t), f"{file} [{t}]", key, list))
    ]


def _veg(names: tuple[str, ...], where: str, key: str, value: Any) -> int:
    if value not in names:
        raise InvalidData(f"{where} field {key!r}: unknown vegetable {value!r}")
    return names.index(value)


def _field(names: tuple[str, ...], where: str, row: Any, in_set: bool = False) -> FieldCard:
    """A field card: code, spaces, the vegetables it accepts and (private fields) its set."""
    return FieldCard(
        _get(row, where, "code", str),
        _get(row, where, "spaces", int),
        tuple(_veg(names, where, "accepts", v) for v in _get(row, where, "accepts", list)),
        _get(row, where, "set", int) if in_set else 0,
    )


def _by_code(row: tuple[str, Any]) -> str:
    """Customers are numbered in the order of their codes, whichever table they stand in."""
    return str(row[1].get("code")) if isinstance(row[1], Mapping) else ""


#: The data files of a box, in the order they are read.
DATA_FILES: tuple[str, ...] = ("board.toml", "fields.toml", "stalls.toml", "customers.toml", "helpers.toml")


def load_components(path: str | Path | None = None) -> Components:
    """Read and check the component data in ``path`` (default: the package's ``data`` folder).

    Raises :class:`~tabletop.kernel.api.InvalidData` naming the file, table and field of any defect.
    """
    folder = Path(path) if path is not None else DATA_DIR
    return components_from_data({name: read_toml(folder, name) for name in DATA_FILES})


def _file(data: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    tables = data.get(name)
    if not isinstance(tables, Mapping):
        raise InvalidData(f"{name}: the data file is missing")
    return tables


def components_from_data(data: Mapping[str, Any]) -> Components:
    """Check and build the components from the parsed data files (file name -> its tables).

    This is :func:`load_components` once the files are read; the data of a game record
    (:meth:`Components.as_data`) is read back through it, so both are checked alike.
    """
    if not isinstance(data, Mapping):
        raise InvalidData(f"the component data must map file names to their tables, not {data!r}")
    board = _read_board(_file(data, "board.toml"))
    names = tuple(v.name for v in board.vegetables)
    home, private, commons = _read_fields(names, _file(data, "fields.toml"))
    cards: list[ActionCard] = [ActionCard(i, FIELD, f.code, field=f) for i, f in enumerate(commons)]
    _read_stalls(names, _file(data, "stalls.toml"), cards)
    customers = _file(data, "customers.toml")
    _read_regular_customers(names, customers, cards)
    _read_casual_customers(names, customers, cards)
    _read_helpers(_file(data, "helpers.toml"), cards)
    codes = [c.code for c in cards] + [f.code for f in private]
    if len(set(codes)) != len(codes):
        raise InvalidData("card codes must be unique across fields.toml, stalls.toml, customers.toml and helpers.toml")
    if len(cards) != 70:
        raise InvalidData("the action deck must hold 70 cards")
    return Components(
        **board.numbers,
        vegetables=board.vegetables,
        shop_slots=board.shop_slots,
        shop_stock=board.shop_stock,
        path_values=board.path_values,
        solo_rows=board.solo_rows,
        solo_goals=board.solo_goals,
        home=home,
        private=private,
        cards=tuple(cards),
        storehouse_accepts=board.storehouse_accepts,
    )


@attrs.frozen
class _Board:
    """What ``board.toml`` gives, checked."""

    vegetables: tuple[Vegetable, ...]
    shop_slots: tuple[int, ...]
    shop_stock: tuple[int, ...]
    storehouse_accepts: tuple[int, ...]
    path_values: tuple[int, ...]
    solo_rows: tuple[int, ...]
    solo_goals: tuple[tuple[str, int], ...]
    numbers: Mapping[str, Any]


def _read_vegetables(board: Mapping[str, Any]) -> tuple[Vegetable, ...]:
    veg_rows = _get(_table(board, "board.toml", "vegetables"), "board.toml [vegetables]", "rows", list)
    vegetables = []
    for i, row in enumerate(veg_rows):
        where = f"board.toml [vegetables] rows[{i}]"
        if not isinstance(row, Mapping):
            raise InvalidData(f"{where} must be a table")
        vegetable = Vegetable(
            _get(row, where, "name", str), _get(row, where, "buy", int), _get(row, where, "sell", int),
            _get(row, where, "tokens", int),
        )
        _in_range(where, "buy", vegetable.buy, *PRICE)
        _in_range(where, "sell", vegetable.sell, 1, vegetable.buy)  # never more than it costs: no money pump
        vegetables.append(vegetable)
    if tuple(v.name for v in vegetables) != ("wheat", "pumpkin", "turnip", "cabbage", "bean", "leek"):
        raise InvalidData(
            "board.toml [vegetables] field 'rows': the six vegetables must be wheat, pumpkin, turnip,"
            " cabbage, bean, leek in that order"
        )
    if sum(v.tokens for v in vegetables) != 231 or min(v.tokens for v in vegetables) <= 0:
        raise InvalidData("board.toml [vegetables] field 'tokens': 231 vegetable tokens, some of each kind")
    return tuple(vegetables)


def _read_board(board: Mapping[str, Any]) -> _Board:
    vegetables = _read_vegetables(board)
    names = tuple(v.name for v in vegetables)
    shop = _table(board, "board.toml", "shop")
    slots = _ints(shop, "board.toml [shop]", "slots", 6)
    stock = _ints(shop, "board.toml [shop]", "stock", 6)
    if min(slots) < 1 or min(stock) < 0 or sum(slots) != 13 or any(s > n for s, n in zip(stock, slots)) or sum(stock) != 11:
        raise InvalidData(
            "board.toml [shop] fields 'slots'/'stock': the shop has 13 spaces, 11 of them filled at setup"
        )
    store_t = _table(board, "board.toml", "storehouse")
    sw = "board.toml [storehouse]"
    store_accepts = tuple(sorted({_veg(names, sw, "accepts", v) for v in _get(store_t, sw, "accepts", list)}))
    if not store_accepts:
        raise InvalidData(f"{sw} field 'accepts': the storehouse holds at least one kind of vegetable")
    player = _table(board, "board.toml", "player")
    path_t = _table(board, "board.toml", "path")
    # The path of prosperity has 20 spaces.
    values = _ints(path_t, "board.toml [path]", "values", 20)
    for i, value in enumerate(values):
        _in_range("board.toml [path]", f"values[{i}]", value, *PATH_COST)
    if any(b < a for a, b in zip(values, values[1:])):
        raise InvalidData("board.toml [path] field 'values': the printed costs never decrease along the path")
    rounds_t = _table(board, "board.toml", "rounds")
    rw = "board.toml [rounds]"
    goals = _get(rounds_t, rw, "solo_goals", dict)
    if not goals or not all(type(v) is int and 1 <= v <= len(values) for v in goals.values()):
        raise InvalidData(f"{rw} field 'solo_goals' must map rating names to spaces of the path (1-{len(values)})")
    # The solo grid has 4 rows.
    rows = _ints(rounds_t, rw, "solo_rows", 4)
    for i, price in enumerate(rows):
        _in_range(rw, f"solo_rows[{i}]", price, *MONEY)
    return _Board(
        vegetables=vegetables,
        shop_slots=slots,
        shop_stock=stock,
        storehouse_accepts=store_accepts,
        path_values=tuple(values),
        solo_rows=tuple(rows),
        solo_goals=tuple((k, int(v)) for k, v in goals.items()),
        numbers=_board_numbers(player, path_t, rounds_t, len(values)),
    )


def _read_fields(
    names: tuple[str, ...], fields: Mapping[str, Any]
) -> tuple[FieldCard, tuple[FieldCard, ...], tuple[FieldCard, ...]]:
    """The home field, the 8 private fields and the 6 common fields of ``fields.toml``."""
    hw = "fields.toml [home]"
    home = _field(names, hw, _table(fields, "fields.toml", "home"))
    if home.spaces != 9:
        raise InvalidData(f"{hw} field 'spaces': the home field has 9 spaces")
    if len(home.accepts) < 2:
        raise InvalidData(f"{hw} field 'accepts': 4 players need at least 2 vegetables (at most 2 players each)")
    private = [
        _field(names, where, row, in_set=True) for where, row in _rows(fields, "fields.toml", ("private",), "fields")
    ]
    for s in (1, 2):
        sizes = sorted(f.spaces for f in private if f.set == s)
        if sizes != [3, 4, 5, 6]:
            raise InvalidData(f"fields.toml [private] field 'fields': set {s} must hold fields of 3, 4, 5 and 6 spaces")
    if len(private) != 8:
        raise InvalidData("fields.toml [private] field 'fields': there are 8 private fields per player")
    commons = [_field(names, where, row) for where, row in _rows(fields, "fields.toml", ("common",), "fields")]
    if sorted(f.spaces for f in commons) != [3, 3, 4, 4, 5, 5]:
        raise InvalidData("fields.toml [common] field 'fields': 6 common fields, 2 each of 3, 4 and 5 spaces")
    for f in [home, *private, *commons]:
        if not f.accepts:
            raise InvalidData(f"fields.toml field 'accepts' of {f.code}: a field accepts at least one vegetable")
    return home, tuple(private), tuple(commons)


def _read_stalls(names: tuple[str, ...], stalls: Mapping[str, Any], cards: list[ActionCard]) -> None:
    """Add the 14 market stalls of ``stalls.toml`` to ``cards``."""
    stall_rows = _rows(stalls, "stalls.toml", ("certain", "chosen"), "stalls")
    if len(stall_rows) != 14:
        raise InvalidData("stalls.toml field 'stalls': there are 14 market stalls")
    for where, row in stall_rows:
        raw = _get(row, where, "slots", list)
        if len(raw) != 3:
            raise InvalidData(f"{where} field 'slots': a market stall holds 3 vegetables")
        slots: list[tuple[int, int]] = []
        for pair in raw:
            if not isinstance(pair, list) or len(pair) != 2 or type(pair[1]) is not int or pair[1] not in (1, 2):
                raise InvalidData(f"{where} field 'slots': each slot is [vegetable, bowls] with 1 or 2 bowls")
            slots.append((_veg(names, where, "slots", pair[0]), pair[1]))
        cards.append(ActionCard(len(cards), STALL, _get(row, where, "code", str), slots=tuple(slots)))


def _read_regular_customers(names: tuple[str, ...], customers: Mapping[str, Any], cards: list[ActionCard]) -> None:
    """Add the 14 regular customers of ``customers.toml`` to ``cards``."""
    regular_rows = _rows(customers, "customers.toml", ("regular_certain", "regular_chosen"), "customers")
    if len(regular_rows) != 14:
        raise InvalidData("customers.toml field 'customers': there are 14 regular customers")
    for where, row in sorted(regular_rows, key=_by_code):
        wants = tuple(_veg(names, where, "wants", v) for v in _get(row, where, "wants", list))
        pays = _ints(row, where, "pays", 4)
        if len(wants) != 2:
            raise InvalidData(f"{where} field 'wants': a regular customer wants 2 vegetables")
        for k, pay in enumerate(pays):
            _in_range(where, f"pays[{k}]", pay, *MONEY)
        if any(b < a for a, b in zip(pays, pays[1:])):
            raise InvalidData(f"{where} field 'pays': payments do not decrease from the bottom row up")
        start = row.get("start")
        if not isinstance(start, bool):
            raise InvalidData(f"{where} field 'start' must be true or false")
        code = _get(row, where, "code", str)
        cards.append(ActionCard(len(cards), REGULAR, code, wants=wants, pays=pays, start=start))
    if sum(c.start for c in cards) != 4:
        raise InvalidData("customers.toml field 'start': exactly 4 regular customers are start cards")


def _read_casual_customers(names: tuple[str, ...], customers: Mapping[str, Any], cards: list[ActionCard]) -> None:
    """Add the 14 casual customers of ``customers.toml`` to ``cards``."""
    casual_rows = _rows(customers, "customers.toml", ("casual_certain", "casual_chosen"), "customers")
    if len(casual_rows) != 14:
        raise InvalidData("customers.toml field 'customers': there are 14 casual customers")
    for where, row in sorted(casual_rows, key=_by_code):
        wants = tuple(_veg(names, where, "wants", v) for v in _get(row, where, "wants", list))
        if len(wants) != 3:
            raise InvalidData(f"{where} field 'wants': a casual customer wants 3 vegetables")
        code = _get(row, where, "code", str)
        price = _in_range(where, "price", _get(row, where, "price", int), *CASUAL_PRICE)
        cards.append(ActionCard(len(cards), CASUAL, code, wants=tuple(sorted(wants)), price=price))


def _read_helpers(helpers: Mapping[str, Any], cards: list[ActionCard]) -> None:
    """Add the 22 helper cards of ``helpers.toml`` to ``cards``."""
    lanterns = set(map(str, _get(_table(helpers, "helpers.toml", "lanterns"), "helpers.toml [lanterns]", "codes", list)))
    kinds: dict[str, int] = {}
    for i, row in enumerate(_get(_table(helpers, "helpers.toml", "names"), "helpers.toml [names]", "helpers", list)):
        where = f"helpers.toml [names] helpers[{i}]"
        kind = _get(row, where, "kind", str)
        if kind not in HELPER_KINDS:
            raise InvalidData(f"{where} field 'kind': unknown helper {kind!r}")
        kinds[kind] = kinds.get(kind, 0) + 1
        phases = tuple(_get(row, where, "phases", list))
        if not phases or not all(p in (1, 2, 3) and type(p) is int for p in phases):
            raise InvalidData(f"{where} field 'phases': a list of the phases 1, 2 and 3")
        code = _get(row, where, "code", str)
        cards.append(
            ActionCard(
                len(cards), HELPER, code, helper=kind, name=_get(row, where, "name", str),
                phases=phases, lantern=code in lanterns,
            )
        )
    if kinds != dict(HELPER_KINDS):
        raise InvalidData("helpers.toml field 'helpers': 22 helper cards, 20 different, the Trader three times")
    if len(lanterns) != 9 or not lanterns <= {c.code for c in cards if c.kind == HELPER}:
        raise InvalidData("helpers.toml [lanterns] field 'codes': 9 helper cards (by code) carry the lantern")


#: Source and status of every table written by :meth:`Components.as_data`.
_WRITTEN = {"source": "written by tabletop from a Components object (Components.as_data)", "status": "provisional"}


def _as_files(comps: Components) -> dict[str, Any]:
    """The data files :func:`components_from_data` reads, written from ``comps``."""
    names = [v.name for v in comps.vegetables]

    def table(**fields: Any) -> dict[str, Any]:
        return {**_WRITTEN, **fields}

    def field(f: FieldCard, in_set: bool = False) -> dict[str, Any]:
        row: dict[str, Any] = {"code": f.code, "spaces": f.spaces, "accepts": [names[v] for v in f.accepts]}
        return {**row, "set": f.set} if in_set else row

    def of_kind(kind: int) -> list[ActionCard]:
        return [c for c in comps.cards if c.kind == kind]

    commons = [field(c.field) for c in of_kind(FIELD) if c.field is not None]
    stalls = [{"code": c.code, "slots": [[names[v], bowls] for v, bowls in c.slots]} for c in of_kind(STALL)]
    regulars = [
        {"code": c.code, "wants": [names[v] for v in c.wants], "pays": list(c.pays), "start": c.start}
        for c in of_kind(REGULAR)
    ]
    casuals = [{"code": c.code, "wants": [names[v] for v in c.wants], "price": c.price} for c in of_kind(CASUAL)]
    helpers = [
        {"code": c.code, "kind": c.helper, "name": c.name, "phases": list(c.phases)} for c in of_kind(HELPER)
    ]
    return {
        "board.toml": {
            "vegetables": table(
                rows=[{"name": v.name, "buy": v.buy, "sell": v.sell, "tokens": v.tokens} for v in comps.vegetables]
            ),
            "shop": table(slots=list(comps.shop_slots), stock=list(comps.shop_stock)),
            "player": table(
                cash=comps.cash,
                loan=comps.loan,
                storehouse=comps.storehouse,
                storehouse_upgraded=comps.storehouse_upgraded,
                upgrade_cost=comps.upgrade_cost,
                common_field_cost=comps.field_cost,
                regular_penalty=comps.penalty,
            ),
            "storehouse": table(accepts=[names[v] for v in comps.storehouse_accepts]),
            "path": table(start=comps.path_start, first_step=comps.first_step, values=list(comps.path_values)),
            "rounds": table(
                rounds=comps.rounds,
                hand=comps.hand,
                solo_rows=list(comps.solo_rows),
                solo_columns=comps.solo_columns,
                solo_goals=dict(comps.solo_goals),
            ),
        },
        "fields.toml": {
            "home": table(**field(comps.home)),
            "private": table(fields=[field(f, in_set=True) for f in comps.private]),
            "common": table(fields=commons),
        },
        "stalls.toml": {"certain": table(stalls=stalls), "chosen": table(stalls=[])},
        "customers.toml": {
            "regular_certain": table(customers=regulars),
            "regular_chosen": table(customers=[]),
            "casual_certain": table(customers=casuals),
            "casual_chosen": table(customers=[]),
        },
        "helpers.toml": {
            "names": table(helpers=helpers),
            "lanterns": table(codes=[c.code for c in comps.cards if c.lantern]),
        },
    }


#: The components of the published game (provisional where the public record is silent).
STANDARD = load_components()


#: The ``components`` option of ``new_game``, and its data in game records and saved states.
COMPONENTS = ComponentsOption("Loyang", Components, STANDARD, load_components, components_from_data)
