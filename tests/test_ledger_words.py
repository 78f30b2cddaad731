"""The ledger's words: the farmer's ⌂ beside a long name cut short, and the keys' hint."""

from __future__ import annotations

import pytest
from helpers import DT, record_text

from scenes import i18n
from scenes.app.loop import App
from scenes.navigator import start_game
from scenes.store.settings import Settings
from scenes.table.ledger import FARMER_SIGN, LedgerHandler
from scenes.table.setup import Setup
from tools.driver import keys_for, table_of

LONG = ["Bartholomew-Maximilian", "Wilhelmina-Josephine", "Konstantinopolitaner", "Maximiliane-Theresa"]
WAIT = {"en": "Any other key: wait", "fr": "Autre touche\u00a0: attendre", "de": "Andere Taste: warten"}


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_a_long_farmer_name_is_cut_short_but_keeps_the_farm_sign_and_the_hint_says_other_key(
    lang: str,
) -> None:
    """"Bartholomew-Ma…" lost its ⌂: the name is cut, the sign stays. The countdown's hint says that
    a key other than Enter waits ("Une touche : attendre" read as if Enter waited too)."""
    i18n.set_language(lang)
    try:
        app = App(Settings(animation_speed="instant", language=lang), (1024, 600))
        start_game(app, Setup(list(LONG), ["normal"] * 4, "foster", False, 2, 5, 0))
        app.step(DT, [])
        scene = table_of(app)
        drawn = record_text(app.text)
        ledgers = hinted = 0
        for _step in range(40000):
            ledger = scene.stage.value == "ledger" and app.stack.top is scene
            if ledger and scene.table.farmer is not None:
                handler = scene.handler
                assert isinstance(handler, LedgerHandler)
                drawn.clear()
                app.draw()
                farmer = LONG[scene.table.farmer]
                rows = [b.words for b in drawn if b.words.startswith(farmer[:8])]
                assert rows and all(w.endswith(FARMER_SIGN) for w in rows), rows
                assert any("…" in w for w in rows), rows  # the name was indeed cut
                if handler.countdown is not None:
                    hints = handler.keys()
                    assert WAIT[lang] in hints, hints
                    hinted += 1
                ledgers += 1
                if ledgers >= 2:
                    break
                app.step(DT, [])
            app.step(DT, [] if ledger and not hinted else keys_for(app))
        assert ledgers >= 2 and hinted
    finally:
        i18n.set_language("en")
