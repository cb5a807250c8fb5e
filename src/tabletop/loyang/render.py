"""A plain-text picture of the table and of each player's board."""

from __future__ import annotations

from tabletop.loyang.components import VEGETABLES, Components
from tabletop.loyang.state import PHASE_NAMES, KeepPending, LoyangState, Player

_SHORT = ("W", "P", "T", "C", "B", "L")
_STATUS = ("due", "delivered", "delivered twice", "settled")


def _vegs(counts: tuple[int, ...]) -> str:
    text = " ".join(f"{n}{_SHORT[v]}" for v, n in enumerate(counts) if n)
    return text or "-"


def _code(comps: Components, card: int) -> str:
    return "?" if card < 0 else comps.code(card)


def render_player(state: LoyangState, seat: int) -> str:
    """One player's board: path, money, shop, cart, storehouse, fields and cards in play."""
    comps = state.comps
    p: Player = state.seats[seat]
    name = "opponent" if seat >= state.n else f"seat {seat}"
    tokens = []
    if seat == state.start and state.n > 1:
        tokens.append("start player")
    if seat == state.second and state.n > 1:
        tokens.append("second player")
    lines = [f"{name}{' (' + ', '.join(tokens) + ')' if tokens else ''}"]
    if seat < state.n:
        capacity = comps.storehouse_upgraded if p.upgraded else comps.storehouse
        lines.append(f"  path {p.position}  loans {p.loans}  cash {p.cash}")
        shop = " ".join(f"{_SHORT[v]}{p.shop[v]}/{comps.shop_slots[v]}" for v in range(6))
        lines.append(f"  shop {shop}")
        lines.append(f"  cart {_vegs(p.cart)}  storehouse {_vegs(p.storehouse)} (holds {capacity})")
        home = f"{VEGETABLES[p.home_veg]} x{p.home_count}" if p.home_veg >= 0 else "unsown"
        fields = [f"home: {home}"]
        for pos, f in enumerate(p.fields):
            sown = f"{VEGETABLES[f.veg]} x{f.count}" if f.veg >= 0 else "empty"
            fields.append(f"{pos}:{comps.code(f.card)} {sown}")
        lines.append("  fields " + "; ".join(fields))
        lines.append(f"  field pile {len(p.pile)} card(s)")
    for stall in p.stalls:
        slots = comps.cards[stall.card].slots
        goods = ", ".join(
            f"{VEGETABLES[v]} for {b}" if full else "(empty)" for (v, b), full in zip(slots, stall.goods)
        )
        lines.append(f"  stall {comps.code(stall.card)}: {goods}")
    for r in p.regulars:
        info = comps.cards[r.card]
        wants = "+".join(VEGETABLES[v] for v in info.wants)
        pays = "/".join(map(str, info.pays))
        marker = "red" if r.red else "blue"
        lines.append(f"  regular {info.code}: {wants} pays {pays}; rows {r.rows}/4, {marker}, {_STATUS[r.status]}")
    for c in p.casuals:
        info = comps.cards[c]
        lines.append(f"  casual {info.code}: {'+'.join(VEGETABLES[v] for v in info.wants)} pays {info.price}")
    if p.helpers:
        lines.append("  helpers " + ", ".join(comps.cards[h].name or comps.code(h) for h in p.helpers))
    for top, lower in p.covered:
        lines.append(f"  two-pack: {_code(comps, top)} over {_code(comps, lower)}")
    if p.hand:
        lines.append("  hand " + " ".join(_code(comps, c) for c in p.hand))
    if p.intro != -1:
        lines.append(f"  introductory customer {_code(comps, p.intro)}")
    return "\n".join(lines)


def render(state: LoyangState) -> str:
    """The whole table, then every board."""
    comps = state.comps
    head = f"At the Gates of Loyang - round {state.round}/{comps.rounds}, {PHASE_NAMES[state.phase]} phase"
    lines = [head]
    if state.is_over:
        lines.append(f"game over: scores {state.scores()}, winners {state.winners()}")
    else:
        lines.append(f"to move: seat {state.to_move} ({type(state.pending[-1]).__name__})")
    lines.append(f"draw pile {len(state.draw)}  discards {len(state.discard)}  supply {_vegs(state.supply)}")
    for pending in state.pending:
        if isinstance(pending, KeepPending):
            lines.append("two-pack drawn: " + " ".join(_code(comps, c) for c in pending.drawn))
    if state.courtyard:
        lines.append("courtyard " + " ".join(_code(comps, c) for c in state.courtyard))
    if state.grid:
        cols = comps.solo_columns
        for row in range(len(comps.solo_rows)):
            row_cards = state.grid[row * cols : (row + 1) * cols]
            cells = " ".join(f"{_code(comps, c) if c >= 0 else '--':>12}" for c in row_cards)
            lines.append(f"grid row {row + 1} ({comps.solo_rows[row]} Cash): {cells}")
    for seat in range(len(state.seats)):
        lines.append(render_player(state, seat))
    return "\n".join(lines)
