"""The panels say and do what a newcomer expects: Settings over the table shows nothing of it cut
by its edge, the pause's key hints name only what the pause does, New game asks before a saved
game is replaced and takes typed letters as the name, and Window size reads as the window is."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from helpers import DT
from helpers.games import play_deal, setup

from scenes.app.loop import App
from scenes.navigator import Screens
from scenes.screens.confirm import ConfirmScene
from scenes.screens.newgame import NewGameScene
from scenes.screens.pause import PauseScene
from scenes.screens.settings import SettingsScene
from scenes.store.keeper import Keeper
from scenes.store.saves import SaveStore
from scenes.store.settings import Settings
from scenes.store.stats import StatsStore
from scenes.table.local import LocalTable
from scenes.table.setup import Setup
from tools.driver import key, local_game


@pytest.fixture(autouse=True)
def clear_events() -> Iterator[None]:
    yield
    if pygame.display.get_init():
        pygame.event.clear()


def _paused(size: tuple[int, int]) -> tuple[App, Screens]:
    app = App(Settings(animation_speed="instant", language="en"), size)
    screens = Screens(app)
    screens.start(Setup.for_players(4, seed=3, deals=4))
    app.step(DT, [])
    screens.pause(app.stack.top.source)  # type: ignore[union-attr]
    app.step(DT, [])
    return app, screens


@pytest.mark.parametrize("size", [(1024, 600), (3840, 2160)])
def test_settings_over_the_paused_table_shows_nothing_of_it(size: tuple[int, int]) -> None:
    """The table's header ("Deal 1 of 4 · ...") was half cut by Settings' top edge at 1024 × 600:
    Settings over the paused table now looks as Settings over nothing."""
    app, screens = _paused(size)
    screens.settings()
    app.step(DT, [])
    assert isinstance(app.stack.top, SettingsScene)
    app.draw()
    over_table = pygame.image.tobytes(app.screen, "RGB")
    alone = App(Settings(animation_speed="instant", language="en"), size)
    alone.push(SettingsScene(alone))
    alone.step(DT, [])
    alone.draw()
    assert over_table == pygame.image.tobytes(alone.screen, "RGB")


def test_the_pause_names_no_key_it_does_not_answer() -> None:
    app, _screens = _paused((1280, 720))
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    assert "←/→" not in pause.hints()  # nothing on the pause changes
    assert "Esc" in pause.hints() and "Enter" in pause.hints()
    assert "←/→: change" in SettingsScene(app).hints()  # where choices do change


def _with_save(tmp_path: Path, saved: bool) -> tuple[App, NewGameScene]:
    app = App(Settings(animation_speed="instant", language="en"), (1024, 600))
    app.keeper = Keeper(SaveStore(tmp_path / "save.json"), StatsStore(tmp_path / "stats.json"))
    if saved:
        session = LocalTable.start(setup())
        play_deal(session)
        app.keeper.leave(session.kept)
        assert app.keeper.saves is not None and app.keeper.saves.exists()
    form = NewGameScene(app, Screens(app), None)
    app.push(form)
    app.step(DT, [])
    return app, form


def test_start_asks_before_replacing_a_saved_game_and_escape_keeps_it(tmp_path: Path) -> None:
    app, form = _with_save(tmp_path, saved=True)
    saved = (tmp_path / "save.json").read_bytes()
    form.start_game()
    app.step(DT, [])
    asked = app.stack.top
    assert isinstance(asked, ConfirmScene)
    app.step(DT, [key(pygame.K_ESCAPE)])
    app.step(DT, [])
    assert app.stack.scenes[-1] is form
    assert (tmp_path / "save.json").read_bytes() == saved
    form.start_game()
    app.step(DT, [])
    app.step(DT, [key(pygame.K_RETURN)])  # Enter confirms
    app.step(DT, [])
    game = local_game(app).game
    assert game.deal_no == 1 and not game.is_over


def test_start_with_no_saved_game_plays_at_once(tmp_path: Path) -> None:
    app, form = _with_save(tmp_path, saved=False)
    form.start_game()
    app.step(DT, [])
    assert not isinstance(app.stack.top, ConfirmScene)
    assert local_game(app).game.deal_no == 1


def test_letters_typed_on_the_new_game_form_go_to_the_name(tmp_path: Path) -> None:
    app, form = _with_save(tmp_path, saved=False)
    form.names[0] = ""
    for letter in "Ann":
        app.step(DT, [pygame.event.Event(pygame.TEXTINPUT, text=letter)])
    assert form.names[0] == "Ann"
    # From a choice too: the letters go to the name, not nowhere.
    form.group.set_focus(form.rules_w)
    app.step(DT, [pygame.event.Event(pygame.TEXTINPUT, text="e")])
    assert form.names[0] == "Anne"
    # Down from the opening focus goes on down the form, not to Back.
    form2 = NewGameScene(app, Screens(app), None)
    app.push(form2)
    app.step(DT, [key(pygame.K_DOWN)])
    assert form2.group.focused is form2.rules_w


def test_window_size_reads_as_the_window_is(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a 1280 × 720 screen a window manager gave the window the whole screen: Window size says
    1280 × 720 (not the 1280 × 640 asked for) and offers it."""
    app = App(
        Settings(animation_speed="instant", language="en", window_width=1280, window_height=720), (1280, 720)
    )
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1280, 720)])
    scene = SettingsScene(app)
    assert scene.size_w.value_text() == "1280 × 720"
    assert (1280, 720) in [value for value, _name in scene.size_w.options]
