"""Words that fit, with large text and ten players, in every language: nothing the table writes
covers a name, the headline or leaves the window, and the kiosk's call covers no seat.

The strings are recorded as tests/test_i18n_layout.py records them (its recorder and checks).
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from helpers import DT
from helpers.layout import Recorder, new_app, problems, redraw_top

from scenes import i18n
from scenes.i18n import LANGUAGES
from scenes.kiosk.app import KioskApp
from scenes.kiosk.config import KioskConfig
from scenes.kiosk.overlays import TABLE_BAND
from scenes.navigator import start_game
from scenes.table.scene import TableScene
from scenes.table.setup import Setup
from tools.driver import keys_for, table_of

STRIDE = 1 / 15
"""The step of a whole game's walk: each stage is checked once it has settled, whatever the frames between."""



@pytest.mark.parametrize("lang", LANGUAGES)
def test_ten_players_with_large_text_keep_every_word_in_its_box(
    lang: str, recorder: Recorder, tmp_path: Path
) -> None:
    app = new_app(lang, (1024, 600), tmp_path)
    app.update_settings(large_text=True, animation_speed="fast")
    start_game(app, Setup.for_players(10, seed=21, deals=2, human_name="Maximilian"))
    app.step(DT, [])
    seen: set[str] = set()
    found: list[str] = []
    for _ in range(40000):
        scene = table_of(app)
        stage = scene.name
        settled = not scene.tweens.busy  # under a panel, the table is drawn afresh only while chips fly
        wanted = stage not in seen and (stage != "auction" or scene.handler.prompt is not None)
        wanted = wanted and (settled or stage not in ("ledger", "gameover"))
        if wanted or (stage == "showdown" and scene.table.labels and "labels" not in seen):
            if stage == "showdown" and scene.table.labels:
                seen.add("labels")
            seen.add(stage)
            drawn = recorder.take(lambda: redraw_top(app))
            found += problems(drawn, f"{lang} {stage}")
        if stage == "gameover" and "gameover" in seen:
            break
        app.step(STRIDE, keys_for(app))
    assert {"auction", "deal", "showdown", "labels", "ledger", "gameover"} <= seen
    assert not found, "\n".join(found)
    i18n.set_language("en")


def test_notes_on_the_table_never_cover_a_name_the_headline_or_leave_the_window(tmp_path: Path) -> None:
    app = new_app("de", (1024, 600), tmp_path)
    app.update_settings(animation_speed="normal")
    start_game(app, Setup.for_players(10, seed=5, deals=3))
    app.step(DT, [])
    checked = 0
    for _ in range(60000):
        scene = table_of(app)
        if scene.table.labels:
            app.draw()
            lay = scene.table.layout
            window = pygame.Rect((0, 0), lay.size)
            plates = [lay.seat(s).plate for s in range(lay.n)]
            for box in scene.table._placed:
                assert window.contains(box)
                clear_of_banner = scene.table.banner is None or not box.colliderect(lay.banner)
                if box.collidelist(plates) < 0 and clear_of_banner:
                    checked += 1
                else:
                    # Only a table with no clear spot left may fall back, and then inside the window.
                    assert len(scene.table._placed) > 6, (box, scene.name)
        if scene.name == "gameover" or checked > 60:
            break
        app.step(DT, keys_for(app))
    assert checked > 20
    i18n.set_language("en")


def test_the_kiosks_call_over_a_table_covers_no_seat() -> None:
    app = KioskApp(KioskConfig(players=10), locked=False, fullscreen=False, size=(1024, 600), seed=4)
    for _ in range(2000):
        app.step(0.1, [])
        if isinstance(app.stack.top, TableScene):
            break
    scene = table_of(app)
    band = pygame.Rect(0, 0, app.size[0], round(TABLE_BAND * app.u))
    for seat in range(scene.source.facts.n):
        assert not band.colliderect(scene.table.layout.seat(seat).plate), seat


TWELVE = ["Zoë Lefebvre", "Anne-Sophie", "Bartholomew", "Gwendolyn M.", "Maximilian S",
          "Éléonore Roy", "Friedrich W.", "Konstantin H", "Marie Dupont", "Jürgen Weiß"]
"""Names of up to twelve characters, as people type them."""


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080), (3840, 2160)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_name_of_twelve_characters_reads_whole_on_its_plate(
    size: tuple[int, int], recorder: Recorder, tmp_path: Path
) -> None:
    # Ten seats, the tightest table. The farmer's plate lends its marker some room: there a name of
    # twelve characters may be shortened, never below eight of its letters.
    app = new_app("en", size, tmp_path)
    start_game(app, Setup(TWELVE, ["normal"] * 10, "foster", False, 1, 5, 0))
    app.step(DT, [])
    scene = table_of(app)
    for farmer in (None, 0, 3, 7):
        scene.table.farmer = farmer
        drawn = {d.text for d in recorder.take(lambda: redraw_top(app))}
        cut = [name for seat, name in enumerate(TWELVE) if seat != farmer and name not in drawn]
        assert not cut, f"farmer {farmer}: names not shown whole: {cut}"
        if farmer is not None:
            name = TWELVE[farmer]
            shown = [t for t in drawn if t == name or (t.endswith("…") and name.startswith(t[:-1]))]
            assert shown and len(shown[0].rstrip("…")) >= 8, (name, shown)
