"""Host a table: the New game form whose choices become a network table's settings.

:class:`HostScene` is the New game screen (rules, seats, length, AI levels, names) with
"Open the table" instead of Start: it starts a table server inside this program
(:func:`host_table`), or, given another server's address (the Join screen's "Open a table
there"), opens the table on that server (:func:`host_table_at`); either way it sits the host
at seat 0 and shows the lobby with the address and code to tell friends. The AI plays every
seat no person takes when the host starts. A hosted table never has a seed.
"""

from __future__ import annotations

from game.net.client import Client
from scenes.app.loop import App
from scenes.i18n import _
from scenes.net.address import (
    DEFAULT_PORT,
    open_server,
    parse_address,
    player_name,
    reachable_address,
    shown_address,
    table_settings,
    url_of,
)
from scenes.net.lobby import LobbyScene
from scenes.screens.newgame import NewGameScene
from scenes.table.navigator import Navigator
from scenes.table.setup import Setup
from scenes.ui.widgets import Choice, Widget


def host_table(
    app: App,
    nav: Navigator,
    setup: Setup,
    bind: str = "0.0.0.0",
    port: int = DEFAULT_PORT,
    fallback: bool = True,
    public: bool = False,
    code: str | None = None,
) -> bool:
    """Open a table of ``setup`` on this machine and show its lobby; False (with a notice) if no
    server can listen. ``bind`` ``127.0.0.1`` keeps the table to this machine; ``public`` lists
    it for anyone who looks for tables there (else only its code lets people in); ``code`` asks
    for that table code (given when free and well formed, else the server chooses)."""
    try:
        server, port = open_server(bind, port, fallback)
    except OSError as exc:
        why = str(exc)
        app.notice(lambda: _("Cannot open a table on this machine: {why}").format(why=why))
        return False
    client = Client(f"ws://127.0.0.1:{port}")
    client.create(player_name(setup.names[0]) or _("Host"), {**table_settings(setup), "public": public},
                  code=code)
    host = "127.0.0.1" if bind.startswith("127.") else reachable_address()
    app.push(LobbyScene(app, nav, client, shown_address(host, port), server))
    return True


def host_table_at(app: App, nav: Navigator, setup: Setup, address: str, public: bool = False) -> bool:
    """Open a table of ``setup`` on the table server at ``address`` (``HOST[:PORT]``) and show its
    lobby, this window its host; False (with a notice) when ``address`` is not one. ``public``
    lists it for anyone who looks for tables there."""
    try:
        host, port = parse_address(address)
    except ValueError:
        app.notice(lambda: _("Type an address such as 192.168.1.5 or 192.168.1.5:8765."))
        return False
    name = player_name(setup.names[0]) or _("Host")
    client = Client(url_of(host, port))
    client.create(name, {**table_settings(setup), "public": public})
    app.push(LobbyScene(app, nav, client, shown_address(host, port), name=name))
    return True


class HostScene(NewGameScene):
    """See the module docstring."""

    name = "host"

    def __init__(self, app: App, nav: Navigator, setup: Setup | None = None, address: str = "") -> None:
        """The New game form, to host a table: on this machine, or on the server at ``address``."""
        self.public = False
        """Whether the table is listed for anyone who looks (else friends type its code)."""
        super().__init__(app, nav, setup)
        self.address = address
        if address:
            self.title = lambda: _("Open a table at {address}").format(address=address)
        else:
            self.title = lambda: _("Host a table")
        self.start.label = lambda: _("Open the table")

    def build(self) -> list[Widget]:
        """The New game form's choices, and whether the table is listed for anyone."""
        widgets = super().build()
        self.listed_w = Choice(
            lambda: _("Listed"),
            [(False, lambda: _("No: by its code")), (True, lambda: _("Yes: for anyone"))],
            lambda: self.public,
            self._set_public,
        )
        self.left.append(self.listed_w)
        widgets.insert(widgets.index(self.deals_w) + 1, self.listed_w)
        return widgets

    def _set_public(self, value: bool) -> None:
        self.public = value

    def begin(self, setup: Setup) -> None:
        """Open the table and wait in its lobby."""
        if self.address:
            host_table_at(self.app, self.nav, setup, self.address, self.public)
        else:
            host_table(self.app, self.nav, setup, public=self.public)
