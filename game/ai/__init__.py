"""The AI opponents: three levels of play, a few personalities, a price for the farm, odds hints.

    from game.ai import make_agent
    agent = make_agent("expert", "bold", seed=7)

Every AI reads only its seat's :class:`~game.view.View` and draws its randomness from its
own seeded ``random.Random``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.agents import Agent
from game.ai.easy import EasyAgent
from game.ai.expert import ExpertAgent
from game.ai.farm_value import FarmPrice, farm_value
from game.ai.normal import NormalAgent
from game.ai.personality import DEFAULT_PERSONALITY, PERSONALITIES, Personality, personality_named
from game.odds import DrawOdds, draw_odds
from game.view import View


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


@dataclass(frozen=True, slots=True)
class Hint:
    """The odds of the next card for the seat of a view, as numbers for a screen to format."""

    total: int
    """The seat's points now."""
    sixteen: float
    """The chance that the next card makes exactly 16 (0 to 1)."""
    over: float
    """The chance that the next card takes the hand over 16 (0 to 1)."""
    odds: DrawOdds
    """The same, exactly, with the distribution of the next total."""

    @property
    def sixteen_percent(self) -> float:
        """The chance of making 16, in percent."""
        return self.sixteen * 100

    @property
    def over_percent(self) -> float:
        """The chance of going over 16, in percent."""
        return self.over * 100


def hint(view: View) -> Hint | None:
    """The draw odds for the seat of ``view`` from the cards it has not seen; None if none are left."""
    unseen = view.unseen
    if not unseen:
        return None
    odds = draw_odds(view.hand, unseen)
    return Hint(total=odds.total, sixteen=float(odds.sixteen), over=float(odds.over), odds=odds)


__all__ = [
    "LEVELS",
    "PERSONALITIES",
    "FarmPrice",
    "Hint",
    "Level",
    "Personality",
    "farm_value",
    "hint",
    "make_agent",
]
