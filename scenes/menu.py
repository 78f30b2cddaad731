"""The main menu: New game, How to play, Settings, Quit — on the felt, with a fan of cards."""

from __future__ import annotations

import pygame

from game.cards import Card
from scenes.app import App
from scenes.art import GOLD
from scenes.i18n import _, game_name
from scenes.panels import PanelScene
from scenes.widgets import Button, Widget

_FAN = ("KS", "10D", "6H", "QC", "JH")


class MenuScene(PanelScene):
    """See the module docstring."""

    name = "menu"
    transparent = False
    width = 440
    row_height = 54
    head = 30

    def __init__(self, app: App) -> None:
        """The main menu."""
        super().__init__(app, lambda: "")

    def build(self) -> list[Widget]:
        """The four choices."""
        return [
            Button(lambda: _("New game"), self.new_game, primary=True),
            Button(lambda: _("How to play"), self.how_to_play),
            Button(lambda: _("Settings"), self.settings),
            Button(lambda: _("Quit"), self.app.quit),
        ]

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
        for i, code in enumerate(_FAN):
            offset = i - (len(_FAN) - 1) / 2
            img = self.app.art.card(Card.parse(code), size)
            rotated = pygame.transform.rotate(img, -offset * 8)
            centre = (w // 2 + offset * size[0] * 0.7, base_y + ch / 2 + abs(offset) * 4 * u)
            surface.blit(rotated, rotated.get_rect(center=centre))

    def hints(self) -> str:
        """Menu keys."""
        return _("↑/↓: move · Enter: choose · F11: full screen")
