"""A player's statistics, counted from deal-log records: what the statistics screen shows."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from game.events import Reason
from game.records import DealRecord
from game.schema import list_of, whole

HISTORY = 50
"""How many finished games' results are kept for the chart."""


@dataclass(slots=True)
class Stats:
    """Counts for one player under one rule set."""

    games_played: int = 0
    games_won: int = 0
    """Games finished first alone."""
    games_shared: int = 0
    """Games finished first with others on the same chips (a shared first place, not a win)."""
    deals_played: int = 0
    chips_won: int = 0
    chips_lost: int = 0
    farms_bought: int = 0
    farms_won: int = 0
    best_farm: int = 0
    sixteens: int = 0
    busts: int = 0
    results: list[int] = field(default_factory=list)
    """Chips at the end of each recent game, oldest first (at most :data:`HISTORY`)."""

    def add_deal(self, record: DealRecord, seat: int) -> None:
        """Count one deal-log record for ``seat``."""
        self.deals_played += 1
        delta = record.chips_after[seat] - record.chips_before[seat]
        if delta > 0:
            self.chips_won += delta
        else:
            self.chips_lost -= delta
        if record.auction is not None and record.auction.winner == seat:
            self.farms_bought += 1
        if record.winner == seat:
            self.farms_won += 1
            won = sum(t.amount for t in record.transfers if t.reason is Reason.FARM and t.target == seat)
            self.best_farm = max(self.best_farm, won)
        hand = record.hands[seat]
        if hand:
            total = sum(card.points for card in hand)
            if total == 16:
                self.sixteens += 1
            elif total > 16:
                self.busts += 1

    def add_game(self, final_chips: int, won: bool, shared: bool = False) -> None:
        """Count a finished game: ``won`` first place, ``shared`` with others on the same chips."""
        self.games_played += 1
        if won and shared:
            self.games_shared += 1
        elif won:
            self.games_won += 1
        self.results.append(final_chips)
        del self.results[:-HISTORY]

    def to_json(self) -> dict[str, Any]:
        """The counts as a JSON-ready dict."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> Stats:
        """Counts from a dict; raises ValueError naming the first bad value."""
        if not isinstance(data, dict):
            raise ValueError("statistics must be an object")
        stats = cls()
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            if f.name == "results":
                stats.results = list_of(value, "results", 10**6, _result, error=ValueError)[-HISTORY:]
            else:
                setattr(stats, f.name, whole(value, f.name, 0, 10**12 - 1, error=ValueError))
        return stats


def _result(value: Any, what: str) -> int:
    return whole(value, what, 0, 10**9 - 1, error=ValueError)
