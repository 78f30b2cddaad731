"""Helpers for tests that play whole games: new games with their players, a deal played through,
and games played into a deal log, and a network table played without a network."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from game.ai import make_agent
from game.formats.deallog import write_log
from game.net.protocol import Settings
from game.net.table import HostedTable
from game.play.runner import play_game
from game.rules.agents import ThresholdAgent
from game.rules.engine import Game
from game.rules.ruleset import RULE_KEYS, rules_named
from helpers import NAMES, RandomAgent
from scenes.table.local import LocalTable
from scenes.table.setup import Setup

HUMAN_PLAY = ThresholdAgent(13, 0.3)


def setup(seed: int = 11, deals: int = 12) -> Setup:
    """Five seats: the human and one AI of every level (the expert learns the table as it goes)."""
    return Setup(
        ["You", "Anne", "Bastien", "Claire", "Dieter"],
        ["normal", "expert", "normal", "easy", "expert"],
        "foster",
        False,
        deals,
        seed,
        0,
    )


def play_deal(session: LocalTable) -> None:
    """One deal to its end: the human plays a fixed strategy, the AIs their own."""
    session.start_deal()
    finish_deal(session)


def finish_deal(session: LocalTable) -> None:
    """The deal in progress to its end, shown as a screen shows it."""
    while session.game.to_act is not None:
        if session.game.to_act == session.facts.bottom:
            session.act(HUMAN_PLAY.choose(session.game.view_for(session.facts.bottom)))
        else:
            session.ai_act()
    while len(session.feed):  # shown, as a screen shows them: the ledger follows
        session.feed.pop()  # taken: shown
    session.shown_settled()


def new_game(seed: int, **options: Any) -> Game:
    """A random table for ``seed``: rule set, 3 to 10 players, stacks from 1 chip to 100."""
    rng = random.Random(seed)
    players = rng.randint(3, 10)
    rules = rules_named(rng.choice(RULE_KEYS))
    style = rng.random()
    if style < 0.4:
        chips: int | list[int] = [rng.randint(1, 12) for _ in range(players)]
    elif style < 0.7:
        chips = rng.choice([3, 5, 8])
    else:
        chips = 100
    options.setdefault("max_deals", rng.randint(1, 40))
    return Game(NAMES[:players], rules, chips=chips, seed=seed, **options)


def agents_for(game: Game, seed: int) -> list[Any]:
    """Random players, with a few threshold players mixed in."""
    rng = random.Random(seed ^ 0x5EED)
    return [
        RandomAgent(seed * 31 + s) if rng.random() < 0.7
        else ThresholdAgent(rng.randint(10, 16), rng.random())
        for s in range(game.n_seats)
    ]


def logged_game(tmp_path: Path, rules: str, rotating: bool = False, players: int = 5) -> Path:
    """A game played by AIs, written as a deal log."""
    names = ["Anna", "Ben", "Carla", "Dan", "Eve", "Fritz"][:players]
    game = Game(names, rules_named(rules, rotating), seed=21, max_deals=6)
    agents = [make_agent(("easy", "normal", "expert")[s % 3], "steady", s) for s in range(players)]
    play_game(game, agents)
    path = tmp_path / f"{rules}.jsonl"
    write_log(path, [game.log])
    return path


class Silent:
    """A person's connection that reads nothing."""

    def send(self, text: str) -> None:
        """Drop ``text``."""

    def close(self, reason: str, code: int = 1000) -> None:
        """Nothing to close."""


def played_table(
    deals: int = 3, *, code: str = "FILECODE", seed: int | None = None
) -> tuple[HostedTable, list[dict[str, Any]]]:
    """A table ``code`` of four (one person, away, and three AIs, its game seeded with ``seed``)
    ``deals`` deals into its game, and every file the server would have written meanwhile."""
    files: list[dict[str, Any]] = []
    table = HostedTable(code, Settings(seats=4, pause_seconds=0, seed=seed), 0.0,
                        save=lambda t: files.append(json.loads(json.dumps(t.to_json()))))
    table.join(Silent(), "Anne", None, 0.0, host=True)
    table.start(0.0)
    assert table.match is not None
    now = 0.0
    while len(table.match.game.log) < deals:
        now += 100.0
        table.tick(now)
    return table, files
