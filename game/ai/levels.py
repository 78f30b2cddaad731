"""The AI levels of play, defined once for menus, settings, agent specs and the command line."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.ai.easy import EasyAgent
from game.ai.expert import ExpertAgent
from game.ai.normal import NormalAgent
from game.ai.personality import DEFAULT_PERSONALITY, Personality, personality_named
from game.rules.agents import Agent


@dataclass(frozen=True, slots=True)
class Level:
    """A level of play, for settings, agent specs and the command line."""

    key: str
    """The name used in settings and on the command line (the screens give its label)."""
    make: Callable[[Personality, int | None], Agent]
    """Makes an agent of this level."""


LEVELS: dict[str, Level] = {
    level.key: level
    for level in (
        Level("easy", EasyAgent),
        Level("normal", NormalAgent),
        Level("expert", ExpertAgent),
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
