"""Every source of a table keeps the same promises (scenes/table/source.py): the same contract
tests for a game against the computer, pass-and-play, the kiosk's demo, a replay, a continued
game, a network seat and a spectator's chair."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from helpers import quick_config
from helpers.games import logged_game

from game.formats.savegame import restore
from game.net.client import Client
from game.net.protocol import Welcome
from game.net.server import ServerThread
from game.play.replay import load_log
from game.rules.actions import PASS, IllegalAction
from scenes.kiosk.demo import demo_setup, demo_table
from scenes.net.address import table_settings
from scenes.net.remote import Arrival, NetworkSeat, Spectator
from scenes.table.guided import first_game, with_hints
from scenes.table.local import LocalTable, replay_table, resume_table
from scenes.table.setup import Setup
from scenes.table.source import TableFacts, TableSource, has_ended, human_to_act, is_you


class Notices:
    """Where a network source says its one-line notices (the app, in the program)."""

    def __init__(self) -> None:
        self.notices: list[tuple[Callable[[], str], float]] = []

    def notice(self, message: Callable[[], str], seconds: float = 4.0) -> None:
        self.notices.append((message, seconds))


@pytest.fixture(scope="module")
def server() -> Iterator[ServerThread]:
    with ServerThread(quick_config()) as thread:
        yield thread


HOSTS: list[Client] = []
"""The hosts of the tables a spectator watches: they stay at their table until the test ends."""


def chair(
    client: Client, end: float, welcomed: Callable[[Welcome], None] | None = None
) -> NetworkSeat | Spectator:
    """``client``'s place at its table, once welcomed and sent its first update."""
    arrival = Arrival(client)
    while True:
        message = client.wait(0.2)
        if message is not None:
            if arrival.take(message):
                return arrival.table(Notices())
            if isinstance(message, Welcome) and welcomed is not None:
                welcomed(message)
        assert time.monotonic() < end


def network(server: ServerThread, watch: bool) -> NetworkSeat | Spectator:
    """A table of four on a real server, started by its host (a seat), or watched (a spectator)."""
    url = f"ws://127.0.0.1:{server.server.port}"
    host = Client(url)
    host.create("Hosta", table_settings(Setup.for_players(4, deals=3)))
    end = time.monotonic() + 10
    if not watch:
        return chair(host, end, lambda _welcome: host.start())
    HOSTS.append(host)
    welcome = None
    while not isinstance(welcome, Welcome):
        welcome = host.wait(0.2)
        assert time.monotonic() < end
    watcher = Client(url)
    watcher.watch(welcome.table)
    host.start()
    return chair(watcher, end)


def saved(tmp_path: Path) -> LocalTable:
    """A game against the computer, one deal played, saved and continued."""
    table = LocalTable.start(Setup.for_players(4, deals=4, seed=5))
    table.start_deal()
    while table.game.to_act is not None:
        if table.game.to_act == table.facts.bottom:
            table.act(table.view.legal_actions()[-1])
        else:
            table.ai_act()
    document = table.save_document()
    assert document is not None
    return resume_table(restore(document))


SOURCES: dict[str, Callable[[Path, ServerThread], TableSource]] = {
    "alone": lambda tmp, srv: LocalTable.start(Setup.for_players(4, seed=3)),
    "pass-and-play": lambda tmp, srv: LocalTable.start(
        Setup(["Anne", "Bastien", "Claire", "Dieter"], ["normal"] * 4, "foster", False, 4, 9, 0, (1, 3))
    ),
    "demo": lambda tmp, srv: demo_table(demo_setup(random.Random(4), 5, "lacombe")),
    "replay": lambda tmp, srv: replay_table(load_log(logged_game(tmp, "ferme"))),
    "continued": lambda tmp, srv: saved(tmp),
    "network seat": lambda tmp, srv: network(srv, watch=False),
    "spectator": lambda tmp, srv: network(srv, watch=True),
    "guided game": lambda tmp, srv: first_game("You"),
    "visitor with hints": lambda tmp, srv: with_hints(LocalTable.start(Setup.for_players(3, seed=5))),
}


@pytest.fixture(params=sorted(SOURCES))
def source(request: pytest.FixtureRequest, tmp_path: Path, server: ServerThread) -> Iterator[TableSource]:
    made = SOURCES[request.param](tmp_path, server)
    yield made
    made.close()
    while HOSTS:
        HOSTS.pop().close(timeout=0.5)


def every_member(source: TableSource) -> dict[str, object]:
    """Every member of the protocol read (none may raise)."""
    names = [name for name in vars(TableSource) if not name.startswith("_")]
    assert len(names) == 18
    return {name: getattr(source, name) for name in names}


def settle(source: TableSource) -> None:
    """Start the first deal where the screen would, and show everything the feed holds."""
    starts = not len(source.feed) and source.view.phase.value == "between"
    if starts:
        source.start_deal()
    source.poll()
    # The deal this screen started comes back (from the host, for a network seat); a
    # spectator shows what has come, and waits for nobody.
    deadline = time.monotonic() + 10
    while starts and not len(source.feed) and time.monotonic() < deadline:
        source.poll()
    while len(source.feed):
        source.feed.pop()  # taken: shown


def test_every_member_can_be_read_and_agrees_with_the_others(source: TableSource) -> None:
    members = every_member(source)
    assert isinstance(source, TableSource)
    facts = source.facts
    assert isinstance(facts, TableFacts) and members["facts"] == facts  # the same facts at each reading
    with pytest.raises(AttributeError):
        facts.bottom = 1  # type: ignore[misc]  # frozen
    assert facts.n == len(facts.names) == len(source.view.names) == len(source.ledger.chips)
    assert 0 <= facts.bottom < facts.n
    assert (facts.rules, facts.max_deals) == (source.view.rules, source.view.max_deals)
    assert not has_ended(source)
    assert all(0 <= seat < facts.n for seat in facts.ai_seats) and not facts.ai_seats & facts.people
    people = [seat for seat in range(source.facts.n) if source.facts.person(seat)]
    if source.facts.watching:
        assert people == [] and source.facts.eyes is None and source.kept is None and source.looking is None
        assert not any(is_you(source, seat) for seat in range(source.facts.n))
        assert not source.facts.shared and not human_to_act(source) and not source.can_end
    elif source.facts.shared:
        assert len(people) > 1 and source.facts.eyes is None
    else:
        assert people == [source.facts.bottom] and source.facts.eyes == source.facts.bottom == source.looking
        assert is_you(source, source.facts.bottom)
    for seat in range(source.facts.n):
        assert not is_you(source, seat) or source.facts.person(seat)  # the person looking plays here
    assert not is_you(source, None) and not source.facts.person(None)


def test_the_ledger_follows_only_what_is_shown_and_then_equals_the_truth(source: TableSource) -> None:
    settle(source)
    view = source.view
    truth = getattr(source, "game", None)
    chips = list(truth.chips) if truth is not None else list(view.chips)
    farm = truth.farm if truth is not None else view.farm
    assert source.ledger.chips == chips and source.ledger.farm == farm
    assert source.ledger.deal == view.deal_no
    if truth is not None:  # the engine runs ahead: what it plays waits until it is shown
        before = list(source.ledger.chips)
        while source.waiting_for is not None and source.waiting_for in source.facts.ai_seats:
            source.ai_act()
        if len(source.feed):
            assert source.ledger.chips == before


def test_whose_turn_waits_for_the_screen_and_only_the_person_looking_may_act(source: TableSource) -> None:
    settle(source)
    source.look(None)
    if len(source.feed):
        assert source.waiting_for is None and not human_to_act(source)
    if source.facts.watching:
        with pytest.raises(IllegalAction):
            source.act(PASS)
    seat = source.waiting_for
    if seat is not None and not is_you(source, seat):
        with pytest.raises(IllegalAction):
            source.act(PASS)
    assert human_to_act(source) == (seat is not None and is_you(source, seat))
