"""The deal: cards fly one at a time from the deck to the seats, then each player draws or stands.

The person sees their own cards face up and everyone else's face down (the feed never holds
a card they may not see); a card drawn from the bottom of the deck slides out from under
it. On the person's turn the panel offers the rule set's words (Card / Stand, "Basta" under
Lacombe), Stand greyed out until the compulsory card is taken, with the total shown. AI
seats think for a moment, visibly. A bust says nothing until the showdown. When the person
is farmer they deal: automatically, or one card per click or key (Enter or D), as the
settings say.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ai import hint as odds_hint
from game.rules.actions import DRAW, STAND
from game.rules.events import Busted, CardDealt, Event, Stood, TurnEnded, TurnStarted
from game.rules.phase import Phase
from scenes import i18n
from scenes.i18n import _, draw_word, format_percent, stand_word
from scenes.table.handler import Handler, Host
from scenes.table.narrator import bubble
from scenes.table.source import human_to_act, is_you
from scenes.table.world import face_up
from scenes.ui.art import GOLD, INK, OVER_RED

STOOD_BLUE = (180, 220, 255)


def deck_empty() -> str:
    """Why Card does nothing: no card is left to take."""
    return _("The deck is empty: you can only stand.")


def must_draw() -> str:
    """Why Stand does nothing: the rules owe the person one more card."""
    return _("You must take one more card before you can stand.")


class DealHandler(Handler):
    """See the module docstring."""

    name = "deal"

    def __init__(self, host: Host) -> None:
        """The deal stage of ``host``'s table."""
        super().__init__(host)
        rules = self.source.facts.rules
        self.card_button = self.add_button(draw_word, self.do_draw, True)
        self.stand_button = self.add_button(lambda: stand_word(rules), self.do_stand)
        self.deal_button = self.add_button(lambda: _("Deal a card"), self.do_deal, True)
        self.deal_ok = False
        self.said: set[int] = set()
        """The seats whose stand or bust this screen has shown in the deal (their "done" is said)."""
        self.hint = self._odds
        self._odds_cache: tuple[tuple[int, int], tuple[float, float] | None] | None = None

    def _odds(self) -> str | None:
        """The odds of the next card (when the settings ask for them), worked out once per card."""
        if not self.app.settings.odds_hint or not self.card_button.visible:
            return None
        view = self.source.view
        key = (view.deal_no, len(view.hand))
        if self._odds_cache is None or self._odds_cache[0] != key:
            found = odds_hint(view)
            odds = None if found is None else (found.sixteen, found.over)
            self._odds_cache = (key, odds)
        odds = self._odds_cache[1]
        if odds is None:
            return None

        def pct(p: float) -> str:
            return format_percent(p, 1 if 0 < p < 0.1 else 0)

        return _("{card}: {sixteen} chance of 16, {over} of going over").format(
            card=draw_word(), sixteen=pct(odds[0]), over=pct(odds[1])
        )

    def total_of(self, seat: int) -> Callable[[], str]:
        """The total of ``seat``'s cards face up on the table, for its badge."""

        def total() -> str:
            hand = self.table.seats[seat].hand
            return str(sum(s.card.points for s in hand if s.card is not None and face_up(s)))

        return total

    def enter(self) -> None:
        """The cards begin: a farmer at this screen sees what it collects counted beside the farm."""
        super().enter()
        self.table.count_takings()

    # ------------------------------------------------------------------ dealing by hand

    def _deals_by_hand(self) -> bool:
        return is_you(self.source, self.source.view.farmer) and not self.app.settings.auto_deal

    def hold(self, event: Event) -> bool:
        """When the person is farmer and deals by hand, each card waits for a click or a key."""
        if not self._deals_by_hand():
            if self.deal_button.visible:  # dealing by hand was switched off meanwhile
                self.hide_panel()
            return False
        if not isinstance(event, CardDealt) or self.deal_ok:
            return False
        if self.host.tweens.busy:
            return True
        if self.prompt is None:
            name = self.source.facts.names[event.seat]
            self.prompt = lambda: _("Deal a card to {name}.").format(name=name)
            # The seat has asked for its card: it no longer seems to be thinking.
            self.table.active = event.seat
            self._said_card(event)
            self.deal_button.visible = True
            self.buttons.set_focus(self.deal_button)
            self.layout_panel()
        return True

    def do_deal(self) -> None:
        """Let the held card go."""
        self.deal_ok = True
        self.hide_panel()

    def _said_card(self, event: CardDealt) -> None:
        if event.first:
            self.table.seats[event.seat].status = None
            return
        eyes = self.host.eyes
        self.table.say(event.seat, lambda: bubble(event, eyes, i18n.language()) or "", INK)

    # ------------------------------------------------------------------ the events

    def play(self, event: Event) -> float:
        """Deal, turn, stand, bust."""
        table = self.table
        eyes = self.host.eyes
        if isinstance(event, CardDealt):
            self.deal_ok = False
            if not event.first:
                self._said_card(event)
            table.deal_card(event.seat, event.card, event.from_bottom, duration=0.35 if event.first else 0.45)
            if is_you(self.source, event.seat):
                table.set_badge(event.seat, self.total_of(event.seat), GOLD, pop=not event.first)
            return 0.16 if event.first else 0.5
        if isinstance(event, TurnStarted):
            table.active = event.seat
            self.tell(event)
            return 0.15
        if isinstance(event, Stood):  # the person's own (or anyone's in a replay)
            self.said.add(event.seat)
            table.say(event.seat, lambda: bubble(event, eyes, i18n.language()) or "", STOOD_BLUE)
            table.active = None
            return 0.3
        if isinstance(event, TurnEnded):
            # The table cannot tell a stand from a silent bust: the seat has simply stopped
            # (unless this screen was shown which: a replay, or the person's own).
            if event.seat not in self.said:
                table.say(event.seat, lambda: bubble(event, eyes, i18n.language()) or "", STOOD_BLUE)
            table.active = None
            return 0.35
        if isinstance(event, Busted):  # the person's own (or anyone's in a replay)
            self.said.add(event.seat)
            table.say(event.seat, lambda: bubble(event, eyes, i18n.language()) or "", OVER_RED)
            table.active = None
            if not is_you(self.source, event.seat):
                return 0.5
            table.set_badge(event.seat, self.total_of(event.seat), OVER_RED)
            self.tell(event)
            return 0.8
        return 0.0

    def leave(self) -> None:
        """Everyone is served."""
        super().leave()
        self.table.active = None
        self.said.clear()

    # ------------------------------------------------------------------ the person's turn

    def human_turn(self) -> None:
        """Show Card and Stand (Stand greyed out while the compulsory card is owed).

        On exactly 16 no card can help under any rule set: the person stands at once, and the
        table says so, rather than offering a draw that can only lose.
        """
        view = self.source.view
        if view.total == 16 and not view.must_draw and STAND in view.legal_actions():
            self.hide_panel()
            self.host.act(STAND)
            host = self.host
            self.table.banner = lambda: host.prompt_text(_("You have 16: you stand, as no card could help."))
            return
        if self.prompt is None:
            self.card_button.visible = True
            self.stand_button.visible = True
            self.deal_button.visible = False
            self.buttons.set_focus(self.card_button)
            self.layout_panel()
            self.prompt = self._prompt
        self.card_button.enabled = view.deck_size > 0
        self.stand_button.enabled = not view.must_draw
        if self.buttons.focused is None or not self.buttons.focused.enabled:
            self.buttons.set_focus(self.card_button if self.card_button.enabled else self.stand_button)

    def _prompt(self) -> str:
        view = self.source.view
        if view.must_draw:
            return _("You have {n}. You must take one more card.").format(n=view.total)
        if view.deck_size == 0:
            return _("You have {n}. The deck is empty.").format(n=view.total)
        return _("You have {n}. Another card?").format(n=view.total)

    def do_draw(self) -> None:
        """Ask for a card (or say why not)."""
        if not human_to_act(self.source):
            self.not_now()
            return
        if not self.card_button.enabled:
            self.refuse(deck_empty)
            return
        self.hide_panel()
        self.host.act(DRAW)

    def do_stand(self) -> None:
        """Take no more cards (or say why not)."""
        if not human_to_act(self.source):
            self.not_now()
            return
        if not self.stand_button.enabled:
            self.refuse(must_draw)
            return
        self.hide_panel()
        self.host.act(STAND)

    def handle(self, event: pygame.event.Event) -> bool:
        """C or D asks for a card, S stands; D or Enter deals when the person deals by hand."""
        if self.prompt is not None and self.refused_click(event, {self.card_button: deck_empty,
                                                                  self.stand_button: must_draw}):
            return True
        if event.type == pygame.KEYDOWN:
            if self.deal_button.visible and event.key in (pygame.K_d, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.do_deal()
                return True
            if self.prompt is not None and self.card_button.visible:
                if event.key in (pygame.K_c, pygame.K_d):
                    self.do_draw()
                    return True
                if event.key in (pygame.K_s, pygame.K_b):
                    self.do_stand()
                    return True
            elif event.key in (pygame.K_c, pygame.K_s) and self.source.view.phase is Phase.PLAY:
                self.not_now()  # a move's key while nobody asks: say why nothing happens
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.deal_button.visible:
            # Dealing by hand: a click anywhere on the table deals.
            if not self.buttons.handle(event):
                self.do_deal()
            return True
        return super().handle(event)

    def keys(self) -> list[str]:
        """The keys of the person's turn, or of dealing by hand."""
        if self.deal_button.visible:
            return [_("D or Enter: deal"), _("Space: skip animation")]
        if self.prompt is not None:
            # The buttons' own words: "S: Basta" under Lacombe, as the button says.
            stand = stand_word(self.source.facts.rules)
            return [_("C: {card}").format(card=draw_word()), _("S: {stand}").format(stand=stand)]
        return []
