"""Frame cost in a real window; with ``--per-scene``, frame times of every screen without one.

    .venv/bin/python tools/bench_render.py [--sizes 1920x1080,3840x2160] [--seconds 30]
                                           [--driver x11|dummy]
    .venv/bin/python tools/bench_render.py --per-scene [--sizes 1280x720,1920x1080,3840x2160]

By default, for each window size (each case in its own process), the game's own loop
(``App.run``: the real clock, SDL's events) plays two cases for ``--seconds`` after a
warm-up, and every frame presented (``pygame.display.flip`` or ``update``) is timed:

- ``reference``: a busy table drawn in full each frame: the demo below, but every frame drawn
  whole and presented whole, 60 times a second (what a table cost before it drew only what
  moved);
- ``demo``: a watched game of ten computer players (the kiosk's demo table, normal speed).

It prints the median and 99th percentile of the time between two presented frames of
consecutive loop steps while things move (the busy frames: a table at rest presents nothing,
and one where only a glow pulses presents its rectangle 12-15 times a second, by design; the
frames shown at rest are counted under "resting", and the wait after them is no frame's
cost), the same of the loop's own CPU time between them (which other work on the machine does
not swell), the game's CPU time per second, and that of the X server (when the run started
its own). The window is a real one where there is an X server: the one ``DISPLAY`` names, else
a virtual screen of the window's size started for the run (``Xvfb``); only without either is
it SDL's dummy display, where presenting costs
nothing. The first line says which.

With ``--per-scene`` (SDL's dummy driver), a game of 10 players is played at normal animation
speed by the stand-in player, and the time of every ``App.step`` (input, update, drawing,
flip) is recorded per scene; during the deal and the showdown extra chips are kept flying
from every seat so cards and chips are always in flight. Prints the median and 99th
percentile per scene, the peak memory (RSS), and the time from a cold start to the first
menu frame.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CASES = ("reference", "demo")
WARM_UP = 3.0
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

    from game.rules.events import FARM
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


def window(case: str, size: tuple[int, int], seconds: float) -> dict[str, float]:
    """Run ``case`` in this process's real loop; the time between presented frames (ms)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(ROOT))
    import random

    import pygame

    from scenes.app.loop import App
    from scenes.kiosk.demo import demo_setup, demo_table
    from scenes.navigator import Screens
    from scenes.store.settings import Settings
    from scenes.table.scene import MOVING_FPS

    class WholeFrames(App):
        """Every frame drawn and presented whole, as a busy table was."""

        def frame_due(self) -> bool:
            return True

        def pulse_rects(self) -> list[pygame.Rect] | None:
            return None

        def idle_wait(self) -> float:
            return 0.0

        def frame_rate(self) -> float:
            return MOVING_FPS  # every frame a busy one

    kind = WholeFrames if case == "reference" else App
    app = kind(Settings(animation_speed="normal"), size)
    Screens(app).play(demo_table(demo_setup(random.Random(1), 10, "foster", deals=100)))
    presents: list[tuple[int, float, float, bool]] = []
    """Each frame presented: the loop step, the time, the loop's CPU time, and whether the screen
    was at rest then (still, or only a glow pulsing at its gentle rate): the loop waits after such
    a frame, and the next comes when the wait ends (the code before had no rates, never waited)."""
    flip, update = pygame.display.flip, pygame.display.update

    def resting() -> bool:
        rate = getattr(app, "frame_rate", None)
        return rate is not None and rate() < MOVING_FPS

    def timed_flip() -> None:
        flip()
        presents.append((app.frames, time.perf_counter(), time.thread_time(), resting()))

    def timed_update(rects: list[pygame.Rect] | None = None) -> None:
        update(rects)
        presents.append((app.frames, time.perf_counter(), time.thread_time(), resting()))

    pygame.display.flip = timed_flip
    pygame.display.update = timed_update  # type: ignore[assignment]
    app.run(exit_after=WARM_UP)
    for _ in range(240):  # the music is rendered a little each frame at first
        if app.music.playing or not app.music.wanted:
            break
        app.running = True
        app.run(exit_after=0.5)
    presents.clear()
    wall, cpu = time.monotonic(), time.process_time()
    app.running = True
    app.run(exit_after=seconds)
    wall, cpu = time.monotonic() - wall, time.process_time() - cpu
    # The busy frames: presented in consecutive loop steps, both while things move (after a frame
    # at rest the loop waits, for the next glow's frame or the next move: that is no frame's cost;
    # those frames are counted apart).
    pairs = [(a, b) for a, b in itertools.pairwise(presents)
             if b[0] == a[0] + 1 and not a[3] and not b[3]]
    gaps = [(b[1] - a[1]) * 1000 for a, b in pairs]
    work = [(b[2] - a[2]) * 1000 for a, b in pairs]  # the loop's own CPU time: load does not swell it
    return {
        "p50": statistics.median(gaps) if gaps else 0.0,
        "p99": _quantile(gaps, 0.99) if gaps else 0.0,
        "cpu_p50": statistics.median(work) if work else 0.0,
        "cpu_p99": _quantile(work, 0.99) if work else 0.0,
        "frames": len(gaps),
        "resting": sum(1 for p in presents if p[3]),
        "presented": len(presents),
        "cpu_per_second": cpu / wall,
    }


def windows(args: argparse.Namespace) -> int:
    """Each size, each case in a fresh process, in a real window where one can be had."""
    sys.path.insert(0, str(ROOT))
    from tools.bench_idle import display, video_driver

    env = dict(os.environ)
    driver = video_driver(args.driver, env)
    print(
        f"ten players, SDL video driver {driver}"
        f" ({'a real window' if driver == 'x11' else 'no window'}), {args.seconds:g} s per case"
        f" after {WARM_UP:g} s; time between frames presented in consecutive loop steps"
    )
    for size in args.sizes.split(","):
        w, h = (int(x) for x in size.split("x"))
        with display(driver, env, (w, h)) as xvfb:
            where = f"X display {env['DISPLAY']}" if driver == "x11" else "dummy display"
            print(f"\n{size} ({where})")
            print(
                f"  {'case':<10} {'frames':>7} {'p50 ms':>7} {'p99 ms':>7} {'CPU p50':>8} {'CPU p99':>8}"
                f" {'CPU s/s':>8} {'X s/s':>6} {'resting':>8}"
            )
            for case in args.cases.split(","):
                cmd = [sys.executable, __file__, "--window", case, "--sizes", size]
                cmd += ["--seconds", str(args.seconds)]
                x0, t0 = _cpu_of(xvfb), time.monotonic()
                out = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
                x_load = (_cpu_of(xvfb) - x0) / (time.monotonic() - t0)
                r = json.loads(out.stdout.strip().splitlines()[-1])
                print(
                    f"  {case:<10} {r['frames']:>7.0f} {r['p50']:>7.1f} {r['p99']:>7.1f} {r['cpu_p50']:>8.1f}"
                    f" {r['cpu_p99']:>8.1f} {r['cpu_per_second']:>8.3f} "
                    + (f"{x_load:>6.3f}" if xvfb is not None else f"{'-':>6}")
                    + f" {r['resting']:>8.0f}",
                    flush=True,
                )
    return 0


def _cpu_of(process: subprocess.Popen[bytes] | None) -> float:
    """CPU seconds ``process`` (the X server started for the run) has used, where Linux tells."""
    if process is None:
        return 0.0
    try:
        fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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
    p.add_argument("--sizes", help="window sizes, comma-separated (default 1920x1080,3840x2160;"
                   " with --per-scene 1280x720,1920x1080,3840x2160)")
    p.add_argument("--seconds", type=float, default=30.0, help="seconds per case in a window")
    p.add_argument("--cases", default=",".join(CASES), help="cases in a window, comma-separated")
    p.add_argument("--driver", choices=("x11", "dummy"), help="x11 (a real window) when one can be had")
    p.add_argument("--per-scene", action="store_true", help="frame times per scene, no window")
    p.add_argument("--players", type=int, default=10)
    p.add_argument("--deals", type=int, default=2)
    p.add_argument("--one", help=argparse.SUPPRESS)
    p.add_argument("--window", help=argparse.SUPPRESS)  # the child process's own case
    args = p.parse_args(argv)
    if args.window:
        w, h = (int(x) for x in args.sizes.split("x"))
        print(json.dumps(window(args.window, (w, h), args.seconds)))
        return 0
    if not args.per_scene and not args.one:
        args.sizes = args.sizes or "1920x1080,3840x2160"
        return windows(args)
    args.sizes = args.sizes or "1280x720,1920x1080,3840x2160"
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
