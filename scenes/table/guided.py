"""A table with a guide at the person's elbow: the guided first game, and a visitor's hints at a kiosk.

:class:`GuidedTable` is a :class:`~scenes.table.local.LocalTable` that tells a
:class:`~game.play.guide.GuideRun` what the table shows, what the person plays and when they go on,
and waits (its feed looks empty, nobody is to act) while a step that only explains is on show:
the table scene needs to know nothing of the guide to be held. :class:`GuidedTableScene` is the
table scene with the guide's overlay (:mod:`scenes.table.guide`) drawn over it and its keys
and buttons before the table's.

:func:`first_game` is the guided first game (stacked decks, scripted players, nothing saved or
counted until the guide is skipped: then an ordinary game, saved and counted); :func:`with_hints`
puts the first hints on an ordinary game (the kiosk's visitor game).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.play.guide import FIRST_GAME, VISITOR_HINTS, GuideMatch, GuideRun
from game.play.match import Match
from game.rules.actions import Action
from game.rules.events import Event, FarmerChosen, FarmSold
from scenes.app.loop import App
from scenes.i18n import _
from scenes.store.keeper import Kept
from scenes.table.auction import AuctionHandler
from scenes.table.feed import Feed
from scenes.table.flow import Stage
from scenes.table.guide import GuideOverlay
from scenes.table.local import LocalTable
from scenes.table.navigator import Navigator
from scenes.table.scene import TableScene
from scenes.table.setup import Setup


class HeldFeed(Feed):
    """A feed that shows nothing while ``held()`` says so (its events wait, in order)."""

    def __init__(
        self,
        seat: int | None,
        everything: bool,
        held: Callable[[], bool],
        taken: Callable[[Event], None] | None,
    ) -> None:
        """A feed for ``seat`` (see :class:`~scenes.table.feed.Feed`), held while ``held()``."""
        super().__init__(seat, everything, taken)
        self.held = held

    def peek(self) -> Event | None:
        """The next event to show, unless the feed is held."""
        return None if self.held() else super().peek()

    def __len__(self) -> int:
        """How many events wait to be shown now (none while held)."""
        return 0 if self.held() else super().__len__()


class GuidedTable(LocalTable):
    """A game played here with a guide following it; see the module docstring."""

    def __init__(
        self,
        match: Match,
        run: GuideRun,
        *,
        keep: bool = True,
        setup: Setup | None = None,
        bottom: int | None = None,
    ) -> None:
        """``match`` played here, followed by ``run``; ``keep``: saved and counted like any game."""
        self.run = run
        self._keep = keep
        super().__init__(match, setup=setup, bottom=bottom)
        self.farmer_shown: int | None = match.game.farmer
        """The farmer as the table shows it (the engine may be further on)."""

    @property
    def feed(self) -> Feed:
        """The events to show, none of them while a step that explains holds the table."""
        return self._feed

    @feed.setter
    def feed(self, feed: Feed) -> None:
        self._feed = HeldFeed(feed.seat, feed.everything, lambda: self.run.holds, feed.taken)

    @property
    def waiting_for(self) -> int | None:
        """Nobody while a step holds the table; else the seat the engine waits for."""
        if self.run.holds:
            return None
        return super().waiting_for

    @property
    def can_end(self) -> bool:
        """Not while the guide has lessons left: the game it teaches runs to its end."""
        return not self.run.active and super().can_end

    @property
    def kept(self) -> Kept | None:
        """This game when it is kept like any other (a visitor's, or the guided game once the guide
        is skipped: an ordinary game from then on, its deals played by the person). The guided game
        is not kept while the guide runs: it would take the place of the person's own saved game,
        and its deals are staged."""
        return super().kept if self._keep or self.run.skipped else None

    @property
    def guided_game(self) -> bool:
        """Whether this is the guided first game (its decks stacked until the guide is skipped)."""
        return isinstance(self.match, GuideMatch)

    def _taken(self, event: Event) -> None:
        """The table takes ``event`` to show it: the ledger follows, and the guide may have a step for it."""
        super()._taken(event)
        if isinstance(event, (FarmSold, FarmerChosen)):
            self.farmer_shown = event.seat
        self.run.shown(event, self.ledger.deal, self.farmer_shown)

    def act(self, action: Action) -> None:
        """Play the person's ``action``; a step that asked for it is done."""
        super().act(action)
        self.run.acted(action)

    def start_deal(self) -> None:
        """Go on from a ledger: a step that asked for it is done, and the next deal begins."""
        self.run.went_on()
        super().start_deal()

    def skip(self) -> None:
        """The person skips the guide: no more steps, and the game plays on as an ordinary one
        (kept like any other from now on, see :attr:`kept`)."""
        self.run.skip()
        if isinstance(self.match, GuideMatch):
            self.match.let_go()


def first_game(name: str) -> GuidedTable:
    """The guided first game of the person called ``name`` (kept nowhere)."""
    return GuidedTable(GuideMatch(name), GuideRun(FIRST_GAME), keep=False)


def with_hints(table: LocalTable) -> GuidedTable:
    """``table``'s game (not yet begun) with the first hints, each shown once as it becomes relevant."""
    run = GuideRun(VISITOR_HINTS, in_order=False, you=table.facts.bottom)
    return GuidedTable(table.match, run, setup=table.facts.setup, bottom=table.facts.bottom)


class GuidedTableScene(TableScene):
    """The table scene with the guide's overlay; see the module docstring."""

    def __init__(self, app: App, nav: Navigator, source: GuidedTable) -> None:
        """Play ``source`` with its guide, leading elsewhere through ``nav``."""
        super().__init__(app, nav, source)
        self.guided = source
        self.guide = GuideOverlay(self, source)
        auction = self.handlers[Stage.AUCTION]
        if source.guided_game and isinstance(auction, AuctionHandler):
            # The guide's own step says what the farmer's seat earns.
            auction.explained.add(source.facts.bottom)

    def update(self, dt: float) -> None:
        """The table's frame, then the guide: a step may come up, and the buttons follow it."""
        super().update(dt)
        if self.guide.follow():
            self.dirty = True

    def act(self, action: Action) -> None:
        """Play the person's move, unless the step on show asks for another (its button is off)."""
        if not self.guided.run.allows(action.kind):
            return
        super().act(action)

    def handle(self, event: pygame.event.Event) -> bool:
        """The guide's buttons and keys first ("Got it", "Skip the guide"), then the table's."""
        if self.app.stack.top is self and self.guide.handle(event):
            self.dirty = True
            return True
        return super().handle(event)

    def hints(self) -> str:
        """The table's keys, with Enter for "Got it" while a step waits for it and G while the guide
        may be skipped."""
        keys = [key for key in super().hints().split(" · ") if key]
        if self.guide.skip_offered:
            # The guide's keys take the room of the least needed of the table's, so that the line
            # still fits a small window's header (which shows no keys rather than half of them).
            spare = (_("Space: skip animation"), _("F11: full screen"))
            keys = [_("G: skip the guide"), *(key for key in keys if key not in spare)]
        if self.guided.run.holds:
            keys.insert(0, _("Enter: got it"))
        return " · ".join(keys)

    def skip_guide(self) -> None:
        """Skip the guide (from the pause menu): the game plays on as an ordinary one."""
        self.guide.skip()
        self.dirty = True

    def pulse_rects(self) -> list[pygame.Rect] | None:
        """The table's changed rectangles, and the guide's over them (drawn again on top)."""
        rects = super().pulse_rects()
        drawn = self.guide.drawn_rects()
        if rects is None or not drawn:
            return rects
        return [*rects, *drawn]

    def draw(self, surface: pygame.Surface) -> None:
        """The table, then the guide's step over it."""
        super().draw(surface)
        if self.app.stack.top is self:
            self.guide.draw(surface)
