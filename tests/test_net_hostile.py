"""A hostile client over real sockets: it tries to read other seats' cards, act for another seat or out
of turn, and sends garbage, huge and rapid messages. Each is refused with an error; the game goes on."""

from __future__ import annotations

import asyncio
import json

from websockets.exceptions import ConnectionClosed

from game.net.bot import Bot
from game.net.client import open_connection
from game.net.protocol import MAX_FRAME_BYTES, Update, act_message, opening_message
from game.net.server import Server, ServerConfig
from game.rules.actions import DRAW, STAND, Action
from game.rules.agents import ThresholdAgent
from game.rules.events import Busted, CardDealt, GameEnded, Stood
from game.rules.phase import Phase
from game.rules.view import View


def codes(bot: Bot) -> list[str]:
    """The codes of the errors answering the test's own messages (not the bot's moves, not the flood)."""
    return [e.code for e in bot.errors if e.ref is None or e.ref in (10001, 10002)]


def flood(bot: Bot) -> list[str]:
    """The codes of every error (a message refused as too fast is not read, so its ref is unknown)."""
    return [e.code for e in bot.errors]


def test_a_hostile_client_is_refused_and_the_others_play_on() -> None:
    async def main() -> None:
        server = Server(ServerConfig(port=0, rate_per_second=100.0, rate_burst=60))
        url = f"ws://127.0.0.1:{await server.start()}"
        bots = [Bot(url, f"P{i}", think=0.05) for i in range(2)] + [Bot(url, "P2", think=0.1)]
        hostile = bots[2]
        hostile.agent = SneakyAgent(hostile)
        tasks = [asyncio.create_task(b.run()) for b in bots]
        bots[0].create({"rules": "foster", "seats": 5, "deals": 4, "ai": "easy", "pause_seconds": 1})
        await bots[0].welcomed.wait()
        code = bots[0].link.table
        assert code is not None
        for bot in bots[1:]:
            bot.join(code)
            await bot.welcomed.wait()

        # Before the start: only the host may start; a joined seat cannot join again.
        hostile.link.send({"type": "start"})
        hostile.link.send(opening_message("join", table=code, name="again"))
        await until(lambda: len(codes(hostile)) >= 2)
        assert codes(hostile)[:2] == ["not_host", "not_now"]
        bots[0].start()

        # Out of turn, and for another seat.
        # (the other people think for 50 ms: time enough for two messages on the loopback)
        await until(lambda: hostile.view is not None and hostile.view.phase is Phase.PLAY
                    and hostile.view.to_act in (0, 1))
        other = hostile.view.to_act if hostile.view else 0
        hostile.link.send(act_message(DRAW, ref=10001))
        hostile.link.send(act_message(DRAW, ref=10002, seat=other))
        await until(lambda: len(codes(hostile)) >= 4)
        assert codes(hostile)[2:4] == ["not_your_turn", "not_your_seat"]

        # Garbage of every kind, a message over the limit, an illegal call.
        ws = hostile.link.ws
        assert ws is not None
        for junk in ("}{", "[1,2]", '{"type": "eval", "code": "import os"}', b"\x80\x81",
                     '{"type": "act", "action": {"kind": "bid", "amount": 1e9}}',
                     json.dumps({"type": "ping", "pad": "x" * 5000})):
            await ws.send(junk)
        await until(lambda: len(codes(hostile)) >= 10)
        assert codes(hostile)[4:10] == ["bad_json", "bad_json", "bad_message", "bad_json", "bad_message",
                                        "too_big"]
        assert any("binary frames" in e.message for e in hostile.errors)
        assert all(e.message for e in hostile.errors)

        # A flood: past the burst, refused as too fast.
        for i in range(150):
            await ws.send(json.dumps({"type": "ping", "ref": i}))
        await until(lambda: "too_fast" in flood(hostile))

        # On its own turn, an illegal call (see SneakyAgent).
        await until(lambda: any(e.ref == 10099 for e in hostile.errors), limit=10)
        assert [e.code for e in hostile.errors if e.ref == 10099] == ["illegal"]
        assert "not allowed" in next(e.message for e in hostile.errors if e.ref == 10099)

        # A frame too large to read closes that connection only; it comes back with its token.
        await ws.send("x" * (MAX_FRAME_BYTES + 10))
        await asyncio.wait_for(asyncio.gather(*(b.done.wait() for b in bots)), 45)
        for i, bot in enumerate(bots):
            assert isinstance(bot.result, GameEnded)
            for event in bot.events:
                if isinstance(event, CardDealt) and event.seat != i:
                    assert event.card is None
                assert not isinstance(event, Stood | Busted) or event.seat == i
            for msg in bot.messages:
                if isinstance(msg, Update) and msg.view.shown_hands is None:
                    assert msg.view.seat == i
        assert bots[0].errors == [] and bots[1].errors == []

        # A stranger with a made-up token, or a wrong table, gets nothing.
        stranger = await open_connection(url)
        await stranger.send(json.dumps(opening_message("resume", table=code, token="guess")))
        await stranger.send(json.dumps(opening_message("watch", table="NOPE1")))
        await stranger.send(json.dumps(act_message(STAND)))
        replies = [json.loads(await stranger.recv()) for _ in range(3)]
        assert [r["code"] for r in replies] == ["bad_token", "no_table", "not_now"]
        await stranger.close()
        for bot in bots:
            await bot.close()
        await asyncio.gather(*tasks)
        await server.close()

    asyncio.run(asyncio.wait_for(main(), 75))


def test_a_silent_connection_is_closed_and_oversized_frames_close_only_their_connection() -> None:
    async def main() -> None:
        server = Server(ServerConfig(port=0))
        url = f"ws://127.0.0.1:{await server.start()}"
        ws = await open_connection(url)
        await ws.send("y" * (MAX_FRAME_BYTES + 1))
        try:
            await asyncio.wait_for(ws.recv(), 5)
        except ConnectionClosed as exc:
            assert exc.rcvd is not None and exc.rcvd.code == 1009
        other = await open_connection(url)
        await other.send(json.dumps(opening_message("list")))
        assert json.loads(await other.recv())["type"] == "tables"
        await other.close()
        await server.close()

    asyncio.run(asyncio.wait_for(main(), 10))


async def until(check: object, limit: float = 24.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while not check():  # type: ignore[operator]
        assert loop.time() < end, "timed out"
        await asyncio.sleep(0.005)



class SneakyAgent:
    """Plays as a threshold player, but first tries an illegal bid on its first turn."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.base = ThresholdAgent()
        self.tried = False

    def choose(self, view: View) -> Action:
        if not self.tried:
            # Every seat is called in the first auction; a bid beyond its chips is illegal there,
            # as any bid is in the deal.
            self.tried = True
            self.bot.link.send({"type": "act", "action": {"kind": "bid", "amount": 100000}, "ref": 10099})
        return self.base.choose(view)
