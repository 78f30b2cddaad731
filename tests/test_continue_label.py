"""The main menu's Continue names exactly the deal the table then shows: a game saved in an
auction, in the middle of a deal, on a ledger between deals, or after its last deal."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from helpers import DT

from game.rules.agents import ThresholdAgent
from game.rules.engine import Phase
from scenes.app.loop import App
from scenes.navigator import Screens
from scenes.screens.menu import MenuScene
from scenes.store.keeper import Keeper
from scenes.store.saves import SaveStore
from scenes.store.settings import Settings
from scenes.store.stats import StatsStore
from scenes.table.local import LocalTable
from scenes.table.setup import Setup
from tools.driver import key, table_of, top_name

PERSON = ThresholdAgent(13, 0.3)


def new_session(deals: int, seed: int = 5) -> LocalTable:
    """A game of ``deals`` deals: the person at seat 0 and three AIs, under Foster's rules (the
    first farm is auctioned)."""
    return LocalTable.start(
        Setup(
            ["You", "Anne", "Bastien", "Claire"],
            ["human", "normal", "normal", "easy"],
            "foster",
            False,
            deals,
            seed,
            0,
        )
    )


def move(session: LocalTable) -> None:
    """One move of whoever is to act (the person plays a fixed way)."""
    if session.game.to_act == session.facts.bottom:
        session.act(PERSON.choose(session.view))
    else:
        session.ai_act()


def until(session: LocalTable, done: Callable[[LocalTable], bool]) -> None:
    """Play on, deal after deal, until ``done``."""
    for _ in range(10_000):
        if done(session):
            return
        if session.game.to_act is None:
            while len(session.feed):
                session.feed.pop()  # taken: shown
            session.shown_settled()
            if done(session) or session.over:
                return
            session.start_deal()
        else:
            move(session)
    raise AssertionError("never reached")


def in_auction(deal: int) -> Callable[[LocalTable], bool]:
    """In an auction, at deal ``deal`` or the first auction after it (a farm is sold again only once won)."""
    return lambda s: s.game.deal_no >= deal and s.game.phase is Phase.AUCTION


def in_play(deal: int) -> Callable[[LocalTable], bool]:
    return lambda s: s.game.deal_no == deal and s.game.phase is Phase.PLAY and s.game.to_act == s.facts.bottom


def on_ledger(deal: int) -> Callable[[LocalTable], bool]:
    return lambda s: s.game.deal_no == deal and s.game.to_act is None and not len(s.feed)


def menu_over(tmp_path: Path, session: LocalTable) -> tuple[App, MenuScene]:
    """The game saved as it stands, and the program started again at its main menu."""
    saved = session.save_document()
    assert saved is not None and SaveStore(tmp_path / "save.json").save_document(saved)
    app = App(Settings(animation_speed="instant", language="en"), (1024, 600))
    app.keeper = Keeper(SaveStore(tmp_path / "save.json"), StatsStore(tmp_path / "stats.json"))
    menu = MenuScene(app, Screens(app))
    app.stack.push(menu)
    app.step(DT, [])
    return app, menu


def header_deal(app: App) -> list[str]:
    """The deal and the number of deals the table's header names, once the table shows its deal."""
    for _ in range(200):
        app.step(DT, [])
        if top_name(app) in ("auction", "deal"):
            break
    return re.findall(r"\d+", table_of(app).header_text().split("·")[0])


@pytest.mark.parametrize(
    ("deals", "seed", "moment", "ahead"),
    [
        (5, 5, in_auction(1), 0),
        (5, 5, in_play(1), 0),
        (5, 5, on_ledger(1), 1),
        (8, 6, in_auction(2), 0),
        (5, 5, in_play(3), 0),
        (2, 5, in_play(2), 0),
        (2, 5, on_ledger(1), 1),
    ],
    ids=["auction-1", "play-1", "ledger-1", "auction-later", "play-3", "play-last", "ledger-before-last"],
)
def test_continue_names_the_deal_its_header_then_shows(
    tmp_path: Path, deals: int, seed: int, moment: Callable[[LocalTable], bool], ahead: int
) -> None:
    """``ahead``: the deal shown is the one in progress (0), or the next one (1, saved on a ledger)."""
    session = new_session(deals, seed)
    until(session, moment)
    assert not session.over
    shown = str(session.game.deal_no + ahead)
    app, menu = menu_over(tmp_path, session)
    assert menu.continue_button.visible
    label = menu.continue_button.label()
    assert re.findall(r"\d+", label) == [shown, str(deals)], label
    app.step(DT, [key(pygame.K_RETURN, "\r")])  # Continue
    assert header_deal(app) == [shown, str(deals)]


def test_no_continue_after_the_last_deal(tmp_path: Path) -> None:
    session = new_session(2)
    until(session, on_ledger(2))
    assert session.over
    _app, menu = menu_over(tmp_path, session)
    assert not menu.continue_button.visible
