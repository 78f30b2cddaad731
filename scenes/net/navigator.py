"""Where a network table leads: the ordinary program's ways, with the connection closed on the way out.

:class:`NetNavigator` wraps the navigator the menu was given (see
:class:`scenes.table.navigator.Navigator`): pausing and the main menu are its, but leaving a
network table gives the seat up and closes the connection (and the table server, when this
window hosts it), and the final standings offer only the way back to the menu. The host's table
and a spectator's table of people show the page's QR code in a corner that covers nothing
(:meth:`NetNavigator.sit`, which the table calls again when it must be drawn afresh).
"""

from __future__ import annotations

from typing import Protocol

from game.rules.ruleset import RuleSet
from scenes.app.loop import App
from scenes.i18n import _
from scenes.net.remote import RemoteTable
from scenes.screens.pause import PauseScene
from scenes.table.navigator import Choice, Navigator, Question
from scenes.table.scene import TableScene
from scenes.table.setup import Setup
from scenes.table.source import TableSource


class NetworkExits(Navigator, Protocol):
    """Where the network screens lead, besides a game's ways: the Host form and the Join screen."""

    def host_form(self, address: str) -> None:
        """The Host form, for a table on the server at ``address`` ("": one this window starts)."""
        ...

    def join_form(self, watch: bool = False) -> None:
        """The Join screen: a table's address and code (``watch``: to watch it, not to sit)."""
        ...


class NetNavigator:
    """Leads from a network table; see the module docstring."""

    def __init__(self, app: App, base: Navigator) -> None:
        """Lead from tables in ``app``, back to ``base``'s screens."""
        self.app = app
        self.base = base

    def sit(self, source: RemoteTable) -> None:
        """The network table ``source`` on a fresh table (again after a resync: the server's picture
        of the game), the page's QR code in a corner where its window shows it."""
        scene = TableScene(self.app, self, source)
        scene.page = source.page_shown
        self.app.stack.reset(scene)

    def play(self, source: TableSource) -> None:
        """``source`` on a fresh table (a network table sits down through :meth:`sit`)."""
        self.app.stack.reset(TableScene(self.app, self, source))

    def pause(self, source: TableSource) -> None:
        """The pause panel over the table (the game goes on at the host meanwhile)."""
        self.app.stack.push(PauseScene(self.app, self, source))

    def leave(self, source: TableSource | None) -> None:
        """Give the seat up, close the connection, and go back to the main menu."""
        if source is not None:
            source.close()  # a network table left calls nobody back
        self.base.leave(None)

    def new_game(self, setup: Setup | None) -> None:
        """A new game on this screen (the ordinary New game)."""
        self.base.new_game(setup)

    def game_over(self, source: TableSource) -> list[Choice]:
        """Only the way back to the menu: the table closes after its game."""
        return [Choice(lambda: _("Main menu"), lambda: self.leave(source), primary=True)]

    def confirm(self, question: Question) -> None:
        """As in any game (the game goes on at the host meanwhile)."""
        self.base.confirm(question)

    def escape_hint(self) -> str | None:
        """As in any game."""
        return self.base.escape_hint()

    def how_to_play(self, rules: RuleSet | None) -> None:
        """The ordinary rules screen (the game goes on at the host meanwhile)."""
        self.base.how_to_play(rules)

    def settings(self) -> None:
        """The ordinary settings screen (the game goes on at the host meanwhile)."""
        self.base.settings()
