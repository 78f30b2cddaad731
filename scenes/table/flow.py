"""Which stage of the table an engine event belongs to: the one place the flow is decided.

The engine's phase runs ahead of the screen (a whole deal may already be settled while the
first cards are still flying), so the table follows the *next event waiting to be shown*:
:func:`stage_of` names the stage that plays it. With nothing waiting, :func:`stage_waiting`
names the stage in which the engine waits for a player.
"""

from __future__ import annotations

from enum import Enum

from game.rules.engine import Phase
from game.rules.events import (
    Busted,
    CardDealt,
    ChipsMoved,
    DealEnded,
    Event,
    FarmWon,
    GameEnded,
    HandShown,
    NearestFound,
    Reason,
    Stood,
    TurnEnded,
    TurnStarted,
)


class Stage(Enum):
    """The stages of the table, in the order a deal goes through them."""

    AUCTION = "auction"
    """Antes, the auction of the farm, or the naming of the farmer."""
    DEAL = "deal"
    """The cards: the first round, then each player's draws."""
    SHOWDOWN = "showdown"
    """Hands turned over, the farm won, every payment."""
    LEDGER = "ledger"
    """The deal's settlement, over the table, until the player goes on."""
    FINAL = "gameover"
    """The final standings."""


_DEAL = (CardDealt, TurnStarted, Stood, TurnEnded, Busted)
_SHOWDOWN = (HandShown, NearestFound, FarmWon, DealEnded)


def stage_of(event: Event) -> Stage:
    """The stage that plays ``event``."""
    if isinstance(event, _DEAL):
        return Stage.DEAL
    if isinstance(event, _SHOWDOWN):
        return Stage.SHOWDOWN
    if isinstance(event, ChipsMoved):
        return Stage.AUCTION if event.reason in (Reason.ANTE, Reason.BID) else Stage.SHOWDOWN
    if isinstance(event, GameEnded):
        return Stage.FINAL
    return Stage.AUCTION


def stage_waiting(phase: Phase) -> Stage | None:
    """The stage in which the engine, in ``phase``, waits for a player (None: it waits for nobody)."""
    if phase is Phase.AUCTION:
        return Stage.AUCTION
    if phase is Phase.PLAY:
        return Stage.DEAL
    return None


def ends_deal(event: Event) -> bool:
    """Whether ``event`` closes a deal (the ledger follows once it has been shown)."""
    return isinstance(event, DealEnded)
