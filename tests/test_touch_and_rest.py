"""Real kiosk hardware: touch alone plays whole games, keys never stick, idle time counts only
while the visitor is asked, storms never end a kiosk, and a still screen is not drawn again.
"""
# A check after a call sees the state the call changed, which mypy takes as narrowed before it.
# mypy: disable-error-code="comparison-overlap"


from __future__ import annotations

import random

import pygame
from helpers import DT, TENTH

from scenes.app.loop import HEARTBEAT, App
from scenes.kiosk.app import KioskApp, Mode
from scenes.kiosk.config import KioskConfig
from scenes.kiosk.keys import HeldKeys
from scenes.kiosk.timers import HoldCombo
from scenes.navigator import Screens, start_game
from scenes.store.settings import Settings
from scenes.table.scene import TableScene
from scenes.table.setup import Setup
from scenes.table.source import has_ended
from scenes.ui.widgets import Button
from tools.driver import table_of, tap, taps_for


def keydown(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def keyup(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)


# ---------------------------------------------------------------------- keys that never stick

ALL = pygame.KMOD_LCTRL | pygame.KMOD_LALT | pygame.KMOD_LSHIFT


def test_modifiers_follow_the_latest_key_event_not_a_lost_release() -> None:
    held = HeldKeys()
    held.observe(keydown(pygame.K_a, ALL))  # ctrl, alt and shift held while typing a
    assert {"ctrl", "alt", "shift"} <= held.down
    held.observe(keyup(pygame.K_a, 0))  # their releases were lost; the keyboard says none is held
    assert held.down == set()
    held.observe(keydown(pygame.K_LCTRL, 0))  # a modifier's own press counts even without its bit
    assert held.down == {"ctrl"}
    held.observe(keyup(pygame.K_LCTRL, pygame.KMOD_LCTRL))  # nor does a stale bit outlive its release
    assert held.down == set()


def test_a_storm_of_random_modifiers_never_fires_the_exit_combination() -> None:
    rng = random.Random(14)
    held = HeldKeys()
    combo = HoldCombo(("ctrl", "alt", "shift", "q"), 3.0)
    keys = [pygame.K_q, pygame.K_a, pygame.K_LCTRL, pygame.K_LALT, pygame.K_LSHIFT, pygame.K_RETURN]
    mods = [
        0,
        pygame.KMOD_LCTRL,
        pygame.KMOD_LALT,
        pygame.KMOD_LSHIFT,
        ALL,
        pygame.KMOD_LCTRL | pygame.KMOD_LALT,
    ]
    fired = False
    for _ in range(20000):  # some 30 minutes of key events at 10 a second, releases often lost
        event = (keydown if rng.random() < 0.7 else keyup)(rng.choice(keys), rng.choice(mods))
        held.observe(event)
        fired |= combo.update(0.1, held.down)
    assert not fired
    # A real hold of the whole combination still quits.
    held.observe(keydown(pygame.K_q, ALL))
    assert any(combo.update(0.1, held.down) for _ in range(31))


# ---------------------------------------------------------------------- touch


def test_a_tap_presses_a_button_once_and_the_emulated_mouse_copy_is_ignored() -> None:
    app = App(Settings(animation_speed="instant"), (1280, 720))
    presses: list[str] = []
    Screens(app).menu()
    app.step(TENTH, [])
    menu = app.stack.top
    assert menu is not None
    button = Button(lambda: "Test", lambda: presses.append("press"))
    button.rect = pygame.Rect(100, 100, 200, 60)
    menu.group.widgets.append(button)  # type: ignore[attr-defined]
    copy = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1, touch=True)
    app.step(TENTH, [*tap(button.rect.center, app.size), copy])
    assert presses == ["press"]


def test_a_second_finger_while_the_first_is_down_is_no_press() -> None:
    app = App(Settings(animation_speed="instant"), (1280, 720))
    Screens(app).menu()
    app.step(TENTH, [])
    menu = app.stack.top
    presses: list[int] = []
    for i in range(2):
        b = Button(lambda: "B", lambda i=i: presses.append(i))  # type: ignore[misc]
        b.rect = pygame.Rect(100 + 300 * i, 100, 200, 60)
        menu.group.widgets.append(b)  # type: ignore[union-attr]
    first_down, first_up = tap((200, 130), app.size, finger=1)
    second_down, second_up = tap((500, 130), app.size, finger=2)
    app.step(TENTH, [first_down, second_down, second_up, first_up])
    assert presses == [0]


def test_a_drag_scrolls_how_to_play() -> None:
    from scenes.screens.howto import HowToScene

    app = App(Settings(), (1024, 600))
    app.stack.push(HowToScene(app))
    app.step(TENTH, [])
    page = app.stack.top
    assert isinstance(page, HowToScene) and page._max_scroll > 0
    x, y = page.panel.center
    w, h = app.size
    down, up = tap((x, y), app.size)
    moves = [
        pygame.event.Event(
            pygame.FINGERMOTION, x=x / w, y=(y - 20 * i) / h, dx=0.0, dy=-20 / h, finger_id=0, touch_id=0
        )
        for i in range(1, 6)
    ]
    app.step(TENTH, [down, *moves, up])
    assert page.scroll > 50


def test_touch_alone_plays_a_visitors_games_to_their_end_and_back_to_the_attract_loop() -> None:
    app = KioskApp(KioskConfig(players=3, deals=2), locked=True, fullscreen=False, seed=5)
    app.draw_every = 10
    app.step(TENTH, [])
    centre = (app.size[0] // 2, app.size[1] // 2)
    finished = 0
    for _game in range(2):
        app.step(TENTH, tap(centre, app.size))  # a tap wakes the kiosk and hands over the table
        assert app.mode is Mode.VISITOR
        session = table_of(app).source
        for _ in range(20000):
            if app.mode is Mode.ATTRACT:
                break
            scene = app.stack.top
            if isinstance(scene, TableScene) and scene.name == "gameover":
                finished += has_ended(session)
                app.step(TENTH * 20, [])
                app.step(TENTH, tap(centre, app.size))  # a tap on the final standings: back to the loop
                continue
            app.step(TENTH, taps_for(app))
        assert app.mode is Mode.ATTRACT
        assert session.over and session.game.deal_no == 2
    assert finished == 2 and app.exceptions == 0 and app.running


# ---------------------------------------------------------------------- idle time


def test_the_idle_timer_waits_while_the_computer_plays_a_long_auction() -> None:
    app = KioskApp(KioskConfig(players=10, deals=2, idle_timeout=1.5), locked=True, fullscreen=False, seed=8)
    app.draw_every = 10
    app.step(TENTH, [])
    app.step(TENTH, tap((640, 360), app.size))
    not_asked = 0.0
    for _ in range(3000):
        scene = app.stack.top
        assert scene is not None and scene.name != "still-there"
        if not isinstance(scene, TableScene) or scene.name != "auction":
            break
        if scene.asks_person:
            p = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p", scancode=0)
            app.step(TENTH, [p])
        else:
            not_asked += TENTH
            app.step(TENTH, [])
    assert not_asked > 3 * 1.5  # the AI seats bid for far longer than the idle time, unasked
    assert app.mode is Mode.VISITOR


# ---------------------------------------------------------------------- storms


def test_a_random_storm_of_keys_clicks_touches_and_close_requests_never_ends_a_kiosk() -> None:
    rng = random.Random(41)
    app = KioskApp(KioskConfig(players=4, deals=1), locked=True, fullscreen=False, seed=2)
    app.draw_every = 25
    w, h = app.size
    keys = [
        pygame.K_ESCAPE,
        pygame.K_RETURN,
        pygame.K_F11,
        pygame.K_F4,
        pygame.K_q,
        pygame.K_SPACE,
        pygame.K_TAB,
        pygame.K_b,
        pygame.K_p,
        pygame.K_c,
        pygame.K_LALT,
        pygame.K_LCTRL,
        pygame.K_LSHIFT,
    ]
    mods = [0, pygame.KMOD_LALT, pygame.KMOD_LCTRL, ALL, pygame.KMOD_LSHIFT]
    for _ in range(6000):
        events: list[pygame.event.Event] = []
        for _ in range(rng.randrange(4)):
            kind = rng.random()
            if kind < 0.4:
                maker = keydown if rng.random() < 0.6 else keyup
                events.append(maker(rng.choice(keys), rng.choice(mods)))
            elif kind < 0.6:
                pos = (rng.randrange(w), rng.randrange(h))
                events.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 3])))
            elif kind < 0.85:
                events.extend(tap((rng.randrange(w), rng.randrange(h)), app.size, finger=rng.randrange(3)))
            elif kind < 0.9:
                events.append(pygame.event.Event(pygame.QUIT))
            else:
                events.append(pygame.event.Event(pygame.WINDOWFOCUSLOST))
        app.step(TENTH, events)
        assert app.running, "the kiosk stopped"
    assert app.exceptions == 0 and not app.operator_quit


# ---------------------------------------------------------------------- a still screen


def test_a_still_menu_is_drawn_about_once_a_second_and_input_draws_at_once() -> None:
    app = App(Settings(), (1280, 720))
    Screens(app).menu()
    for _ in range(30):
        app.step(DT, [])
    shown = app.frames_shown
    for _ in range(300):  # five seconds left alone
        app.step(DT, [])
    assert app.frames_shown - shown <= 5 / HEARTBEAT + 1
    before = app.frames_shown
    app.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0))])
    assert app.frames_shown == before + 1


def test_moving_cards_are_drawn_every_frame_and_the_waiting_table_rests() -> None:
    app = App(Settings(animation_speed="normal"), (1280, 720))
    start_game(app, Setup.for_players(4, seed=3, deals=1))
    app.step(DT, [])
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    moving = 0
    for _ in range(600):
        before = app.frames_shown
        busy = scene.tweens.busy
        looks = scene.pieces()
        app.step(DT, [])
        if busy:
            moving += 1
            # Drawn, unless nothing it shows moved by a pixel (a card waiting on its delay).
            assert app.frames_shown == before + 1 or scene.pieces() == looks
        if scene.asks_person and not scene.tweens.busy and not scene.table.labels:
            break
    assert moving > 10 and scene.asks_person
    shown = app.frames_shown
    for _ in range(120):  # two seconds of the person thinking: only the glow of their seat pulses
        app.step(DT, [])
    assert app.frames_shown - shown <= 2 * 15 + 2


def test_a_window_asked_larger_than_the_screen_fits_on_it() -> None:
    from scenes.app.loop import WINDOW_MARGIN, fit_window

    assert fit_window((1920, 1080), (1920, 1080)) == (1920, 1080 - WINDOW_MARGIN[1])
    assert fit_window((1280, 720), (1920, 1080)) == (1280, 720)
    assert fit_window((5000, 5000), (2560, 1440)) == (2560, 1440 - WINDOW_MARGIN[1])
    assert fit_window((1280, 720), None) == (1280, 720)
