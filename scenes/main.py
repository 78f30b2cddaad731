"""``farmer``: open the game in a window (or full screen) and play Farmer against AI opponents.

    farmer                                   the main menu
    farmer --players 5 --rules lacombe --seed 7   straight into a game
    farmer --size 1600x900 --speed fast      window size and animation speed
    farmer --exit-after 5                    quit cleanly after five seconds

Bad flags get argparse's message (exit 2); no display gets one clear line (exit 1).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from game.rules import RULE_NAMES

SPEEDS = ("slow", "normal", "fast", "instant")
NO_DISPLAY = "farmer: cannot open a window ({why}); run it on a desktop, or set DISPLAY."


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 1280x720, not {text!r}") from None
    if not (320 <= w <= 16384 and 240 <= h <= 16384):
        raise argparse.ArgumentTypeError(f"window size {w}x{h} is out of range (320x240 to 16384x16384)")
    return (w, h)


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, not {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError("must be more than 0 seconds")
    return value


def parser() -> argparse.ArgumentParser:
    """The command line."""
    p = argparse.ArgumentParser(
        prog="farmer",
        description="Farmer (la Ferme, Pächter): the 17th-century banking card game, against AI.",
    )
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--windowed", action="store_true", help="a resizable window (the default)")
    mode.add_argument("--fullscreen", action="store_true", help="full screen (F11 or Alt+Enter toggles)")
    p.add_argument(
        "--size", type=_size, default=(1280, 720), metavar="WxH", help="window size (default 1280x720)"
    )
    p.add_argument(
        "--players",
        type=int,
        choices=range(3, 11),
        metavar="N",
        help="start a game at once with N players (3-10), you at the bottom",
    )
    p.add_argument("--rules", choices=RULE_NAMES, help="rule set for a game started at once (default foster)")
    p.add_argument("--rotating", action="store_true", help="the rotating farm (foster and lacombe only)")
    p.add_argument("--seed", type=int, help="shuffle seed, for a game that can be replayed")
    p.add_argument(
        "--deals", type=int, default=10, metavar="N", help="length of the game in deals (default 10)"
    )
    p.add_argument("--speed", choices=SPEEDS, default="normal", help="animation speed (default normal)")
    p.add_argument("--exit-after", type=_positive, metavar="SECONDS", help="quit cleanly after this long")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the game; returns the exit status."""
    p = parser()
    args = p.parse_args(argv)
    if args.rotating and args.rules == "ferme":
        p.error("--rotating is an option of foster and lacombe, not ferme")
    if args.deals < 1:
        p.error("--deals must be at least 1")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    chosen = os.environ.get("SDL_VIDEODRIVER")
    if (
        sys.platform.startswith("linux")
        and not chosen
        and not os.environ.get("DISPLAY")
        and not os.environ.get("WAYLAND_DISPLAY")
    ):
        print(NO_DISPLAY.format(why="neither DISPLAY nor WAYLAND_DISPLAY is set"), file=sys.stderr)
        return 1
    import pygame

    from scenes.app import App
    from scenes.settings import Settings, Speed

    settings = Settings(fullscreen=args.fullscreen, speed=Speed[args.speed.upper()])
    try:
        app = App(settings, args.size)
    except pygame.error as exc:
        print(NO_DISPLAY.format(why=exc), file=sys.stderr)
        return 1
    if pygame.display.get_driver() in ("offscreen", "dummy") and not chosen:
        # SDL fell back to drawing nowhere: nobody would see the game.
        pygame.quit()
        print(NO_DISPLAY.format(why="only an invisible display driver is available"), file=sys.stderr)
        return 1
    from scenes.menu import MenuScene

    app.stack.push(MenuScene(app))
    if args.players is not None or args.rules is not None or args.seed is not None or args.rotating:
        from scenes.play import start_game
        from scenes.session import Setup

        setup = Setup.for_players(
            args.players or 4, args.rules or "foster", args.rotating, args.deals, args.seed
        )
        app.stack.apply()
        start_game(app, setup)
    try:
        app.run(exit_after=args.exit_after)
    except KeyboardInterrupt:
        pass
    finally:
        pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
