"""Saved games through the session: resuming plays on exactly as the game would have, AI included;
the keeper saves after every deal and on leaving, counts statistics once, and clears a finished game."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from helpers import DT
from helpers.games import HUMAN_PLAY, finish_deal, play_deal, setup

from game.formats.deallog import check, read_log
from game.formats.savegame import SavedGame, restore
from game.play.match import deal_seed
from game.rules.observe import observe
from scenes.navigator import Screens
from scenes.screens.pause import PauseScene
from scenes.store.export import export_log
from scenes.store.keeper import Keeper
from scenes.store.saves import SaveStore
from scenes.store.stats import StatsStore
from scenes.table.local import LocalTable, resume_table
from scenes.table.setup import Setup
from scenes.table.source import human_to_act
from tools.driver import local_game, table_of, top_name


def through_json(saved: SavedGame | None) -> SavedGame:
    """What a saved game becomes once written to a file and read back."""
    assert saved is not None
    return SavedGame.from_json(json.loads(json.dumps(saved.to_json())))


def test_resume_gives_the_same_next_deals_as_an_uninterrupted_game_ai_included() -> None:
    straight = LocalTable.start(setup())
    for _ in range(7):
        play_deal(straight)
    interrupted = LocalTable.start(setup())
    for _ in range(3):
        play_deal(interrupted)
    document = interrupted.save_document()
    assert document is not None
    restored = restore(through_json(document))
    resumed = resume_table(restored)
    assert (resumed.game.chips, resumed.game.farm, resumed.game.farmer) == (
        interrupted.game.chips,
        interrupted.game.farm,
        interrupted.game.farmer,
    )
    for _ in range(4):
        play_deal(resumed)
    assert resumed.game.log == straight.game.log
    assert resumed.game.chips == straight.game.chips
    assert resumed.ledger.history == straight.ledger.history


def test_mid_deal_the_save_is_the_game_as_it_stands_and_it_plays_on_the_same() -> None:
    straight = LocalTable.start(setup(seed=5))
    for _ in range(3):
        play_deal(straight)
    session = LocalTable.start(setup(seed=5))
    for _ in range(2):
        play_deal(session)
    session.start_deal()
    while session.game.to_act is not None and session.game.to_act != session.facts.bottom:
        session.ai_act()  # part of the auction, then the player leaves
    document = session.save_document()
    assert document is not None
    restored = restore(through_json(document))
    assert restored.interrupted and restored.game.deal_no == 3
    assert restored.game.calls == session.game.calls  # the auction as far as it went
    resumed = resume_table(restored)
    # The deal so far is shown again, as the person saw it.
    assert list(resumed.feed) == observe(list(restored.deal_events), resumed.facts.bottom) != []
    finish_deal(resumed)
    assert resumed.game.log == straight.game.log


def test_each_ai_stream_depends_only_on_seed_seat_and_deal() -> None:
    assert deal_seed(7, 2, 3) == deal_seed(7, 2, 3)
    assert len({deal_seed(7, 2, 3), deal_seed(7, 3, 3), deal_seed(7, 2, 4), deal_seed(8, 2, 3)}) == 4


def test_a_game_without_a_seed_gets_one_so_it_can_be_resumed() -> None:
    session = LocalTable.start(Setup.for_players(4))
    assert isinstance(session.game.seed, int)


def test_unknown_player_specs_are_refused() -> None:
    session = LocalTable.start(setup())
    play_deal(session)
    restored = restore(through_json(session.save_document()))
    players = restored.players
    with pytest.raises(ValueError):
        resume_table(replace(restored, players=["human", "grandmaster:bold", *players[2:]]))
    with pytest.raises(ValueError):
        resume_table(replace(restored, players=["normal:steady", *players[1:]]))


def test_the_keeper_saves_each_deal_counts_once_and_clears_a_finished_game(tmp_path: Path) -> None:
    keeper = Keeper(SaveStore(tmp_path / "save.json"), StatsStore(tmp_path / "stats.json"))
    session = LocalTable.start(setup(seed=3, deals=3))
    session.start_deal()
    keeper.leave(session.kept)  # leaving mid-deal keeps the game as it was before this deal
    saved = json.loads((tmp_path / "save.json").read_text())
    assert saved["deal"] == 0
    while session.game.to_act is not None:
        if session.game.to_act == session.facts.bottom:
            session.act(HUMAN_PLAY.choose(session.view))
        else:
            session.ai_act()
    keeper.deal_shown(session.kept)
    keeper.deal_shown(session.kept)  # the ledger shown twice counts once
    assert json.loads((tmp_path / "save.json").read_text())["deal"] == 1
    stats = StatsStore(tmp_path / "stats.json")
    stats.load()
    assert stats.for_rules("foster").deals_played == 1
    while not session.over:
        play_deal(session)
        keeper.deal_shown(session.kept)
    assert not (tmp_path / "save.json").exists()
    stats.load()
    counted = stats.for_rules("foster")
    assert (counted.deals_played, counted.games_played) == (3, 1)
    assert counted.results == [session.game.standings()[0]]
    last = read_log(tmp_path / "last_game.jsonl")
    assert last == [session.game.log]


def test_export_log_writes_the_saved_game_as_a_deal_log_that_checks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saves = SaveStore(tmp_path / "save.json")
    session = LocalTable.start(setup(seed=9))
    for _ in range(3):
        play_deal(session)
    Keeper(saves).leave(session.kept)
    out = tmp_path / "bug.jsonl"
    assert export_log(str(out), saves) == 0
    games = read_log(out)
    assert games == [session.game.log]
    assert check(games) == 3


def test_export_log_with_nothing_to_export_is_one_line_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert export_log(str(tmp_path / "bug.jsonl"), SaveStore(tmp_path / "save.json")) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no game to export" in err


def test_closing_the_window_mid_deal_saves_the_game_as_it_stands(tmp_path: Path) -> None:
    import pygame

    from scenes.app.loop import App
    from scenes.navigator import start_game
    from scenes.screens.menu import MenuScene
    from scenes.store.settings import Settings
    from tools.driver import keys_for

    app = App(Settings(animation_speed="instant"), (1280, 720))
    app.keeper = Keeper(SaveStore(tmp_path / "save.json"), StatsStore(tmp_path / "stats.json"))
    app.stack.push(MenuScene(app, Screens(app)))
    app.step(DT, [])
    start_game(app, setup(seed=4))
    for _ in range(5000):
        if top_name(app) == "deal" and local_game(app).game.deal_no == 2:
            break
        app.step(DT, keys_for(app))
    session = local_game(app)
    app.step(DT, [pygame.event.Event(pygame.QUIT)])
    assert not app.running
    saved = json.loads((tmp_path / "save.json").read_text())
    assert SavedGame.from_json(saved) == through_json(session.save_document())
    again = restore(SavedGame.from_json(saved))
    assert again.interrupted and again.game.hands == session.game.hands
    stats = StatsStore(tmp_path / "stats.json")
    stats.load()
    assert stats.for_rules("foster").deals_played == 1


def test_continue_from_the_menu_seats_the_saved_farmer_and_plays_on(tmp_path: Path) -> None:
    import pygame

    from scenes.app.loop import App
    from scenes.screens.menu import MenuScene
    from scenes.store.settings import Settings
    from tools.driver import key

    saves = SaveStore(tmp_path / "save.json")
    session = LocalTable.start(setup(seed=9))  # nobody wins the farm in deal 2: its farmer deals again
    for _ in range(2):
        play_deal(session)
    Keeper(saves).leave(session.kept)
    app = App(Settings(animation_speed="instant"), (1280, 720))
    app.keeper = Keeper(saves, StatsStore(tmp_path / "stats.json"))
    app.stack.push(MenuScene(app, Screens(app)))
    app.step(DT, [])
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and menu.continue_button.visible
    assert menu.group.focused is menu.continue_button
    app.step(DT, [key(pygame.K_RETURN, "\r")])
    app.step(DT, [])
    assert top_name(app) in ("auction", "deal")
    resumed = local_game(app)
    assert resumed.game.deal_no == 3
    assert resumed.game.log[:2] == session.game.log
    assert table_of(app).table.farmer is not None


def test_a_card_seen_then_quit_is_still_in_the_hand_at_continue(tmp_path: Path) -> None:
    """The peek: draw a card, quit to the menu, Continue. The card is in the hand, face up, and the
    next Card gives what it would have without the break, so nobody can see a card and then play
    differently."""
    import copy

    import pygame

    from game.rules.actions import DRAW
    from scenes.app.loop import App
    from scenes.screens.menu import MenuScene
    from scenes.store.settings import Settings
    from tools.driver import key, keys_for

    def fresh_app() -> App:
        app = App(Settings(animation_speed="instant"), (1024, 600))
        app.keeper = Keeper(SaveStore(tmp_path / "save.json"), StatsStore(tmp_path / "stats.json"))
        app.stack.push(MenuScene(app, Screens(app)))
        app.step(DT, [])
        return app

    app = fresh_app()
    Screens(app).start(setup(seed=1, deals=4))
    for _ in range(20000):  # to the person's first free choice, low enough to take two cards
        if top_name(app) == "deal":
            view = local_game(app).view
            if human_to_act(local_game(app)) and not view.must_draw and view.total <= 6:
                break
        app.step(DT, keys_for(app))
    assert top_name(app) == "deal"
    source = local_game(app)
    before = source.view.hand
    app.step(DT, [key(pygame.K_c, "c")])  # Card: the drawn card is seen...
    seen = source.view.hand
    assert len(seen) == len(before) + 1
    twin = copy.deepcopy(source.game)  # the game as it would go on without the break
    app.step(DT, [key(pygame.K_ESCAPE)])  # ...then the pause, and Quit to menu
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    pause.to_menu()
    app.step(DT, [])
    app = fresh_app()  # the program started again
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and menu.continue_button.visible
    app.step(DT, [key(pygame.K_RETURN, "\r")])  # Continue
    for _ in range(600):
        app.step(DT, [])
        if top_name(app) == "deal" and human_to_act(local_game(app)):
            break
    assert top_name(app) == "deal"
    resumed = local_game(app)
    assert resumed.view.hand == seen  # the card seen is still in the hand
    faces = [s.card for s in table_of(app).table.seats[resumed.facts.bottom].hand]
    assert faces == list(seen)  # and face up on the table
    assert DRAW in resumed.view.legal_actions()
    app.step(DT, [key(pygame.K_c, "c")])  # the card after the seen one, as without the break
    twin.apply(DRAW)
    assert resumed.view.hand == twin.view_for(resumed.facts.bottom).hand
