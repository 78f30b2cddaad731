"""Settings at the screen level: changes apply at once and are saved; a bad settings, save or statistics
file never stops the game: it starts, shows one line, keeps the bad copy, and hides Continue."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest
from helpers import DT

from game.rules.cards import Card
from scenes import i18n
from scenes.app.loop import App
from scenes.cli import main
from scenes.screens.menu import MenuScene
from scenes.screens.settings import SettingsScene
from scenes.store.settings import Settings, SettingsStore
from scenes.ui.art import BLUE, GREEN, RED
from scenes.ui.layout import compute
from tools.driver import key


def count_near(surface: pygame.Surface, colour: tuple[int, int, int], tolerance: int = 40) -> int:
    """How many pixels of ``surface`` are close to ``colour``."""
    w, h = surface.get_size()
    n = 0
    for y in range(h):
        for x in range(w):
            r, g, b, *_ = surface.get_at((x, y))
            if abs(r - colour[0]) + abs(g - colour[1]) + abs(b - colour[2]) < tolerance:
                n += 1
    return n


def test_four_colours_turn_diamonds_blue_and_clubs_green_at_once(app: App) -> None:
    diamond, club = Card.parse("9D"), Card.parse("9C")
    assert count_near(app.art.card(diamond, (70, 98)), RED) > 50
    app.update_settings(four_colour=True)
    assert count_near(app.art.card(diamond, (70, 98)), BLUE) > 50
    assert count_near(app.art.card(diamond, (70, 98)), RED) == 0
    assert count_near(app.art.card(club, (70, 98)), GREEN) > 50


def test_switching_language_changes_the_words_drawn_at_once(app: App) -> None:
    app.stack.push(SettingsScene(app))
    app.step(DT, [])
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    assert scene.title() == "Settings"
    app.update_settings(language="fr")
    app.step(DT, [])
    assert i18n.language() == "fr"
    assert scene.title() == i18n._("Settings") != "Settings"
    assert scene.back_button.label() != "Back"
    app.update_settings(language="de")
    assert i18n.language() == "de"


def test_the_settings_screen_changes_a_setting_by_keyboard_and_saves_it(app: App, tmp_path: Path) -> None:
    app.settings_store = SettingsStore(tmp_path / "settings.json")
    app.stack.push(SettingsScene(app))
    app.step(DT, [])
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    # Down to "Text size" (the fifth setting), then Right: large text, applied and saved at once.
    app.step(DT, [key(pygame.K_DOWN)] * 4 + [key(pygame.K_RIGHT)])
    assert app.settings.large_text
    assert app.text.scale > 1
    assert SettingsStore(tmp_path / "settings.json").load().large_text
    # Escape goes back to the menu.
    app.step(DT, [key(pygame.K_ESCAPE)])
    app.step(DT, [])
    assert app.stack.top is not None and app.stack.top.name == "menu"


def test_large_text_grows_the_plates_and_the_table_still_fits() -> None:
    normal = compute((1280, 720), 10, 0)
    large = compute((1280, 720), 10, 0, text_scale=1.25)
    assert large.seat(1).plate.h > normal.seat(1).plate.h
    assert large.k < normal.k  # ten seats at 1280 × 720 shrink to make room for the larger words
    screen = pygame.Rect(0, 0, 1024, 600)
    tight = compute((1024, 600), 10, 0, text_scale=1.25)
    rects = [r for _, r in tight.named_rects()]
    assert all(screen.contains(r) for r in rects)


def test_a_read_only_settings_folder_shows_a_notice_and_the_game_goes_on(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("scenes.store.files.tempfile.mkstemp", refuse)
    app.settings_store = SettingsStore(tmp_path / "settings.json")
    app.update_settings(odds_hint=True)
    assert app.settings.odds_hint
    assert len(app.notices) == 1 and "could not be saved" in app.notices[0][0]()


# ---------------------------------------------------------------------- bad files, through `farmer`

BAD: dict[str, bytes | None] = {
    "empty": b"",
    "truncated": b'{"version": 1, "settings": {"players": 6, "lang',
    "binary": bytes(range(256)) * 4,
    "wrong types": json.dumps({"version": 1, "settings": {"players": "six", "mute": 1}}).encode(),
    "huge numbers": json.dumps({"version": 1, "settings": {"players": 10**40}}).encode(),
    "unknown keys": json.dumps({"version": 1, "settings": {"colour_of_the_moon": "blue"}}).encode(),
    "a folder": None,
}


def run_farmer(home: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> dict[str, Any]:
    """Run ``farmer`` in this process for a few frames; what the screen showed."""
    seen: dict[str, Any] = {}

    def run(self: App, exit_after: float | None = None) -> None:
        for _ in range(3):
            self.step(DT, [])
        top = self.stack.top
        seen["top"] = top.name if top is not None else ""
        seen["notices"] = [message() for message, _until in self.notices]
        seen["continue"] = isinstance(top, MenuScene) and top.continue_button.visible

    monkeypatch.setenv("FARMER_HOME", str(home))
    monkeypatch.setattr(App, "run", run)
    seen["status"] = main(list(args))
    return seen


def place(path: Path, content: bytes | None) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if content is None:
        path.mkdir()
    else:
        path.write_bytes(content)


def kept_copies(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".bad-*"))


@pytest.mark.parametrize("kind", sorted(BAD))
def test_a_bad_settings_file_starts_the_game_with_one_line_on_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    path = tmp_path / "config" / "settings.json"
    place(path, BAD[kind])
    seen = run_farmer(tmp_path, monkeypatch, "--lang", "en")
    assert seen["status"] == 0 and seen["top"] == "menu"
    assert len(seen["notices"]) == 1 and "settings" in seen["notices"][0].lower()
    assert len(kept_copies(path)) == 1


@pytest.mark.parametrize("kind", sorted(BAD))
def test_a_bad_save_shows_one_line_keeps_the_copy_and_hides_continue(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    path = tmp_path / "data" / "save.json"
    content = BAD[kind]
    if kind == "wrong types":
        content = json.dumps({"version": 1, "rules": "foster", "seats": "everyone"}).encode()
    elif kind == "huge numbers":
        content = json.dumps(
            {
                "version": 1,
                "rules": "foster",
                "seats": ["a", "b", "c"],
                "players": ["human", "normal:steady", "normal:bold"],
                "chips": [10**40, 1, 1],
            }
        ).encode()
    place(path, content)
    seen = run_farmer(tmp_path, monkeypatch, "--lang", "en")
    assert seen["status"] == 0 and seen["top"] == "menu"
    assert not seen["continue"]
    assert len(seen["notices"]) == 1 and "saved game" in seen["notices"][0]
    assert len(kept_copies(path)) == 1
    # The bad file is set aside: the next start is quiet.
    again = run_farmer(tmp_path, monkeypatch, "--lang", "en")
    assert again["notices"] == [] and not again["continue"]


def test_a_bad_statistics_file_shows_one_line_and_counting_starts_afresh(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "data" / "stats.json"
    place(path, b'{"version": 1, "rules": {"foster": {"games_played": -3}}}')
    seen = run_farmer(tmp_path, monkeypatch, "--lang", "en")
    assert seen["status"] == 0
    assert len(seen["notices"]) == 1 and "statistics" in seen["notices"][0]
    assert len(kept_copies(path)) == 1


def test_a_good_save_offers_continue_and_lang_flag_wins_over_the_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from helpers.games import play_deal, setup

    from scenes.store.keeper import Keeper
    from scenes.store.saves import SaveStore
    from scenes.table.local import LocalTable

    session = LocalTable.start(setup())
    play_deal(session)
    Keeper(SaveStore(tmp_path / "data" / "save.json")).leave(session.kept)
    SettingsStore(tmp_path / "config" / "settings.json").save(Settings(language="de"))
    seen = run_farmer(tmp_path, monkeypatch, "--lang", "fr")
    assert seen["continue"] and seen["notices"] == []
    assert i18n.language() == "fr"
    i18n.set_language("en")
