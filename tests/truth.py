"""What a table scene shows, held against the game's truth: the checks the end-to-end tests share.

:class:`Witness` watches one table scene frame after frame and fails the test as soon as what
the screen says differs from what the engine (or the network host) knows:

- each plate's chips and the farm equal the ledger of the events shown so far (once nothing
  flies), and, once the screen has caught up, the truth itself;
- the ledger's chart, deal by deal, equals the engine's deal log, from the game's start;
- a deal's ledger panel names that deal, and its rows (before, after, each "Why") add up to
  that deal's logged chips;
- a prompt is for the person whose turn it is, names them on a shared screen, and their plate
  glows; the header counts the deal on show.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.rules.events import GameEnded
from scenes.table.flow import Stage
from scenes.table.ledger import FinalHandler, LedgerHandler
from scenes.table.local import LocalTable
from scenes.table.scene import TableScene
from scenes.table.source import is_you


@dataclass(frozen=True)
class Truth:
    """The game as its engine knows it now (for a network table: the host's last word, and its log)."""

    chips: tuple[int, ...]
    farm: int
    log: Sequence[Any]
    """The engine's deal records so far (``chips_before``, ``chips_after``, ``deal``)."""
    over: bool


@dataclass
class Witness:
    """Checks one scene against ``truth()`` (see the module docstring); counts what it checked."""

    scene: TableScene
    truth: Callable[[], Truth]
    caught_up: int = 0
    ledgers: set[int] = field(default_factory=set)
    prompts: int = 0
    plates: int = 0
    finals: int = 0

    def check(self) -> None:
        """Hold the scene's present frame against the truth."""
        scene = self.scene
        source = scene.source
        table = scene.table
        ledger = source.ledger
        truth = self.truth()
        if scene.stage is not Stage.FINAL and not table.flying and not scene.tweens.busy:
            assert [s.chips for s in table.seats] == ledger.chips, "a plate differs from the ledger"
            assert table.farm == ledger.farm, "the farm differs from the ledger"
            self.plates += 1
        # The ledger's chart is the engine's log, deal by deal, from the game's start.
        history = ledger.history
        log = truth.log
        assert len(history) - 1 <= len(log), "the screen has settled deals the engine never played"
        if log:
            assert history[0] == tuple(log[0].chips_before), "the chart does not start at the start"
        for row, record in zip(history[1:], log, strict=False):
            assert row == tuple(record.chips_after), f"deal {record['deal']} charted wrongly"
        if not len(source.feed):
            assert tuple(ledger.chips) == truth.chips, "caught up, the chips differ from the truth"
            assert ledger.farm == truth.farm, "caught up, the farm differs from the truth"
            self.caught_up += 1
        handler = scene.handler
        if isinstance(handler, LedgerHandler) and scene.stage is Stage.LEDGER:
            self._check_ledger(handler, log)
        result = ledger.result
        if isinstance(handler, FinalHandler) and scene.stage is Stage.FINAL and result is not None:
            # The final rows and the chart end at the standings, the unwon farm counted to its farmer.
            assert list(handler.figures()[0]) == list(result.standings)
            assert handler.chart_rows()[-1] == tuple(result.standings)
            assert handler.chart_rows()[:-1] == ledger.history[:-1]
            self.finals += 1
        if handler.prompt is not None and scene.stage in (Stage.AUCTION, Stage.DEAL):
            self._check_prompt()
        header_deal = max(ledger.deal, 1)
        assert header_deal <= max(len(log) + 1, 1)

    def _check_ledger(self, handler: LedgerHandler, log: Sequence[Any]) -> None:
        source = self.scene.source
        deal = source.ledger.deal
        assert str(deal) in handler.title(), (handler.title(), deal)
        record = next(r for r in log if r.deal == deal)
        now, before = handler.figures()
        assert tuple(now) == tuple(record.chips_after), f"deal {deal}'s ledger shows other chips"
        assert tuple(before) == tuple(record.chips_before), f"deal {deal}'s ledger starts elsewhere"
        for seat in range(source.facts.n):
            paid = sum(amount for amount, _reason in source.ledger.changes(seat))
            if source.ledger.joined == deal:  # a deal joined late: the Why names what came before
                assert not isinstance(source, LocalTable)
                paid += source.ledger.unseen(seat)
            assert paid == now[seat] - before[seat], f"seat {seat}'s Why does not add up"
        self.ledgers.add(deal)

    def _check_prompt(self) -> None:
        scene = self.scene
        source = scene.source
        seat = source.waiting_for
        assert seat is not None and is_you(source, seat), "a prompt for someone not to act"
        if scene.handler.name == "auction":
            assert scene.table.active == seat, "the bidder's plate does not glow"
        text = scene.prompt_text(scene.handler.prompt())  # type: ignore[misc]
        if source.facts.shared:
            name = source.facts.names[seat]
            assert name in text, f"the prompt does not name {name}: {text}"
        self.prompts += 1


def local_truth(scene: TableScene) -> Callable[[], Truth]:
    """The truth of a game played at this screen: its own engine."""

    def truth() -> Truth:
        source = scene.source
        assert isinstance(source, LocalTable)
        game = source.game
        return Truth(tuple(game.chips), game.farm, game.log, game.is_over)

    return truth


def ended(scene: TableScene) -> bool:
    """Whether the scene shows the final standings with the end of the game shown."""
    return scene.stage is Stage.FINAL and isinstance(scene.source.ledger.result, GameEnded)
