"""The table's words match what the table shows: the keys' hints say the buttons' own words."""

from __future__ import annotations

import pytest

from scenes import i18n
from scenes.app.loop import App
from scenes.screens.navigator import start_game
from scenes.store.settings import Settings
from scenes.table.setup import Setup
from tests.truth import table_of
from tools.driver import keys_for

DT = 1 / 60


@pytest.mark.parametrize(("rules", "lang", "word"), [("lacombe", "en", "Basta"), ("foster", "en", "Stand"),
                                                     ("ferme", "fr", "Je m'y tiens")])
def test_the_keys_hints_say_the_rule_set_s_own_stand_word(rules: str, lang: str, word: str) -> None:
    i18n.set_language(lang)
    try:
        app = App(Settings(animation_speed="instant", language=lang), (1280, 720))
        start_game(app, Setup(["A", "B", "You", "D"], ["normal"] * 4, rules, False, 3, 4, 2))
        app.step(DT, [])
        scene = table_of(app)
        for _ in range(20000):
            if scene.stage.value == "deal" and scene.handler.prompt is not None and app.stack.top is scene:
                break
            app.step(DT, keys_for(app))
        hints = scene.hints()
        assert f"S: {word}" in hints.replace("\u202f", " ").replace(" :", ":"), hints
        button = scene.handler.stand_button  # type: ignore[attr-defined]
        assert button.label() == word
    finally:
        i18n.set_language("en")
