"""Scores, the end of the game and its tie-breaks.

A player's score is their position on the path of prosperity minus one space per loan (the
game subtracts loans at the end; :func:`scores` shows the same figure during the game). The
winners are the players furthest along; ties go to the most Cash left, then to the most
vegetables on fields and in the storehouse; a remaining tie is a shared win. Shop contents and
customers still in play do not count.

Solo: :func:`winners` is ``(0,)`` when the score reaches the goal chosen at setup (17 "good",
18 "very good", 19 "master"), ``()`` otherwise; ``state.solo_result()`` names the rating.
"""

from __future__ import annotations

from tabletop.loyang.state import LoyangState, Player


def score(player: Player) -> int:
    return player.score


def scores(state: LoyangState) -> tuple[int, ...]:
    return tuple(score(player) for player in state.seats[: state.n])


def vegetables_kept(player: Player) -> int:
    """Vegetables on the player's fields (home field included) and in the storehouse."""
    return player.home_count + sum(f.count for f in player.fields if f.veg >= 0) + sum(player.storehouse)


def tie_break(player: Player) -> tuple[int, int, int]:
    return (score(player), player.cash, vegetables_kept(player))


def winners(state: LoyangState) -> tuple[int, ...]:
    if not state.is_over:
        return ()
    if state.solo:
        return (0,) if score(state.seats[0]) >= state.goal else ()
    keys = [tie_break(player) for player in state.seats[: state.n]]
    best = max(keys)
    return tuple(seat for seat, key in enumerate(keys) if key == best)
