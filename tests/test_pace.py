"""The table's pace: a crowded table goes brisker, so a deal of ten people is watchable; a deal the
person deals as farmer goes briskly but readably; and a person who becomes farmer is told once what
the seat earns."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from farmer_deals import RULE_SETS, farmer_table, pass_in_auction
from helpers import DT

from scenes.app.loop import App
from scenes.navigator import start_game
from scenes.store.settings import Settings
from scenes.table.setup import Setup
from tools.driver import keys_for, table_of


def deal_seconds(players: int, deals: int, seed: int) -> list[float]:
    """The game time (not the machine's) each deal takes at normal speed, from the ledger before it
    to its own, with the stand-in player answering at once."""
    app = App(Settings(animation_speed="normal"), (1280, 720))
    start_game(app, Setup.for_players(players, "foster", False, deals, seed=seed))
    app.step(DT, [])
    scene = table_of(app)
    took: list[float] = []
    clock = start = 0.0
    before = scene.stage.value
    for _ in range(200_000):
        stage = scene.stage.value
        if stage == "ledger" and before != "ledger":
            took.append(clock - start)
        if stage != "ledger" and before == "ledger":
            start = clock
        before = stage
        if stage == "gameover":
            return took
        app.step(DT, keys_for(app))
        clock += DT
    raise AssertionError("the game did not end")


def test_a_deal_of_ten_takes_at_most_about_fifteen_seconds_at_normal_speed() -> None:
    took = deal_seconds(10, 4, seed=5)
    assert len(took) == 4 and max(took) <= 15.5, [round(t, 1) for t in took]


def test_a_small_table_keeps_its_pace() -> None:
    """Four players: the table lingers as it always did (a deal takes its ten seconds or more)."""
    took = deal_seconds(4, 3, seed=5)
    assert min(took) >= 9.0, [round(t, 1) for t in took]


def test_a_person_who_becomes_farmer_is_told_once_what_the_seat_earns() -> None:
    app = App(Settings(animation_speed="instant"), (1024, 600))
    said: list[str] = []
    notice = app.notice

    def spy(message: Callable[[], str], seconds: float = 4.0) -> None:
        said.append(message())
        notice(message, seconds)

    app.notice = spy  # type: ignore[method-assign]
    start_game(app, Setup.for_players(3, "lacombe", True, 6, seed=2))  # the farm goes round the table
    app.step(DT, [])
    scene = table_of(app)
    farmer_deals = 0
    seen: set[int] = set()
    for _ in range(60000):
        if scene.stage.value == "gameover":
            break
        view = scene.source.view
        if view.farmer == scene.source.facts.bottom and view.deal_no not in seen:
            seen.add(view.deal_no)
            farmer_deals += 1
        app.step(DT, keys_for(app))
    assert farmer_deals >= 2  # the person was farmer more than once...
    assert sum("You are the farmer" in words for words in said) == 1  # ...and told once


@pytest.mark.parametrize(("rules", "rotating"), RULE_SETS)
def test_a_farmers_deal_goes_briskly_yet_every_card_and_payment_is_seen(rules: str, rotating: bool) -> None:
    """The person deals and decides nothing: from the first card to the ledger a deal of four takes
    about five and a half seconds at normal speed (it took eight to nine), every card still flies
    for a tenth of a second or more and every payment's note stays more than a second."""
    app = App(Settings(animation_speed="normal"), (1280, 720))
    scene = farmer_table(app, rules, rotating)
    table = scene.table
    clock = 0.0
    flights: dict[int, float] = {}
    notes: dict[int, float] = {}
    for _ in range(20_000):
        app.step(DT, pass_in_auction(app, scene))
        if scene.stage.value == "ledger":
            break
        if scene.stage.value in ("deal", "showdown"):
            clock += DT
        for state in table.seats:
            for sprite in state.hand:
                if scene.tweens.moving(sprite, "pos"):
                    flights[id(sprite)] = flights.get(id(sprite), 0.0) + DT
        for label in table.labels:
            notes[id(label)] = max(notes.get(id(label), 0.0), label.age)
    assert 4.5 <= clock <= 7.0, clock
    assert len(flights) == 6 and min(flights.values()) >= 0.1, flights
    assert len(notes) >= 2 and min(notes.values()) >= 1.2, notes
