"""A stand-in player for the tests and the tools: it presses keys, or taps with a finger.

:func:`keys_for` looks at the scene on top and returns the key presses a simple player
would make now (bid a little or pass, draw below 13, continue after the ledger), as real
pygame events, so everything goes through the same input path as a person's keys.
:func:`taps_for` makes the same choices as a touch screen sends them: a finger put down on
the button and lifted, in the 0-1 coordinates of finger events, and nothing else.
"""

from __future__ import annotations

from typing import Any, TypeVar

import pygame

from game.rules.actions import Kind
from scenes.app.loop import App
from scenes.navigator import start_game
from scenes.table.auction import AuctionHandler
from scenes.table.deal import DealHandler
from scenes.table.guided import GuidedTableScene
from scenes.table.handler import Handler
from scenes.table.local import LocalTable
from scenes.table.scene import TableScene
from scenes.table.setup import Setup
from scenes.table.source import human_to_act

H = TypeVar("H", bound=Handler)


def top_name(app: App) -> str:
    """The name of the scene on top of ``app``'s stack ("" when it is empty)."""
    return app.stack.top.name if app.stack.top is not None else ""


def table_on(app: App) -> TableScene | None:
    """The table scene on top of ``app``'s stack, or None when something else is on top."""
    top = app.stack.top
    return top if isinstance(top, TableScene) else None


def table_of(app: App) -> TableScene:
    """The table scene of ``app``: the one on top, or the one under the panels over it."""
    for scene in reversed(app.stack.scenes):
        if isinstance(scene, TableScene):
            return scene
    raise AssertionError(f"no table on the stack: {[s.name for s in app.stack.scenes]}")


def local_game(app: App) -> LocalTable:
    """The game played at this screen on ``app``'s table (not a network one)."""
    source = table_of(app).source
    assert isinstance(source, LocalTable), f"the table plays a {type(source).__name__}"
    return source


def handler_on(app: App, kind: type[H]) -> H | None:
    """The stage of the table on top of ``app`` when it is a ``kind`` (an auction, a deal...), else None."""
    table = table_on(app)
    handler = table.handler if table is not None else None
    return handler if isinstance(handler, kind) else None


def handler_of(app: App, kind: type[H]) -> H:
    """The stage of ``app``'s table, which must be a ``kind``."""
    handler = table_of(app).handler
    assert isinstance(handler, kind), f"the table is at {handler.name}, not a {kind.__name__}"
    return handler


def key(k: int, unicode: str = "", mod: int = 0) -> pygame.event.Event:
    """A KEYDOWN event for key ``k``."""
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)


def click(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    """A left click at ``pos``."""
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def keys_for(app: App, stand_at: int = 13, bid_up_to: int = 3) -> list[pygame.event.Event]:
    """The keys a simple player presses now (none while nothing is asked of them)."""
    top = app.stack.top
    if top is None:
        return []
    name = top.name
    table = table_on(app)
    handler = table.handler if table is not None else None
    prompt = getattr(handler, "prompt", None)
    if isinstance(table, GuidedTableScene):
        guided = _guided_keys(table)
        if guided is not None:
            return guided
    if table is not None and name == "auction" and prompt is not None:
        view = table.source.view
        if view.max_bid > view.high_bid and view.high_bid < bid_up_to:
            return [key(pygame.K_b, "b")]
        return [key(pygame.K_p, "p")]
    if table is not None and isinstance(handler, DealHandler) and prompt is not None:
        if handler.deal_button.visible:
            return [key(pygame.K_d, "d")]
        view = table.source.view
        if view.must_draw or (view.total < stand_at and view.deck_size > 0):
            return [key(pygame.K_c, "c")]
        return [key(pygame.K_s, "s")]
    if name in ("ledger", "pass"):
        return [key(pygame.K_RETURN, "\r")]
    return []


_GUIDED_KEYS = {Kind.PASS: (pygame.K_p, "p"), Kind.BID: (pygame.K_b, "b"), Kind.DRAW: (pygame.K_c, "c"),
                Kind.STAND: (pygame.K_s, "s")}


def _guided_keys(table: GuidedTableScene) -> list[pygame.event.Event] | None:
    """What a person does with a guide at their elbow: reads a step that explains (Enter), makes
    the one move a step asks for; None where the guide asks nothing in particular."""
    step = table.guided.run.current
    if step is None or table.guide.note() is None:
        return None
    if step.holds:
        return [key(pygame.K_RETURN, "\r")]
    asked = [kind for kind in Kind if step.allows(kind)]
    if len(asked) == 1 and human_to_act(table.source) and table.handler.prompt is not None:
        return [key(*_GUIDED_KEYS[asked[0]])]
    return None


def tap(pos: tuple[float, float], size: tuple[int, int], finger: int = 0) -> list[pygame.event.Event]:
    """A finger put down at ``pos`` (window pixels) and lifted, as a touch screen reports it."""
    x, y = (pos[0] + 0.5) / size[0], (pos[1] + 0.5) / size[1]
    common: dict[str, Any] = {"x": x, "y": y, "dx": 0.0, "dy": 0.0, "finger_id": finger, "touch_id": 0}
    return [pygame.event.Event(pygame.FINGERDOWN, **common), pygame.event.Event(pygame.FINGERUP, **common)]


_BUTTONS = {
    pygame.K_b: "bid_button",
    pygame.K_p: "pass_button",
    pygame.K_c: "card_button",
    pygame.K_s: "stand_button",
    pygame.K_d: "deal_button",
}


def taps_for(app: App, stand_at: int = 13, bid_up_to: int = 3) -> list[pygame.event.Event]:
    """The taps a simple player makes now: the button :func:`keys_for` would press by key."""
    top = app.stack.top
    wanted = keys_for(app, stand_at, bid_up_to)
    if top is None or not wanted:
        return []
    handler = getattr(top, "handler", None)
    if top.name == "pass":  # "I am Anne": the pass screen's one button
        target = getattr(top, "button", None)
    elif wanted[0].key == pygame.K_RETURN:  # the ledger's first button
        group = getattr(handler, "group", None)
        widgets = [w for w in group.widgets if w.visible] if group is not None else []
        target = widgets[0] if widgets else None
    else:
        target = getattr(handler, _BUTTONS[wanted[0].key], None)
    if target is None or not target.visible:
        return []
    return tap(target.rect.center, app.size)


def to_the_persons_bid(app: App, setup: Setup) -> TableScene:
    """Start a game of ``setup`` and step it, at 60 frames a second, until it waits for the
    person's bid with nothing moving (their seat's glow pulsing); that table."""
    start_game(app, setup)
    for _ in range(20_000):
        app.step(1 / 60, [])
        scene = table_on(app)
        if (
            scene is not None
            and isinstance(scene.handler, AuctionHandler)
            and scene.asks_person
            and scene.table.active is not None
            and not scene.tweens.busy
            and not scene.table.labels
        ):
            pygame.event.clear()
            return scene
    raise AssertionError("the game never asked for the person's bid")
