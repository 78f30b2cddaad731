"""``farmer --host``, ``--join`` and ``--watch``: from the command line to a network table's lobby."""

from __future__ import annotations

import argparse

from scenes.app.loop import App
from scenes.i18n import _
from scenes.net.address import DEFAULT_PORT, parse_address, player_name, shown_address
from scenes.net.host import host_table
from scenes.net.join import JoinScene
from scenes.net.lobby import join_table
from scenes.net.navigator import NetworkExits
from scenes.table.setup import Setup


def open_from_command_line(app: App, nav: NetworkExits, args: argparse.Namespace) -> None:
    """Over the menu: host a table (the New game choices of the flags), join one or watch one
    (checked flags).

    ``--join`` with ``--table`` takes the seat at once (the lobby), or takes back the seat this
    window held at that table; without, the Join screen opens at that address and looks for its
    tables. ``--watch`` with ``--table`` takes a spectator's chair (the lobby until the game
    starts, then the table). A hosted table never has a seed (:mod:`scenes.cli` refuses
    ``--host --seed``).
    """
    name = " ".join((args.name or "").split()) or app.settings.player_name
    if args.host:
        setup = Setup.for_players(
            args.players or 4,
            args.rules or "foster",
            args.rotating,
            args.deals,
            None,  # the host plays: a seed would tell them every deck
            human_name=name or None,
        )
        port = int(args.port) if args.port is not None else DEFAULT_PORT
        host_table(app, nav, setup, port=port, fallback=args.port is None)
        return
    if args.watch is not None:
        host, port = parse_address(args.watch)
        join_table(app, nav, host, port, args.table.upper(), "", watch=True)
        return
    host, port = parse_address(args.join)
    if args.table is None:
        app.push(JoinScene(app, nav, address=shown_address(host, port), name=name))
        return
    name = player_name(name) or _("Player")
    app.update_settings(net_address=shown_address(host, port), player_name=name)
    join_table(app, nav, host, port, args.table.upper(), name)
