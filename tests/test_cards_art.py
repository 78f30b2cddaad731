"""The cards as drawn: court letters in each language, the 6 and 9 marked, pips clear of the
indices at every size, and fans of cards turned smoothly and kept."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pygame
import pytest
from helpers import DT

from game.rules.cards import DECK, SIX_OF_HEARTS, Card
from scenes.app.loop import App
from scenes.i18n import set_language
from scenes.navigator import Screens
from scenes.screens.menu import MenuScene
from scenes.store.settings import Settings
from scenes.ui import widgets
from scenes.ui.art import (
    CARD_BUDGET,
    FAN_BUDGET,
    FAN_DRAWN_HEIGHT,
    FAN_SUPERSAMPLE,
    Art,
    card_text,
    fan_supersample,
    rank_label,
)
from scenes.ui.cache import surface_bytes
from scenes.ui.text import Text

HEIGHTS = [42, 56, 70, 84, 90, 100, 120, 140, 180, 220, 300, 420]
"""Card heights from the smallest table (10 players at 1024 × 600) to 4K and the kiosk."""


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language("en")


@pytest.fixture(scope="module")
def art() -> Art:
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))
    return Art(Text())


@pytest.mark.parametrize(
    ("lang", "letters"), [("en", ("J", "Q", "K")), ("fr", ("V", "D", "R")), ("de", ("B", "D", "K"))]
)
def test_court_letters_follow_the_language(lang: str, letters: tuple[str, str, str]) -> None:
    set_language(lang)
    assert tuple(rank_label(r) for r in ("J", "Q", "K")) == letters
    assert rank_label("10") == "10" and rank_label("A") == "A" and rank_label("6") == "6"
    assert card_text(Card.parse("KS")) == letters[2] + "♠"
    assert card_text(Card.parse("6H")) == "6♥"


def test_a_face_never_shows_the_last_languages_letters(art: Art) -> None:
    size = (100, 140)
    english = art.card(Card.parse("QH"), size)
    index_en = art.face_layout(Card.parse("KS"), size).index_image
    set_language("fr")
    french = art.card(Card.parse("QH"), size)
    index_fr = art.face_layout(Card.parse("KS"), size).index_image
    assert french is not english
    # R in the French king's corner is not the K of the English one.
    assert pygame.image.tobytes(index_fr, "RGBA") != pygame.image.tobytes(index_en, "RGBA")
    # A number card looks the same in every language: one face serves both.
    assert art.card(Card.parse("7C"), size) is art.card(Card.parse("7C"), size)
    set_language("en")
    assert art.card(Card.parse("QH"), size) is english


def test_the_face_cache_keeps_its_budget_across_languages(art: Art) -> None:
    size = (300, 420)
    for lang in ("en", "fr", "de", "en", "fr"):
        set_language(lang)
        for card in DECK:
            art.card(card, size)
        assert art._cards.bytes <= CARD_BUDGET
    assert art._cards.bytes == sum(surface_bytes(s) for s in art._cards.values())


@pytest.mark.parametrize("h", HEIGHTS)
def test_six_and_nine_are_underlined_and_nothing_else(art: Art, h: int) -> None:
    size = (round(h / 1.4), h)
    for card in DECK:
        layout = art.face_layout(card, size)
        if card.rank in ("6", "9"):
            assert layout.underline is not None, card
            bar = layout.underline
            assert bar.w >= 3 and bar.h >= 1
            assert layout.index.contains(bar)
            # The bar is drawn, in the suit's ink, under the rank.
            face = art.card(card, size)
            assert face.get_at(bar.center)[:3] == art.suit_colour(card)
            # The turned index in the other corner carries it too, above its (upside-down) figure.
            turned = bar.move(
                layout.index_flipped.right - bar.right - (bar.x - layout.index.x),
                layout.index_flipped.bottom - bar.bottom - (bar.y - layout.index.y),
            )
            assert face.get_at(turned.center)[:3] == art.suit_colour(card)
        else:
            assert layout.underline is None, card


@pytest.mark.parametrize("h", HEIGHTS)
def test_pips_keep_clear_of_the_corner_indices(art: Art, h: int) -> None:
    size = (round(h / 1.4), h)
    card_rect = pygame.Rect((0, 0), size)
    for card in DECK:
        layout = art.face_layout(card, size)
        assert card_rect.contains(layout.index) and card_rect.contains(layout.index_flipped)
        assert not layout.index.colliderect(layout.index_flipped)
        if card.rank in ("J", "Q", "K"):
            assert layout.panel is not None and not layout.pips
            assert not layout.panel.colliderect(layout.index)
            assert not layout.panel.colliderect(layout.index_flipped)
            continue
        assert layout.pips, card
        expected = 1 if size[0] < 64 else card.points
        assert len(layout.pips) == expected
        for pip in layout.pips:
            assert card_rect.contains(pip)
            assert not pip.colliderect(layout.index), (card, h)
            assert not pip.colliderect(layout.index_flipped), (card, h)
            assert pip.w >= 3 and pip.h >= 3
        for a, b in itertools.combinations(layout.pips, 2):
            assert not a.colliderect(b), (card, h)
        for star in layout.stars:
            assert star.collidelist([layout.index, layout.index_flipped, *layout.pips]) < 0
        assert bool(layout.stars) == (card is SIX_OF_HEARTS)


def test_the_pips_ink_stays_off_the_index_boxes(art: Art) -> None:
    """Measured on the picture, not the plan: between an index and the pips lies clean card."""
    for h in (100, 220):
        size = (round(h / 1.4), h)
        for code in ("10S", "9H", "7D", "6H"):
            card = Card.parse(code)
            layout = art.face_layout(card, size)
            face = art.card(card, size)
            gap = pygame.Rect(layout.index.right + 1, layout.index.y, 1, layout.index.h)
            ground = face.get_at((gap.x, gap.bottom - 1))
            for y in range(gap.y, gap.bottom):
                assert face.get_at((gap.x, y)) == ground, (code, h, y)


def test_faces_do_not_grow_with_large_text(art: Art) -> None:
    text = Text()
    plain = Art(text)
    before = [plain.face_layout(c, (100, 140)).pips for c in DECK]
    text.set_scale(1.3)
    after = [plain.face_layout(c, (100, 140)).pips for c in DECK]
    assert before == after


def _partial_edge_share(image: pygame.Surface) -> float:
    """Of the pixels where a turned card's edge crosses a row, the share that is partly transparent."""
    w, h = image.get_size()
    partial = crossings = 0
    for y in range(h // 5, h - h // 5):
        row = [image.get_at((x, y))[3] for x in range(w)]
        first = next((x for x, a in enumerate(row) if a > 0), None)
        if first is None:
            continue
        crossings += 1
        partial += any(0 < a < 250 for a in row[first : first + 2])
    return partial / max(1, crossings)


def test_fanned_cards_have_smooth_edges(art: Art) -> None:
    codes = ("KS", "10D", "6H", "QC", "JH")
    fan = art.fan(codes, (80, 112), 8, 0.7, 4)
    assert len(fan) == len(codes)
    for item in (fan[0], fan[1], fan[3], fan[4]):  # the turned ones
        assert _partial_edge_share(item.image) > 0.8
    # What the menu used to draw: every edge pixel either there or not.
    jagged = pygame.transform.rotate(art.card(Card.parse("KS"), (80, 112)), 16)
    assert _partial_edge_share(jagged) < 0.2
    # The fan is symmetric and falls away from the middle card.
    assert fan[2].centre == (0.0, 0.0)
    assert fan[0].centre[0] < 0 < fan[4].centre[0] and fan[0].centre[1] > 0


def test_a_fan_is_turned_once_and_redrawn_for_new_letters(art: Art, monkeypatch: pytest.MonkeyPatch) -> None:
    turns: list[float] = []
    real = pygame.transform.rotate

    def counting(surface: pygame.Surface, angle: float) -> pygame.Surface:
        if angle % 180:
            turns.append(angle)  # a fanned card (the corner indices are turned by 180)
        return real(surface, angle)

    monkeypatch.setattr(pygame.transform, "rotate", counting)
    target = pygame.Surface((400, 300), pygame.SRCALPHA)
    codes = ("KS", "10D", "6H", "QC", "JH")
    for _frame in range(10):
        rects = art.draw_fan(target, codes, (60, 84), (200, 150), 7, 0.72, 3)
    assert len(turns) == len(codes) - 1  # the middle card stands straight
    assert all(target.get_rect().contains(r) for r in rects)
    set_language("de")
    art.draw_fan(target, codes, (60, 84), (200, 150), 7, 0.72, 3)
    assert len(turns) == 2 * (len(codes) - 1)


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080), (3840, 2160)])
def test_the_menu_fan_is_not_turned_every_frame(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = App(Settings(animation_speed="instant"), size)
    app.stack.push(MenuScene(app, Screens(app)))
    app.step(DT, [])
    app.draw()
    calls: list[object] = []
    real_rotate = pygame.transform.rotate
    real_face = app.art.faces.draw_face

    def rotate(surface: pygame.Surface, angle: float) -> pygame.Surface:
        calls.append(angle)
        return real_rotate(surface, angle)

    def face(card: Card, size: tuple[int, int]) -> pygame.Surface:
        calls.append(card)
        return real_face(card, size)

    monkeypatch.setattr(pygame.transform, "rotate", rotate)
    monkeypatch.setattr(app.art.faces, "draw_face", face)
    for _frame in range(5):
        app.draw()
    assert calls == []
    pygame.event.clear()


def _whole_panel(size: tuple[int, int], radius: int, alpha: int) -> pygame.Surface:
    """A panel drawn whole, as one rounded rectangle: what the banded panel must equal."""
    panel = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (*widgets.PANEL[:3], alpha), panel.get_rect(), border_radius=radius)
    pygame.draw.rect(panel, widgets.PANEL_EDGE, panel.get_rect(), width=2, border_radius=radius)
    return panel


def test_a_tall_panel_laid_in_bands_is_the_whole_panel_pixel_for_pixel(art: Art) -> None:
    rng = random.Random(5)
    sizes = [(3240, 1416, 54), (40, 300, 30), (7, 500, 14), (600, 69, 1), (600, 70, 0), (90, 91, 200)]
    radii = [0, 1, 2, 14, 30, 54]
    sizes += [(rng.randint(1, 900), rng.randint(1, 900), rng.choice(radii)) for _ in range(60)]
    for w, h, radius in sizes:
        beneath = pygame.Surface((w + 8, h + 8))
        beneath.fill((rng.randrange(256), 120, 40))
        expected = beneath.copy()
        expected.blit(_whole_panel((w, h), radius, 235), (4, 4))
        drawn = beneath.copy()
        widgets.draw_panel(drawn, pygame.Rect(4, 4, w, h), radius)
        assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(expected, "RGB"), (w, h, radius)


def test_panels_kept_stay_within_their_budget_even_as_wide_as_a_4k_window(art: Art) -> None:
    widgets._PANELS.clear()
    target = pygame.Surface((3840, 2160))
    for h in range(400, 2100, 97):
        widgets.draw_panel(target, pygame.Rect(300, 30, 3240, h), 54)
        kept = sum(p.get_pitch() * p.get_height() for p in widgets._PANELS.values())
        assert kept <= widgets.PANEL_BUDGET
    # Every tall panel of one width shares one picture.
    assert len(widgets._PANELS) == 1


def test_text_keeps_only_its_most_recent_fonts_and_fits_words_as_a_fresh_search_would() -> None:
    text = Text(max_fonts=4)
    words = "Élise buys the farm for 10 chips"
    for size in range(10, 60):
        text.size(words, size)
    assert len(text._fonts) == 4
    assert {size for _style, size in text._fonts} == {56, 57, 58, 59}
    fresh = Text(max_fonts=200)
    for width in range(40, 900, 37):
        expected = 40
        while expected > 8 and fresh.font(expected).size(words)[0] > width:
            expected -= 1
        assert text.fit(words, 40, width) == expected
        assert text.fit(words, 40, width) == expected  # the second time from what was remembered


def test_fans_kept_stay_within_their_budget_and_the_newest_is_always_kept(art: Art) -> None:
    art.let_go()
    hands = [("KS", "10D", "6H", "QC", "JH"), ("7S", "3C", "6H"), ("AS", "2C"), ("9D", "QS", "KH", "4C")]
    for height in (170, 340, 510, 90):
        for codes in hands:
            fan = art.fan(codes, (round(height / 1.4), height), 7, 0.72, 4)
            assert art._fans.values()[-1] is fan
            kept = sum(c.image.get_pitch() * c.image.get_height() * 2 for f in art._fans.values() for c in f)
            assert len(art._fans) == 1 or kept <= FAN_BUDGET
    art.let_go()
    assert not art._fans and not art._cards and art._cards.bytes == 0


def test_a_tall_fanned_card_is_drawn_fewer_times_larger() -> None:
    assert fan_supersample(100) == FAN_SUPERSAMPLE
    assert fan_supersample(255) == FAN_SUPERSAMPLE  # the kiosk's title card at 1920 × 1080
    assert all(h * fan_supersample(h) <= FAN_DRAWN_HEIGHT for h in range(270, FAN_DRAWN_HEIGHT + 1, 7))
    assert all(fan_supersample(h) == 1 for h in range(FAN_DRAWN_HEIGHT // 2 + 1, 3000, 11))
