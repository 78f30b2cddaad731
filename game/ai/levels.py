"""The AI levels of play, defined once for menus, settings, agent specs and the command line."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.agents import Agent
from game.ai.easy import EasyAgent
from game.ai.expert import ExpertAgent
from game.ai.normal import NormalAgent
from game.ai.personality import DEFAULT_PERSONALITY, Personality, personality_named


@dataclass(frozen=True, slots=True)
class Level:
    """A level of play, for menus and the command line."""

    key: str
    """The name used in settings and on the command line."""
    name: str
    """The name shown to people."""
    blurb: str
    """One line on how it plays."""
    make: Callable[[Personality, int | None], Agent]
    """Makes an agent of this level."""


LEVELS: dict[str, Level] = {
    level.key: level
    for level in (
        Level("easy", "Easy", "A beginner: stands on a total of its own and bids timidly.", EasyAgent),
        Level("normal", "Normal", "Weighs the exact odds of the next card against the farm.", NormalAgent),
        Level(
            "expert",
            "Expert",
            "Plays for the most chips: reads the deck, the card counts and every payment.",
            ExpertAgent,
        ),
    )
}
"""Every level by key, easiest first."""


def make_agent(level: str, personality: str = DEFAULT_PERSONALITY, seed: int | None = None) -> Agent:
    """An AI of ``level`` (``easy``, ``normal``, ``expert``) with ``personality``, seeded with ``seed``.

    Raises ``ValueError`` naming the choices for an unknown level or personality.
    """
    found = LEVELS.get(level)
    if found is None:
        raise ValueError(f"unknown AI level {level!r} (choose from {', '.join(LEVELS)})")
    return found.make(personality_named(personality), seed)
