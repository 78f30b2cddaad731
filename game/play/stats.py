"""A player's statistics, counted from deal-log records and the end of each game: what the
statistics screen shows.

A game's result is its final standing, a farm nobody won counted to its farmer; the counts
follow it, so that over a game chips won less chips lost is the result less the chips it
started with. A game a player ended early is counted apart: its deals and chips count, but it
is neither won nor lost, and not in the chart of results.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from game.rules.engine import Game
from game.rules.events import EndReason, Reason
from game.rules.records import DealRecord
from game.schema import list_of, whole

HISTORY = 50
"""How many finished games' results are kept for the chart."""


@dataclass(slots=True)
class Stats:
    """Counts for one player under one rule set."""

    games_played: int = 0
    """Games played to their end (not those ended early)."""
    games_won: int = 0
    """Games finished first alone."""
    games_shared: int = 0
    """Games finished first with others on the same chips (a shared first place, not a win)."""
    games_ended_early: int = 0
    """Games a player ended before their agreed end (counted in no other game count)."""
    deals_played: int = 0
    chips_won: int = 0
    """Chips won over the deals, and the farm nobody won handed to the player as its farmer at the end."""
    chips_lost: int = 0
    farms_bought: int = 0
    farms_won: int = 0
    """Farms won in a deal, and the farm the player kept as its farmer at the end of a game."""
    best_farm: int = 0
    hands_played: int = 0
    """Deals in which the player held a hand (not those it sat out as farmer): what the rates of
    16s and of hands over 16 are shares of."""
    hands_uncounted: int = 0
    """Deals counted before hands were counted (a statistics file from before): their 16s and busts
    are in the counts but their hands are not, so no rate is given while any remain."""
    sixteens: int = 0
    busts: int = 0
    results: list[int] = field(default_factory=list)
    """Chips at the end of each recent game, oldest first (at most :data:`HISTORY`)."""
    numbers: list[int] = field(default_factory=list)
    """Each result's game number among every game the player finished, under any rule set (0: a
    game counted before games were numbered), so that rule sets' results can be put in time order."""

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
            self.hands_played += 1
            total = sum(card.points for card in hand)
            if total == 16:
                self.sixteens += 1
            elif total > 16:
                self.busts += 1

    def add_game(
        self,
        final_chips: int,
        won: bool,
        shared: bool = False,
        number: int = 0,
        *,
        farm_kept: int = 0,
        ended_early: bool = False,
    ) -> None:
        """Count a finished game: ``won`` first place, ``shared`` with others on the same chips,
        ``number`` its place among all the player's games (see :attr:`numbers`); ``farm_kept`` the
        farm nobody won, handed to the player as its farmer; ``ended_early`` when a player ended it
        before its agreed end (counted apart: not won, not in the results)."""
        if farm_kept > 0:
            self.chips_won += farm_kept
            self.farms_won += 1
            self.best_farm = max(self.best_farm, farm_kept)
        if ended_early:
            self.games_ended_early += 1
            return
        self.games_played += 1
        if won and shared:
            self.games_shared += 1
        elif won:
            self.games_won += 1
        if len(self.numbers) != len(self.results):
            self.numbers = [0] * len(self.results)
        self.results.append(final_chips)
        self.numbers.append(number)
        del self.results[:-HISTORY]
        del self.numbers[:-HISTORY]

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
            elif f.name == "numbers":
                stats.numbers = list_of(value, "numbers", 10**6, _result, error=ValueError)[-HISTORY:]
            else:
                setattr(stats, f.name, whole(value, f.name, 0, 10**12 - 1, error=ValueError))
        if len(stats.numbers) != len(stats.results):
            stats.numbers = [0] * len(stats.results)  # a file from before games were numbered
        if "hands_played" not in data:  # a file from before hands were counted: its deals' hands are unknown
            stats.hands_uncounted = stats.deals_played
        return stats

    def hand_rate(self, count: int) -> float | None:
        """``count`` (16s, or hands over 16) as a share of the hands played; None when there is no
        true share to give: no hand counted yet, or deals counted before hands were (an older file)."""
        if self.hands_uncounted or not self.hands_played:
            return None
        return count / self.hands_played

    @property
    def last_number(self) -> int:
        """The number of the last game counted here (0: none numbered)."""
        return max(self.numbers, default=0)


def count_game(stats: Stats, game: Game, seat: int, number: int = 0) -> None:
    """Count the end of ``game`` (which is over) into ``seat``'s ``stats`` as the player's game
    number ``number``: its final standing, the farm nobody won if ``seat`` kept it as its farmer,
    and whether a player ended it early. Its deals are counted one by one (:meth:`Stats.add_deal`)."""
    standings = game.standings()
    mine = standings[seat]
    best = max(standings)
    stats.add_game(
        mine,
        mine == best,
        standings.count(best) > 1,
        number,
        farm_kept=mine - game.chips[seat],
        ended_early=game.result is not None and game.result.reason is EndReason.STOPPED,
    )


def in_time_order(stats: list[Stats]) -> list[int]:
    """Every recent result of several rule sets, oldest first by game number (results counted
    before games were numbered come first, each rule set's in its own order)."""
    numbered = [(number, chips) for s in stats for number, chips in zip(s.numbers, s.results, strict=True)]
    return [chips for _number, chips in sorted(numbered, key=lambda t: t[0])]  # stable: ties keep order


def _result(value: Any, what: str) -> int:
    return whole(value, what, 0, 10**9 - 1, error=ValueError)
