"""Soak test of the kiosk: days of attract loop, on a simulated clock, as fast as the machine allows.

    .venv/bin/python tools/soak.py --hours 24
    .venv/bin/python tools/soak.py --hours 2 --dt 0.05 --draw-every 1 --visitor-every 0

The kiosk runs headless (SDL's dummy display and audio) with fixed ``dt`` steps and no
sleeping. Every ``--visitor-every`` simulated minutes a visitor touches the screen, plays
with the simple stand-in player of :mod:`tools.driver` for a few minutes (some finish their
game) and walks away, so the idle countdown takes the table back. Only one frame in
``--draw-every`` is drawn (the rest are updated only), which is what makes a simulated day
take minutes; the figures say how many were drawn.

It prints the frames drawn, the games played, the exceptions caught and the memory in use
(RSS) at the start, after the first simulated hour and at the end; the exit status is 1
when there was an exception or the memory grew by more than ``--max-growth`` MB after the
first hour.
"""

from __future__ import annotations

import argparse
import gc
import logging
import os
import sys
import time
from collections import deque
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from scenes.kiosk.app import KioskApp, Mode
from scenes.kiosk.config import load_config
from tools.driver import keys_for

PLAY_MINUTES = 4.0
"""How long a simulated visitor plays before walking away."""


def rss_mb(field: str = "VmRSS") -> float:
    """The memory the process holds now (resident set), in MB; ``VmHWM`` for its peak so far."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource  # not Linux: the peak is the best there is

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class Problems(logging.Handler):
    """Keeps the first warnings and errors the kiosk logs (a bounded number) and counts them all."""

    def __init__(self) -> None:
        """Nothing seen yet."""
        super().__init__(logging.WARNING)
        self.first: deque[str] = deque(maxlen=5)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        """Count ``record`` and keep its text if it is among the first."""
        self.count += 1
        if len(self.first) < (self.first.maxlen or 0):
            self.first.append(self.format(record))


def _size(text: str) -> tuple[int, int]:
    w, h = text.lower().split("x")
    return int(w), int(h)


def main(argv: list[str] | None = None) -> int:
    """Run the soak; the exit status."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--hours", type=float, default=24.0, help="simulated hours (default 24)")
    p.add_argument("--dt", type=float, default=0.1, help="seconds per step (default 0.1, the loop's longest)")
    p.add_argument("--draw-every", type=int, default=10, metavar="N", help="draw one step in N (default 10)")
    p.add_argument(
        "--visitor-every",
        type=float,
        default=30.0,
        metavar="MIN",
        help="a visitor every MIN minutes (0: none)",
    )
    p.add_argument("--seed", type=int, default=1, help="seed of the demo games (default 1)")
    p.add_argument("--size", type=_size, default=(1280, 720), metavar="WxH", help="window (default 1280x720)")
    p.add_argument("--config", type=Path, help="a kiosk.toml to use")
    p.add_argument("--max-growth", type=float, default=5.0, metavar="MB", help="allowed growth after hour 1")
    args = p.parse_args(argv)

    problems = Problems()
    logging.getLogger("farmer").addHandler(problems)
    logging.getLogger("farmer").propagate = False  # counted here, not printed line by line
    app = KioskApp(load_config(args.config), locked=True, fullscreen=False, size=args.size, seed=args.seed)
    app.draw_every = max(1, args.draw_every)
    steps = round(args.hours * 3600 / args.dt)
    hour = round(3600 / args.dt)
    visit_every = round(args.visitor_every * 60 / args.dt) if args.visitor_every > 0 else 0
    play_steps = round(PLAY_MINUTES * 60 / args.dt)
    gc.collect()
    start_rss = rss_mb()
    hour_rss: float | None = None
    wake = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    visit_started = -1
    began = time.perf_counter()
    print(f"soak: {args.hours:g} simulated hours, dt {args.dt:g} s, drawing 1 step in {app.draw_every}")
    print(f"memory at start: {start_rss:.1f} MB")
    for i in range(1, steps + 1):
        events: list[pygame.event.Event] = []
        if visit_every and i % visit_every == 0 and app.mode is Mode.ATTRACT:
            events = [wake]
            visit_started = i
        elif app.mode is Mode.VISITOR and 0 <= i - visit_started < play_steps and i % 5 == 0:
            events = keys_for(app)  # a visitor presses a key now and then, then walks away
        app.step(args.dt, events)
        if not app.running:
            print("soak: the kiosk stopped by itself", file=sys.stderr)
            break
        if i == hour:
            gc.collect()
            hour_rss = rss_mb()
            print(
                f"memory after the first hour: {hour_rss:.1f} MB ({time.perf_counter() - began:.0f} s so far)"
            )
    gc.collect()
    end_rss = rss_mb()
    wall = time.perf_counter() - began
    print(f"memory at the end: {end_rss:.1f} MB; peak {rss_mb('VmHWM'):.1f} MB")
    print(f"frames: {app.frames} stepped, {app.frames_drawn} drawn")
    print(f"games: {app.demo_games} demo games finished, {app.visitor_games} visitor games started")
    print(f"exceptions: {app.exceptions}; warnings and errors logged: {problems.count}")
    for line in problems.first:
        print("  " + line.splitlines()[0])
    text_cache = len(getattr(app.text, "_surfaces", ()))
    print(
        f"text cache: {text_cache} surfaces; "
        f"wall time {wall:.0f} s ({args.hours * 3600 / wall:.0f}x real time)"
    )
    growth = end_rss - (hour_rss if hour_rss is not None else start_rss)
    print(f"growth after the first hour: {growth:+.1f} MB")
    pygame.quit()
    return 0 if app.exceptions == 0 and growth < args.max_growth else 1


if __name__ == "__main__":
    sys.exit(main())
