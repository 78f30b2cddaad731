"""The person's name: remembered only when it is their own, the default shown in the language of
the moment, and a name field that takes 32 characters and says so when full."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from helpers import DT, drawn_words

from game.limits import MAX_NAME
from scenes.app.loop import App
from scenes.i18n import set_language
from scenes.navigator import Screens
from scenes.screens.newgame import NewGameScene
from scenes.store.settings import Settings, SettingsStore


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language("en")


def _drawn(app: App) -> list[tuple[str, pygame.Rect]]:
    """The words drawn on the next frame, with where."""
    return [(text, rect) for text, rect, _clip in drawn_words(app)]


def _form(app: App) -> NewGameScene:
    scene = NewGameScene(app, Screens(app), None)
    app.push(scene)
    app.step(DT, [])
    return scene


def _type(app: App, scene: NewGameScene, text: str) -> None:
    scene.group.set_focus(scene.you)
    for letter in text:
        scene.handle(pygame.event.Event(pygame.TEXTINPUT, text=letter))


@pytest.mark.parametrize("stand_in", ["You", "Vous", "Du", "you"])
def test_a_settings_file_holding_the_old_default_name_reads_as_no_name(tmp_path: Path, stand_in: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"version": 1, "settings": {"player_name": stand_in, "players": 5}}))
    settings = SettingsStore(path).load()
    assert settings.player_name == ""
    assert settings.players == 5  # the rest of the file is read as it was


def test_the_default_name_is_never_saved_and_shows_in_the_language_of_the_moment(tmp_path: Path) -> None:
    app = App(Settings(animation_speed="instant", language="en"), (1280, 720))
    app.settings_store = SettingsStore(tmp_path / "settings.json")
    form = _form(app)
    assert form.setup().names[0] == "You"  # an English game calls the person "You" …
    form.start_game()
    saved = json.loads((tmp_path / "settings.json").read_text())["settings"]
    assert saved["player_name"] == "" == app.settings.player_name  # … and remembers no name
    app.update_settings(language="fr")
    form = _form(app)
    assert form.setup().names[0] == "Vous"
    words = [text for text, _rect in _drawn(app)]
    assert "Vous" in words and "You" not in words
    app.update_settings(player_name="Du")  # a default word is no name, in whichever language
    assert app.settings.player_name == ""


def test_a_name_of_ones_own_is_remembered(tmp_path: Path) -> None:
    app = App(Settings(animation_speed="instant", language="de"), (1280, 720))
    app.settings_store = SettingsStore(tmp_path / "settings.json")
    form = _form(app)
    _type(app, form, "Ottilie")
    form.start_game()
    assert app.settings.player_name == "Ottilie"
    assert _form(app).names[0] == "Ottilie"


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_the_name_field_takes_32_characters_and_says_so_when_full(lang: str) -> None:
    app = App(Settings(animation_speed="instant", language=lang), (1024, 600))
    form = _form(app)
    name = "Maximilian-Alexander von Hohenberg"  # 34 characters
    _type(app, form, name)
    assert form.names[0] == name[:MAX_NAME] and MAX_NAME == 32
    drawn = _drawn(app)
    note = {"en": "32 characters at most", "fr": "32 caractères au plus", "de": "höchstens 32 Zeichen"}[lang]
    assert note in [text for text, _rect in drawn]
    # The field shows the end of the name, where the typing goes on, inside its box.
    field = form.you.rect
    shown = [(text, rect) for text, rect in drawn if text.endswith(name[MAX_NAME - 6 : MAX_NAME] + "▏")]
    assert shown and all(field.contains(rect) for _text, rect in shown)
    # Rubbing out a letter takes the note away; the label is back.
    form.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode=""))
    words = [text for text, _rect in _drawn(app)]
    assert note not in words
