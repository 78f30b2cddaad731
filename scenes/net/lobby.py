"""The table lobby: who sits at a network table while its host has not started, and how to join it.

The lobby shows the table's code and the address friends type, every seat (a person's name,
or the computer's until someone takes it), and for the host a Start button. When phones can
reach the server (its address is not this machine's own), the page's URL and its QR code
stand beside the seats: scanning it opens the table's page with its code filled in. It reads the
client each frame (never waiting); the game's first update takes everyone to the table,
a :func:`~scenes.net.remote.remote_table` on :class:`~scenes.table.scene.TableScene`.
A refusal (a wrong code, a full table) or an address that does not answer says so in one
line and goes back.

A seat taken at another program's server is remembered (:mod:`scenes.net.seats`): joining
that table again takes the same seat back with its token (``resume``); a token the server no
longer knows is forgotten and the person joins as anyone would. Leaving forgets it.
"""

from __future__ import annotations

import pygame

from game.net.client import Client
from game.net.codes import CloseCode, ErrorCode
from game.net.protocol import (
    Closed,
    Error,
    ServerMessage,
    TableInfo,
    Welcome,
)
from game.net.server import ServerThread
from scenes.app.loop import App
from scenes.i18n import _, ngettext, rules_label
from scenes.net.address import page_url, shown_address, url_of
from scenes.net.navigator import NetNavigator
from scenes.net.remote import (
    Arrival,
    drop_notice,
    expired_words,
    follow_saving,
    refusal,
    seat_name,
    unsaved,
)
from scenes.net.seats import seat_store, take_seat
from scenes.screens.panels import PanelScene
from scenes.table.navigator import Navigator
from scenes.table.setup import LEVEL_LABELS
from scenes.ui.art import GOLD, INK
from scenes.ui.qr import draw_qr_card
from scenes.ui.widgets import Button, Widget

CONNECT_SECONDS = 10.0
"""How long the lobby waits for the server's welcome before it gives up."""


def join_table(
    app: App, nav: Navigator, host: str, port: int, code: str, name: str, watch: bool = False
) -> None:
    """Take a seat (or, ``watch``, a spectator's chair) at table ``code`` of the server at ``host``
    and ``port``, and show its lobby: the seat this window holds there is taken back, if any."""
    address = shown_address(host, port)
    client = Client(url_of(host, port))
    if watch:
        client.watch(code)
        app.push(LobbyScene(app, nav, client, address))
        return
    resuming = take_seat(app, client, address, code, name)
    app.push(LobbyScene(app, nav, client, address, table=code, name=name, resuming=resuming))


def fixed_deck_line() -> str:
    """What a table created with a seed says to everyone at it (:attr:`TableInfo.fixed_deck`)."""
    return _("The deck is fixed: whoever chose its seed knows every card.")


class LobbyScene(PanelScene):
    """See the module docstring."""

    name = "lobby"
    transparent = False
    width = 700
    wide = 1040
    """The panel's width at the reference size when the page's QR code stands beside the seats."""
    head = 150

    def __init__(
        self,
        app: App,
        nav: Navigator,
        client: Client,
        address: str,
        server: ServerThread | None = None,
        connect_seconds: float = CONNECT_SECONDS,
        table: str = "",
        name: str = "",
        resuming: bool = False,
    ) -> None:
        """The lobby of ``client``'s table (``create``, ``join``, ``resume`` or ``watch`` already
        sent) at ``address``; ``server`` is the table server this window runs for it, if any.

        ``resuming``: ``resume`` was sent for table ``table``; if the server refuses the token,
        the lobby forgets it and joins under ``name`` instead.
        """
        self.nav = nav
        self.client = client
        self.address = address
        self.server = server
        self.connect_seconds = connect_seconds
        self.table = table
        self.name_sat = name
        self.resuming = resuming
        self.arrival = Arrival(client)
        """What the table has said so far, until the game's first update."""
        self.waited = 0.0
        self.done = False
        self.qr_rect: pygame.Rect | None = None
        """Where the page's QR code and its words go (None: phones cannot reach this table's server)."""
        self.code_drawn: pygame.Rect | None = None
        """Where the QR code itself was last drawn (None: nowhere)."""
        super().__init__(app, self._title)
        self.subtitle = self._subtitle

    @property
    def welcome(self) -> Welcome | None:
        """The welcome to the table, once it came."""
        return self.arrival.welcome

    @property
    def info(self) -> TableInfo | None:
        """The table's latest description, if any came."""
        return self.arrival.info

    def build(self) -> list[Widget]:
        """Start (the host's, once welcomed), Back."""
        self.start_button = Button(lambda: _("Start the game"), self.start, primary=True)
        self.start_button.visible = False
        self.back_button = Button(lambda: _("Back"), self.back)
        return [self.start_button, self.back_button]

    # ------------------------------------------------------------------ words

    def _title(self) -> str:
        if self.welcome is None:
            return _("Connecting to {address}…").format(address=self.address)
        return _("Table {code}").format(code=self.welcome.table)

    def _subtitle(self) -> str:
        if self.welcome is None:
            return ""
        return _("Friends join at {address} with the code {code}.").format(
            address=self.address, code=self.welcome.table
        )

    @property
    def page(self) -> str | None:
        """The URL of the table's page for phones, once the table is known (None: not reachable)."""
        if self.welcome is None:
            return None
        return page_url(self.address, self.welcome.table)

    def status(self) -> str:
        """What the lobby waits for."""
        if self.welcome is None:
            return ""
        if self.welcome.seat is None:
            return _("You are watching. The game begins when the host starts it.")
        if self.client.host:
            return _("Start when everyone is seated: the computer plays the empty seats.")
        return _("Waiting for the host to start the game…")

    # ------------------------------------------------------------------ the flow

    def start(self) -> None:
        """Host: start the game (the AI takes every empty seat)."""
        if self.client.host and not self.done:
            self.client.start()
            self.start_button.enabled = False

    def back(self) -> None:
        """Leave the table (a table this window hosts closes) and go back."""
        if self.done:
            return
        self.done = True
        drop_notice(self.app, unsaved)
        if self.welcome is not None and self.welcome.seat is not None:
            self.client.leave()  # the server frees the seat and closes the connection
        else:
            self.client.close(timeout=0)
        if self.server is not None:
            self.server.stop(timeout=2.0)
        self.app.stack.pop()

    def _give_up(self, notice: str | None = None) -> None:
        if notice is not None:
            self.app.notice(lambda: notice)
        self.back()

    def update(self, dt: float) -> None:
        """Read what the server said; the game's first update goes to the table."""
        if self.done:
            return
        self.waited += dt
        batch = self.client.poll()
        for at, message in enumerate(batch):
            ready = self.arrival.take(message)
            self.dirty = True
            if ready:
                # The table reads the rest of this batch too: the host's moves that came with it.
                self._to_table(batch[at + 1:])
                return
            if isinstance(message, Welcome):
                self.resuming = False
                self._keep_token(message)
                self.resize(self.app.size)
            elif isinstance(message, TableInfo):
                self.start_button.enabled = not message.started
                follow_saving(self.app, message)
            elif isinstance(message, Error) and self._rejoin(message):
                continue
            elif isinstance(message, Error):
                self.app.notice(refusal(message))
                if self.welcome is None:
                    self.done = True
                    self.client.close(timeout=0)
                    self.app.stack.pop()
                    return
                self.start_button.enabled = True
            elif isinstance(message, Closed) and not message.retrying:
                if message.code == CloseCode.EXPIRED:
                    self._give_up(expired_words())
                else:
                    self._give_up(_("Cannot reach a table at {address}.").format(address=self.address))
                return
        if self.welcome is None and self.waited > self.connect_seconds:
            self._give_up(_("Cannot reach a table at {address}.").format(address=self.address))

    def _keep_token(self, welcome: Welcome) -> None:
        """Remember a seat at another program's server (a table this window serves ends with it)."""
        store = seat_store(self.app)
        if store is None or self.server is not None or welcome.seat is None or welcome.token is None:
            return
        store.put(self.address, welcome.table, welcome.token, self.name_sat)
        table = welcome.table
        address = self.address

        def forget() -> None:
            store.forget(address, table)

        self.client.on_leave = forget

    def _rejoin(self, error: Error) -> bool:
        """A kept token the server no longer knows: forget it, and join as anyone would (True) unless
        the table itself is gone (False: the refusal is said as any other)."""
        gone = error.code == ErrorCode.NO_TABLE.value
        refused = error.code == ErrorCode.BAD_TOKEN.value
        if not self.resuming or self.welcome is not None or not (refused or gone):
            return False
        self.resuming = False
        store = seat_store(self.app)
        if store is not None:
            store.forget(self.address, self.table)
        if gone:
            return False
        take_seat(self.app, self.client, self.address, self.table, self.name_sat)
        return True

    def _to_table(self, rest: list[ServerMessage]) -> None:
        self.done = True
        nav = NetNavigator(self.app, self.nav)
        source = self.arrival.table(self.app, rest, self.server, on_lost=nav.leave, on_resync=nav.sit)
        source.page = self.page
        nav.sit(source)

    # ------------------------------------------------------------------ drawing

    def resize(self, size: tuple[int, int]) -> None:
        """The seats fill the panel; Start and Back side by side at its foot."""
        if self.start_button.visible != (self.welcome is not None and self.client.host):
            self.start_button.visible = self.welcome is not None and self.client.host
        u = self.app.u
        w, h = size
        wide = self.page is not None
        width = round((self.wide if wide else self.width) * u)
        self.panel = pygame.Rect(0, 0, min(w - 20, width), min(h - round(60 * u), round(560 * u)))
        self.panel.center = (w // 2, (h - round(26 * u)) // 2)
        self.qr_rect = None
        if wide:
            side = min(round(340 * u), self.panel.w * 2 // 5)
            top = self.panel.y + round(96 * u)
            bottom = self.panel.bottom - round(18 * u) - round(46 * u) - round(48 * u)
            self.qr_rect = pygame.Rect(self.panel.right - side - round(30 * u), top, side, bottom - top)
        bh = round(46 * u)
        gap = round(10 * u)
        buttons = [b for b in (self.start_button, self.back_button) if b.visible]
        bw = round(220 * u)
        x = self.panel.centerx - (len(buttons) * bw + (len(buttons) - 1) * gap) // 2
        for button in buttons:
            button.rect = pygame.Rect(x, self.panel.bottom - bh - round(18 * u), bw, bh)
            button.font_size = round(19 * u)
            x += bw + gap
        if self.start_button.visible:
            self.group.set_focus(self.start_button)

    def draw(self, surface: pygame.Surface) -> None:
        """The panel, then the rules and every seat."""
        super().draw(surface)
        u = self.app.u
        text = self.app.text
        x = self.panel.x + round(40 * u)
        y = self.panel.y + round(100 * u)
        fs = round(17 * u)
        line = round(28 * u)
        page = self.page
        column = self.panel.copy()
        if page is not None and self.qr_rect is not None:
            column.w = self.qr_rect.x - round(20 * u) - self.panel.x
            self.code_drawn = draw_qr_card(surface, text, page, self.qr_rect, u)
        if self.info is not None:
            settings = self.info.settings
            rules = str(settings.get("rules", "foster"))  # a server's word: an unknown one is said as it came
            deals = settings.get("deals")
            about = rules_label(rules)
            if isinstance(deals, int):
                about += " · " + ngettext("{n} deal", "{n} deals", deals).format(n=deals)
            afs = text.fit(about, fs, column.w - round(60 * u))
            text.blit(surface, about, afs, (column.centerx, y), INK, "sans", "midtop")
            y += line
            if self.info.fixed_deck:
                fixed = fixed_deck_line()
                ffs = text.fit(fixed, fs, column.w - round(60 * u))
                text.blit(surface, fixed, ffs, (column.centerx, y), GOLD, "sans", "midtop")
                y += line
            y += round(6 * u)
            for seat in self.info.seats:
                if seat.person:
                    who = seat.name + (" · " + _("host") if seat.host else "")
                    if not seat.connected:
                        who += " · " + _("away")
                    color = GOLD if self.welcome is not None and seat.seat == self.welcome.seat else INK
                else:
                    who = self.free_seat(seat.seat, seat.name, settings)
                    color = (170, 185, 170)
                label = f"{seat.seat + 1}. {who}"
                label = text.ellipsize(label, fs, column.w - round(80 * u))
                text.blit(surface, label, fs, (x, y), color, "sans", "topleft")
                y += line
        status = self.status()
        if status:
            sfs = text.fit(status, fs, self.panel.w - round(40 * u))
            top = self.back_button.rect.top - round(40 * u)
            text.blit(surface, status, sfs, (self.panel.centerx, top), GOLD, "sans", "midtop")

    @staticmethod
    def free_seat(seat: int, name: str, settings: dict[str, object]) -> str:
        """A seat no person holds, as chosen: kept for a person (the host's "A person", the table's
        ``people``: the next to join sits there), or the computer at its level until someone joins."""
        name = seat_name(name, seat, person=False)  # the server's "AI 3" in the person's language
        people = settings.get("people")
        if isinstance(people, list) and seat in people:
            return _("A seat for a person (waiting for them)")
        levels = settings.get("ai")
        level = levels[seat if len(levels) > 1 else 0] if isinstance(levels, list) and levels else None
        if level in LEVEL_LABELS:
            # Translators: a free seat of a table's lobby: its name, the computer's level ("Easy").
            return _("{name} (the computer for now: {level})").format(
                name=name, level=_(LEVEL_LABELS[str(level)]))
        return _("{name} (the computer, until someone joins)").format(name=name)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The felt."""
        surface.blit(self.app.art.felt(self.app.size, None), (0, 0))

    def hints(self) -> str:
        """Lobby keys."""
        return _("Enter: choose · Esc: leave the table")
