"""Statistics: the player's games, chips, farms, 16s and busts, by rule set or all together,
with a small chart of the chips at the end of each recent game. Games ended early are counted
apart: neither played to their end nor won, and not in the chart.
"""

from __future__ import annotations

from functools import partial

import pygame

from game.play.stats import Stats, in_time_order
from game.rules.ruleset import RULE_NAMES
from scenes.app.loop import App
from scenes.i18n import _, format_number, format_percent, rules_label
from scenes.screens.panels import PanelScene
from scenes.ui.art import GOLD, INK
from scenes.ui.widgets import Button, Choice, Widget

ALL = "all"
"""The choice that adds every rule set together."""
START_CHIPS = 100
"""Chips each seat starts with: the chart's line of breaking even."""


def combined(stats: list[Stats]) -> Stats:
    """Several rule sets' counts added together, their recent results in the order they were played."""
    total = Stats()
    for s in stats:
        total.games_played += s.games_played
        total.games_won += s.games_won
        total.games_shared += s.games_shared
        total.games_ended_early += s.games_ended_early
        total.deals_played += s.deals_played
        total.hands_played += s.hands_played
        total.hands_uncounted += s.hands_uncounted
        total.chips_won += s.chips_won
        total.chips_lost += s.chips_lost
        total.farms_bought += s.farms_bought
        total.farms_won += s.farms_won
        total.best_farm = max(total.best_farm, s.best_farm)
        total.sixteens += s.sixteens
        total.busts += s.busts
    total.results = in_time_order(stats)
    total.numbers = sorted(n for s in stats for n in s.numbers)
    return total


class StatisticsScene(PanelScene):
    """See the module docstring."""

    name = "statistics"
    width = 900
    transparent = False

    def __init__(self, app: App) -> None:
        """The statistics kept by ``app``'s keeper."""
        self.rules = ALL
        super().__init__(app, lambda: _("Statistics"))
        self.table_rect = pygame.Rect(0, 0, 0, 0)
        self.chart_rect = pygame.Rect(0, 0, 0, 0)

    def build(self) -> list[Widget]:
        """The rule set to show, and Back."""
        options = [(ALL, lambda: _("All rule sets"))]
        options += [(r, partial(rules_label, r)) for r in RULE_NAMES]
        self.choice = Choice(lambda: _("Rules"), options, lambda: self.rules, self._set_rules)
        self.back_button = Button(lambda: _("Back"), self.back, primary=True)
        return [self.choice, self.back_button]

    def _set_rules(self, value: str) -> None:
        self.rules = value

    def stats(self) -> Stats:
        """The counts for the rule set chosen."""
        stats = self.app.keeper.stats
        if stats is None:
            return Stats()
        if self.rules == ALL:
            return combined([stats.by_rules[r] for r in sorted(stats.by_rules)])
        return stats.by_rules.get(self.rules, Stats())

    def resize(self, size: tuple[int, int]) -> None:
        """The rule-set choice at the top, the numbers on the left, the chart on the right, Back below."""
        u = self.app.u
        w, h = size
        self.panel = pygame.Rect(
            0, 0, min(w - 20, round(self.width * u)), min(h - round(70 * u), round(560 * u))
        )
        self.panel.center = (w // 2, (h - round(26 * u)) // 2)
        pad = round(28 * u)
        row_h = round(44 * u)
        fs = max(12, round(18 * u))
        self.choice.rect = pygame.Rect(0, self.panel.y + round(78 * u), round(460 * u), row_h)
        self.choice.rect.centerx = self.panel.centerx
        self.choice.split = 0.3
        self.back_button.rect = pygame.Rect(0, 0, round(200 * u), row_h)
        self.back_button.rect.midbottom = (self.panel.centerx, self.panel.bottom - round(18 * u))
        self.choice.font_size = self.back_button.font_size = fs
        top = self.choice.rect.bottom + round(18 * u)
        bottom = self.back_button.rect.top - round(18 * u)
        half = (self.panel.w - 3 * pad) // 2
        self.table_rect = pygame.Rect(self.panel.x + pad, top, half, bottom - top)
        self.chart_rect = pygame.Rect(self.table_rect.right + pad, top, half, bottom - top)

    def lines(self, s: Stats) -> list[tuple[str, str]]:
        """The rows of numbers: (what, how many), translated."""

        def rate(part: int, whole: int) -> str:
            return (
                f"{format_number(part)} ({format_percent(part / whole, 0)})" if whole else format_number(part)
            )

        def of_hands(part: int) -> str:
            share = s.hand_rate(part)
            if share is None:  # no hand counted, or an older file's uncounted hands: no true share
                return format_number(part)
            return f"{format_number(part)} ({format_percent(share, 0)})"

        return [
            (_("Games played"), format_number(s.games_played)),
            (_("Games won"), rate(s.games_won, s.games_played)),
            (_("First place shared"), rate(s.games_shared, s.games_played)),
            # Translators: games a player stopped before their agreed end; counted apart, never won.
            (_("Games ended early"), format_number(s.games_ended_early)),
            (_("Deals played"), format_number(s.deals_played)),
            (_("Chips won"), format_number(s.chips_won)),
            (_("Chips lost"), format_number(s.chips_lost)),
            (_("Farms bought"), format_number(s.farms_bought)),
            (_("Farms won"), format_number(s.farms_won)),
            (_("Best farm won"), format_number(s.best_farm)),
            # Shares of the hands played: a deal sat out as farmer has no hand.
            (_("Hands of 16"), of_hands(s.sixteens)),
            (_("Hands over 16"), of_hands(s.busts)),
        ]

    def draw(self, surface: pygame.Surface) -> None:
        """The panel with the numbers and the chart."""
        super().draw(surface)
        s = self.stats()
        text = self.app.text
        u = self.app.u
        area = self.table_rect
        rows = self.lines(s)
        line_h = min(round(30 * u), area.h // len(rows))
        fs = max(11, min(round(17 * u), round(line_h * 0.62)))
        y = area.y
        for i, (what, value) in enumerate(rows):
            if i % 2 == 0:
                pygame.draw.rect(surface, (24, 46, 34), (area.x, y, area.w, line_h), border_radius=4)
            label = text.ellipsize(what, fs, round(area.w * 0.62))
            text.blit(surface, label, fs, (area.x + 8, y + line_h // 2), INK, "sans", "midleft")
            text.blit(
                surface, value, fs, (area.right - 8, y + line_h // 2), (255, 255, 255), "bold", "midright"
            )
            y += line_h
        self.draw_chart(surface, self.chart_rect, s.results[-20:])

    def draw_chart(self, surface: pygame.Surface, area: pygame.Rect, results: list[int]) -> None:
        """Bars of the chips at the end of each recent game, against the 100 each game starts with."""
        text = self.app.text
        u = self.app.u
        fs = max(10, round(14 * u))
        pygame.draw.rect(surface, (10, 22, 16), area, border_radius=8)
        text.blit(
            surface,
            _("Chips at the end of recent games"),
            fs,
            (area.centerx, area.y + 6),
            INK,
            "bold",
            "midtop",
        )
        plot = pygame.Rect(
            area.x + round(40 * u),
            area.y + round(fs * 2.4),
            area.w - round(56 * u),
            area.h - round(fs * 2.4) - round(28 * u),
        )
        if not results:
            msg = _("No game finished yet.")
            text.blit(
                surface, text.ellipsize(msg, fs, plot.w), fs, plot.center, (190, 200, 190), "sans", "center"
            )
            return
        top = max(max(results), START_CHIPS) * 1.1
        base_y = plot.bottom - plot.h * START_CHIPS / top
        pygame.draw.line(surface, (120, 140, 120), plot.bottomleft, plot.bottomright)
        pygame.draw.line(surface, GOLD, (plot.x, round(base_y)), (plot.right, round(base_y)), 1)
        text.blit(surface, str(START_CHIPS), fs, (plot.x - 4, base_y), GOLD, "sans", "midright")
        text.blit(surface, "0", fs, (plot.x - 4, plot.bottom), (170, 180, 170), "sans", "midright")
        n = len(results)
        slot = plot.w / max(n, 1)
        bar_w = max(2, min(round(slot * 0.7), round(36 * u)))
        for i, chips in enumerate(results):
            h = round(plot.h * chips / top)
            bar = pygame.Rect(0, 0, bar_w, max(1, h))
            bar.midbottom = (round(plot.x + slot * (i + 0.5)), plot.bottom)
            up = chips >= START_CHIPS
            pygame.draw.rect(surface, (110, 200, 120) if up else (220, 110, 100), bar, border_radius=2)
            if n <= 12:
                text.blit(surface, str(chips), fs, (bar.centerx, bar.top - 2), INK, "sans", "midbottom")
            if not up:
                # Not colour alone: a game that lost chips also has a dark notch at its top.
                notch = pygame.Rect(bar.x, bar.y, bar.w, max(2, round(3 * u)))
                pygame.draw.rect(surface, (60, 16, 16), notch)
        text.blit(
            surface,
            _("older → newer"),
            fs,
            (plot.right, plot.bottom + 4),
            (170, 180, 170),
            "sans",
            "topright",
        )

    def hints(self) -> str:
        """The keys here."""
        return _("←/→: rule set · Esc: back")

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The felt."""
        surface.blit(self.app.art.felt(self.app.size, None), (0, 0))
