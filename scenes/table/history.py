"""The game's history on screen: every deal so far, told in the table's own words, newest first.

The table scene keeps a :class:`Journal` of the events it has shown (so it holds only what
this screen was allowed to see); :class:`HistoryScene` lays them out as the narrator words
them: the auction's calls, who asked for cards and who stood, every payment and why. It opens
with H at the table or from the pause menu, and scrolls with the keys, the wheel or a drag.
"""

from __future__ import annotations

import pygame

from game.rules.cards import Card
from game.rules.events import CardDealt, ChipsMoved, DealStarted, Event, HandShown, TurnStarted
from scenes import i18n
from scenes.app.loop import App
from scenes.app.page import ScrollPage
from scenes.i18n import _, colon
from scenes.table.narrator import Eyes, bubble, headline, payment_words
from scenes.ui.art import GOLD, INK, card_text

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


def hand_words(cards: tuple[Card, ...], total: int) -> str:
    """A hand with every card's value: "4♦ K♥ = 4 + 10 = 14" (one card: "7♠ = 7")."""
    faces = " ".join(card_text(card) for card in cards)
    if len(cards) < 2:
        return f"{faces} = {total}"
    return f"{faces} = {' + '.join(str(card.points) for card in cards)} = {total}"


def _who(seat: int, eyes: Eyes, language: str) -> str:
    """A seat as the history's lines name it: the viewer is "You", as the headlines speak to them."""
    if eyes.you(seat):
        # Translators: the viewer at the head of a line of the history ("You: Bid 15", "You → Bastien").
        return i18n.voice(language).pgettext("history", "You")
    return eyes.names[seat]


def lines_of(
    events: list[Event], eyes: Eyes, language: str, farm: int = 0, farmer: int | None = None
) -> list[str]:
    """What a deal said, in order: headlines, each player's words on one line with the cards they
    were seen to take, every payment with its amount, every hand shown with its cards' values. The
    viewer is "You" throughout, as the headlines speak to them ("You buy the farm…", "You: Bid 15").
    ``farm`` and ``farmer`` are the farm nobody won at the end of the game and who keeps it."""
    out: list[str] = []
    said_by: int | None = None  # the seat whose words the last line gathers
    for event in events:
        if isinstance(event, TurnStarted):
            continue  # the player's own words name them
        seat = getattr(event, "seat", None)
        said = bubble(event, eyes, language)
        if isinstance(event, CardDealt) and event.card is not None:  # a card this screen saw
            card = f"{card_text(event.card)} ({event.card.points})"
            said = f"{said} {card}" if said else card
        if said and isinstance(seat, int) and not isinstance(event, HandShown):
            if said_by == seat:
                out[-1] += " · " + said
            else:
                out.append(f"{colon(_who(seat, eyes, language))} {said}")
                said_by = seat
            continue
        said_by = None
        if isinstance(event, HandShown):
            out.append(f"{colon(_who(event.seat, eyes, language))} {hand_words(event.cards, event.total)}")
            continue
        words = headline(event, eyes, language, farm=farm, farmer=farmer)
        if words is None and isinstance(event, ChipsMoved):
            note = payment_words(event, eyes, language)
            if note is not None:
                giver = _who(event.source, eyes, language) if isinstance(event.source, int) else ""
                taker = _who(event.target, eyes, language) if isinstance(event.target, int) else ""
                words = f"{colon(f'{giver} → {taker}'.strip(' →'))} {note}"
        if words and (not out or out[-1] != words):
            out.append(words)
    return out


class HistoryScene(ScrollPage):
    """The journal on a scrolling page over the table; see the module docstring."""

    name = "history"

    def __init__(
        self, app: App, journal: Journal, eyes: Eyes, farm: int = 0, farmer: int | None = None
    ) -> None:
        """The history of ``journal`` as ``eyes`` were told it; ``farm`` and ``farmer``: the farm on
        the table now and its farmer (who keeps it, when the game has ended with it unwon)."""
        super().__init__(app)
        self.journal = journal
        self.eyes = eyes
        self.farm = farm
        self.farmer = farmer

    def key(self, event: pygame.event.Event) -> bool:
        """H closes the history as it opened it."""
        if event.key == pygame.K_h:
            self.back()
            return True
        return False

    def hints(self) -> str:
        """The keys here."""
        return _("↑/↓, the wheel or a drag: scroll · Esc: back")

    def draw(self, surface: pygame.Surface) -> None:
        """Each deal's heading, then its lines, newest deal first, clipped to the panel."""
        u = self.app.u
        text = self.app.text
        body = self.frame(surface, _("History of the game"), 30, 14, 64)
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
            for line in lines_of(events, self.eyes, language, self.farm, self.farmer):
                for part in text.wrap(line, fs, body.w - round(16 * u)):
                    text.blit(surface, part, fs, (body.x + round(16 * u), y), INK)
                    y += round(fs * 1.35)
            y += round(fs * 0.8)
        surface.set_clip(None)
        self.measured(y, body)
        self.group.draw(surface, text)
