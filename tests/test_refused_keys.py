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
from scenes.table.auction import AuctionHandler
from scenes.table.deal import DealHandler, must_draw
from scenes.table.handler import catching_up, not_your_turn
from scenes.table.setup import Setup
from tools.driver import click, key, keys_for, table_on


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


def asked_to_bid(app: App) -> AuctionHandler:
    """Play a simple player's keys until the person is asked for a bid they can make."""
    end = time.monotonic() + 20
    while True:
        table = table_on(app)
        handler = table.handler if table is not None else None
        if isinstance(handler, AuctionHandler) and handler.prompt is not None and handler.bid_button.enabled:
            return handler
        app.step(DT, keys_for(app))
        assert time.monotonic() < end, "the person was never asked for a bid"


def test_a_greyed_out_bid_step_says_why_by_click_and_by_key() -> None:
    app = App(Settings(animation_speed="instant"), (1024, 600))
    app.stack.push(MenuScene(app, Screens(app)))
    start_game(app, Setup.for_players(3, "foster", seed=5))
    handler = asked_to_bid(app)
    view = handler.source.view
    assert handler.amount == view.high_bid + 1 and not handler.minus.enabled  # the lowest bid already
    app.step(DT, [click(handler.minus.rect.center)])
    lowest = f"The lowest bid you can make is {view.high_bid + 1}."
    assert lowest in notices_of(app)
    app.notices.clear()
    app.step(DT, [key(pygame.K_MINUS, "-")])
    assert lowest in notices_of(app)
    app.step(DT, [key(pygame.K_END)])  # the most the person holds
    assert handler.amount == view.max_bid
    for step in (handler.plus, handler.plus5, handler.plus10, handler.most):
        assert not step.enabled
        app.notices.clear()
        app.step(DT, [click(step.rect.center)])
        assert f"You hold {view.max_bid}: you cannot bid more." in notices_of(app), step.label()
    app.notices.clear()
    app.step(DT, [key(pygame.K_PLUS, "+")])
    assert f"You hold {view.max_bid}: you cannot bid more." in notices_of(app)
    assert handler.prompt is not None and handler.amount == view.max_bid  # nothing else changed



def test_it_is_not_your_turn_goes_when_the_persons_turn_comes() -> None:
    """Said while another seat acted, the word would contradict the table once the person is asked."""
    app = App(Settings(animation_speed="instant"), (1024, 600))
    app.stack.push(MenuScene(app, Screens(app)))
    start_game(app, Setup.for_players(3, "foster", seed=5))
    end = time.monotonic() + 20
    while not ((table := table_on(app)) is not None and table.handler.prompt is not None):
        app.step(DT, keys_for(app))
        assert time.monotonic() < end, "the person was never asked"
    app.notice(not_your_turn)  # as a key pressed a moment ago, while another seat acted, said it
    app.notice(catching_up)
    app.step(DT, [])
    assert not_your_turn() not in notices_of(app) and catching_up() not in notices_of(app)
