"""A stand-in player that presses keys: for the smoke tests, the screenshot tool and a later attract mode.

:func:`keys_for` looks at the scene on top and returns the key presses a simple player
would make now (bid a little or pass, draw below 13, continue after the ledger), as real
pygame events, so everything goes through the same input path as a person's keys.
"""

from __future__ import annotations

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
        view = top.session.view  # type: ignore[attr-defined]
        if view.max_bid > view.high_bid and view.high_bid < bid_up_to:
            return [key(pygame.K_b, "b")]
        return [key(pygame.K_p, "p")]
    if name == "deal" and prompt is not None:
        if handler.deal_button.visible:  # type: ignore[union-attr]
            return [key(pygame.K_d, "d")]
        view = top.session.view  # type: ignore[attr-defined]
        if view.must_draw or (view.total < stand_at and view.deck_size > 0):
            return [key(pygame.K_c, "c")]
        return [key(pygame.K_s, "s")]
    if name == "ledger":
        return [key(pygame.K_RETURN, "\r")]
    return []
