"""Join a table: the server's address, your name, the tables there (with their codes), Join or Watch.

"Look for tables" asks the server at the address for its tables: those not started (to join)
first, then those being played (marked: to watch, or to take back the seat this window holds
there); choosing one fills in its code. Join takes a seat (the lobby then waits for the host
to start), or takes back this window's seat at that table (:mod:`scenes.net.seats`); Watch
takes a spectator's chair. "Open a table there" opens a table on that server with the Host
form's choices (a headless ``farmer-server`` has none until someone does). The address and
name are remembered for next time. Nothing here waits: the list comes in over the frames.

Opened to watch (the menu's "Watch a table"), the screen asks for no name and offers only
Watch: a spectator's chair, for the big screen that shows the table while people play on
their phones.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.limits import MAX_NAME
from game.net.client import Client
from game.net.protocol import CODE_ALPHABET, CODE_LENGTH, Closed, Error, TableList
from scenes.app.loop import App
from scenes.i18n import _, rules_label
from scenes.net.address import parse_address, player_name, shown_address, url_of
from scenes.net.lobby import join_table
from scenes.net.navigator import NetworkExits
from scenes.net.remote import refusal
from scenes.net.seats import seat_store
from scenes.screens.panels import PanelScene
from scenes.ui.widgets import Button, TextField, Widget

LIST_SECONDS = 8.0
"""How long the screen waits for a server's list of tables."""
SHOWN_TABLES = 4
"""Tables offered at once (the first ones the server lists)."""


def no_table_yet() -> str:
    """The notice for a server that lists no table (said once, and only on the Join screen)."""
    return _("No table is open there yet: open one with “Open a table there”.")


class JoinScene(PanelScene):
    """See the module docstring."""

    name = "join"
    transparent = False
    width = 660
    row_height = 46

    def __init__(
        self,
        app: App,
        nav: NetworkExits,
        address: str = "",
        name: str = "",
        code: str = "",
        watching: bool = False,
    ) -> None:
        """The form, filled with ``address``, ``name`` and ``code`` (by default the address and
        name last used); ``watching``: to watch a table, not to sit at one."""
        self.nav = nav
        self.watching = watching
        self.address = address or app.settings.net_address
        self.player = name or app.settings.player_name
        self.code = code.upper()
        self.tables: list[dict[str, Any]] = []
        self.held: set[str] = set()
        """The codes of the tables at this address where this window holds a seat."""
        self.lister: Client | None = None
        self.listing = 0.0
        super().__init__(app, (lambda: _("Watch a table")) if watching else (lambda: _("Join a table")))

    def build(self) -> list[Widget]:
        """Address, name, code, the tables found, then the buttons."""
        self.address_w = TextField(lambda: _("Address"), lambda: self.address, self._set_address, max_len=60)
        self.name_w = TextField(lambda: _("Your name"), lambda: self.player, self._set_name, max_len=MAX_NAME)
        self.code_w = TextField(
            lambda: _("Table code"), lambda: self.code, self._set_code, max_len=CODE_LENGTH
        )
        self.table_buttons = [Button(self._table_label(i), self._choose(i)) for i in range(SHOWN_TABLES)]
        for b in self.table_buttons:
            b.visible = False
        self.look_button = Button(lambda: _("Look for tables"), self.look)
        self.open_button = Button(lambda: _("Open a table there"), self.open_table)
        self.join_button = Button(self._join_label, self.join, primary=not self.watching)
        self.watch_button = Button(lambda: _("Watch"), self.watch, primary=self.watching)
        self.back_button = Button(lambda: _("Back"), self.back)
        for widget in (self.name_w, self.open_button, self.join_button):
            widget.visible = not self.watching
        return [
            self.address_w,
            self.name_w,
            self.code_w,
            *self.table_buttons,
            self.look_button,
            self.open_button,
            self.join_button,
            self.watch_button,
            self.back_button,
        ]

    def _join_label(self) -> str:
        return _("Take my seat back") if self.code in self.held else _("Join")

    def _set_address(self, value: str) -> None:
        self.address = value

    def _set_name(self, value: str) -> None:
        self.player = value

    def _set_code(self, value: str) -> None:
        self.code = "".join(c for c in value.upper() if c in CODE_ALPHABET)

    def _table_label(self, i: int) -> Any:
        def label() -> str:
            if i >= len(self.tables):
                return ""
            t = self.tables[i]
            code = str(t.get("code", "?"))
            rules = str(t.get("rules", "foster"))  # a server's word: an unknown one is said as it came
            if code in self.held:
                state = _("your seat is kept")
            elif t.get("started"):
                state = _("being played: watch it")
            else:
                free, seats = t.get("free", 0), t.get("seats", 0)
                state = _("{free} of {seats} seats free").format(free=free, seats=seats)
            return f"{code} · {rules_label(rules)} · {state}"

        return label

    def _choose(self, i: int) -> Any:
        def choose() -> None:
            if i < len(self.tables):
                self.code = str(self.tables[i].get("code", ""))

        return choose

    def enter(self) -> None:
        """Lay out; look for tables at once when the address is known."""
        super().enter()
        if self.address.strip():
            self.look()
        chosen = self.watch_button if self.watching else self.join_button
        self.group.set_focus(chosen if self.address.strip() else self.address_w)

    def exit(self) -> None:
        """Stop asking for the list; what was said of it is no longer true elsewhere."""
        self._stop_listing()
        self.app.withdraw(no_table_yet)

    def pause(self) -> None:
        """Another screen over this one (the Host form, a lobby): the word on the list goes."""
        super().pause()
        self.app.withdraw(no_table_yet)

    # ------------------------------------------------------------------ the server

    def _url(self) -> tuple[str, str] | None:
        """The server's URL and the address as shown, or None (with a notice) when it is not one."""
        try:
            host, port = parse_address(self.address)
        except ValueError:
            self.app.notice(lambda: _("Type an address such as 192.168.1.5 or 192.168.1.5:8765."))
            return None
        return url_of(host, port), shown_address(host, port)

    def look(self) -> None:
        """Ask the server at the address for its open tables."""
        where = self._url()
        if where is None:
            return
        self._stop_listing()
        self.lister = Client(where[0], reconnect_seconds=3.0)
        self.lister.list_tables()
        self.listing = 0.0

    def _stop_listing(self) -> None:
        if self.lister is not None:
            self.lister.close(timeout=0)
            self.lister = None

    def update(self, dt: float) -> None:
        """Take the list of tables when it comes."""
        lister = self.lister
        if lister is None:
            return
        self.listing += dt
        for message in lister.poll():
            if isinstance(message, TableList):
                self._take_list(message)
                self._stop_listing()
                self.resize(self.app.size)
                self.dirty = True
                return
            if isinstance(message, Error):
                self.app.notice(refusal(message))
            if isinstance(message, Closed) and not message.retrying:
                self._cannot_reach()
                return
        if self.listing > LIST_SECONDS:
            self._cannot_reach()

    def _take_list(self, message: TableList) -> None:
        """Show the tables listed: the seats this window holds first, then those open to join."""
        tables = [t for t in message.tables if isinstance(t.get("code"), str) and not t.get("over")]
        where = self._url()
        store = seat_store(self.app)
        if where is not None and store is not None:
            listed = {str(t["code"]) for t in tables}
            self.held = {h.table for h in store.all() if h.address == where[1] and h.table in listed}
        tables.sort(key=lambda t: (t["code"] not in self.held, bool(t.get("started"))))
        self.tables = tables[:SHOWN_TABLES]
        for i, button in enumerate(self.table_buttons):
            button.visible = i < len(self.tables)
        if not self.tables:
            self.app.withdraw(no_table_yet)  # said once, however often the list is asked for
            self.app.notice(no_table_yet)
            self.group.set_focus(self.open_button)
        elif len(self.tables) == 1 and not self.code:
            self.code = str(self.tables[0].get("code", ""))

    def _cannot_reach(self) -> None:
        address = self.address.strip()
        self.app.notice(lambda: _("Cannot reach a table at {address}.").format(address=address))
        self._stop_listing()

    def _sit(self, watch: bool) -> None:
        where = self._url()
        if where is None:
            return
        if len(self.code) != CODE_LENGTH:
            self.app.notice(lambda: _("Type the table's code, or choose a table."))
            return
        name = player_name(self.player) or _("Player")
        self._remember(where[1], None if watch else name)
        self._stop_listing()
        host, port = parse_address(self.address)
        join_table(self.app, self.nav, host, port, self.code, name, watch=watch)

    def _remember(self, address: str, name: str | None) -> None:
        """The address (and the name sat under) for the next time."""
        values: dict[str, str] = {}
        if address != self.app.settings.net_address:
            values["net_address"] = address
        if name is not None and name != self.app.settings.player_name:
            values["player_name"] = name
        if values:
            self.app.update_settings(**values)

    def open_table(self) -> None:
        """The Host form, for a table on the server at the address (this window its host)."""
        where = self._url()
        if where is None:
            return
        self._remember(where[1], player_name(self.player) or None)
        self._stop_listing()
        self.app.withdraw(no_table_yet)  # the table is being opened: no longer true
        self.nav.host_form(where[1])

    def join(self) -> None:
        """Take a seat at the table of the code."""
        self._sit(watch=False)

    def watch(self) -> None:
        """Watch the table of the code."""
        self._sit(watch=True)

    def handle(self, event: pygame.event.Event) -> bool:
        """Enter joins (or watches) unless a button has the focus."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            focused = self.group.focused
            if isinstance(focused, Button):
                focused.activate()
            elif self.watching:
                self.watch()
            else:
                self.join()
            return True
        return super().handle(event)

    def resize(self, size: tuple[int, int]) -> None:
        """The fields and tables one to a row; the buttons two to a row (Look / Open, Join / Watch)."""
        tables: list[list[Widget]] = [[b] for b in self.table_buttons if b.visible]
        every: list[list[Widget]] = [
            [self.address_w],
            [self.name_w],
            [self.code_w],
            *tables,
            [self.look_button, self.open_button],
            [self.join_button, self.watch_button],
            [self.back_button],
        ]
        rows = [[w for w in row if w.visible] for row in every]
        rows = [row for row in rows if row]
        u = self.app.u
        w, h = size
        row_h = round(self.row_height * u)
        gap = round(10 * u)
        head = round(self.head * u)
        room = h - round(56 * u)  # the key hints live below the panel
        if head + len(rows) * (row_h + gap) + round(30 * u) > room:
            row_h = max(22, (room - head - round(30 * u)) // len(rows) - gap)
        need = head + len(rows) * (row_h + gap) + round(30 * u)
        self.panel = pygame.Rect(0, 0, min(w - 20, round(self.width * u)), min(room, need))
        self.panel.center = (w // 2, (h - round(26 * u)) // 2)
        inner = self.panel.w - round(60 * u)
        y = self.panel.y + head
        for row in rows:
            width = (inner - gap * (len(row) - 1)) // len(row)
            x = self.panel.centerx - inner // 2
            for widget in row:
                widget.rect = pygame.Rect(x, y, width, row_h)
                widget.font_size = max(12, round(min(20 * u, row_h * 0.45)))
                x += width + gap
            y += row_h + gap

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The felt."""
        surface.blit(self.app.art.felt(self.app.size, None), (0, 0))

    def hints(self) -> str:
        """Form keys."""
        if self.watching:
            return _("Tab/↑/↓: move · type the address and the code · Enter: watch · Esc: back")
        return _("Tab/↑/↓: move · type the address, your name and the code · Enter: join · Esc: back")
