"""The kiosk's live table: a table server in the kiosk's own process, and a table passers-by join
from their phones.

With ``live_table = true`` in the kiosk config, :class:`LiveTable` runs a
:class:`~game.net.server.ServerThread` on every interface and opens a table with the kiosk's
rules and seats. The kiosk holds one seat itself (a table's creator is seated: it is the table's
host, the only one who may start it); every other seat waits for a phone. The attract loop shows
:class:`LiveCardScene`: the page's QR code, "Scan to take a seat", who sits where. Once a phone
has taken a seat, a countdown of ``live_countdown`` seconds runs (at once when ``live_seats``
phones sit); then the kiosk starts the game and gives its own seat up, so the AI plays it and
every seat no phone took. The kiosk watches the game as a spectator; after it, a fresh table.

Nothing here waits on the network or raises: every message is read as it comes, and a server
that cannot listen (the port is taken) or a connection that fails is a line in the log, the
demo instead, and another try a few minutes later.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable

import pygame

from game.net.client import Client
from game.net.protocol import Closed, Error, TableInfo, Welcome
from game.net.server import ServerThread
from scenes.app.loop import App
from scenes.i18n import _, ngettext, rules_label
from scenes.kiosk.cards import TimedCard
from scenes.kiosk.config import KioskConfig
from scenes.kiosk.overlays import CALL_BAND
from scenes.net.address import open_server, page_url, reachable_address
from scenes.table.setup import DEFAULT_NAMES
from scenes.ui.art import GOLD, INK
from scenes.ui.qr import draw_qr_card
from scenes.ui.widgets import draw_panel

log = logging.getLogger("farmer.kiosk")

CONNECT_SECONDS = 10.0
"""How long the kiosk waits for its own server to welcome it before it gives the live table up."""
RETRY_SECONDS = 300.0
"""After a failure, how long the kiosk plays the demo alone before it tries the live table again."""
LIVE_CARD_SECONDS = 25.0
"""How long the live table's card stays in the attract loop while nobody has taken a seat."""
PAUSE_SECONDS = 10
"""The live table's pause between deals (phones say "ready"; nobody waits long at a kiosk)."""


def take_a_seat() -> str:
    """What the kiosk's QR code is for."""
    return _("Scan to take a seat")


class LiveTable:
    """The kiosk's table server and the table phones join; see the module docstring."""

    def __init__(
        self,
        config: KioskConfig,
        rng: random.Random,
        bind: str = "0.0.0.0",
        address: Callable[[], str] = reachable_address,
    ) -> None:
        """A live table of ``config``'s rules and seats, its server listening on ``bind``;
        ``address()`` is this machine's address that phones reach."""
        self.config = config
        self.rng = rng
        self.bind = bind
        self.address = address
        self.server: ServerThread | None = None
        self.port = 0
        self.host: Client | None = None
        """The kiosk's own seat, which holds the table until its start."""
        self.code: str | None = None
        self.own_seat: int | None = None
        self.info: TableInfo | None = None
        self.page: str | None = None
        """The URL of the table's page for phones (None until the table is open)."""
        self.started = False
        """The game has been started (the kiosk has given its seat up)."""
        self.asked_at = time.monotonic()
        """When the kiosk asked for the table, in real time (the server answers in real time,
        whatever the kiosk's clock): it gives up after :data:`CONNECT_SECONDS`."""
        self.counted = 0.0
        """Seconds since the first phone took a seat (0 while nobody sits)."""
        self.retry_in = 0.0
        """Seconds before the next try after a failure (0: try whenever asked)."""
        self.tables = 0
        """Tables opened since the kiosk started."""
        self.previous: str | None = None
        """The code of the table whose game just ended: its phones are offered the next table."""
        self.watcher: Client | None = None
        """The kiosk's spectator's connection, opened before the start so that the screen sees the
        game from its first ante (joined later, its ledger could only say "before you came")."""

    # ------------------------------------------------------------------ state

    @property
    def open(self) -> bool:
        """Whether a table is open and not started: phones may take its seats."""
        return self.code is not None and self.info is not None and not self.started

    @property
    def people(self) -> int:
        """Seats taken by people other than the kiosk."""
        if self.info is None:
            return 0
        return sum(1 for s in self.info.seats if s.person and s.seat != self.own_seat)

    @property
    def counting(self) -> bool:
        """Whether someone sits and the countdown to the start runs."""
        return self.open and self.people > 0

    @property
    def seconds_left(self) -> int:
        """Whole seconds before the game starts (while :attr:`counting`)."""
        return max(0, int(self.config.live_countdown - self.counted + 0.999))

    @property
    def seats_to_start(self) -> int:
        """Phones whose seats start the game at once."""
        return max(1, min(self.config.live_seats, self.config.players - 1))

    # ------------------------------------------------------------------ the flow

    def ensure(self) -> None:
        """A table open for phones (the server started, a table asked for) unless one is, or a
        failure is too recent. Never raises."""
        if self.host is not None or self.retry_in > 0:
            return
        try:
            if self.server is None:
                self.server, self.port = open_server(self.bind, self.config.live_port, fallback=False)
                log.info("live table server listening on port %d", self.port)
            self._create()
        except Exception as exc:  # a port taken, no network: the demo plays on
            self.fail(f"cannot open the live table ({exc})")

    def _create(self) -> None:
        c = self.config
        names = self.rng.sample(DEFAULT_NAMES, c.players)
        self.own_seat = c.players - 1
        settings: dict[str, object] = {
            "rules": c.rules,
            "seats": c.players,
            "deals": c.deals,
            "ai": "normal",
            "names": names,
            "pause_seconds": PAUSE_SECONDS,
        }
        self.host = Client(f"ws://127.0.0.1:{self.port}", reconnect_seconds=0)
        self.host.create(names[self.own_seat], settings, seat=self.own_seat)
        self.code = self.info = self.page = None
        self.started = False
        self.asked_at = time.monotonic()
        self.counted = 0.0

    def update(self, dt: float) -> None:
        """Read the kiosk's own connection; start the game when the countdown has run. Never raises."""
        if self.retry_in > 0:
            self.retry_in = max(0.0, self.retry_in - dt)
            return
        host = self.host
        if host is None or self.started:
            return
        try:
            self._read(host, dt)
        except Exception as exc:
            self.fail(f"the live table failed ({exc})")

    def _read(self, host: Client, dt: float) -> None:
        for message in host.poll():
            if isinstance(message, Welcome):
                self.code = message.table
                self.page = page_url(f"{self.address()}:{self.port}", message.table)
                self.tables += 1
                log.info("live table %s open at %s", message.table, self.page)
                if self.previous is not None and self.server is not None:
                    # The phones of the game just ended are offered this table with one tap.
                    self.server.follow(self.previous, message.table)
                self.previous = None
            elif isinstance(message, TableInfo):
                self.info = message
            elif isinstance(message, Error):
                self.fail(f"the live table's server refused: {message.code} ({message.message})")
                return
            elif isinstance(message, Closed) and not message.retrying:
                self.fail(f"the live table's connection closed ({message.reason})")
                return
        if self.code is None:
            if time.monotonic() - self.asked_at > CONNECT_SECONDS:
                self.fail("the live table's server did not answer")
            return
        if self.page is None:
            self.fail("no address phones can reach")
            return
        if self.people == 0:
            self.counted = 0.0
            return
        self.counted += dt
        if self.watcher is None:
            self.watcher = Client(f"ws://127.0.0.1:{self.port}", reconnect_seconds=0)
            self.watcher.watch(self.code)
        due = self.counted >= self.config.live_countdown or self.people >= self.seats_to_start
        if due and self.watcher.table is not None:  # the spectator is seated: it sees the first ante
            self._start(host)

    def _start(self, host: Client) -> None:
        """Start the game and give the kiosk's seat to the AI (the table then goes on without it)."""
        log.info("live table %s starts with %d people", self.code, self.people)
        host.start()
        host.leave()  # after the start: the AI keeps the seat; the server closes the connection
        self.started = True

    def watch(self) -> Client | None:
        """A spectator's connection to the table (the caller reads and closes it): the one opened
        before the start, which has seen the game from its first event, else a new one; None when
        there is no table."""
        if self.code is None or self.server is None:
            return None
        if self.watcher is not None:
            client, self.watcher = self.watcher, None
            return client
        client = Client(f"ws://127.0.0.1:{self.port}", reconnect_seconds=0)
        client.watch(self.code)
        return client

    def next_table(self) -> None:
        """The table's game is over (or gone): a fresh table for the next passers-by."""
        self._let_go()
        self.ensure()

    def _let_go(self) -> None:
        if self.started and self.code is not None:
            self.previous = self.code
        if self.watcher is not None:
            self.watcher.close(timeout=0)
            self.watcher = None
        if self.host is not None:
            if not self.started:
                self.host.leave()
            self.host.close(timeout=0)
            self.host = None
        self.code = self.info = self.page = None
        self.started = False

    def fail(self, why: str) -> None:
        """Log ``why``, close everything, and leave the live table for :data:`RETRY_SECONDS`."""
        log.warning("%s; the demo plays instead, another try in %.0f s", why, RETRY_SECONDS)
        self.close()
        self.previous = None  # that server is gone, and its tables with it
        self.retry_in = RETRY_SECONDS

    def close(self) -> None:
        """Close the kiosk's connection and stop its server."""
        self._let_go()
        if self.server is not None:
            self.server.stop(timeout=2.0)
            self.server = None


class LiveCardScene(TimedCard):
    """The live table's card in the attract loop: its QR code, its seats, the countdown."""

    name = "attract-live"

    def __init__(self, app: App, live: LiveTable, on_done: Callable[[], None]) -> None:
        """The card of ``live``; ``on_done`` once it has been up for a while with nobody seated."""
        super().__init__(app, LIVE_CARD_SECONDS, on_done)
        self.live = live

    def update(self, dt: float) -> None:
        """Stay while someone sits (the kiosk shows the game when it starts); else move on."""
        if self.live.counting:
            self.elapsed = 0.0
            return
        if not self.live.open and not self.live.started and not self.done:
            self.done = True  # the table failed: on with the loop
            self.on_done()
            return
        super().update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Felt; a panel with the rules, the seats and the countdown on the left, the code on the right."""
        w, h = surface.get_size()
        u = self.app.u
        text = self.app.text
        surface.blit(self.app.art.felt((w, h), None), (0, 0))
        band = round(CALL_BAND * u)  # the kiosk's call to play, above the panel
        panel = pygame.Rect(0, 0, min(w - round(40 * u), round(1120 * u)), min(h - band, round(600 * u)))
        panel.h -= round(30 * u)
        panel.center = (w // 2, band + (h - band) // 2)
        draw_panel(surface, panel, radius=round(18 * u))
        pad = round(30 * u)
        title = _("Play on your phone")
        fs = text.fit(title, round(44 * u), panel.w - 2 * pad, "serif")
        top = text.blit(surface, title, fs, (panel.centerx, panel.y + pad // 2), GOLD, "serif", "midtop")
        body = pygame.Rect(panel.x + pad, top.bottom + pad // 2, panel.w - 2 * pad, 0)
        body.h = panel.bottom - pad // 2 - body.y
        side = min(round(420 * u), panel.w * 2 // 5)
        qr = pygame.Rect(body.right - side, body.y, side, body.h)
        if self.live.page is not None:
            draw_qr_card(surface, text, self.live.page, qr, u * 1.5, take_a_seat)  # read from afar
        self._draw_seats(surface, pygame.Rect(body.x, body.y, qr.x - pad - body.x, body.h))

    def _draw_seats(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The rules, who sits where, and when the game starts."""
        u = self.app.u
        text = self.app.text
        live = self.live
        fs = round(22 * u)
        line = round(fs * 1.45)
        about = rules_label(live.config.rules)
        text.blit(surface, about, text.fit(about, fs, area.w), area.topleft, INK, "sans", "topleft")
        seats = live.info.seats if live.info is not None else ()
        room = area.h - 2 * line - round(12 * u)  # below the rules, above the countdown
        step = min(line, room // max(1, len(seats)))
        size = min(fs, round(step / 1.45))
        y = area.y + line + round(6 * u)
        for seat in seats:
            if seat.person and seat.seat != live.own_seat:
                label, colour = seat.name, GOLD
            else:
                label = _("{name} (the computer, until someone joins)").format(name=seat.name)
                colour = (170, 185, 170)
            label = text.ellipsize(f"{seat.seat + 1}. {label}", size, area.w)
            text.blit(surface, label, size, (area.x, y), colour, "sans", "topleft")
            y += step
        text.blit(surface, *self._status(fs, area.w), (area.x, area.bottom), GOLD, "bold", "bottomleft")

    def _status(self, fs: int, width: int) -> tuple[str, int]:
        """When the game starts, and the size it fits ``width`` at."""
        if self.live.counting:
            n = self.live.seconds_left
            line = ngettext("The game starts in {n} second.", "The game starts in {n} seconds.", n)
            status = line.format(n=n)
        else:
            status = _("The game starts soon after someone takes a seat.")
        return status, self.app.text.fit(status, fs, width, "bold")
