"""The kiosk's navigator: no menu, no settings, no quitting; every way out leads back to the attract loop.

The table and its pause panel ask it where to go, as they ask the ordinary program's
(:class:`scenes.navigator.Screens`); the kiosk answers with its own places.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.rules.ruleset import RuleSet
from scenes.app.loop import App
from scenes.i18n import _
from scenes.kiosk.overlays import KioskPauseScene
from scenes.screens.confirm import ConfirmScene
from scenes.screens.howto import HowToScene
from scenes.table.navigator import Choice, Question
from scenes.table.scene import TableScene
from scenes.table.setup import Setup
from scenes.table.source import TableSource


class Kiosk(Protocol):
    """What the navigator needs of the kiosk it serves."""

    def start_attract(self) -> None:
        """Back to the attract loop, from its title card."""
        ...

    def game_over(self, source: TableSource) -> None:
        """The final standings of ``source`` are on screen."""
        ...

    @property
    def visitor_playing(self) -> bool:
        """Whether a visitor has the table."""
        ...


class KioskNavigator:
    """Leads from the kiosk's table: a pause panel without Quit, and back to the attract loop."""

    def __init__(self, app: App, kiosk: Kiosk, leave_table: Callable[[], None]) -> None:
        """The navigator of ``kiosk`` (drawn in ``app``); ``leave_table`` is the visitor leaving."""
        self.app = app
        self.kiosk = kiosk
        self.leave_table = leave_table

    def play(self, source: TableSource) -> None:
        """``source`` on a fresh table, alone on the stack."""
        self.app.stack.reset(TableScene(self.app, self, source))

    def pause(self, source: TableSource) -> None:
        """A visitor's pause: Resume, How to play, Leave the table (the demo takes no input)."""
        if self.kiosk.visitor_playing:
            self.app.stack.push(KioskPauseScene(self.app, self, source, self.leave_table))

    def leave(self, source: TableSource | None) -> None:
        """There is no menu: back to the attract loop."""
        self.kiosk.start_attract()

    def new_game(self, setup: Setup | None) -> None:
        """Visitors' games start from the attract loop."""
        self.kiosk.start_attract()

    def game_over(self, source: TableSource) -> list[Choice]:
        """No buttons: the kiosk goes back to its loop after a pause, or at a touch."""
        self.kiosk.game_over(source)
        return []

    def how_to_play(self, rules: RuleSet | None) -> None:
        """The rules of the visitor's game, over its pause panel."""
        self.app.stack.push(HowToScene.of(self.app, rules))

    def settings(self) -> None:
        """A kiosk has no settings screen: the operator's file decides."""

    def confirm(self, question: Question) -> None:
        """A visitor is asked as anywhere (the demo is asked nothing). A question left unanswered is
        a screen that is not the table playing on its own, so the idle timer runs under it: "Are
        you still there?", then back to the attract loop."""
        if self.kiosk.visitor_playing:
            self.app.stack.push(ConfirmScene(self.app, question))

    def escape_hint(self) -> str | None:
        """Escape pauses a visitor's game; the demo takes no keys."""
        return _("Esc: pause") if self.kiosk.visitor_playing else None
