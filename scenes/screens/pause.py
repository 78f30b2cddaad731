"""The pause overlay over the table: resume, what the table adds (skip the guide), settings, rules,
quit to the menu."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from scenes.app.loop import App
from scenes.i18n import _
from scenes.screens.panels import PanelScene
from scenes.table.navigator import Choice, Navigator
from scenes.table.source import TableSource
from scenes.ui.widgets import Button, Widget


class PauseScene(PanelScene):
    """See the module docstring."""

    name = "pause"
    hints_on_top = True
    width = 440

    def __init__(self, app: App, nav: Navigator, source: TableSource, extra: Sequence[Choice] = ()) -> None:
        """Pause ``source``'s game; ``nav`` leads out of it; ``extra``: what else the table offers
        (each done once the pause is gone)."""
        self.nav = nav
        self.source = source
        self.extra = tuple(extra)
        super().__init__(app, lambda: _("Paused"))

    def build(self) -> list[Widget]:
        """Resume, the table's own choices, Settings, How to play, Quit to menu."""
        return [
            Button(lambda: _("Resume"), self.back, primary=True),
            *(Button(choice.label, partial(self.resume_and, choice.act)) for choice in self.extra),
            Button(lambda: _("Settings"), self.settings),
            Button(lambda: _("How to play"), self.how_to_play),
            Button(lambda: _("Quit to menu"), self.to_menu),
        ]

    def resume_and(self, act: Callable[[], None]) -> None:
        """Back to the table, then ``act`` there."""
        self.back()
        act()

    def settings(self) -> None:
        """The settings, over the pause panel."""
        self.nav.settings()

    def how_to_play(self) -> None:
        """The rules of this game, over the pause panel."""
        self.nav.how_to_play(self.source.facts.rules)

    def to_menu(self) -> None:
        """Leave the game (it is saved, to continue later) and go back to the main menu."""
        self.nav.leave(self.source)
