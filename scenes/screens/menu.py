"""The main menu: Continue (when a game is saved), New game, How to play, Settings, Statistics,
Quit — on the felt, with a fan of cards.

The saved game is read when the menu opens: a bad one is set aside with a one-line notice
and Continue is not offered.
"""

from __future__ import annotations

import sys
from typing import Protocol

import pygame

from game.formats.savegame import Restored
from scenes.app.loop import App
from scenes.i18n import _, game_name
from scenes.screens.panels import PanelScene
from scenes.store.files import keep_bad_copy
from scenes.table.guide_words import guide_label
from scenes.table.local import resume_table
from scenes.table.navigator import Navigator, Question
from scenes.ui.art import GOLD
from scenes.ui.widgets import Button, Widget

_FAN = ("KS", "10D", "6H", "QC", "JH")


class MenuNavigator(Navigator, Protocol):
    """Where the main menu leads, besides a game's ways (see :class:`Navigator`)."""

    def statistics(self) -> None:
        """The player's statistics."""
        ...

    def network(self) -> None:
        """The network screens: host a table, or join one."""
        ...

    def guided_game(self) -> None:
        """The guided first game."""
        ...


class MenuScene(PanelScene):
    """See the module docstring."""

    name = "menu"
    transparent = False
    heartbeat = False
    """Only input, a notice or another screen changes the menu (each draws a frame): left alone,
    it presents nothing."""
    width = 440
    row_height = 54
    head = 30

    def __init__(self, app: App, nav: MenuNavigator) -> None:
        """The main menu; ``nav`` starts the games."""
        self.nav = nav
        self.saved: Restored | None = None
        super().__init__(app, lambda: "")

    def build(self) -> list[Widget]:
        """The choices; Continue shows only while a saved game can be continued."""
        self.continue_button = Button(self._continue_label, self.continue_game, primary=True)
        self.new_button = Button(lambda: _("New game"), self.new_game, primary=True)
        self.continue_button.visible = False
        return [
            self.continue_button,
            self.new_button,
            Button(guide_label, self.nav.guided_game),
            Button(lambda: _("How to play"), self.how_to_play),
            Button(lambda: _("Settings"), self.settings),
            Button(lambda: _("Statistics"), self.statistics),
            Button(lambda: _("Play over the network"), self.network),
            Button(lambda: _("Quit"), self.quit),
        ]

    def _continue_label(self) -> str:
        """Continue, with where the saved game stands."""
        if self.saved is None or not self.saved.game.max_deals:
            return _("Continue")
        return _("Continue: deal {n} of {m}").format(n=self.saved.deal_shown, m=self.saved.game.max_deals)

    def enter(self) -> None:
        """Look for a saved game, then lay out."""
        self.look_for_save()
        super().enter()

    def resume(self) -> None:
        """Back on top: the saved game may have changed."""
        self.look_for_save()
        super().resume()

    def look_for_save(self) -> None:
        """Read the saved game; offer Continue when it can be continued, else say why in one line."""
        keeper = self.app.keeper
        self.saved = None
        if keeper.saves is not None and keeper.saves.exists():
            self.saved = keeper.saves.resume()
            if self.saved is None and keeper.saves.problem:
                self._bad_save(keeper.saves.problem)
            elif self.saved is not None and self.saved.game.is_over:
                keeper.saves.delete()  # a finished game has nothing to continue
                self.saved = None
        self.continue_button.visible = self.saved is not None
        self.new_button.primary = self.saved is None
        self.group.set_focus(self.continue_button if self.saved is not None else self.new_button)

    def _bad_save(self, problem: str) -> None:
        print(f"farmer: {problem}", file=sys.stderr)
        self.app.notice(lambda: _("The saved game could not be read; it has been set aside."))

    def continue_game(self) -> None:
        """Play on from the saved game."""
        if self.saved is None:
            return
        try:
            table = resume_table(self.saved)
        except ValueError as exc:
            keeper = self.app.keeper
            if keeper.saves is not None:
                keep_bad_copy(keeper.saves.path)
                keeper.saves.delete()
            self._bad_save(f"the saved game cannot be continued: {exc}")
            self.look_for_save()
            self.resize(self.app.size)
            return
        self.saved = None
        self.nav.play(table)

    def statistics(self) -> None:
        """The player's statistics."""
        self.nav.statistics()

    def quit(self) -> None:
        """Close the game, once the player says so."""
        self.nav.confirm(Question(lambda: _("Quit Farmer?"), None, lambda: _("Quit"), self.app.quit))

    def resize(self, size: tuple[int, int]) -> None:
        """The panel sits below the title and the fan of cards."""
        super().resize(size)
        u = self.app.u
        top = round(300 * u)
        dy = max(0, min(top - self.panel.y, size[1] - round(40 * u) - self.panel.bottom))
        self.panel.move_ip(0, dy)
        for w in self.group.widgets:
            w.rect.move_ip(0, dy)

    def new_game(self) -> None:
        """The New game screen, filled with the remembered choices."""
        self.nav.new_game(None)

    def network(self) -> None:
        """Host a table for friends on other screens, or join one."""
        self.nav.network()

    def how_to_play(self) -> None:
        """The rules, in short."""
        self.nav.how_to_play(None)

    def settings(self) -> None:
        """The settings."""
        self.nav.settings()

    def back(self) -> None:
        """Escape on the main menu does nothing (Quit is a button): a stray key must not end the game."""

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The felt, the game's name and a fan of cards with the 6♥ in the middle, above the panel."""
        w, h = self.app.size
        u = self.app.u
        surface.blit(self.app.art.felt((w, h), None), (0, 0))
        text = self.app.text
        room = self.panel.y
        title_size = round(min(72 * u, room * 0.32))
        title_rect = text.blit(
            surface, game_name(), title_size, (w // 2, round(room * 0.06)), GOLD, "serif", "midtop"
        )
        ch = round(min(110 * u, (room - title_rect.bottom) * 0.78))
        if ch < 20:
            return
        size = (round(ch / 1.4), ch)
        base_y = title_rect.bottom + (room - title_rect.bottom - ch) / 2
        # Turned smoothly once and kept (Art.fan): a frame of the menu only blits them.
        self.app.art.draw_fan(surface, _FAN, size, (w / 2, base_y + ch / 2), 8, 0.7, 4 * u)

    def hints(self) -> str:
        """Menu keys."""
        return _("↑/↓: move · Enter: choose · F11: full screen")
