"""Starting a kiosk (``farmer --kiosk``) or a demo in a window (``farmer --demo``).

A kiosk often starts before its screen is ready (the compositor is still coming up, a
monitor is switched off), so a display that fails to open is retried with a growing pause,
each failure logged, rather than ending the program. Sound that cannot start only means
silence (the sound bank handles that); with ``sound = false`` the audio device is not even
opened.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Protocol, TypeVar

log = logging.getLogger("farmer.kiosk")

T = TypeVar("T")

FIRST_PAUSE = 1.0
"""Seconds before the first retry of a display that would not open."""
LONGEST_PAUSE = 60.0
"""The pause between retries grows up to this."""


def open_with_retry(
    make: Callable[[], T],
    errors: tuple[type[BaseException], ...],
    sleep: Callable[[float], None] = time.sleep,
    attempts: int | None = None,
) -> T:
    """``make()``, retried after each of ``errors`` with a doubling pause (forever, or ``attempts`` times).

    Each failure is logged. Raises the last error when ``attempts`` run out.
    """
    pause = FIRST_PAUSE
    tried = 0
    while True:
        try:
            return make()
        except errors as exc:
            tried += 1
            if attempts is not None and tried >= attempts:
                raise
            log.warning("display did not open (%s); trying again in %.0f s", exc, pause)
            sleep(pause)
            pause = min(pause * 2, LONGEST_PAUSE)


class Stoppable(Protocol):
    """What a signal stops: the kiosk's loop flags."""

    running: bool
    operator_quit: bool


def stop_on_signals(app: Stoppable) -> None:
    """Let SIGTERM (what a service manager sends) and SIGINT stop the kiosk at the end of the frame.

    SDL turns both into a window-close request, which a locked kiosk ignores (a visitor must not
    close it); a signal comes from the machine's operator, so it stops the kiosk as the exit
    combination does: the loop ends, the log says so, pygame quits, the status is 0.
    """

    def stop(signum: int, _frame: FrameType | None) -> None:
        log.info("%s received: stopping", signal.Signals(signum).name)
        app.operator_quit = True
        app.running = False

    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, stop)
    log.info("SIGTERM or SIGINT stops the kiosk")


def run_kiosk(config_path: Path | None, locked: bool, size: tuple[int, int], exit_after: float | None) -> int:
    """Run the kiosk (``locked``) or the demo in a window until the operator quits; the exit status."""
    from scenes.kiosk.config import load_config
    from scenes.kiosk.crashlog import setup_log

    log_path = setup_log()
    config = load_config(config_path)
    log.info("kiosk starting (%s): %s", "locked" if locked else "demo window", config.summary)
    if log_path is not None and locked:
        print(f"farmer: kiosk log at {log_path}", flush=True)
    if not config.sound:
        # No sound wanted: do not even open the audio device (the sound bank then stays silent).
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame

    from scenes.kiosk.app import KioskApp

    def make() -> KioskApp:
        try:
            return KioskApp(config, locked=locked, size=size)
        except pygame.error:
            pygame.display.quit()  # a half-opened display must not stay around for the next try
            raise

    try:
        # A kiosk waits for its screen for as long as it takes; a demo in a window does not.
        app = open_with_retry(make, (pygame.error,), attempts=None if locked else 1)
    except pygame.error as exc:
        print(f"farmer: cannot open a window ({exc}); run it on a desktop, or set DISPLAY.", file=sys.stderr)
        return 1
    stop_on_signals(app)
    try:
        app.run(exit_after=exit_after)
    except KeyboardInterrupt:
        pass
    finally:
        app.stop_live()
        log.info(
            "kiosk stopping: %d demo games, %d live games, %d visitor games, %d exceptions",
            app.demo_games,
            app.live_games,
            app.visitor_games,
            app.exceptions,
        )
        pygame.quit()
    return 0
