"""Deal records as a type: the JSON of DEAL_LOG.md read and written field for field, byte for byte."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers import deal_log_example
from hypothesis import given, settings
from hypothesis import strategies as st

from game.formats.deallog import KEYS, LogError, dumps, read_log, write_log
from game.play.runner import play_game
from game.rules.agents import ThresholdAgent
from game.rules.cards import Card
from game.rules.engine import Game
from game.rules.events import FARM, Reason
from game.rules.records import Auction, DealRecord, Transfer
from game.rules.ruleset import RuleSet, rules_named

SEEDED_LOG = Path(__file__).parent / "data" / "seeded_log.jsonl"
"""Four seeded games' deal log as the engine wrote it when the log's records were still plain
objects: the records must write it again byte for byte."""


def seeded_games() -> list[Game]:
    """The four seeded games of :data:`SEEDED_LOG`: every rule set, names beyond ASCII, seats going out."""
    games = []
    for number, (rules, rotating) in enumerate(
        (("foster", False), ("lacombe", False), ("ferme", False), ("foster", True))
    ):
        names = ["Zoë", "Jürgen", "Anaïs", "Ben", "Ça va"][: 4 + number % 2]
        game = Game(
            names, rules_named(rules, rotating), chips=15, seed=40 + number, max_deals=8, record_events=False
        )
        play_game(game, [ThresholdAgent(11 + s, 0.2 * s) for s in range(len(names))])
        games.append(game)
    return games


def test_the_log_written_is_byte_for_byte_the_log_written_before(tmp_path: Path) -> None:
    path = tmp_path / "again.jsonl"
    write_log(path, seeded_games())
    assert path.read_bytes() == SEEDED_LOG.read_bytes()
    # Read back, the records write the same bytes again.
    again = tmp_path / "read.jsonl"
    write_log(again, read_log(SEEDED_LOG))
    assert again.read_bytes() == SEEDED_LOG.read_bytes()


def test_the_example_of_deal_log_md_reads_as_typed_fields() -> None:
    record = DealRecord.from_json(deal_log_example())
    assert record.deal == 1 and record.rules == "foster" and record.rotating is False
    assert record.seats == ("Anna", "Ben", "Carla", "Dan") and record.farmer == 0
    assert record.auction == Auction(((1, 3), (2, None), (3, None), (0, 4), (1, None)), 0, 4)
    assert record.hands[1] == (Card.parse("7S"), Card.parse("3C"), Card.parse("6H"))
    assert record.order == (1, 2, 3)
    assert record.transfers[4] == Transfer(0, FARM, 4, Reason.BID)
    assert record.transfers[-1] == Transfer(FARM, 1, 8, Reason.FARM)
    assert record.chips_after == (98, 107, 96, 99) and record.winner == 1 and record.nearest is None
    assert record.to_json() == deal_log_example() and tuple(record.to_json()) == KEYS


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    rules=st.sampled_from(["foster", "lacombe", "ferme", "foster+rotating", "lacombe+rotating"]),
    players=st.integers(3, 10),
    chips=st.integers(1, 30),
)
def test_every_record_of_a_seeded_game_survives_the_json_round_trip(
    seed: int, rules: str, players: int, chips: int
) -> None:
    game = Game(
        [f"P{s}" for s in range(players)], RuleSet.from_key(rules), chips=chips, seed=seed,
        max_deals=15, record_events=False,
    )
    play_game(game, [ThresholdAgent(10 + s % 7, 0.15 * (s % 6)) for s in range(players)])
    for record in game.log:
        text = json.dumps(record.to_json())
        again = DealRecord.from_json(json.loads(text))
        assert again == record and hash(again) == hash(record)
        assert json.dumps(again.to_json()) == text
    assert dumps(game.log) == dumps([DealRecord.from_json(r.to_json()) for r in game.log])


def test_a_record_is_frozen() -> None:
    record = DealRecord.from_json(deal_log_example())
    with pytest.raises(AttributeError):
        record.deal = 2  # type: ignore[misc]


def edited(change: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    """The DEAL_LOG.md example with ``change`` made to its JSON."""
    obj = copy.deepcopy(deal_log_example())
    change(obj)
    return obj


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.pop("order"), "a deal record lacks order"),
        (lambda r: r.update(extra=1), "a deal record has unknown 'extra'"),
        (lambda r: r.update(deal=0), "'deal' must be between 1 and"),
        (lambda r: r.update(deal="1"), "'deal' must be a whole number, not '1'"),
        (lambda r: r.update(rules="poker"), "'rules' must be one of foster, lacombe, ferme, not 'poker'"),
        (lambda r: r.update(rotating="no"), "'rotating' must be true or false, not 'no'"),
        (lambda r: r.update(rules="ferme", rotating=True), "'rotating': the rotating farm is an option"),
        (lambda r: r.update(seats=["A", "B"]), "'seats' must be a list of 3 to 10 items"),
        (lambda r: r["seats"].__setitem__(1, 7), "'seats' item 2 must be a text"),
        (lambda r: r.update(farmer=None), "'farmer' must be a whole number, not None"),
        (lambda r: r.update(farmer=9), "'farmer' must be between 0 and 3, not 9"),
        (lambda r: r["chips_before"].__setitem__(2, -1), "'chips_before' item 3 must be between 0 and"),
        (lambda r: r.update(chips_after=[1, 2]), "'chips_after' must be a list of 4 items"),
        (lambda r: r.update(farm_before=1.5), "'farm_before' must be a whole number, not 1.5"),
        (lambda r: r.update(farm_after=True), "'farm_after' must be a whole number, not True"),
        (lambda r: r.update(auction=[]), "'auction' must be an object with bids, winner, price"),
        (lambda r: r["auction"].pop("price"), "'auction' lacks price"),
        (lambda r: r["auction"]["bids"].__setitem__(0, [1]), "'auction' bids item 1 must be a list of 2"),
        (lambda r: r["auction"]["bids"].__setitem__(0, [5, 3]), "'auction' bids item 1's seat must be"),
        (lambda r: r["auction"]["bids"].__setitem__(0, [1, 0]), "'auction' bids item 1's bid must be"),
        (lambda r: r["auction"].update(winner="Anna"), "'auction' winner must be a whole number"),
        (lambda r: r["auction"].update(price=-4), "'auction' price must be between 0 and"),
        (lambda r: r.update(hands=[[], [], []]), "'hands' must be a list of 4 items"),
        (lambda r: r["hands"].__setitem__(2, "KD 9C"), "seat 2's hand must be a list of at most 45 items"),
        (lambda r: r["hands"][2].__setitem__(0, "8C"), "seat 2's hand item 1: '8C' is not in"),
        (lambda r: r["hands"][2].__setitem__(0, "kd"), "seat 2's hand item 1 must be written 'KD'"),
        (lambda r: r.update(order=[1, 1, 3]), "'order' names a seat twice"),
        (lambda r: r.update(order=[1, 2, 4]), "'order' item 3 must be between 0 and 3, not 4"),
        (lambda r: r.update(transfers={}), "'transfers' must be a list of at most"),
        (lambda r: r["transfers"][0].pop("reason"), "'transfers' item 1 lacks reason"),
        (lambda r: r["transfers"][0].update(to="bank"), "'transfers' item 1's 'to' must be a whole"),
        (lambda r: r["transfers"][0].update(amount=0), "'transfers' item 1's amount must be between 1 and"),
        (lambda r: r["transfers"][0].update(reason="tip"), "'transfers' item 1's reason must be one of"),
        (lambda r: r.update(winner=4), "'winner' must be between 0 and 3, not 4"),
        (lambda r: r.update(nearest="Ben"), "'nearest' must be a whole number, not 'Ben'"),
    ],
)
def test_every_malformed_field_is_refused_naming_it(
    change: Callable[[dict[str, Any]], Any], message: str
) -> None:
    with pytest.raises(LogError) as caught:
        DealRecord.from_json(edited(change))
    assert str(caught.value).startswith(message), str(caught.value)


@pytest.mark.parametrize("value", [None, [], "deal", 3, [deal_log_example()]])
def test_what_is_not_an_object_is_refused(value: object) -> None:
    with pytest.raises(LogError, match="a deal record must be an object"):
        DealRecord.from_json(value)


def test_a_bad_line_of_a_log_file_names_the_line_deal_and_field(tmp_path: Path) -> None:
    lines = SEEDED_LOG.read_text(encoding="utf-8").splitlines()
    broken = json.loads(lines[2])
    broken["order"] = "everyone"
    lines[2] = json.dumps(broken, ensure_ascii=False)
    path = tmp_path / "broken.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(LogError) as caught:
        read_log(path)
    assert str(caught.value) == "line 3, deal 3: 'order' must be a list of at most 4 items"
