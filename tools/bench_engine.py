"""Benchmark the engine: complete deals per second for 6 threshold players, and time per apply.

    .venv/bin/python tools/bench_engine.py [--deals N] [--repeat R]

Four modes: (a) events and log off, (b) events on, (c) events and log on, (d) as (c) and
every record written as a JSON Lines line to a temporary file. The process is pinned to
one core where the system allows it, and the best of ``--repeat`` runs is reported.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

# Run from anywhere: the repository root holds the game package.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.agents import ThresholdAgent
from game.deallog import write_records
from game.engine import Game
from game.runner import play_deal

PLAYERS = 6
# Chips nobody can lose in a benchmark, so the game never ends for want of players.
ENDLESS_CHIPS = 10**12
# Records kept in memory before they are dropped (or written), so memory stays flat.
BATCH = 1000


def _agents() -> list[ThresholdAgent]:
    return [ThresholdAgent(11 + seat % 5, 0.25 + 0.1 * seat) for seat in range(PLAYERS)]


def _game(events: bool, log: bool, seed: int) -> Game:
    names = [f"P{seat}" for seat in range(PLAYERS)]
    return Game(names, chips=ENDLESS_CHIPS, seed=seed, record_events=events, keep_log=log)


def deals_per_second(deals: int, events: bool, log: bool, out: TextIO | None, seed: int = 1) -> float:
    """Play ``deals`` complete deals in one game and return deals per second."""
    game = _game(events, log, seed)
    agents = _agents()
    start = time.perf_counter()
    for i in range(deals):
        play_deal(game, agents)
        if log and (i + 1) % BATCH == 0:
            if out is not None:
                write_records(game.log, out)
            game.log.clear()
    if out is not None:
        write_records(game.log, out)
        out.flush()
    return deals / (time.perf_counter() - start)


def apply_time(deals: int, seed: int = 1) -> tuple[float, int]:
    """Mean seconds per ``Game.apply`` call (events and log off), and how many calls were timed.

    Each call is timed on its own; the cost of reading the clock is measured and taken off.
    """
    game = _game(False, False, seed)
    agents = _agents()
    clock = time.perf_counter
    spent = 0.0
    calls = 0
    for _ in range(deals):
        game.next_deal()
        while game.to_act is not None:
            seat = game.to_act
            action = agents[seat].choose(game.view_for(seat))
            t0 = clock()
            game.apply(action)
            spent += clock() - t0
            calls += 1
    t0 = clock()
    for _ in range(calls):
        clock()
    overhead = (clock() - t0) / calls if calls else 0.0
    return max(spent / calls - overhead, 0.0) if calls else 0.0, calls


def _pin_one_core() -> str:
    if hasattr(os, "sched_setaffinity"):
        try:
            core = min(os.sched_getaffinity(0))
            os.sched_setaffinity(0, {core})
            return f"pinned to core {core}"
        except OSError:
            pass
    return "not pinned (no affinity control here)"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print one line per mode."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=20_000, help="deals per run (default 20000)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per mode; the best counts (default 3)")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.repeat < 1:
        parser.error("--deals and --repeat must be at least 1")
    print(f"{PLAYERS} players, ThresholdAgent, {args.deals} deals per run, best of {args.repeat};"
          f" {_pin_one_core()}")
    with tempfile.TemporaryDirectory() as tmp:
        modes = [
            ("(a) events off, log off", False, False, False),
            ("(b) events on", True, False, False),
            ("(c) events on, log on", True, True, False),
            ("(d) events, log, JSON Lines file", True, True, True),
        ]
        for label, events, log, write in modes:
            best = 0.0
            for run in range(args.repeat):
                if write:
                    with open(Path(tmp) / f"bench{run}.jsonl", "w", encoding="utf-8") as out:
                        rate = deals_per_second(args.deals, events, log, out)
                else:
                    rate = deals_per_second(args.deals, events, log, None)
                best = max(best, rate)
            print(f"{label:36} {best:10,.0f} deals/s")
    mean, calls = apply_time(min(args.deals, 20_000))
    print(f"{'mean time per apply (events off)':36} {mean * 1e6:10.2f} µs over {calls:,} calls")
    return 0


if __name__ == "__main__":
    sys.exit(main())
