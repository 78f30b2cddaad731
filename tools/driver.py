"""A stand-in player for the tests and the tools: it presses keys, or taps with a finger.

:func:`keys_for` looks at the scene on top and returns the key presses a simple player
would make now (bid a little or pass, draw below 13, continue after the ledger), as real
pygame events, so everything goes through the same input path as a person's keys.
:func:`taps_for` makes the same choices as a touch screen sends them: a finger put down on
the button and lifted, in the 0-1 coordinates of finger events, and nothing else.
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes.app.loop import App


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
    handler = getattr(top, "handler", None)  # a table scene's stage
    prompt = getattr(handler, "prompt", None)
    if name == "auction" and prompt is not None:
        view = top.source.view  # type: ignore[attr-defined]
        if view.max_bid > view.high_bid and view.high_bid < bid_up_to:
            return [key(pygame.K_b, "b")]
        return [key(pygame.K_p, "p")]
    if name == "deal" and prompt is not None:
        if handler.deal_button.visible:  # type: ignore[union-attr]
            return [key(pygame.K_d, "d")]
        view = top.source.view  # type: ignore[attr-defined]
        if view.must_draw or (view.total < stand_at and view.deck_size > 0):
            return [key(pygame.K_c, "c")]
        return [key(pygame.K_s, "s")]
    if name in ("ledger", "pass"):
        return [key(pygame.K_RETURN, "\r")]
    return []


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
