"""``farmer``: open the game in a window (or full screen) and play Farmer against AI opponents.

    farmer                                   the main menu
    farmer --players 5 --rules lacombe --seed 7   straight into a game
    farmer --size 1600x900 --speed fast      window size and animation speed
    farmer --exit-after 5                    quit cleanly after five seconds
    farmer --lang fr                         play in French (default: the settings, else the system's)
    farmer --export-log FILE                 write the current (or last) game's deal log and exit
    farmer --replay FILE                     watch a logged game played back on the table
    farmer --install-desktop-entry           put Farmer in the desktop's menu (this user)
    farmer --version                         the installed version
    farmer --host [--port P] [--name Anne]   open a network table here (with the game choices above)
    farmer --join HOST[:PORT] --name Anne [--table CODE]   take a seat at a network table
    farmer --watch HOST[:PORT] --table CODE  watch a network table full screen (the big screen)

Settings, the saved game and statistics live in the user's folders (or under $FARMER_HOME).

Bad flags get argparse's message (exit 2); no display gets one clear line (exit 1).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from game.limits import DEALS, DEFAULT_DEALS, MAX_NAME, PLAYERS, WINDOW_HEIGHT, WINDOW_WIDTH
from game.rules.ruleset import ROTATABLE, RULE_NAMES, can_rotate
from scenes import resources

SPEEDS = ("slow", "normal", "fast", "instant")
NO_DISPLAY = "farmer: cannot open a window ({why}); run it on a desktop, or set DISPLAY."
KIOSK_EPILOG = """\
kiosk mode:
  --kiosk plays demo games by itself (full screen, no pointer) until a visitor touches the
  screen, clicks or presses a key or gamepad button; an idle visitor is asked "Are you still
  there?" and the table returns to the demo. Escape, F11, Alt+Enter, Alt+F4 and closing the
  window do nothing; an operator quits by holding the exit combination. Errors go to
  kiosk.log in the data folder ($FARMER_HOME/data with FARMER_HOME set). --demo shows the
  same demo in a window (Escape or closing the window quits).

kiosk config (TOML, a [kiosk] table; every key optional, bad values logged, defaults used):
  idle_timeout = 60          seconds without input before "Are you still there?" (5-3600)
  countdown = 10             seconds that question counts down (3-120)
  exit_combo = "ctrl+alt+shift+q"   keys an operator holds to quit
  exit_hold = 3              seconds to hold them (0.5-30)
  demo_speed = "normal"      pace of the demo: slow, normal, fast
  language = "system"        system, en, fr, de
  rules = "foster"           foster, lacombe, ferme
  players = 5                seats at the table, the visitor's included (3-10)
  deals = 6                  deals in a visitor's game (1-100)
  sound = false              sound on (demo and visitors' games)
  drift = true               move the picture a few pixels now and then (no burn-in)
  live_table = false         true: run a table server here and show a live table in the attract
                             loop, with the QR code of its page: passers-by take seats from their
                             phones' browsers, the AI plays the other seats
  live_port = 8765           the live table's port (1024-65535; phones must reach it)
  live_countdown = 20        seconds from the first phone's seat to the start (5-300)
  live_seats = 4             phones whose seats start the game at once (1-9)
"""


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 1280x720, not {text!r}") from None
    if w not in WINDOW_WIDTH or h not in WINDOW_HEIGHT:
        raise argparse.ArgumentTypeError(
            f"window size {w}x{h} is out of range "
            f"({WINDOW_WIDTH.low}x{WINDOW_HEIGHT.low} to {WINDOW_WIDTH.high}x{WINDOW_HEIGHT.high})"
        )
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
        epilog=KIOSK_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--windowed", action="store_true", help="a resizable window (the default)")
    mode.add_argument("--fullscreen", action="store_true", help="full screen (F11 or Alt+Enter toggles)")
    p.add_argument(
        "--size", type=_size, metavar="WxH", help="window size (default: the settings', else 1280x720)"
    )
    p.add_argument(
        "--players",
        type=int,
        choices=PLAYERS.values,
        metavar="N",
        help=f"start a game at once with N players ({PLAYERS.low}-{PLAYERS.high}), you at the bottom",
    )
    p.add_argument("--rules", choices=RULE_NAMES, help="rule set for a game started at once (default foster)")
    p.add_argument(
        "--rotating", action="store_true", help=f"the rotating farm ({' and '.join(ROTATABLE)} only)"
    )
    p.add_argument(
        "--seed", type=int, help="shuffle seed, for a game that can be replayed (not with --host)"
    )
    p.add_argument(
        "--deals",
        type=int,
        default=DEFAULT_DEALS,
        metavar="N",
        help=f"length of the game in deals ({DEALS.low}-{DEALS.high}, default {DEFAULT_DEALS})",
    )
    p.add_argument("--speed", choices=SPEEDS, help="animation speed (default: the settings', else normal)")
    p.add_argument(
        "--lang", choices=("en", "fr", "de"), help="language (default: the settings, else the system's)"
    )
    p.add_argument(
        "--export-log", metavar="FILE", help="write the current or last game's deal log (JSON Lines) and exit"
    )
    p.add_argument("--replay", metavar="FILE", help="watch the game of a deal log played back")
    p.add_argument("--exit-after", type=_positive, metavar="SECONDS", help="quit cleanly after this long")
    kiosk = p.add_mutually_exclusive_group()
    kiosk.add_argument("--kiosk", action="store_true", help="run as a locked-down kiosk (see below)")
    kiosk.add_argument("--demo", action="store_true", help="the kiosk's demo loop in a window")
    p.add_argument(
        "--kiosk-config", type=Path, metavar="FILE", help="the kiosk's TOML config (see below)"
    )
    desktop = p.add_mutually_exclusive_group()
    desktop.add_argument(
        "--install-desktop-entry",
        nargs="?",
        const="",
        metavar="DATA_DIR",
        help="put Farmer in the desktop's menu: a .desktop file and icons under DATA_DIR "
        "(default $XDG_DATA_HOME, else ~/.local/share), starting this farmer; then exit",
    )
    desktop.add_argument(
        "--uninstall-desktop-entry",
        nargs="?",
        const="",
        metavar="DATA_DIR",
        help="remove what --install-desktop-entry wrote; then exit",
    )
    net = p.add_mutually_exclusive_group()
    net.add_argument(
        "--host",
        action="store_true",
        help="open a network table on this machine, with the game choices of --players, --rules, "
        "--rotating, --deals; shows the address and code friends join with",
    )
    net.add_argument("--join", metavar="HOST[:PORT]", help="take a seat at a network table on HOST")
    net.add_argument(
        "--watch",
        metavar="HOST[:PORT]",
        help="watch the network table --table CODE on HOST full screen (--windowed: in a window), with "
        "the QR code of its page for phones",
    )
    p.add_argument("--port", metavar="P", help="with --host: the port to listen on (default 8765)")
    p.add_argument("--name", help="your name at a network table")
    p.add_argument(
        "--table",
        metavar="CODE",
        help="with --join: the table's code (else the Join screen); with --watch: the table to watch",
    )
    p.add_argument("--version", action="version", version=f"farmer {resources.version()}")
    return p


def _network_flags(args: argparse.Namespace) -> str | None:
    """What is wrong with the network flags, in one line (None: nothing)."""
    from game.net.protocol import CODE_ALPHABET, CODE_LENGTH
    from scenes.net.address import parse_address

    if args.port is not None:
        if not args.host:
            return "--port goes with --host (with --join, write HOST:PORT)"
        if not args.port.isdigit() or not 0 <= int(args.port) <= 65535:
            return f"--port must be a port number from 0 to 65535, not {args.port!r}"
    if args.host and args.seed is not None:
        # The host sits at the table: knowing the seed, they would know every deck.
        return (
            "--seed cannot go with --host: you play at that table, and a seed would tell you every"
            " card (farmer-server --allow-seed holds seeded tables for tests)"
        )
    if args.table is not None:
        if args.join is None and args.watch is None:
            return "--table goes with --join or --watch"
        code = args.table.upper()
        if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
            return f"--table must be a table code of {CODE_LENGTH} letters and digits, not {args.table!r}"
    for flag, address in (("--join", args.join), ("--watch", args.watch)):
        if address is not None:
            try:
                parse_address(address)
            except ValueError as exc:
                return f"{flag}: {exc}"
    if args.watch is not None and args.table is None:
        return "--watch needs --table CODE: the code of the table to watch"
    if args.name is not None:
        if not args.host and args.join is None:
            return "--name goes with --host or --join"
        name = " ".join(args.name.split())
        if not name or len(name) > MAX_NAME or not name.isprintable():
            return f"--name must be 1 to {MAX_NAME} printable characters"
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the game; returns the exit status."""
    p = parser()
    args = p.parse_args(argv)
    if args.rotating and not can_rotate(args.rules or RULE_NAMES[0]):
        p.error(f"--rotating is an option of {' and '.join(ROTATABLE)}, not {args.rules}")
    if args.deals not in DEALS:
        p.error(f"--deals must be from {DEALS.low} to {DEALS.high}")
    networked = args.host or args.join is not None or args.watch is not None
    if networked or args.port or args.table or args.name is not None:
        problem = _network_flags(args)
        if problem is not None:
            print(f"farmer: error: {problem}", file=sys.stderr)
            return 2
    if args.install_desktop_entry is not None or args.uninstall_desktop_entry is not None:
        from scenes.app import desktop

        remove = args.uninstall_desktop_entry is not None
        return desktop.main(args.uninstall_desktop_entry if remove else args.install_desktop_entry, remove)
    if args.kiosk or args.demo:
        from scenes.kiosk.run import run_kiosk

        return run_kiosk(args.kiosk_config, args.kiosk, args.size or (1280, 720), args.exit_after)
    if args.export_log is not None:
        from scenes.store.export import export_log

        return export_log(args.export_log)
    replay_records = None
    if args.replay is not None:
        from scenes.store.export import read_replay

        replay_records = read_replay(args.replay)
        if replay_records is None:
            return 2
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

    from scenes.app.loop import App
    from scenes.i18n import _
    from scenes.store.settings import SettingsStore

    store = SettingsStore()
    settings = store.load()
    if args.fullscreen or args.windowed:
        settings.fullscreen = args.fullscreen
    elif args.watch is not None:
        settings.fullscreen = True  # the big screen everyone looks at
    if args.speed is not None:
        settings.animation_speed = args.speed
    picked = (settings.window_width, settings.window_height) if settings.window_chosen else None
    size = args.size or picked  # None: a share of the screen (a 4K screen is not given 1280 × 720)
    try:
        app = App(settings, size)
    except pygame.error as exc:
        print(NO_DISPLAY.format(why=exc), file=sys.stderr)
        return 1
    if pygame.display.get_driver() in ("offscreen", "dummy") and not chosen:
        # SDL fell back to drawing nowhere: nobody would see the game.
        pygame.quit()
        print(NO_DISPLAY.format(why="only an invisible display driver is available"), file=sys.stderr)
        return 1
    from scenes.navigator import Screens
    from scenes.store.keeper import Keeper
    from scenes.store.saves import SaveStore
    from scenes.store.stats import StatsStore

    app.settings_store = store
    app.language_override = args.lang
    app.apply_settings()
    if store.problem:
        print(f"farmer: {store.problem}", file=sys.stderr)
        app.notice(lambda: _("Your settings file was damaged: the bad values are back to their defaults."))
    app.keeper = Keeper(SaveStore(), StatsStore())  # a replay itself is never saved or counted
    if app.keeper.stats is not None and app.keeper.stats.problem:
        print(f"farmer: {app.keeper.stats.problem}", file=sys.stderr)
        app.notice(
            lambda: _("Your statistics file was damaged and has been set aside; counting starts afresh.")
        )
    from scenes.net.seats import keep_seats_in
    from scenes.store.seats import SeatTokens

    keep_seats_in(app, SeatTokens())  # the seats taken at network tables, to come back to
    screens = Screens(app)
    if replay_records is not None:
        from scenes.table.local import replay_table

        screens.play(replay_table(replay_records))
    elif networked:
        from scenes.net.run import open_from_command_line

        screens.menu()
        open_from_command_line(app, screens, args)
    elif args.players is not None or args.rules is not None or args.seed is not None or args.rotating:
        from scenes.table.setup import Setup

        screens.start(
            Setup.for_players(
                args.players or 4,
                args.rules or "foster",
                args.rotating,
                args.deals,
                args.seed,
                human_name=app.settings.player_name or None,  # the name the New game screen remembers
            )
        )
    else:
        screens.menu()
    try:
        app.run(exit_after=args.exit_after)
    except KeyboardInterrupt:
        pass
    finally:
        app.keeper.leave_all(app.stack.scenes)  # however the loop ended, the game in progress is kept
        pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
