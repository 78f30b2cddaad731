"""The engine's state as frozen values: what a save keeps of a game and gives back to it.

:meth:`~game.rules.engine.Game.between_deals_state` and
:meth:`~game.rules.engine.Game.deal_start` hand out a :class:`BetweenDeals`, and
:meth:`~game.rules.engine.Game.restore_between_deals` takes one back; how a saved game writes it
as JSON is :mod:`game.formats.savegame`'s business.
"""

from __future__ import annotations

from dataclasses import dataclass

RngState = tuple[int, tuple[int, ...], float | None]
"""The Mersenne Twister's exact state, as ``random.Random.getstate`` gives it: the version (3),
624 words and the position in them, and the Gaussian kept for the next draw (None: none)."""


@dataclass(frozen=True, slots=True)
class BetweenDeals:
    """Everything that carries from one deal to the next (the generator aside)."""

    deal: int
    """The number of the last deal played (0 before the first)."""
    chips: tuple[int, ...]
    """Each seat's chips."""
    farm: int
    """The chips in the farm."""
    farmer: int | None
    """The farmer's seat (None before the first farm is formed)."""
    last_winner: int | None
    """The seat that won the last farm won (None: none yet)."""
    farm_won: bool
    """Whether the last deal's farm was won (a new farm is then formed)."""
