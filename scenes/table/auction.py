"""Selling the farm: antes slide into the farm, bids go round the seats, the farmer's marker moves.

Under rules without an auction (a farmer drawn by lot, the last winner, the rotation) the
same scene shows who became farmer and why. The human bids with − / + and Bid / Pass (or
the keys + - B P), never more than they hold.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.actions import PASS, bid
from game.ai import farm_value
from game.events import (
    FARM,
    AuctionOpened,
    BidMade,
    CardDealt,
    ChipsMoved,
    DealStarted,
    Event,
    FarmerChosen,
    FarmerReason,
    FarmSold,
    HandShown,
    Passed,
    Reason,
    TurnStarted,
)
from scenes.i18n import _, ngettext, pgettext
from scenes.table.scene import TableScene, add_button
from scenes.ui.art import GOLD

if TYPE_CHECKING:
    from scenes.app.loop import App
    from scenes.table.session import Session
    from scenes.table.world import Table

PASS_GREY = (170, 176, 170)


class AuctionScene(TableScene):
    """See the module docstring."""

    name = "auction"

    def __init__(self, app: App, session: Session, table: Table) -> None:
        """The auction of the session's new farm (or the naming of its farmer)."""
        super().__init__(app, session, table)
        self.amount = 1
        self.minus = add_button(self.buttons, lambda: "−", lambda: self.nudge(-1))
        self.plus = add_button(self.buttons, lambda: "+", lambda: self.nudge(+1))
        self.bid_button = add_button(
            self.buttons, lambda: _("Bid {n}").format(n=self.amount), self.do_bid, True
        )
        self.pass_button = add_button(self.buttons, lambda: _("Pass"), self.do_pass)
        self.hint = self._worth
        self._worth_cache: tuple[tuple[int, int, int], tuple[int, int]] | None = None

    def _worth(self) -> str | None:
        """What the farm is worth to its buyer, as the AI prices it (when the settings ask for it)."""
        if not self.app.settings.farm_hint:
            return None
        view = self.session.view
        key = (view.deal_no, view.farm, view.high_bid)
        if self._worth_cache is None or self._worth_cache[0] != key:
            price = farm_value(view)
            self._worth_cache = (key, (round(price.worth), max(0, int(price.fair_bid))))
        worth, fair = self._worth_cache[1]
        return _("The farm is worth about {worth} chips to its farmer; bids above {fair} do not pay.").format(
            worth=worth, fair=fair
        )

    def hands_over(self, event: Event) -> bool:
        """The first card dealt (or anything later) belongs to the deal."""
        return isinstance(event, CardDealt | TurnStarted | HandShown)

    def play(self, event: Event) -> float:
        """Antes, bids, passes, the sale, the new farmer."""
        table = self.table
        names = self.session.names
        if isinstance(event, DealStarted):
            table.collect()
            table.active = None
            # Under the French rules the pot is the corbeille: those sentences have their own context.
            ferme = self.session.game.rules.name == "ferme"
            if event.new_farm:
                table.banner = lambda: (
                    pgettext("ferme rules", "Deal {n}: a new farm. Everyone antes a chip.")
                    if ferme
                    else _("Deal {n}: a new farm. Everyone antes a chip.")
                ).format(n=event.deal)
            else:
                table.banner = lambda: (
                    pgettext("ferme rules", "Deal {n}: the farm stays.")
                    if ferme
                    else _("Deal {n}: the farm stays.")
                ).format(n=event.deal)
            return 0.6
        if isinstance(event, ChipsMoved) and event.reason is Reason.ANTE:
            table.move_chips(event.source, FARM, event.amount, None, duration=0.45)
            return 0.07
        if isinstance(event, AuctionOpened):
            table.clear_status()
            opener = names[event.opener]
            if self.session.you(event.opener):
                table.banner = lambda: _("The farm is for sale. You bid first.")
            else:
                table.banner = lambda: _("The farm is for sale. {name} bids first.").format(name=opener)
            return 0.7
        if isinstance(event, BidMade):
            table.active = None
            table.say(event.seat, lambda: _("Bid {n}").format(n=event.amount), GOLD)
            who = names[event.seat]
            if self.session.you(event.seat):
                table.banner = lambda: _("You bid {n}.").format(n=event.amount)
            else:
                table.banner = lambda: _("{name} bids {n}.").format(name=who, n=event.amount)
            return 0.45
        if isinstance(event, Passed):
            table.active = None
            table.say(event.seat, lambda: _("Pass"), PASS_GREY)
            who = names[event.seat]
            if self.session.you(event.seat):
                table.banner = lambda: _("You pass.")
            else:
                table.banner = lambda: _("{name} passes.").format(name=who)
            return 0.35
        if isinstance(event, FarmSold):
            who = names[event.seat]
            you = self.session.you(event.seat)
            if event.nobody_bid and you:
                table.banner = lambda: _("Nobody bid: you take the farm for nothing.")
            elif event.nobody_bid:
                table.banner = lambda: _("Nobody bid: {name} takes the farm for nothing.").format(name=who)
            elif you:
                table.banner = lambda: ngettext(
                    "You buy the farm for {n} chip.", "You buy the farm for {n} chips.", event.price
                ).format(n=event.price)
            else:
                table.banner = lambda: ngettext(
                    "{name} buys the farm for {n} chip.", "{name} buys the farm for {n} chips.", event.price
                ).format(name=who, n=event.price)
            table.active = None
            table.set_farmer(event.seat)
            return 0.9
        if isinstance(event, ChipsMoved) and event.reason is Reason.BID:
            table.move_chips(
                event.source, FARM, event.amount, lambda: _("the price of the farm"), duration=0.6
            )
            return 0.8
        if isinstance(event, FarmerChosen):
            who = names[event.seat]
            table.set_farmer(event.seat)
            if self.session.you(event.seat):
                # The same news told to the one it is about.
                ferme = self.session.game.rules.name == "ferme"
                if event.reason is FarmerReason.LOT:
                    table.banner = lambda: _("You are farmer, drawn by lot.")
                elif event.reason is FarmerReason.WINNER:
                    table.banner = lambda: (
                        pgettext("ferme rules", "You won the farm and deal.")
                        if ferme
                        else _("You won the farm and deal.")
                    )
                else:
                    table.banner = lambda: _("The farm passes round: you are farmer.")
            elif event.reason is FarmerReason.LOT:
                table.banner = lambda: _("{name} is farmer, drawn by lot.").format(name=who)
            elif event.reason is FarmerReason.WINNER:
                ferme = self.session.game.rules.name == "ferme"
                table.banner = lambda: (
                    pgettext("ferme rules", "{name} won the farm and deals.")
                    if ferme
                    else _("{name} won the farm and deals.")
                ).format(name=who)
            else:
                table.banner = lambda: _("The farm passes round: {name} is farmer.").format(name=who)
            return 1.1
        return 0.0

    def leave(self, event: Event | None) -> None:
        """The cards come next."""
        from scenes.table.deal import DealScene

        self.table.clear_status()
        self.app.stack.replace(DealScene(self.app, self.session, self.table))

    # ------------------------------------------------------------------ the human's bid

    def human_turn(self) -> None:
        """Show −, +, Bid and Pass."""
        view = self.session.view
        if self.prompt is None:
            self.amount = min(view.high_bid + 1, view.max_bid)
            for b in self.buttons.widgets:
                b.visible = True
            self.table.active = self.session.human
            self.buttons.set_focus(self.bid_button if view.max_bid > view.high_bid else self.pass_button)
            self.layout_panel()
        self.prompt = self._prompt
        can_bid = view.max_bid > view.high_bid
        self.bid_button.enabled = can_bid
        self.minus.enabled = can_bid and self.amount > view.high_bid + 1
        self.plus.enabled = can_bid and self.amount < view.max_bid

    def _prompt(self) -> str:
        view = self.session.view
        if view.max_bid <= view.high_bid:
            return _("The bid is {n}: more than you hold. You can only pass.").format(n=view.high_bid)
        if view.high_bidder is None:
            return _("Your bid for a farm of {farm}? (you hold {chips})").format(
                farm=view.farm, chips=view.max_bid
            )
        return _("{name} bids {n}. Your bid? (you hold {chips})").format(
            name=self.session.names[view.high_bidder], n=view.high_bid, chips=view.max_bid
        )

    def nudge(self, step: int) -> None:
        """Change the amount to bid by ``step``, within the rules and the chips held."""
        view = self.session.view
        self.amount = max(view.high_bid + 1, min(view.max_bid, self.amount + step))

    def _done(self) -> None:
        self.prompt = None
        for b in self.buttons.widgets:
            b.visible = False

    def do_bid(self) -> None:
        """Bid the amount shown."""
        if not self.session.human_to_act or not self.bid_button.enabled:
            return
        self._done()
        self.session.act(bid(self.amount))

    def do_pass(self) -> None:
        """Pass (final for this auction)."""
        if not self.session.human_to_act:
            return
        self._done()
        self.session.act(PASS)

    def handle(self, event: pygame.event.Event) -> bool:
        """+ / - / Up / Down change the bid, B bids, P passes."""
        if event.type == pygame.KEYDOWN and self.prompt is not None:
            if event.key in (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS, pygame.K_UP):
                self.nudge(+1)
                return True
            if event.key in (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_DOWN):
                self.nudge(-1)
                return True
            if event.key == pygame.K_b:
                self.do_bid()
                return True
            if event.key == pygame.K_p:
                self.do_pass()
                return True
        return super().handle(event)

    def hints(self) -> str:
        """Bidding keys while the human bids."""
        if self.prompt is not None:
            return _("+/−: amount · B: bid · P: pass · Esc: menu")
        return super().hints()
