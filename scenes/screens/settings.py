"""The Settings screen: screen and sound on the left, the table and new games on the right.

Every change goes through :meth:`scenes.app.loop.App.update_settings`, so it applies at once
(the language of every word, the deck's colours, the text size) and is saved at once.
Reachable from the main menu and from the pause overlay.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from game.limits import DEALS, PLAYERS
from game.rules.ruleset import can_rotate
from scenes.app.loop import App, desktop_size, fit_window, window_sizes
from scenes.i18n import (
    LANGUAGES,
    SYSTEM,
    _,
    default_language,
    format_percent,
    language_name,
    ngettext,
    rules_label,
)
from scenes.screens.panels import PanelScene
from scenes.store.settings import CHOICES, Speed
from scenes.table.setup import LEVEL_LABELS, LEVELS
from scenes.ui.art import GOLD
from scenes.ui.widgets import Button, Choice, Message, Stepper, Widget

VOLUMES = tuple(range(0, 101, 10))
COLOUR_NAMES: dict[str, Message] = {
    "red": lambda: _("Red"),
    "blue": lambda: _("Blue"),
    "green": lambda: _("Green"),
}


def _yes_no(on: Message, off: Message) -> list[tuple[Any, Message]]:
    return [(False, off), (True, on)]


class SettingsScene(PanelScene):
    """See the module docstring."""

    name = "settings"
    width = 1240
    transparent = False
    """The panel covers most of the window: the felt around it, nothing of the screen beneath cut
    by its edges (the table's header half hidden by its top)."""
    panel_alpha = 255

    def __init__(self, app: App) -> None:
        """The settings of ``app``."""
        super().__init__(app, lambda: _("Settings"))

    def window_size(self, desktop: tuple[int, int] | None) -> tuple[int, int]:
        """The window's size: as it is on screen when windowed and the screen holds it (a window
        manager may have given it the whole screen), else as it opens (from full screen, say)."""
        size = self.app.size
        held = desktop is None or (size[0] <= desktop[0] and size[1] <= desktop[1])
        if not self.app.settings.fullscreen and held:
            return size
        s = self.app.settings
        return fit_window((s.window_width, s.window_height), desktop)

    def _choice(self, label: Message, name: str, options: list[tuple[Any, Message]]) -> Choice:
        return Choice(label, options, lambda: getattr(self.app.settings, name), self._setter(name))

    def _setter(self, name: str) -> Callable[[Any], None]:
        def set_(value: Any) -> None:
            self.app.update_settings(**{name: value})

        return set_

    def build(self) -> list[Widget]:
        """Two columns of choices, then Back."""
        self.window_w = Choice(
            lambda: _("Display"),
            [(False, lambda: _("In a window")), (True, lambda: _("Full screen"))],
            lambda: self.app.settings.fullscreen,
            self._setter("fullscreen"),
        )
        # Only what the screen holds, and the window's own size as it really is: a window manager
        # may give it more than was asked for (a window as large as the screen), and that size
        # is then one the window can take.
        desktop = desktop_size()
        sizes = window_sizes(desktop)
        current = self.window_size(desktop)
        sizes = sorted({*sizes, current})
        self.size_w = Choice(
            lambda: _("Window size"),
            [(size, partial("{0[0]} × {0[1]}".format, size)) for size in sizes],
            lambda: self.window_size(desktop),
            lambda size: self.app.update_settings(
                window_width=size[0], window_height=size[1], window_chosen=True
            ),
        )
        languages: list[tuple[Any, Message]] = [
            (SYSTEM, lambda: _("System ({name})").format(name=language_name(default_language())))
        ]
        languages += [(code, partial(language_name, code)) for code in LANGUAGES]
        self.left = [
            self.window_w,
            self.size_w,
            Choice(
                lambda: _("Language"),
                languages,
                # A language asked for on the command line is the one in use until another is picked.
                lambda: self.app.language_override or self.app.settings.language,
                self._setter("language"),
            ),
            self._choice(
                lambda: _("Animation speed"),
                "animation_speed",
                [(sp.key, partial(_, sp.label)) for sp in Speed],
            ),
            self._choice(
                lambda: _("Text size"), "large_text", _yes_no(lambda: _("Large"), lambda: _("Normal"))
            ),
            self._choice(
                lambda: _("Sound volume"),
                "sound_volume",
                [(v, partial(format_percent, v / 100, 0)) for v in VOLUMES],
            ),
            self._choice(
                lambda: _("Music volume"),
                "music_volume",
                [(v, partial(format_percent, v / 100, 0)) for v in VOLUMES],
            ),
            self._choice(lambda: _("Sound"), "mute", _yes_no(lambda: _("Off"), lambda: _("On"))),
            self._choice(
                lambda: _("Card backs"), "card_back", [(c, COLOUR_NAMES[c]) for c in CHOICES["card_back"]]
            ),
            self._choice(lambda: _("Cloth"), "felt", [(c, COLOUR_NAMES[c]) for c in CHOICES["felt"]]),
        ]
        self.rotating_w = self._choice(
            lambda: _("Rotating farm"), "rotating", _yes_no(lambda: _("Yes"), lambda: _("No"))
        )
        self.right = [
            self._choice(
                lambda: _("Suit colours"),
                "four_colour",
                _yes_no(lambda: _("Four colours"), lambda: _("Red and black")),
            ),
            self._choice(
                lambda: _("Odds of the next card"), "odds_hint", _yes_no(lambda: _("Show"), lambda: _("Hide"))
            ),
            self._choice(
                lambda: _("Worth of the farm"), "farm_hint", _yes_no(lambda: _("Show"), lambda: _("Hide"))
            ),
            self._choice(lambda: _("Coach"), "coach", _yes_no(lambda: _("Offer"), lambda: _("Off"))),
            self._choice(
                lambda: _("When you are farmer"),
                "auto_deal",
                [(True, lambda: _("Deal automatically")), (False, lambda: _("One card per click"))],
            ),
            self._choice(
                lambda: _("After each deal"),
                "ledger_goes_on",
                [(True, lambda: _("Go on by itself")), (False, lambda: _("Wait for me"))],
            ),
            self._choice(
                lambda: _("Rules of a new game"),
                "rules",
                [(r, partial(rules_label, r)) for r in CHOICES["rules"]],
            ),
            self.rotating_w,
            Stepper(
                lambda: _("Players"),
                PLAYERS.low,
                PLAYERS.high,
                lambda: self.app.settings.players,
                self._setter("players"),
            ),
            self._choice(
                lambda: _("Opponents' level"),
                "ai_level",
                [(lv, partial(_, LEVEL_LABELS[lv])) for lv in LEVELS],
            ),
            Stepper(
                lambda: _("Length"),
                DEALS.low,
                DEALS.high,
                lambda: self.app.settings.deals,
                self._setter("deals"),
                fmt=lambda n: ngettext("{n} deal", "{n} deals", n).format(n=n),
            ),
        ]
        self.back_button = Button(lambda: _("Back"), self.back, primary=True)
        # Focus order: down the left column, then down the right one, then Back.
        return [*self.left, *self.right, self.back_button]

    def enter(self) -> None:
        """Lay out; the first setting has the focus."""
        super().enter()
        self._refresh()

    def update(self, dt: float) -> None:
        """Keep choices that depend on others greyed out when they do not apply."""
        self._refresh()

    def _refresh(self) -> None:
        self.size_w.enabled = not self.app.settings.fullscreen
        self.rotating_w.enabled = can_rotate(self.app.settings.rules)

    def resize(self, size: tuple[int, int]) -> None:
        """Two columns under their headings, Back centred below."""
        u = self.app.u
        w, h = size
        rows = max(len(self.left), len(self.right))
        gap = round(8 * u)
        head = round(112 * u)
        foot = round(74 * u)
        room = h - round(56 * u)
        row_h = min(round(44 * u), (room - head - foot) // rows - gap)
        self.panel = pygame.Rect(0, 0, min(w - 16, round(self.width * u)), head + rows * (row_h + gap) + foot)
        self.panel.center = (w // 2, (h - round(26 * u)) // 2)
        pad = round(20 * u)
        col_w = (self.panel.w - 3 * pad) // 2
        fs = max(11, round(min(18 * u, row_h * 0.45)))
        self.font_size = fs
        self.heading_y = self.panel.y + round(84 * u)
        self.heading_fs = max(12, round(19 * u))
        self.columns = (self.panel.x + pad, self.panel.x + 2 * pad + col_w)
        self.col_w = col_w
        for x, column in zip(self.columns, (self.left, self.right), strict=True):
            y = self.panel.y + head
            for widget in column:
                widget.rect = pygame.Rect(x, y, col_w, row_h)
                widget.font_size = fs
                if isinstance(widget, Choice):
                    widget.split = 0.48 if column is self.left else 0.42
                y += row_h + gap
        bh = round(46 * u)
        self.back_button.rect = pygame.Rect(0, 0, round(220 * u), bh)
        self.back_button.rect.midbottom = (self.panel.centerx, self.panel.bottom - round(16 * u))
        self.back_button.font_size = round(20 * u)

    def fit_columns(self) -> None:
        """Share each row between label and value so that the longest of each fits in this language.

        Words differ in length from one language to another and grow with large text, so this
        is worked out when drawn; the font shrinks a little if both cannot fit, and past that the
        longest words are shortened with an ellipsis.
        """
        text = self.app.text
        columns = [[w for w in column if isinstance(w, Choice)] for column in (self.left, self.right)]
        # Both columns at one size, the size the harder of the two can take: a page whose right
        # half reads smaller than its left looks broken.
        fs = min(self._column_size(choices) for choices in columns if choices)
        for column, choices in zip((self.left, self.right), columns, strict=True):
            for w in column:
                w.font_size = fs
            if not choices:
                continue
            width = choices[0].rect.w
            pad = choices[0].rect.h // 3
            value_w = max(text.size(w.value_text(), fs, "bold")[0] for w in choices)
            value_w = max(value_w, *(self._widest_option(w, fs) for w in choices))
            # The value keeps its room first; labels on one line where the values leave the room.
            label_w = max(text.size(w.label(), fs)[0] for w in choices)
            split = min((label_w + 2 * pad) / width, 1 - (value_w + 3 * fs + 2 * pad) / width)
            split = min(0.62, max(0.3, split))
            for w in choices:
                w.split = split

    def _column_size(self, choices: list[Choice]) -> int:
        """The largest text size, down to seven tenths of the page's, at which ``choices`` fit their
        rows: each value whole, each label on one line or, where the row has room, two."""
        text = self.app.text
        width = choices[0].rect.w
        pad = choices[0].rect.h // 3
        fs = self.font_size
        while fs > max(10, self.font_size * 0.7):
            two_lines = 2 * text.font(fs).get_linesize() <= choices[0].rect.h
            label_w = max(self._label_width(w.label(), fs, two_lines) for w in choices)
            value_w = max(text.size(w.value_text(), fs, "bold")[0] for w in choices)
            value_w = max(value_w, *(self._widest_option(w, fs) for w in choices))
            if label_w + value_w + 3 * fs + 3 * pad <= width:
                break
            fs -= 1
        return fs

    def _label_width(self, label: str, fs: int, two_lines: bool) -> int:
        """The width ``label`` needs at ``fs``: on one line, or broken at its best space into two."""
        text = self.app.text
        whole = text.size(label, fs)[0]
        if not two_lines or " " not in label:
            return whole
        words = label.split(" ")
        halves = (
            max(text.size(" ".join(words[:i]), fs)[0], text.size(" ".join(words[i:]), fs)[0])
            for i in range(1, len(words))
        )
        return min(whole, *halves)

    def _widest_option(self, widget: Choice, fs: int) -> int:
        return max((self.app.text.size(name(), fs, "bold")[0] for _v, name in widget.options), default=0)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The felt."""
        surface.blit(self.app.art.felt(self.app.size, None), (0, 0))

    def draw(self, surface: pygame.Surface) -> None:
        """The panel, the two columns' headings and the widgets."""
        self.fit_columns()
        super().draw(surface)
        text = self.app.text
        for x, heading in zip(self.columns, (_("Screen and sound"), _("Table and new games")), strict=True):
            line = text.ellipsize(heading, self.heading_fs, self.col_w)
            text.blit(surface, line, self.heading_fs, (x, self.heading_y), GOLD, "bold", "midleft")
