"""The first start's offer: a short guided game to learn Farmer by playing it, or not now.

Shown once over the main menu when the game starts for the first time (nothing played, no game
saved, never offered before); the settings remember that it was made once it is answered,
whatever the answer (a window closed on it brings it back at the next start).
The guided game stays on the menu (and in How to play) for later.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.app.loop import App
from scenes.i18n import _
from scenes.screens.panels import PanelScene
from scenes.table.guide_words import guide_label
from scenes.ui.widgets import Button, Widget


def offer_due(app: App) -> bool:
    """Whether this is a first start: settings kept on disk that never made the offer (a damaged
    settings file is someone's who has been here before), no game counted, no game saved."""
    store = app.settings_store
    if store is None or store.problem is not None or app.settings.guide_offered:
        return False
    keeper = app.keeper
    played = keeper.stats is not None and any(
        stats.deals_played or stats.games_played for stats in keeper.stats.by_rules.values()
    )
    saved = keeper.saves is not None and keeper.saves.exists()
    return not played and not saved


class GuideOfferScene(PanelScene):
    """See the module docstring."""

    name = "guide offer"
    width = 560
    row_height = 52
    head = 130

    def __init__(self, app: App, play: Callable[[], None]) -> None:
        """The offer over the menu; ``play`` starts the guided game."""
        self.play = play
        super().__init__(app, lambda: _("New to Farmer?"))
        self.subtitle = lambda: _("Learn it by playing: a short guided game of four deals.")

    def build(self) -> list[Widget]:
        """Play the guided game, or not now."""
        return [
            Button(lambda: _("Play the guided game"), self.accept, primary=True),
            Button(lambda: _("Not now"), self.back),
        ]

    def answered(self) -> None:
        """Remember that the offer was made and answered (once is enough)."""
        if not self.app.settings.guide_offered:
            self.app.update_settings(guide_offered=True)

    def accept(self) -> None:
        """Play the guided game."""
        self.answered()
        self.play()

    def back(self) -> None:
        """Not now (the button, or Escape): the menu."""
        self.answered()
        super().back()

    def hints(self) -> str:
        """The offer's keys."""
        return _("↑/↓: move · Enter: choose · Esc: not now")

    def later(self) -> str:
        """Where the guided game can be found again."""
        return _("It stays on the menu as {guided}, and in How to play.").format(guided=guide_label())

    def draw(self, surface: pygame.Surface) -> None:
        """The panel, and under its subtitle where the guided game stays for later."""
        super().draw(surface)
        u = self.app.u
        text = self.app.text
        line = self.later()
        fs = text.fit(line, round(15 * u), self.panel.w - 30)
        at = (self.panel.centerx, self.panel.y + round(92 * u))
        text.blit(surface, line, fs, at, (200, 210, 190), "sans", "midtop")
