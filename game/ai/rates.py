"""How tables of Experts really play: rates measured in self-play, shipped as ``rates.json``.

``tools/ai_rates.py`` plays Expert against Expert under every rule set at every table size
and writes, per rule set and number of players in a deal, what happened to the hands:
the points over 16 per hand (what a farmer collects), the share of hands making 16, going
over and winning the farm, the share of deals that end the farm, and how often a player
stood on each total when it had the choice. The Expert starts every table from these
figures and refines them from every showdown it sees (:mod:`game.ai.memory`); the odds and
farm hints on screen use them too. The file names the seed and deals it was made with.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from game.rules.ruleset import RuleSet

DATA_FILE = "rates.json"
"""The shipped data file, inside the ``game.ai`` package."""


@dataclass(frozen=True, slots=True)
class TableRates:
    """How the hands of one kind of table end, per hand and per deal."""

    over: float
    """Points over 16 per hand: what a hand pays the farmer on average."""
    sixteen: float
    """The share of hands that make exactly 16."""
    bust: float
    """The share of hands that go over 16."""
    wins: float
    """The share of hands that win the farm (the corbeille)."""
    won: float
    """The share of deals that end the farm (somebody wins it)."""
    stand: tuple[float, ...]
    """``stand[t]``: the chance that a player with the choice stands on ``t`` points (0 to 16)."""


#: Used when the file holds nothing for a table: a plausible table, no better.
_FALLBACK = TableRates(
    over=1.0, sixteen=0.08, bust=0.3, wins=0.1, won=0.3,
    stand=tuple([0.0] * 9 + [0.3, 0.5, 0.6, 0.75, 0.85, 0.92, 0.97, 1.0]),
)


@lru_cache(maxsize=1)
def _document() -> dict[str, Any]:
    try:
        text = resources.files("game.ai").joinpath(DATA_FILE).read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return {}
    data = json.loads(text)
    return data if isinstance(data, dict) else {}


def _entry(raw: dict[str, Any]) -> TableRates:
    stand_counts = raw.get("stand", [])
    stand = [0.0] * 17
    for total in range(17):
        stood, asked = stand_counts[total] if total < len(stand_counts) else (0, 0)
        stand[total] = stood / asked if asked else (1.0 if total >= 16 else 0.0)
    # A player who stands on a total stands on every higher one too: keep the curve rising.
    for total in range(1, 17):
        stand[total] = max(stand[total], stand[total - 1])
    return TableRates(
        over=float(raw["over"]), sixteen=float(raw["sixteen"]), bust=float(raw["bust"]),
        wins=float(raw["wins"]), won=float(raw["won"]), stand=tuple(stand),
    )


@lru_cache(maxsize=256)
def table_rates(rules: RuleSet, players: int) -> TableRates:
    """The measured rates under ``rules`` with ``players`` playing hands (the farmer not counted).

    A table size the file does not hold takes the nearest one it does.
    """
    tables = _document().get("tables", {}).get(rules.key)
    if not tables:
        return _FALLBACK
    sizes = sorted(int(k) for k in tables)
    nearest = min(sizes, key=lambda k: (abs(k - players), k))
    return _entry(tables[str(nearest)])


def provenance() -> dict[str, Any]:
    """How the shipped file was made: the tool, its seed and deals per table (empty if missing)."""
    return {k: v for k, v in _document().items() if k != "tables"}
