"""The AI opponents: three levels of play, a few personalities, a price for the farm, odds hints.

    from game.ai import make_agent, parse_agent
    agent = make_agent("expert", "bold", seed=7)
    same = parse_agent("expert:bold", seed=7)    # the same player, from an agent spec

Every AI reads only its seat's :class:`~game.rules.view.View` and draws its randomness from its
own seeded ``random.Random``.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.farm_value import FarmPrice, farm_value
from game.ai.levels import LEVELS, Level, make_agent
from game.ai.personality import PERSONALITIES, Personality
from game.ai.specs import agent_kinds, parse_agent, register_agent_kind
from game.rules.odds import DrawOdds, draw_odds
from game.rules.view import View


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
    "agent_kinds",
    "farm_value",
    "hint",
    "make_agent",
    "parse_agent",
    "register_agent_kind",
]
