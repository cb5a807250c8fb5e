"""A person at the terminal: the ``human`` seat of ``tabletop play``."""

from __future__ import annotations

import sys
from typing import Any, TextIO

from tabletop.kernel.api import Game, IllegalMove, State


class Abandoned(Exception):
    """A person at the keyboard quit the game (``quit`` or end of input) in ``state``."""

    def __init__(self, reason: str, state: State) -> None:
        super().__init__(reason)
        self.state = state


#: What to type at the prompt to see the moves again, and to quit.
LIST_WORDS = ("?", "help", "moves")
QUIT_WORDS = ("quit", "q")


class HumanAgent:
    """A person at the terminal: sees their view of the position and types a move.

    The move is typed as its number in the printed list or as its notation (in any case).
    ``?`` lists the moves again; an empty line asks again; anything else gets a message and
    another try; ``quit`` (or ``q``, or the end of input) abandons the game (:class:`Abandoned`).
    """

    name = "human"

    def __init__(self, game: Game[Any], seat: int, out: TextIO | None = None) -> None:
        self.game = game
        self.seat = seat
        self.out = out

    def choose(self, state: State) -> Any:
        """Print the position and the legal moves, then read moves until one is legal."""
        moves = state.legal_moves()
        self._say("")
        self._say(self.game.render(state.view(self.seat)))
        self._say(f"\nSeat {self.seat} to move. Legal moves:")
        self._list(moves)
        while True:
            text = self._ask(state)
            if not text:
                continue  # an empty line (Enter alone) just asks again
            if text.lower() in QUIT_WORDS:
                raise Abandoned("quit", state)
            if text.lower() in LIST_WORDS:
                self._list(moves)
                continue
            move = self._read(state, moves, text)
            if move is not None:
                return move

    def _ask(self, state: State) -> str:
        try:
            return input(f"seat {self.seat}> ").strip()
        except EOFError:
            # End the prompt's line, so that what follows does not run on after it.
            self._say("")
            raise Abandoned("input ended", state) from None

    def _read(self, state: State, moves: tuple[Any, ...], text: str) -> Any:
        """The move ``text`` names (a number or a notation), or ``None`` after saying why not."""
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(moves):
                return moves[number - 1]
            self._say(f"There is no move {number}: type 1 to {len(moves)}, or a move.")
            return None
        try:
            return self.game.parse_move(state, text)
        except IllegalMove as err:
            # Notation typed in another case ("Plot" for "plot") is still that move.
            same = [m for m in moves if str(m).lower() == " ".join(text.lower().split())]
            if len(same) == 1:
                return same[0]
            self._say(
                f"{err}. Type a number from 1 to {len(moves)}, a move, ? to list the moves "
                "again, or quit."
            )
            return None

    def _list(self, moves: tuple[Any, ...]) -> None:
        for number, move in enumerate(moves, 1):
            self._say(f"  {number:>3}. {move}")

    def _say(self, text: str) -> None:
        print(text, file=self.out or sys.stdout)
