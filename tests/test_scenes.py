"""The pieces under the screens: tweens, the scene stack, widgets and focus, the session."""

from __future__ import annotations

import pygame
import pytest

from game.rules.actions import DRAW, PASS, STAND
from game.rules.engine import Phase
from game.rules.events import Busted, CardDealt, DealStarted
from scenes.app.loop import Scene
from scenes.app.stack import SceneStack
from scenes.table.local import LocalTable
from scenes.table.setup import Setup
from scenes.ui.tween import Tweener, arc, ease_out_cubic, linear
from scenes.ui.widgets import Button, Choice, FocusGroup, Stepper, TextField
from tools.driver import key


class Box:
    x = 0.0
    pos = (0.0, 0.0)


def test_a_tween_moves_by_seconds_with_easing_and_lands_exactly() -> None:
    tw = Tweener()
    box = Box()
    tw.add(box, "x", 10.0, 1.0, ease=linear)
    tw.update(0.25)
    assert box.x == pytest.approx(2.5)
    tw.update(1.0)
    assert box.x == 10.0
    assert not tw.busy


def test_a_new_tween_on_the_same_attribute_replaces_the_old() -> None:
    tw = Tweener()
    box = Box()
    done: list[str] = []
    tw.add(box, "x", 10.0, 1.0, on_done=lambda: done.append("old"))
    tw.add(box, "x", -5.0, 1.0, on_done=lambda: done.append("new"))
    assert len(tw) == 1
    tw.update(2.0)
    assert box.x == -5.0
    assert done == ["new"]


def test_finish_all_snaps_to_the_end_including_chained_tweens() -> None:
    tw = Tweener()
    box = Box()

    def chain() -> None:
        tw.add(box, "pos", (3.0, 4.0), 5.0)

    tw.add(box, "x", 1.0, 5.0, on_done=chain)
    tw.finish_all()
    assert box.x == 1.0 and box.pos == (3.0, 4.0)
    assert not tw.busy


def test_instant_speed_finishes_on_the_spot_and_slow_takes_longer() -> None:
    box = Box()
    Tweener(0.0).add(box, "x", 7.0, 1.0)
    assert box.x == 7.0
    slow = Tweener(2.0)
    slow.add(box, "x", 0.0, 1.0, ease=linear)
    slow.update(1.0)
    assert box.x == pytest.approx(3.5)


def test_a_chip_arc_rises_in_the_middle_and_lands_on_target() -> None:
    path = arc(20.0)
    assert path((0.0, 100.0), (100.0, 100.0), 0.5) == (50.0, 80.0)
    assert path((0.0, 100.0), (100.0, 100.0), 1.0) == (100.0, 100.0)
    assert ease_out_cubic(0.0) == 0.0 and ease_out_cubic(1.0) == 1.0


class Recorder(Scene):
    def __init__(self, name: str, log: list[str]) -> None:
        self.name = name
        self.log = log

    def enter(self) -> None:
        self.log.append(f"enter {self.name}")

    def exit(self) -> None:
        self.log.append(f"exit {self.name}")

    def pause(self) -> None:
        self.log.append(f"pause {self.name}")

    def resume(self) -> None:
        self.log.append(f"resume {self.name}")


def test_stack_changes_wait_for_apply_and_call_the_hooks_in_order() -> None:
    log: list[str] = []
    stack = SceneStack()
    a, b, c = Recorder("a", log), Recorder("b", log), Recorder("c", log)
    stack.push(a)
    assert stack.top is None  # queued, not applied
    stack.apply()
    stack.push(b)
    stack.apply()
    stack.pop()
    stack.replace(c)
    stack.apply()
    assert stack.scenes == [c]
    assert log == ["enter a", "pause a", "enter b", "exit b", "resume a", "exit a", "enter c"]


def test_transparent_overlays_draw_the_scene_beneath() -> None:
    stack = SceneStack()
    base, overlay = Recorder("base", []), Recorder("overlay", [])
    overlay.transparent = True
    stack.push(base)
    stack.push(overlay)
    stack.apply()
    assert stack.visible() == [base, overlay]


def test_focus_moves_with_keys_and_enter_presses() -> None:
    pressed: list[str] = []
    a = Button(lambda: "A", lambda: pressed.append("a"))
    b = Button(lambda: "B", lambda: pressed.append("b"))
    group = FocusGroup([a, b])
    group.handle(key(pygame.K_DOWN))
    group.handle(key(pygame.K_RETURN))
    assert pressed == ["b"]
    b.enabled = False
    assert group.focused is a  # a disabled button gives up the focus


def test_a_click_presses_the_button_under_the_mouse() -> None:
    pressed: list[str] = []
    a = Button(lambda: "A", lambda: pressed.append("a"))
    a.rect = pygame.Rect(10, 10, 100, 30)
    group = FocusGroup([a])
    assert not group.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(500, 500), button=1))
    assert group.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(20, 20), button=1))
    assert pressed == ["a"]


def test_choices_steppers_and_text_fields() -> None:
    state: dict[str, str | int] = {"rules": "foster", "n": 3, "name": "Ann"}
    choice = Choice(
        lambda: "Rules",
        [("foster", lambda: "F"), ("ferme", lambda: "M")],
        lambda: state["rules"],
        lambda v: state.__setitem__("rules", v),
    )
    stepper = Stepper(lambda: "N", 3, 10, lambda: int(state["n"]), lambda v: state.__setitem__("n", v))
    field = TextField(
        lambda: "Name", lambda: str(state["name"]), lambda v: state.__setitem__("name", v), max_len=32
    )
    group = FocusGroup([choice, stepper, field])
    group.handle(key(pygame.K_RIGHT))
    assert state["rules"] == "ferme"
    group.handle(key(pygame.K_DOWN))
    group.handle(key(pygame.K_LEFT))
    assert state["n"] == 3  # stays within its bounds
    group.handle(key(pygame.K_PLUS))
    assert state["n"] == 4
    group.handle(key(pygame.K_DOWN))
    group.handle(pygame.event.Event(pygame.TEXTINPUT, text="e"))
    group.handle(key(pygame.K_BACKSPACE))
    group.handle(key(pygame.K_BACKSPACE))
    assert state["name"] == "An"  # "Ann" + "e", then two rubbed out


def test_the_session_keeps_other_players_busts_silent_and_records_the_ledger() -> None:
    session = LocalTable.start(Setup.for_players(5, seed=11, deals=2))
    session.start_deal()
    assert isinstance(session.feed.peek(), DealStarted)
    while not session.over:
        while session.game.to_act is not None:
            if session.game.to_act == session.facts.bottom:
                view = session.view
                if view.phase is Phase.AUCTION:
                    session.act(PASS)
                elif view.must_draw or (view.total < 12 and view.deck_size > 0):
                    session.act(DRAW)
                else:
                    session.act(STAND)
            else:
                session.ai_act()
        if not session.over:
            session.start_deal()
    busts = [e for e in session.feed if isinstance(e, Busted)]
    assert all(e.seat == session.facts.bottom for e in busts)
    dealt = [e for e in session.feed if isinstance(e, CardDealt)]
    assert any(e.card is None for e in dealt)  # others' cards stay face down
    assert all(e.card is not None for e in dealt if e.seat == session.facts.bottom)
    assert len(session.ledger.history) == 1  # nothing shown yet: the ledger follows the screen
    while len(session.feed):
        session.feed.pop()  # taken: shown
    assert len(session.ledger.history) == 3  # the start and two deals
    assert session.ledger.history[-1] == tuple(session.game.chips)
