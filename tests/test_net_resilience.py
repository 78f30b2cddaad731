"""Drops and restarts over real sockets: a killed client takes its seat back with its token (the AI
played it meanwhile), and a host restarted mid-game resumes its table from the saved file."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from helpers import quick_config

from game.net.bot import Bot
from game.net.protocol import Closed, Welcome
from game.net.server import Server
from game.rules.events import GameEnded
from game.rules.phase import Phase


async def seat_bots(url: str, settings: dict[str, object], bots: list[Bot]) -> list[asyncio.Task[None]]:
    tasks = [asyncio.create_task(b.run()) for b in bots]
    bots[0].create(settings)
    await bots[0].welcomed.wait()
    code = bots[0].link.table
    assert code is not None
    for bot in bots[1:]:
        bot.join(code)
        await bot.welcomed.wait()
    bots[0].start()
    return tasks


async def until(check: object, limit: float = 24.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while not check():  # type: ignore[operator]
        assert loop.time() < end, "timed out"
        await asyncio.sleep(0.005)


def test_a_client_killed_mid_deal_comes_back_with_its_token() -> None:
    async def main() -> None:
        server = Server(quick_config())
        url = f"ws://127.0.0.1:{await server.start()}"
        bots = [Bot(url, f"P{i}", think=0.01) for i in range(3)]
        tasks = await seat_bots(url, {"rules": "foster", "seats": 4, "deals": 8, "ai": "easy",
                                      "pause_seconds": 2}, bots)
        # Kill the first of them who is to draw, mid-deal (whoever holds the farm plays no hand, and
        # may hold it for the whole game).
        def to_draw() -> Bot | None:
            return next((b for b in bots if b.view is not None and b.view.phase is Phase.PLAY
                         and b.view.my_turn), None)

        await until(lambda: to_draw() is not None)
        victim = to_draw()
        assert victim is not None and victim.view is not None and victim.link.seat is not None
        deal, seat, token = victim.view.deal_no, victim.link.seat, victim.link.token
        victim.link.kill()
        table = next(iter(server.tables.values()))
        await until(lambda: sum(isinstance(m, Welcome) for m in victim.messages) == 2)
        welcomes = [m for m in victim.messages if isinstance(m, Welcome)]
        assert welcomes[1].seat == seat and welcomes[1].token == token
        assert any(isinstance(m, Closed) and m.retrying for m in victim.messages)
        await asyncio.wait_for(asyncio.gather(*(b.done.wait() for b in bots)), 30)
        assert all(isinstance(b.result, GameEnded) for b in bots)
        assert victim.view is not None and victim.view.deal_no >= deal
        assert victim.rtts  # it played again after coming back
        assert table.seats[seat].person and table.seats[seat].member is not None
        for bot in bots:
            await bot.close()
        await asyncio.gather(*tasks)
        await server.close()

    asyncio.run(asyncio.wait_for(main(), 60))


def test_a_restarted_host_resumes_its_table_and_clients_reconnect(tmp_path: Path) -> None:
    async def main() -> None:
        config = quick_config(data_dir=tmp_path)
        server = Server(config)
        port = await server.start()
        url = f"ws://127.0.0.1:{port}"
        bots = [Bot(url, f"P{i}", think=0.005) for i in range(3)]
        tasks = await seat_bots(url, {"rules": "lacombe+rotating", "seats": 5, "deals": 8, "ai": "normal",
                                      "pause_seconds": 1}, bots)
        code = bots[0].link.table
        assert code is not None
        table = server.tables[code]
        await until(lambda: table.match is not None and table.match.game.deal_no >= 3
                    and table.match.game.phase is Phase.PLAY)
        await server.close()  # the host goes down mid-deal
        saved = json.loads((tmp_path / f"{code}.json").read_text())
        assert saved["in_deal"] and saved["game"]["deal"] >= 2
        assert all(s["token_sha256"] != b.link.token for s, b in zip(saved["seats"], bots, strict=False))
        restarted = Server(quick_config(port=port, data_dir=tmp_path))
        await restarted.start()
        assert code in restarted.tables
        await asyncio.wait_for(asyncio.gather(*(b.done.wait() for b in bots)), 36)
        for bot in bots:
            assert isinstance(bot.result, GameEnded) and bot.result == bots[0].result
            assert sum(isinstance(m, Welcome) for m in bot.messages) == 2
        assert not (tmp_path / f"{code}.json").exists()  # a finished game's file is gone
        for bot in bots:
            await bot.close()
        await asyncio.gather(*tasks)
        await restarted.close()

    asyncio.run(asyncio.wait_for(main(), 75))
