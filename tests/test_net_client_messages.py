"""Every client message is read into its own frozen dataclass, every field checked, a wrong one named."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.net.client_messages import (
    MESSAGES,
    Act,
    Create,
    End,
    Join,
    Leave,
    ListTables,
    Ping,
    Ready,
    Remove,
    Resume,
    Start,
    Watch,
    parse_client_message,
    ref_of,
    wire_fields,
)
from game.net.codes import ErrorCode
from game.net.protocol import ProtocolError, Settings, parse_settings
from game.rules.actions import DRAW, bid

GOOD: list[tuple[dict[str, Any], object]] = [
    ({"type": "create", "version": 1, "name": " Anne  B ", "settings": {"seats": 3}, "seat": 2},
     Create("Anne B", Settings(seats=3), 2)),
    ({"type": "create", "version": 1, "name": "Anne"}, Create("Anne", Settings(), None)),
    ({"type": "join", "version": 1, "table": "ABCD2345", "name": "Bea"}, Join("ABCD2345", "Bea", None)),
    ({"type": "resume", "version": 1, "table": "ABCD2345", "token": "t0k"}, Resume("ABCD2345", "t0k")),
    ({"type": "watch", "version": 1, "table": "ABCD2345"}, Watch("ABCD2345")),
    ({"type": "list", "version": 1}, ListTables()),
    ({"type": "act", "action": {"kind": "bid", "amount": 4}, "seat": 1, "ref": 9}, Act(bid(4), 1, 9)),
    ({"type": "act", "action": {"kind": "draw"}}, Act(DRAW)),
    ({"type": "ready", "deal": 3}, Ready(3)),
    ({"type": "ready"}, Ready(None)),
    ({"type": "start"}, Start()),
    ({"type": "end"}, End()),
    ({"type": "leave"}, Leave()),
    ({"type": "remove", "seat": 2}, Remove(2)),
    ({"type": "ping", "ref": 2**53 - 1}, Ping(2**53 - 1)),
]


@pytest.mark.parametrize(("wire", "message"), GOOD)
def test_each_message_is_read_into_its_own_dataclass(wire: dict[str, Any], message: object) -> None:
    read = parse_client_message(json.dumps(wire))
    assert read == message and type(read) is type(message)
    for field in dataclasses.fields(read):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(read, field.name, None)


def test_every_message_type_is_covered_here() -> None:
    assert {type(message) for _, message in GOOD} == set(MESSAGES.values())


def test_the_ref_comes_back_only_for_act_and_ping() -> None:
    assert ref_of(Act(DRAW, None, 7)) == 7 and ref_of(Ping(8)) == 8
    assert ref_of(Ready(3)) is None and ref_of(Watch("ABCD2345")) is None


@pytest.mark.parametrize(("wire", "named"), [
    ({"type": "join", "version": 1, "table": 5, "name": "Bea"}, "join.table"),
    ({"type": "join", "version": 1, "table": "ABCD2345", "name": "Bea", "seat": True}, "join.seat"),
    ({"type": "resume", "version": 1, "table": "ABCD2345", "token": ""}, "resume.token"),
    ({"type": "act", "action": {"kind": "draw"}, "ref": -1}, "act.ref"),
    ({"type": "act", "action": {"kind": "jump"}}, "act.action"),
    ({"type": "ready", "deal": 1.5}, "ready.deal"),
    ({"type": "remove"}, "remove.seat"),
    ({"type": "ping", "ref": "1"}, "ping.ref"),
    ({"type": "create", "version": 1, "name": 3}, "create.name"),
    ({"type": "create", "version": 1, "name": "Anne", "settings": {"seats": 99}}, "settings"),
    ({"type": 3}, "type"),
])
def test_a_wrong_field_is_refused_by_its_name(wire: dict[str, Any], named: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_client_message(json.dumps(wire))
    assert caught.value.code is ErrorCode.BAD_MESSAGE
    assert named in caught.value.message


def test_an_opening_names_the_version_and_the_others_may_not() -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_client_message('{"type": "watch", "table": "ABCD2345"}')
    assert caught.value.code is ErrorCode.VERSION
    with pytest.raises(ProtocolError) as caught:
        parse_client_message('{"type": "ping", "version": 1}')
    assert caught.value.code is ErrorCode.BAD_MESSAGE and "version" in caught.value.message


@pytest.mark.parametrize(("settings", "named"), [
    ({"rules": "ferme+rotating"}, "settings.rules"),
    ({"seats": "5"}, "settings.seats"),
    ({"deals": 0}, "settings.deals"),
    ({"minutes": True}, "settings.minutes"),
    ({"ai": ["easy", "genius", "normal"], "seats": 3}, "settings.ai item 2"),
    ({"ai": ["easy", "normal"], "seats": 3}, "settings.ai"),
    ({"chips": 5}, "settings.chips"),
    ({"turn_seconds": 1.5}, "settings.turn_seconds"),
    ({"pause_seconds": None}, "settings.pause_seconds"),
    ({"names": ["Ann", 3]}, "settings.names item 2"),
    ({"seed": -1}, "settings.seed"),
    ({"public": 1}, "settings.public"),
    ({"colour": "red"}, "'colour'"),
    ([], "settings"),
])
def test_a_wrong_setting_is_refused_by_its_name(settings: Any, named: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_settings(settings)
    assert caught.value.code is ErrorCode.BAD_MESSAGE and named in caught.value.message


# ---------------------------------------------------------------- fuzzing

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**60), 2**60) | st.floats(allow_nan=False)
    | st.text(max_size=40),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@st.composite
def messages(draw: st.DrawFn) -> dict[str, Any]:
    """A message of a known type whose every field (and perhaps one more) is any JSON value."""
    kind = draw(st.sampled_from(sorted(MESSAGES)))
    keys = sorted(wire_fields(MESSAGES[kind]))
    chosen = draw(st.lists(st.sampled_from(keys), unique=True)) if keys else []
    obj: dict[str, Any] = {"type": kind}
    for key in chosen:
        obj[key] = draw(JSON)
    if draw(st.booleans()) and "version" in keys:
        obj["version"] = 1
    return obj


@settings(max_examples=600, deadline=None)
@given(messages())
def test_any_json_in_any_field_is_read_or_refused_with_a_protocol_error(obj: dict[str, Any]) -> None:
    try:
        text = json.dumps(obj)
    except ValueError:
        return
    try:
        read = parse_client_message(text)
    except ProtocolError as exc:
        assert exc.message
        return
    assert type(read) is MESSAGES[obj["type"]]


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(st.sampled_from(sorted(Settings.__slots__)), JSON, max_size=6))
def test_any_json_in_any_setting_is_read_or_refused_with_a_protocol_error(obj: dict[str, Any]) -> None:
    try:
        read = parse_settings(obj)
    except ProtocolError as exc:
        assert exc.code is ErrorCode.BAD_MESSAGE and exc.message
        return
    assert isinstance(read, Settings) and len(read.ai) in (1, read.seats)
