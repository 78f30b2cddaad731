"""Simulated games of every rule set and table size, checked deal by deal by the independent referee."""

from __future__ import annotations

from typing import Any

import pytest
from referee import Referee

from game.play.runner import play_game
from game.rules.agents import ThresholdAgent
from game.rules.engine import Game
from game.rules.ruleset import rules_named

RULE_KEYS = ["foster", "lacombe", "ferme", "foster+rotating", "lacombe+rotating"]


@pytest.mark.parametrize("rules", RULE_KEYS)
@pytest.mark.parametrize("players", range(3, 11))
def test_every_deal_follows_the_rules(rules: str, players: int) -> None:
    deals = 0
    for seed in range(3):
        chips = 12 if seed == 2 else 100  # small stacks: players go out, payments are capped
        game = Game(
            [f"P{i}" for i in range(players)],
            rules_named(rules),
            chips=chips,
            seed=seed * 97 + players,
            max_deals=60,
        )
        agents = [ThresholdAgent(10 + (s + seed) % 7, share=0.2 + 0.1 * (s % 5)) for s in range(players)]
        play_game(game, agents)
        referee = Referee()
        for record in game.log:
            referee.check(record.to_json())
        deals += len(game.log)
    assert deals >= 60


def sample_log(rules: str = "foster") -> list[dict[str, Any]]:
    game = Game(["A", "B", "C", "D", "E"], rules_named(rules), seed=5, max_deals=40)
    play_game(game, [ThresholdAgent(12 + s % 3) for s in range(5)])
    return [record.to_json() for record in game.log]


def check_all(log: list[dict[str, Any]]) -> None:
    referee = Referee()
    for record in log:
        referee.check(record)


def first(log: list[dict[str, Any]], reason: str) -> tuple[int, int]:
    for i, rec in enumerate(log):
        for j, t in enumerate(rec["transfers"]):
            if t["reason"] == reason:
                return i, j
    raise AssertionError(f"no {reason} transfer in the sample")


@pytest.mark.parametrize("reason", ["over", "nearest", "farm", "bid"])
def test_the_referee_catches_a_wrong_payment(reason: str) -> None:
    log = sample_log()
    check_all(log)
    i, j = first(log, reason)
    log[i]["transfers"][j]["amount"] += 1
    with pytest.raises(AssertionError, match=f"deal {log[i]['deal']}"):
        check_all(log)


def test_the_referee_catches_a_wrong_service_order() -> None:
    log = sample_log("lacombe")
    log[3]["order"] = list(reversed(log[3]["order"]))
    with pytest.raises(AssertionError, match="service order"):
        check_all(log)


def test_the_referee_catches_a_wrong_winner_among_sixteens() -> None:
    log = sample_log()
    i, _ = first(log, "farm")
    rec = log[i]
    winner = rec["winner"]
    rec["winner"] = (winner + 1) % 5
    with pytest.raises(AssertionError, match="winner"):
        check_all(log)
