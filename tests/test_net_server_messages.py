"""Each server message is a dataclass whose to_json writes exactly the protocol's bytes, and reads back."""

from __future__ import annotations

import json

import pytest

from game.net.codec import CodecError
from game.net.codes import ErrorCode
from game.net.protocol import (
    Error,
    Pause,
    Pong,
    ProtocolError,
    SeatInfo,
    Sent,
    Settings,
    TableInfo,
    TableList,
    TableSummary,
    Turn,
    Update,
    Welcome,
    decode_server_message,
)
from game.net.table import HostedTable
from game.rules.engine import Game
from game.rules.events import Event


def compact(message: Sent) -> str:
    """The message as the table writes it."""
    return json.dumps(message.to_json(), separators=(",", ":"))


SETTINGS = {"rules": "foster", "seats": 3}

WIRE: list[tuple[Sent, str]] = [
    (Welcome("ABCD2345", 1, "tok", True),
     '{"type":"welcome","table":"ABCD2345","seat":1,"token":"tok","host":true}'),
    (Welcome("ABCD2345", None, None, False),
     '{"type":"welcome","table":"ABCD2345","seat":null,"token":null,"host":false}'),
    (TableInfo("ABCD2345", SETTINGS, True, False, (SeatInfo(0, "Anne", True, False, True),), 2, True, False,
               ending=True),
     '{"type":"table","table":{"code":"ABCD2345","settings":{"rules":"foster","seats":3},"started":true,'
     '"over":false,"ending":true,"seats":[{"seat":0,"name":"Anne","person":true,"connected":false,'
     '"host":true}],"spectators":2,"fixed_deck":true,"unsaved":false}}'),
    (Pause(4, 12.5, (0, 2)), '{"type":"pause","deal":4,"seconds":12.5,"waiting":[0,2]}'),
    (Turn(1, 44.999), '{"type":"turn","seat":1,"seconds":44.999}'),
    (Error("not_your_turn", "not your turn", 7),
     '{"type":"error","code":"not_your_turn","message":"not your turn","ref":7}'),
    (Error("bad_json", "no"), '{"type":"error","code":"bad_json","message":"no"}'),
    (Pong(None), '{"type":"pong"}'),
    (Pong(3), '{"type":"pong","ref":3}'),
    (TableList((TableSummary("ABCD2345", "ferme", 4, 3, False, False).to_json(),)),
     '{"type":"tables","tables":[{"code":"ABCD2345","rules":"ferme","seats":4,"free":3,"started":false,'
     '"over":false}]}'),
]


@pytest.mark.parametrize(("message", "text"), WIRE)
def test_each_server_message_writes_the_protocols_bytes(message: Sent, text: str) -> None:
    assert compact(message) == text
    assert decode_server_message(text) == message


def test_an_update_writes_sync_and_history_before_ref_and_reads_back() -> None:
    game = Game(["A", "B", "C"], seed=4)
    events: tuple[Event, ...] = tuple(game.next_deal())
    view = game.view_for(0)
    with_events = json.loads(compact(Update(3, events, view, ref=5)))
    assert list(with_events) == ["type", "seq", "events", "view", "ref"] and with_events["ref"] == 5
    sync = Update(4, (), view, None, True, ((100, 100, 100),))
    written = json.loads(compact(sync))
    assert list(written) == ["type", "seq", "events", "view", "sync", "history"]
    assert written["history"] == [[100, 100, 100]]
    assert decode_server_message(compact(sync)) == sync
    assert decode_server_message(compact(Update(3, events, view, 5))) == Update(3, events, view, 5)


@pytest.mark.parametrize(("text", "named"), [
    ('{"type":"welcome","table":"ABCD2345","seat":true,"token":"t","host":true}', "welcome.seat"),
    ('{"type":"welcome","table":"","seat":1,"token":"t","host":true}', "welcome.table"),
    ('{"type":"welcome","table":"ABCD2345","seat":1,"token":5,"host":true}', "welcome.token"),
    ('{"type":"pong","ref":1.5}', "pong.ref"),
    ('{"type":"error","code":"x","message":"y","ref":"1"}', "error.ref"),
])
def test_a_client_refuses_a_server_message_by_the_field_it_cannot_read(text: str, named: str) -> None:
    with pytest.raises(CodecError, match=named):
        decode_server_message(text)


def test_a_refusal_carries_its_codes_word() -> None:
    refused = Error.refusal(ProtocolError(ErrorCode.TOO_FAST, "slow down"), 2)
    assert refused.to_json() == {"type": "error", "code": "too_fast", "message": "slow down", "ref": 2}


def test_the_tables_own_messages_are_its_state() -> None:
    table = HostedTable("ABCD2345", Settings(seats=3, seed=9), 0.0)
    info = table.info()
    assert info == TableInfo("ABCD2345", {**table.settings.to_json(), "seed": None}, False, False,
                             tuple(SeatInfo(i, f"AI {i + 1}", False, False, False) for i in range(3)), 0,
                             True, False, False)
    assert table.summary() == TableSummary("ABCD2345", "foster", 3, 3, False, False)
