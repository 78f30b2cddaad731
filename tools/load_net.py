"""Load test of the table server: many tables of bot clients against one host process, on loopback.

    python -m tools.load_net --tables 20 --people 3 --seats 6 --think 0.5 --seconds 20
    python -m tools.load_net --sweep 10,40,80,160 --seconds 15

Starts ``farmer-server`` (``game.net.server``) as a separate process on 127.0.0.1 with a free
port, opens ``--tables`` tables, each with ``--people`` bot clients (the AI plays the other
seats), and lets them play for ``--seconds``; a table whose game ends starts another. Each bot
waits ``--think`` seconds before a move, as a quick person would. Prints the tables, the
clients, the actions played, and the action→update round trip (p50, p99, max), measured by the
bots from sending an action to the update that answers it. Everything stays on this machine
and stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence

from game.net.bot import Bot


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
        bots = [Bot(url, f"T{index}P{p}", think=think * rng.uniform(0.5, 1.5)) for p in range(people)]
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
        finally:
            for bot in bots:
                rtts.extend(bot.rtts)
                await bot.close()
            await asyncio.gather(*tasks, return_exceptions=True)


async def load(url: str, tables: int, people: int, seats: int, level: str, think: float,
               seconds: float) -> tuple[list[float], int]:
    """Run ``tables`` tables for ``seconds``; returns the round trips and the games finished."""
    loop = asyncio.get_running_loop()
    stop_at = loop.time() + seconds
    rtts: list[float] = []
    games = [0]
    runs = []
    for i in range(tables):
        runs.append(asyncio.create_task(run_table(url, i, people, seats, level, think, stop_at, rtts, games)))
        await asyncio.sleep(min(0.02, think / max(1, tables)))  # stagger the openings
    await asyncio.gather(*runs)
    return rtts, games[0]


def start_server() -> tuple[subprocess.Popen[str], str]:
    """A ``farmer-server`` process on a free loopback port, and its address."""
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
    args = parser.parse_args(argv)
    if not 1 <= args.people <= args.seats <= 10 or args.seconds <= 0 or args.seconds > 600:
        parser.error("need 1 <= people <= seats <= 10 and 0 < seconds <= 600")
    counts = [int(c) for c in args.sweep.split(",") if c.strip()] or [args.tables]
    print(f"{'tables':>6} {'clients':>7} {'actions':>8} {'act/s':>7} {'games':>5} "
          f"{'p50 ms':>7} {'p99 ms':>7} {'max ms':>7}")
    best = 0
    for tables in counts:
        proc, url = start_server()
        try:
            t0 = time.monotonic()
            rtts, games = asyncio.run(load(url, tables, args.people, args.seats, args.level, args.think,
                                           args.seconds))
            elapsed = time.monotonic() - t0
        finally:
            proc.terminate()
            proc.wait(5)
        p99 = percentile(rtts, 0.99) * 1000
        print(f"{tables:>6} {tables * args.people:>7} {len(rtts):>8} {len(rtts) / elapsed:>7.0f} {games:>5} "
              f"{percentile(rtts, 0.5) * 1000:>7.1f} {p99:>7.1f} {max(rtts, default=0) * 1000:>7.1f}",
              flush=True)
        if rtts and p99 < 50:
            best = max(best, tables)
        if rtts and statistics.median(rtts) > 1.0:
            break  # far past what the host can hold: stop the sweep
    print(f"most tables with p99 < 50 ms: {best}" if best else "no run had p99 < 50 ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
