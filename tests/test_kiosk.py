"""The kiosk as a whole, on an injected clock and injected events: attract loop, hand-over,
idle return, lock-down, the operator's exit and surviving a failing scene.
"""
# A check after a call sees the state the call changed, which mypy takes as narrowed before it.
# mypy: disable-error-code="comparison-overlap"


from __future__ import annotations

import itertools
import logging
from collections.abc import Iterable, Iterator

import pygame
import pytest
from helpers import TENTH, local_of, record_text, top_as

from scenes.app.loop import FPS, KEEP_BACKDROP_PIXELS, App
from scenes.cli import parser
from scenes.kiosk import app as kiosk_app
from scenes.kiosk.app import GAMEOVER_PAUSE, TEXT_CACHE, KioskApp, Mode
from scenes.kiosk.config import KioskConfig
from scenes.kiosk.overlays import KioskPauseScene
from scenes.kiosk.run import open_with_retry
from scenes.table.ledger import FinalHandler, LedgerHandler
from scenes.table.local import LocalTable
from scenes.table.scene import TableScene
from scenes.table.source import TableSource
from tools.driver import handler_of, keys_for, table_of, top_name


def key(k: int, mod: int = 0, up: bool = False) -> pygame.event.Event:
    kind = pygame.KEYUP if up else pygame.KEYDOWN
    return pygame.event.Event(kind, key=k, mod=mod, unicode="", scancode=0)


def click(pos: tuple[int, int] = (600, 400)) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def touch() -> pygame.event.Event:
    return pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5, dx=0.0, dy=0.0, finger_id=0, touch_id=0)


def pad_button() -> pygame.event.Event:
    return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_A, instance_id=0)


@pytest.fixture
def passed(monkeypatch: pytest.MonkeyPatch) -> list[pygame.event.Event]:
    """Every event the kiosk lets through to the app's own frame (and so to the scenes)."""
    seen: list[pygame.event.Event] = []
    original = App.step

    def spy(self: App, dt: float, events: Iterable[pygame.event.Event]) -> None:
        events = list(events)
        seen.extend(events)
        original(self, dt, events)

    monkeypatch.setattr(App, "step", spy)
    return seen


def make(**config: object) -> KioskApp:
    app = KioskApp(KioskConfig(**config), locked=True, fullscreen=False, seed=7)  # type: ignore[arg-type]
    app.draw_every = 5
    app.step(TENTH, [])
    return app


@pytest.fixture
def kiosk() -> Iterator[KioskApp]:
    yield make()
    pygame.mouse.set_visible(True)


def run(app: KioskApp, seconds: float, events: Iterable[pygame.event.Event] = ()) -> None:
    app.step(TENTH, list(events))
    for _ in range(round(seconds / TENTH) - 1):
        app.step(TENTH, [])



def until(app: KioskApp, names: str | tuple[str, ...], limit: float = 900.0, press: bool = False) -> None:
    """Step until a scene named in ``names`` is on top (pressing a simple player's keys if ``press``)."""
    wanted = (names,) if isinstance(names, str) else names
    for _ in range(round(limit / TENTH)):
        if top_name(app) in wanted:
            return
        app.step(TENTH, keys_for(app) if press else [])
    raise AssertionError(f"{wanted} never came; on top: {top_name(app)}")


def visitor(app: KioskApp) -> LocalTable:
    return local_of(top_as(app, TableScene))


# ---------------------------------------------------------------------- the attract loop


def test_attract_loop_shows_title_howto_an_ai_game_and_its_ledger_then_starts_again(kiosk: KioskApp) -> None:
    seen: list[str] = []
    for _ in range(round(900 / TENTH)):
        kiosk.step(TENTH, [])
        if not seen or seen[-1] != top_name(kiosk):
            seen.append(top_name(kiosk))
        if kiosk.demo_games == 1 and top_name(kiosk) == "attract-title":
            break
    assert seen[:3] == ["attract-title", "attract-howto", "auction"]
    assert {"deal", "showdown", "ledger", "gameover"} <= set(seen)
    assert seen[-1] == "attract-title" and kiosk.demo_games == 1
    assert kiosk.mode is Mode.ATTRACT and kiosk.exceptions == 0


def test_the_demo_game_has_an_ai_in_every_seat_and_fresh_seeds(kiosk: KioskApp) -> None:
    until(kiosk, "auction")
    first = visitor(kiosk)
    assert first.facts.watching and first.kept is None
    assert sorted(first.match.agents) == list(range(first.facts.n))
    until(kiosk, "attract-title")
    until(kiosk, "auction")
    second = visitor(kiosk)
    assert first.facts.setup is not None and second.facts.setup is not None
    assert second is not first and second.facts.setup.seed != first.facts.setup.seed


def test_the_demos_ledgers_offer_no_buttons_to_passers_by(kiosk: KioskApp) -> None:
    for name in ("ledger", "gameover"):
        until(kiosk, name)
        kiosk.step(TENTH, [])
        assert not any(b.visible for b in handler_of(kiosk, LedgerHandler).group.widgets)


def test_the_demo_table_shows_no_skip_button_but_a_visitors_does(kiosk: KioskApp) -> None:
    # Any touch on the demo hands the table over, so its Skip could never be pressed.
    until(kiosk, "deal")
    scene = table_of(kiosk)
    busy = 0
    for _ in range(round(20 / TENTH)):
        kiosk.step(TENTH, [])
        busy += scene.tweens.busy
        assert not scene.skippable
    assert busy  # cards moved meanwhile: a desktop table would have offered Skip
    run(kiosk, 0.5, [key(pygame.K_b)])
    until(kiosk, ("auction", "deal"))
    mine = table_of(kiosk)
    assert mine is not scene and mine.offers_skip and not mine.source.facts.watching


@pytest.mark.parametrize("wake", [key(pygame.K_b), click(), touch(), pad_button()], ids=str)
def test_any_key_click_touch_or_button_hands_the_table_to_a_visitor(
    kiosk: KioskApp, wake: pygame.event.Event
) -> None:
    kiosk.step(TENTH, [wake])
    kiosk.step(TENTH, [])
    assert kiosk.mode is Mode.VISITOR
    session = visitor(kiosk)
    assert not session.facts.watching
    assert session.facts.n == 5 and session.game.rules.name == "foster" and session.game.max_deals == 6
    assert session.facts.setup is not None and session.facts.setup.levels[1:] == ["normal"] * 4


def test_the_input_that_wakes_the_attract_loop_is_not_taken_as_a_move(
    kiosk: KioskApp, passed: list[pygame.event.Event]
) -> None:
    until(kiosk, "auction")  # the demo game is on the table: a key here could bid, pass or pause
    wake = key(pygame.K_ESCAPE)
    kiosk.step(TENTH, [wake, key(pygame.K_p), click()])
    kiosk.step(TENTH, [click()])  # a touch's own click, a frame later
    assert kiosk.mode is Mode.VISITOR and top_name(kiosk) == "auction"
    people = [e for e in passed if e.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)]
    assert people == []
    run(kiosk, 1.0)
    run(kiosk, 0.5, [key(pygame.K_SPACE)])  # after the hand-over, keys reach the game again
    assert any(e.type == pygame.KEYDOWN and e.key == pygame.K_SPACE for e in passed)


def test_a_lone_modifier_does_not_wake_the_attract_loop(kiosk: KioskApp) -> None:
    run(kiosk, 1.0, [key(pygame.K_LCTRL), key(pygame.K_LSHIFT)])
    assert kiosk.mode is Mode.ATTRACT


# ---------------------------------------------------------------------- taking the table back


def until_asked(app: KioskApp, limit: float = 120.0) -> None:
    """Step until the visitor's table waits for the visitor."""
    for _ in range(round(limit / TENTH)):
        scene = app.stack.top
        if isinstance(scene, TableScene) and scene.asks_person:
            return
        app.step(TENTH, [])
    raise AssertionError("the visitor was never asked to act")


def test_idle_visitor_is_asked_then_the_table_returns_to_the_attract_loop(kiosk: KioskApp) -> None:
    kiosk.step(TENTH, [key(pygame.K_RETURN)])
    until_asked(kiosk)
    run(kiosk, 59.0)
    assert kiosk.mode is Mode.VISITOR and top_name(kiosk) != "still-there"
    run(kiosk, 1.5)
    assert top_name(kiosk) == "still-there"
    assert kiosk.idle.seconds_left == 10
    run(kiosk, 9.0)
    assert top_name(kiosk) == "still-there" and kiosk.idle.seconds_left == 1
    run(kiosk, 1.5)
    assert kiosk.mode is Mode.ATTRACT and top_name(kiosk) == "attract-title"


def test_input_dismisses_the_countdown_and_is_not_a_move(
    kiosk: KioskApp, passed: list[pygame.event.Event]
) -> None:
    kiosk.step(TENTH, [key(pygame.K_RETURN)])
    run(kiosk, 65.0)
    assert top_name(kiosk) == "still-there"
    session = visitor_under(kiosk)
    passed.clear()
    run(kiosk, 1.0, [key(pygame.K_p)])
    assert kiosk.mode is Mode.VISITOR and top_name(kiosk) != "still-there"
    assert not [e for e in passed if e.type == pygame.KEYDOWN]
    run(kiosk, 30.0)  # the question does not come back until another idle minute has passed
    assert top_name(kiosk) != "still-there" and visitor_under(kiosk) is session


def visitor_under(app: KioskApp) -> TableSource:
    for scene in reversed(app.stack.scenes):
        if isinstance(scene, TableScene):
            return scene.source
    raise AssertionError("no game on the stack")


def test_a_finished_visitor_game_returns_to_the_attract_loop_after_its_ledger() -> None:
    app = make(deals=1)
    app.step(TENTH, [key(pygame.K_RETURN)])
    run(app, 1.0)
    until(app, "gameover", press=True)
    run(app, GAMEOVER_PAUSE - 1.0)
    assert top_name(app) == "gameover"
    assert not any(b.visible for b in handler_of(app, FinalHandler).group.widgets)
    run(app, 1.5)
    assert app.mode is Mode.ATTRACT and top_name(app) == "attract-title"


def test_a_visitor_arriving_on_the_demos_final_ledger_still_gets_the_full_pause_at_the_end() -> None:
    app = make(deals=1)
    until(app, "gameover")  # the demo's final ledger
    app.step(TENTH, [key(pygame.K_RETURN)])
    run(app, 1.0)
    until(app, "gameover", press=True)
    run(app, GAMEOVER_PAUSE - 2.0)
    assert app.mode is Mode.VISITOR and top_name(app) == "gameover"


def test_input_on_a_visitors_final_ledger_returns_to_the_attract_loop() -> None:
    app = make(deals=1)
    app.step(TENTH, [key(pygame.K_RETURN)])
    run(app, 1.0)
    until(app, "gameover", press=True)
    run(app, 1.0, [key(pygame.K_RETURN)])  # a key still held from the last move does not count
    assert top_name(app) == "gameover"
    run(app, 1.0)
    run(app, 0.5, [key(pygame.K_RETURN)])
    assert app.mode is Mode.ATTRACT and top_name(app) == "attract-title"


# ---------------------------------------------------------------------- locked down


FORBIDDEN = {
    "escape": [key(pygame.K_ESCAPE)],
    "f11": [key(pygame.K_F11)],
    "alt+enter": [key(pygame.K_LALT, pygame.KMOD_LALT), key(pygame.K_RETURN, pygame.KMOD_LALT)],
    "alt+f4": [key(pygame.K_LALT, pygame.KMOD_LALT), key(pygame.K_F4, pygame.KMOD_LALT)],
    "close": [pygame.event.Event(pygame.QUIT)],
}


@pytest.mark.parametrize("way", list(FORBIDDEN))
def test_no_way_out_of_a_locked_kiosk_but_the_operators(way: str) -> None:
    app = KioskApp(KioskConfig(), locked=True, fullscreen=True, seed=3)
    app.step(TENTH, [key(pygame.K_RETURN)])
    run(app, 1.0)
    until(app, "auction")
    for round_ in range(2):  # twice: Escape again over the pause panel, F11 twice is no way back
        run(app, 0.5, FORBIDDEN[way])
        run(app, 0.5, [key(pygame.K_LALT, up=True)])
        assert app.running and app.settings.fullscreen, round_
        screen = pygame.display.get_surface()
        assert screen is not None and screen.get_flags() & pygame.FULLSCREEN
        assert app.mode is Mode.VISITOR
        names = [s.name for s in app.stack.scenes]
        assert "menu" not in names and "settings" not in names
        if way == "escape":
            # Escape pauses the visitor's game; Escape again over the pause panel goes back to it.
            assert isinstance(app.stack.scenes[-1], KioskPauseScene) == (round_ == 0), round_
    assert top_name(app) in ("auction", "deal")
    app.step(TENTH, [key(pygame.K_ESCAPE)])
    run(app, 2.0)
    app.step(TENTH, [pygame.event.Event(pygame.QUIT)])  # nor in the attract loop
    assert app.running


def test_the_kiosk_pause_panel_has_no_quit_and_no_settings(kiosk: KioskApp) -> None:
    kiosk.step(TENTH, [key(pygame.K_RETURN)])
    run(kiosk, 1.0)
    run(kiosk, 0.5, [key(pygame.K_ESCAPE)])
    scene = kiosk.stack.top
    assert isinstance(scene, KioskPauseScene)
    labels = [w.label() for w in scene.group.widgets]
    assert labels == ["Resume", "How to play", "Leave the table"]
    kiosk.step(TENTH, [key(pygame.K_DOWN), key(pygame.K_DOWN), key(pygame.K_RETURN)])
    run(kiosk, 0.5)
    assert kiosk.mode is Mode.ATTRACT and top_name(kiosk) == "attract-title"


def hold_combo(app: KioskApp, seconds: float) -> None:
    mods = pygame.KMOD_LCTRL | pygame.KMOD_LALT | pygame.KMOD_LSHIFT
    presses = [key(pygame.K_LCTRL), key(pygame.K_LALT), key(pygame.K_LSHIFT), key(pygame.K_q, mods)]
    run(app, seconds, presses)


def test_the_exit_combination_held_three_seconds_quits(kiosk: KioskApp) -> None:
    hold_combo(kiosk, 3.05)
    assert not kiosk.running and kiosk.operator_quit


def test_the_exit_combination_shows_its_hold_and_never_hands_the_table_to_a_visitor(kiosk: KioskApp) -> None:
    blitted = record_text(kiosk.text)
    kiosk.draw_every = 1
    hold_combo(kiosk, 1.5)
    drawn = [b.words for b in blitted]
    assert kiosk.mode is Mode.ATTRACT and kiosk.visitor_games == 0  # the operator is no visitor
    assert any(w.startswith("Keep holding to close the kiosk: ") for w in drawn), drawn[-5:]
    half = [w for w in drawn if w.startswith("Keep holding")][-1]
    assert half.endswith("50%"), half
    run(kiosk, 0.5, [key(pygame.K_q, up=True)])
    assert kiosk.running and kiosk.mode is Mode.ATTRACT and kiosk.visitor_games == 0


def test_the_exit_combination_held_two_seconds_does_not_quit(kiosk: KioskApp) -> None:
    hold_combo(kiosk, 2.0)
    run(kiosk, 2.0, [key(pygame.K_q, up=True)])
    assert kiosk.running and not kiosk.operator_quit


def test_the_exit_combination_comes_from_the_config() -> None:
    app = make(exit_combo=("ctrl", "x"), exit_hold=1.0)
    run(app, 1.2, [key(pygame.K_RCTRL), key(pygame.K_x, pygame.KMOD_RCTRL)])
    assert not app.running


# ---------------------------------------------------------------------- survives


def test_an_exception_in_a_scene_is_logged_and_the_attract_loop_starts_again(
    kiosk: KioskApp, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    kiosk.step(TENTH, [key(pygame.K_RETURN)])
    run(kiosk, 1.0)
    assert kiosk.mode is Mode.VISITOR

    def broken(self: TableScene, dt: float) -> None:
        raise RuntimeError("a scene broke")

    monkeypatch.setattr(type(kiosk.stack.top), "update", broken)
    with caplog.at_level(logging.ERROR, logger="farmer.kiosk"):
        kiosk.step(TENTH, [])
    monkeypatch.undo()
    assert kiosk.exceptions == 1 and kiosk.running
    assert kiosk.mode is Mode.ATTRACT and top_name(kiosk) == "attract-title"
    assert "a scene failed" in caplog.text
    assert "RuntimeError: a scene broke" in caplog.text and "Traceback" in caplog.text
    run(kiosk, 30.0)
    assert top_name(kiosk) == "auction" and kiosk.exceptions == 1


def test_an_exception_while_drawing_is_survived_too(kiosk: KioskApp, monkeypatch: pytest.MonkeyPatch) -> None:
    kiosk.draw_every = 1
    calls = []

    def broken(self: object, surface: pygame.Surface) -> None:
        calls.append(1)
        raise ValueError("bad drawing")

    monkeypatch.setattr(type(kiosk.stack.top), "draw", broken)
    kiosk.step(TENTH, [])
    monkeypatch.undo()
    kiosk.step(TENTH, [])
    assert calls and kiosk.exceptions == 1 and kiosk.running


def test_a_display_that_will_not_open_is_tried_again_with_growing_pauses(
    caplog: pytest.LogCaptureFixture,
) -> None:
    failures = iter([pygame.error("no screen"), pygame.error("still none")])
    pauses: list[float] = []

    def opener() -> str:
        error = next(failures, None)
        if error is not None:
            raise error
        return "window"

    with caplog.at_level(logging.WARNING, logger="farmer.kiosk"):
        assert open_with_retry(opener, (pygame.error,), sleep=pauses.append) == "window"
    assert pauses == [1.0, 2.0]
    assert caplog.text.count("display did not open") == 2


def test_a_demo_window_does_not_retry_forever() -> None:
    def opener() -> str:
        raise pygame.error("no screen")

    with pytest.raises(pygame.error):
        open_with_retry(opener, (pygame.error,), sleep=lambda s: None, attempts=1)


# ---------------------------------------------------------------------- screen and pointer


def test_the_pointer_is_hidden_and_shows_while_the_mouse_moves_in_a_visitors_game(kiosk: KioskApp) -> None:
    assert not pygame.mouse.get_visible()
    move = pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0))
    run(kiosk, 0.5, [move])
    assert not pygame.mouse.get_visible()  # the demo keeps it hidden
    kiosk.step(TENTH, [key(pygame.K_RETURN)])
    run(kiosk, 1.0, [move])
    assert pygame.mouse.get_visible()
    run(kiosk, 4.0)
    assert not pygame.mouse.get_visible()


def test_the_picture_drifts_a_few_pixels(kiosk: KioskApp) -> None:
    assert kiosk.drift is not None
    kiosk.draw_every = 1
    kiosk.drift.time = kiosk.drift.period / 8  # a moment when the picture is off centre
    dx, dy = kiosk.drift.offset
    assert (dx, dy) != (0, 0) and abs(dx) <= 4 and abs(dy) <= 4
    kiosk.step(0.0, [])
    screen = pygame.display.get_surface()
    assert screen is not None
    w, h = screen.get_size()
    column = 0 if dx > 0 else w - 1
    assert all(screen.get_at((column, y))[:3] == (0, 0, 0) for y in range(0, h, 37))


def test_help_documents_the_kiosk_options_and_config_keys() -> None:
    text = parser().format_help()
    for word in (
        "--kiosk",
        "--kiosk-config",
        "--demo",
        "idle_timeout",
        "countdown",
        "exit_combo",
        "exit_hold",
    ):
        assert word in text
    for word in ("demo_speed", "language", "rules", "players", "deals", "sound", "drift"):
        assert f"  {word} = " in text


def test_the_kiosks_text_cache_stays_small_whatever_new_words_come(kiosk: KioskApp) -> None:
    for n in range(3 * TEXT_CACHE):
        kiosk.text.render(f"Anne bids {n}.", 20)
    assert len(kiosk.text._surfaces) <= TEXT_CACHE


def test_a_visitors_table_names_the_keys_that_work_in_a_kiosk(kiosk: KioskApp) -> None:
    kiosk.step(TENTH, [key(pygame.K_RETURN)])
    run(kiosk, 1.0)
    scene = kiosk.stack.top
    assert isinstance(scene, TableScene)
    hints = scene.hints()
    assert "Esc: pause" in hints
    assert "Esc: menu" not in hints and "F11" not in hints
    run(kiosk, 0.5, [key(pygame.K_ESCAPE)])
    assert isinstance(kiosk.stack.top, KioskPauseScene)


def test_the_demo_offers_no_keys_and_takes_no_pause(kiosk: KioskApp) -> None:
    until(kiosk, ("auction", "deal"))
    scene = kiosk.stack.top
    assert isinstance(scene, TableScene)
    assert "Esc" not in scene.hints()
    scene.nav.pause(scene.source)
    kiosk.step(TENTH, [])
    assert kiosk.stack.top is scene


def test_the_kiosk_hands_freed_memory_back_every_twenty_seconds_and_lets_the_cards_go_between_games(
    kiosk: KioskApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    trims: list[float] = []

    def trim() -> None:
        # Only between movements: nothing on screen is moving at full speed.
        assert App.frame_rate(kiosk) < FPS
        trims.append(kiosk.time)

    monkeypatch.setattr(kiosk_app, "hand_back_freed", trim)
    monkeypatch.setattr(kiosk_app, "release_memory", lambda: None)  # between games: counted apart
    run(kiosk, 300.0)
    gaps = [b - a for a, b in itertools.pairwise(trims)]
    every = kiosk_app.TRIM_SECONDS
    assert len(trims) >= 10 and all(every - 0.1 <= g <= 2 * every for g in gaps)
    # Nor does a kiosk keep a 4K picture under its overlays (33 MB): it draws it again.
    assert kiosk.backdrop_pixels == KEEP_BACKDROP_PIXELS
    until(kiosk, "attract-title")
    kiosk.art.card(None, (100, 140))
    assert kiosk.art._cards
    until(kiosk, "auction")
    # The demo's table starts with no faces kept from the attract loop's cards.
    assert all(key[2:] != (100, 140) for key in kiosk.art._cards)
