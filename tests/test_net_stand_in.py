"""What a seat is told of what happened without it: the computer's move when its time ran out or while
it was away, the deal a restarted host dealt again, the last deal's result, a finished game's end,
and the table that follows this one (PROTOCOL.md, "update" and "table")."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.net.codec import CodecError
from game.net.protocol import (
    LastDeal,
    PlayedFor,
    Settings,
    StandIn,
    TableInfo,
    Update,
    decode_server_message,
)
from game.net.table import HostedTable
from game.rules.actions import PASS
from game.rules.engine import Game
from game.rules.events import EndReason, GameEnded
from game.rules.phase import Phase


class Inbox:
    """A connection that keeps every message it is sent, read back as JSON."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def send(self, text: str) -> None:
        self.texts.append(text)

    def close(self, reason: str, code: int = 1000) -> None:
        """Nothing to close."""

    def updates(self) -> list[dict[str, Any]]:
        return [m for m in map(json.loads, self.texts) if m["type"] == "update"]

    def tables(self) -> list[dict[str, Any]]:
        return [m["table"] for m in map(json.loads, self.texts) if m["type"] == "table"]


def two_people(turn: int = 30) -> tuple[HostedTable, Inbox, Inbox, Inbox]:
    """A table of four: Anne (seat 0, host) and Ben (seat 1), two AIs and a spectator; started."""
    table = HostedTable("STANDINS", Settings(seats=4, turn_seconds=turn, pause_seconds=300, seed=5), 0.0)
    anne, ben, eve = Inbox(), Inbox(), Inbox()
    table.join(anne, "Anne", 0, 0.0, host=True)
    table.join(ben, "Ben", 1, 0.0)
    table.watch(eve, 0.0)
    table.start(0.0)
    return table, anne, ben, eve


def until_to_act(table: HostedTable, seat: int, now: float) -> float:
    """Let time pass (the others out of time too) until ``seat`` is to act; the time then."""
    assert table.match is not None
    game = table.match.game
    for _ in range(500):
        if game.to_act == seat and table.turn_until is not None:
            return now
        now += 100.0
        table.tick(now)
    raise AssertionError(f"seat {seat} never came to act")


def test_a_person_out_of_time_is_told_what_the_computer_played_for_them_and_nobody_else_is() -> None:
    table, anne, ben, eve = two_people()
    now = until_to_act(table, 0, 0.0)
    seen = [len(anne.texts), len(ben.texts), len(eve.texts)]
    table.tick(now + 31.0)  # Anne's 30 seconds have run out
    told = [u for u in anne.updates()[-5:] if u.get("played_for")]
    assert told, "Anne's update names no move played for her"
    entry = told[-1]["played_for"][0]
    assert entry["seat"] == 0 and entry["why"] == "time"
    assert entry["action"]["kind"] in ("pass", "bid", "draw", "stand")
    for inbox, start in ((ben, seen[1]), (eve, seen[2])):
        later = [json.loads(t) for t in inbox.texts[start:]]
        assert not any("played_for" in m for m in later), "another seat was told of Anne's move"


def test_a_person_back_after_a_drop_is_told_the_computer_played_for_them_and_the_last_deal() -> None:
    table, anne, _ben, _eve = two_people(turn=600)
    assert table.match is not None
    game = table.match.game
    token = json.loads(anne.texts[0])["token"]
    table.disconnect(anne, 1.0)
    now = 1.0
    for _ in range(400):  # Ben plays on (he is out of time each move); Anne's seat is played for her
        if len(game.log) >= 1 and game.phase is Phase.BETWEEN:
            break
        now += 1000.0
        table.tick(now)
    assert len(game.log) >= 1
    back = Inbox()
    table.resume(back, token, now)
    sync = next(u for u in back.updates() if u.get("sync"))
    assert sync["played_for"] and all(p["seat"] == 0 and p["why"] == "away" for p in sync["played_for"])
    record = game.log[-1]
    assert sync["last_deal"]["deal"] == record.deal and sync["last_deal"]["winner"] == record.winner
    assert sync["last_deal"]["farmer"] == record.farmer
    # Said once: a second drop and return with nothing played meanwhile says nothing of it.
    table.disconnect(back, now)
    again = Inbox()
    table.resume(again, token, now)
    assert "played_for" not in next(u for u in again.updates() if u.get("sync"))


def test_a_restarted_table_names_the_deal_it_deals_again_until_that_deal_is_settled() -> None:
    table, anne, _ben, _eve = two_people(turn=600)
    assert table.match is not None
    table.save(in_deal=table.match.game.mid_deal)
    doc = json.loads(json.dumps(table.to_json()))
    assert doc["in_deal"]
    resumed = HostedTable.from_json(doc, 0.0)
    token = json.loads(anne.texts[0])["token"]
    back = Inbox()
    resumed.resume(back, token, 0.0)
    sync = next(u for u in back.updates() if u.get("sync"))
    assert sync["redealt"] == 1
    # Said until the deal dealt again is settled, then no more.
    assert resumed.match is not None
    game = resumed.match.game
    now = 0.0
    while len(game.log) < 1:
        now += 1000.0
        resumed.tick(now)
    late = Inbox()
    resumed.watch(late, now)
    assert "redealt" not in next(u for u in late.updates() if u.get("sync"))
    # A table saved between deals deals nothing again.
    calm = HostedTable("STANDINS", Settings(seats=3, seed=5), 0.0)
    calm.join(Inbox(), "Cleo", 0, 0.0, host=True)
    calm.start(0.0)
    calm.save(in_deal=False)
    doc = json.loads(json.dumps(calm.to_json()))
    assert HostedTable.from_json(doc, 0.0).redealt is None


def test_a_finished_games_sync_carries_how_it_ended() -> None:
    table, _anne, _ben, _eve = two_people(turn=600)
    now = 1.0
    table.end_requested = True
    assert table.match is not None
    for _ in range(400):
        if table.over:
            break
        now += 1000.0
        table.tick(now)
    assert table.over
    late = Inbox()
    table.watch(late, now)
    sync = next(u for u in late.updates() if u.get("sync"))
    assert sync["ended"]["type"] == "GameEnded" and sync["ended"]["reason"] == "stopped"
    read = decode_server_message(json.dumps(sync))
    assert isinstance(read, Update) and isinstance(read.ended, GameEnded)
    assert read.ended.reason is EndReason.STOPPED


def test_a_table_followed_by_another_names_its_code() -> None:
    table = HostedTable("FIRSTTBL", Settings(seats=3), 0.0)
    anne = Inbox()
    table.join(anne, "Anne", 0, 0.0, host=True)
    table.follow("NEXTTABL")
    assert anne.tables()[-1]["next"] == "NEXTTABL"
    read = decode_server_message(anne.texts[-1])
    assert isinstance(read, TableInfo) and read.next == "NEXTTABL"


def sync_with(**extra: Any) -> dict[str, Any]:
    game = Game(["A", "B", "C"], seed=4)
    game.next_deal()
    update = Update(3, (), game.view_for(0), None, True, ((100, 100, 100),))
    return {**update.to_json(), **extra}


def test_the_new_fields_read_back_as_written() -> None:
    game = Game(["A", "B", "C"], seed=4)
    game.next_deal()
    update = Update(3, (), game.view_for(0), None, True, ((100, 100, 100),),
                    played_for=(PlayedFor(0, PASS, StandIn.AWAY),), redealt=1,
                    last_deal=None)
    text = json.dumps(update.to_json())
    assert json.loads(text)["played_for"] == [{"seat": 0, "action": {"kind": "pass"}, "why": "away"}]
    assert decode_server_message(text) == update
    done = LastDeal(2, 1, 0, None, 12)
    assert LastDeal.from_json(done.to_json(), 3, 4) == done


@pytest.mark.parametrize(("extra", "named"), [
    ({"played_for": [{"seat": 1, "action": {"kind": "pass"}, "why": "time"}]}, "played_for"),  # not mine
    ({"played_for": [{"seat": 0, "action": {"kind": "jump"}, "why": "time"}]}, "action"),
    ({"played_for": [{"seat": 0, "action": {"kind": "pass"}, "why": "bored"}]}, "why"),
    ({"played_for": [{"seat": 0, "action": {"kind": "pass"}, "why": "time"}] * 17}, "played_for"),
    ({"redealt": 9}, "redealt"),
    ({"redealt": True}, "redealt"),
    ({"last_deal": {"deal": 1, "farmer": 7, "winner": None, "nearest": None, "farm": 0}}, "last_deal"),
    ({"last_deal": {"deal": 5, "farmer": 0, "winner": None, "nearest": None, "farm": 0}}, "last_deal"),
    ({"ended": {"type": "Passed", "seat": 0}}, "ended"),
])
def test_a_client_refuses_new_fields_it_cannot_read(extra: dict[str, Any], named: str) -> None:
    with pytest.raises(CodecError, match=named):
        decode_server_message(json.dumps(sync_with(**extra)))


def test_an_old_clients_update_without_the_new_fields_still_reads() -> None:
    read = decode_server_message(json.dumps(sync_with()))
    assert isinstance(read, Update) and read.played_for == () and read.redealt is None
