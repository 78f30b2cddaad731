"""The History (H) gives every amount and every card this screen saw, with the cards' values, in
English, French and German, and its lines stay inside the page at the smallest window."""

from __future__ import annotations

import re

import pytest
from helpers import DT, play, recording, start, table

from game.rules.events import CardDealt, ChipsMoved, Event, GameEnded, HandShown, Reason
from game.rules.observe import observe
from scenes.app.loop import App
from scenes.i18n import set_language
from scenes.store.settings import Settings
from scenes.table.history import HistoryScene, Journal, lines_of
from scenes.table.narrator import Eyes
from scenes.ui.art import card_text

LANGUAGES = ("en", "fr", "de")
YOU = {"en": "You", "fr": "Vous", "de": "Du"}


def who_in_history(eyes: Eyes, seat: int, language: str) -> str:
    """How the history names ``seat``: the viewer is "You" (as the headlines speak to them)."""
    return YOU[language] if seat == eyes.seat else eyes.names[seat]


def one_deal_game() -> tuple[list[Event], int, int]:
    """Foster, one deal: Ben buys the farm for 3, nobody makes 16, so the farm stays with Ben at the
    end of the game. The events as Anna (seat 0) saw them, the farm left and its farmer."""
    game = table("foster", max_deals=1)
    events = start(game, top="7S KD 5S 3C 5H 9C 4H 2D", auction="p 3 p p")
    events += play(game, "d d s d d d s")
    assert game.is_over and game.farm > 0 and game.farmer == 1
    return observe(events, 0), game.farm, game.farmer


@pytest.mark.parametrize("language", LANGUAGES)
def test_history_gives_every_amount_and_every_card_seen_with_its_value(language: str) -> None:
    seen, farm, farmer = one_deal_game()
    game = table("foster")
    eyes = Eyes(game.names, game.rules, 0)
    lines = lines_of(seen, eyes, language, farm, farmer)
    told = "\n".join(lines)
    for event in seen:
        if isinstance(event, ChipsMoved) and event.reason in (Reason.BID, Reason.OVER, Reason.FARM):
            giver = who_in_history(eyes, event.source, language) if isinstance(event.source, int) else ""
            assert any(giver in line and re.search(rf"\b{event.amount}\b", line) for line in lines), event
        if isinstance(event, CardDealt) and event.card is not None:
            assert f"{card_text(event.card)} ({event.card.points})" in told, event
        if isinstance(event, HandShown):
            values = " + ".join(str(card.points) for card in event.cards)
            faces = " ".join(card_text(card) for card in event.cards)
            assert f"{faces} = {values} = {event.total}" in told, event
    ended = [line for line, event in zip(lines[-1:], seen[-1:], strict=True) if isinstance(event, GameEnded)]
    assert ended and str(farm) in ended[0] and eyes.names[farmer] in ended[0]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_history_names_the_viewer_one_way_throughout_and_says_who_pays_the_nearest(language: str) -> None:
    """"You buy the farm for 3 chips." beside "Anna: Bid 3" named the person two ways: every line
    says "you" of the viewer (never their name), and the nearest's line says who paid it."""
    game = table("foster", max_deals=1)
    events = start(game, top="7S KD 5S 3C 5H 9C 4H 2D", auction="p 3 p p")
    events += play(game, "d d s d d d s")
    buyer = game.farmer
    assert buyer is not None
    seen = observe(events, buyer)
    eyes = Eyes(game.names, game.rules, buyer)
    lines = lines_of(seen, eyes, language, game.farm, game.farmer)
    told = "\n".join(lines)
    assert game.names[buyer] not in told, told
    you = YOU[language]
    assert any(re.match(rf"{you}\s?:", line.replace("\xa0", " ")) for line in lines), told
    every_other = {
        "en": "every other player",
        "fr": "chacun des autres joueurs",
        "de": "jedem anderen Spieler",
    }
    assert any(every_other[language] in line for line in lines), told


def test_the_price_of_the_farm_says_its_figure() -> None:
    seen, farm, farmer = one_deal_game()
    game = table("foster")
    lines = lines_of(seen, Eyes(game.names, game.rules, 0), "en", farm, farmer)
    assert "Ben: 3 chips paid for the farm" in lines


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_every_history_line_stays_inside_the_page(language: str, size: tuple[int, int]) -> None:
    seen, farm, farmer = one_deal_game()
    game = table("foster")
    journal = Journal()
    for event in seen:
        journal.record(event)
    app = App(Settings(language=language), size)
    set_language(language)
    try:
        scene = HistoryScene(app, journal, Eyes(game.names, game.rules, 0), farm, farmer)
        app.stack.push(scene)
        app.step(DT, [])
        told = "\n".join(lines_of(seen, scene.eyes, language, farm, farmer))
        with recording(app.text) as blitted:
            scene.draw(app.screen)
        drawn = [b.rect for b in blitted if b.target is app.screen and b.words in told]
        body = scene.frame(app.screen, "", 30, 14, 64)
        assert drawn
        for rect in drawn:
            assert body.left <= rect.left and rect.right <= body.right, (rect, body)
    finally:
        set_language("en")
