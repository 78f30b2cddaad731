"""``farmer --host`` and ``farmer --join``: straight from the command line to a network table's lobby."""

from __future__ import annotations

import argparse

from game.net.client import Client
from scenes.app.loop import App
from scenes.i18n import _
from scenes.net.address import DEFAULT_PORT, parse_address, shown_address, url_of
from scenes.net.host import host_table
from scenes.net.join import JoinScene
from scenes.net.lobby import LobbyScene
from scenes.table.navigator import Navigator
from scenes.table.setup import Setup


def open_from_command_line(app: App, nav: Navigator, args: argparse.Namespace) -> None:
    """Over the menu: host a table (the New game choices of the flags) or join one (checked flags).

    ``--join`` with ``--table`` takes the seat at once (the lobby); without, the Join screen
    opens at that address and looks for its tables.
    """
    name = " ".join((args.name or "").split()) or app.settings.player_name
    if args.host:
        setup = Setup.for_players(
            args.players or 4,
            args.rules or "foster",
            args.rotating,
            args.deals,
            args.seed,
            human_name=name or None,
        )
        port = int(args.port) if args.port is not None else DEFAULT_PORT
        host_table(app, nav, setup, port=port, fallback=args.port is None)
        return
    host, port = parse_address(args.join)
    if args.table is None:
        app.push(JoinScene(app, nav, address=shown_address(host, port), name=name))
        return
    client = Client(url_of(host, port))
    client.join(args.table.upper(), name or _("Player"))
    app.push(LobbyScene(app, nav, client, shown_address(host, port)))
