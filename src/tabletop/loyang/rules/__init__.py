"""The rules of At the Gates of Loyang, split as the rulebook is.

* :mod:`~tabletop.loyang.rules.preparation`: the setup's random steps and the home fields;
* :mod:`~tabletop.loyang.rules.harvest`: phase 1, the Harvest (a field turned over, harvesting);
* :mod:`~tabletop.loyang.rules.card_phase`: phase 2, the Card phase (and the solo grid);
* :mod:`~tabletop.loyang.rules.actions`: phase 3, the Action phase, actions A-H;
* :mod:`~tabletop.loyang.rules.helpers`: the 20 helper cards;
* :mod:`~tabletop.loyang.rules.payments`: Cash, loans and the shop;
  :mod:`~tabletop.loyang.rules.forced_payments`: raising Cash for a forced payment, the Foreman;
* :mod:`~tabletop.loyang.rules.end`: storing, the path of prosperity;
* :mod:`~tabletop.loyang.rules.play_area`: cards entering and leaving play, drawing from the
  action deck;
* :mod:`~tabletop.loyang.rules.table`: tools they all share (players, owners, the supply);
* :mod:`~tabletop.loyang.rules.driver`: the decisions and the forced steps between them
  (:data:`RULES`, the engine's view of the game).

What must hold in every position is :mod:`tabletop.loyang.invariants`.

Rule readings (see the package documentation for the full list):

* loans ("at any time") are offered wherever money can matter: the Action phase, storing,
  the path of prosperity, a forced payment (:class:`~tabletop.loyang.state.CashPending`) and
  the solo Card phase;
* a regular customer not served by the end of its owner's Action phase is missed then (blue to
  red, or 2 Cash while red); "decline" misses it earlier, as Fraser does in the Saleswoman example;
* the Foreman reacts to helpers that leave a player's play area (used or discarded);
* solo introductory game: the held start customer may be played ("play R..") free in a Card
  phase as one of the (up to) 2 cards, as it replaces the hand card in the multi-player game.
"""

from tabletop.loyang.rules.driver import RULES

__all__ = ["RULES"]
