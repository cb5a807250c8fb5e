"""What every game shares: protocols, errors, random source, records and small data structures.

Nothing in this package knows about any particular game.
"""

from tabletop.kernel.api import (
    Game,
    IllegalMove,
    InvalidData,
    InvalidRecord,
    Move,
    State,
)
from tabletop.kernel.rng import Rng

__all__ = ["Game", "IllegalMove", "InvalidData", "InvalidRecord", "Move", "Rng", "State"]
