"""The ordinary program's navigator: the main menu and every screen it leads to, the pause
panel, the final standings.

:class:`Screens` is what the table and the screens are handed to lead elsewhere (see
:class:`scenes.table.navigator.Navigator` and :class:`scenes.screens.menu.MenuNavigator`);
it is the one place that knows which scene comes next, so no scene imports the scenes after
it. It sits above the screens and the network screens alike, since it leads to both.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from game.rules.ruleset import RuleSet
from scenes.app.loop import App
from scenes.i18n import _
from scenes.screens.confirm import ConfirmScene
from scenes.screens.guide_offer import GuideOfferScene, offer_due
from scenes.screens.howto import HowToScene
from scenes.screens.menu import MenuScene
from scenes.screens.newgame import NewGameScene
from scenes.screens.pause import PauseScene
from scenes.screens.settings import SettingsScene
from scenes.screens.statistics import StatisticsScene
from scenes.table.guide_words import skip_label
from scenes.table.guided import GuidedTableScene, first_game
from scenes.table.local import LocalTable
from scenes.table.navigator import Choice, Question
from scenes.table.scene import TableScene
from scenes.table.setup import Setup
from scenes.table.source import TableSource


class Screens:
    """Leads from screen to screen in the ordinary program."""

    def __init__(self, app: App) -> None:
        """The navigator of ``app``."""
        self.app = app

    def menu(self) -> None:
        """The main menu, alone on the stack; at the first start, the guided game offered over it."""
        self.app.stack.reset(MenuScene(self.app, self))
        if offer_due(self.app):
            self.app.stack.push(GuideOfferScene(self.app, self.guided_game))

    def guided_game(self) -> None:
        """The guided first game on a fresh table (a game in progress is saved first, to continue)."""
        self.app.keeper.leave_all(self.app.stack.scenes)
        name = self.app.settings.player_name or _("You")
        self.app.stack.reset(GuidedTableScene(self.app, self, first_game(name)))

    def play(self, source: TableSource) -> None:
        """``source`` on a fresh table, over nothing else (Escape pauses it; the menu is a way out)."""
        self.app.stack.reset(TableScene(self.app, self, source))

    def start(self, setup: Setup) -> None:
        """A new game of ``setup``."""
        self.play(LocalTable.start(setup))

    def pause(self, source: TableSource) -> None:
        """The pause panel over the table (with *Skip the guide* while a guide may be skipped)."""
        extra = [
            Choice(skip_label, scene.skip_guide)
            for scene in self.app.stack.scenes
            if isinstance(scene, GuidedTableScene) and scene.source is source and scene.guide.skip_offered
        ]
        self.app.stack.push(PauseScene(self.app, self, source, extra))

    def leave(self, source: TableSource | None) -> None:
        """Save ``source`` (to continue later) and go back to the main menu."""
        if source is not None:
            self.app.keeper.leave(source.kept)
        self.menu()

    def new_game(self, setup: Setup | None) -> None:
        """The New game screen over the main menu, filled from ``setup`` (or the remembered choices)."""
        if not isinstance(self.app.stack.top, MenuScene):
            self.menu()
        self.app.stack.push(NewGameScene(self.app, self, setup))

    def game_over(self, source: TableSource) -> list[Choice]:
        """Play again (the same choices, at once), New game (the form, filled with this game's
        choices) or the main menu.

        Play again deals new cards, unless the game was started from the command line with a
        seed: whoever fixed the seed wants that game again, card for card.
        """
        setup = source.facts.setup

        def leaving() -> None:
            self.app.keeper.leave(source.kept)

        def again(chosen: Setup) -> None:
            leaving()
            self.start(replace(chosen, names=list(chosen.names), levels=list(chosen.levels)))

        def form() -> None:
            leaving()
            self.new_game(setup)

        choices = [Choice(lambda: _("Play again"), partial(again, setup), primary=True)] if setup else []
        return [
            *choices,
            Choice(lambda: _("New game"), form, primary=not choices),
            Choice(lambda: _("Main menu"), lambda: self.leave(source)),
        ]

    def confirm(self, question: Question) -> None:
        """The question over what is on screen."""
        self.app.stack.push(ConfirmScene(self.app, question))

    def escape_hint(self) -> str | None:
        """Escape opens the pause menu."""
        return _("Esc: menu")

    def how_to_play(self, rules: RuleSet | None) -> None:
        """The rules screen over the menu or the pause panel."""
        self.app.stack.push(HowToScene.of(self.app, rules, self.guided_game))

    def settings(self) -> None:
        """The settings screen over the menu or the pause panel."""
        self.app.stack.push(SettingsScene(self.app))

    def statistics(self) -> None:
        """The player's statistics, over the menu."""
        self.app.stack.push(StatisticsScene(self.app))

    def network(self) -> None:
        """Host a table for friends on other screens, or join one, from the menu."""
        from scenes.net.menu import NetMenuScene  # the network screens load only when asked for

        self.app.stack.push(NetMenuScene(self.app, self))

    def host_form(self, address: str) -> None:
        """The Host form over the network screens, for a table on the server at ``address``."""
        from scenes.net.host import HostScene

        self.app.stack.push(HostScene(self.app, self, address=address))

    def join_form(self, watch: bool = False) -> None:
        """The Join screen over the network screens (``watch``: to watch a table)."""
        from scenes.net.join import JoinScene

        self.app.stack.push(JoinScene(self.app, self, watching=watch))


def start_game(app: App, setup: Setup) -> None:
    """Begin a new game of ``setup`` in ``app`` (the command line, tools and tests start here)."""
    Screens(app).start(setup)
