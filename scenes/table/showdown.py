"""The showdown: hands turn over one by one, totals appear, the best 16 (or nearest) is crowned,
and every payment flies as chips from payer to payee with its reason written beside it.
"""

from __future__ import annotations

from game.rules.events import (
    FARM,
    ChipsMoved,
    DealEnded,
    Event,
    FarmWon,
    GameEnded,
    HandShown,
    NearestFound,
    Reason,
)
from scenes import i18n
from scenes.table.handler import Handler
from scenes.table.narrator import nearest_note, payment_note, showdown_opens
from scenes.ui.art import GOLD, INK, OVER_RED


class ShowdownHandler(Handler):
    """See the module docstring."""

    name = "showdown"

    def enter(self) -> None:
        """Announce the showdown."""
        super().enter()
        self.table.banner = lambda: showdown_opens(i18n.language())
        self.table.clear_status()
        self.table.count_takings()

    def play(self, event: Event) -> float:
        """Turn over, total, crown and pay."""
        table = self.table
        eyes = self.host.eyes
        if isinstance(event, HandShown):
            table.show_hand(event.seat, event.cards)
            total = event.total
            color = GOLD if total == 16 else OVER_RED if total > 16 else INK
            table.set_badge(event.seat, lambda: str(total), color)
            if total > 16:
                table.sound("bust")
            return 0.5
        if isinstance(event, ChipsMoved):
            note = payment_note(event, eyes, i18n.language())
            label = None if note is None else (lambda: payment_note(event, eyes, i18n.language()) or "")
            if event.reason is Reason.OVER:
                # The farmer's takings, counted beside the farm as they land.
                table.move_chips(
                    event.source, event.target, event.amount, label, takings=event.target == table.farmer
                )
                return 0.6
            if event.reason is Reason.NEAREST:
                table.move_chips(event.source, event.target, event.amount, label, duration=0.5)
                return 0.18
            if event.reason is Reason.FARM:
                assert event.source == FARM
                table.crown(int(event.target))
                table.move_chips(FARM, event.target, event.amount, label, duration=0.9)
                return 1.1
            table.move_chips(event.source, event.target, event.amount, label)
            return 0.5
        if isinstance(event, NearestFound):
            self.tell(event)
            if event.seat is None:
                return 1.0
            table.crown(event.seat)
            if nearest_note(event, eyes, i18n.language()) is not None:
                found = event
                table.note(
                    lambda: nearest_note(found, eyes, i18n.language()) or "",
                    table.anchor(event.seat),
                    GOLD,
                    2.5,
                )
            return 1.0
        if isinstance(event, FarmWon):
            table.sound("farm_won")
            self.tell(event)
            return 0.6
        if isinstance(event, DealEnded):
            # The end of the game follows the last deal's end in the feed (the source may be further on).
            last = isinstance(self.source.feed.peek(), GameEnded)
            self.tell(event, farm=self.source.ledger.farm, over=last)
            return 1.2
        return 0.0

    def leave(self) -> None:
        """The deal is settled: the numbers on the table agree with the engine."""
        super().leave()
        self.table.sync()
