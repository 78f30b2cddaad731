"""Access: a whole game by gamepad alone (controller events posted through App.step), a whole game by
keyboard alone from the menu, the focus always visible, and the table's sounds at their moments."""

from __future__ import annotations

import pygame
import pytest
from helpers import DT

from scenes.app.loop import App
from scenes.navigator import Screens
from scenes.screens.menu import MenuScene
from scenes.store.settings import Settings
from scenes.ui.widgets import Widget
from tools.driver import key, keys_for, table_of

PAD = 0


def button(b: int) -> pygame.event.Event:
    """A controller button press, as SDL sends it."""
    return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=b, instance_id=PAD)


def make_app() -> App:
    app = App(Settings(animation_speed="instant", players=4, deals=3), (1280, 720))
    app.stack.push(MenuScene(app, Screens(app)))
    app.step(DT, [])
    return app


def focus_then_press(app: App, target: Widget) -> list[pygame.event.Event]:
    """D-pad right until ``target`` has the focus, then A."""
    group = table_of(app).handler.buttons
    if group.focused is target:
        return [button(pygame.CONTROLLER_BUTTON_A)]
    return [button(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)]


def pad_for(app: App) -> list[pygame.event.Event]:
    """What a gamepad player presses now: the same choices as the stand-in keyboard player."""
    top = app.stack.top
    assert top is not None
    if top.name in ("menu", "newgame", "ledger"):
        return [button(pygame.CONTROLLER_BUTTON_A)]
    wanted = keys_for(app)
    if not wanted:
        return []
    k = wanted[0].key
    targets = {
        pygame.K_b: "bid_button",
        pygame.K_p: "pass_button",
        pygame.K_c: "card_button",
        pygame.K_s: "stand_button",
        pygame.K_d: "deal_button",
    }
    return focus_then_press(app, getattr(table_of(app).handler, targets[k]))


def test_a_whole_game_by_gamepad_alone() -> None:
    app = make_app()
    seen: list[str] = []
    for _ in range(20000):
        name = app.stack.top.name if app.stack.top is not None else ""
        if not seen or seen[-1] != name:
            seen.append(name)
        if name == "gameover":
            break
        app.step(DT, pad_for(app))
    assert seen[:3] == ["menu", "newgame", "auction"]
    assert {"deal", "showdown", "ledger", "gameover"} <= set(seen)
    # B (or Start) is Escape: the game-over screen's overlay opens the pause menu.
    app.step(DT, [button(pygame.CONTROLLER_BUTTON_START)])
    app.step(DT, [])
    assert app.stack.top is not None and app.stack.top.name == "pause"


def test_a_controller_plugged_in_or_out_is_no_key() -> None:
    app = make_app()
    app.step(DT, [pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=5)])
    app.step(DT, [pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=5)])
    assert app.stack.top is not None and app.stack.top.name == "menu"


def test_a_whole_game_by_keyboard_alone_from_the_menu_with_the_focus_shown() -> None:
    app = make_app()
    seen: list[str] = []
    for _ in range(20000):
        top = app.stack.top
        name = top.name if top is not None else ""
        if not seen or seen[-1] != name:
            seen.append(name)
            group = getattr(top, "group", None)
            if group is not None:
                # Every panel opens with a widget focused, so the gold ring shows where Enter goes.
                assert group.focused is not None, name
        if name == "gameover":
            break
        events = keys_for(app)
        if name in ("menu", "newgame"):
            events = [key(pygame.K_RETURN, "\r")]
        app.step(DT, events)
    assert {"newgame", "auction", "deal", "showdown", "ledger", "gameover"} <= set(seen)
    # The keyboard reaches every menu entry: Statistics, then Escape back.
    app.stack.reset(MenuScene(app, Screens(app)))
    app.step(DT, [])
    # New game, Guided game, How to play, Settings, Statistics.
    app.step(DT, [key(pygame.K_DOWN)] * 4 + [key(pygame.K_RETURN, "\r")])
    app.step(DT, [])
    assert app.stack.top is not None and app.stack.top.name == "statistics"
    app.step(DT, [key(pygame.K_ESCAPE)])
    app.step(DT, [])
    assert app.stack.top is not None and app.stack.top.name == "menu"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_table_makes_its_sounds(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes.navigator import start_game
    from scenes.table.setup import Setup

    app = make_app()
    heard: list[str] = []
    monkeypatch.setattr(app.sound, "play", heard.append)
    start_game(app, Setup.for_players(5, seed=seed, deals=4))
    for _ in range(20000):
        if app.stack.top is not None and app.stack.top.name == "gameover":
            break
        app.step(DT, keys_for(app))
    assert {"card", "flip", "chips"} <= set(heard)
    assert "farm_won" in heard or "bust" in heard
