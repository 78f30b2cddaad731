"""The table scene: one game played on the felt, stage after stage, from the source's feed.

The scene owns the table (the one sprite world of seats, cards and chips) and its tweens,
and holds a handler for each stage: the auction, the deal, the showdown, the ledger and the
final standings. Each frame it takes the next event waiting in the source's feed, finds
the stage it belongs to (:func:`scenes.table.flow.stage_of`) and, once everything in
flight has landed, moves to that stage and lets its handler play the event. After a deal's
end has been shown, the ledger comes up. With nothing waiting and the engine waiting for
someone, an AI seat "thinks" for a moment (a timer, never a sleep) and plays, or the
person gets the stage's buttons. Space finishes the animations; Escape asks the navigator
for a pause.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ai.coach import Advice, Coach
from game.rules.actions import Action
from game.rules.events import AuctionOpened, BidMade, Event, TurnStarted
from game.rules.phase import Phase
from game.rules.view import View
from scenes import i18n
from scenes.app.loop import App, Scene
from scenes.app.regions import Change, Items, RegionTracker
from scenes.i18n import _
from scenes.table.auction import AuctionHandler
from scenes.table.deal import DealHandler
from scenes.table.flow import Stage, ends_deal, stage_of, stage_waiting
from scenes.table.handler import Handler, catching_up, minutes_seconds, not_while_reconnecting, not_your_turn
from scenes.table.handover import HandOver
from scenes.table.hint_strip import draw_advice
from scenes.table.history import HistoryScene, Journal
from scenes.table.ledger import WATCH_PAUSE, FinalHandler, LedgerHandler
from scenes.table.narrator import Eyes, advice_words, headline, thinking
from scenes.table.navigator import Navigator
from scenes.table.showdown import ShowdownHandler
from scenes.table.source import TableSource, has_ended, human_to_act, is_you
from scenes.table.world import Felt
from scenes.ui.art import GOLD, INK
from scenes.ui.qr import corner_spot, draw_qr_card, scan_line
from scenes.ui.tween import Tweener
from scenes.ui.widgets import Button, dim, draw_panel

THINK = 0.7
"""Seconds an AI seat seems to think before it plays (at normal speed)."""
THINK_BID = 0.35
"""Seconds an AI seat seems to think over a bid (at normal speed)."""
CROWD = 2.5
"""Seats beyond the farmer's at which the table starts to go brisker (see :attr:`TableScene.pace`)."""
IDLE_PACE = 0.6
"""How much brisker a deal goes once nobody here has anything left to decide in it."""
FARMER_PACE = 0.4
"""How much brisker the cards go when the person here is farmer: they deal, and decide nothing in it
(the others' cards are dealt face down; each flight still shows)."""
FARMER_SHOWDOWN_PACE = 0.7
"""How much brisker the showdown goes for a farmer here: brisk, but each hand turned over and each
payment landing on the farmer's stack still readable."""
MOVING_FPS = 60.0
"""Frames a second while cards and chips fly."""
PULSE_FPS = 15.0
"""Frames a second while only a glow pulses (the seat to act, the winning hand): gentle and cheap."""
LEDGER_DIM = 120
"""How much the ledger darkens the table beneath it (0-255)."""
CLOCK_LATE = 10.0
"""Seconds left to decide from which the countdown turns red."""
CLOCK_RED = (255, 120, 100)


def clock_words(seconds: float) -> str:
    """The countdown of the person's decision, as the page says it ("0:40 left to decide")."""
    # Translators: the bar counting down your turn; {time} is minutes and seconds ("4:59").
    return _("{time} left to decide").format(time=minutes_seconds(seconds))


def next_deal_words(deal: int, seconds: float) -> str:
    """What the table says between deals at a network table, once this screen has gone on."""
    # Translators: between deals at a network table; {time} is minutes and seconds ("0:12").
    return _("Deal {n} starts in {time}, or as soon as everyone is ready.").format(
        n=deal, time=minutes_seconds(seconds))


class TableScene(Scene):
    """See the module docstring."""

    def __init__(self, app: App, nav: Navigator, source: TableSource, table: Felt | None = None) -> None:
        """Play ``source`` on ``table`` (default: a fresh one), leading elsewhere through ``nav``."""
        super().__init__(app)
        self.nav = nav
        self.source = source
        self.next_deal_banner: Callable[[], str] = lambda: self.next_deal_line() or ""
        """The banner between deals at a network table (one object: the banner changes once)."""
        self.table = table or Felt(source, app.art, app.text, Tweener(app.speed), app.size)
        self.table.sound = app.sound.play
        self.eyes = Eyes(source.facts.names, source.facts.rules, source.facts.eyes)
        self._deal_notices: list[Callable[[], str]] = []
        """The notices about the deal in play, withdrawn when it is settled (see :meth:`deal_notice`)."""
        self.handlers: dict[Stage, Handler] = {
            Stage.AUCTION: AuctionHandler(self),
            Stage.DEAL: DealHandler(self),
            Stage.SHOWDOWN: ShowdownHandler(self),
            Stage.LEDGER: LedgerHandler(self),
            Stage.FINAL: FinalHandler(self),
        }
        self.stage = Stage.AUCTION
        self.wait = 0.0
        self.think: float | None = None
        self.settled = False
        """The end of a deal has been shown: the ledger comes up once all has landed."""
        self._still_version = 0
        """Bumped whenever the table under a panel is drawn afresh (the kept picture is stale)."""
        self.journal = Journal()
        """What this screen has shown, deal by deal (the History)."""
        self.skip_button = Button(lambda: _("Skip »"), self.skip)
        self.offers_skip = True
        """Whether the Skip button is offered while something is under way (not where nobody can
        press it, as on a kiosk's attract loop)."""
        self.history_button = Button(lambda: _("History"), self.show_history)
        self.coach_button = Button(lambda: _("Coach"), self.ask_coach)
        self.advice: tuple[tuple[object, ...], Advice] | None = None
        """The coach's last advice, and the decision it was for (it goes when the decision changes)."""
        self.coach = Coach(source.facts.rules)
        """The coach at this table: it remembers what this screen showed, as a seated Expert would."""
        """For the mouse and fingers: finish the animation in progress (Space does it from the keys)."""
        self.regions = RegionTracker(
            self.pieces,
            lambda: self.table.glow_rects(),
            self.fingerprint,
            lambda: (self.stage, self.handler.transparent),
            lambda: self.handler.transparent,
        )
        """What the frames presented showed, and what the next must draw again (see :meth:`update`)."""
        self.watch_pause = WATCH_PAUSE
        """Seconds a watched game's ledger stays before it goes on by itself (at normal speed)."""
        on_top, pause = (lambda: app.stack.top is self), (lambda: nav.pause(source))
        self.hand_over = HandOver(app, source, self.table, self.eyes, on_top, pause, self._redraw)
        """Pass-and-play: the screen handed from one person to the next."""
        self.page: str | None = None
        """The URL of this table's page for phones, shown with its QR code in a free corner (if any)."""
        self._page_spot: tuple[object, pygame.Rect | None] | None = None
        self.page_drawn: pygame.Rect | None = None
        """Where the page's QR code was last drawn (None: nowhere, for want of a free corner)."""

    # ------------------------------------------------------------------ reading

    @property
    def handler(self) -> Handler:
        """The handler of the stage on show."""
        return self.handlers[self.stage]

    @property
    def name(self) -> str:  # type: ignore[override]
        """The stage on show (``auction``, ``deal``, ``showdown``, ``ledger``, ``gameover``)."""
        return self.stage.value

    @property
    def asks_person(self) -> bool:
        """Whether the game waits for the person at this screen (not for the computer, nor a timer)."""
        return human_to_act(self.source) or self.handler.asks()

    @property
    def speed(self) -> float:
        """The animation-speed setting (the table's own pace comes on top for its events)."""
        return self.app.speed

    @property
    def pace(self) -> float:
        """How long the table lingers between events, against a small table's (1): with a person
        playing, a crowded table goes brisker, so that a deal of ten takes about as long to watch as
        a deal of five, and a deal in which nobody here has anything left to decide goes brisker
        still, and briskest for a farmer here, who deals and plays no hand (the speed setting applies
        on top; a watched game keeps the pace it is set to)."""
        source = self.source
        if source.facts.watching:
            return 1.0  # a demo or a replay keeps the pace its speed setting gives it
        pace = min(1.0, CROWD / max(1, source.facts.n - 1))
        view = source.view
        seats = range(source.facts.n)
        deciding = any(source.facts.person(s) and not view.finished(s) and s != view.farmer for s in seats)
        if source.facts.person(self.table.farmer) and not deciding:
            # The deal on show is dealt by a person here who has nothing to decide in it.
            if self.stage is Stage.DEAL:
                return pace * FARMER_PACE
            if self.stage is Stage.SHOWDOWN:
                return pace * FARMER_SHOWDOWN_PACE
        idle = view.phase is Phase.PLAY and not deciding
        return pace * (IDLE_PACE if idle else 1.0)

    @property
    def tweens(self) -> Tweener:
        """The table's animations."""
        return self.table.tweens

    # ------------------------------------------------------------------ the flow

    def go(self, stage: Stage) -> None:
        """Move to ``stage``: the old handler leaves, the new one enters."""
        if stage is self.stage:
            return
        self.handler.leave()
        self._still_version += 1
        self.stage = stage
        if stage in (Stage.LEDGER, Stage.FINAL):
            for message in self._deal_notices:  # said of a deal now settled: no longer news
                self.app.withdraw(message)
            self._deal_notices.clear()
        self.think = None
        self.handler.enter()

    def deal_notice(self, message: Callable[[], str], seconds: float) -> None:
        """A notice about the deal in play, for ``seconds`` at most: withdrawn once the deal is settled."""
        self._deal_notices.append(message)
        self.app.notice(message, seconds)

    def next_deal(self) -> None:
        """Go on from the ledger: the final standings if the game has ended, else the next deal."""
        if self.stage is not Stage.LEDGER:
            return  # a second press before the stage changed
        if self.source.offline and not has_ended(self.source) and not self.source.facts.watching:
            self.handler.refuse(not_while_reconnecting)  # "ready" would be lost (a spectator sends none)
            return
        if not has_ended(self.source):
            self.source.start_deal()
            self.app.game_moved(self.source.kept)
        self.settled = False
        self.go(stage_of(event) if (event := self.source.feed.peek()) is not None else Stage.AUCTION)

    def end_game(self) -> None:
        """Stop after this deal: the final standings."""
        if self.stage is not Stage.LEDGER or has_ended(self.source):
            return
        if self.source.offline:
            self.handler.refuse(not_while_reconnecting)  # asked before the connection went
            return
        self.source.end_now()
        self.app.game_moved(self.source.kept)
        self.settled = False
        self.go(Stage.FINAL)

    def enter(self) -> None:
        """Start where the game stands: a continued game seats its farmer at once."""
        source = self.source
        view = source.view
        if view.farmer is not None and self.table.farmer is None:
            self.table.place_farmer(view.farmer)
        if not len(source.feed) and view.phase is Phase.BETWEEN:
            source.start_deal()  # a new game, or one continued from a save: its next deal
            self.app.game_moved(source.kept)
        elif self.table.banner is None:
            self._say_where_it_stands(view)
        self.handler.enter()

    def _say_where_it_stands(self, view: View) -> None:
        """Taken up mid-deal (a network table joined late, a resync): the banner says whose turn it is,
        as it would have had the screen seen the deal begin."""
        said: Event | None = None
        if view.phase is Phase.PLAY and view.to_act is not None:
            said = TurnStarted(view.to_act)
        elif view.phase is Phase.AUCTION and view.high_bidder is not None:
            said = BidMade(view.high_bidder, view.high_bid)
        elif view.phase is Phase.AUCTION and view.to_act is not None and not view.calls:
            said = AuctionOpened(view.to_act)
        if said is not None:
            event, eyes = said, self.eyes
            self.table.banner = lambda: headline(event, eyes, i18n.language()) or ""

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the table and the stage out again."""
        if self.table.layout.size != size:
            self.table.resize(size)
        self._still_version += 1
        for handler in self.handlers.values():
            handler.resize(size)

    def skip(self) -> None:
        """Finish every animation now and stop waiting."""
        self.tweens.finish_all()
        self.wait = 0.0
        if self.think is not None:
            self.think = 0.0
        self.table.labels.clear()

    def frame_rate(self) -> float:
        """Full speed while anything flies or fades; a slow pulse for a glowing seat; else still."""
        table = self.table
        if self.tweens.busy or table.labels:
            return MOVING_FPS
        if self.handler.transparent:
            return 0.0  # the table lies still under the ledger
        if table.active is not None or any(state.winner for state in table.seats):
            return PULSE_FPS
        return 0.0

    heartbeat = False
    """Every change the table shows sets :attr:`dirty` or :attr:`moved` (see :meth:`update`): at
    rest it presents nothing but its glows."""

    def pulse_rects(self) -> list[pygame.Rect] | None:
        """What changed since the frame last shown: the old and new rectangles of every card,
        chip, note, plate or glow that moved or changed (see :meth:`Felt.items`), and the header,
        the action panel or the corner buttons where their words or buttons changed. None (the
        whole window) under a stage's panel, or where the advice in the banner's place changed."""
        return self.regions.rects(pulse_only=not self.moved and self.frame_rate() == PULSE_FPS)

    def shown(self) -> None:
        """Remember what the frame just presented shows: the next frame draws only what differs."""
        self.regions.shown()

    def pieces(self) -> Items | None:
        """The table's pieces (:meth:`Felt.items`) and the screen's own: the header, the action
        panel, the corner buttons (None while a stage's panel or advice covers the table)."""
        handler = self.handler
        if handler.transparent or self.coach_line() is not None:
            return None
        if handler.prompt is not None and handler.hint is not None and handler.hint():
            return None
        lay = self.table.layout
        window = pygame.Rect((0, 0), lay.size)
        items = self.table.items(window)
        top = self.app.stack.top is self
        items[("header",)] = ((self.header_text(), self.hints() if top else ""), lay.header)
        buttons = handler.buttons
        live = tuple(
            (
                b.visible,
                b.enabled,
                tuple(b.rect),
                b.label() if isinstance(b, Button) else None,
                b is buttons.focused,
                b is buttons.hover,
            )
            for b in buttons.widgets
        )
        panel = lay.panel.unionall([b.rect for b in buttons.widgets if b.visible])
        prompt = self.prompt_text(handler.prompt()) if handler.prompt is not None else None
        items[("panel",)] = ((prompt, live), panel)
        clock = self.clock_rect()
        if clock is not None:
            items[("clock",)] = (self.clock_line(), clock)
        if top:
            self._place_corner_buttons()
            for name, button, on in (
                ("skip", self.skip_button, self.skippable),
                ("history", self.history_button, self.history_shown),
                ("coach", self.coach_button, self.coach_offered),
            ):
                if on:
                    items[(name,)] = (button.label(), button.rect.inflate(4, 4))
        return items

    def fingerprint(self) -> tuple[object, ...]:
        """A cheap fingerprint of what the frame shows beyond the tweens (see :meth:`update`)."""
        handler, table = self.handler, self.table
        return (
            self.stage,
            len(self.source.feed),
            self.think is None,
            table.active,
            table.banner,
            handler.prompt,
            tuple((b.visible, b.enabled) for b in handler.buttons.widgets),
            self.source.waiting_for,
            handler.shows(),
            self.clock_line(),
            self.next_deal_line(),
        )

    def update(self, dt: float) -> None:
        """Run the animations, play the next events, and let the AI or the person act.

        A change of stage, or anything moving or changing under a stage's panel, sets
        :attr:`dirty` (the whole window is drawn); anything else that moves or changes sets
        :attr:`moved`, and the frame draws only the rectangles it touches (:meth:`pulse_rects`).
        """
        moving = self.tweens.busy or bool(self.table.labels)  # its last step must be shown too
        change = self.regions.follow(lambda: self._update(dt), moving)
        if change is Change.WHOLE:
            self.dirty = True
        elif change is Change.REGIONS:
            self.moved = True

    def _update(self, dt: float) -> None:
        self.source.poll()
        self._drop_stale_prompt()
        self.tweens.speed = self.app.speed * self.pace
        self.tweens.update(dt)
        self.table.update(dt)
        self.handler.update(dt)
        if self.stage is Stage.LEDGER:
            return  # the ledger waits for the person (or its own timer)
        if self.stage is Stage.FINAL:
            self._play_final()
            return
        if self.wait > 0:
            self.wait -= dt
            if self.wait > 0:
                return
        feed = self.source.feed
        for _step in range(64):  # at instant speed many events play in one frame
            if self.settled:
                break  # the deal's ledger comes before anything after it
            event = feed.peek()
            if event is None:
                break
            stage = stage_of(event)
            if stage is not self.stage:
                if not self.tweens.busy:
                    self.go(stage)  # each stage is on show for a frame at least, even at instant speed
                return
            if self.handler.hold(event):
                return
            feed.pop()  # taken to be shown: the ledger follows what the screen shows, never the engine
            self.coach.observe((event,))
            self.journal.record(event)
            delay = self.handler.play(event) * self.tweens.speed  # the setting, at the table's pace
            if ends_deal(event):
                self.settled = True
            if delay > 0 or self.settled:
                self.wait = delay
                return
        if self.tweens.busy:
            return
        if self.settled:
            self.settled = False
            self.table.active = None
            self.go(Stage.LEDGER)
            return
        if len(feed):
            return  # more to show first (at instant speed, next frame)
        if self.next_deal_line() is not None and self.table.banner is not self.next_deal_banner:
            self.table.banner = self.next_deal_banner  # the last deal's words make way for it
        self._let_someone_act(dt)

    def _drop_stale_prompt(self) -> None:
        """A question the game no longer asks goes at once: the computer moved for the person (their
        time ran out), or the connection is being restored (nothing could be sent meanwhile)."""
        handler = self.handler
        if handler.prompt is None or self.stage not in (Stage.AUCTION, Stage.DEAL):
            return
        if not human_to_act(self.source):
            handler.hide_panel()
            self.table.active = None

    def _let_someone_act(self, dt: float) -> None:
        source = self.source
        seat = source.waiting_for
        stage = stage_waiting(source.view.phase)
        if seat is None or stage is None:
            return
        self.go(stage)
        if self.hand_over.turn_to(seat, stage):
            return  # the screen goes to the person whose moment it is
        if is_you(source, seat):
            # What a key said a moment ago ("not your turn", "catching up") is no longer true.
            self.app.withdraw(not_your_turn)
            self.app.withdraw(catching_up)
            self.handler.human_turn()
            return
        if self.think is None:
            # A call in the auction is quicker to make than a choice of cards: keep it brisk.
            self.think = (THINK_BID if stage is Stage.AUCTION else THINK) * self.tweens.speed
            self.table.active = seat
            self.table.say(seat, lambda: thinking(i18n.language()), (190, 200, 190))
        if seat not in self.source.facts.ai_seats:
            return  # another screen's player, or the host's AI: their move comes in the feed
        self.think -= dt
        if self.think <= 0:
            self.think = None
            self.source.ai_act()
            self.app.game_moved(self.source.kept)

    def act(self, action: Action) -> None:
        """Play the person's ``action`` (their turn, a legal move) and keep the game as it now stands."""
        self.source.act(action)
        self.app.game_moved(self.source.kept)

    def _play_final(self) -> None:
        """The final standings take the end of the game when it is shown (a network host's may come later)."""
        feed = self.source.feed
        while (event := feed.peek()) is not None and stage_of(event) is Stage.FINAL:
            feed.pop()
            self.journal.record(event)
            self.handler.play(event)

    def _redraw(self) -> None:
        self.dirty = True

    def show_history(self) -> None:
        """The game so far, in the table's words, over the table."""
        farm = self.source.ledger.farm
        self.app.stack.push(HistoryScene(self.app, self.journal, self.eyes, farm, self.table.farmer))

    @property
    def skippable(self) -> bool:
        """Whether something is under way that the skip button would finish."""
        if not self.offers_skip or self.handler.prompt is not None:
            return False
        if self.stage in (Stage.LEDGER, Stage.FINAL):
            return False
        return self.tweens.busy or self.wait > 0 or self.think is not None or bool(len(self.source.feed))

    def _place_corner_buttons(self) -> None:
        """Skip at the bottom right, History at the bottom left: small, out of the way of the seats."""
        lay = self.table.layout
        u = lay.u
        for b in (self.skip_button, self.history_button, self.coach_button):
            b.font_size = lay.font["small"]
            w = max(round(96 * u), self.app.text.size(b.label(), b.font_size, "bold")[0] + round(24 * u))
            b.rect = pygame.Rect(0, 0, w, max(round(34 * u), 30))
        margin = round(10 * u)
        self.skip_button.rect.bottomright = (lay.size[0] - margin, lay.size[1] - margin)
        self.history_button.rect.bottomleft = (margin, lay.size[1] - margin)
        # The coach above History: the bottom seat's plate lies between them and Skip.
        self.coach_button.rect.bottomleft = (margin, self.history_button.rect.top - margin)

    def keep_clear(self) -> list[pygame.Rect]:
        """What a notice over the table must not cover: the header, the plates, the hands' places,
        the deck, the farm, the headline's room, the action panel while it is up and the corner
        buttons (where they come and go); under a stage's panel (the ledger), the whole window."""
        lay = self.table.layout
        if self.handler.transparent:
            return [pygame.Rect((0, 0), lay.size)]
        out = [lay.header, *self.table.fixtures()]
        handler = self.handler
        live = [b.rect for b in handler.buttons.widgets if b.visible]
        if live or handler.prompt is not None:
            out.append(lay.panel.unionall(live))
        clock = self.clock_rect()
        if clock is not None:
            out.append(clock)
        self._place_corner_buttons()
        out += [self.skip_button.rect, self.history_button.rect, self.coach_button.rect]
        if self.page_drawn is not None:
            out.append(self.page_drawn)
        return out

    # ------------------------------------------------------------------ the coach

    @property
    def coach_offered(self) -> bool:
        """Whether the coach may be asked now: the settings offer it, and a person here decides."""
        return (
            self.app.settings.coach
            and not self.source.facts.watching
            and human_to_act(self.source)
            and self.handler.prompt is not None
            and self.stage in (Stage.AUCTION, Stage.DEAL)
        )

    def _decision(self) -> tuple[object, ...]:
        """What identifies the decision in front of the person (advice stays only while it lasts)."""
        view = self.source.view
        return (view.deal_no, view.phase, len(view.calls), view.hand, self.source.looking)

    def ask_coach(self) -> None:
        """What the Expert would do here, and why, in the banner's place until the person decides."""
        if not self.coach_offered:
            return
        advice = self.coach.advise(self.source.view)
        if advice is not None:
            self.advice = (self._decision(), advice)
            self.dirty = True

    def coach_line(self) -> str | None:
        """The coach's words for the decision in front of the person (None: not asked for it)."""
        if self.advice is None or not self.coach_offered or self.advice[0] != self._decision():
            return None
        return advice_words(self.advice[1], self.source.facts.rules, i18n.language())

    @property
    def history_shown(self) -> bool:
        """Whether the History button is offered (a person is at this screen)."""
        return not self.source.facts.watching and not self.handler.transparent

    def handle(self, event: pygame.event.Event) -> bool:
        """Escape asks for a pause, Space (or the skip button) skips, the rest goes to the stage."""
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL):
            self.handler.touched()  # a person is here: what would go on by itself waits for them
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.skippable and self.skip_button.rect.collidepoint(event.pos):
                self.skip()
                return True
            if self.history_shown and self.history_button.rect.collidepoint(event.pos):
                self.show_history()
                return True
            if self.coach_offered and self.coach_button.rect.collidepoint(event.pos):
                self.ask_coach()
                return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.nav.pause(self.source)
                return True
            if event.key == pygame.K_h:
                self.show_history()
                return True
            if event.key == pygame.K_a and self.coach_offered:
                self.ask_coach()
                return True
            if event.key == pygame.K_SPACE and self.stage not in (Stage.LEDGER, Stage.FINAL):
                self.skip()
                return True
        return self.handler.handle(event)

    def hints(self) -> str:
        """The keys that work here: the stage's own, or skipping and full screen; then Escape."""
        parts = self.handler.keys()
        if parts and self.coach_offered:
            parts.append(_("A: coach"))
        plain = not parts and self.stage not in (Stage.LEDGER, Stage.FINAL)
        if plain:
            parts = [_("Space: skip animation"), _("H: history")]
        escape = self.nav.escape_hint()
        if escape:
            parts.append(escape)
        if plain and self.app.window_keys:
            parts.append(_("F11: full screen"))
        return " · ".join(parts)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        """The table, the header, the action panel while the person acts, a stage's own panel.

        While the person acts, the panel's prompt says what the banner would (whose turn,
        the bid to beat), so a hint asked for in the settings takes the banner's place.
        """
        handler = self.handler
        line = self.coach_line() or (
            handler.hint() if handler.prompt is not None and handler.hint is not None else None
        )
        if handler.transparent:
            self._draw_still_table(surface)
        elif line:
            banner, self.table.banner = self.table.banner, None
            self.table.draw(surface)
            self.table.banner = banner
            draw_advice(surface, self.app.text, self.table.layout, line)
        else:
            self.table.draw(surface)
        if self.page is not None and not handler.transparent:
            self.draw_page(surface, self.page)
        self.draw_header(surface)
        if any(b.visible for b in handler.buttons.widgets) or handler.prompt is not None:
            self.draw_panel(surface)
        handler.draw_over(surface)
        if self.app.stack.top is self:
            self._place_corner_buttons()
            if self.skippable:
                self.skip_button.draw(surface, self.app.text, False, False)
            if self.history_shown:
                self.history_button.draw(surface, self.app.text, False, False)
            if self.coach_offered:
                self.coach_button.draw(surface, self.app.text, False, False)

    def draw_page(self, surface: pygame.Surface, url: str) -> None:
        """The page's QR code and URL in a top corner where they cover nothing (else not at all)."""
        lay = self.table.layout
        key = (lay, url, scan_line())  # a new layout, or words of another language
        if self._page_spot is None or self._page_spot[0] != key:
            self._page_spot = (key, corner_spot(lay, url, self.app.text))
        spot = self._page_spot[1]
        self.page_drawn = None
        if spot is not None:
            draw_panel(surface, spot.inflate(round(8 * lay.u), round(8 * lay.u)), radius=round(8 * lay.u))
            self.page_drawn = draw_qr_card(surface, self.app.text, url, spot, lay.u)

    def _draw_still_table(self, surface: pygame.Surface) -> None:
        """The dimmed table under a stage's panel: drawn while something on it moves, then kept.

        Under the ledger the table is a backdrop; the app keeps its picture (one window-sized
        copy for the whole app) instead of the felt being drawn again for every frame.
        """

        def draw(target: pygame.Surface) -> None:
            self.table.draw(target)
            dim(target, LEDGER_DIM)

        if self.tweens.busy or surface is not self.app.screen:
            draw(surface)
            self._still_version += 1  # what was kept is out of date
            return
        self.app.backdrop(("table", id(self), self.stage, self._still_version), draw)

    def header_text(self) -> str:
        """The header's left side: the deal on show of the agreed number, the rules, and what is
        special about this table (a replay, a fixed deck)."""
        deals = self.source.facts.max_deals
        deal_no = max(self.source.ledger.deal, 1)  # the deal on show, not the one the engine has reached
        deal = _("Deal {n} of {m}").format(n=deal_no, m=deals) if deals else _("Deal {n}").format(n=deal_no)
        rules = self.source.facts.rules
        left = f"{deal} · {i18n.rules_label(rules)}"
        if self.source.facts.replay:
            left = _("Replay of a logged game") + " · " + left
        if self.source.facts.fixed_deck:
            # Translators: the header of a network table created with a seed (its chooser knows every deck).
            left += " · " + _("fixed deck")
        return left

    def draw_header(self, surface: pygame.Surface) -> None:
        """Deal number and rules on the left; on the right, the keys that work here (when on top)."""
        lay = self.table.layout
        header = lay.header
        if not surface.get_clip().colliderect(header):
            return  # a frame drawn for a rectangle below it (a glow's)
        surface.fill((8, 28, 18), header)  # opaque: an overlay's header covers the one beneath
        fs = lay.font["small"]
        left = self.header_text()
        pad = round(12 * lay.u)
        # The keys are those of the screen on top; an overlay (the pause menu) shows its own.
        hints = self.hints() if self.app.stack.top is self else ""
        hint_w = self.app.text.size(hints, fs)[0]
        room = header.w - 3 * pad - hint_w
        left = self.app.text.ellipsize(left, fs, max(room, header.w // 3), "bold")
        self.app.text.blit(surface, left, fs, (pad, header.centery), INK, "bold", "midleft")
        if hints and room > header.w // 3:
            self.app.text.blit(
                surface, hints, fs, (header.right - pad, header.centery), (200, 210, 190), "sans", "midright"
            )

    def prompt_text(self, question: str) -> str:
        """The action panel's question; on a shared screen it names the person it is for."""
        looking = self.source.looking
        if self.source.facts.shared and looking is not None:
            return _("{name}: {question}").format(name=self.source.facts.names[looking], question=question)
        return question

    def draw_panel(self, surface: pygame.Surface) -> None:
        """The person's action panel: a prompt above a row of buttons."""
        lay = self.table.layout
        panel = lay.panel
        handler = self.handler
        reach = panel.unionall([w.rect for w in handler.buttons.widgets if w.visible])
        if not surface.get_clip().colliderect(reach.inflate(round(16 * lay.u), round(16 * lay.u))):
            return  # a frame drawn for a rectangle elsewhere (a glow's): nothing of the panel in it
        draw_panel(surface, panel, radius=max(6, round(12 * lay.u)), alpha=215)
        line = self.prompt_line()
        if line is not None:
            text, fs, box = line
            self.app.text.blit(surface, text, fs, box.midtop, GOLD, "bold", "midtop")
        handler.buttons.draw(surface, self.app.text)
        self.draw_clock(surface)

    def clock_rect(self) -> pygame.Rect | None:
        """Where the countdown of the person's decision stands: a small strip on the action panel's
        top edge, at its right (None: no clock)."""
        clock = self.clock_line()
        if clock is None:
            return None
        lay = self.table.layout
        w, h = self.app.text.size(clock[0], lay.font["small"], "bold")
        pad = round(8 * lay.u)
        rect = pygame.Rect(0, 0, w + 2 * pad, h + pad)
        rect.bottomright = (lay.panel.right - round(12 * lay.u), lay.panel.top + rect.h // 3)
        return rect

    def draw_clock(self, surface: pygame.Surface) -> None:
        """The countdown beside the question: white, then red in its last seconds."""
        clock, rect = self.clock_line(), self.clock_rect()
        if clock is None or rect is None:
            return
        words, late = clock
        draw_panel(surface, rect, radius=rect.h // 2, alpha=235)
        colour = CLOCK_RED if late else INK
        size = self.table.layout.font["small"]
        self.app.text.blit(surface, words, size, rect.center, colour, "bold", "center")

    def prompt_line(self) -> tuple[str, int, pygame.Rect] | None:
        """The action panel's question as drawn: its words, their size and the box they take
        (None: no question asked)."""
        handler = self.handler
        if handler.prompt is None:
            return None
        lay = self.table.layout
        panel = lay.panel
        text = self.prompt_text(handler.prompt())
        fs = self.app.text.fit(text, lay.font["body"], panel.w - 20, "bold")
        box = pygame.Rect((0, 0), self.app.text.size(text, fs, "bold"))
        box.midtop = (panel.centerx, panel.y + round(8 * self.table.layout.u))
        return text, fs, box

    def next_deal_line(self) -> str | None:
        """Between deals at a network table, once this screen went on from the ledger: when the next
        deal starts (on the banner; None otherwise)."""
        clock = self.source.next_deal_clock
        if clock is None or self.stage in (Stage.LEDGER, Stage.FINAL):
            return None
        return next_deal_words(clock.deal, clock.seconds)

    def clock_line(self) -> tuple[str, bool] | None:
        """The countdown of the person's decision beside the question ("0:40 left to decide"), and
        whether it runs late (None: no question, or no clock: a table at this screen)."""
        if self.handler.prompt is None:
            return None
        seconds = self.source.turn_clock
        if seconds is None:
            return None
        return clock_words(seconds), seconds <= CLOCK_LATE
