"""A network table's saved file: it tells nobody the deals to come, and a seat given up is in it at once."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from helpers.games import Silent, played_table

from game.formats.savegame import SavedGame, restore
from game.net.client import Client
from game.net.codes import ErrorCode
from game.net.protocol import Error, Settings, TableInfo, Update, Welcome
from game.net.table import HostedTable
from game.play.match import HUMAN, Match
from game.rules.cards import Card
from game.rules.phase import Phase
from game.rules.records import DealRecord

T = TypeVar("T")


def first_round(record: DealRecord) -> tuple[Card, ...]:
    """The cards off the top of a deal's deck: each seat's first card, in the order served
    (whoever the auction made farmer, the deck's top cards go out in this order)."""
    return tuple(record.hands[seat][0] for seat in record.order)


def deal_on(match: Match) -> DealRecord:
    """Deal the next deal of ``match`` and play it to its end (each seat's first choice): its record."""
    match.start_deal()
    game = match.game
    while game.mid_deal:
        game.apply(game.legal_actions()[0])
    return game.log[-1]


def foretold(doc: dict[str, Any]) -> tuple[Card, ...]:
    """What a reader of the file ``doc`` can best foretell: the saved game played on, as the window's
    saved game would be, from everything the file says."""
    restored = restore(SavedGame.from_json(json.loads(json.dumps(doc["game"]))), resume_deal=False)
    return first_round(deal_on(Match(restored.game, restored.players)))


def resumed(doc: dict[str, Any]) -> tuple[Card, ...]:
    """The top of the next deal's deck of a table resumed from ``doc``."""
    table = HostedTable.from_json(json.loads(json.dumps(doc)), 0.0)
    assert table.match is not None
    return first_round(deal_on(table.match))


def test_a_saved_table_keeps_no_generator_state_and_no_seed() -> None:
    _table, files = played_table()
    assert files and all(doc["game"] is None or ("rng" not in doc["game"] and doc["game"]["seed"] is None)
                         for doc in files)


def test_no_file_written_during_a_game_foretells_the_deal_then_dealt() -> None:
    """The file on disk while a deal is played (written as it starts) tells nothing of its cards."""
    table, files = played_table()
    assert table.match is not None
    log = table.match.game.log
    starting = [doc for doc in files if doc["in_deal"] and doc["game"]["deal"] < len(log)]
    assert len(starting) >= 2
    for doc in starting:
        assert foretold(doc) != first_round(log[doc["game"]["deal"]])


def test_a_table_resumed_twice_from_one_file_deals_different_cards_neither_foretold() -> None:
    _table, files = played_table()
    between = [doc for doc in files if not doc["in_deal"] and doc["game"] is not None][-1]
    first, second = resumed(between), resumed(between)
    assert first != second
    assert foretold(between) not in (first, second)


def test_an_older_file_with_the_generator_state_does_not_foretell_the_next_deal_either() -> None:
    _table, files = played_table()
    between = [doc for doc in files if not doc["in_deal"] and doc["game"] is not None][-1]
    restored = restore(SavedGame.from_json(between["game"]), resume_deal=False)
    restored.game.rng.seed(5)
    game = Match(restored.game, restored.players).snapshot().to_json()
    doc = {**between, "game": json.loads(json.dumps(game))}
    assert "rng" in doc["game"]  # as files were written before
    assert resumed(doc) != foretold(doc)


def test_an_unseeded_table_deals_from_no_seed_anyone_could_search() -> None:
    """The hands of the deals played (in the file, or seen at the table) must not lead back to a
    seed small enough to try every one of, and from it to the next deal: knowing the game's seed
    itself does not foretell its first deal."""
    table, _files = played_table(deals=1)
    assert table.match is not None
    game = table.match.game
    assert game.seed is not None
    replica = Match.new(list(game.names), table.match.players, game.rules, seed=game.seed,
                        chips=table.settings.chips)
    assert first_round(deal_on(replica)) != first_round(game.log[0])


def mid_deal_match() -> Match:
    """A match of four people in the middle of its first deal, cards in hands."""
    match = Match.new(["Anne", "Ben", "Cleo", "Dan"], [HUMAN] * 4, seed=11)
    match.start_deal()
    game = match.game
    while game.mid_deal and not any(len(hand) > 1 for hand in game.hands):
        game.apply(game.legal_actions()[0])
    assert game.mid_deal and any(game.hands)
    return match


def test_a_table_saved_mid_deal_keeps_none_of_that_deals_cards() -> None:
    match = mid_deal_match()
    doc = json.loads(json.dumps(match.snapshot(keep_secrets=False).to_json()))
    assert not {"rng", "moves", "deck", "shuffled"} & set(doc) and doc["seed"] is None
    again = restore(SavedGame.from_json(doc))
    assert not again.interrupted and again.game.phase is Phase.BETWEEN and again.game.deal_no == 0


def test_a_saved_game_without_its_generator_still_gives_back_every_card_seen() -> None:
    """The window's promise holds without the generator too: a card seen is never dealt again
    differently (the deck's dealt cards are in the file); only the cards not yet seen are drawn afresh."""
    match = mid_deal_match()
    doc = json.loads(json.dumps(match.snapshot().to_json()))
    del doc["rng"]
    again = restore(SavedGame.from_json(doc))
    assert again.game.hands == match.game.hands and again.game.phase is match.game.phase


# ---------------------------------------------------------------------- a seat given up, over a crash


def test_a_seat_given_up_mid_deal_is_saved_at_once_without_that_deals_cards() -> None:
    files: list[dict[str, Any]] = []
    table = HostedTable("LEAVECODE", Settings(seats=4, pause_seconds=0, turn_seconds=600), 0.0,
                        save=lambda t: files.append(json.loads(json.dumps(t.to_json()))))
    anne, ben = Silent(), Silent()
    table.join(anne, "Anne", None, 0.0, host=True)
    table.join(ben, "Ben", None, 0.0)
    table.start(0.0)
    assert table.match is not None and table.match.game.mid_deal
    before = len(files)
    table.leave(ben, 1.0)
    assert len(files) == before + 1
    saved = files[-1]
    assert [seat["person"] for seat in saved["seats"]] == [True, False, False, False]
    assert saved["in_deal"] and not {"moves", "deck", "rng"} & set(saved["game"])
    assert saved["game"]["players"][1] != HUMAN


def start_server(folder: Path) -> tuple[subprocess.Popen[str], str]:
    """A real ``farmer-server`` process keeping its tables in ``folder``, and its address."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "game.net.server", "--port", "0", "--data-dir", str(folder), "--quiet"],
        stdout=subprocess.PIPE, text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line.startswith("farmer-server: listening on "), line
    return proc, line.split()[3]


def next_of(client: Client, kind: type[T], check: Callable[[T], bool] = lambda _m: True,
            seconds: float = 20.0) -> T:
    """The next message of ``kind`` that passes ``check`` (the others are passed over)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        message = client.wait(0.1)
        if isinstance(message, kind) and check(message):
            return message
    raise AssertionError(f"no {kind.__name__} came")


def test_a_seat_given_up_stays_given_up_when_the_server_is_killed_right_after(tmp_path: Path) -> None:
    proc, url = start_server(tmp_path)
    with Client(url) as host, Client(url) as guest:
        host.create("Anne", {"seats": 4, "deals": 5, "ai": "easy", "turn_seconds": 600, "pause_seconds": 300})
        code = next_of(host, Welcome).table
        guest.join(code, "Ben")
        seat, token = (lambda w: (w.seat, w.token))(next_of(guest, Welcome))
        assert seat is not None and token is not None
        host.start()
        next_of(guest, Update)  # the game has started
        guest.leave()
        next_of(host, TableInfo, lambda info: info.started and not info.seats[seat].person)
        proc.send_signal(signal.SIGKILL)  # no chance to save anything more
        proc.wait(10)
    proc, url = start_server(tmp_path)
    try:
        with Client(url) as back:
            back.resume(code, token)
            refused = next_of(back, Error, seconds=5)
            assert refused.code == ErrorCode.BAD_TOKEN.value
            back.watch(code)
            info = next_of(back, TableInfo)
            assert info.started and not info.seats[seat].person and info.seats[0].person
    finally:
        proc.terminate()
        proc.wait(10)
