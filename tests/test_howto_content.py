"""How to play: tips true to each rule set, and the legend of the table's marks with its pictures."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from helpers import DT, recording

from scenes.app.loop import App
from scenes.i18n import _, ngettext, set_language
from scenes.screens.howto import HowToScene
from scenes.screens.howto_content import MARK_KINDS, HowtoSection, howto_sections
from scenes.store.settings import Settings
from scenes.ui.art import GOLD

RULES = [("foster", False), ("foster", True), ("lacombe", False), ("lacombe", True), ("ferme", False)]


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language("en")


def _plain(text: str) -> str:
    """``text`` with its no-break spaces (French typography) as plain spaces."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def _section(sections: list[HowtoSection], title: str) -> HowtoSection:
    found = [s for s in sections if s.title == title]
    assert len(found) == 1, title
    return found[0]


@pytest.mark.parametrize(("rules", "rotating"), RULES)
def test_no_tip_says_standing_low_is_free_where_the_nearest_collects(rules: str, rotating: bool) -> None:
    tips = " ".join(_section(howto_sections(rules, rotating), "Tips").paragraphs)
    if rules == "ferme":
        # Under the French rules the nearest takes the corbeille; nobody pays the nearest a chip.
        assert "nearest hand takes the farm" in tips
        assert "pays the nearest" not in tips
    else:
        # Under foster and lacombe a low hand that is not the nearest pays the nearest a chip.
        assert "risks nothing" not in tips
        assert "pays the nearest a chip" in tips


@pytest.mark.parametrize(("rules", "rotating"), RULES)
def test_every_rule_set_has_a_legend_with_a_picture_per_paragraph(rules: str, rotating: bool) -> None:
    sections = howto_sections(rules, rotating)
    legend = _section(sections, "Signs on the table")
    assert len(legend.marks) == len(legend.paragraphs)
    kinds = [m.kind for m in legend.marks if m is not None]
    assert set(kinds) <= set(MARK_KINDS)
    for kind in ("farmer", "chips", "turn", "total", "label", "farm", "winner"):
        assert kind in kinds, kind
    labels = [m.text for m in legend.marks if m is not None and m.kind == "label"]
    # The payments' words are the table's own.
    assert (
        ngettext("{n} chip to the farmer: over 16", "{n} chips to the farmer: over 16", 3).format(n=3)
        in labels
    )
    nearest = _("nearest: a chip from every other player")
    assert (nearest in labels) == (rules != "ferme")
    # Other sections have no pictures.
    assert all(not s.marks for s in sections if s is not legend)


def test_the_legend_names_the_pot_by_rule_set_in_french_and_german() -> None:
    set_language("fr")
    ferme = _section(howto_sections("ferme"), "Les repères de la table")
    foster = _section(howto_sections("foster"), "Les repères de la table")
    assert any("corbeille" in p for p in ferme.paragraphs)
    assert not any("corbeille" in p for p in foster.paragraphs)
    assert any(m is not None and _plain(m.text) == "12 jetons : la corbeille" for m in ferme.marks)
    assert any(m is not None and _plain(m.text) == "3 jetons au fermier : plus de 16" for m in foster.marks)
    set_language("de")
    german = _section(howto_sections("lacombe"), "Zeichen am Tisch")
    assert any("Hof" in p for p in german.paragraphs)
    assert any(m is not None and m.text == "am nächsten: ein Chip von jedem anderen" for m in german.marks)


@pytest.mark.parametrize("lang", ["fr", "de"])
@pytest.mark.parametrize(("rules", "rotating"), RULES)
def test_the_legend_and_tips_are_translated(lang: str, rules: str, rotating: bool) -> None:
    english = [
        (s.title, *s.paragraphs)
        for s in howto_sections(rules, rotating)
        if s.title in ("Tips", "Signs on the table")
    ]
    set_language(lang)
    translated = [
        (s.title, *s.paragraphs)
        for s in howto_sections(rules, rotating)
        if s.marks or s.title in (_("Tips"),)
    ]
    assert len(english) == len(translated) == 2
    for en, tr in zip(english, translated, strict=True):
        assert len(en) == len(tr)
        assert all(a != b for a, b in zip(en, tr, strict=True))


def _scroll_to_legend(scene: HowToScene, app: App) -> None:
    """Scroll until the legend's title is on screen (it is drawn in gold bold)."""
    title = _("Signs on the table")
    with recording(app.text) as seen:
        for _step in range(60):
            seen.clear()
            app.draw()
            ys = [b.pos[1] for b in seen if b.words == title]
            low, high = scene.panel.y + scene.panel.h * 0.15, scene.panel.y + scene.panel.h * 0.3
            if ys and low < ys[0] < high:
                return
            # Straight to the title once it is drawn, else a page further down.
            step = ys[0] - (low + high) / 2 if ys else scene.panel.h * 0.5
            scene.scroll = max(0.0, min(scene.scroll + step, scene._max_scroll))
    raise AssertionError("the legend never came into view")


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080), (3840, 2160)])
def test_the_legend_draws_its_pictures(lang: str, size: tuple[int, int]) -> None:
    app = App(Settings(animation_speed="instant", language=lang), size)
    scene = HowToScene(app, "foster")
    app.push(scene)
    app.step(DT, [])
    _scroll_to_legend(scene, app)
    app.draw()
    body = scene.panel.inflate(-round(60 * app.u), -round(200 * app.u))
    # The farmer's gold disc is on screen, left of the words.
    gold = 0
    left = pygame.Rect(body.x, body.y, round(90 * app.u), body.h)
    for x in range(left.x, left.right, 2):
        for y in range(left.y, left.bottom, 2):
            if app.screen.get_at((x, y))[:3] == GOLD:
                gold += 1
    assert gold > 20
    pygame.event.clear()


def test_how_to_play_keeps_the_rotating_farm_it_was_asked_for() -> None:
    app = App(Settings(animation_speed="instant"), (1280, 720))
    assert HowToScene(app, "lacombe", True).rotating
    assert not HowToScene(app, "ferme", True).rotating
    assert not HowToScene(app, "foster").rotating
