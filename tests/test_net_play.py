"""Whole games over real sockets on 127.0.0.1: bots play every rule set to the final standings,
and the chips and the deal log are those of the same seed played locally; spectators see no hidden card."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from helpers import quick_config

from game.net.bot import Bot
from game.net.client import Client
from game.net.protocol import Pause, TableInfo, Update, Welcome
from game.net.server import Server, ServerThread
from game.play.match import Match, player_spec
from game.rules.actions import DRAW, PASS, STAND
from game.rules.events import Busted, CardDealt, EndReason, Event, GameEnded, HandShown, Stood
from game.rules.phase import Phase
from game.rules.ruleset import RULE_KEYS, rules_named


def run(main: Callable[[], Awaitable[None]], limit: float = 45.0) -> None:
    """Run ``main`` on a fresh loop, bounded in time."""
    asyncio.run(asyncio.wait_for(main(), limit))


async def serving(**options: Any) -> tuple[Server, str]:
    server = Server(quick_config(**options))
    port = await server.start()
    return server, f"ws://127.0.0.1:{port}"


def assert_private(bot: Bot, seat: int | None) -> None:
    """Nothing ``bot`` received shows a card of another seat before that deal's showdown."""
    for event in bot.events:
        if isinstance(event, CardDealt) and event.seat != seat:
            assert event.card is None
        if isinstance(event, Stood | Busted):
            assert event.seat == seat
    for msg in bot.messages:
        if isinstance(msg, Update):
            view = msg.view
            if view.shown_hands is None:
                assert seat is not None or view.hand == ()
            if seat is None:
                assert view.hand == () and view.total == 0


def local_game(rules: str, seed: int, people: int, seats: int, level: str, deals: int) -> Match:
    """The same game played locally: people are threshold players, as the bots are."""
    names = [f"P{i}" for i in range(people)] + [f"AI {i + 1}" for i in range(people, seats)]
    players = ["threshold"] * people + [player_spec(level, s) for s in range(people, seats)]
    match = Match.new(names, players, rules_named(rules), seed=seed, max_deals=deals)
    while not match.game.is_over:
        match.start_deal()
        while match.game.to_act is not None:
            match.ai_act()
    return match


async def play_over_network(url: str, rules: str, seed: int, people: int, seats: int, level: str,
                            deals: int, spectator: Bot | None = None) -> list[Bot]:
    bots = [Bot(url, f"P{i}") for i in range(people)]
    extra = [spectator] if spectator is not None else []
    tasks = [asyncio.create_task(b.run()) for b in [*bots, *extra]]
    host = bots[0]
    host.create({"rules": rules, "seats": seats, "deals": deals, "ai": level, "seed": seed,
                 "pause_seconds": 5})
    await host.welcomed.wait()
    code = host.link.table
    assert code is not None
    for bot in bots[1:]:
        bot.join(code)
        await bot.welcomed.wait()
    if spectator is not None:
        spectator.watch(code)
        await spectator.welcomed.wait()
    host.start()
    await asyncio.gather(*(b.done.wait() for b in [*bots, *extra]))
    for bot in [*bots, *extra]:
        await bot.close()
    await asyncio.gather(*tasks)
    return bots


@pytest.mark.parametrize("rules", RULE_KEYS)
def test_bots_play_whole_games_equal_to_local_play(rules: str) -> None:
    seed, people, seats, level, deals = 1000 + RULE_KEYS.index(rules), 3, 5, "normal", 12
    local = local_game(rules, seed, people, seats, level, deals)

    async def main() -> None:
        server, url = await serving()
        spectator = Bot(url, "watcher")
        bots = await play_over_network(url, rules, seed, people, seats, level, deals, spectator)
        table = next(iter(server.tables.values()))
        assert table.match is not None
        game = table.match.game
        assert game.log == local.game.log
        assert game.chips == local.game.chips
        assert game.result == local.game.result
        for i, bot in enumerate(bots):
            assert bot.result == local.game.result
            assert bot.errors == []
            assert bot.view is not None and bot.view.chips == tuple(local.game.chips)
            assert_private(bot, i)
        assert spectator.result == local.game.result
        assert_private(spectator, None)
        assert any(isinstance(e, HandShown) for e in spectator.events)
        await server.close()

    run(main)


def test_a_table_of_ten_people_with_no_ai() -> None:
    async def main() -> None:
        server, url = await serving()
        bots = await play_over_network(url, "ferme", 5, 10, 10, "easy", 6)
        assert all(b.result is not None and b.result == bots[0].result for b in bots)
        for i, bot in enumerate(bots):
            assert_private(bot, i)
        await server.close()

    run(main)


def test_the_threaded_client_never_blocks_a_game_loop() -> None:
    with ServerThread(quick_config()) as server, Client(f"ws://127.0.0.1:{server.port}") as client:
        client.create("Anne", {"rules": "lacombe", "seats": 4, "deals": 3, "ai": "easy", "pause_seconds": 1})
        seen: list[Event] = []
        slowest = 0.0
        started = False
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            t0 = time.perf_counter()
            messages = client.poll()
            for msg in messages:
                if isinstance(msg, Welcome) and not started:
                    assert msg.host and msg.seat == 0 and msg.token
                    client.start()
                    started = True
                elif isinstance(msg, Update):
                    seen.extend(msg.events)
                    view = msg.view
                    if view.my_turn and view.phase is Phase.AUCTION:
                        client.send(PASS)
                    elif view.my_turn:
                        client.send(DRAW if view.must_draw or view.total < 12 else STAND)
                elif isinstance(msg, Pause) and 0 in msg.waiting:
                    client.ready(msg.deal)
                elif isinstance(msg, TableInfo):
                    assert msg.seats[0].name == "Anne"
            if msg_over := [e for e in seen if isinstance(e, GameEnded)]:
                assert msg_over[0].reason is EndReason.DEALS
                break
            slowest = max(slowest, time.perf_counter() - t0)
            time.sleep(0.002)
        else:
            pytest.fail("the game did not end")
        assert client.view is not None and client.seat == 0
        assert slowest < 0.05  # a frame's poll and send never wait on the network
