"""How to play tells each rule set's truth: no word of bidding where no farm is sold, every example
hand explained by the sentence drawn just above it, and nothing of another screen or of a picture
cut by the page's top edge."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

import pygame
import pytest
from helpers import DT

from game.rules.cards import Card
from scenes.app.loop import App
from scenes.i18n import set_language
from scenes.navigator import Screens
from scenes.screens.howto import HowToScene, PieceKind
from scenes.screens.howto_content import HowtoSection, howto_sections
from scenes.screens.menu import MenuScene
from scenes.store.settings import Settings

RULES = [("foster", False), ("foster", True), ("lacombe", False), ("lacombe", True), ("ferme", False)]

RANK_WORDS = {"A": ("ace",), "J": ("jack",), "Q": ("queen",), "K": ("king",)}
"""How an English sentence may name a card besides its count: a face card by its name."""


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language("en")


def _words(sections: list[HowtoSection]) -> list[str]:
    return [text for s in sections for text in (s.title, *s.paragraphs, getattr(s, "caption", "")) if text]


@pytest.mark.parametrize(("rules", "rotating"), RULES)
def test_bidding_is_spoken_of_only_where_a_farm_is_auctioned(rules: str, rotating: bool) -> None:
    """Foster sells every farm, lacombe only the first, ferme and the rotating farm none."""
    words = _words(howto_sections(rules, rotating))
    bidding = [w for w in words if "bid" in w.lower()]
    if rules == "ferme" or rotating:
        assert bidding == [], bidding
    else:
        assert any("turn to bid" in w for w in bidding)  # the glow of a player to bid
    if rules == "lacombe" and not rotating:
        # After the first farm the winner becomes farmer: only the first is worth bidding for.
        worth = [w for w in words if "worth bidding for" in w]
        assert worth and all("first farm" in w for w in worth), worth


@pytest.mark.parametrize(("rules", "rotating"), RULES)
def test_every_example_hand_is_explained_by_its_sentence(rules: str, rotating: bool) -> None:
    """Each example hand has a sentence naming its cards (by count or name), laid out just above it."""
    for section in howto_sections(rules, rotating):
        if not section.example:
            continue
        caption = section.caption.lower()
        assert caption, section.title
        for code in section.example:
            card = Card.parse(code)
            count = rf"(?<![\d]){card.points}(?![\d])"  # "1" in "16" is no ace
            named = any(word in caption for word in RANK_WORDS.get(card.rank, ()))
            assert named or re.search(count, caption), (section.title, code, caption)

    app = App(Settings(animation_speed="instant", language="en"), (1280, 720))
    scene = HowToScene(app, rules, rotating)
    pieces = scene.layout(pygame.Rect(0, 0, 800, 400))
    captions = iter(s.caption for s in howto_sections(rules, rotating) if s.example)
    for before, piece in itertools.pairwise(pieces):
        if piece.kind is PieceKind.HAND:
            assert before.kind is PieceKind.LINE
            assert next(captions).endswith(before.text)  # the caption's last line, just above


def test_a_picture_cut_by_the_pages_top_edge_is_not_drawn() -> None:
    """Scrolled so that a legend picture starts above the body, it is not drawn at all."""
    app = App(Settings(animation_speed="instant", language="en"), (3840, 2160))
    scene = HowToScene(app, "foster")
    app.push(scene)
    app.step(DT, [])
    body_top = scene.panel.y + round(92 * app.u)
    picture = next(
        p
        for p in scene.layout(pygame.Rect(0, 0, scene.panel.w - round(60 * app.u), 1))
        if p.kind is PieceKind.PICTURE
    )
    drawn: list[float] = []
    real = scene._picture

    def spy(surface: pygame.Surface, box: pygame.Rect, mark: object) -> None:
        drawn.append(box.y)
        real(surface, box, mark)  # type: ignore[arg-type]

    scene._picture = spy  # type: ignore[method-assign]
    scene.scroll = picture.y + picture.h / 2  # the picture's top half above the body
    scene.draw(app.screen)
    assert all(y >= body_top - 1 for y in drawn), (drawn, body_top)


@pytest.mark.parametrize("size", [(1024, 600), (3840, 2160)])
def test_nothing_of_the_menu_shows_around_how_to_play(size: tuple[int, int]) -> None:
    """Opened over the menu, How to play looks the same as with nothing beneath it."""
    shots = []
    for over_menu in (True, False):
        app = App(Settings(animation_speed="instant", language="en"), size)
        if over_menu:
            app.push(MenuScene(app, Screens(app)))
            app.step(DT, [])
        app.push(HowToScene(app, "foster"))
        app.step(DT, [])
        app.draw()
        shots.append(pygame.image.tobytes(app.screen, "RGB"))
        pygame.event.clear()
    assert shots[0] == shots[1], "the menu shows around How to play"
