"""The table's flow: stages follow the feed, the last deal's ledger before the standings, navigation.

Each test drives a real table scene under the dummy display, at instant speed unless it says
otherwise, and asserts what a player would see: the stage on show, the banner, the buttons,
the key hints, the farmer's marker.
"""
# A check after a call sees the state the call changed, which mypy takes as narrowed before it.
# mypy: disable-error-code="comparison-overlap"


from __future__ import annotations

import pygame
from helpers import DT, local_of, recording

from game.rules.events import DealStarted, FarmSold
from scenes.app.loop import App, Scene
from scenes.app.stack import SceneStack
from scenes.navigator import Screens, start_game
from scenes.store.settings import Settings
from scenes.table.deal import DealHandler
from scenes.table.flow import Stage, stage_of
from scenes.table.ledger import FinalHandler, LedgerHandler
from scenes.table.scene import TableScene
from scenes.table.setup import Setup
from scenes.table.source import has_ended
from tools.driver import handler_of, key, keys_for, table_of


def play_until(app: App, names: tuple[str, ...], limit: int = 20000) -> list[str]:
    """Step with the stand-in player's keys until a stage in ``names`` is on top; the stages seen."""
    seen: list[str] = []
    for _ in range(limit):
        top = app.stack.top
        name = top.name if top is not None else ""
        if not seen or seen[-1] != name:
            seen.append(name)
        if name in names:
            return seen
        app.step(DT, keys_for(app))
    raise AssertionError(f"never reached {names}: saw {seen}")


def new_app(**settings: object) -> App:
    return App(Settings(animation_speed="instant", **settings), (1280, 720))  # type: ignore[arg-type]


def test_every_event_has_one_stage() -> None:
    assert stage_of(DealStarted(1, True, None)) is Stage.AUCTION
    assert stage_of(FarmSold(0, 3, False)) is Stage.AUCTION


def test_the_last_deal_shows_its_ledger_before_the_final_standings() -> None:
    app = new_app()
    start_game(app, Setup.for_players(4, seed=3, deals=1))
    seen = play_until(app, ("ledger",))
    assert seen[-1] == "ledger" and "showdown" in seen
    scene = table_of(app)
    assert has_ended(scene.source)  # the engine has ended the game; the screen shows the deal first
    ledger = handler_of(app, LedgerHandler)
    labels = [b.label() for b in ledger.group.widgets]
    assert labels == ["Final standings", "See the table"]
    assert ledger.title() == "Deal 1 settled"
    app.step(DT, [key(pygame.K_RETURN, "\r")])
    app.step(DT, [])
    assert app.stack.top is scene and scene.name == "gameover"
    labels = [b.label() for b in handler_of(app, FinalHandler).group.widgets]
    assert labels == ["Play again", "New game", "Main menu", "See the table"]


def test_a_farm_nobody_won_goes_to_its_farmer_in_the_standings_and_on_the_plates() -> None:
    for seed in range(1, 40):
        app = new_app()
        start_game(app, Setup.for_players(5, seed=seed, deals=1))
        play_until(app, ("gameover",))
        scene = table_of(app)
        if scene.source.ledger.farm > 0:
            break
    else:
        raise AssertionError("no seed left a farm unwon")
    for _ in range(120):
        app.step(DT, [])
    farmer = local_of(scene).game.farmer
    assert farmer is not None
    standings = local_of(scene).game.standings()
    assert [s.chips for s in scene.table.seats] == standings
    assert scene.table.farm == 0
    footer = handler_of(app, FinalHandler).footer()
    assert f"the farm of {scene.source.ledger.farm} chips goes to" in footer
    assert scene.source.facts.names[farmer] in footer or "you" in footer


def test_the_old_farmers_marker_leaves_while_a_new_farm_is_auctioned() -> None:
    app = new_app()
    start_game(app, Setup.for_players(4, seed=5, deals=3))
    app.step(DT, [])
    scene = table_of(app)
    scene.table.place_farmer(2)
    scene.go(Stage.AUCTION)
    scene.handler.play(DealStarted(2, new_farm=True, farmer=None))
    scene.tweens.finish_all()
    assert scene.table.farmer is None and scene.table.marker_alpha == 0
    scene.handler.play(FarmSold(1, 4, False))
    scene.tweens.finish_all()
    assert scene.table.farmer == 1 and scene.table.marker_alpha == 255


def test_the_farm_staying_keeps_its_farmers_marker() -> None:
    app = new_app()
    start_game(app, Setup.for_players(4, seed=5, deals=3))
    app.step(DT, [])
    scene = table_of(app)
    scene.table.place_farmer(2)
    scene.go(Stage.AUCTION)
    scene.handler.play(DealStarted(2, new_farm=False, farmer=2))
    scene.tweens.finish_all()
    assert scene.table.farmer == 2


def human_farmer_dealing_by_hand(app: App) -> TableScene:
    """A ferme game (farmer by lot) in which the person is farmer, stopped at a held card."""
    for seed in range(60):
        app.stack.reset(Scene(app))
        app.step(DT, [])
        start_game(app, Setup.for_players(3, "ferme", deals=1, seed=seed))
        for _ in range(30):
            app.step(DT, [])
        scene = table_of(app)
        if local_of(scene).game.farmer == 0 and scene.handler.prompt is not None:
            return scene
    raise AssertionError("no seed made the person farmer")


def test_dealing_by_hand_the_seat_waiting_for_its_card_is_not_shown_thinking() -> None:
    app = new_app(auto_deal=False)
    scene = human_farmer_dealing_by_hand(app)
    for _ in range(400):
        deal = scene.handler
        if isinstance(deal, DealHandler) and deal.deal_button.visible:
            seat = scene.table.active
            assert seat is not None
            status = scene.table.seats[seat].status
            assert status is None or status() != "thinking…"
            assert deal.prompt is not None and scene.source.facts.names[seat] in deal.prompt()
        app.step(DT, keys_for(app))
        if scene.name in ("ledger", "gameover"):
            return
    raise AssertionError("the deal never ended")


def test_switching_to_automatic_dealing_mid_deal_takes_the_prompt_away() -> None:
    app = new_app(auto_deal=False)
    scene = human_farmer_dealing_by_hand(app)
    deal = scene.handlers[Stage.DEAL]
    assert isinstance(deal, DealHandler)
    assert scene.handler is deal and deal.deal_button.visible
    app.update_settings(auto_deal=True)
    app.step(DT, [])
    assert not deal.deal_button.visible
    assert deal.prompt is None or "Deal a card" not in deal.prompt()


def test_the_pause_panel_shows_its_own_keys_not_the_tables() -> None:
    app = new_app()
    start_game(app, Setup.for_players(4, seed=2, deals=2))
    app.step(DT, [])
    scene = table_of(app)
    assert "Esc: menu" in scene.hints()
    app.step(DT, [key(pygame.K_ESCAPE)])
    app.step(DT, [])
    assert app.stack.top is not None and app.stack.top.name == "pause"
    with recording(app.text) as drawn:
        scene.draw_header(app.screen)
    assert not any("Space: skip animation" in b.words or "Esc: menu" in b.words for b in drawn)


def test_the_flow_goes_through_the_navigator_it_is_given() -> None:
    app = new_app()
    calls: list[str] = []

    class Recorder(Screens):
        def pause(self, session: object) -> None:
            calls.append("pause")

        def escape_hint(self) -> str | None:
            return None

    nav = Recorder(app)
    nav.start(Setup.for_players(3, seed=4, deals=1))
    app.step(DT, [])
    app.step(DT, [key(pygame.K_ESCAPE)])
    assert calls == ["pause"]
    assert app.stack.top is not None and app.stack.top.name != "pause"
    assert "Esc" not in table_of(app).hints()


class Counted(Scene):
    """A scene counting what the stack tells it."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.calls: list[str] = []

    def enter(self) -> None:
        self.calls.append("enter")

    def exit(self) -> None:
        self.calls.append("exit")

    def pause(self) -> None:
        self.calls.append("pause")

    def resume(self) -> None:
        self.calls.append("resume")


def test_replacing_the_top_scene_leaves_the_one_beneath_paused_once() -> None:
    app = new_app()
    stack = SceneStack()
    beneath, first, second = Counted(app), Counted(app), Counted(app)
    stack.push(beneath)
    stack.push(first)
    stack.replace(second)
    stack.pop()
    stack.apply()
    assert beneath.calls == ["enter", "pause", "resume"]
    assert first.calls == ["enter", "exit"]
    assert second.calls == ["enter", "exit"]


def test_the_history_tells_the_deals_so_far_and_nothing_hidden() -> None:
    from game.rules.events import CardDealt, HandShown
    from scenes.table.history import HistoryScene, lines_of

    app = new_app()
    start_game(app, Setup.for_players(4, seed=11, deals=3))
    play_until(app, ("ledger",))
    scene = table_of(app)
    deals = scene.journal.deals
    assert [deal for deal, _events in deals] == [1]
    shown = {e.seat for e in deals[0][1] if isinstance(e, HandShown)}
    for event in deals[0][1]:
        if isinstance(event, CardDealt) and event.seat != scene.source.facts.bottom:
            assert event.card is None  # another seat's card is never in this screen's history
    lines = lines_of(deals[0][1], scene.eyes, "en")
    assert lines[0].startswith("Deal 1:")
    for seat in shown:
        assert any(line.startswith(scene.source.facts.names[seat] + ":") and "=" in line for line in lines)
    app.step(DT, [key(pygame.K_ESCAPE)])  # from the ledger: pause, then back
    app.step(DT, [])
    app.stack.pop()
    app.step(DT, [])
    scene.show_history()
    app.step(DT, [])
    assert isinstance(app.stack.top, HistoryScene)
    app.step(DT, [key(pygame.K_h, "h")])
    app.step(DT, [])
    assert app.stack.top is scene
