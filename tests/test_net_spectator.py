"""Spectators at a network table (sans IO): the engine's spectator view, and the game's chips history
in every sync update, so that someone who arrives mid-game counts the game from its start."""

from __future__ import annotations

import json
from typing import Any

import pytest
from helpers import NAMES
from hypothesis import given, settings
from hypothesis import strategies as st

from game.net.codec import (
    MAX_HISTORY_ROWS,
    CodecError,
    decode_history,
    decode_view,
    encode_history,
    encode_view,
)
from game.net.protocol import Settings, Update, decode_server_message
from game.net.table import HostedTable
from game.rules.engine import Game
from game.rules.phase import Phase
from game.rules.view import View

SEATS = 4
CHIPS = 30


class FakeMember:
    """A connection as the table sees it: it keeps every text it is sent."""

    def __init__(self) -> None:
        """A connection that has been sent nothing."""
        self.texts: list[str] = []
        self.closed: tuple[str, int] | None = None

    def send(self, text: str) -> None:
        """Keep ``text``."""
        self.texts.append(text)

    def close(self, reason: str, code: int = 1000) -> None:
        """Remember the close."""
        self.closed = (reason, code)

    def updates(self) -> list[Update]:
        """Every update sent so far, decoded as a client decodes it."""
        found = []
        for text in self.texts:
            message = decode_server_message(text)
            if isinstance(message, Update):
                found.append(message)
        return found


def engine_history(game: Game) -> tuple[tuple[int, ...], ...]:
    """The chips at the game's start and after each deal, read from the engine's deal log."""
    if not game.log:
        return ((CHIPS,) * game.n_seats,)
    return (tuple(game.log[0].chips_before), *(tuple(rec.chips_after) for rec in game.log))


def table_after(settled: int, seed: int = 5, between: bool = True) -> tuple[HostedTable, FakeMember, float]:
    """A table of one person and the AI, played (the person timed out on every move) until ``settled``
    deals are settled; ``between``: stopped between deals, else in the middle of the next deal."""
    settings = Settings(seats=SEATS, deals=20, chips=CHIPS, seed=seed, pause_seconds=5)
    table = HostedTable("ABCDE", settings, 0.0)
    person = FakeMember()
    now = 0.0
    table.join(person, "Pat", None, now, host=True)
    table.start(now)
    assert table.match is not None
    game = table.match.game
    for _ in range(10_000):
        done = len(game.log) >= settled
        if done and (game.phase is Phase.BETWEEN) == between:
            break
        if game.is_over:
            break
        now += 100.0  # past every turn's time and every pause: the table plays on by itself
        table.tick(now)
    assert len(game.log) >= settled and not game.is_over
    return table, person, now


def sync_of(member: FakeMember) -> Update:
    """The one sync update ``member`` was sent."""
    syncs = [u for u in member.updates() if u.sync]
    assert len(syncs) == 1
    return syncs[0]


@pytest.mark.parametrize("between", [True, False])
def test_a_spectator_joining_after_several_deals_gets_the_games_chips_history(between: bool) -> None:
    table, _person, now = table_after(4, between=between)
    assert table.match is not None
    game = table.match.game
    spectator = FakeMember()
    table.watch(spectator, now)
    sync = sync_of(spectator)
    assert sync.events == ()
    assert sync.history == engine_history(game)
    assert len(sync.history) == len(game.log) + 1 >= 5
    assert sync.history[0] == (CHIPS,) * SEATS
    if between:
        assert sync.history[-1] == tuple(game.chips)
    assert sync.view == game.view_for(None)
    assert sync.view.seat is None and sync.view.hand == ()


def test_a_spectator_joining_in_the_first_deal_gets_the_starting_chips() -> None:
    table, _person, now = table_after(0, between=False)
    assert table.match is not None and table.match.game.deal_no == 1
    spectator = FakeMember()
    table.watch(spectator, now)
    assert sync_of(spectator).history == ((CHIPS,) * SEATS,)


def test_a_person_coming_back_gets_the_history_too_and_updates_of_events_carry_none() -> None:
    table, person, now = table_after(3)
    assert table.match is not None
    game = table.match.game
    token = json.loads(person.texts[0])["token"]
    assert all(u.history is None for u in person.updates())  # no sync yet: the game began with them
    back = FakeMember()
    table.resume(back, token, now)
    sync = sync_of(back)
    assert sync.history == engine_history(game) and sync.view == game.view_for(0)
    # Play on: the updates that follow hold events, never a history.
    for _ in range(20):
        now += 100.0
        table.tick(now)
    later = back.updates()[1:]
    assert later and all(u.events and u.history is None and not u.sync for u in later)


def test_every_update_a_spectator_is_sent_is_the_engines_spectator_view() -> None:
    table, _person, now = table_after(1)
    assert table.match is not None
    game = table.match.game
    spectator = FakeMember()
    table.watch(spectator, now)
    while not game.is_over:
        now += 100.0
        table.tick(now)
        updates = spectator.updates()
        assert updates[-1].view == game.view_for(None)
    for update in spectator.updates():
        assert update.view.seat is None and update.view.hand == () and update.view.legal_actions() == []
        if update.view.shown_hands is None:
            assert all(getattr(e, "card", None) is None for e in update.events)


# ---------------------------------------------------------------- the wire


def update_text(view: View, history: Any, events: list[Any] | None = None, sync: bool = True) -> str:
    """An ``update`` message as the server writes one."""
    msg: dict[str, Any] = {"type": "update", "seq": 3, "events": events or [], "view": encode_view(view)}
    if sync:
        msg["sync"] = True
    if history is not None:
        msg["history"] = history
    return json.dumps(msg)


def played(deals: int) -> Game:
    """A game of four after ``deals`` deals, each seat standing at once (or drawing when it must)."""
    game = Game(NAMES[:SEATS], seed=2, chips=1000)
    for _ in range(deals):
        game.next_deal()
        while game.to_act is not None:
            game.apply(game.legal_actions()[0])
    return game


def test_a_spectators_view_and_a_history_round_trip() -> None:
    game = played(3)
    view = game.view_for(None)
    wire = json.loads(json.dumps(encode_view(view)))
    assert wire["seat"] is None and decode_view(wire) == view
    rows = engine_history(game)
    message = decode_server_message(update_text(view, encode_history(rows)))
    assert isinstance(message, Update) and message.sync
    assert message.history == rows and message.view == view
    assert isinstance(message.history, tuple) and all(isinstance(r, tuple) for r in message.history)
    # Without the field (an older server), there is no history.
    plain = decode_server_message(update_text(view, None))
    assert isinstance(plain, Update) and plain.history is None


def test_a_view_with_no_seat_is_refused_unless_it_is_a_spectators() -> None:
    game = played(1)
    game.next_deal()
    while game.to_act is None or not game.view_for(game.to_act).hand:
        game.apply(game.legal_actions()[0])
    seat_view = encode_view(game.view_for(game.to_act))
    missing = {k: v for k, v in seat_view.items() if k != "seat"}
    for bad in (missing, {**seat_view, "seat": None}, {**seat_view, "seat": "none"},
                {**encode_view(game.view_for(None)), "total": 5},
                {**encode_view(game.view_for(None)), "max_bid": 3},
                {**encode_view(game.view_for(None)), "must_draw": True}):
        with pytest.raises(CodecError):
            decode_view(bad)


@pytest.mark.parametrize("bad", [
    [],                                      # not even the start
    [[30, 30, 30]],                          # a number missing
    [[30, 30, 30, 30, 30]],                  # a number too many
    [[30, 30, 30, -1]],                      # negative chips
    [[30, 30, 30, 2.5]],                     # not whole
    [[30, 30, 30, True]],                    # a bool is no number
    [[30, 30, 30, "30"]],
    [[30, 30, 30, 10**12]],                  # beyond any table
    [[30] * 4] * 5,                          # more rows than deals played + 1 (the view is of deal 3)
    {"0": [30, 30, 30, 30]},
    "history",
    [None],
])
def test_a_bad_history_is_refused(bad: Any) -> None:
    game = played(3)
    view = game.view_for(None)
    assert view.deal_no == 3
    with pytest.raises(CodecError):
        decode_server_message(update_text(view, bad))


def test_a_history_comes_only_with_a_sync() -> None:
    game = played(2)
    view = game.view_for(None)
    rows = encode_history(engine_history(game))
    with pytest.raises(CodecError):
        decode_server_message(update_text(view, rows, sync=False))
    event = {"type": "TurnStarted", "seat": 1}
    with pytest.raises(CodecError):
        decode_server_message(update_text(view, rows, events=[event]))


def test_a_very_long_games_history_keeps_its_start_and_its_latest_deals() -> None:
    rows = [(i, i + 1, i + 2) for i in range(MAX_HISTORY_ROWS + 50)]
    sent = encode_history(rows)
    assert len(sent) == MAX_HISTORY_ROWS
    assert sent[0] == [0, 1, 2] and sent[1] == list(rows[51]) and sent[-1] == list(rows[-1])
    assert encode_history(rows[:7]) == [list(r) for r in rows[:7]]
    assert len(json.dumps([[10**9] * 10] * MAX_HISTORY_ROWS)) < 4 * 1024 * 1024


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=12), st.data())
def test_any_good_history_round_trips(deals: int, data: st.DataObject) -> None:
    game = played(deals)
    view = game.view_for(None)
    rows = data.draw(st.lists(
        st.tuples(*[st.integers(min_value=0, max_value=10**9)] * SEATS),
        min_size=1, max_size=view.deal_no + 1,
    ))
    assert decode_history(json.loads(json.dumps(encode_history(rows))), view) == tuple(rows)
