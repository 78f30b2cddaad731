"""Join a table: the host's address, your name, the tables open there (with their codes), Join or Watch.

"Look for tables" asks the server at the address for the tables not started yet; choosing
one fills in its code. Join takes a seat (the lobby then waits for the host to start),
Watch takes a spectator's chair. Nothing here waits: the list comes in over the frames.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.net.client import Client
from game.net.protocol import CODE_ALPHABET, CODE_LENGTH, MAX_NAME, Closed, Error, TableList
from scenes.app.loop import App
from scenes.i18n import _, rules_label
from scenes.net.address import parse_address, player_name, shown_address, url_of
from scenes.net.lobby import LobbyScene
from scenes.net.remote import refusal
from scenes.screens.panels import PanelScene
from scenes.table.navigator import Navigator
from scenes.ui.widgets import Button, TextField, Widget

LIST_SECONDS = 8.0
"""How long the screen waits for a server's list of tables."""
SHOWN_TABLES = 4
"""Tables offered at once (the first ones the server lists)."""


class JoinScene(PanelScene):
    """See the module docstring."""

    name = "join"
    transparent = False
    width = 660
    row_height = 46

    def __init__(self, app: App, nav: Navigator, address: str = "", name: str = "", code: str = "") -> None:
        """The form, filled with ``address``, ``name`` (default: the settings' player name) and ``code``."""
        self.nav = nav
        self.address = address
        self.player = name or app.settings.player_name
        self.code = code.upper()
        self.tables: list[dict[str, Any]] = []
        self.lister: Client | None = None
        self.listing = 0.0
        super().__init__(app, lambda: _("Join a table"))

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
        self.join_button = Button(lambda: _("Join"), self.join, primary=True)
        self.watch_button = Button(lambda: _("Watch"), self.watch)
        self.back_button = Button(lambda: _("Back"), self.back)
        return [
            self.address_w,
            self.name_w,
            self.code_w,
            *self.table_buttons,
            self.look_button,
            self.join_button,
            self.watch_button,
            self.back_button,
        ]

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
            rules, _plus, rotating = str(t.get("rules", "foster")).partition("+")
            free = _("{free} of {seats} seats free").format(free=t.get("free", 0), seats=t.get("seats", 0))
            return f"{t.get('code', '?')} · {rules_label(rules, bool(rotating))} · {free}"

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
        self.group.set_focus(self.join_button if self.address.strip() else self.address_w)

    def exit(self) -> None:
        """Stop asking for the list."""
        self._stop_listing()

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
                self.tables = [t for t in message.tables if not t.get("started")][:SHOWN_TABLES]
                for i, button in enumerate(self.table_buttons):
                    button.visible = i < len(self.tables)
                if not self.tables:
                    self.app.notice(lambda: _("No table is open there yet."))
                elif len(self.tables) == 1 and not self.code:
                    self.code = str(self.tables[0].get("code", ""))
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
        if not watch and name != self.app.settings.player_name:
            self.app.update_settings(player_name=name)
        self._stop_listing()
        client = Client(where[0])
        if watch:
            client.watch(self.code)
        else:
            client.join(self.code, name)
        self.app.push(LobbyScene(self.app, self.nav, client, where[1]))

    def join(self) -> None:
        """Take a seat at the table of the code."""
        self._sit(watch=False)

    def watch(self) -> None:
        """Watch the table of the code."""
        self._sit(watch=True)

    def handle(self, event: pygame.event.Event) -> bool:
        """Enter joins unless a button has the focus."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            focused = self.group.focused
            if isinstance(focused, Button):
                focused.activate()
            else:
                self.join()
            return True
        return super().handle(event)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The felt."""
        surface.blit(self.app.art.felt(self.app.size, None), (0, 0))

    def hints(self) -> str:
        """Form keys."""
        return _("Tab/↑/↓: move · type the address, your name and the code · Enter: join · Esc: back")
