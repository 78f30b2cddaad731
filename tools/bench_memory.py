"""Peak memory of a whole game: ten players, the stand-in player at seat 0, in a real window.

    .venv/bin/python tools/bench_memory.py [--sizes 1920x1080,3840x2160] [--deals 10]
                                           [--driver x11|dummy]

Each size in a fresh process: the main menu, then a game of ten players (the default number
of deals, normal animation speed) played to its final standings by :func:`tools.driver.keys_for`
(bid a little or pass, draw below 13, continue after each ledger), stepped at 60 frames a
second of game time as fast as it draws. Prints the peak resident memory (the process's
high-water mark). The window is a real one where there is an X server: the one ``DISPLAY``
names, else a virtual screen started for the run (``Xvfb``); only without either SDL's dummy
display. The first line says which.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def measure(size: tuple[int, int], deals: int) -> dict[str, float]:
    """Play the game in this process; the peak RSS in MB and the frames stepped."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(ROOT))
    from scenes.app.loop import App
    from scenes.navigator import Screens, start_game
    from scenes.store.settings import Settings
    from scenes.table.setup import Setup
    from tools.driver import keys_for, top_name

    app = App(Settings(animation_speed="normal"), size)
    Screens(app).menu()
    for _ in range(60):
        app.step(1 / 60, [])
    start_game(app, Setup.for_players(10, seed=7, deals=deals))
    frames = 0
    while app.running and top_name(app) != "gameover" and frames < 60 * 60 * 60:
        app.step(1 / 60, keys_for(app))
        frames += 1
    for _ in range(120):
        app.step(1 / 60, [])
    return {"rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, "frames": frames}


def main(argv: list[str] | None = None) -> int:
    """Measure each size in a fresh process and print the peaks."""
    sys.path.insert(0, str(ROOT))
    from tools.bench_idle import display, video_driver

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", default="1920x1080,3840x2160")
    p.add_argument("--deals", type=int, default=10)
    p.add_argument("--driver", choices=("x11", "dummy"), help="x11 (a real window) when one can be had")
    p.add_argument("--one", help=argparse.SUPPRESS)  # the child process's own size
    args = p.parse_args(argv)
    if args.one:
        w, h = (int(x) for x in args.one.split("x"))
        print(json.dumps(measure((w, h), args.deals)))
        return 0
    env = dict(os.environ)
    driver = video_driver(args.driver, env)
    print(f"a whole game of ten players, {args.deals} deals, SDL video driver {driver}")
    for size in args.sizes.split(","):
        w, h = (int(x) for x in size.split("x"))
        with display(driver, env, (w, h)):
            out = subprocess.run(
                [sys.executable, __file__, "--one", size, "--deals", str(args.deals)],
                cwd=ROOT,
                env=env,
                capture_output=True,
                text=True,
                check=True,
            )
        result = json.loads(out.stdout.strip().splitlines()[-1])
        print(f"  {size:<10} peak {result['rss_mb']:.0f} MB ({result['frames']:.0f} frames)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
