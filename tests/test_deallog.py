"""The deal log: written, read back and replayed it reproduces the game; broken logs are refused."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers import deal_log_example
from hypothesis import given, settings
from hypothesis import strategies as st

from game.__main__ import main as game_main
from game.formats.deallog import (
    KEYS,
    LogError,
    apply_transfers,
    check,
    check_file,
    dumps,
    format_record,
    loads,
    read_log,
    replay,
    replay_iter,
    write_log,
)
from game.formats.deallog import main as deallog_main
from game.play.runner import play_deal
from game.rules.agents import ThresholdAgent
from game.rules.cards import Card
from game.rules.engine import Game
from game.rules.events import EndReason
from game.rules.records import DealRecord
from game.rules.ruleset import rules_named

RULE_KEYS = ("foster", "lacombe", "ferme", "foster+rotating", "lacombe+rotating")

Record = dict[str, Any]
"""A deal record in its JSON form, as a test edits it to break it."""


def example_record() -> Record:
    """The example deal of DEAL_LOG.md: Anna buys the farm for 4, Ben makes 16, Carla pays 3."""
    return deal_log_example()


def play(key: str, players: int, seed: int, deals: int = 40) -> tuple[Game, list[tuple[list[int], int, int]]]:
    """A seeded game with varied threshold players and few chips; the state after every deal."""
    rng = random.Random(seed * 100 + players)
    game = Game(
        [f"P{i}" for i in range(players)], rules_named(key), chips=rng.randint(2, 25),
        seed=seed, max_deals=deals, record_events=False,
    )
    # Shares of 0 make auctions nobody bids in; small chips make seats go out and payments cap.
    agents = [ThresholdAgent(rng.randint(9, 16), rng.choice((0.0, 0.3, 0.7, 1.0))) for _ in range(players)]
    states = []
    while not game.is_over:
        play_deal(game, agents)
        assert game.farmer is not None
        states.append((list(game.chips), game.farm, game.farmer))
    return game, states


def points(codes: list[str]) -> int:
    """The points of a logged hand."""
    return sum(Card.parse(code).points for code in codes)


def refused(records: list[Record]) -> str:
    """The message a broken one-game log is refused with (fails the test when it is accepted)."""
    with pytest.raises(LogError) as info:
        check([records])
    return str(info.value)


def rebalance(rec: Record) -> None:
    """Make chips_after and farm_after the sum of chips_before and the (edited) transfers."""
    rec["chips_after"], rec["farm_after"] = apply_transfers(DealRecord.from_json(rec))


# ---------------------------------------------------------------------- round trip


@pytest.mark.parametrize("key", RULE_KEYS)
def test_written_log_replays_to_the_same_chips_farm_and_farmer(key: str, tmp_path: Path) -> None:
    seen = {"nobody_bid": 0, "seat_out": 0, "nearest": 0, "won": 0, "capped": 0}
    for players in range(3, 11):
        for seed in range(8):
            game, states = play(key, players, seed)
            path = tmp_path / f"{players}-{seed}.jsonl"
            write_log(path, [game])
            games = read_log(path)
            assert len(games) == 1 and len(games[0]) == len(states)
            replayed = [(list(g.chips), g.farm, g.farmer) for g in replay_iter(games[0])]
            assert replayed == states
            for rec in game.log:
                auction = rec.auction
                seen["nobody_bid"] += int(auction is not None and auction.winner is None)
                seen["seat_out"] += int(0 in rec.chips_after)
                seen["nearest"] += int(rec.nearest is not None)
                seen["won"] += int(rec.winner is not None)
                seen["capped"] += any(
                    isinstance(t.source, int) and t.amount < sum(c.points for c in rec.hands[t.source]) - 16
                    for t in rec.transfers
                    if t.reason.value == "over"
                )
    # The games must have reached the situations the log has to carry.
    assert seen["won"] and seen["seat_out"] and seen["capped"]
    if key == "foster":
        # Only foster auctions every new farm, so only there do whole auctions go unbid.
        assert seen["nobody_bid"]
    if key != "ferme":
        assert seen["nearest"]


@settings(max_examples=40, deadline=None)
@given(
    key=st.sampled_from(RULE_KEYS), players=st.integers(3, 10), seed=st.integers(0, 2**32),
    deals=st.integers(1, 30),
)
def test_any_seeded_game_survives_the_round_trip(key: str, players: int, seed: int, deals: int) -> None:
    game, states = play(key, players, seed, deals)
    (records,) = loads(dumps(game.log))
    assert [(list(g.chips), g.farm, g.farmer) for g in replay_iter(records)] == states
    assert sum(game.chips) + game.farm == sum(records[0].chips_before)


def test_several_games_in_one_file_split_where_deal_is_one(tmp_path: Path) -> None:
    games = [play(key, 5, seed, deals=6)[0] for seed, key in enumerate(RULE_KEYS)]
    path = tmp_path / "all.jsonl"
    written = write_log(path, games)
    assert written == sum(len(g.log) for g in games)
    read = read_log(path)
    assert [len(r) for r in read] == [len(g.log) for g in games]
    assert read == [g.log for g in games]
    assert check_file(path) == (len(games), written)


def test_lines_are_json_objects_with_keys_in_the_documented_order() -> None:
    game, _ = play("lacombe", 4, 3, deals=5)
    lines = dumps(game.log).splitlines()
    assert len(lines) == len(game.log)
    for line, rec in zip(lines, game.log, strict=True):
        obj = json.loads(line)
        assert tuple(obj) == KEYS
        assert obj == rec.to_json() and DealRecord.from_json(obj) == rec
    line = format_record(DealRecord.from_json(example_record()))
    assert line.startswith('{"deal": 1, "rules": "foster", "rotating": false,')


def test_example_of_deal_log_md_is_accepted() -> None:
    rec = example_record()
    game = replay([rec])
    assert game.chips == [98, 107, 96, 99]
    assert game.farm == 0 and game.farmer == 0
    assert [record.to_json() for record in game.log] == [rec]
    assert check(loads(format_record(DealRecord.from_json(rec)))) == 1


def test_replay_of_bottom_draws_deals_the_logged_cards() -> None:
    # lacombe draws further cards from the bottom: the replay must still give each seat its cards.
    game, _ = play("lacombe", 6, 11, deals=10)
    replayed = replay(game.log)
    assert [r.hands for r in replayed.log] == [r.hands for r in game.log]


# ---------------------------------------------------------------------- broken logs


def edit_example(change: Callable[[Record], Any]) -> list[Record]:
    rec = example_record()
    change(rec)
    return [rec]


def test_duplicate_card_is_refused() -> None:
    message = refused(edit_example(lambda r: r["hands"][3].__setitem__(2, "7S")))
    assert message == "deal 1: card 7S appears twice"


def test_card_outside_the_deck_is_refused() -> None:
    message = refused(edit_example(lambda r: r["hands"][3].__setitem__(2, "8D")))
    assert message == "deal 1: seat 3's hand item 3: '8D' is not in the Farmer deck"
    message = refused(edit_example(lambda r: r["hands"][3].__setitem__(2, "XY")))
    assert message == "deal 1: seat 3's hand item 3 must be a card code such as '10H', not 'XY'"
    message = refused(edit_example(lambda r: r["hands"][3].__setitem__(2, "2d")))
    assert message == "deal 1: seat 3's hand item 3 must be written '2D', not '2d'"


def test_wrong_payment_amount_is_refused_even_when_the_sums_add_up() -> None:
    def overpay(rec: Record) -> None:
        rec["transfers"][5]["amount"] = 4
        rebalance(rec)

    message = refused(edit_example(overpay))
    assert message.startswith("deal 1: transfers differ from the settlement")
    assert "expected over 3 from seat 2 to seat 0" in message and "over 4" in message
    assert "1 chip per point over" in message


def test_missing_transfer_is_refused() -> None:
    def forget(rec: Record) -> None:
        del rec["transfers"][5]
        rebalance(rec)

    message = refused(edit_example(forget))
    assert message.startswith("deal 1: transfers differ from the settlement: a transfer is missing")
    assert "over 3 from seat 2 to seat 0" in message


def test_chips_that_do_not_add_up_are_refused() -> None:
    message = refused(edit_example(lambda r: r["chips_after"].__setitem__(3, 100)))
    assert message.startswith("deal 1: chips_after does not add up: seat 3 should hold 99")


def test_wrong_winner_is_refused() -> None:
    message = refused(edit_example(lambda r: r.__setitem__("winner", 3)))
    assert message == "deal 1: wrong winner: the rules give the farm to seat 1, the log says seat 3"


def test_skipped_compulsory_draw_is_refused() -> None:
    message = refused(edit_example(lambda r: r["hands"].__setitem__(3, ["5S"])))
    assert message == "deal 1: seat 3 stood without the compulsory card (foster)"


def test_drawing_after_bust_is_refused() -> None:
    message = refused(edit_example(lambda r: r["hands"][2].append("2H")))
    assert message.startswith("deal 1: seat 2 drew after going over 16")


def test_bid_above_chips_is_refused() -> None:
    message = refused(edit_example(lambda r: r["auction"]["bids"].__setitem__(3, [0, 150])))
    assert message.startswith("deal 1: auction call 4, seat 0's bid of 150")
    assert "cannot exceed the chips" in message


def test_call_out_of_turn_is_refused() -> None:
    message = refused(edit_example(lambda r: r["auction"]["bids"].__setitem__(1, [3, None])))
    assert message == "deal 1: auction call 2 is by seat 3, but it was seat 2's turn"


def test_wrong_service_order_is_refused() -> None:
    message = refused(edit_example(lambda r: r.__setitem__("order", [3, 2, 1])))
    assert message.startswith("deal 1: order differs")


def test_chips_before_that_do_not_follow_on_are_refused() -> None:
    game, _ = play("foster", 5, 2, deals=6)
    records = [record.to_json() for record in game.log]
    assert len(records) >= 3
    records[2]["chips_before"][0] += 1
    message = refused(records)
    assert message.startswith("deal 3: chips_before does not match the previous deal's chips_after")


def test_wrong_nearest_payment_is_refused_in_a_later_deal() -> None:
    for seed in range(50):
        game, _ = play("foster", 4, seed, deals=8)
        found = [i for i, r in enumerate(game.log) if r.nearest is not None and i > 0]
        if found:
            break
    else:
        pytest.fail("no seeded game had a nearest payment after deal 1")
    records = [record.to_json() for record in game.log]
    rec = records[found[0]]
    paid = next(t for t in rec["transfers"] if t["reason"] == "nearest")
    rec["transfers"].remove(paid)
    rebalance(rec)
    # Cut the log after the edited deal so the next deal's chips_before is not the first complaint.
    message = refused(records[: found[0] + 1])
    assert message.startswith(f"deal {found[0] + 1}: transfers differ from the settlement")
    assert "nearest" in message


def test_corrupt_json_line_is_refused_with_its_line_number() -> None:
    good = format_record(DealRecord.from_json(example_record()))
    with pytest.raises(LogError) as info:
        loads(good + "\n" + good[:-20] + "\n")
    assert str(info.value).startswith("line 2: not valid JSON")


def test_unknown_rules_are_refused() -> None:
    message = refused(edit_example(lambda r: r.__setitem__("rules", "bridge")))
    assert message == "deal 1: 'rules' must be one of foster, lacombe, ferme, not 'bridge'"


def test_rotating_ferme_is_refused() -> None:
    def rotate(rec: Record) -> None:
        rec["rules"], rec["rotating"] = "ferme", True

    assert "rotating farm is an option of foster and lacombe" in refused(edit_example(rotate))


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda r: r.pop("hands"), "a deal record lacks hands"),
        (lambda r: r.__setitem__("colour", "red"), "a deal record has unknown 'colour'"),
        (lambda r: r.__setitem__("farmer", "Anna"), "'farmer' must be a whole number, not 'Anna'"),
        (lambda r: r.__setitem__("farmer", 4), "'farmer' must be between 0 and 3, not 4"),
        (lambda r: r.__setitem__("chips_before", [100] * 3), "'chips_before' must be a list of 4 items"),
        (lambda r: r["transfers"][0].__setitem__("reason", "gift"), "'transfers' item 1's reason must be"),
        (lambda r: r.__setitem__("deal", True), "'deal' must be a whole number"),
    ],
)
def test_malformed_records_are_refused_with_a_clear_message(
    change: Callable[[Record], Any], words: str
) -> None:
    message = refused(edit_example(change))
    assert message.startswith("deal 1: ") and words in message


def test_errors_in_a_later_game_name_the_game_and_file_line(tmp_path: Path) -> None:
    first, _ = play("ferme", 3, 1, deals=3)
    second = example_record()
    second["winner"] = 2
    path = tmp_path / "two.jsonl"
    write_log(path, [first.log, [DealRecord.from_json(second)]])
    with pytest.raises(LogError) as info:
        check_file(path)
    assert str(info.value).startswith(f"line {len(first.log) + 1}, game 2, deal 1: wrong winner")


def test_log_that_goes_on_after_the_game_ended_is_refused() -> None:
    for seed in range(100):
        game, _ = play("foster", 3, seed, deals=200)
        if game.result is not None and game.result.reason is EndReason.PLAYERS:
            break
    else:
        pytest.fail("no seeded game ran out of players")
    records = [record.to_json() for record in game.log]
    extra = copy.deepcopy(records[-1])
    extra["deal"] += 1
    extra["chips_before"], extra["farm_before"] = extra["chips_after"], extra["farm_after"]
    message = refused([*records, extra])
    assert message.startswith(f"deal {extra['deal']}: the game is already over")


def test_check_command_reports_sound_and_broken_logs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.jsonl"
    bad = tmp_path / "bad.jsonl"
    write_log(good, [[DealRecord.from_json(example_record())]])
    broken = example_record()
    broken["winner"] = 2
    write_log(bad, [[DealRecord.from_json(broken)]])
    assert deallog_main([str(good)]) == 0
    assert "ok, 1 game, 1 deals" in capsys.readouterr().out
    assert deallog_main([str(good), str(bad), str(tmp_path / "none.jsonl")]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0] == (
        f"{bad}: line 1, deal 1: wrong winner: the rules give the farm to seat 1, the log says seat 2"
    )
    assert err[1].startswith(f"{tmp_path / 'none.jsonl'}: cannot read")
    assert deallog_main([]) == 2
    assert game_main(["check", str(good)]) == 0
    assert game_main(["nonsense"]) == 2
