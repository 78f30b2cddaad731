"""A move's key or a greyed-out button never does nothing in silence: it says why (the compulsory
card is owed before standing)."""

from __future__ import annotations

import time

import pygame
from helpers import DT, notices_of

from scenes.app.loop import App
from scenes.navigator import Screens, start_game
from scenes.screens.menu import MenuScene
from scenes.store.settings import Settings
from scenes.table.deal import DealHandler, must_draw
from scenes.table.setup import Setup
from tools.driver import key, keys_for, table_on


def test_stand_while_the_compulsory_card_is_owed_says_why_by_key_and_by_click() -> None:
    app = App(Settings(animation_speed="instant"), (1024, 600))
    app.stack.push(MenuScene(app, Screens(app)))
    start_game(app, Setup.for_players(3, "foster", seed=5))
    end = time.monotonic() + 20
    while True:  # a simple player's keys until the person must take the compulsory card
        table = table_on(app)
        handler = table.handler if table is not None else None
        asked = isinstance(handler, DealHandler) and handler.prompt is not None
        if asked and table is not None and table.source.view.must_draw:
            break
        app.step(DT, keys_for(app))
        assert time.monotonic() < end, "the person never had to take the compulsory card"
    app.step(DT, [key(pygame.K_s, "s")])
    assert must_draw() in notices_of(app)
    app.withdraw(must_draw)
    assert isinstance(handler, DealHandler)
    stand = handler.stand_button
    assert stand.visible and not stand.enabled
    app.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=stand.rect.center, button=1)])
    assert must_draw() in notices_of(app)
