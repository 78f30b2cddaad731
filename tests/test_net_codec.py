"""The wire format: every engine event and every view survives JSON, over thousands of random games."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from helpers import NAMES, RandomAgent
from hypothesis import given, settings
from hypothesis import strategies as st

from game.net.client_messages import parse_client_message
from game.net.codec import (
    EVENT_TYPES,
    CodecError,
    decode_action,
    decode_event,
    decode_view,
    encode_action,
    encode_event,
    encode_view,
)
from game.net.codes import ErrorCode
from game.net.protocol import (
    MAX_MESSAGE_BYTES,
    ProtocolError,
    decode_server_message,
    parse_settings,
)
from game.rules.actions import DRAW, PASS, STAND, bid
from game.rules.engine import Game
from game.rules.events import CardDealt, EndReason, Event, FarmWon, GameEnded, NearestFound
from game.rules.observe import observe
from game.rules.ruleset import RULE_KEYS, rules_named
from game.rules.view import View


def wire(value: Any) -> Any:
    """Through JSON text and back, as on the wire."""
    return json.loads(json.dumps(value))


def play(seed: int, check_views: bool = True, done: set[Event] | None = None) -> tuple[set[str], bool, bool]:
    """Play one random game; check every event (seen by anyone) and every view round-trips.

    ``done`` holds the events already checked (events are values: equal ones need no second look).
    """
    done = set() if done is None else done
    rng = random.Random(seed)
    n = rng.randint(3, 10)
    game = Game(NAMES[:n], rules_named(rng.choice(RULE_KEYS)), seed=seed,
                chips=rng.choice([3, 8, 100]), max_deals=rng.randint(1, 4))
    agents = [RandomAgent(seed * 31 + s) for s in range(n)]
    seen: set[str] = set()
    hidden = tie = False
    while not game.is_over:
        events: list[Event] = game.next_deal()
        while game.to_act is not None:
            seat = game.to_act
            view = game.view_for(seat)
            if check_views:
                assert decode_view(wire(encode_view(view))) == view
            events += game.apply(agents[seat].choose(view))
        for eyes in (None, *range(n)):
            for event in observe(events, eyes) if eyes is not None or seed % 2 else events:
                if event in done:
                    continue
                done.add(event)
                back = decode_event(wire(encode_event(event)))
                assert back == event and type(back) is type(event)
                seen.add(type(event).__name__)
                hidden |= isinstance(event, CardDealt) and event.card is None
                tie |= isinstance(event, FarmWon | NearestFound) and event.tie is not None
        if check_views:
            view = game.view_for(rng.randrange(n))
            assert decode_view(wire(encode_view(view))) == view
    return seen, hidden, tie


def test_every_event_and_view_round_trips_over_hundreds_of_games() -> None:
    seen: set[str] = set()
    done: set[Event] = set()
    hidden = tie = False
    # The same 200 games every run (every kind of event is met by the third); the Hypothesis
    # twin below draws new ones.
    for seed in range(200):
        kinds, h, t = play(seed, seed % 10 == 0, done)
        seen |= kinds
        hidden |= h
        tie |= t
    assert seen == set(EVENT_TYPES), set(EVENT_TYPES) - seen
    assert hidden and tie


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**40))
def test_random_games_round_trip(seed: int) -> None:
    play(seed)


@pytest.mark.parametrize("reason", list(EndReason))
def test_the_end_of_a_game_travels_as_the_reasons_word(reason: EndReason) -> None:
    sent = encode_event(GameEnded((1, 2, 3), (2,), reason))
    assert sent == {"type": "GameEnded", "standings": [1, 2, 3], "winners": [2], "reason": reason.value}
    assert decode_event(wire(sent)) == GameEnded((1, 2, 3), (2,), reason)
    assert [r.value for r in EndReason] == ["deals", "minutes", "players", "stopped"]


def test_a_decoded_view_is_a_real_frozen_view() -> None:
    game = Game(NAMES[:4], seed=3)
    game.next_deal()
    view = decode_view(wire(encode_view(game.view_for(game.to_act or 0))))
    assert isinstance(view, View)
    assert view.legal_actions() == game.legal_actions()
    with pytest.raises(AttributeError):
        view.farm = 3  # type: ignore[misc]


@pytest.mark.parametrize("bad", [
    {"type": "CardDealt", "seat": 1, "card": "8H", "from_bottom": False, "first": True, "count": 1},
    {"type": "CardDealt", "seat": 1, "card": "6S", "from_bottom": False, "first": True, "count": 1},
    {"type": "CardDealt", "seat": 11, "card": None, "from_bottom": False, "first": True, "count": 1},
    {"type": "CardDealt", "seat": 1, "card": None, "from_bottom": 0, "first": True, "count": 1},
    {"type": "ChipsMoved", "source": "bank", "target": 1, "amount": 1, "reason": "ante"},
    {"type": "ChipsMoved", "source": 0, "target": 1, "amount": -1, "reason": "ante"},
    {"type": "ChipsMoved", "source": 0, "target": 1, "amount": 1, "reason": "gift"},
    {"type": "FarmWon", "seat": 1, "amount": 5, "total": 16,
     "tie": {"rivals": [2], "beaten": 2, "by": "luck"}},
    {"type": "GameEnded", "standings": [1, 2, 3], "winners": [2], "reason": "boredom"},
    {"type": "__import__", "seat": 1},
    ["CardDealt"],
    "BidMade",
])
def test_malformed_events_are_refused(bad: Any) -> None:
    with pytest.raises(CodecError):
        decode_event(bad)


def test_malformed_views_are_refused() -> None:
    game = Game(NAMES[:3], seed=1)
    good = encode_view(game.view_for(0))
    for key, value in [("rules", "poker"), ("chips", [1, 2]), ("hand", ["ZZ"]), ("seat", 5),
                       ("phase", "lunch"), ("must_draw", "yes"), ("shown_hands", [[]])]:
        with pytest.raises(CodecError):
            decode_view({**good, key: value})


def test_actions_round_trip_and_bad_ones_are_refused() -> None:
    for action in (PASS, DRAW, STAND, bid(7)):
        assert decode_action(wire(encode_action(action))) == action
    for bad in ({"kind": "bid", "amount": 0}, {"kind": "bid", "amount": 2.5}, {"kind": "bid"},
                {"kind": "draw", "amount": 3}, {"kind": "cheat"}, {"kind": "bid", "amount": True}):
        with pytest.raises(CodecError):
            decode_action(bad)


@pytest.mark.parametrize(("text", "code"), [
    ("not json", ErrorCode.BAD_JSON),
    ("[1, 2]", ErrorCode.BAD_JSON),
    ('{"type": "eval", "code": "1"}', ErrorCode.BAD_MESSAGE),
    ('{"type": "act", "action": {"kind": "bid", "amount": -3}}', ErrorCode.BAD_MESSAGE),
    ('{"type": "act", "action": {"kind": "draw"}, "extra": 1}', ErrorCode.BAD_MESSAGE),
    ('{"type": "join", "version": 99, "table": "ABCDE", "name": "x"}', ErrorCode.VERSION),
    ('{"type": "join", "version": 1, "table": "ABCDE", "name": ""}', ErrorCode.BAD_MESSAGE),
    ('{"type": "ping", "pad": "' + "x" * MAX_MESSAGE_BYTES + '"}', ErrorCode.TOO_BIG),
    (b"\x00\x01", ErrorCode.BAD_JSON),
])
def test_client_messages_are_checked(text: str | bytes, code: ErrorCode) -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_client_message(text)
    assert caught.value.code is code and caught.value.message


def test_settings_are_checked() -> None:
    assert parse_settings({"rules": "lacombe+rotating", "seats": 6, "ai": "expert"}).level(3) == "expert"
    for bad in ({"rules": "ferme+rotating"}, {"seats": 11}, {"deals": 0}, {"ai": "genius"},
                {"ai": ["easy", "normal"]}, {"turn_seconds": 1}, {"colour": "red"}):
        with pytest.raises(ProtocolError):
            parse_settings(bad)


def test_server_messages_decode_to_dataclasses() -> None:
    game = Game(NAMES[:3], seed=1)
    events = game.next_deal()
    text = json.dumps({"type": "update", "seq": 1, "events": [encode_event(e) for e in events],
                       "view": encode_view(game.view_for(0))})
    message = decode_server_message(text)
    assert message.events == tuple(events)  # type: ignore[union-attr]
    with pytest.raises(CodecError):
        decode_server_message('{"type": "update", "seq": 1, "events": [{"type": "Nope"}]}')
