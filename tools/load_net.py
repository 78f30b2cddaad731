"""Load test of the table server: many tables of bot clients against one host process, on loopback.

    python -m tools.load_net --tables 20 --people 3 --seats 6 --think 0.5 --seconds 20
    python -m tools.load_net --sweep 10,40,80,160 --seconds 15
    python -m tools.load_net --tables 100 --hostile --seconds 20
    python -m tools.load_net --http-flood ws://127.0.0.1:8765 --requests 200

Starts ``farmer-server`` (``game.net.server``) as a separate process on 127.0.0.1 with a free
port, opens ``--tables`` tables, each with ``--people`` bot clients (the AI plays the other
seats), and lets them play for ``--seconds``; a table whose game ends starts another. Each bot
waits ``--think`` seconds before a move, as a quick person would. Prints the tables, the
clients, the actions played, and the action→update round trip (p50, p99, max), measured by the
bots from sending an action to the update that answers it. Everything stays on this machine
and stops by itself.

With ``--hostile`` each table count runs twice on fresh servers: the honest bots alone, then
the same with a hostile process beside them (``--attack URL``, from 127.0.0.2): connections
sending garbage as fast as the socket takes it, AI-only tables of ten seats with no pause
watched one after another, connections that open and idle, and a flood of hostile HTTP
requests on 32 connections at a time. It prints both rows and the
ratio of the honest p99 with the attack to the p99 without it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import statistics
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Sequence
from dataclasses import dataclass

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from game.net.bot import Bot
from game.net.protocol import MAX_SERVER_MESSAGE_BYTES, opening_message

HOSTILE_ADDRESS = "127.0.0.2"
"""Where the hostile process connects from (a loopback address of its own, as a stranger's)."""
GARBAGE = (
    "}{", "[1,2]", "null", '{"type": "eval"}', "x" * 3000, "[" * 2000 + "]" * 2000,
    '{"type": "list", "version": 1.0}', '{"type": "ping", "ref": ' + "9" * 1000 + "}",
    '{"type": "act", "action": {"kind": "bid", "amount": 1e308}}', '{"a": 1, "a": 2}',
)
"""What the garbage connections send, round and round."""
HOSTILE_HTTP = (
    b"GET / HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET /../../etc/passwd HTTP/1.1\r\n\r\n",
    b"GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\n\r\n",
    b"GET /i18n/fr.json HTTP/1.1\r\n\r\n",
    b"POST / HTTP/1.1\r\n\r\n",
    b"GARBAGE\r\n\r\n",
    b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\n\r\n",
)
"""What the HTTP flood sends, round and round: the page, paths out of it, a method it refuses,
garbage and an over-long request line."""


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


async def run_table(url: str, index: int, people: int, seats: int, level: str, think: float,
                    stop_at: float, rtts: list[float], games: list[int]) -> None:
    """Keep one table playing until ``stop_at``: open it, seat the bots, play games one after another."""
    loop = asyncio.get_running_loop()
    rng = random.Random(index)
    while loop.time() < stop_at:
        # Each table's people come from an address of their own, as people at home do.
        home = f"127.0.{1 + index // 250}.{1 + index % 250}"
        bots = [Bot(url, f"T{index}P{p}", think=think * rng.uniform(0.5, 1.5), local_host=home)
                for p in range(people)]
        tasks = [asyncio.create_task(b.run()) for b in bots]
        try:
            bots[0].create({"rules": rng.choice(["foster", "lacombe", "ferme", "foster+rotating"]),
                            "seats": seats, "deals": 100, "ai": level, "pause_seconds": 2})
            await asyncio.wait_for(bots[0].welcomed.wait(), 10)
            code = bots[0].link.table
            assert code is not None
            for bot in bots[1:]:
                bot.join(code)
                await asyncio.wait_for(bot.welcomed.wait(), 10)
            bots[0].start()
            remaining = stop_at - loop.time()
            if remaining > 0:
                try:
                    await asyncio.wait_for(asyncio.gather(*(b.done.wait() for b in bots)), remaining)
                    games[0] += 1
                except TimeoutError:
                    pass
        except (TimeoutError, AssertionError):
            games[1] += 1  # the table could not be opened or joined within 10 s: the honest harmed
        finally:
            for bot in bots:
                rtts.extend(bot.rtts)
                await bot.close()
            await asyncio.gather(*tasks, return_exceptions=True)


async def load(url: str, tables: int, people: int, seats: int, level: str, think: float,
               seconds: float, first: int = 0) -> tuple[list[float], int]:
    """Run ``tables`` tables for ``seconds`` (numbered from ``first``: each number's people have an
    address of their own); returns the round trips and the games finished."""
    loop = asyncio.get_running_loop()
    stop_at = loop.time() + seconds
    rtts: list[float] = []
    games = [0, 0]
    runs = []
    for i in range(first, first + tables):
        runs.append(asyncio.create_task(run_table(url, i, people, seats, level, think, stop_at, rtts, games)))
        await asyncio.sleep(min(0.02, think / max(1, tables)))  # stagger the openings
    await asyncio.gather(*runs)
    if games[1]:
        print(f"load_net: {games[1]} tables could not be opened within 10 s", flush=True)
    return rtts, games[0]


async def _hostile_connect(url: str) -> ClientConnection:
    return await connect(url, compression=None, max_size=MAX_SERVER_MESSAGE_BYTES, proxy=None,
                         open_timeout=5, local_addr=(HOSTILE_ADDRESS, 0))


async def _drain(ws: ClientConnection) -> None:
    with contextlib.suppress(ConnectionClosed):
        async for _ in ws:
            pass


async def garbage(url: str, stop_at: float) -> None:
    """One connection after another sending garbage as fast as the socket takes it."""
    loop = asyncio.get_running_loop()
    n = 0
    while loop.time() < stop_at:
        try:
            ws = await _hostile_connect(url)
        except (OSError, TimeoutError, InvalidHandshake):
            await asyncio.sleep(0.1)
            continue
        reader = asyncio.create_task(_drain(ws))
        with contextlib.suppress(ConnectionClosed):
            while loop.time() < stop_at and not reader.done():
                await ws.send(GARBAGE[n % len(GARBAGE)])
                n += 1
        reader.cancel()
        with contextlib.suppress(ConnectionClosed):
            await ws.close()


async def watched_ai_tables(url: str, stop_at: float) -> None:
    """AI-only tables of ten seats with no pause, each watched, one after another."""
    loop = asyncio.get_running_loop()
    settings = {"seats": 10, "deals": None, "minutes": 1, "chips": 10000, "pause_seconds": 0,
                "ai": "expert"}
    while loop.time() < stop_at:
        try:
            host = await _hostile_connect(url)
            await host.send(json.dumps(opening_message("create", name="Anne", settings=settings)))
            code = None
            while code is None:
                msg = json.loads(await asyncio.wait_for(host.recv(), 5))
                if msg["type"] == "error":
                    raise ConnectionError(msg["message"])
                if msg["type"] == "welcome":
                    code = msg["table"]
            watcher = await _hostile_connect(url)
            await watcher.send(json.dumps(opening_message("watch", table=code)))
            await host.send(json.dumps({"type": "start"}))
            await host.send(json.dumps({"type": "leave"}))
            await asyncio.wait_for(_drain(watcher), max(0.1, stop_at - loop.time()))
        except (OSError, TimeoutError, ConnectionError, InvalidHandshake, ConnectionClosed, ValueError):
            await asyncio.sleep(0.5)


async def idlers(url: str, stop_at: float) -> None:
    """Connections that say ``list`` and then idle, opened again as the server closes them."""
    loop = asyncio.get_running_loop()
    while loop.time() < stop_at:
        try:
            ws = await _hostile_connect(url)
            await ws.send(json.dumps(opening_message("list")))
            await asyncio.wait_for(_drain(ws), max(0.1, stop_at - loop.time()))
        except (OSError, TimeoutError, InvalidHandshake, ConnectionClosed):
            await asyncio.sleep(1.0)


@dataclass
class HttpFlood:
    """An HTTP flood's count: the requests sent and those answered with an HTTP status line."""

    tried: int = 0
    answered: int = 0


async def http_flood(url: str, stop_at: float, count: HttpFlood, wanted: int | None = None,
                     workers: int = 32) -> None:
    """``workers`` connections at a time each sending one of :data:`HOSTILE_HTTP` to the server at
    ``url``'s host and port and waiting at most 1 s for its answer, until ``stop_at`` or until
    ``wanted`` requests are sent; ``count`` keeps the tally."""
    address = urllib.parse.urlsplit(url)
    host, port = address.hostname or "127.0.0.1", address.port or 80
    loop = asyncio.get_running_loop()

    async def one(i: int) -> None:
        count.tried += 1
        writer = None
        try:
            reader, writer = await asyncio.open_connection(host, port, local_addr=(HOSTILE_ADDRESS, 0))
            writer.write(HOSTILE_HTTP[i % len(HOSTILE_HTTP)])
            async with asyncio.timeout(1.0):
                data = await reader.read()
            count.answered += data.startswith(b"HTTP/1.1 ")
        except (OSError, TimeoutError):
            pass
        finally:
            if writer is not None:
                writer.close()

    async def worker(i: int) -> None:
        while (wanted is None or count.tried < wanted) and loop.time() < stop_at:
            await one(i)
            i += 1

    await asyncio.gather(*(worker(n) for n in range(workers)))


async def attack(url: str, seconds: float, noisy: int = 50, tables: int = 10, idle: int = 20) -> None:
    """The hostile process: ``noisy`` garbage connections, ``tables`` watched AI-only tables at a
    time, ``idle`` idling connections and an HTTP flood on 32 connections, for ``seconds``."""
    stop_at = asyncio.get_running_loop().time() + seconds
    await asyncio.gather(
        *(garbage(url, stop_at) for _ in range(noisy)),
        *(watched_ai_tables(url, stop_at) for _ in range(tables)),
        *(idlers(url, stop_at) for _ in range(idle)),
        http_flood(url, stop_at, HttpFlood()),
    )


async def flood_only(url: str, seconds: float, wanted: int | None) -> HttpFlood:
    """Only the HTTP flood: ``wanted`` requests, or as many as ``seconds`` allow."""
    count = HttpFlood()
    await http_flood(url, asyncio.get_running_loop().time() + seconds, count, wanted)
    return count


def start_server() -> tuple[subprocess.Popen[str], str]:
    """A ``farmer-server`` process on a free loopback port, and its address."""
    # The per-address caps are the server's own: each table's bots come from an address of
    # their own (127.0.x.y), the hostile process from 127.0.0.2.
    proc = subprocess.Popen(
        [sys.executable, "-m", "game.net.server", "--port", "0", "--no-save", "--quiet",
         "--max-tables", "2000", "--max-clients", "20000"],
        stdout=subprocess.PIPE, text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if "listening on" not in line:
        proc.kill()
        raise SystemExit(f"load_net: the server did not start: {line.strip()!r}")
    return proc, line.split("listening on ")[1].split()[0]


def run_once(tables: int, hostile: bool, args: argparse.Namespace) -> tuple[list[float], int, float]:
    """One run on a fresh server (with the hostile process beside it if ``hostile``): the round
    trips, the games finished and the seconds it took."""
    proc, url = start_server()
    attacker = None
    try:
        if hostile:
            attacker = subprocess.Popen(
                [sys.executable, "-m", "tools.load_net", "--attack", url, "--seconds", str(args.seconds + 5)],
            )
            time.sleep(3.0)  # the attack is under way before the honest tables open
        t0 = time.monotonic()
        rtts, games = asyncio.run(load(url, tables, args.people, args.seats, args.level, args.think,
                                       args.seconds))
        return rtts, games, time.monotonic() - t0
    finally:
        if attacker is not None:
            attacker.terminate()
            attacker.wait(10)
        proc.terminate()
        proc.wait(5)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the load test; prints one line per table count."""
    parser = argparse.ArgumentParser(prog="load_net", description="Load test of the table server.")
    parser.add_argument("--tables", type=int, default=20, help="tables at once (20)")
    parser.add_argument("--sweep", default="", help="table counts, e.g. 10,40,80 (instead of --tables)")
    parser.add_argument("--people", type=int, default=3, help="bot clients per table (3)")
    parser.add_argument("--seats", type=int, default=6, help="seats per table; the AI plays the rest (6)")
    parser.add_argument("--level", default="normal", help="the AI level of the other seats (normal)")
    parser.add_argument("--think", type=float, default=0.5, help="seconds a bot waits before a move (0.5)")
    parser.add_argument("--seconds", type=float, default=15.0, help="seconds each run lasts (15)")
    parser.add_argument("--hostile", action="store_true",
                        help="run each count again with a hostile process beside the bots")
    parser.add_argument("--repeat", type=int, default=1,
                        help="with --hostile: run each pair this many times, alone and attacked in turn (1)")
    parser.add_argument("--attack", metavar="URL", help=argparse.SUPPRESS)
    parser.add_argument("--http-flood", metavar="URL",
                        help="only flood the server at URL with hostile HTTP from 127.0.0.2 for --seconds "
                             "or --requests; prints the requests sent and those answered")
    parser.add_argument("--requests", type=int, default=None, help="with --http-flood: stop after this many")
    args = parser.parse_args(argv)
    if args.attack:
        asyncio.run(attack(args.attack, args.seconds))
        return 0
    if args.http_flood:
        count = asyncio.run(flood_only(args.http_flood, args.seconds, args.requests))
        print(count.tried, count.answered, flush=True)
        return 0
    if not 1 <= args.people <= args.seats <= 10 or args.seconds <= 0 or args.seconds > 600:
        parser.error("need 1 <= people <= seats <= 10 and 0 < seconds <= 600")
    counts = [int(c) for c in args.sweep.split(",") if c.strip()] or [args.tables]
    print(f"{'tables':>6} {'clients':>7} {'hostile':>7} {'actions':>8} {'act/s':>7} {'games':>5} "
          f"{'p50 ms':>7} {'p99 ms':>7} {'max ms':>7}")
    best = 0
    for tables in counts:
        p99s: dict[bool, list[float]] = {False: [], True: []}
        rtts: list[float] = []
        for _ in range(args.repeat if args.hostile else 1):
            for hostile in [False, True] if args.hostile else [False]:
                rtts, games, elapsed = run_once(tables, hostile, args)
                p99 = percentile(rtts, 0.99) * 1000
                p99s[hostile].append(p99)
                print(f"{tables:>6} {tables * args.people:>7} {'yes' if hostile else 'no':>7} {len(rtts):>8} "
                      f"{len(rtts) / elapsed:>7.0f} {games:>5} {percentile(rtts, 0.5) * 1000:>7.1f} "
                      f"{p99:>7.1f} {max(rtts, default=0) * 1000:>7.1f}", flush=True)
        alone = statistics.median(p99s[False])
        if args.hostile:
            attacked = statistics.median(p99s[True])
            print(f"honest p99 alone {alone:.1f} ms, beside the hostile process {attacked:.1f} ms "
                  f"(median of {len(p99s[True])}): {attacked / alone:.2f}x", flush=True)
        if rtts and alone < 50:
            best = max(best, tables)
        if rtts and statistics.median(rtts) > 1.0:
            break  # far past what the host can hold: stop the sweep
    print(f"most tables with p99 < 50 ms: {best}" if best else "no run had p99 < 50 ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
