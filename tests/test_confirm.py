"""End the game (on the ledger) and Quit (on the main menu) ask once: Enter or the confirm button
does it, Escape, the Cancel button or the gamepad's B does nothing; mouse, keys, touch and
gamepad all answer. A game ended early is recorded as such, never as a win; a kiosk's visitor
who walks away from the question gets the attract loop back. The final standings offer Play
again (the same game at once) and New game (the form, filled in)."""
# A check after a call sees the state the call changed, which mypy takes as narrowed before it.
# mypy: disable-error-code="comparison-overlap"


from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from helpers import DT

from game.rules.events import EndReason
from scenes.app.loop import App
from scenes.kiosk.app import KioskApp, Mode
from scenes.kiosk.config import KioskConfig
from scenes.navigator import Screens, start_game
from scenes.screens.confirm import ConfirmScene
from scenes.screens.menu import MenuScene
from scenes.screens.newgame import NewGameScene
from scenes.store.keeper import Keeper
from scenes.store.saves import SaveStore
from scenes.store.settings import Settings
from scenes.store.stats import StatsStore
from scenes.table.ledger import FinalHandler, LedgerHandler
from scenes.table.setup import Setup
from tools.driver import click, handler_of, key, keys_for, local_game, tap, top_name


def pad(button: int) -> pygame.event.Event:
    """A gamepad's button pressed."""
    return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=0)


def menu_app(tmp_path: Path) -> tuple[App, MenuScene]:
    app = App(Settings(animation_speed="instant", language="en"), (1024, 600))
    app.keeper = Keeper(SaveStore(tmp_path / "save.json"), StatsStore(tmp_path / "stats.json"))
    menu = MenuScene(app, Screens(app))
    app.stack.push(menu)
    app.step(DT, [])
    return app, menu


def quit_button(menu: MenuScene) -> pygame.Rect:
    return next(w for w in menu.group.widgets if w.label() == "Quit").rect


def asked(app: App) -> ConfirmScene:
    app.step(DT, [])
    top = app.stack.top
    assert isinstance(top, ConfirmScene), top_name(app)
    return top


@pytest.mark.parametrize(
    "cancel",
    ["escape", "cancel-click", "gamepad-b", "cancel-tap"],
)
def test_quit_asks_and_each_way_of_saying_no_keeps_the_game_open(tmp_path: Path, cancel: str) -> None:
    app, menu = menu_app(tmp_path)
    app.step(DT, [click(quit_button(menu).center)])
    question = asked(app)
    assert question.title() == "Quit Farmer?"
    assert app.running
    events = {
        "escape": [key(pygame.K_ESCAPE)],
        "cancel-click": [click(question.no.rect.center)],
        "gamepad-b": [pad(pygame.CONTROLLER_BUTTON_B)],
        "cancel-tap": tap(question.no.rect.center, app.size),
    }[cancel]
    app.step(DT, events)
    app.step(DT, [])
    assert app.stack.top is menu and app.running


@pytest.mark.parametrize("confirm", ["enter", "click", "gamepad-a", "tap"])
def test_quit_is_done_once_confirmed(tmp_path: Path, confirm: str) -> None:
    app, _menu = menu_app(tmp_path)
    app.step(DT, [key(pygame.K_UP), key(pygame.K_RETURN, "\r")])  # Quit is the last button
    question = asked(app)
    events = {
        "enter": [key(pygame.K_RETURN, "\r")],
        "click": [click(question.yes.rect.center)],
        "gamepad-a": [pad(pygame.CONTROLLER_BUTTON_A)],
        "tap": tap(question.yes.rect.center, app.size),
    }[confirm]
    app.step(DT, events)
    app.step(DT, [])
    assert not app.running


def to_first_ledger(tmp_path: Path) -> App:
    app = App(Settings(animation_speed="instant", language="en"), (1024, 600))
    app.keeper = Keeper(SaveStore(tmp_path / "save.json"), StatsStore(tmp_path / "stats.json"))
    start_game(app, Setup.for_players(4, seed=11, deals=5))
    for _ in range(20000):
        if top_name(app) == "ledger":
            return app
        app.step(DT, keys_for(app))
    raise AssertionError("never reached the ledger")


def end_button(app: App) -> pygame.Rect:
    ledger = handler_of(app, LedgerHandler)
    return next(b for b in ledger.group.widgets if b.label() == "End the game").rect


def test_end_the_game_asks_and_escape_plays_on(tmp_path: Path) -> None:
    app = to_first_ledger(tmp_path)
    app.step(DT, [click(end_button(app).center)])
    question = asked(app)
    assert question.title() == "End the game now?"
    assert question.subtitle is not None and question.subtitle() == "It will be recorded as ended early."
    app.step(DT, [key(pygame.K_ESCAPE)])
    app.step(DT, [])
    assert top_name(app) == "ledger" and not local_game(app).over


def test_a_game_ended_early_is_recorded_as_ended_early_never_as_a_win(tmp_path: Path) -> None:
    app = to_first_ledger(tmp_path)
    session = local_game(app)
    app.step(DT, [key(pygame.K_TAB), key(pygame.K_RETURN, "\r")])  # Tab to End the game, Enter
    asked(app)
    app.step(DT, [key(pygame.K_RETURN, "\r")])  # Enter confirms
    for _ in range(60):
        app.step(DT, [])
    assert top_name(app) == "gameover"
    assert session.game.result is not None and session.game.result.reason is EndReason.STOPPED
    stats = StatsStore(tmp_path / "stats.json")
    foster = stats.load()["foster"]
    counts = (foster.games_ended_early, foster.games_played, foster.games_won, foster.games_shared)
    assert counts == (1, 0, 0, 0)
    assert foster.deals_played == 1
    assert not (tmp_path / "save.json").exists()  # nothing left to continue


def test_a_kiosk_visitor_who_walks_away_from_the_question_gives_the_table_back() -> None:
    kiosk = KioskApp(KioskConfig(deals=5), locked=True, fullscreen=False, seed=7)
    kiosk.draw_every = 5
    kiosk.step(DT, [key(pygame.K_RETURN)])  # a visitor takes the table
    for _ in range(round(900 / DT)):
        if top_name(kiosk) == "ledger":
            break
        kiosk.step(DT, keys_for(kiosk))
    assert top_name(kiosk) == "ledger" and kiosk.mode is Mode.VISITOR
    kiosk.step(DT, [click(end_button(kiosk).center)])
    asked(kiosk)
    for _ in range(round(120 / DT)):  # nobody answers
        kiosk.step(DT, [])
        if kiosk.mode is Mode.ATTRACT:
            break
    assert kiosk.mode is Mode.ATTRACT
    pygame.mouse.set_visible(True)


def to_final_standings(setup: Setup) -> App:
    app = App(Settings(animation_speed="instant", language="en"), (1024, 600))
    start_game(app, setup)
    for _ in range(20000):
        if top_name(app) == "gameover" and handler_of(app, FinalHandler).group.widgets:
            return app
        app.step(DT, keys_for(app))
    raise AssertionError("never reached the final standings")


def final_button(app: App, label: str) -> pygame.Rect:
    return next(b for b in handler_of(app, FinalHandler).group.widgets if b.label() == label).rect


@pytest.mark.parametrize("seed", [None, 11])
def test_play_again_starts_the_same_game_at_once(seed: int | None) -> None:
    """Play again: the same players, rules and length, dealt afresh; a seed given on the command line
    is kept (whoever fixed it wants that game again)."""
    setup = Setup.for_players(5, "lacombe", deals=1, seed=seed)
    app = to_final_standings(setup)
    labels = [b.label() for b in handler_of(app, FinalHandler).group.widgets]
    assert labels[:3] == ["Play again", "New game", "Main menu"]
    first = local_game(app).game
    app.step(DT, [click(final_button(app, "Play again").center)])
    app.step(DT, [])
    again = local_game(app).game
    assert again is not first and again.deal_no == 1 and not again.is_over
    assert (again.names, again.rules, again.max_deals) == (first.names, first.rules, first.max_deals)
    if seed is None:
        assert again.seed != first.seed
    else:
        assert again.seed == first.seed == seed


def test_new_game_opens_the_form_filled_with_this_games_choices() -> None:
    app = to_final_standings(Setup.for_players(5, "lacombe", deals=1, seed=3))
    app.step(DT, [click(final_button(app, "New game").center)])
    app.step(DT, [])
    form = app.stack.top
    assert isinstance(form, NewGameScene)
    assert (form.players, form.rules, form.deals) == (5, "lacombe", 1)
