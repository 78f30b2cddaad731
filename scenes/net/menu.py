"""Play over the network: host a table on this machine, join one, or watch one (the big screen)."""

from __future__ import annotations

from scenes.app.loop import App
from scenes.i18n import _
from scenes.net.navigator import NetworkExits
from scenes.screens.panels import PanelScene
from scenes.ui.widgets import Button, Widget


class NetMenuScene(PanelScene):
    """See the module docstring."""

    name = "network"
    width = 480

    def __init__(self, app: App, nav: NetworkExits) -> None:
        """The choice; ``nav`` leads to the games."""
        self.nav = nav
        super().__init__(app, lambda: _("Play over the network"))

    def build(self) -> list[Widget]:
        """Host, Join, Watch, Back."""
        return [
            Button(lambda: _("Host a table"), self.host, primary=True),
            Button(lambda: _("Join a table"), self.join),
            Button(lambda: _("Watch a table"), self.watch),
            Button(lambda: _("Back"), self.back),
        ]

    def host(self) -> None:
        """The New game form, for a table others join."""
        self.nav.host_form("")

    def join(self) -> None:
        """The Join screen."""
        self.nav.join_form()

    def watch(self) -> None:
        """The Join screen, to watch a table (a TV showing the table while people play on phones)."""
        self.nav.join_form(watch=True)
