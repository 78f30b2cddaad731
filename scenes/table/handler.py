"""What every stage of the table shares: the host it plays on, the action panel, the words it says.

A :class:`Handler` plays the events of one stage of a deal (the auction, the cards, the
showdown, the ledger) on the table that :class:`Host` (the table scene) owns. Handlers never
import one another or the scene: the flow between them is the scene's alone. Each says how
long to wait after an event, whether an event must wait for the person, and what the
person may do when the engine waits for them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from game.rules.actions import Action
from game.rules.events import Event
from scenes import i18n
from scenes.i18n import _
from scenes.table.narrator import Eyes, headline
from scenes.table.source import TableSource, is_you
from scenes.table.world import Felt
from scenes.ui.widgets import Button, FocusGroup, row

if TYPE_CHECKING:
    from scenes.app.loop import App
    from scenes.table.navigator import Navigator
    from scenes.ui.tween import Tweener


def minutes_seconds(seconds: float) -> str:
    """``seconds`` as a countdown shows them ("4:59"), rounded up."""
    whole = max(0, math.ceil(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def not_your_turn() -> str:
    """Why a move's key did nothing: the game does not ask the person now."""
    return _("It is not your turn.")


def catching_up() -> str:
    """Why a move's key did nothing though the game waits for the person: their last move is on its
    way, or the table is still showing what came before."""
    return _("One moment: the table is catching up.")


def not_while_reconnecting() -> str:
    """Why a move, Next deal or End the game does nothing: the connection to the table's host is
    being restored, and what was sent now would be lost."""
    return _("Reconnecting: nothing can be sent until the connection is back.")


class Host(Protocol):
    """What a handler may use of the scene that runs it."""

    app: App
    source: TableSource
    table: Felt
    nav: Navigator
    eyes: Eyes
    watch_pause: float

    @property
    def speed(self) -> float:
        """The animation-speed factor (1 normal, smaller is faster)."""
        ...

    @property
    def tweens(self) -> Tweener:
        """The table's animations."""
        ...

    def next_deal(self) -> None:
        """Go on: the next deal, or the final standings when the game has ended."""
        ...

    def end_game(self) -> None:
        """Stop after this deal: the final standings."""
        ...

    def prompt_text(self, question: str) -> str:
        """``question`` as the action panel asks it (on a shared screen, naming the person it is for)."""
        ...

    def act(self, action: Action) -> None:
        """Play the person's ``action`` (their turn, a legal move) and keep the game as it stands."""
        ...

    def deal_notice(self, message: Callable[[], str], seconds: float) -> None:
        """A notice about the deal in play, for ``seconds`` at most: withdrawn once the deal is settled."""
        ...


class Handler:
    """One stage of the table; subclasses override what they need (see the module docstring)."""

    name = "table"
    """The stage's name, for tests and the screenshot tool."""
    transparent = False
    """Whether the stage shows the table dimmed beneath a panel of its own."""

    def __init__(self, host: Host) -> None:
        """A stage played on ``host``."""
        self.host = host
        self.buttons = FocusGroup(horizontal=True)
        self.prompt: Callable[[], str] | None = None
        """What the person is asked, above the action panel's buttons (None: nothing is asked)."""
        self.hint: Callable[[], str | None] | None = None
        """A line of advice in the banner's place while the person acts (the settings' hints)."""

    # ------------------------------------------------------------------ shortcuts

    @property
    def app(self) -> App:
        """The application."""
        return self.host.app

    @property
    def source(self) -> TableSource:
        """The game played."""
        return self.host.source

    @property
    def table(self) -> Felt:
        """The felt world."""
        return self.host.table

    def tell(self, event: Event, *, farm: int = 0, farmer: int | None = None, over: bool = False) -> None:
        """Put the narrator's headline for ``event`` on the banner (when it has one)."""
        eyes = self.host.eyes

        def words() -> str | None:
            return headline(event, eyes, i18n.language(), farm=farm, farmer=farmer, over=over)

        if words() is not None:
            self.table.banner = lambda: words() or ""

    def add_button(
        self, label: Callable[[], str], on_press: Callable[[], None], primary: bool = False
    ) -> Button:
        """A button of the action panel (hidden until the stage shows it)."""
        button = Button(label, on_press, primary)
        button.visible = False
        self.buttons.widgets.append(button)
        return button

    def refuse(self, why: Callable[[], str]) -> None:
        """A key or button that cannot act now says why (a key never does nothing in silence)."""
        if any(message is why for message, _until in self.app.notices):
            return  # said already: a key held down says it once
        self.app.notice(why)

    def refused_click(self, event: pygame.event.Event, why: dict[Button, Callable[[], str]]) -> bool:
        """A click on a greyed-out button of ``why`` says why it cannot act (whether it was one)."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        for button, words in why.items():
            if button.visible and not button.enabled and button.rect.collidepoint(event.pos):
                self.refuse(words)
                return True
        return False

    def not_now(self) -> None:
        """The person pressed a move's key while the screen does not ask them (the connection is being
        restored, their move is on its way or the table is catching up, or not their turn): say so."""
        source = self.source
        if source.offline:
            self.refuse(not_while_reconnecting)
        elif source.facts.watching:
            return
        elif is_you(source, source.view.to_act):
            self.refuse(catching_up)  # the game does wait for them: not yet on screen, or answered
        else:
            self.refuse(not_your_turn)

    def hide_panel(self) -> None:
        """Take the question and the buttons away."""
        self.prompt = None
        for button in self.buttons.widgets:
            button.visible = False

    # ------------------------------------------------------------------ to override

    def enter(self) -> None:
        """The stage begins."""
        self.layout_panel()

    def leave(self) -> None:
        """The stage ends: nothing of it stays on the panel."""
        self.hide_panel()

    def play(self, event: Event) -> float:
        """Animate ``event``; returns the seconds to wait before the next one (normal speed)."""
        return 0.0

    def hold(self, event: Event) -> bool:
        """Whether to keep ``event`` waiting (for the person, say) before playing it."""
        return False

    def human_turn(self) -> None:
        """The engine waits for the person: show the controls."""

    def asks(self) -> bool:
        """Whether the stage waits for the person now (a question, a button to press)."""
        return self.prompt is not None or any(b.visible for b in self.buttons.widgets)

    def update(self, dt: float) -> None:
        """Advance what the stage itself times (the table and the events are the scene's)."""

    def handle(self, event: pygame.event.Event) -> bool:
        """Input for the stage's controls; whether it was used."""
        return self.buttons.handle(event)

    def touched(self) -> None:
        """A key, a click or a touch reached the table (whatever it does): what the stage was about
        to do by itself waits for the person instead."""

    def shows(self) -> object:
        """What the stage shows that time alone changes (a countdown's seconds): the table is drawn
        again when it changes."""
        return None

    def keys(self) -> list[str]:
        """The key hints of the stage, already translated (the scene adds its own)."""
        return []

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""
        self.layout_panel()

    def draw_over(self, surface: pygame.Surface) -> None:
        """Anything the stage draws over the table (a transparent stage's panel)."""

    def layout_panel(self) -> None:
        """Place the action panel's buttons (after a resize, or when they change)."""
        lay = self.table.layout
        panel = lay.panel
        live = [b for b in self.buttons.widgets if b.visible]
        bh = round(38 * lay.u)
        gap = round(10 * lay.u)
        width = min(panel.w - 2 * gap, len(live) * round(130 * lay.u))
        area = pygame.Rect(0, 0, width, bh)
        area.midbottom = (panel.centerx, panel.bottom - gap)
        for widget, rect in zip(live, row(area, len(live), gap), strict=True):
            widget.rect = rect
            widget.font_size = lay.font["body"]
