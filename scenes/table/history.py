"""The game's history on screen: every deal so far, told in the table's own words, newest first.

The table scene keeps a :class:`Journal` of the events it has shown (so it holds only what
this screen was allowed to see); :class:`HistoryScene` lays them out as the narrator words
them: the auction's calls, who asked for cards and who stood, every payment and why. It opens
with H at the table or from the pause menu, and scrolls with the keys, the wheel or a drag.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.events import ChipsMoved, DealStarted, Event, HandShown, TurnStarted
from scenes import i18n
from scenes.app.loop import App
from scenes.app.stack import Scene
from scenes.i18n import _, colon
from scenes.table.narrator import Eyes, bubble, headline, payment_note
from scenes.ui.art import GOLD, INK, card_text
from scenes.ui.widgets import Button, FocusGroup, draw_panel

MAX_DEALS_KEPT = 200
"""Deals the journal keeps (a long game's earliest ones go first)."""


class Journal:
    """The events a table has shown, deal by deal."""

    def __init__(self) -> None:
        """Nothing shown yet."""
        self.deals: list[tuple[int, list[Event]]] = []

    def record(self, event: Event) -> None:
        """Keep ``event`` (a new deal starts a new page)."""
        if isinstance(event, DealStarted) or not self.deals:
            self.deals.append((event.deal if isinstance(event, DealStarted) else 0, []))
            del self.deals[:-MAX_DEALS_KEPT]
        self.deals[-1][1].append(event)


def lines_of(events: list[Event], eyes: Eyes, language: str) -> list[str]:
    """What a deal said, in order: headlines, each player's words on one line, every payment."""
    out: list[str] = []
    said_by: int | None = None  # the seat whose words the last line gathers
    for event in events:
        if isinstance(event, TurnStarted):
            continue  # the player's own words name them
        seat = getattr(event, "seat", None)
        said = bubble(event, eyes, language)
        if said and isinstance(seat, int) and not isinstance(event, HandShown):
            if said_by == seat:
                out[-1] += " · " + said
            else:
                out.append(f"{colon(eyes.names[seat])} {said}")
                said_by = seat
            continue
        said_by = None
        if isinstance(event, HandShown):
            cards = " ".join(card_text(card) for card in event.cards)
            out.append(f"{colon(eyes.names[event.seat])} {cards} = {event.total}")
            continue
        words = headline(event, eyes, language)
        if words is None and isinstance(event, ChipsMoved):
            note = payment_note(event, eyes, language)
            if note is not None:
                giver = eyes.names[event.source] if isinstance(event.source, int) else ""
                taker = eyes.names[event.target] if isinstance(event.target, int) else ""
                words = f"{colon(f'{giver} → {taker}'.strip(' →'))} {note}"
        if words and (not out or out[-1] != words):
            out.append(words)
    return out


class HistoryScene(Scene):
    """The journal on a scrolling panel over the table; see the module docstring."""

    name = "history"
    transparent = True
    dims = 200

    def __init__(self, app: App, journal: Journal, eyes: Eyes) -> None:
        """The history of ``journal`` as ``eyes`` were told it."""
        super().__init__(app)
        self.journal = journal
        self.eyes = eyes
        self.scroll = 0.0
        self._max_scroll = 0.0
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.group = FocusGroup([Button(lambda: _("Back"), self.back, primary=True)])

    def enter(self) -> None:
        """Lay out."""
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        """A tall panel with Back at its foot."""
        u = self.app.u
        w, h = size
        self.panel = pygame.Rect(0, 0, min(w - 40, round(900 * u)), h - round(60 * u))
        self.panel.center = (w // 2, h // 2)
        button = self.group.widgets[0]
        button.rect = pygame.Rect(0, 0, round(200 * u), round(44 * u))
        button.rect.midbottom = (self.panel.centerx, self.panel.bottom - round(16 * u))
        button.font_size = round(18 * u)

    def back(self) -> None:
        """Close."""
        self.app.stack.pop()

    def handle(self, event: pygame.event.Event) -> bool:
        """Scroll with the arrows, Page Up/Down, the wheel or a drag; Escape or H go back."""
        step = 40 * self.app.u
        moves: dict[int, Callable[[], float]] = {
            pygame.K_DOWN: lambda: step,
            pygame.K_UP: lambda: -step,
            pygame.K_PAGEDOWN: lambda: self.panel.h * 0.8,
            pygame.K_PAGEUP: lambda: -self.panel.h * 0.8,
        }
        if event.type == pygame.MOUSEWHEEL:
            self.scroll -= event.y * step
        elif event.type == pygame.MOUSEMOTION and event.buttons[0] and self.panel.collidepoint(event.pos):
            self.scroll -= event.rel[1]
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_h):
            self.back()
        elif event.type == pygame.KEYDOWN and event.key in moves:
            self.scroll += moves[event.key]()
        else:
            return self.group.handle(event)
        self.scroll = max(0.0, min(self.scroll, self._max_scroll))
        return True

    def hints(self) -> str:
        """The keys here."""
        return _("↑/↓, the wheel or a drag: scroll · Esc: back")

    def draw(self, surface: pygame.Surface) -> None:
        """Each deal's heading, then its lines, newest deal first, clipped to the panel."""
        u = self.app.u
        text = self.app.text
        p = self.panel
        draw_panel(surface, p, radius=round(16 * u), alpha=255)
        text.blit(
            surface,
            _("History of the game"),
            round(30 * u),
            (p.centerx, p.y + round(14 * u)),
            GOLD,
            "serif",
            "midtop",
        )
        body = pygame.Rect(
            p.x + round(30 * u),
            p.y + round(64 * u),
            p.w - round(60 * u),
            self.group.widgets[0].rect.top - p.y - round(78 * u),
        )
        fs = max(11, round(16 * u))
        hs = max(12, round(19 * u))
        language = i18n.language()
        y = body.y - self.scroll
        surface.set_clip(body)
        if not self.journal.deals:
            text.blit(surface, _("Nothing has happened yet."), fs, (body.x, y), INK)
        for deal, events in reversed(self.journal.deals):
            title = _("Deal {n}").format(n=deal) if deal else _("Before the first deal")
            text.blit(surface, title, hs, (body.x, y), GOLD, "bold")
            y += round(hs * 1.5)
            for line in lines_of(events, self.eyes, language):
                for part in text.wrap(line, fs, body.w - round(16 * u)):
                    text.blit(surface, part, fs, (body.x + round(16 * u), y), INK)
                    y += round(fs * 1.35)
            y += round(fs * 0.8)
        surface.set_clip(None)
        self._max_scroll = max(0.0, y + self.scroll - body.bottom)
        self.group.draw(surface, text)
