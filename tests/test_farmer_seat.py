"""The farmer's seat: what the person collects is counted beside the farm as each payment lands,
drawn clear of everything on the table; the ledger says what the seat earned (and the farm it lost)
and goes on by itself after a countdown unless touched, or never when the settings say so."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from farmer_deals import PAID, RULE_SETS, farmer_table, pass_in_auction
from helpers import DT
from helpers.layout import Recorder, new_app, problems, redraw_top
from helpers.windows import Windows, run, seat_two

from game.rules.ruleset import rules_named
from scenes import i18n
from scenes.app.loop import App
from scenes.i18n import LANGUAGES
from scenes.kiosk.app import KioskApp
from scenes.kiosk.config import KioskConfig
from scenes.kiosk.demo import demo_table
from scenes.navigator import Screens
from scenes.screens.menu import MenuScene
from scenes.screens.settings import SettingsScene
from scenes.store.settings import Settings, SettingsStore
from scenes.table.ledger import GO_ON_PAUSE, LedgerHandler
from scenes.table.local import LocalTable
from scenes.table.narrator import Eyes, farmer_takings
from scenes.table.scene import TableScene
from scenes.table.setup import Setup
from tools.driver import click, key, table_of, tap, top_name

NAMES = ("Anna", "Ben", "Carla", "Dan")


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def step(app: App, scene: TableScene, seconds: float) -> None:
    for _ in range(round(seconds / DT)):
        app.step(DT, pass_in_auction(app, scene))


def to_the_ledger(app: App, scene: TableScene) -> LedgerHandler:
    for _ in range(20_000):
        if scene.stage.value == "ledger" and not scene.tweens.busy:
            handler = scene.handler
            assert isinstance(handler, LedgerHandler)
            return handler
        app.step(DT, pass_in_auction(app, scene))
    raise AssertionError(f"no ledger: the table is at {scene.stage.value}")


def engine_paid_to_farmer(scene: TableScene) -> int:
    """What the engine's record of the deal just played says the players paid its farmer."""
    source = scene.source
    assert isinstance(source, LocalTable)
    record = source.game.log[-1]
    return sum(t.amount for t in record.transfers if t.target == record.farmer)


# ---------------------------------------------------------------- the figure beside the farm


@pytest.mark.parametrize(("rules", "rotating"), RULE_SETS)
def test_the_farmers_takings_count_up_as_each_payment_lands_to_what_the_engine_paid_it(
    rules: str, rotating: bool
) -> None:
    """Players over 16 pay the farmer a chip a point (every rule set): the figure beside the farm
    follows the chips as they land on the farmer's stack, never the engine that settled it all at
    once, and ends at the sum of the deal's payments to the farmer in the engine's record."""
    app = App(Settings(animation_speed="normal"), (1280, 720))
    scene = farmer_table(app, rules, rotating)
    table = scene.table
    seen: list[int] = []
    start: int | None = None
    for _ in range(20_000):
        app.step(DT, pass_in_auction(app, scene))
        stage = scene.stage.value
        if stage in ("deal", "showdown"):
            assert table.farmer == 0 and table.takings is not None
            if start is None:
                start = table.seats[0].chips  # after the ante: every later chip is a payment to it
            assert table.takings == table.seats[0].chips - start  # counted as the chips land
            if not seen or seen[-1] != table.takings:
                seen.append(table.takings)
        if stage == "ledger":
            break
    assert seen == [0, 3, 4]  # nothing until the first payment lands, then each in turn
    assert table.takings == engine_paid_to_farmer(scene) == PAID


def test_no_figure_for_a_farmer_played_by_the_computer() -> None:
    app = App(Settings(animation_speed="instant"), (1280, 720))
    scene = farmer_table(app)
    step(app, scene, 0.1)
    assert scene.table.farmer == 0
    scene.table.collect()
    scene.table.farmer = 1  # an AI's farm: nothing of it is counted at this screen
    scene.table.count_takings()
    assert scene.table.takings is None and scene.table.takings_box() is None


def _clear_of_everything(scene: TableScene) -> int:
    """Check the takings cover nothing they must not; how many pieces were checked."""
    table = scene.table
    box = table.takings_box()
    assert box is not None, "no clear spot for the takings"
    window = pygame.Rect((0, 0), table.layout.size)
    assert table.layout.table.contains(box.rect)
    # Cards and chips in flight pass over it (they are drawn above it); those at rest are never covered.
    flying = {id(s) for state in table.seats for s in state.hand if scene.tweens.moving(s, "pos")}
    flying |= {id(s) for s in table.gathering}
    pieces = table.items(window)
    checked = 0
    for piece, (_look, rect) in pieces.items():
        kind = piece[0]  # type: ignore[index]
        if kind in ("felt", "takings", "chip") or (kind == "card" and piece[1] in flying):  # type: ignore[index]
            continue
        if kind == "label" and box.rect.colliderect(rect):
            # A note keeps clear of the takings as of every plate and hand; only one that finds no
            # clear spot anywhere on a crowded felt lies over them (and over something else too).
            others = [r for p, (_l, r) in pieces.items() if p != piece and p[0] in ("plate", "card", "label")]  # type: ignore[index]
            assert rect.collidelist(others) >= 0, (piece, rect, box.rect)
            continue
        assert not box.rect.colliderect(rect), (piece, rect, box.rect)
        checked += 1
    buttons = [scene.skip_button, scene.history_button, *scene.handler.buttons.widgets]
    for button in buttons:
        assert not box.rect.colliderect(button.rect), (button.label(), button.rect, box.rect)
    assert not box.rect.colliderect(table.layout.panel)
    return checked


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080), (3840, 2160)])
def test_the_takings_never_cover_a_plate_card_note_or_button(size: tuple[int, int]) -> None:
    """A farmer's deal at every size, in every language, from three players to ten: at every
    moment of the cards and the showdown the figure covers no plate, card, total, glow, note,
    the deck, the farm, the headline, nor any button."""
    for language, players, large in (
        ("en", 3, False),
        ("fr", 4, False),
        ("de", 5, False),
        ("en", 6, True),
        ("fr", 7, False),
        ("de", 8, True),
        ("de", 10, False),
    ):
        app = App(Settings(animation_speed="fast", language=language, large_text=large), size)
        scene = farmer_table(app, "lacombe", players=players)
        checked = 0
        for _ in range(20_000):
            events = pass_in_auction(app, scene)
            for event in events:
                scene.handle(event)
            scene.update(DT)  # the table's moments, without drawing each at this size
            app.stack.apply()
            if scene.stage.value == "ledger":
                break
            if scene.stage.value in ("deal", "showdown"):
                checked += _clear_of_everything(scene)
        assert scene.stage.value == "ledger" and checked > 200, (language, players, checked)


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080), (3840, 2160)])
def test_the_takings_find_a_clear_spot_for_every_table_language_and_text_size(size: tuple[int, int]) -> None:
    """Three to ten seats, each language, normal and large text: a spot beside the farm (or under
    it, or beside the deck) that covers no seat's plate or cards, the deck, the farm, the headline,
    the action panel or the header, the caption on two lines where one is too wide."""
    for language in LANGUAGES:
        for large in (False, True):
            app = App(Settings(language=language, large_text=large), size)
            for players in range(3, 11):
                table = farmer_table(app, players=players).table
                table.takings = 188
                box = table.takings_box()
                assert box is not None, (language, large, players)
                lay = table.layout
                keep_clear = [lay.header, lay.banner, lay.panel, lay.deck, lay.farm]
                keep_clear += [seat.block for seat in lay.seats]
                assert lay.table.contains(box.rect) and box.rect.collidelist(keep_clear) < 0
                assert box.caption_size >= 9 and len(box.caption) <= 2


def test_the_notes_on_the_felt_keep_clear_of_the_takings() -> None:
    app = App(Settings(animation_speed="normal"), (1024, 600))
    scene = farmer_table(app, "ferme", players=5)
    table = scene.table
    notes = 0
    for _ in range(20_000):
        app.step(DT, pass_in_auction(app, scene))
        box = table.takings_box()
        if box is not None and table.labels:
            window = pygame.Rect((0, 0), table.layout.size)
            for piece, (_look, rect) in table.items(window).items():
                if piece[0] == "label":  # type: ignore[index]
                    assert not rect.colliderect(box.rect)
                    notes += 1
        if scene.stage.value == "ledger":
            break
    assert notes > 10


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_farmers_words_fit_with_ten_players_and_large_text(
    lang: str, recorder: Recorder, tmp_path: Path
) -> None:
    """The figure beside the farm, the ledger's line on the farmer's takings (and the corbeille it
    lost) and its countdown: every word in its box, none over another, at 1024 × 600."""
    app = new_app(lang, (1024, 600), tmp_path)
    app.update_settings(large_text=True, animation_speed="fast")
    scene = farmer_table(app, "ferme", players=10)
    found: list[str] = []
    words: list[str] = []
    for _ in range(20_000):
        app.step(DT, pass_in_auction(app, scene))
        stage = scene.stage.value
        if stage == "showdown" and scene.table.takings and not words:
            drawn = recorder.take(lambda: redraw_top(app))
            found += problems(drawn, f"{lang} showdown")
            words += [d.text for d in drawn]
            box = scene.table.takings_box()
            assert box is not None and " ".join(box.caption) == i18n._("Collected this deal")
            assert set(box.caption) <= set(words)
        if stage == "ledger" and not scene.tweens.busy:
            drawn = recorder.take(lambda: redraw_top(app))
            found += problems(drawn, f"{lang} ledger")
            words += [d.text for d in drawn]
            break
    ledger = scene.handler
    assert isinstance(ledger, LedgerHandler)
    assert ledger.group.widgets[0].label() in words and ledger.countdown is not None
    subtitle = " ".join(w for w in words if " " in w and w in ledger.subtitle())
    assert subtitle.split() == ledger.subtitle().split()  # the whole line, on one line or two
    assert not found, "\n".join(found)


# ---------------------------------------------------------------- the deal's end


@pytest.mark.parametrize(("rules", "rotating"), RULE_SETS)
def test_the_ledger_says_what_the_farmers_seat_earned(rules: str, rotating: bool) -> None:
    """Over 16 pays the farmer everywhere; under the French rules the nearest (15) also takes the
    corbeille from the farmer, which the same line says."""
    app = App(Settings(animation_speed="instant"), (1280, 720))
    scene = farmer_table(app, rules, rotating)
    ledger = to_the_ledger(app, scene)
    said = ledger.subtitle()
    if rules == "ferme":
        assert said == "As farmer you collected 4 chips this deal. You lost the farm of 4 chips to Carla."
    else:
        assert said == "As farmer you collected 4 chips this deal."


def test_the_ledger_says_the_farm_the_farmer_lost_to_a_sixteen() -> None:
    """Foster: Carla draws the 6♥ to her 10 and takes the farm (the four antes)."""
    app = App(Settings(animation_speed="instant"), (1280, 720))
    scene = farmer_table(app, drawn="9S 6H 7D")
    said = to_the_ledger(app, scene).subtitle()
    assert said == "As farmer you collected 4 chips this deal. You lost the farm of 4 chips to Carla."


def test_the_ledger_says_nothing_of_a_farm_played_by_the_computer() -> None:
    app = App(Settings(animation_speed="instant"), (1280, 720))
    scene = farmer_table(app)
    ledger = to_the_ledger(app, scene)
    scene.table.farmer = 2
    assert ledger.subtitle() == ""


@pytest.mark.parametrize(
    ("language", "rules", "expected"),
    [
        ("en", "foster", "As farmer you collected 9 chips this deal. You lost the farm of 14 chips to Ben."),
        ("fr", "foster", "Vous teniez la ferme et avez encaissé 9 jetons à cette donne. "
         "Ben vous a pris la ferme de 14 jetons."),
        ("fr", "ferme", "Vous teniez la ferme et avez encaissé 9 jetons à cette donne. "
         "Ben vous a pris la corbeille de 14 jetons."),
        ("de", "ferme", "Als Pächter hast du in diesem Durchgang 9 Chips kassiert. "
         "Ben hat dir den Hof mit 14 Chips abgenommen."),
    ],
)
def test_the_farmers_takings_in_words(language: str, rules: str, expected: str) -> None:
    eyes = Eyes(NAMES, rules_named(rules), seat=0)
    assert farmer_takings(0, 9, (1, 14), eyes, language) == expected


def test_the_farmers_takings_in_words_one_chip_nothing_and_a_shared_screen() -> None:
    eyes = Eyes(NAMES, rules_named("foster"), seat=0)
    assert farmer_takings(0, 1, None, eyes, "en") == "As farmer you collected 1 chip this deal."
    nothing = "Vous teniez la ferme et n'avez rien encaissé à cette donne."
    assert farmer_takings(0, 0, None, eyes, "fr") == nothing
    shared = Eyes(NAMES, rules_named("foster"), seat=None)
    assert farmer_takings(2, 3, (1, 5), shared, "de") == (
        "Als Pächter hat Carla in diesem Durchgang 3 Chips kassiert. "
        "Ben hat Carla den Hof mit 5 Chips abgenommen."
    )


# ---------------------------------------------------------------- the ledger goes on by itself


def test_the_ledger_counts_down_on_its_button_and_goes_on_by_itself() -> None:
    app = App(Settings(animation_speed="fast"), (1280, 720))
    scene = farmer_table(app)
    ledger = to_the_ledger(app, scene)
    button = ledger.group.widgets[0]
    assert button.label() == f"Next deal ({round(GO_ON_PAUSE)})"
    step(app, scene, GO_ON_PAUSE - 2.5)
    assert scene.stage.value == "ledger" and button.label() == "Next deal (3)"
    app.draw()  # the count is drawn on the button
    step(app, scene, 2.6)
    assert scene.stage.value != "ledger" and scene.source.ledger.deal == 2


@pytest.mark.parametrize("how", ["key", "click", "touch", "wheel", "escape"])
def test_a_key_click_or_touch_stops_the_countdown_and_the_ledger_waits(how: str) -> None:
    app = App(Settings(animation_speed="fast"), (1280, 720))
    scene = farmer_table(app)
    ledger = to_the_ledger(app, scene)
    step(app, scene, 1.0)
    size = app.size
    touched = {
        "key": [key(pygame.K_z)],  # any key but those of the ledger's own buttons
        "click": [click((size[0] // 2, 30))],  # on the header: nothing there to press
        "touch": tap((size[0] // 2, 30), size),
        "wheel": [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)],
        "escape": [key(pygame.K_ESCAPE)],  # the pause menu; the ledger waits under it and after it
    }[how]
    app.step(DT, touched)
    if how == "escape":
        app.step(DT, [key(pygame.K_ESCAPE)])  # back to the table
    step(app, scene, GO_ON_PAUSE * 2)
    assert scene.stage.value == "ledger" and ledger.countdown is None
    assert ledger.group.widgets[0].label() == "Next deal"
    app.step(DT, [key(pygame.K_RETURN, "\r")])  # and goes on when told to
    assert scene.stage.value != "ledger"


def test_with_the_setting_off_the_ledger_waits_as_it_did() -> None:
    app = App(Settings(animation_speed="fast", ledger_goes_on=False), (1280, 720))
    scene = farmer_table(app)
    ledger = to_the_ledger(app, scene)
    step(app, scene, GO_ON_PAUSE * 2)
    assert scene.stage.value == "ledger" and ledger.countdown is None
    assert ledger.group.widgets[0].label() == "Next deal"


def test_the_last_deal_waits_for_the_person() -> None:
    """The final standings come next: the person says when."""
    app = App(Settings(animation_speed="fast"), (1280, 720))
    scene = farmer_table(app, deals=1)
    ledger = to_the_ledger(app, scene)
    step(app, scene, GO_ON_PAUSE * 2)
    assert scene.stage.value == "ledger" and ledger.countdown is None
    assert ledger.group.widgets[0].label() == "Final standings"


def test_a_deal_that_leaves_a_person_without_chips_waits_for_them() -> None:
    """They are out of the game: they read why before anything goes on."""
    app = App(Settings(animation_speed="fast"), (1280, 720))
    scene = farmer_table(app)
    ledger = to_the_ledger(app, scene)
    assert ledger.goes_on_by_itself()
    scene.source.ledger.chips[0] = 0  # as if the deal had taken the person's last chip
    assert not ledger.goes_on_by_itself()


def test_a_watched_game_keeps_its_own_pause() -> None:
    """A demo's ledger has no button and goes on after its own pause, countdown or not."""
    app = App(Settings(animation_speed="normal"), (1280, 720))
    scene = TableScene(app, Screens(app), demo_table(Setup.for_players(4, deals=2, seed=3)))
    app.stack.reset(scene)
    for _ in range(20_000):
        app.step(DT, [])
        if scene.stage.value == "ledger":
            break
    ledger = scene.handler
    assert isinstance(ledger, LedgerHandler)
    assert ledger.countdown is None and ledger.auto is not None
    assert not any(b.visible for b in ledger.group.widgets)


def test_a_network_tables_ledger_waits_for_each_guest(windows: Windows) -> None:
    """At a network table the host starts the next deal once every guest has gone on (or its own
    pause runs out): no screen there goes on by itself."""
    apps = seat_two("foster", deals=2)
    windows.add(*apps)
    seen: set[int] = set()

    def each_ledger_waits() -> bool:
        for app in apps:
            if top_name(app) == "ledger" and id(app) not in seen:
                seen.add(id(app))
                ledger = table_of(app).handler
                assert isinstance(ledger, LedgerHandler)
                assert not ledger.goes_on_by_itself() and ledger.countdown is None
                # The button may count the host's pause down ("Next deal (0:15)"), never go itself.
                assert re.fullmatch(r"Next deal( \(\d+:\d\d\))?", ledger.group.widgets[0].label())
        return len(seen) == len(apps)

    run(list(apps), each_ledger_waits, seconds=20)


def test_the_kiosks_visitor_ledger_waits_for_the_kiosks_own_clocks() -> None:
    app = KioskApp(KioskConfig(), locked=False, fullscreen=False, size=(1024, 600), seed=3)
    try:
        assert not app.settings.ledger_goes_on
    finally:
        pygame.mouse.set_visible(True)


# ---------------------------------------------------------------- the setting


def test_the_setting_is_on_by_default_stored_and_offered_on_the_settings_screen(tmp_path: Path) -> None:
    assert Settings().ledger_goes_on
    store = SettingsStore(tmp_path / "settings.json")
    assert store.save(Settings(ledger_goes_on=False))
    assert not store.load().ledger_goes_on
    app = App(Settings(animation_speed="instant", language="fr"), (1024, 600))
    app.settings_store = SettingsStore(tmp_path / "other.json")
    app.stack.push(MenuScene(app, Screens(app)))
    app.push(SettingsScene(app))
    app.step(DT, [])
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    row = next(w for w in settings.right if w.label() == "Après chaque donne")
    assert row.value_text() == "Enchaîner"
    settings.group.set_focus(row)
    app.step(DT, [key(pygame.K_RIGHT)])
    assert not app.settings.ledger_goes_on and row.value_text() == "M'attendre"
    assert not SettingsStore(tmp_path / "other.json").load().ledger_goes_on
    app.draw()
