"""What a screen costs when nobody touches it: CPU-seconds per second of the real loop.

    .venv/bin/python tools/bench_idle.py [--size 1920x1080] [--seconds 20] [--only menu,demo]
                                         [--driver x11|dummy]

Runs the game's own loop (``App.run``: the real clock, SDL's events) in a child process per
case and prints the CPU time it used per second of wall time, after a few seconds of warming
up and once the music (rendered a little each frame at first) plays:

- ``reference``: a loop that only reads events at 60 frames a second (the floor);
- ``turn``: ten players, the game waiting for the person's bid (the turn glow pulsing);
- ``menu``: the main menu left alone;
- ``table``: a game whose every seat is played by the computer, watched (cards moving);
- ``demo``: the kiosk's attract loop (title card, how to play, a demo game).

The window is a real one where there is an X server: the one ``DISPLAY`` names, else a
virtual screen of the window's size started for the run (``Xvfb``, when installed); only
without either is it SDL's dummy display, where presenting a frame costs nothing. The first
line says which.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CASES = ("reference", "turn", "menu", "table", "demo")
WARM_UP = 3.0


def _size(text: str) -> tuple[int, int]:
    w, h = text.lower().split("x")
    return int(w), int(h)


def measure(case: str, size: tuple[int, int], seconds: float) -> dict[str, float]:
    """Run ``case`` for ``seconds`` after the warm-up (in this process); CPU-seconds per second."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(ROOT))
    import pygame

    from scenes.app.loop import App
    from scenes.kiosk.app import KioskApp
    from scenes.kiosk.config import KioskConfig
    from scenes.kiosk.demo import demo_setup, demo_table
    from scenes.navigator import Screens
    from scenes.store.settings import Settings

    if case == "reference":
        pygame.display.init()
        pygame.display.set_mode(size)
        clock = pygame.time.Clock()

        def run(for_seconds: float) -> None:
            end = time.monotonic() + for_seconds
            while time.monotonic() < end:
                clock.tick(60)
                pygame.event.get()

    else:
        if case == "demo":
            app: App = KioskApp(KioskConfig(), locked=False, fullscreen=False, size=size, seed=1)
        else:
            app = App(Settings(), size)
            screens = Screens(app)
            if case == "menu":
                screens.menu()
            elif case == "turn":
                from scenes.table.setup import Setup
                from tools.driver import to_the_persons_bid

                to_the_persons_bid(app, Setup.for_players(10, seed=1, deals=1))
            else:
                import random

                screens.play(demo_table(demo_setup(random.Random(1), 6, "foster", deals=100)))

        def run(for_seconds: float) -> None:
            app.running = True
            app.run(exit_after=for_seconds)

    run(WARM_UP)
    if case != "reference":
        # The music is rendered a little each frame at first: measure the screen once it plays.
        for _ in range(240):
            if app.music.playing or not app.music.wanted:
                break
            run(0.5)
    wall, cpu = time.monotonic(), time.process_time()
    run(seconds)
    wall, cpu = time.monotonic() - wall, time.process_time() - cpu
    return {"cpu_per_second": cpu / wall}


def main(argv: list[str] | None = None) -> int:
    """Measure each case in a fresh process and print the figures."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--size", type=_size, default=(1920, 1080))
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--only", default=",".join(CASES), help="cases to run, comma-separated")
    p.add_argument("--case", help=argparse.SUPPRESS)  # the child process's own case
    p.add_argument("--driver", choices=("x11", "dummy"), help="x11 (a real window) when one can be had")
    args = p.parse_args(argv)
    if args.case:
        print(json.dumps(measure(args.case, args.size, args.seconds)))
        return 0
    w, h = args.size
    env = dict(os.environ)
    driver = video_driver(args.driver, env)
    with display(driver, env, (w, h)):
        where = f"a real window on X display {env['DISPLAY']}" if driver == "x11" else "no window"
        print(f"{w}x{h}, SDL video driver {driver} ({where}), {args.seconds:g} s per case"
              f" after {WARM_UP:g} s")
        for case in args.only.split(","):
            child = [sys.executable, __file__, "--case", case, "--size", f"{w}x{h}"]
            child += ["--seconds", str(args.seconds)]
            out = subprocess.run(
                child,
                capture_output=True,
                text=True,
                check=True,
                env=env,
            )
            figures = json.loads(out.stdout.strip().splitlines()[-1])
            print(f"  {case:<10} {figures['cpu_per_second']:.3f} CPU-seconds per second", flush=True)
    return 0


def video_driver(choice: str | None, env: dict[str, str]) -> str:
    """The SDL video driver a benchmark's windows use, set in ``env``: ``choice``, else x11 (a real
    window) where there is an X server or ``Xvfb``, else SDL's dummy display."""
    driver = choice or ("x11" if env.get("DISPLAY") or shutil.which("Xvfb") else "dummy")
    env["SDL_VIDEODRIVER"] = driver
    return driver


@contextlib.contextmanager
def display(
    driver: str, env: dict[str, str], size: tuple[int, int]
) -> Iterator[subprocess.Popen[bytes] | None]:
    """Where ``driver`` is x11 and no X server runs, a virtual screen for a ``size`` window, named
    in ``env`` while inside (its ``Xvfb`` process is given, and stopped after); else nothing."""
    if driver != "x11" or os.environ.get("DISPLAY"):
        yield None
        return
    xvfb, env["DISPLAY"] = virtual_screen(size)
    try:
        yield xvfb
    finally:
        xvfb.terminate()
        xvfb.wait()
        del env["DISPLAY"]


def virtual_screen(size: tuple[int, int]) -> tuple[subprocess.Popen[bytes], str]:
    """Start an X server on a free display with a screen a little larger than the window."""
    number = 90
    while Path(f"/tmp/.X{number}-lock").exists() or Path(f"/tmp/.X11-unix/X{number}").exists():
        number += 1
    display = f":{number}"
    screen = f"{size[0] + 64}x{size[1] + 128}x24"
    server = subprocess.Popen(
        ["Xvfb", display, "-screen", "0", screen, "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(100):  # up to 5 s for the server to listen
        if Path(f"/tmp/.X11-unix/X{number}").exists():
            break
        time.sleep(0.05)
    return server, display


if __name__ == "__main__":
    sys.exit(main())
