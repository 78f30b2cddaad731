"""Pass-and-play: whose moment it is on a shared screen, and the screen handed from one person to the next.

On a screen several people share (:attr:`~scenes.table.source.TableFacts.shared`) each sees their
own cards only in their own moment. When the game turns to another person here, the last one's
cards go face down and what they said privately becomes what the table may know; a bid is no
secret, so its person just plays, but before a private moment (drawing cards) the screen is
handed over (:class:`~scenes.table.pass_screen.PassScene`) and shows their cards only once they
say they alone are looking.
"""

from __future__ import annotations

from collections.abc import Callable

from game.rules.events import TurnEnded
from scenes import i18n
from scenes.app.loop import App
from scenes.table.flow import Stage
from scenes.table.narrator import Eyes, bubble
from scenes.table.pass_screen import PassScene
from scenes.table.source import TableSource, is_you
from scenes.table.world import Felt


class HandOver:
    """The turns of the people sharing one screen; see the module docstring."""

    def __init__(
        self,
        app: App,
        source: TableSource,
        table: Felt,
        eyes: Eyes,
        on_top: Callable[[], bool],
        pause: Callable[[], None],
        redraw: Callable[[], None],
    ) -> None:
        """The hand-over at ``source``'s screen, whose felt is ``table``. ``on_top`` says whether the
        table is the screen on top (no pass screen up yet), ``pause`` opens the pause menu (Escape on
        the pass screen), ``redraw`` asks for the whole window once a hand is shown."""
        self.app = app
        self.source = source
        self.table = table
        self.eyes = eyes
        self.on_top = on_top
        self.pause = pause
        self.redraw = redraw

    def turn_to(self, seat: int, stage: Stage) -> bool:
        """The game waits for ``seat`` in ``stage``: end the moment of whoever looks now, if someone
        else; whether the screen is being handed to ``seat``'s person (nothing else happens meanwhile)."""
        source = self.source
        facts = source.facts
        if not facts.shared:
            return False
        looking = source.looking
        if looking is not None and looking != seat:
            self.look_away(looking, stage)
        if facts.person(seat) and not is_you(source, seat):
            self.hand_over(seat, private=stage is Stage.DEAL)
            return True
        return False

    def look_away(self, seat: int, stage: Stage) -> None:
        """``seat``'s moment is over; its cards go face down and what it said privately (a stand, a
        bust) becomes what the table may know: it is done."""
        self.table.hide_hand(seat)
        if stage is Stage.DEAL and self.source.view.finished(seat):
            done, eyes = TurnEnded(seat), self.eyes
            self.table.say(seat, lambda: bubble(done, eyes, i18n.language()) or "", (180, 220, 255))
        self.source.look(None)

    def hand_over(self, seat: int, private: bool) -> None:
        """Let ``seat``'s person take the screen (first hiding it, for their cards)."""
        source = self.source
        if not private:
            source.look(seat)  # a bid is no secret: the person just plays
            return
        if not self.on_top():
            return  # the pass screen is already up

        def ready() -> None:
            source.look(seat)
            self.table.reveal_hand(seat, source.view.hand)
            self.redraw()

        self.app.stack.push(PassScene(self.app, source.facts.names[seat], ready, self.pause))
