"""Personalities: the temperament an AI plays with, within what its level knows."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Personality:
    """How an AI leans: towards standing early and bidding low, or drawing on and bidding high."""

    key: str
    """The name used in settings and on the command line."""
    name: str
    """The name shown to people."""
    stop_shift: int
    """Added to a beginner's stopping total (negative: stands earlier)."""
    bust_weight: float
    """How heavily going over 16 weighs against drawing (1: at its price in chips)."""
    prize_weight: float
    """How heavily the farm weighs as the prize of a 16 (1: at its price in chips)."""
    bid_share: float
    """How much of what it thinks the farm is worth it is prepared to bid."""


PERSONALITIES: dict[str, Personality] = {
    p.key: p
    for p in (
        Personality("steady", "Steady", 0, 1.0, 1.0, 1.0),
        Personality("cautious", "Cautious", -1, 1.25, 0.9, 0.8),
        Personality("bold", "Bold", 1, 0.85, 1.15, 1.15),
    )
}
"""Every personality by key; ``steady`` plays each level as designed.

:func:`game.play.match.player_spec` gives them to the seats in this order, which saved games keep.
"""

DEFAULT_PERSONALITY = "steady"
"""The personality used when none is named."""


def personality_named(key: str) -> Personality:
    """The personality called ``key``; ``ValueError`` names the choices for an unknown one."""
    found = PERSONALITIES.get(key)
    if found is None:
        raise ValueError(f"unknown personality {key!r} (choose from {', '.join(PERSONALITIES)})")
    return found
