"""The attract loop's game: the real engine, table and scenes, with an AI in every seat.

The table is laid out for a person at the bottom seat, so the demo keeps that seat but gives
it an AI player too, and is *watched*: every hand is shown, the words speak of every player
in the third person, the ledgers go on by themselves, and nothing is saved or counted.
"""

from __future__ import annotations

import random

from game.ai.specs import parse_agent
from game.match import player_spec
from scenes.table.session import DEFAULT_NAMES, Session, Setup

DEMO_DEALS = 3
"""Deals in a demo game: long enough to show a farm change hands, short enough to loop often."""
LEDGER_PAUSE = 5.0
"""Seconds a demo deal's ledger stays up (at normal pace)."""
GAMEOVER_PAUSE = 10.0
"""Seconds the demo's final standings stay up (at normal pace)."""


def demo_setup(rng: random.Random, players: int, rules: str, deals: int = DEMO_DEALS) -> Setup:
    """A demo table: ``players`` seats with names drawn from the defaults and a fresh seed."""
    names = rng.sample(DEFAULT_NAMES, players)
    return Setup(names, ["normal"] * players, rules, False, deals, rng.randrange(2**31), 0)


class DemoSession(Session):
    """A watched session whose bottom seat is played by an AI as well; see the module docstring."""

    def __init__(self, setup: Setup) -> None:
        """Seat AI players everywhere, the bottom seat included."""
        super().__init__(setup, watching=True)
        seed = None if setup.seed is None else setup.seed * 31 + setup.human
        self.match.agents[setup.human] = parse_agent(
            player_spec(setup.levels[setup.human], setup.human), seed
        )
