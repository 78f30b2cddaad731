"""A deal in which the person at the screen is farmer, on a stacked deck, under any rule set.

The person sits at seat 0 and is made farmer: the lot falls on them (the French rules, the
rotating farm) or they open an auction that everyone passes, and the farm goes to its opener for
nothing (Foster's and Lacombe's first farm). The other seats are threshold players (they stand
from 13 and never bid), so a stacked deck decides exactly who goes over and pays the farmer.
"""

from __future__ import annotations

import pygame
from helpers import DT, NAMES, deck

from game.play.match import HUMAN, Match
from game.rules.engine import Game
from game.rules.ruleset import rules_named
from scenes.app.loop import App
from scenes.navigator import Screens
from scenes.table.local import LocalTable
from scenes.table.scene import TableScene
from scenes.table.setup import Setup
from tools.driver import key

RULE_SETS = [("foster", False), ("lacombe", False), ("ferme", False), ("foster", True), ("lacombe", True)]
"""Every rule set, and the rotating farm on those that have it."""

SERVED = "10S 10H 10D"
"""Each player's first card: a 10 (Foster deals them from the left, the others from the right)."""
DRAWN = "9S 5C 7D"
"""The cards drawn, one each in the order served: 19 (pays 3), 15 (stands), 17 (pays 1)."""
PAID = 4
"""What the farmer collects in that deal."""


def farmer_table(
    app: App,
    rules: str = "foster",
    rotating: bool = False,
    drawn: str = DRAWN,
    players: int = 4,
    deals: int = 3,
) -> TableScene:
    """A game at ``app`` whose first deal the person (seat 0) deals as farmer; its table.

    The players are served :data:`SERVED` and draw ``drawn`` (from the top under Foster, from the
    bottom of the deck elsewhere), in the order they are served."""
    game = Game(NAMES[:players], rules_named(rules, rotating), first_seat=0, seed=0, max_deals=deals)
    served = " ".join(SERVED.split()[: players - 1])
    if rules == "foster":
        game.stack_deck(deck(f"{served} {drawn}"))
    else:
        game.stack_deck(deck(served, drawn))
    specs = [HUMAN, *(["threshold:13:0"] * (players - 1))]
    setup = Setup(list(game.names), ["normal"] * players)
    source = LocalTable(Match(game, specs), setup=setup, bottom=0)
    Screens(app).play(source)
    app.step(DT, [])
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    return scene


def pass_in_auction(app: App, scene: TableScene) -> list[pygame.event.Event]:
    """The person's key now: pass in the auction (everyone passing makes them farmer), else nothing."""
    if scene.stage.value == "auction" and scene.handler.prompt is not None:
        return [key(pygame.K_p, "p")]
    return []
