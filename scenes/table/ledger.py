"""The ledger, over the table after each deal: who paid whom and why, everyone's chips, and a
small chart of every player's chips over the game. Continue starts the next deal. At the
end of the game it shows the final standings and the winner.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes.i18n import N_, _, colon, format_chips, pgettext, pot_name, the_pot
from scenes.table.scene import TableScene
from scenes.table.session import Transfer
from scenes.table.world import SEAT_COLORS
from scenes.ui.art import GOLD, INK
from scenes.ui.widgets import Button, FocusGroup, draw_panel, row

if TYPE_CHECKING:
    from scenes.app.loop import App
    from scenes.table.session import Session
    from scenes.table.world import Table

REASONS = {
    "ante": N_("ante"),
    "bid": N_("price of the farm"),
    "over": N_("over 16"),
    "farm": N_("the farm"),
    "nearest": N_("nearest"),
}
WATCH_PAUSE = 3.0
"""Seconds a replay's ledger stays before the next deal (at normal speed)."""
UP = (130, 230, 130)
DOWN = (240, 130, 120)


class LedgerScene(TableScene):
    """See the module docstring."""

    name = "ledger"
    transparent = True
    dims = 120

    def __init__(self, app: App, session: Session, table: Table) -> None:
        """The ledger of the deal just settled."""
        super().__init__(app, session, table)
        self.over = self.session.over
        if self.over:
            self.name = "gameover"
        if self.over:
            self.group = FocusGroup(
                [
                    Button(lambda: _("New game"), self.new_game, primary=True),
                    Button(lambda: _("Main menu"), self.to_menu),
                ],
                horizontal=True,
            )
        else:
            self.group = FocusGroup(
                [
                    Button(lambda: _("Next deal"), self.next_deal, primary=True),
                    Button(lambda: _("End the game"), self.end_game),
                ],
                horizontal=True,
            )
        self._chart: tuple[tuple[object, ...], pygame.Surface] | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.done = False
        self.auto = WATCH_PAUSE if self.session.watching and not self.over else None
        """Seconds until a replay goes on to its next deal by itself."""

    def enter(self) -> None:
        """Lay the panel out; the deal is settled on screen, so it is counted and the game saved."""
        self.resize(self.app.size)
        self.app.keeper.deal_settled(self.session)

    def resize(self, size: tuple[int, int]) -> None:
        """The panel covers most of the table; buttons at its foot."""
        super().resize(size)
        u = self.table.layout.u
        w, h = size
        # Tall enough for a row per player, the farm and the buttons; no taller.
        needed = round((150 + 34 * (self.session.n + 2)) * u)
        self.panel = pygame.Rect(
            0, 0, min(w - round(40 * u), round(1100 * u)), min(h - round(90 * u), needed)
        )
        self.panel.center = (w // 2, h // 2 + round(14 * u))
        bh = round(42 * u)
        area = pygame.Rect(0, 0, min(self.panel.w - 40, round(420 * u)), bh)
        area.midbottom = (self.panel.centerx, self.panel.bottom - round(16 * u))
        for b, r in zip(self.group.widgets, row(area, 2, round(14 * u)), strict=True):
            b.rect = r
            b.font_size = self.table.layout.font["body"]
        self._chart = None

    def update(self, dt: float) -> None:
        """The table keeps breathing beneath (labels fade, the winner glows)."""
        self.app.tweens.update(dt)
        self.table.update(dt)
        if self.auto is not None:
            self.auto -= dt / max(self.speed, 0.05)
            if self.auto <= 0:
                self.auto = None
                self.next_deal()

    # ------------------------------------------------------------------ buttons

    def next_deal(self) -> None:
        """Continue: the next deal, starting with its farm."""
        from scenes.table.auction import AuctionScene

        if self.done:  # a second press before the scene changes
            return
        self.done = True
        self.session.start_deal()
        self.app.stack.pop()
        self.app.stack.replace(AuctionScene(self.app, self.session, self.table))

    def end_game(self) -> None:
        """Stop here: the final standings."""
        if self.done:
            return
        self.done = True
        self.session.end_now()
        self.session.pending.clear()
        self.app.stack.replace(LedgerScene(self.app, self.session, self.table))

    def new_game(self) -> None:
        """The New game screen, with this game's choices."""
        from scenes.screens.menu import MenuScene
        from scenes.screens.newgame import NewGameScene

        self.app.keeper.leave(self.session)
        self.app.stack.reset(MenuScene(self.app))
        self.app.stack.push(NewGameScene(self.app, self.session.setup))

    def to_menu(self) -> None:
        """Back to the main menu."""
        from scenes.screens.menu import MenuScene

        self.app.keeper.leave(self.session)
        self.app.stack.reset(MenuScene(self.app))

    def handle(self, event: pygame.event.Event) -> bool:
        """Enter continues; Escape pauses."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return super().handle(event)
        return self.group.handle(event)

    def hints(self) -> str:
        """The ledger's keys."""
        return _("Enter: continue · Tab: next button · Esc: menu")

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        """The ledger panel over the dimmed table."""
        self.draw_header(surface)
        lay = self.table.layout
        u = lay.u
        text = self.app.text
        p = self.panel
        draw_panel(surface, p, radius=round(16 * u))
        pad = round(22 * u)
        title = self._title()
        fs_title = text.fit(title, round(30 * u), p.w - 2 * pad, "serif")
        text.blit(surface, title, fs_title, (p.centerx, p.y + pad * 0.7), GOLD, "serif", "midtop")
        top = p.y + pad + round(fs_title * 1.5)
        bottom = self.group.widgets[0].rect.top - round(14 * u)
        chart_w = round(p.w * 0.3)
        rows = pygame.Rect(p.x + pad, top, p.w - 3 * pad - chart_w, bottom - top)
        chart = pygame.Rect(rows.right + pad, top, chart_w, min(bottom - top, round(chart_w * 0.8)))
        self._draw_rows(surface, rows)
        self._draw_chart(surface, chart)
        self.group.draw(surface, text)

    def _title(self) -> str:
        session = self.session
        if self.over and session.result is not None:
            winners = session.result.winners
            best = session.result.standings[winners[0]]
            if len(winners) == 1:
                if session.you(winners[0]):
                    return _("Game over: you win with {n} chips!").format(n=best)
                return _("Game over: {name} wins with {n} chips.").format(
                    name=session.names[winners[0]], n=best
                )
            names = ", ".join(session.names[s] for s in winners)
            return _("Game over: a tie between {names} ({n} chips).").format(names=names, n=best)
        return _("Deal {n} settled").format(n=session.game.deal_no)

    def _reasons(self, seat: int) -> str:
        parts: list[str] = []
        transfers: list[Transfer] = self.session.transfers
        rules = self.session.game.rules.name

        def why(reason: str) -> str:
            # The pot's name follows the rules (la corbeille under the French rules).
            return the_pot(rules) if reason == "farm" else _(REASONS.get(reason, reason))

        for t in transfers:
            if t.source == seat:
                parts.append(f"−{t.amount} {why(t.reason)}")
            elif t.target == seat:
                parts.append(f"+{t.amount} {why(t.reason)}")
        merged: dict[str, int] = {}
        for part in parts:  # nine payments of one chip to the nearest read better as "+1 nearest ×9"
            merged[part] = merged.get(part, 0) + 1
        return ", ".join(f"{k} ×{v}" if v > 1 else k for k, v in merged.items())

    def _draw_rows(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        session = self.session
        text = self.app.text
        u = self.table.layout.u
        n = session.n
        now = session.game.standings() if self.over else list(session.game.chips)
        before = session.chips_before if not self.over else session.history[0]
        order = sorted(range(n), key=lambda s: -now[s]) if self.over else list(range(n))
        line_h = min(round(34 * u), area.h // (n + 2))
        fs = max(10, min(self.table.layout.font["body"], round(line_h * 0.55)))
        small = max(9, round(fs * 0.82))
        cols = [0.0, 0.32, 0.42, 0.52]  # name, before, change, after (fractions of the width)
        heads = [
            _("Player"),
            pgettext("ledger column", "Start") if self.over else _("Before"),
            _("Change"),
            _("Final") if self.over else _("After"),
        ]
        # A column starts at its share of the width, or later if the heading before it is long
        # (German and French headings are wider than the English ones).
        gap = max(6, round(12 * u))
        for i in range(1, len(cols)):
            wide = max(text.size(heads[i - 1], small, "bold")[0], text.size("+999", fs, "bold")[0])
            cols[i] = max(cols[i], cols[i - 1] + (wide + gap) / area.w)
        y = area.y
        for frac, head in zip(cols, heads, strict=True):
            text.blit(surface, head, small, (area.x + frac * area.w, y), (170, 190, 170), "bold")
        if not self.over:
            text.blit(surface, _("Why"), small, (area.x + 0.63 * area.w, y), (170, 190, 170), "bold")
        y += line_h
        for rank, seat in enumerate(order):
            rect = pygame.Rect(area.x, y, area.w, line_h)
            if session.you(seat):
                pygame.draw.rect(surface, (40, 70, 50), rect.inflate(8, 0), border_radius=6)
            cy = rect.centery
            dot = max(3, fs // 3)
            pygame.draw.circle(surface, SEAT_COLORS[seat % len(SEAT_COLORS)], (area.x + dot, cy), dot)
            name = session.names[seat]
            if self.over:
                name = f"{rank + 1}. {name}"
            if session.game.farmer == seat:
                name += " · " + _("farmer")
            name = text.ellipsize(name, fs, round(area.w * 0.34) - 3 * dot, "bold")
            text.blit(surface, name, fs, (area.x + 3 * dot, cy), INK, "bold", "midleft")
            delta = now[seat] - before[seat]
            text.blit(surface, str(before[seat]), fs, (area.x + cols[1] * area.w, cy), INK, "sans", "midleft")
            sign = f"+{delta}" if delta > 0 else (f"−{-delta}" if delta < 0 else "0")
            text.blit(
                surface,
                sign,
                fs,
                (area.x + cols[2] * area.w, cy),
                UP if delta > 0 else DOWN if delta < 0 else INK,
                "bold",
                "midleft",
            )
            text.blit(
                surface,
                str(now[seat]),
                fs,
                (area.x + cols[3] * area.w, cy),
                (255, 255, 255),
                "bold",
                "midleft",
            )
            if not self.over:
                why = text.ellipsize(self._reasons(seat), small, round(area.w * 0.37))
                text.blit(
                    surface, why, small, (area.x + 0.63 * area.w, cy), (200, 210, 200), "sans", "midleft"
                )
            y += line_h
        farm = session.game.farm
        if not self.over:
            label = colon(pot_name(session.game.rules.name)) + " " + format_chips(farm)
            text.blit(surface, label, fs, (area.x + 3 * dot, y + line_h // 2), GOLD, "bold", "midleft")

    def _draw_chart(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        history = self.session.history
        key = (area.size, len(history), self.over)
        if self._chart is None or self._chart[0] != key:
            self._chart = (key, self._make_chart(area.size, history))
        surface.blit(self._chart[1], area)

    def _make_chart(self, size: tuple[int, int], history: list[tuple[int, ...]]) -> pygame.Surface:
        text = self.app.text
        u = self.table.layout.u
        surf = pygame.Surface(size, pygame.SRCALPHA)
        w, h = size
        fs = max(9, round(13 * u))
        pygame.draw.rect(surf, (0, 0, 0, 70), surf.get_rect(), border_radius=8)
        text.blit(surf, _("Chips over the game"), fs, (w // 2, 6), (190, 200, 190), "bold", "midtop")
        plot = pygame.Rect(
            round(34 * u), round(fs * 2.2), w - round(46 * u), h - round(fs * 2.2) - round(26 * u)
        )
        # Scaled to the chips actually seen, so small swings show.
        top = max(max(row) for row in history)
        low = min(min(row) for row in history)
        margin = max(2, (top - low) // 10)
        top, low = top + margin, max(0, low - margin)
        span = max(1, top - low)
        pygame.draw.line(surf, (120, 140, 120), plot.bottomleft, plot.bottomright)
        pygame.draw.line(surf, (120, 140, 120), plot.bottomleft, plot.topleft)
        text.blit(surf, str(top), fs, (plot.x - 4, plot.y), (170, 180, 170), "sans", "topright")
        text.blit(surf, str(low), fs, (plot.x - 4, plot.bottom), (170, 180, 170), "sans", "bottomright")
        deals = len(history) - 1
        text.blit(surf, _("deals"), fs, (plot.right, plot.bottom + 3), (170, 180, 170), "sans", "topright")
        if deals < 1:
            return surf
        for seat in range(len(history[0])):
            pts = [
                (plot.x + plot.w * i / deals, plot.bottom - plot.h * (row[seat] - low) / span)
                for i, row in enumerate(history)
            ]
            width = 3 if seat == self.session.human else 2
            pygame.draw.lines(surf, SEAT_COLORS[seat % len(SEAT_COLORS)], False, pts, width)
        return surf
