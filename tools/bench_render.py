"""Frame times of every screen, start-up time and memory, with no display (SDL's dummy driver).

    .venv/bin/python tools/bench_render.py [--sizes 1280x720,1920x1080,3840x2160] [--players 10]

For each window size (each in its own process, so memory is its own) a game of 10 players
is played at normal animation speed by the stand-in player, and the time of every
``App.step`` (input, update, drawing, flip) is recorded per scene; during the deal and the
showdown extra chips are kept flying from every seat so cards and chips are always in
flight. Prints the median and 99th percentile per scene, the peak memory (RSS), and the
time from a cold start to the first menu frame.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {"1920x1080": 4.0, "3840x2160": 16.0}
"""p99 targets in milliseconds."""


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(size: tuple[int, int], players: int, deals: int) -> dict[str, object]:
    """Play and time; returns per-scene frame times (ms) and the peak RSS (MB)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(ROOT))
    import pygame

    from game.events import FARM
    from scenes.app.loop import App
    from scenes.navigator import Screens, start_game
    from scenes.screens.menu import MenuScene
    from scenes.screens.pause import PauseScene
    from scenes.store.settings import Settings
    from scenes.table.setup import Setup
    from tools.driver import keys_for, table_on

    dt = 1 / 60
    app = App(Settings(animation_speed="normal"), size)
    times: dict[str, list[float]] = {}

    def step(events: list[pygame.event.Event], label: str | None = None) -> None:
        name = label or (app.stack.top.name if app.stack.top is not None else "none")
        t0 = time.perf_counter()
        app.step(dt, events)
        times.setdefault(name, []).append((time.perf_counter() - t0) * 1000)

    app.stack.push(MenuScene(app, Screens(app)))
    for _ in range(120):
        step([])
    start_game(app, Setup.for_players(players, seed=7, deals=deals))
    frames = 0
    while app.stack.top is not None and app.stack.top.name != "gameover" and frames < 60 * 60 * 6:
        top = app.stack.top
        scene = table_on(app)
        if scene is not None and top.name in ("deal", "showdown") and frames % 90 == 0:
            table = scene.table
            if len(table.flying) < 40:
                # Keep chips in the air without changing the counts: out and back again.
                seat = frames // 90 % players
                table.move_chips(seat, FARM, 4, None)
                table.move_chips(FARM, seat, 4, None)
        if scene is not None and top.name == "deal" and frames % 400 == 200:
            app.stack.push(PauseScene(app, Screens(app), scene.source))
            for _ in range(60):
                step([], "pause")
            app.stack.pop()
        if top.name == "ledger":
            for _ in range(90):
                step([])
        step(keys_for(app))
        frames += 1
    for _ in range(60):
        step([])
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {
        "scenes": {
            name: {"frames": len(v), "median": statistics.median(v), "p99": _quantile(v, 0.99)}
            for name, v in times.items()
        },
        "rss_mb": rss_mb,
    }


STARTUP = """
import time
t0 = time.perf_counter()
import os
os.environ.setdefault("SDL_VIDEODRIVER", "dummy"); os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
from scenes.navigator import Screens
from scenes.app.loop import App
from scenes.screens.menu import MenuScene
app = App(size=(1920, 1080))
app.stack.push(MenuScene(app, Screens(app)))
app.step(1 / 60, [])
print(time.perf_counter() - t0)
"""


def startup() -> tuple[float, float]:
    """Seconds to the first menu frame: inside the process, and for the whole process from exec."""
    t0 = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", STARTUP], cwd=ROOT, capture_output=True, text=True, check=True
    )
    wall = time.perf_counter() - t0
    return float(out.stdout.strip().splitlines()[-1]), wall


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the table."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", default="1280x720,1920x1080,3840x2160")
    p.add_argument("--players", type=int, default=10)
    p.add_argument("--deals", type=int, default=2)
    p.add_argument("--one", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.one:
        w, h = (int(x) for x in args.one.split("x"))
        print(json.dumps(measure((w, h), args.players, args.deals)))
        return 0
    ok = True
    for size in args.sizes.split(","):
        cmd = [
            sys.executable,
            __file__,
            "--one",
            size,
            "--players",
            str(args.players),
            "--deals",
            str(args.deals),
        ]
        out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=True)
        result = json.loads(out.stdout.strip().splitlines()[-1])
        print(f"\n{size}, {args.players} players: peak RSS {result['rss_mb']:.0f} MB")
        print(f"  {'scene':<10} {'frames':>7} {'median ms':>10} {'p99 ms':>8}")
        worst = 0.0
        for name, s in result["scenes"].items():
            print(f"  {name:<10} {s['frames']:>7} {s['median']:>10.2f} {s['p99']:>8.2f}")
            if name != "none":
                worst = max(worst, s["p99"])
        target = TARGETS.get(size)
        if target is not None:
            verdict = "ok" if worst < target else "OVER"
            ok = ok and worst < target
            print(f"  worst p99 {worst:.2f} ms (target < {target:.0f} ms: {verdict})")
    inside, wall = startup()
    print(
        f"\nstart-up to the first menu frame (1920x1080): {inside * 1000:.0f} ms in the process, "
        f"{wall * 1000:.0f} ms with the interpreter's own start (target < 400 ms)"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
