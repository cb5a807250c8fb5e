"""A plain-text picture of a game of At the Gates of Loyang: the table, then each player's board.

Vegetables are counted with their initials (``2W 1B``: two wheat, one bean: W wheat, P pumpkin,
T turnip, C cabbage, B bean, L leek); cards are written with the codes moves use (``S03``,
``R07``, ``C09``, ``F4a``, ``P5b``, helpers by name); fields by their place in the field row
(``0`` leftmost), as moves give them. A hidden card (another player's hand in a view) is ``?``.
The player to move is marked ``>``.
"""

from __future__ import annotations

import textwrap

from tabletop.kernel.engine import CHANCE, seat_name
from tabletop.loyang.components import CASUAL, FIELD, HELPER, REGULAR, VEGETABLES, Components
from tabletop.loyang.state import (
    ACTION,
    CARD,
    DELIVERED,
    DOUBLED,
    DUE,
    PHASE_NAMES,
    SETTLED,
    ActionsPending,
    AdvancePending,
    BonusPending,
    CashPending,
    CourtyardFlip,
    CourtyardPending,
    CrierPending,
    FieldDraw,
    ForemanPending,
    GivePending,
    GridDraw,
    HandDeal,
    HarvestPending,
    IntroDeal,
    KeepPending,
    LoyangState,
    MerchantPending,
    OfferPending,
    OpponentDraw,
    PartnerPending,
    Pending,
    Player,
    ShopPending,
    SowHomePending,
    SquirePending,
    StartPlayerDraw,
    StorePending,
    TwoPackDraw,
    pile_cards,
)

#: The widest line of the picture.
WIDTH = 96

_SHORT = ("W", "P", "T", "C", "B", "L")
_STATUS = {DUE: "due this round", DELIVERED: "served", DOUBLED: "served twice", SETTLED: "settled this round"}


def _vegs(counts: tuple[int, ...]) -> str:
    text = " ".join(f"{n}{_SHORT[v]}" for v, n in enumerate(counts) if n)
    return text or "-"


def _code(components: Components, card: int) -> str:
    """A card's code, or ``?`` for a hidden one."""
    return "?" if card < 0 else components.code(card)


def _cards(components: Components, cards: tuple[int, ...]) -> str:
    return " ".join(_code(components, c) for c in cards) or "-"


def describe_card(components: Components, card: int) -> str:
    """A card's code and what it shows: a field's size and crops, a stall's goods, a customer's
    demand and payments, a helper's name. A hidden card is ``?``."""
    if card < 0:
        return "?"
    info = components.cards[card]
    code = components.code(card)
    if info.kind == FIELD:
        assert info.field is not None
        takes = "".join(_SHORT[v] for v in info.field.accepts)
        return f"{code} common field, {info.field.spaces} spaces, takes {takes}"
    if info.kind == REGULAR:
        dot = ", blue dot" if info.start else ""
        wants = "+".join(VEGETABLES[v] for v in info.wants)
        return f"{code} regular customer: {wants}, pays {'/'.join(map(str, info.pays))}{dot}"
    if info.kind == CASUAL:
        return f"{code} casual customer: {'+'.join(VEGETABLES[v] for v in info.wants)}, pays {info.price}"
    if info.kind == HELPER:
        name = "" if info.name == code else f" ({info.name})"
        phases = [PHASE_NAMES[ph] for ph in info.phases]
        when = ", ".join(phases[:-1]) + " and " + phases[-1] + " phases" if len(phases) > 1 else phases[0] + " phase"
        return f"{code}: helper{name}, {when}"
    goods = " ".join(f"[{VEGETABLES[v]} for {b}]" for v, b in info.slots)
    return f"{code} stall {goods}"


def _described(label: str, components: Components, cards: tuple[int, ...]) -> list[str]:
    """One line per visible card with its contents; hidden cards together on one line."""
    hidden = [c for c in cards if c < 0]
    lines = [f"  {label:<11}{describe_card(components, c)}" for c in cards if c >= 0]
    if hidden:
        lines.append(f"  {label:<11}{' '.join('?' for _ in hidden)}")
    return lines


def _seat(seat: int) -> str:
    return "the supply" if seat < 0 else f"seat {seat}"


def _wrapped(label: str, text: str, sep: str = " ") -> list[str]:
    """``text`` after an indented, aligned ``label``, in lines of at most :data:`WIDTH` columns.

    The text is cut only where ``sep`` stands, so an item between separators stays whole.
    """
    head = f"  {label:<11}"
    items = text.split(sep)
    lines = [head + items[0]]
    for item in items[1:]:
        if len(lines[-1]) + len(sep) + len(item) + len(sep.rstrip()) > WIDTH:  # room for a closing sep
            lines[-1] += sep.rstrip()
            lines.append(" " * len(head) + item)
        else:
            lines[-1] += sep + item
    return lines


def _fields(components: Components, player: Player) -> str:
    home = components.home
    if player.home_veg >= 0:
        parts = [f"home {VEGETABLES[player.home_veg]} {player.home_count}/{home.spaces}"]
    else:
        parts = [f"home empty/{home.spaces}"]
    for pos, f in enumerate(player.fields):
        info = components.field(f.card)
        if f.veg >= 0:
            parts.append(f"{pos}:{components.code(f.card)} {VEGETABLES[f.veg]} {f.count}/{info.spaces}")
        else:
            accepts = "".join(_SHORT[v] for v in info.accepts)
            parts.append(f"{pos}:{components.code(f.card)} empty/{info.spaces} takes {accepts}")
    return " | ".join(parts)


def render_player(state: LoyangState, seat: int) -> str:
    """One player's board: money, path, shop, cart, storehouse, fields and the cards in play."""
    if seat >= state.n:
        lines = ["  solo opponent (only lantern helpers reach it)"]
    else:
        lines = _board_lines(state, seat)
    return "\n".join(lines + _card_lines(state.components, state.seats[seat]))


def _board_lines(state: LoyangState, seat: int) -> list[str]:
    """Money, path, tokens, shop, cart, storehouse and fields."""
    components = state.components
    player: Player = state.seats[seat]
    tokens = []
    if state.n > 1 and seat == state.start:
        tokens.append("start player")
    if state.n > 1 and seat == state.second:
        tokens.append("second player")
    if state.partner and seat < len(state.partner):
        tokens.append(f"partner: seat {state.partner[seat]}")
    if state.phase == ACTION and seat < len(state.done) and state.done[seat]:
        tokens.append("done")
    mark = ">" if seat == state.to_move else " "
    capacity = components.storehouse_upgraded if player.upgraded else components.storehouse
    head = f"{mark} seat {seat}: cash {player.cash}, path {player.position}/{components.path_end}, loans {player.loans}"
    if player.loans:
        head += f" (-{player.loans} point{'s' if player.loans != 1 else ''})"
    lines = textwrap.wrap(head + (f"  [{', '.join(tokens)}]" if tokens else ""), WIDTH, subsequent_indent="    ")
    shop = " ".join(f"{_SHORT[v]}{player.shop[v]}/{components.shop_slots[v]}" for v in range(6))
    lines.extend(_wrapped("shop", shop))
    lines.extend(_wrapped("cart", f"{_vegs(player.cart)};  storehouse {_vegs(player.storehouse)} (holds {capacity})"))
    lines.extend(_wrapped("fields", _fields(components, player), " | "))
    fields = pile_cards(player)
    pile = f"{len(fields)} {'card' if len(fields) == 1 else 'cards'}: {_cards(components, fields)}" if fields else "empty"
    lines.extend(_wrapped("field pile", pile))
    return lines


def _card_lines(components: Components, player: Player) -> list[str]:
    """Stalls, customers, helpers, two-packs, the hand and a held blue-dot customer."""
    lines: list[str] = []
    stalls = []
    for stall in player.stalls:
        slots = components.cards[stall.card].slots
        goods = " ".join(
            f"[{VEGETABLES[v]} for {b}]" if full else "[--]" for (v, b), full in zip(slots, stall.goods, strict=True)
        )
        stalls.append(f"{components.code(stall.card)} {goods}")
    if stalls:
        lines.extend(_wrapped("stalls", "; ".join(stalls), "; "))
    for r in player.regulars:
        info = components.cards[r.card]
        wants = "+".join(VEGETABLES[v] for v in info.wants)
        pays = "/".join(f"[{pay}]" if row == r.rows else str(pay) for row, pay in enumerate(info.pays))
        status = _STATUS[r.status]
        marker = "red marker" if r.red else "blue marker"
        text = f"{info.code} {wants} pays {pays} ({r.rows}/4 rows), {marker}, {status}"
        lines.extend(_wrapped("regular", text))
    for c in player.casuals:
        info = components.cards[c]
        lines.extend(_wrapped("casual", f"{info.code} {'+'.join(VEGETABLES[v] for v in info.wants)} pays {info.price}"))
    if player.helpers:
        names = [components.cards[h].name or components.code(h) for h in player.helpers]
        fresh = [components.cards[h].name or components.code(h) for h in player.fresh if h in player.helpers]
        text = ", ".join(names) + (f" (new this round: {', '.join(fresh)})" if fresh else "")
        lines.extend(_wrapped("helpers", text))
    for top, lower in player.covered:
        lines.extend(_wrapped("two-pack", f"{_code(components, top)} over {_code(components, lower)}"))
    if player.hand:
        lines.extend(_described("hand", components, player.hand))
    if player.hidden_hand:
        lines.extend(_wrapped("hand", " ".join("?" * player.hidden_hand)))
    if player.intro != -1:
        lines.extend(_described("intro", components, (player.intro,)))
    if player.hidden_intro:
        lines.extend(_wrapped("intro", "?"))
    return lines


def _chance_text(pending: Pending) -> str:
    if isinstance(pending, StartPlayerDraw):
        return "the start player is chosen"
    if isinstance(pending, IntroDeal):
        return f"a blue-dot regular customer is dealt to seat {pending.to}"
    if isinstance(pending, OpponentDraw):
        return "a card is turned up for the imaginary opponent"
    if isinstance(pending, GridDraw):
        return f"a card is drawn for place {pending.pos} of the grid"
    if isinstance(pending, HandDeal):
        return f"a card is dealt to seat {pending.to}"
    if isinstance(pending, CourtyardFlip):
        return "the top card of the deck is turned into the courtyard"
    if isinstance(pending, TwoPackDraw):
        return "a card of the two-pack is drawn"
    assert isinstance(pending, FieldDraw)
    return f"seat {pending.owner} turns over the top field of the pile"


def decision_text(state: LoyangState, pending: Pending) -> str:
    """The decision on top of the stack, in words."""
    components = state.components
    if pending.seat == CHANCE:
        return f"a random event: {_chance_text(pending)}"
    if isinstance(pending, SowHomePending):
        choices = ", ".join(VEGETABLES[v] for v in components.home.accepts)
        return f"setup: buy {choices} from your shop and sow your home field"
    if isinstance(pending, HarvestPending):
        chosen = " ".join(map(str, pending.chosen)) or "none"
        return f"harvest: pick fields for the Harvest helper (chosen: {chosen}), or harvest"
    if isinstance(pending, CourtyardPending):
        flipped = " (a card was flipped)" if pending.flipped else ""
        return f"card phase: put a hand card in the courtyard, or take cards and drop out{flipped}"
    if isinstance(pending, SquirePending):
        picked = _cards(components, pending.picked)
        return f"Squire: pick up to 3 courtyard cards to play with {_code(components, pending.hand_card)} (picked {picked})"
    if isinstance(pending, OfferPending):
        return f"solo card phase: buy cards from the grid ({pending.bought} of {pending.limit} bought), or done"
    if isinstance(pending, PartnerPending):
        return "choose a partner for the action phase"
    if isinstance(pending, ActionsPending):
        extras = [
            name
            for name, on in (
                ("two-pack drawn", pending.two_pack),
                ("Maid", pending.maid),
                ("Messenger boy", pending.messenger),
                ("Official", pending.official),
                ("Saleswoman bonus", pending.bonus),
            )
            if on
        ]
        used = f" (this turn: {', '.join(extras)})" if extras else ""
        return f"action phase: plant, buy, sell, trade, serve customers, play a card... or end{used}"
    return _action_decision_text(state, pending)


def _action_decision_text(state: LoyangState, pending: Pending) -> str:
    """The decisions inside an action, a payment or the end of a turn, in words."""
    components = state.components
    if isinstance(pending, GivePending):
        fee = f", fee {pending.fee} Cash" if pending.fee else ""
        return (
            f"trade at {_seat(pending.owner)}'s stall {_code(components, pending.card)}: "
            f"give {pending.left} more vegetable(s){fee}"
        )
    if isinstance(pending, KeepPending):
        return f"two-pack drawn ({_cards(components, pending.drawn)}): keep none, one, or both stacked"
    if isinstance(pending, CashPending):
        return (
            f"pay {pending.amount} Cash to {_seat(pending.payee)}: "
            f"sell, use a helper or take a loan until you can"
        )
    if isinstance(pending, ForemanPending):
        return f"Foreman: take the discarded helper {_code(components, pending.helper)}, or let it go"
    if isinstance(pending, ShopPending):
        return f"Book-keeper: choose how many {VEGETABLES[pending.veg]} your shop holds"
    if isinstance(pending, BonusPending):
        return "Book-keeper: choose the vegetable paying 1 Cash per field sown with it"
    if isinstance(pending, MerchantPending):
        bought = " ".join(VEGETABLES[v] for v in pending.bought) or "none yet"
        return f"Merchant: buy vegetables at 1 Cash each to serve twice (bought: {bought}), or done"
    if isinstance(pending, CrierPending):
        return f"Market crier: move up to 3 vegetables from stalls to shop ({pending.moved} moved), or done"
    if isinstance(pending, StorePending):
        player = state.seats[pending.seat]
        capacity = components.storehouse_upgraded if player.upgraded else components.storehouse
        return f"end of turn: store up to {capacity} vegetables from the cart; the rest go back"
    assert isinstance(pending, AdvancePending)
    player = state.seats[pending.seat]
    if player.position >= components.path_end:
        return "end of turn: the path is complete; stop"
    cost = components.first_step if pending.steps == 0 else components.path_values[player.position]
    return f"end of turn: step along the path for {cost} Cash ({pending.steps} taken), or stop"


#: How to read the boards, printed under them.
LEGEND = (
    "key: W wheat, P pumpkin, T turnip, C cabbage, B bean, L leek; shop W3/3 = 3 wheat on 3 "
    "spaces; field 0:P5a bean 2/5 = place 0, card P5a, 2 beans left on 5 spaces, 'takes' = what "
    "an empty field may be sown with; regular [5]/6/6/7 = the next delivery pays 5; > = to move"
)


def render(state: LoyangState) -> str:
    """The whole table, then every board."""
    components = state.components
    players = f"{state.n} player{'s' if state.n != 1 else ''}"
    when = "game over" if state.is_over else f"{PHASE_NAMES[state.phase]} phase"
    lines = [f"At the Gates of Loyang, {players}: round {state.round}/{components.rounds}, {when}"]
    market = " ".join(f"{_SHORT[v]} {veg.buy}/{veg.sell}" for v, veg in enumerate(components.vegetables))
    lines.append(f"prices buy/sell: {market};  supply {_vegs(state.supply)}")
    lines.append(f"action deck {len(state.deck) + len(state.deck_top)}, discards {len(state.discard)}")
    if state.phase == CARD and state.n > 1:
        order = ", ".join(f"seat {s}" for s in state.active) or "nobody"
        taken = ", ".join(f"seat {s}" for s in state.taken) or "nobody"
        lines.append(f"card phase: still placing {order}; took {taken}")
    lines.extend(_described("courtyard", components, state.courtyard))
    if state.grid:
        cols = components.solo_columns
        for row, price in enumerate(components.solo_rows):
            row_cards = state.grid[row * cols : (row + 1) * cols]
            cells = " ".join(f"{_code(components, c) if c >= 0 else '--':<12}" for c in row_cards)
            lines.append(f"grid row {row + 1} ({price} Cash): {cells.rstrip()}")
    if state.phase == ACTION and state.order:
        lines.append("action order: " + ", ".join(f"seat {s}" for s in state.order))
    for seat in range(len(state.seats)):
        lines.append(render_player(state, seat))
    if state.is_over:
        if state.solo:
            goal = f"goal {state.goal}"
            lines.append(f"game over: score {state.scores()[0]} ({goal}): {state.solo_result()}")
        else:
            scores = ", ".join(f"seat {s} {points}" for s, points in enumerate(state.scores()))
            winners = " and ".join(f"seat {s}" for s in state.winners())
            verb = "wins" if len(state.winners()) == 1 else "share the win"
            lines.append(f"game over: scores {scores}; {winners} {verb}")
    else:
        pending = state.stack[-1]
        text = f"{seat_name(pending.seat)} to decide: {decision_text(state, pending)}"
        lines.extend(textwrap.wrap(text, WIDTH, subsequent_indent="  "))
    lines.extend(textwrap.wrap(LEGEND, WIDTH, subsequent_indent="  "))
    return "\n".join(lines)
