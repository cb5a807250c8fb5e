"""Takenoko's moves: one small decision each, with a stable text notation (``str(move)``).

Cells are written ``q,r`` (axial coordinates, the pond at ``0,0``), edges ``q,r|q,r``, plot
tiles by their code (``G``, ``YW``, ``PF``...: colour initial plus improvement initial, see
:class:`~tabletop.takenoko.components.PlotTile`) and objective cards by their id (``P13``).

=========================  ==========================================================
Notation                   Meaning
=========================  ==========================================================
``plot``                   Plot action: draw three plot tiles
``keep GF under Y P``      keep one drawn tile, return the others under the pile in that order
``place 1,-1``             put the kept tile there (``place 1,-1 +fertilizer`` also puts a
                           stored improvement on it before its first shoot)
``irrigation``             Irrigation action: take a channel from the reserve
``gardener 2,-1``          Gardener action: move the gardener there
``panda 0,2``              Panda action: move the panda there
``objective panda``        Objective action: draw a card from that deck
``channel 0,1|1,0``        place a stored irrigation channel (free)
``improve 1,0 enclosure``  place a stored improvement (free)
``complete P13``           complete an objective from one's hand (free)
``end``                    end the turn
``weather rain``           choose the weather ("?" face, or Clouds with an empty reserve)
``rain 1,0``               Rain: grow the bamboo of that irrigated plot
``storm 1,0``              Storm: put the panda there; it eats a section
``clouds fertilizer``      Clouds: take that improvement from the reserve
``clouds move 1,0 2,0``    Clouds, reserve empty (variant): move a placed improvement token
``skip``                   decline the weather's effect
``declare plot panda``     declare the turn's actions up front (variant)
=========================  ==========================================================

Random events are decided by chance (seat :data:`~tabletop.kernel.engine.CHANCE`); their
outcomes are moves too, listed and recorded only with the ``chance="explicit"`` option:

=========================  ==========================================================
``roll rain``              the weather die shows that face (``roll ?`` for the "?")
``draw tile GF``           the next plot tile drawn from the pile
``draw card P13``          the next objective card drawn from its deck
``first seat 2``           the start player drawn at random
=========================  ==========================================================
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from tabletop.kernel.hexgrid import Edge, Hex, cell_text, edge_text


@attrs.frozen
class PlotAction:
    """The Plot action: draw three plots (fewer if the pile runs short)."""

    def __str__(self) -> str:
        return "plot"


@attrs.frozen
class KeepTile:
    """Keep the drawn tile ``keep``; put ``under`` beneath the pile, the first given higher."""

    keep: str
    under: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"keep {self.keep} under {' '.join(self.under)}" if self.under else f"keep {self.keep}"


@attrs.frozen
class PlaceTile:
    """Put the kept plot at ``at``; ``improvement`` is a stored token laid on it before it sprouts."""

    at: Hex
    improvement: str = ""

    def __str__(self) -> str:
        text = f"place {cell_text(self.at)}"
        return f"{text} +{self.improvement}" if self.improvement else text


@attrs.frozen
class IrrigationAction:
    """The Irrigation action: take one channel from the reserve into one's stock."""

    def __str__(self) -> str:
        return "irrigation"


@attrs.frozen
class GardenerAction:
    """The Gardener action: move the gardener in a straight line to ``to``."""

    to: Hex

    def __str__(self) -> str:
        return f"gardener {cell_text(self.to)}"


@attrs.frozen
class PandaAction:
    """The Panda action: move the panda in a straight line to ``to``."""

    to: Hex

    def __str__(self) -> str:
        return f"panda {cell_text(self.to)}"


@attrs.frozen
class ObjectiveAction:
    """The Objective action: draw the top card of the ``deck`` objective deck."""

    deck: str

    def __str__(self) -> str:
        return f"objective {self.deck}"


@attrs.frozen
class PlaceChannel:
    """Place a stored irrigation channel on ``edge`` (not an action)."""

    edge: Edge

    def __str__(self) -> str:
        return f"channel {edge_text(self.edge)}"


@attrs.frozen
class PlaceImprovement:
    """Place a stored improvement token of kind ``improvement`` on the plot ``at`` (not an action)."""

    at: Hex
    improvement: str

    def __str__(self) -> str:
        return f"improve {cell_text(self.at)} {self.improvement}"


@attrs.frozen
class CompleteObjective:
    """Complete the objective card ``card`` from one's hand (not an action)."""

    card: str

    def __str__(self) -> str:
        return f"complete {self.card}"


@attrs.frozen
class EndTurn:
    """End one's turn."""

    def __str__(self) -> str:
        return "end"


@attrs.frozen
class ChooseWeather:
    """Choose the weather to apply (on the "?" face, or Clouds with no improvement left)."""

    weather: str

    def __str__(self) -> str:
        return f"weather {self.weather}"


@attrs.frozen
class RainOn:
    """Rain: grow the bamboo of the plot ``at``."""

    at: Hex

    def __str__(self) -> str:
        return f"rain {cell_text(self.at)}"


@attrs.frozen
class StormTo:
    """Storm: put the panda on the plot ``at``, where it eats a section."""

    at: Hex

    def __str__(self) -> str:
        return f"storm {cell_text(self.at)}"


@attrs.frozen
class TakeImprovement:
    """Clouds: take an improvement token of kind ``improvement`` from the reserve."""

    improvement: str

    def __str__(self) -> str:
        return f"clouds {self.improvement}"


@attrs.frozen
class MoveImprovement:
    """Clouds with an empty reserve (variant): move the token on ``source`` to the plot ``to``."""

    source: Hex
    to: Hex

    def __str__(self) -> str:
        return f"clouds move {cell_text(self.source)} {cell_text(self.to)}"


@attrs.frozen
class SkipWeather:
    """Decline the weather's effect (weather effects are optional)."""

    def __str__(self) -> str:
        return "skip"


@attrs.frozen
class DeclareActions:
    """Declare the turn's actions before resolving any (variant ``declare_actions``)."""

    actions: tuple[str, ...]

    def __str__(self) -> str:
        return "declare " + " ".join(self.actions)


@attrs.frozen
class Roll:
    """Chance: the weather die shows ``face``."""

    face: str

    def __str__(self) -> str:
        return f"roll {self.face}"


@attrs.frozen
class DrawTile:
    """Chance: the plot tile ``code`` is drawn from the pile."""

    code: str

    def __str__(self) -> str:
        return f"draw tile {self.code}"


@attrs.frozen
class DrawCard:
    """Chance: the objective card ``card`` is drawn from its deck."""

    card: str

    def __str__(self) -> str:
        return f"draw card {self.card}"


@attrs.frozen
class FirstSeat:
    """Chance: ``seat`` is drawn to play first."""

    seat: int

    def __str__(self) -> str:
        return f"first seat {self.seat}"


Move: TypeAlias = (
    PlotAction
    | KeepTile
    | PlaceTile
    | IrrigationAction
    | GardenerAction
    | PandaAction
    | ObjectiveAction
    | PlaceChannel
    | PlaceImprovement
    | CompleteObjective
    | EndTurn
    | ChooseWeather
    | RainOn
    | StormTo
    | TakeImprovement
    | MoveImprovement
    | SkipWeather
    | DeclareActions
    | Roll
    | DrawTile
    | DrawCard
    | FirstSeat
)

