"""The attract loop's game: the real engine, table and scenes, with an AI in every seat.

The table is laid out for a person at the bottom seat, so the demo keeps that seat but gives
it an AI player too, and is *watched*: every hand is shown, the words speak of every player
in the third person, the ledgers go on by themselves, and nothing is saved or counted.
"""

from __future__ import annotations

import random

from game.play.match import Match, player_spec
from game.rules.engine import Game
from scenes.table.local import LocalTable
from scenes.table.setup import DEFAULT_NAMES, Setup

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


def demo_table(setup: Setup) -> LocalTable:
    """A watched game of ``setup`` with an AI player in every seat, the bottom one included."""
    assert setup.seed is not None  # a demo table's seed comes from the kiosk's own stream
    players = [player_spec(setup.levels[seat], seat) for seat in range(len(setup.names))]
    game = Game(setup.names, setup.rule_set, seed=setup.seed, max_deals=setup.deals)
    return LocalTable(Match(game, players, setup.seed), setup=setup, bottom=setup.human)
