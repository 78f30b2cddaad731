"""What the auction, deal and showdown scenes share: playing engine events on the one table.

A :class:`TableScene` takes the session's pending events one at a time. Each event it
plays starts animations on the table and says how long to wait before the next one.
When the next event belongs to another scene, it hands over (once everything has
landed). When no event is left and the engine waits for someone, an AI seat "thinks"
for a moment (a timer, never a sleep) and plays; the human gets buttons in the action
panel. Space finishes the current animations; Escape opens the pause menu.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.events import Event
from scenes import i18n
from scenes.app.loop import App
from scenes.app.stack import Scene
from scenes.i18n import _
from scenes.table.session import Session, Setup
from scenes.table.world import Table
from scenes.ui.art import GOLD, INK
from scenes.ui.widgets import Button, FocusGroup, draw_panel, row

THINK = 0.7
"""Seconds an AI seat seems to think before it plays (at normal speed)."""


def rules_title(session: Session) -> str:
    """The rule set in play, for people."""
    rules = session.game.rules
    return i18n.rules_label(rules.name, rules.rotating)


def draw_word(session: Session) -> str:
    """The word for asking for a card under the rules in play."""
    return i18n.draw_word()


def stand_word(session: Session) -> str:
    """The word for standing under the rules in play ("Basta" under Lacombe)."""
    return i18n.stand_word(session.game.rules.name)


class TableScene(Scene):
    """Base of the scenes that play a deal on the table; see the module docstring."""

    def __init__(self, app: App, session: Session, table: Table) -> None:
        """A scene playing ``session`` on ``table``."""
        super().__init__(app)
        self.session = session
        self.table = table
        self.wait = 0.0
        self.think: float | None = None
        self.buttons = FocusGroup(horizontal=True)
        self.prompt: Callable[[], str] | None = None
        self.hint: Callable[[], str | None] | None = None
        """A line of advice above the action panel while the human acts (the settings' hints)."""

    # ------------------------------------------------------------------ to override

    def hands_over(self, event: Event) -> bool:
        """Whether ``event`` belongs to the next scene (then this one hands over once all has landed).

        Any other event is played here, and one this scene does not know is passed over, so
        a new kind of event from the engine never stalls or confuses the screens.
        """
        return False

    def play(self, event: Event) -> float:
        """Animate ``event``; returns the seconds to wait before the next one (normal speed)."""
        return 0.0

    def hold(self, event: Event) -> bool:
        """Whether to keep ``event`` waiting (for the human, say) before playing it."""
        return False

    def leave(self, event: Event | None) -> None:
        """Hand over to the scene that plays ``event`` (None: the deal is over)."""

    def human_turn(self) -> None:
        """The engine waits for the human: show the controls."""

    def layout_panel(self) -> None:
        """Place the action panel's buttons (after a resize, or when they change)."""
        panel = self.table.layout.panel
        lay = self.table.layout
        live = [b for b in self.buttons.widgets if b.visible]
        bh = round(38 * lay.u)
        gap = round(10 * lay.u)
        width = min(panel.w - 2 * gap, len(live) * round(130 * lay.u))
        area = pygame.Rect(0, 0, width, bh)
        area.midbottom = (panel.centerx, panel.bottom - gap)
        for widget, rect in zip(live, row(area, len(live), gap), strict=True):
            widget.rect = rect
            widget.font_size = lay.font["body"]

    # ------------------------------------------------------------------ the loop

    @property
    def speed(self) -> float:
        """The animation-speed factor."""
        return self.app.tweens.speed

    def enter(self) -> None:
        """Start playing where the table is."""
        self.layout_panel()

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the table and the panel out again."""
        if self.table.layout.size != size:
            self.table.resize(size)
        self.layout_panel()

    def skip(self) -> None:
        """Finish every animation now and stop waiting."""
        self.app.tweens.finish_all()
        self.wait = 0.0
        if self.think is not None:
            self.think = 0.0
        self.table.labels.clear()

    def update(self, dt: float) -> None:
        """Run the animations, play the next events, and let the AI or the human act."""
        self.app.tweens.update(dt)
        self.table.update(dt)
        if self.wait > 0:
            self.wait -= dt
            if self.wait > 0:
                return
        for _step in range(64):  # at instant speed many events play in one frame
            event = self.session.peek()
            if event is None:
                break
            if self.hands_over(event):
                if not self.app.tweens.busy:
                    self.leave(event)
                return
            if self.hold(event):
                return
            self.session.pop()
            delay = self.play(event) * self.speed
            if delay > 0:
                self.wait = delay
                return
        if self.session.pending or self.app.tweens.busy:
            return  # more to show first (at instant speed, next frame)
        seat = self.session.waiting_for
        if seat is None:
            self.leave(None)
        elif self.session.you(seat):
            self.human_turn()
        else:
            self._think(seat, dt)

    def _think(self, seat: int, dt: float) -> None:
        if self.think is None:
            self.think = THINK * self.speed
            self.table.active = seat
            self.table.say(seat, lambda: _("thinking…"), (190, 200, 190))
        self.think -= dt
        if self.think <= 0:
            self.think = None
            self.session.ai_act()

    def handle(self, event: pygame.event.Event) -> bool:
        """Escape pauses, Space skips, the rest goes to the action panel."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                from scenes.screens.pause import PauseScene

                self.app.push(PauseScene(self.app, self.session))
                return True
            if event.key == pygame.K_SPACE:
                self.skip()
                return True
        return self.buttons.handle(event)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        """The table, the header, and the action panel when the human has something to do.

        While the human acts, the panel's prompt says what the banner would (whose turn, the
        bid to beat), so a hint asked for in the settings takes the banner's place.
        """
        line = self.hint() if self.prompt is not None and self.hint is not None else None
        if line:
            banner, self.table.banner = self.table.banner, None
            self.table.draw(surface)
            self.table.banner = banner
            self.draw_hint(surface, line)
        else:
            self.table.draw(surface)
        self.draw_header(surface)
        if any(b.visible for b in self.buttons.widgets) or self.prompt is not None:
            self.draw_panel(surface)

    def draw_header(self, surface: pygame.Surface) -> None:
        """Deal number and rules on the left, the keys on the right."""
        lay = self.table.layout
        header = lay.header
        surface.fill((8, 28, 18), header)  # opaque: an overlay's header covers the one beneath
        fs = lay.font["small"]
        game = self.session.game
        deals = game.max_deals
        deal = (
            _("Deal {n} of {m}").format(n=max(game.deal_no, 1), m=deals)
            if deals
            else _("Deal {n}").format(n=max(game.deal_no, 1))
        )
        left = f"{deal} · {rules_title(self.session)}"
        if self.session.watching:
            left = _("Replay of a logged game") + " · " + left
        pad = round(12 * lay.u)
        hints = self.hints()
        hint_w = self.app.text.size(hints, fs)[0]
        room = header.w - 3 * pad - hint_w
        left = self.app.text.ellipsize(left, fs, max(room, header.w // 3), "bold")
        self.app.text.blit(surface, left, fs, (pad, header.centery), INK, "bold", "midleft")
        if room > header.w // 3:
            self.app.text.blit(
                surface, hints, fs, (header.right - pad, header.centery), (200, 210, 190), "sans", "midright"
            )

    def hints(self) -> str:
        """The keys that work here."""
        if self.app.locked:  # a kiosk: full screen is fixed
            return _("Space: skip animation · Esc: menu")
        return _("Space: skip animation · Esc: menu · F11: full screen")

    def draw_panel(self, surface: pygame.Surface) -> None:
        """The human's action panel: a prompt above a row of buttons."""
        lay = self.table.layout
        panel = lay.panel
        draw_panel(surface, panel, radius=max(6, round(12 * lay.u)), alpha=215)
        if self.prompt is not None:
            text = self.prompt()
            fs = self.app.text.fit(text, lay.font["body"], panel.w - 20, "bold")
            self.app.text.blit(
                surface, text, fs, (panel.centerx, panel.y + round(8 * lay.u)), GOLD, "bold", "midtop"
            )
        self.buttons.draw(surface, self.app.text)

    def draw_hint(self, surface: pygame.Surface, line: str) -> None:
        """A line of advice on a dark strip in the banner's place."""
        lay = self.table.layout
        text = self.app.text
        pad = round(24 * lay.u)
        fs = text.fit(line, lay.font["body"], max(40, lay.banner.w - pad))
        w, h = text.size(line, fs)
        strip = pygame.Rect(0, 0, w + pad, min(lay.banner.h, h + round(10 * lay.u)))
        strip.center = lay.banner.center
        draw_panel(surface, strip, radius=strip.h // 2, alpha=200)
        text.blit(surface, line, fs, strip.center, (215, 230, 250), "sans", "center")


def start_game(app: App, setup: Setup) -> None:
    """Begin a new game of ``setup``: a fresh session and table, straight to the first auction."""

    play_session(app, Session(setup))


def play_session(app: App, session: Session) -> None:
    """Put ``session`` on a fresh table and play on from where it stands (its next deal)."""
    from scenes.table.auction import AuctionScene

    table = Table(session, app.art, app.text, app.tweens, app.size)
    table.sound = app.sound.play
    if session.game.farmer is not None:
        table.place_farmer(session.game.farmer)  # a continued game: its farmer is already seated
    session.start_deal()
    app.stack.push(AuctionScene(app, session, table))


def add_button(
    group: FocusGroup, label: Callable[[], str], on_press: Callable[[], None], primary: bool = False
) -> Button:
    """A button added to ``group`` (hidden until a scene shows it)."""
    button = Button(label, on_press, primary)
    button.visible = False
    group.widgets.append(button)
    return button
