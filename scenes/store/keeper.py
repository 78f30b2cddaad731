"""What the game keeps of a game being played: the saved game and the player's statistics.

The keeper listens to the app (:meth:`scenes.app.loop.App.game_moved` and
:meth:`~scenes.app.loop.App.deal_shown`, which the table says) for every move played and
every deal whose end the table has shown, and hears from the navigator when the player
leaves a game (to the menu, or by closing the window). The
keeper saves the game (or the snapshot taken at the start of an unfinished deal), counts
the human's deals and games into the statistics once each (a deal when its end is shown, or
when the game is left after the engine settled it), deletes the save of a finished
game and keeps that game's deal log for ``farmer --export-log``. A keeper without stores
(tests, the replay, the attract mode) keeps nothing. Nothing here needs a display.
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from game.formats.deallog import write_log
from game.formats.savegame import SavedGame
from game.play.stats import count_game
from game.rules.engine import Game
from game.rules.records import DealRecord
from scenes.store.export import LAST_LOG
from scenes.store.saves import SaveStore
from scenes.store.stats import StatsStore

log = logging.getLogger("farmer.keeper")


class Kept(Protocol):
    """A game this screen keeps: saves after every move and counts in the statistics."""

    first_deal: int
    """The deals played before this screen took the game up (a continued game's, counted then)."""

    @property
    def game(self) -> Game:
        """The engine."""
        ...

    @property
    def person_seat(self) -> int:
        """The seat of the person whose statistics the game counts."""
        ...

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        ...

    @property
    def settled_on_screen(self) -> bool:
        """Whether the screen has shown everything the engine has played."""
        ...

    def shown_settled(self) -> None:
        """The screen has shown the end of the current deal."""
        ...

    def save_document(self) -> SavedGame | None:
        """The game to save now."""
        ...


@dataclass
class Tally:
    """What of one game has been counted into the statistics."""

    deal: int
    """The last deal counted."""
    game: bool = False
    """Whether the finished game has been counted."""


class Keeper:
    """Saves and statistics for the games played; see the module docstring."""

    def __init__(self, saves: SaveStore | None = None, stats: StatsStore | None = None) -> None:
        """Keep games in ``saves`` and count them in ``stats`` (either may be None: not kept)."""
        self.saves = saves
        self.stats = stats
        if stats is not None:
            stats.load()
            if stats.problem:
                log.warning("%s", stats.problem)
        self._tallies: weakref.WeakKeyDictionary[Kept, Tally] = weakref.WeakKeyDictionary()

    @property
    def last_log(self) -> Path | None:
        """Where the last finished game's deal log is kept (None without a save store)."""
        return self.saves.path.with_name(LAST_LOG) if self.saves is not None else None

    def deal_shown(self, kept: Kept | None) -> None:
        """The screen has shown the end of the game's current deal: count it, then save."""
        if kept is None:
            return
        self._count(kept)
        kept.shown_settled()
        self._save(kept)

    def moved(self, kept: Kept | None) -> None:
        """A move was played in the game: save it, so that it is never played again differently."""
        if kept is not None:
            self._save(kept)

    def leave(self, kept: Kept | None) -> None:
        """The player leaves the game (to the menu, or the window closes): save what can be saved,
        and count every deal the engine has settled, shown or not. The save holds those deals as
        played, and a continued game counts only the deals after them, so a deal left before its
        ledger came (during its showdown) would otherwise never be counted. A game the engine has
        ended is counted whole and not kept (a finished game has nothing to continue)."""
        if kept is None:
            return
        self._count(kept)
        if kept.over:
            self._finished(kept)
            return
        self._save(kept)

    def leave_all(self, scenes: Iterable[object]) -> None:
        """Save the game of whichever scene on the stack plays one (the window is closing)."""
        seen: set[int] = set()
        for scene in scenes:
            source = getattr(scene, "source", None)
            kept = getattr(source, "kept", None)
            if kept is not None and id(kept) not in seen:
                seen.add(id(kept))
                self.leave(kept)

    # ------------------------------------------------------------------ inside

    def _save(self, kept: Kept) -> None:
        if self.saves is None:
            return
        if kept.over and kept.settled_on_screen:
            self._finished(kept)
            return
        document = kept.save_document()
        if document is not None and not self.saves.save_document(document):
            log.warning("%s", self.saves.problem)

    def _finished(self, kept: Kept) -> None:
        """``kept`` is over: keep its deal log for export, and delete its save."""
        if self.saves is None:
            return
        self._keep_log(kept.game.log)
        self.saves.delete()

    def _keep_log(self, records: list[DealRecord]) -> None:
        path = self.last_log
        if path is None or not records:
            return
        try:
            write_log(path, [records])
        except OSError as exc:
            log.warning("could not keep the last game's log at %s (%s)", path, exc.strerror)

    def _count(self, kept: Kept) -> None:
        if self.stats is None:
            return
        stats = self.stats.for_rules(kept.game.rules.name)
        # A continued game's earlier deals were counted when they were played.
        tally = self._tallies.setdefault(kept, Tally(kept.first_deal))
        for record in kept.game.log:
            if record.deal > tally.deal:
                stats.add_deal(record, kept.person_seat)
                tally.deal = record.deal
        if kept.over and not tally.game:
            tally.game = True
            count_game(stats, kept.game, kept.person_seat, self.stats.next_number())
        if not self.stats.save():
            log.warning("%s", self.stats.problem)
