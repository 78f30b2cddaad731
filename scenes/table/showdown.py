"""The showdown: hands turn over one by one, totals appear, the best 16 (or nearest) is crowned,
and every payment flies as chips from payer to payee with its reason written beside it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.events import (
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
from scenes.i18n import _, ngettext, pgettext, the_pot
from scenes.table.scene import TableScene
from scenes.ui.art import GOLD, INK, OVER_RED

if TYPE_CHECKING:
    from scenes.app.loop import App
    from scenes.table.session import Session
    from scenes.table.world import Table


class ShowdownScene(TableScene):
    """See the module docstring."""

    name = "showdown"

    def __init__(self, app: App, session: Session, table: Table) -> None:
        """The showdown of the session's current deal."""
        super().__init__(app, session, table)
        self.left = False

    def enter(self) -> None:
        """Announce the showdown."""
        super().enter()
        self.table.banner = lambda: _("Showdown: every hand is turned over.")
        self.table.clear_status()

    def play(self, event: Event) -> float:
        """Turn over, total, crown and pay."""
        table = self.table
        names = self.session.names
        if isinstance(event, HandShown):
            table.show_hand(event.seat, event.cards)
            total = event.total
            color = GOLD if total == 16 else OVER_RED if total > 16 else INK
            table.set_badge(event.seat, lambda: str(total), color)
            if total > 16:
                table.sound("bust")
            return 0.5
        if isinstance(event, ChipsMoved):
            amount = event.amount
            if event.reason is Reason.OVER:
                note = ngettext("{n} chip to the farmer: over 16", "{n} chips to the farmer: over 16", amount)
                table.move_chips(event.source, event.target, amount, lambda: note.format(n=amount))
                return 0.6
            if event.reason is Reason.NEAREST:
                table.move_chips(event.source, event.target, amount, None, duration=0.5)
                return 0.18
            if event.reason is Reason.FARM:
                assert event.source == FARM
                table.crown(int(event.target))
                table.move_chips(
                    FARM,
                    event.target,
                    amount,
                    lambda: ngettext("{n} chip: {pot}", "{n} chips: {pot}", amount).format(
                        n=amount, pot=the_pot(self.session.game.rules.name)
                    ),
                    duration=0.9,
                )
                return 1.1
            table.move_chips(event.source, event.target, amount, None)
            return 0.5
        if isinstance(event, NearestFound):
            if event.seat is None:
                table.banner = lambda: _("Everyone went over 16: nobody collects.")
                return 1.0
            who = names[event.seat]
            total = event.total
            table.crown(event.seat)
            you = self.session.you(event.seat)
            if you and self.session.game.rules.nearest_takes_farm:
                table.banner = lambda: _(
                    "Nobody made 16: you are nearest with {n} and take the farm."
                ).format(n=total)
            elif you:
                table.banner = lambda: _(
                    "Nobody made 16: you are nearest with {n}; a chip from each."
                ).format(n=total)
                table.note(lambda: _("nearest: a chip from each player"), table.anchor(event.seat), GOLD, 2.5)
            elif self.session.game.rules.nearest_takes_farm:
                table.banner = lambda: _(
                    "Nobody made 16: {name} is nearest with {n} and takes the farm."
                ).format(name=who, n=total)
            else:
                table.banner = lambda: _(
                    "Nobody made 16: {name} is nearest with {n}; a chip from each."
                ).format(name=who, n=total)
                table.note(lambda: _("nearest: a chip from each player"), table.anchor(event.seat), GOLD, 2.5)
            return 1.0
        if isinstance(event, FarmWon):
            table.sound("farm_won")
            who = names[event.seat]
            total = event.total
            # Under the French rules the pot is the corbeille: those sentences have their own context.
            ferme = self.session.game.rules.name == "ferme"
            if self.session.you(event.seat) and total == 16:
                table.banner = lambda: (
                    pgettext("ferme rules", "You make 16 and win the farm!")
                    if ferme
                    else _("You make 16 and win the farm!")
                )
            elif self.session.you(event.seat):
                table.banner = lambda: pgettext("ferme rules", "You win the farm with {n}.").format(n=total)
            elif total == 16:
                table.banner = lambda: (
                    pgettext("ferme rules", "{name} makes 16 and wins the farm!")
                    if ferme
                    else _("{name} makes 16 and wins the farm!")
                ).format(name=who)
            else:
                table.banner = lambda: pgettext("ferme rules", "{name} wins the farm with {n}.").format(
                    name=who, n=total
                )
            return 0.6
        if isinstance(event, DealEnded):
            if event.winner is None and event.nearest is None and not self.session.over:
                farm = self.session.game.farm
                ferme = self.session.game.rules.name == "ferme"
                table.banner = lambda: (
                    pgettext("ferme rules", "The farm of {n} stays for the next deal.")
                    if ferme
                    else _("The farm of {n} stays for the next deal.")
                ).format(n=farm)
            return 1.2
        if isinstance(event, GameEnded):
            table.banner = lambda: _("The game is over.")
            return 0.6
        return 0.0

    def leave(self, event: Event | None) -> None:
        """The deal is settled: the ledger."""
        if self.left:
            return
        self.left = True
        from scenes.table.ledger import LedgerScene

        self.table.sync()
        self.app.push(LedgerScene(self.app, self.session, self.table))
