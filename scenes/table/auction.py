"""Selling the farm: antes slide into the farm, bids go round the seats, the farmer's marker moves.

Under rules without an auction (a farmer drawn by lot, the last winner, the rotation) the
same stage shows who became farmer and why. The person bids with − / + and Bid / Pass (or
the keys + - B P), never more than they hold.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ai import farm_value
from game.rules.actions import PASS, bid
from game.rules.events import (
    FARM,
    AuctionOpened,
    BidMade,
    ChipsMoved,
    DealStarted,
    Event,
    FarmerChosen,
    FarmSold,
    Passed,
    Reason,
)
from scenes import i18n
from scenes.i18n import _, ngettext
from scenes.table.handler import Handler, Host
from scenes.table.narrator import Eyes, bubble, farmer_role, payment_note
from scenes.table.source import human_to_act
from scenes.ui.art import GOLD

PASS_GREY = (170, 176, 170)


FARMER_NOTICE_SECONDS = 9.0
"""How long the word on what the farmer earns stays (long enough to read twice)."""

KEPT_TO_SAY = 0.2
"""The chance of the farm staying with its farmer at the game's end from which the hint says so."""

def only_pass() -> str:
    """Why Bid does nothing: the bid is already more than the person holds."""
    return _("You cannot bid more than you hold: you can only pass.")


def lowest_bid(n: int) -> str:
    """Why − does nothing: the amount is the lowest bid the person may make (``n``)."""
    return _("The lowest bid you can make is {n}.").format(n=n)


def highest_bid(chips: int) -> str:
    """Why + does nothing: the amount is all the person holds (``chips``)."""
    return _("You hold {chips}: you cannot bid more.").format(chips=chips)


class AuctionHandler(Handler):
    """See the module docstring."""

    name = "auction"

    def __init__(self, host: Host) -> None:
        """The auction stage of ``host``'s table."""
        super().__init__(host)
        self.amount = 1
        self.typed = ""
        """Digits typed for the bid (a number typed sets the amount at once)."""
        self.minus = self.add_button(lambda: "−", lambda: self.nudge(-1))
        self.plus = self.add_button(lambda: "+", lambda: self.nudge(+1))
        self.plus5 = self.add_button(lambda: "+5", lambda: self.nudge(+5))
        self.plus10 = self.add_button(lambda: "+10", lambda: self.nudge(+10))
        self.most = self.add_button(lambda: _("Max"), self.bid_most)
        self.steps = (self.minus, self.plus, self.plus5, self.plus10, self.most)
        self.bid_button = self.add_button(lambda: _("Bid {n}").format(n=self.amount), self.do_bid, True)
        self.pass_button = self.add_button(lambda: _("Pass"), self.do_pass)
        self.hint = self._worth
        self.explained: set[int] = set()
        """The people told what the farmer's seat earns (once each, in a game)."""
        self._worth_cache: tuple[tuple[int, int, int], tuple[int, int, int, int | None]] | None = None
        self.lowest = self.highest = 0
        """The figures a refused step names (the lowest bid, the chips held), as they were then."""
        # One object for each refusal, so that a key held down says it once (Handler.refuse).
        self.why_lower: Callable[[], str] = lambda: lowest_bid(self.lowest)
        self.why_higher: Callable[[], str] = lambda: highest_bid(self.highest)

    def _worth(self) -> str | None:
        """What a farmer can expect from the farm, as the AI prices it (when the settings ask for it)."""
        if not self.app.settings.farm_hint:
            return None
        view = self.source.view
        key = (view.deal_no, view.farm, view.high_bid)
        if self._worth_cache is None or self._worth_cache[0] != key:
            price = farm_value(view)
            # Near the game's end the bid mostly comes back (RULES.md: an unwon farm stays with
            # its farmer): say so, or the price would look far above the farm's worth.
            left = price.deals_left if price.kept >= KEPT_TO_SAY else None
            fair = max(0, int(price.fair_bid))
            figures = (round(price.collections), max(1, round(price.deals)), fair, left)
            self._worth_cache = (key, figures)
        collections, deals, fair, left = self._worth_cache[1]
        if left == 1:
            return _(
                "Last deal: a farm nobody wins stays with its farmer, bid and all; "
                "bidding more than {fair} does not pay."
            ).format(fair=fair)
        if left is not None:
            return _(
                "{n} deals left: a farm nobody wins by then stays with its farmer, bid and all; "
                "bidding more than {fair} does not pay."
            ).format(n=left, fair=fair)
        return ngettext(
            "Its farmer can expect about {chips} chips from players going over 16 before someone wins it "
            "(about {n} deal); bidding more than {fair} does not pay.",
            "Its farmer can expect about {chips} chips from players going over 16 before someone wins it "
            "(about {n} deals); bidding more than {fair} does not pay.",
            deals,
        ).format(chips=collections, n=deals, fair=fair)

    def _say(self, event: BidMade | Passed, color: tuple[int, int, int]) -> None:
        eyes = self.host.eyes
        self.table.say(event.seat, lambda: bubble(event, eyes, i18n.language()) or "", color)

    def play(self, event: Event) -> float:
        """Antes, bids, passes, the sale, the new farmer."""
        table = self.table
        if isinstance(event, DealStarted):
            table.collect()
            table.active = None
            if event.new_farm and event.farmer is None:
                table.clear_farmer()  # the old farmer's marker leaves while the new farm is sold
            self.tell(event)
            return 0.6
        if isinstance(event, ChipsMoved) and event.reason is Reason.ANTE:
            table.move_chips(event.source, FARM, event.amount, None, duration=0.45)
            return 0.07
        if isinstance(event, AuctionOpened):
            table.clear_status()
            self.tell(event)
            return 0.7
        if isinstance(event, BidMade):
            table.active = None
            self._say(event, GOLD)
            self.tell(event)
            return 0.3
        if isinstance(event, Passed):
            table.active = None
            self._say(event, PASS_GREY)
            self.tell(event)
            return 0.25
        if isinstance(event, FarmSold):
            self.tell(event)
            table.active = None
            table.set_farmer(event.seat)
            self._explain_farmer(event.seat)
            return 0.9
        if isinstance(event, ChipsMoved) and event.reason is Reason.BID:
            eyes = self.host.eyes
            table.move_chips(
                event.source,
                FARM,
                event.amount,
                lambda: payment_note(event, eyes, i18n.language()) or "",
                duration=0.6,
            )
            return 0.8
        if isinstance(event, FarmerChosen):
            table.set_farmer(event.seat)
            self.tell(event)
            self._explain_farmer(event.seat)
            return 1.1
        return 0.0

    def _explain_farmer(self, seat: int) -> None:
        """The first time a person here becomes farmer, say once what the seat earns, and why it is
        worth having though the farmer plays no hand (a farmer may watch many deals in a row)."""
        source = self.source
        if not source.facts.person(seat) or seat in self.explained:
            return
        self.explained.add(seat)
        # Said to the person who looks now (in the second person), or of them at a shared screen.
        eyes = Eyes(source.facts.names, source.facts.rules, source.facts.eyes)
        self.host.deal_notice(lambda: farmer_role(seat, eyes, i18n.language()), FARMER_NOTICE_SECONDS)

    def leave(self) -> None:
        """The cards come next: the seats' words of the auction go, and the notes of its payments
        (the farm's price) with them."""
        super().leave()
        self.table.clear_status()
        self.table.labels.clear()

    # ------------------------------------------------------------------ the person's bid

    def human_turn(self) -> None:
        """Show −, +, Bid and Pass."""
        view = self.source.view
        if self.prompt is None:
            self.amount = min(view.high_bid + 1, view.max_bid)
            self.typed = ""
            for b in self.buttons.widgets:
                b.visible = True
            self.table.active = view.seat  # the bidder's plate glows (pass-and-play: theirs)
            self.buttons.set_focus(self.bid_button if view.max_bid > view.high_bid else self.pass_button)
            self.layout_panel()
        self.prompt = self._prompt
        can_bid = view.max_bid > view.high_bid
        self.bid_button.enabled = can_bid
        self.minus.enabled = can_bid and self.amount > view.high_bid + 1
        for up in (self.plus, self.plus5, self.plus10, self.most):
            up.enabled = can_bid and self.amount < view.max_bid

    def _prompt(self) -> str:
        view = self.source.view
        if view.max_bid <= view.high_bid:
            return _("The bid is {n}: more than you hold. You can only pass.").format(n=view.high_bid)
        if view.high_bidder is None:
            return _("Your bid for a farm of {farm}? (you hold {chips})").format(
                farm=view.farm, chips=view.max_bid
            )
        return _("{name} bids {n}. Your bid? (you hold {chips})").format(
            name=self.source.facts.names[view.high_bidder], n=view.high_bid, chips=view.max_bid
        )

    def nudge(self, step: int) -> None:
        """Change the amount to bid by ``step``, within the rules and the chips held (or say why it
        cannot change)."""
        before = self.amount
        self.set_amount(self.amount + step)
        if self.amount == before:
            self.refuse(self.why_step(step))

    def why_step(self, step: int) -> Callable[[], str]:
        """Why the amount cannot go down (``step`` < 0) or up: the lowest bid or all the person
        holds is reached, or no bid is possible at all."""
        view = self.source.view
        if view.max_bid <= view.high_bid:
            return only_pass
        if step < 0:
            self.lowest = view.high_bid + 1
            return self.why_lower
        self.highest = view.max_bid
        return self.why_higher

    def set_amount(self, amount: int) -> None:
        """Bid ``amount`` next, brought within the rules and the chips held."""
        view = self.source.view
        self.amount = max(view.high_bid + 1, min(view.max_bid, amount))

    def bid_most(self) -> None:
        """Set the bid to the most the person may pay (or say it is set already)."""
        if self.amount >= self.source.view.max_bid:
            self.refuse(self.why_step(+1))
            return
        self.set_amount(self.source.view.max_bid)

    def layout_panel(self) -> None:
        """The steps narrow on the left, Bid and Pass wide on the right."""
        live = [b for b in self.buttons.widgets if b.visible]
        if self.bid_button not in live:
            super().layout_panel()
            return
        lay = self.table.layout
        panel = lay.panel
        gap = round(8 * lay.u)
        weights = [1.0 if b in self.steps else 2.4 for b in live]
        width = panel.w - 2 * gap
        unit = (width - gap * (len(live) - 1)) / sum(weights)
        x = float(panel.x + gap)
        bh = round(38 * lay.u)
        for b, wgt in zip(live, weights, strict=True):
            b.rect = pygame.Rect(round(x), panel.bottom - gap - bh, round(unit * wgt), bh)
            b.font_size = lay.font["body"]
            x += unit * wgt + gap

    def do_bid(self) -> None:
        """Bid the amount shown (or say why not)."""
        if not human_to_act(self.source):
            self.not_now()
            return
        if not self.bid_button.enabled:
            self.refuse(only_pass)
            return
        self.hide_panel()
        self.host.act(bid(self.amount))

    def do_pass(self) -> None:
        """Pass (final for this auction)."""
        if not human_to_act(self.source):
            self.not_now()
            return
        self.hide_panel()
        self.host.act(PASS)

    def handle(self, event: pygame.event.Event) -> bool:
        """+ / - / Up / Down change the bid (Page Up/Down by 5, End: the most), digits type it,
        the mouse wheel turns it, B bids, P passes."""
        if self.prompt is None:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_b, pygame.K_p):
                self.not_now()  # a bid's key while nobody asks: say why nothing happens
                return True
            return super().handle(event)
        why = {self.bid_button: only_pass, self.minus: self.why_step(-1)}
        why.update((up, self.why_step(+1)) for up in (self.plus, self.plus5, self.plus10, self.most))
        if self.refused_click(event, why):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.nudge(event.y)
            return True
        if event.type == pygame.KEYDOWN:
            digit = getattr(event, "unicode", "")
            if digit.isdigit() and len(digit) == 1:
                self.typed = (self.typed + digit)[-3:]
                self.set_amount(int(self.typed))
                return True
            if event.key == pygame.K_BACKSPACE and self.typed:
                self.typed = self.typed[:-1]
                if self.typed:
                    self.set_amount(int(self.typed))
                return True
            self.typed = ""
            if event.key == pygame.K_PAGEUP:
                self.nudge(+5)
                return True
            if event.key == pygame.K_PAGEDOWN:
                self.nudge(-5)
                return True
            if event.key == pygame.K_END:
                self.bid_most()
                return True
            if event.key == pygame.K_HOME:
                self.set_amount(0)
                return True
        if event.type == pygame.KEYDOWN:
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

    def keys(self) -> list[str]:
        """Bidding keys while the person bids."""
        if self.prompt is not None:
            return [_("+/− or digits: amount"), _("B: bid"), _("P: pass")]
        return []
