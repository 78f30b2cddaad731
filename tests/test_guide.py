"""The guided first game: played through by the stand-in player in each language, skipped at several
moments, offered once at the first start, never in the kiosk's demo, and a visitor's first hints;
every step's words fit and never cover what they point at."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from helpers import DT, local_of, top_as

from game.play.guide import (
    DEALS,
    FIRST_GAME,
    VISITOR_HINTS,
    GuideMatch,
    Lesson,
    Spot,
    StepId,
    When,
    lessons_in,
    shown_matches,
)
from game.play.match import HUMAN
from game.play.replay import ScriptedAgent
from game.rules.actions import Kind
from game.rules.engine import Phase
from game.rules.events import Event
from game.rules.ruleset import FOSTER, rules_named
from scenes import i18n
from scenes.app.gamepad import Gamepads
from scenes.app.loop import App
from scenes.kiosk.app import KioskApp
from scenes.kiosk.config import KioskConfig
from scenes.navigator import Screens
from scenes.screens.confirm import ConfirmScene
from scenes.screens.guide_offer import GuideOfferScene
from scenes.screens.howto import HowToScene
from scenes.screens.menu import MenuScene
from scenes.screens.pause import PauseScene
from scenes.store.keeper import Keeper
from scenes.store.saves import SaveStore
from scenes.store.settings import Settings, SettingsStore
from scenes.store.stats import StatsStore
from scenes.table.auction import AuctionHandler
from scenes.table.flow import Stage
from scenes.table.guide import NOTE_LINES
from scenes.table.guide_words import Facts, step_words
from scenes.table.guided import GuidedTableScene
from scenes.table.local import LocalTable
from scenes.table.scene import TableScene
from scenes.table.setup import Setup
from scenes.table.source import has_ended
from tools.driver import key, keys_for, top_name


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    i18n.set_language("en")


def guided_app(size: tuple[int, int] = (1280, 720), speed: str = "instant") -> tuple[App, Screens]:
    app = App(Settings(animation_speed=speed), size)
    nav = Screens(app)
    nav.guided_game()
    app.step(DT, [])
    return app, nav


def scene_of(app: App) -> GuidedTableScene | None:
    return next((s for s in app.stack.scenes if isinstance(s, GuidedTableScene)), None)


class Watch:
    """Every step of a guided table as it comes up: the deal on show and the event it came up for."""

    def __init__(self) -> None:
        self.steps: list[tuple[StepId, int, Event | None]] = []
        self._last: object = None

    def look(self, scene: GuidedTableScene) -> None:
        run = scene.guided.run
        if run.current is not None and run.current is not self._last:
            self.steps.append((run.current.id, scene.source.ledger.deal, run.cause))
        self._last = run.current


def at_the_end(app: App, scene: GuidedTableScene) -> bool:
    """The final standings are up with the guide's last step."""
    return top_name(app) == "gameover" and scene.guided.run.shown_steps[-1:] == [StepId.THE_END]


def play_through(app: App, watch: Watch, limit: int = 40_000) -> GuidedTableScene:
    scene = scene_of(app)
    assert scene is not None
    for _ in range(limit):
        watch.look(scene)
        if at_the_end(app, scene):
            return scene
        app.step(DT, keys_for(app))
    raise AssertionError(f"the guided game never ended: {top_name(app)}, {watch.steps[-1:]}")


# ---------------------------------------------------------------------- the whole guided game


@pytest.mark.parametrize("language", ["en", "fr", "de"])
def test_the_stand_in_player_plays_the_guided_game_through_and_meets_every_lesson(language: str) -> None:
    i18n.set_language(language)
    app, _nav = guided_app()
    watch = Watch()
    scene = play_through(app, watch)
    # Every step came up, in the script's order, each at its deal and for its event.
    assert [step for step, _deal, _cause in watch.steps] == [step.id for step in FIRST_GAME]
    you = scene.source.facts.bottom
    for step, (shown, deal, cause) in zip(FIRST_GAME, watch.steps, strict=True):
        assert shown is step.id
        if step.deal is not None:
            assert deal == step.deal, step.id
        if step.when is When.SHOWN:
            farmer = local_of(scene).game.log[deal - 1].farmer
            assert cause is not None and shown_matches(step, cause, deal, you, farmer), step.id
    # And each lesson the steps name happened in the engine.
    game = local_of(scene).game
    assert lessons_in(game.log, game.result, you) == set(Lesson)
    assert game.result is not None and game.result.winners == (you,)
    assert not scene.guided.run.skipped


@pytest.mark.parametrize("bid", [1, 40, 99])
def test_every_lesson_happens_whatever_the_person_bids_for_the_last_farm(bid: int) -> None:
    """Rules (Foster): a bid goes into the farm and buys the farmer's seat; an unwon farm stays with
    its farmer at the end. Whatever the person bids, every lesson happens and the farm comes back."""
    match = GuideMatch("You")
    game = match.game
    for _deal in DEALS:
        match.start_deal()
        while game.to_act is not None:
            if game.to_act != 0:
                match.ai_act()
                continue
            view = game.view_for(0)
            if view.phase is Phase.AUCTION:
                action = view.legal_actions()[0 if view.deal_no == 1 else min(bid, view.max_bid)]
            else:
                action = view.legal_actions()[0 if view.must_draw else -1]
            match.act(0, action)
    assert game.result is not None
    assert lessons_in(game.log, game.result) == set(Lesson)
    assert game.result.standings[0] == 109  # the bid came back with the farm


def test_a_step_that_asks_for_a_pass_refuses_a_bid() -> None:
    app, _nav = guided_app()
    scene = scene_of(app)
    assert scene is not None
    for _ in range(5000):
        if scene.guided.run.current is not None and scene.guided.run.current.id is StepId.PASS_FIRST:
            break
        app.step(DT, keys_for(app))
    handler = scene.handler
    assert isinstance(handler, AuctionHandler)
    assert not handler.bid_button.enabled and handler.pass_button.enabled
    app.step(DT, [key(pygame.K_b, "b")])
    for _ in range(10):
        app.step(DT, [])
    assert local_of(scene).game.calls[-1][1] == 2  # Bastien's bid still stands: the person did not bid
    assert scene.guided.run.current is not None and scene.guided.run.current.id is StepId.PASS_FIRST
    app.step(DT, [key(pygame.K_p, "p")])
    assert (0, None) in local_of(scene).game.calls


# ---------------------------------------------------------------------- skipping


@pytest.mark.parametrize(
    "at", [StepId.FARM_FOR_SALE, StepId.MUST_DRAW, StepId.LEDGER, StepId.OVER, StepId.BUY]
)
def test_skipping_the_guide_plays_on_as_an_ordinary_game(at: StepId) -> None:
    app, _nav = guided_app()
    scene = scene_of(app)
    assert scene is not None
    for _ in range(20_000):
        current = scene.guided.run.current
        if current is not None and current.id is at and scene.guide.note() is not None:
            break
        app.step(DT, keys_for(app))
    else:
        raise AssertionError(f"{at} never came up")
    app.step(
        DT, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.guide.skip_button.rect.center, button=1)]
    )
    run = scene.guided.run
    assert run.skipped and run.current is None and scene.guide.note() is None
    assert scene.source.can_end  # an ordinary game: it may be ended early again
    match = local_of(scene).match
    assert all(not isinstance(agent, ScriptedAgent) for agent in match.agents.values())
    assert match.players[0] == HUMAN and all(spec.startswith("normal:") for spec in match.players[1:])
    for _ in range(40_000):
        if top_name(app) == "gameover":
            break
        app.step(DT, keys_for(app))
        assert run.current is None
    assert top_name(app) == "gameover" and has_ended(scene.source)


def test_quitting_the_guided_game_keeps_the_persons_own_saved_game(tmp_path: Path) -> None:
    app = App(Settings(animation_speed="instant"), (1280, 720))
    app.keeper = Keeper(SaveStore(tmp_path / "save.json"), StatsStore(tmp_path / "stats.json"))
    nav = Screens(app)
    nav.start(Setup.for_players(4, seed=3))
    for _ in range(20):
        app.step(DT, keys_for(app))
    before = (tmp_path / "save.json").read_bytes()
    nav.guided_game()
    # What the person's own game counted, its deals played so far among them, once it is put away.
    counted = StatsStore(tmp_path / "stats.json").load()
    for _ in range(400):
        app.step(DT, keys_for(app))
    app.step(DT, [key(pygame.K_ESCAPE)])
    assert top_name(app) == "pause"
    top_as(app, PauseScene).to_menu()
    app.step(DT, [])
    assert isinstance(app.stack.top, MenuScene)
    assert (tmp_path / "save.json").read_bytes() == before  # never touched by the guided game
    assert top_as(app, MenuScene).saved is not None  # Continue still resumes the person's own game
    assert StatsStore(tmp_path / "stats.json").load() == counted  # and nothing of it was counted


def kept_app(tmp_path: Path) -> tuple[App, Screens]:
    app = App(Settings(animation_speed="instant"), (1280, 720))
    app.keeper = Keeper(SaveStore(tmp_path / "save.json"), StatsStore(tmp_path / "stats.json"))
    nav = Screens(app)
    nav.guided_game()
    app.step(DT, [])
    return app, nav


def to_step(app: App, at: StepId) -> GuidedTableScene:
    scene = scene_of(app)
    assert scene is not None
    for _ in range(20_000):
        current = scene.guided.run.current
        if current is not None and current.id is at and scene.guide.note() is not None:
            return scene
        app.step(DT, keys_for(app))
    raise AssertionError(f"{at} never came up")


@pytest.mark.parametrize("at", [StepId.FARM_FOR_SALE, StepId.MUST_DRAW, StepId.LEDGER, StepId.BUY])
def test_a_skipped_guided_game_is_saved_and_continues_as_an_ordinary_game(tmp_path: Path, at: StepId) -> None:
    app, _nav = kept_app(tmp_path)
    scene = to_step(app, at)
    assert not (tmp_path / "save.json").exists()  # nothing saved while the guide runs
    app.step(DT, [key(pygame.K_g, "g")])  # G skips the guide
    assert scene.guided.run.skipped
    assert (tmp_path / "save.json").exists()  # saved at once, like any game after a move
    for _ in range(3):
        app.step(DT, keys_for(app))
    game = local_of(scene).game
    assert not game.is_over
    app.step(DT, [key(pygame.K_ESCAPE)])
    assert top_name(app) == "pause"
    top_as(app, PauseScene).to_menu()
    app.step(DT, [])
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and menu.saved is not None  # Continue
    assert menu.saved.game.chips == game.chips and menu.saved.game.deal_no == game.deal_no
    menu.continue_game()
    app.step(DT, [])
    table = app.stack.top
    assert isinstance(table, TableScene) and not isinstance(table, GuidedTableScene)
    source = table.source
    assert isinstance(source, LocalTable) and not isinstance(source.match, GuideMatch)
    assert source.players[0] == HUMAN and all(spec.startswith("normal:") for spec in source.players[1:])
    assert source.game.log == game.log


@pytest.mark.parametrize("end_early", [True, False])
def test_a_skipped_guided_game_is_counted_with_every_deal_played(tmp_path: Path, end_early: bool) -> None:
    app, _nav = kept_app(tmp_path)
    scene = to_step(app, StepId.LEDGER)  # deal 1 played with the guide, then skipped
    app.step(DT, [key(pygame.K_g, "g")])
    for _ in range(40_000):
        if top_name(app) == "gameover":
            break
        if end_early and scene.stage is Stage.LEDGER and scene.source.ledger.deal == 2:
            app.step(DT, [key(pygame.K_RIGHT), key(pygame.K_RETURN, "\r")])  # End the game
            app.step(DT, [])
            assert top_name(app) == "confirm"
            top_as(app, ConfirmScene).group.widgets[0].activate()
            continue
        app.step(DT, keys_for(app))
    for _ in range(5):
        app.step(DT, [])
    assert top_name(app) == "gameover"
    store = StatsStore(tmp_path / "stats.json")
    store.load()
    stats = store.for_rules(FOSTER.name)
    game = local_of(scene).game
    assert stats.deals_played == len(game.log) == (2 if end_early else len(DEALS))
    assert (stats.games_ended_early, stats.games_played) == ((1, 0) if end_early else (0, 1))


def test_the_guide_is_skipped_by_key_gamepad_and_pause_menu() -> None:
    app, _nav = guided_app()
    scene = to_step(app, StepId.FARM_FOR_SALE)
    assert "G: skip the guide" in scene.hints()
    pad = Gamepads().translate(
        pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_BACK)
    )
    assert pad is not None and pad.key == pygame.K_g  # the gamepad's Back stands for G
    app.step(DT, [key(pygame.K_ESCAPE)])
    pause = top_as(app, PauseScene)
    skips = [w for w in pause.group.widgets if w.label() == "Skip the guide"]
    assert len(skips) == 1
    skips[0].activate()
    app.step(DT, [])
    assert app.stack.top is scene and scene.guided.run.skipped
    assert "G: skip the guide" not in scene.hints()
    app.step(DT, [key(pygame.K_ESCAPE)])  # skipped: the pause is an ordinary game's again
    assert not [w for w in top_as(app, PauseScene).group.widgets if w.label() == "Skip the guide"]


@pytest.mark.parametrize("language", ["en", "fr", "de"])
def test_the_guides_keys_are_shown_in_a_small_windows_header(language: str) -> None:
    """The header shows its keys only when they fit: G must not push them all out at 1024 × 600."""
    i18n.set_language(language)
    app, _nav = guided_app((1024, 600))
    for at in (StepId.FARM_FOR_SALE, StepId.NEAREST, StepId.COLLECT):
        scene = to_step(app, at)
        hints = scene.hints()
        assert i18n._("G: skip the guide") in hints
        lay = scene.table.layout
        pad = round(12 * lay.u)
        room = lay.header.w - 3 * pad - app.text.size(hints, lay.font["small"])[0]
        assert room > lay.header.w // 3, (at, hints)  # see TableScene.draw_header


def test_an_ordinary_games_pause_offers_no_skip() -> None:
    app = App(Settings(animation_speed="instant"), (1280, 720))
    nav = Screens(app)
    nav.start(Setup.for_players(3, seed=3))
    app.step(DT, [])
    app.step(DT, [key(pygame.K_ESCAPE)])
    assert top_name(app) == "pause"
    assert not [w for w in top_as(app, PauseScene).group.widgets if w.label() == "Skip the guide"]


# ---------------------------------------------------------------------- where it is offered


def first_start(tmp_path: Path) -> tuple[App, Screens]:
    store = SettingsStore(tmp_path / "settings.json")
    app = App(store.load(), (1280, 720))
    app.settings_store = store
    app.keeper = Keeper(SaveStore(tmp_path / "save.json"), StatsStore(tmp_path / "stats.json"))
    return app, Screens(app)


def test_the_first_start_offers_the_guided_game_once(tmp_path: Path) -> None:
    app, nav = first_start(tmp_path)
    nav.menu()
    app.step(DT, [])
    assert isinstance(app.stack.top, GuideOfferScene)
    app.step(DT, [key(pygame.K_ESCAPE)])  # not now
    app.step(DT, [])
    assert isinstance(app.stack.top, MenuScene)
    again, nav = first_start(tmp_path)  # the next start: the offer was made
    nav.menu()
    again.step(DT, [])
    assert isinstance(again.stack.top, MenuScene) and again.settings.guide_offered


def test_the_offer_comes_back_when_the_window_was_closed_on_it(tmp_path: Path) -> None:
    app, nav = first_start(tmp_path)
    nav.menu()
    app.step(DT, [])
    assert isinstance(app.stack.top, GuideOfferScene)
    again, nav = first_start(tmp_path)  # closed without an answer: offered again
    nav.menu()
    again.step(DT, [])
    assert isinstance(again.stack.top, GuideOfferScene) and not again.settings.guide_offered
    again.stack.top.group.widgets[1].activate()  # Not now
    third, nav = first_start(tmp_path)
    nav.menu()
    third.step(DT, [])
    assert isinstance(third.stack.top, MenuScene)


def test_the_offer_leads_into_the_guided_game(tmp_path: Path) -> None:
    app, nav = first_start(tmp_path)
    nav.menu()
    app.step(DT, [])
    app.step(DT, [key(pygame.K_RETURN, "\r")])
    app.step(DT, [])
    assert scene_of(app) is not None and scene_of(app) is app.stack.top


def test_someone_who_has_played_is_not_offered_it(tmp_path: Path) -> None:
    stats = StatsStore(tmp_path / "stats.json")
    stats.for_rules("foster").deals_played = 3
    stats.save()
    app, nav = first_start(tmp_path)
    nav.menu()
    app.step(DT, [])
    assert isinstance(app.stack.top, MenuScene)


def test_the_menu_and_how_to_play_offer_the_guided_game() -> None:
    app = App(Settings(), (1024, 600))
    nav = Screens(app)
    nav.menu()
    app.step(DT, [])
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    guided = [w for w in menu.group.widgets if w.label() == "Guided game"]
    assert guided and guided[0].rect.colliderect(menu.panel)
    nav.how_to_play(None)
    app.step(DT, [])
    howto = app.stack.top
    assert isinstance(howto, HowToScene)
    back, guide = howto.group.widgets
    assert not back.rect.colliderect(guide.rect) and howto.panel.contains(guide.rect)
    guide.activate()
    app.step(DT, [])
    assert scene_of(app) is app.stack.top


# ---------------------------------------------------------------------- the kiosk


def test_never_in_the_kiosks_demo_but_the_visitors_game_shows_its_first_hints() -> None:
    kiosk = KioskApp(KioskConfig(players=3, deals=2), locked=True, fullscreen=False, seed=7)
    kiosk.step(DT, [])
    for _ in range(round(60 / DT)):
        kiosk.step(DT, [])
        assert not any(isinstance(s, GuidedTableScene) for s in kiosk.stack.scenes)  # the demo
    kiosk.step(DT, [key(pygame.K_b, "b")])
    kiosk.step(DT, [])
    scene = kiosk.stack.top
    assert isinstance(scene, GuidedTableScene) and not scene.source.facts.watching
    run = scene.guided.run
    assert not run.in_order and run.steps == VISITOR_HINTS
    assert not isinstance(local_of(scene).match, GuideMatch)  # ordinary decks
    for _ in range(round(600 / DT)):
        kiosk.step(DT, keys_for(kiosk))
        if run.current is not None:
            assert scene.guide.note() is not None  # shown as it becomes relevant
            assert all(run.allows(kind) for kind in Kind)  # a hint never holds the visitor back
        if {StepId.HINT_DRAW, StepId.HINT_MORE} <= set(run.shown_steps):
            break
    assert {StepId.HINT_DRAW, StepId.HINT_MORE} <= set(run.shown_steps)
    pygame.mouse.set_visible(True)


# ---------------------------------------------------------------------- the words on the table


@pytest.mark.parametrize("size", [(1024, 600), (3840, 2160)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "fr", "de"])
def test_every_step_fits_and_never_covers_what_it_points_at(language: str, size: tuple[int, int]) -> None:
    i18n.set_language(language)
    app, _nav = guided_app(size)
    scene = scene_of(app)
    assert scene is not None
    window = pygame.Rect((0, 0), size)
    checked: set[StepId] = set()
    for _ in range(40_000):
        current = scene.guided.run.current
        if current is not None and current.id not in checked and not scene.tweens.busy:
            note = scene.guide.note()
            assert note is not None, current.id
            checked.add(current.id)
            text = app.text
            assert len(note.lines) <= NOTE_LINES, (current.id, note.lines)
            pad = round(14 * app.u)
            assert all(text.size(line, note.size)[0] <= note.box.w - 2 * pad for line in note.lines)
            assert note.size >= round(scene.table.layout.font["body"] * 0.8)
            assert window.contains(note.box) and note.box.top >= scene.table.layout.header.bottom
            target = scene.guide.target()
            if current.spot is not Spot.FARM or target is not None:
                assert target is not None and not note.box.colliderect(target), current.id
            buttons = [b.rect for b in scene.handler.buttons.widgets if b.visible]
            buttons += [scene.guide.skip_button.rect] if scene.guide.skip_offered else []
            group = getattr(scene.handler, "group", None)
            if group is not None and scene.handler.transparent:
                buttons += [w.rect for w in group.widgets if w.visible]
            assert note.box.collidelist(buttons) == -1, current.id
            if note.button is not None:
                assert note.box.contains(note.button)
                step_h = text.font(note.size).get_linesize()
                assert note.box.y + pad + step_h * len(note.lines) <= note.button.top
        if at_the_end(app, scene):
            break
        app.step(DT, keys_for(app))
    assert checked == {step.id for step in FIRST_GAME}


def words_on_the_table(scene: GuidedTableScene) -> list[pygame.Rect]:
    """The totals, the farmer's takings, the headline and the action panel's question, as drawn."""
    table = scene.table
    items = table.items(pygame.Rect((0, 0), table.layout.size))
    rects = [
        rect for k, (_look, rect) in items.items() if isinstance(k, tuple) and k[0] in ("badge", "takings")
    ]
    if table.banner is not None:
        rects.append(table.banner_lines()[2])
    line = scene.prompt_line()
    if line is not None:
        rects.append(line[2])
    return rects


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080), (3840, 2160)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "fr", "de"])
def test_the_guide_draws_nothing_over_the_words_on_the_table(language: str, size: tuple[int, int]) -> None:
    """The note, its ring and its arrow leave every total, the takings, the headline and the
    panel's question as they are: the table drawn with and without the guide is the same there."""
    i18n.set_language(language)
    app, _nav = guided_app(size)
    scene = scene_of(app)
    assert scene is not None
    checked: set[StepId] = set()
    bare, guided = pygame.Surface(size), pygame.Surface(size)
    for _ in range(40_000):
        current = scene.guided.run.current
        if current is not None and current.id not in checked and not scene.tweens.busy:
            checked.add(current.id)
            TableScene.draw(scene, bare)
            scene.draw(guided)
            for rect in words_on_the_table(scene):
                rect = rect.clip(bare.get_rect())
                same = pygame.image.tobytes(bare.subsurface(rect), "RGB") == pygame.image.tobytes(
                    guided.subsurface(rect), "RGB"
                )
                assert same, (current.id, rect)
        if at_the_end(app, scene):
            break
        app.step(DT, keys_for(app))
    assert checked == {step.id for step in FIRST_GAME}


@pytest.mark.parametrize("language", ["fr", "de"])
def test_no_number_of_the_guides_words_is_split_from_the_word_after_it(language: str) -> None:
    """French and German typography: "4 jetons", "« Je m'y tiens »", "La Ferme" never break over two lines."""
    i18n.set_language(language)
    for rules in (FOSTER, rules_named("ferme")):
        for amount in (1, 4, 5, 99):
            facts = Facts(
                rules, farm=amount, farmer="Bastien", total=amount, name="Anne", amount=amount, other=15
            )
            for step in StepId:
                words = step_words(step, facts)
                assert not re.search(r"\d ", words), (step, words)
                assert "« " not in words and " »" not in words, (step, words)
                assert "La Ferme" not in words, (step, words)


def test_the_last_deals_hint_says_truly_what_the_highest_bid_buys() -> None:
    """Rules (Foster): the highest bid buys the farm, not any bid; in deal 4 the others pass."""
    words = step_words(StepId.BUY, Facts(FOSTER, farm=3))
    assert "makes you the farmer" not in words
    assert "highest bid" in words and "nobody bids more" in words
