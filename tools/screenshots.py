"""Render every screen of Farmer at a chosen moment to PNG files named after the scene.

    .venv/bin/python tools/screenshots.py --out shots --size 1920x1080 [--players 6] [--seed 4]

Writes menu, newgame, howto, settings, statistics, auction, deal (with the odds hint),
showdown, ledger, pause, gameover, menu_continue (a saved game to continue), large_text
(the deal with large text and a four-colour deck), lobby (a hosted table's lobby with the QR
code of its page for phones, when this machine has an address on a network) and too_small
(.png) without a display (SDL's dummy driver); saves and statistics go to a temporary folder.
Look at them: they are how a player sees the game.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from scenes.app.loop import App
from scenes.i18n import LANGUAGES
from scenes.navigator import Screens, start_game
from scenes.screens.howto import HowToScene
from scenes.screens.menu import MenuScene
from scenes.screens.newgame import NewGameScene
from scenes.screens.pause import PauseScene
from scenes.screens.settings import SettingsScene
from scenes.screens.statistics import StatisticsScene
from scenes.store.keeper import Keeper
from scenes.store.saves import SaveStore
from scenes.store.settings import Settings
from scenes.store.stats import StatsStore
from scenes.table.setup import Setup
from tools.driver import keys_for, table_of, table_on, top_name

DT = 1 / 60


def _size(text: str) -> tuple[int, int]:
    w, h = text.lower().split("x")
    return int(w), int(h)


def run_until(app: App, done: Callable[[], bool], limit: int = 20000, auto: bool = True) -> bool:
    """Step the app (pressing the stand-in player's keys) until ``done()``; whether it got there."""
    for _ in range(limit):
        if done():
            return True
        app.step(DT, keys_for(app) if auto else [])
    return done()


def stage(app: App) -> object:
    """The stage on show when a table is on top (its handler), else None."""
    return getattr(app.stack.top, "handler", None)


def human_bids(app: App) -> bool:
    """The auction waits for the human's bid."""
    return top_name(app) == "auction" and getattr(stage(app), "prompt", None) is not None


def human_turn(app: App) -> bool:
    """The deal waits for the human to draw or stand."""
    handler = stage(app)
    card = getattr(handler, "card_button", None)
    asked = getattr(handler, "prompt", None) is not None
    return top_name(app) == "deal" and asked and card is not None and card.visible


def human_draws(app: App) -> bool:
    """The deal waits for the human to draw or stand, with two cards in hand."""
    table = table_on(app)
    if not human_turn(app) or table is None:
        return False
    return len(table.table.seats[table.source.facts.bottom].hand) >= 2


def to_second_card(app: App) -> None:
    """Play the deal until the human has two cards and is asked again (or the deal is over)."""
    for _ in range(3):
        run_until(app, lambda: human_turn(app) or top_name(app) != "deal", auto=False)
        if not human_turn(app) or human_draws(app):
            return
        app.step(DT, keys_for(app))


def tour(
    app: App,
    shot: Callable[[str], None],
    players: int = 6,
    rules: str = "foster",
    seed: int = 4,
    quick: bool = False,
) -> None:
    """Take ``app`` through every screen, calling ``shot(name)`` with each one on top.

    ``quick`` plays with instant animations throughout (for the tests): the showdown is then
    shown as it opens rather than while the chips fly.
    """
    if quick:
        app.update_settings(animation_speed="instant")
    app.stack.push(MenuScene(app, Screens(app)))
    app.step(DT, [])
    shot("menu")
    for name, scene in (
        ("newgame", NewGameScene(app, Screens(app))),
        ("howto", HowToScene(app)),
        ("settings", SettingsScene(app)),
        ("statistics", StatisticsScene(app)),
    ):
        app.stack.push(scene)
        app.step(DT, [])
        shot(name)
        app.stack.pop()
        app.step(DT, [])

    setup = Setup.for_players(players, rules, seed=seed, deals=3)
    app.stack.reset(MenuScene(app, Screens(app)))
    app.step(DT, [])
    start_game(app, setup)
    app.step(DT, [])

    # The auction: wait for the human's bid (AI seats have had their say), else whatever comes.
    run_until(app, lambda: human_bids(app) or top_name(app) != "auction", auto=False)
    shot("auction")
    run_until(app, lambda: top_name(app) == "deal")
    to_second_card(app)
    shot("deal")
    app.stack.push(PauseScene(app, Screens(app), table_of(app).source))
    app.step(DT, [])
    shot("pause")
    app.stack.pop()
    app.step(DT, [])
    run_until(app, lambda: top_name(app) == "showdown")

    def paying() -> bool:
        scene = table_on(app)
        shown = scene is not None and bool(scene.table.flying and scene.table.labels)
        return top_name(app) == "showdown" and shown

    if not quick:
        run_until(app, lambda: paying() or top_name(app) != "showdown", auto=False)
        for _ in range(12):
            app.step(DT, [])
    shot("showdown")
    run_until(app, lambda: top_name(app) in ("ledger", "gameover"))
    for _ in range(30):
        app.step(DT, [])
    shot("ledger")
    app.update_settings(animation_speed="instant")
    run_until(app, lambda: top_name(app) == "gameover")
    app.step(DT, [])
    shot("gameover")

    # A game left after two deals: the menu offers Continue, the statistics have a game to show.
    app.stack.reset(MenuScene(app, Screens(app)))
    app.step(DT, [])
    start_game(app, Setup.for_players(players, rules, seed=seed + 1, deals=5))
    run_until(app, lambda: top_name(app) == "ledger")
    run_until(app, lambda: top_name(app) != "ledger")
    run_until(app, lambda: top_name(app) == "ledger")
    app.keeper.leave(table_of(app).source.kept)
    app.stack.reset(MenuScene(app, Screens(app)))
    app.step(DT, [])
    shot("menu_continue")
    app.stack.push(StatisticsScene(app))
    app.step(DT, [])
    shot("statistics_played")

    app.update_settings(large_text=True, four_colour=True, animation_speed="instant" if quick else "normal")
    app.stack.reset(MenuScene(app, Screens(app)))
    app.step(DT, [])
    start_game(app, setup)
    run_until(app, lambda: top_name(app) == "deal")
    to_second_card(app)
    shot("large_text")


def host_lobby(app: App, shot: Callable[[str], None], players: int = 6, rules: str = "foster") -> None:
    """A table hosted on this machine (closed after): its lobby, ``shot("lobby")``.

    The same table code and, when it is free, the usual port every time, so the tour's lobby is
    the same picture from one run to the next."""
    import time

    from scenes.net.host import host_table
    from scenes.net.lobby import LobbyScene

    app.stack.reset(MenuScene(app, Screens(app)))
    app.step(DT, [])
    if not host_table(app, Screens(app), Setup.for_players(players, rules, deals=8), code="FARMER23"):
        return
    app.step(DT, [])
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    end = time.monotonic() + 10
    while lobby.info is None and time.monotonic() < end:
        app.step(DT, [])
        time.sleep(0.01)
    shot("lobby")
    lobby.back()
    app.step(DT, [])


def main(argv: list[str] | None = None) -> int:
    """Write the screenshots; returns the exit status."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=Path("shots"))
    p.add_argument("--size", type=_size, default=(1920, 1080))
    p.add_argument("--players", type=int, default=6)
    p.add_argument("--rules", default="foster")
    p.add_argument("--seed", type=int, default=4)
    p.add_argument("--lang", choices=LANGUAGES, default="en", help="language of every screen")
    args = p.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    home = Path(tempfile.mkdtemp(prefix="farmer-shots-"))
    settings = Settings(animation_speed="normal", odds_hint=True, farm_hint=True, language=args.lang)
    app = App(settings, args.size)
    app.keeper = Keeper(SaveStore(home / "save.json"), StatsStore(home / "stats.json"))

    def save(name: str) -> None:
        app.draw()
        pygame.image.save(app.screen, str(out / f"{name}.png"))
        print(out / f"{name}.png")

    tour(app, save, args.players, args.rules, args.seed)
    host_lobby(app, save, args.players, args.rules)

    small = App(Settings(), (800, 500))
    small.draw()
    pygame.image.save(small.screen, str(out / "too_small.png"))
    print(out / "too_small.png")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
