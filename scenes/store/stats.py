"""The statistics file: a player's counts by rule set, kept in the user's data folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.limits import STATISTICS_FILE
from game.play.stats import Stats
from scenes.store.files import data_dir, keep_bad_copy, read_json, write_json

VERSION = 1


class StatsStore:
    """Loads, updates and saves ``stats.json``; a bad file is kept aside and counting starts afresh."""

    def __init__(self, path: Path | None = None) -> None:
        """Keep statistics at ``path`` (default: ``stats.json`` in the user's data folder)."""
        self.path = path or data_dir() / "stats.json"
        self.problem: str | None = None
        self.by_rules: dict[str, Stats] = {}

    def load(self) -> dict[str, Stats]:
        """Read the file (a bad one sets :attr:`problem` and gives empty statistics)."""
        result = read_json(self.path, STATISTICS_FILE)
        self.problem = result.problem
        self.by_rules = {}
        if result.data is None:
            return self.by_rules
        try:
            self.by_rules = _parse(result.data)
        except ValueError as exc:
            kept = keep_bad_copy(self.path)
            where = f" (kept as {kept.name})" if kept else ""
            self.problem = f"The statistics file {self.path} was not usable ({exc}); starting afresh{where}."
            self.by_rules = {}
        return self.by_rules

    def for_rules(self, rules: str) -> Stats:
        """The counts for one rule set (created empty when new)."""
        return self.by_rules.setdefault(rules, Stats())

    def next_number(self) -> int:
        """The number of the next game to count, after every game counted under any rule set."""
        return 1 + max((s.last_number for s in self.by_rules.values()), default=0)

    def save(self) -> bool:
        """Write the statistics atomically; False (with :attr:`problem` set) when it failed."""
        doc = {"version": VERSION, "rules": {k: v.to_json() for k, v in self.by_rules.items()}}
        self.problem = write_json(self.path, doc)
        return self.problem is None


def _parse(data: Any) -> dict[str, Stats]:
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise ValueError("unknown version")
    rules = data.get("rules")
    if not isinstance(rules, dict):
        raise ValueError("no statistics by rule set")
    return {str(name): Stats.from_json(value) for name, value in rules.items()}
