"""The main menu: New game, How to play, Settings, Quit — on the felt, with a fan of cards."""

from __future__ import annotations

import pygame

from game.cards import Card
from scenes.app import App
from scenes.art import GOLD
from scenes.i18n import _
from scenes.panels import PanelScene
from scenes.widgets import Button, Widget

_FAN = ("KS", "10D", "6H", "QC", "JH")


class MenuScene(PanelScene):
    """See the module docstring."""

    name = "menu"
    transparent = False
    width = 440
    row_height = 54

    def __init__(self, app: App) -> None:
        """The main menu."""
        super().__init__(app, lambda: _("Main menu"))

    def build(self) -> list[Widget]:
        """The four choices."""
        return [
            Button(lambda: _("New game"), self.new_game, primary=True),
            Button(lambda: _("How to play"), self.how_to_play),
            Button(lambda: _("Settings"), self.settings),
            Button(lambda: _("Quit"), self.app.quit),
        ]

    def resize(self, size: tuple[int, int]) -> None:
        """The panel sits below the title."""
        super().resize(size)
        u = self.app.u
        dy = round(70 * u)
        room = size[1] - round(30 * u) - self.panel.bottom
        dy = min(dy, room)
        self.panel.move_ip(0, dy)
        for w in self.group.widgets:
            w.rect.move_ip(0, dy)

    def new_game(self) -> None:
        """The New game screen."""
        from scenes.newgame import NewGameScene

        self.app.push(NewGameScene(self.app))

    def how_to_play(self) -> None:
        """The rules, in short."""
        from scenes.howto import HowToScene

        self.app.push(HowToScene(self.app))

    def settings(self) -> None:
        """The settings."""
        from scenes.settings_screen import SettingsScene

        self.app.push(SettingsScene(self.app))

    def back(self) -> None:
        """Escape on the main menu does nothing (Quit is a button): a stray key must not end the game."""

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The felt, the game's name and a fan of cards with the 6♥ in the middle."""
        w, h = self.app.size
        u = self.app.u
        surface.blit(self.app.art.felt((w, h), None), (0, 0))
        text = self.app.text
        title_y = self.panel.y - round(150 * u)
        text.blit(
            surface,
            _("Farmer"),
            round(72 * u),
            (w // 2, max(round(10 * u), title_y)),
            GOLD,
            "serif",
            "midtop",
        )
        ch = round(110 * u)
        size = (round(ch / 1.4), ch)
        cx = w // 2
        base_y = max(round(10 * u), title_y) + round(92 * u)
        for i, code in enumerate(_FAN):
            offset = i - (len(_FAN) - 1) / 2
            img = self.app.art.card(Card.parse(code), size)
            rotated = pygame.transform.rotate(img, -offset * 9)
            rect = rotated.get_rect(
                center=(cx + offset * size[0] * 0.62, base_y + abs(offset) * 6 * u + ch / 2)
            )
            surface.blit(rotated, rect)
        # The fan goes behind the panel: draw it under by drawing first.

    def draw(self, surface: pygame.Surface) -> None:
        """Backdrop and panel (the panel's own dim is skipped: the menu is opaque)."""
        super().draw(surface)

    def hints(self) -> str:
        """Menu keys."""
        return _("↑/↓: move · Enter: choose · F11: full screen")
