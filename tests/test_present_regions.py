"""What a screen at rest presents, and when the loop waits instead of stepping.

The display is spied on: ``pygame.display.flip`` presents the whole window,
``pygame.display.update(rects)`` only the rectangles given.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import pygame
import pytest
from farmer_deals import farmer_table, pass_in_auction
from helpers import DT

from scenes.app.loop import FPS, MAX_DT, App
from scenes.audio.music import MusicPlayer
from scenes.kiosk.app import KioskApp
from scenes.kiosk.config import KioskConfig
from scenes.navigator import Screens, start_game
from scenes.store.settings import Settings
from scenes.table.scene import TableScene
from scenes.table.setup import Setup
from tools.driver import key, keys_for, to_the_persons_bid

SIZE = (1280, 720)


@dataclass
class Presented:
    """What was presented: whole windows, and the rectangles of each partial update."""

    flips: int = 0
    updates: list[list[pygame.Rect]] = field(default_factory=list)


@pytest.fixture
def presented(monkeypatch: pytest.MonkeyPatch) -> Iterator[Presented]:
    """Record every flip and update (and still do them)."""
    seen = Presented()
    flip, update = pygame.display.flip, pygame.display.update

    def spy_flip() -> None:
        seen.flips += 1
        flip()

    def spy_update(rects: Sequence[pygame.Rect] | None = None) -> None:
        if rects is None:
            seen.flips += 1
        else:
            seen.updates.append([pygame.Rect(r) for r in rects])
        update(rects)

    monkeypatch.setattr(pygame.display, "flip", spy_flip)
    monkeypatch.setattr(pygame.display, "update", spy_update)
    yield seen


def persons_turn() -> tuple[App, TableScene]:
    app = App(Settings(animation_speed="fast"), SIZE)
    scene = to_the_persons_bid(app, Setup.for_players(10, seed=1, deals=1))
    app.step(DT, [])  # the frame the last update asked for
    return app, scene


def idle(app: App, seconds: float) -> None:
    for _ in range(round(seconds * 60)):
        app.step(DT, [])


def test_a_still_table_presents_nothing_for_a_second(presented: Presented) -> None:
    app = App(Settings(animation_speed="fast"), SIZE)
    scene = to_the_persons_bid(app, Setup.for_players(4, seed=2, deals=2))
    for _ in range(20_000):  # the stand-in player plays the deal to its ledger, which waits
        app.step(DT, keys_for(app))
        if scene.handler.transparent and not scene.tweens.busy and not scene.table.labels:
            break
    assert scene.handler.transparent and app.stack.top is scene
    app.step(DT, [])
    presented.flips, presented.updates = 0, []
    idle(app, 1.5)
    assert presented.flips == 0 and presented.updates == []


def test_a_pulsing_glow_presents_only_its_rectangle(presented: Presented) -> None:
    app, scene = persons_turn()
    glow = scene.table.layout.seat(scene.table.active or 0).plate.inflate(8, 8)
    presented.flips, presented.updates = 0, []
    idle(app, 2.0)
    assert presented.flips == 0
    assert 15 <= len(presented.updates) <= 2 * 15 + 2  # the glow's gentle rate, not 60 a second
    for rects in presented.updates:
        assert rects and all(glow.contains(r) for r in rects)
    window = SIZE[0] * SIZE[1]
    assert glow.w * glow.h < window / 20


def test_what_the_glow_draws_is_what_a_whole_frame_draws(presented: Presented) -> None:
    app, _scene = persons_turn()
    idle(app, 0.5)
    presented.updates = []
    while not presented.updates:  # up to a frame drawn only for the glow, not a moment after
        app.step(DT, [])
    partial = pygame.image.tobytes(app.screen, "RGB")
    app.draw()  # the same moment drawn whole
    assert pygame.image.tobytes(app.screen, "RGB") == partial


def test_a_resize_or_an_overlay_presents_the_whole_window(presented: Presented) -> None:
    app, _scene = persons_turn()
    presented.flips = 0
    app.step(DT, [pygame.event.Event(pygame.WINDOWSIZECHANGED, x=SIZE[0], y=SIZE[1])])
    assert presented.flips == 1
    app.step(DT, [key(pygame.K_ESCAPE)])  # the pause menu over the table
    app.step(DT, [])
    assert app.stack.top is not None and app.stack.top.transparent
    assert app.pulse_rects() is None
    before = presented.flips
    idle(app, 0.5)
    assert presented.flips >= before


def test_a_still_menu_presents_nothing(presented: Presented) -> None:
    app = App(Settings(), SIZE)
    Screens(app).menu()
    idle(app, 0.5)
    presented.flips, presented.updates = 0, []
    idle(app, 3.0)
    assert presented.flips == 0 and presented.updates == []
    app.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0))])
    assert presented.flips == 1


def test_the_loop_waits_when_nothing_is_scheduled(monkeypatch: pytest.MonkeyPatch) -> None:
    app = App(Settings(), SIZE)
    monkeypatch.setattr(MusicPlayer, "wanted", property(lambda self: False))  # no music to render
    Screens(app).menu()
    app.step(DT, [])
    waits: list[float] = []

    def wait(seconds: float) -> list[pygame.event.Event]:
        waits.append(seconds)
        if len(waits) == 5:
            app.running = False
        return []

    monkeypatch.setattr(app, "_wait_for_input", wait)
    app.run()
    assert len(waits) == 5
    assert all(1 / FPS <= w <= MAX_DT for w in waits)


def test_the_loop_steps_at_full_rate_while_something_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(MusicPlayer, "wanted", property(lambda self: False))  # no music to render
    app = App(Settings(animation_speed="normal"), SIZE)
    Screens(app).menu()
    app.step(DT, [])
    app.stack.top.dirty = True  # type: ignore[union-attr]
    assert app.idle_wait() == 0.0
    app, scene = persons_turn()
    assert 0 < app.idle_wait() <= 1 / 15
    scene.table.deal_card(0, None, False)
    assert scene.tweens.busy and app.idle_wait() == 0.0
    # And just after a moving frame is shown: the loop's clock paces it at the full rate (a wait of
    # a whole frame after each frame's own work made 53 frames a second of 60).
    moving = 0
    while scene.tweens.busy:
        app.step(DT, [])
        if scene.tweens.busy:
            moving += 1
            assert app.idle_wait() == 0.0
    assert moving >= 2


def test_an_injected_event_source_is_never_waited_on() -> None:
    app = App(Settings(), SIZE, events=lambda: [])
    Screens(app).menu()
    app.run(exit_after=0.2)
    assert app.frames >= 5  # stepped, not waited: tools and tests drive such an app themselves


def test_a_flying_card_presents_only_rectangles_about_its_path(presented: Presented) -> None:
    app, scene = persons_turn()
    idle(app, 0.5)
    table = scene.table
    presented.flips, presented.updates = 0, []
    sprite = table.deal_card(3, None, False)
    start = pygame.Rect(table.layout.deck).inflate(40, 40)
    end = pygame.Rect((0, 0), sprite.size)
    idle(app, 1.0)
    assert not scene.tweens.busy
    end.center = (round(sprite.pos[0]), round(sprite.pos[1]))
    path = start.union(end.inflate(40, 40))
    assert presented.flips == 0 and len(presented.updates) >= 10
    window = SIZE[0] * SIZE[1]
    for rects in presented.updates:
        for r in rects:
            # The card's old and new places (and the glow of the seat to act, the deck's height).
            glow = scene.table.layout.seat(table.active or 0).plate.inflate(8, 8)
            assert path.contains(r) or glow.contains(r), r
        assert sum(r.w * r.h for r in rects) < window / 4


def test_what_moving_frames_draw_is_what_a_whole_frame_draws(presented: Presented) -> None:
    """A whole deal of ten watched, frame by frame: the screen after each frame drawn in
    rectangles is the screen the same moment drawn whole."""
    app = App(Settings(animation_speed="fast"), SIZE)
    start_game(app, Setup.for_players(10, seed=5, deals=1))
    app.step(DT, [])
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    checked = 0
    for frame in range(3000):
        presented.updates = []
        app.step(DT, keys_for(app))
        if presented.updates and frame % 3 == 0:
            partial = pygame.image.tobytes(app.screen, "RGB")
            app.draw()
            assert pygame.image.tobytes(app.screen, "RGB") == partial, frame
            checked += 1
        if scene.handler.transparent:
            break
    assert checked > 30


def test_a_farmers_takings_drawn_in_regions_are_what_a_whole_frame_draws(presented: Presented) -> None:
    """A deal the person deals as farmer: the figure beside the farm changes as each payment lands,
    and the frame that shows the change presents its rectangle, leaving the screen as the same
    moment drawn whole."""
    app = App(Settings(animation_speed="normal"), SIZE)
    scene = farmer_table(app)
    table = scene.table
    checked = changes = 0
    shown = table.takings
    for _frame in range(3000):
        presented.updates, presented.flips = [], 0
        app.step(DT, pass_in_auction(app, scene))
        if scene.stage.value == "auction":
            # The word on the farmer's seat runs out now (whole windows are drawn while it lasts).
            app.notices = [(message, app.time) for message, _until in app.notices]
        if presented.updates:
            partial = pygame.image.tobytes(app.screen, "RGB")
            app.draw()
            assert pygame.image.tobytes(app.screen, "RGB") == partial
            checked += 1
            box = table.takings_box()
            if table.takings != shown and box is not None:
                assert any(r.contains(box.rect) for r in presented.updates[0])
                changes += 1
        if presented.updates or presented.flips:
            shown = table.takings
        if scene.handler.transparent:
            break
    assert checked > 30 and changes == 2  # 3 chips, then 4, as the payments land


def test_a_glows_frame_is_what_a_whole_frame_draws(presented: Presented) -> None:
    """While the person thinks, a frame drawn only in the glow's rectangle (skipping the plates and
    the panel it cannot touch) leaves the screen as the same moment drawn whole."""
    app, scene = persons_turn()
    checked = 0
    for _ in range(60):
        presented.updates = []
        app.step(DT, [])
        if presented.updates:
            partial = pygame.image.tobytes(app.screen, "RGB")
            app.draw()
            assert pygame.image.tobytes(app.screen, "RGB") == partial
            checked += 1
    assert checked >= 10 and scene.handler.prompt is not None


def test_the_kiosks_frames_in_regions_are_what_a_whole_frame_draws_with_the_picture_drifted(
    presented: Presented,
) -> None:
    """The attract loop of a locked kiosk, its picture drifted a few pixels (against burn-in): the
    title card, the how-to card and the demo game, frame by frame. A frame presented in regions
    (the call's pulsing band, the moving pieces) leaves the screen as the same moment drawn whole,
    and presents no more than those regions."""
    app = KioskApp(KioskConfig(), locked=True, fullscreen=False, size=SIZE, seed=3)
    try:
        assert app.drift is not None
        app.drift.time = 20.0
        assert all(app.drift.offset)  # moved both ways
        checked: dict[str, int] = {}
        for frame in range(60 * 50):
            presented.updates, presented.flips = [], 0
            app.step(DT, [])
            if presented.updates and frame % 2 == 0:
                name = app.stack.top.name if app.stack.top is not None else ""
                partial = pygame.image.tobytes(app.screen, "RGB")
                shown = sum(r.w * r.h for r in presented.updates[0])
                assert shown < app.screen.get_width() * app.screen.get_height() / 2, name
                app.draw()
                assert pygame.image.tobytes(app.screen, "RGB") == partial, (name, frame, app.drift.offset)
                checked[name] = checked.get(name, 0) + 1
        assert {"attract-title", "attract-howto"} <= set(checked), checked
        assert checked.get("auction", 0) + checked.get("deal", 0) > 20, checked
    finally:
        pygame.mouse.set_visible(True)


def test_merged_regions_are_few_and_cover_every_rectangle() -> None:
    import random

    from scenes.app.loop import REGIONS, merge_rects

    rng = random.Random(4)
    for _ in range(200):
        rects = [
            pygame.Rect(rng.randrange(1900), rng.randrange(1060), rng.randrange(1, 120), rng.randrange(1, 99))
            for _ in range(rng.randrange(1, 60))
        ]
        merged = merge_rects(rects)
        assert 1 <= len(merged) <= REGIONS
        assert all(any(m.contains(r) for m in merged) for r in rects)
    assert merge_rects([pygame.Rect(0, 0, 10, 10), pygame.Rect(5, 5, 10, 10)]) == [pygame.Rect(0, 0, 15, 15)]
    assert merge_rects([pygame.Rect(0, 0, 0, 10)]) == []
